/* The blueprint's player: a seat that plays every decision of the hand by a trained strategy,
 * as badugi_fast/blueprint/bot.py's BlueprintBot plays it in Game: the same reading of the
 * decision in the abstraction (blueprint/abstraction.h: the bucket of the seat's hand, the
 * public index from the hand's public history, the legal slots), the same checks that the game
 * is the one the strategy was trained for, the same probabilities (Blueprint.row) and the same
 * slot for the decision's random bits (play/scratch.h, Game's View.stream), so that Game, the C
 * hand loop and the batched engine play it alike.
 *
 * It sits through play/'s seat interface (play/seat.h): bf_blueprint_seat fills a bf_bp_seat
 * and spec.players[seat] points at it (badugi_fast/blueprint/bot.py's BlueprintForm.place).
 * bf_blueprint_audit plays hands with every blueprint seat checked. */
#ifndef BADUGI_BLUEPRINT_PLAYER_H
#define BADUGI_BLUEPRINT_PLAYER_H

#include "blueprint/abstraction.h"
#include "play/scratch.h"
#include "play/seat.h"

/* One blueprint decision as the audit keeps it: the hand and seat, the information set, the
 * legal slots (bit per slot), the probability of each slot and the slot played. */
typedef struct {
    uint64_t hand;
    int seat;
    int32_t infoset;
    int legal;
    int slot;
    double probs[BF_BP_SLOTS];
} bf_bp_decision;

/* What bf_blueprint_audit counts: every blueprint decision, those whose probabilities are not
 * a distribution over the legal slots (bad), and the first `capacity` decisions kept. */
typedef struct bf_bp_audit {
    bf_bp_decision *kept;
    int64_t capacity;
    int64_t decisions, bad;
} bf_bp_audit;

/* A blueprint seat: the seat interface (what spec.players[seat] points at), the strategy it
 * plays and, while audited, where its decisions are checked and kept. It and the strategy must
 * outlive every call with a spec pointing here. */
typedef struct {
    bf_seat_player player;
    const bf_bp_strategy *strategy;
    bf_bp_audit *audit;
} bf_bp_seat;

/* Fills `seat` to play `strategy`: its player for spec.players, or NULL for a strategy out of
 * range (bf_bp_strategy_valid). */
const bf_seat_player *bf_blueprint_seat(bf_bp_seat *seat, const bf_bp_strategy *strategy);

/* Plays hands first_hand .. first_hand + hands - 1 as bf_game_play does, checking each decision
 * of a blueprint seat (spec.players filled by bf_blueprint_seat) in *audit: every one counted,
 * those whose probabilities are not a distribution over the legal slots counted as bad, and the
 * first audit->capacity of the call's kept in audit->kept; decisions and bad are added to.
 * Returns 0, BF_GAME_BAD_SPEC (also for a NULL audit, or kept NULL with a capacity),
 * BF_GAME_NO_MEMORY or BF_GAME_REFUSED as bf_game_play. */
int bf_blueprint_audit(const bf_game_spec *spec, uint64_t seed, uint64_t first_hand,
                       uint64_t hands, bf_bp_audit *audit, bf_game_refusal *refusal);

#endif
