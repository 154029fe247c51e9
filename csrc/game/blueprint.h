/* Seats that play every decision of the hand by the blueprint (spec.blueprints, game/spec.h),
 * as badugi_fast/game/blueprint/bot.py's BlueprintBot plays it in Game: the same reading of the
 * decision in the abstraction (game/abstraction.h: the bucket of the seat's hand, the public index from the hand's public history, the legal slots), the same
 * checks that the game is the one the strategy was trained for, the same probabilities
 * (Blueprint.row) and the same slot for the decision's random bits (game/decision.h, Game's
 * View.stream), so that Game, the C hand loop and the batched engine play it alike.
 *
 * Used from game/bots.h (the engine's seats) and game/loop.c (bf_blueprint_audit). */
#ifndef BADUGI_GAME_BLUEPRINT_H
#define BADUGI_GAME_BLUEPRINT_H

#include "game/abstraction.h"
#include "game/strategy.h"

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

/* The blueprint's betting choice for `seat` to act now: 0 and *out, or the BF_REFUSE_ reason
 * (then *out is untouched). */
int bf_blueprint_bet(const bf_hand_state *hs, int seat, const bf_bp_strategy *strategy,
                     bf_choice *out);

/* The blueprint's draw for `seat` to draw now: 0 and *thrown_at (bit i: hs->hand[seat][i]
 * thrown), or the BF_REFUSE_ reason. */
int bf_blueprint_draw(const bf_hand_state *hs, int seat, const bf_bp_strategy *strategy,
                      int *thrown_at);

#endif
