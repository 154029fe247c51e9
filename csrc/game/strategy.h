/* Seats that play a betting round by a strategy table (bf_table_bot, game/spec.h): the table's
 * checks, the per-hand scratch its bots keep, and its decisions: the node of the table's tree
 * the round's actions lead to, the row of the seat's hand, and a branch drawn from that row by
 * the decision's random bits (game/decision.h), the bits Game gives a bot as View.stream, so
 * that Game, the C hand loop and the batched engine play such a seat alike. These are the
 * pieces any table-driven bot needs (the decision bits and the history's length, a row
 * sampled by them, the choice checked against the rules' options, a refusal reported with the
 * hand and seat); only the lookup of the row is particular to a one-round table.
 *
 * Used from game/bots.h (the built-in bots' choices), game/loop.c and game/vector.c, which give
 * every hand state of a spec with table bots a scratch (hs->trace points into it). */
#ifndef BADUGI_GAME_STRATEGY_H
#define BADUGI_GAME_STRATEGY_H

#include "game/decision.h"
#include "game/hand_state.h"
#include "game/spec.h"

#include <stddef.h>

/* Why a table bot's decision is not covered (bf_game_refusal.reason) */
#define BF_REFUSE_NOT_HEADS_UP 1  /* more or fewer than two players in the hand */
#define BF_REFUSE_OTHER_SPOT 2    /* the round started from another pot or other stacks */
#define BF_REFUSE_OFF_TREE 3      /* the round's actions leave the table's tree */
#define BF_REFUSE_NOT_ITS_TURN 4  /* the tree has the other player to act, or the round over */
#define BF_REFUSE_OUTSIDE_RANGE 5 /* the hand has no row in the table */
#define BF_REFUSE_BAD_TABLE 6     /* a row or block outside the table, or an illegal branch */
#define BF_REFUSE_OTHER_RULES 7   /* the rules or stacks are not those the strategy was trained for */

/* The first refused decision of a run: the hand's number, the seat and the reason. */
typedef struct {
    uint64_t hand;
    int seat;
    int reason;
} bf_game_refusal;

/* What the table bots of a hand keep while it is played: Game's events that the hand state
 * does not count (burns), the last round's first betting seat, each table seat's node, the
 * first refusal; then the hand's trace when it is traced (hs->trace points at actions). */
typedef struct {
    uint64_t seed; /* the run's seed: the decision bits' stream is seed * 2**64 + hand */
    bf_decision_stream key; /* the hand's key text, once a decision has needed it */
    int has_key;
    int burns;
    int first;                   /* the last round's first betting seat; -1 before it */
    int32_t node[BF_MAX_SEATS];  /* each table seat's node after the round's actions; -1: off */
    int refused_seat, reason;    /* reason 0: nothing refused */
    int has_history;             /* the blueprint seats' public history, from the hand's start */
    bf_bp_history history;
    int8_t read[BF_MAX_SEATS];   /* 1: the seat's hand is read into bucket and thrown below */
    int16_t bucket[BF_MAX_SEATS];             /* its blueprint bucket (bf_bp_hand) */
    int8_t thrown[BF_MAX_SEATS][BF_BP_SLOTS]; /* and what each draw slot throws */
    struct bf_bp_audit *audit;   /* NULL, or where blueprint decisions are checked and kept */
    bf_game_action actions[];
} bf_bot_scratch;

/* 1 when the table's tree and sizes are consistent (every child after its parent and inside
 * the tree, kinds betting kinds, blocks inside probs); rows and probabilities are checked as
 * they are read. */
int bf_round_table_valid(const bf_round_table *table);

/* 1 when some seat of the spec plays by a table or by the blueprint (the seats that need the
 * hand's scratch). */
static inline int bf_game_has_table_bots(const bf_game_spec *spec)
{
    for (int p = 0; p < spec->seats; p++)
        if (spec->table_bots[p] || spec->blueprints[p])
            return 1;
    return 0;
}

/* Ready for a new hand of the seed's stream. */
void bf_scratch_start(bf_bot_scratch *scratch, uint64_t seed);

/* The scratch of a hand state whose spec has table bots. */
static inline bf_bot_scratch *bf_scratch_of(const bf_hand_state *hs)
{
    return (bf_bot_scratch *)(void *)((char *)hs->trace - offsetof(bf_bot_scratch, actions));
}

/* Game.history's length now: the actions recorded (forced bets, bets, draws), one deal per
 * seat, the reshuffles and the burns. */
int64_t bf_decision_step(const bf_hand_state *hs);

/* The pieces any table-driven bot shares (a whole-hand strategy keyed by an abstraction as
 * much as this one-round table): */
/* The bits Game gives `seat` deciding now (View.stream). */
uint64_t bf_hand_decision_bits(const bf_hand_state *hs, int seat);
/* The branch a row of probabilities gives for the bits: the first whose running sum exceeds
 * bf_decision_uniform(bits) (numpy's searchsorted(cumsum(row), u, "right")), the last when
 * none does; -1 for a negative, infinite or NaN entry. */
int32_t bf_sample_row(const double *row, int32_t count, uint64_t bits);
/* 1 when the rules allow the seat to act the choice now (the batched engine's legal set). */
int bf_choice_allowed(const bf_hand_state *hs, int seat, bf_choice choice);

/* The table's choice for `seat` to act in the last round: 0 and *out, or the BF_REFUSE_ reason
 * (then *out is untouched). */
int bf_table_decide(const bf_hand_state *hs, int seat, const bf_round_table *table,
                    bf_choice *out);

/* A betting action by any seat, before it is played: the blueprint seats' public history and,
 * in the last round, each table seat's node follow it. */
void bf_scratch_bet(const bf_hand_state *hs, int seat, bf_choice choice);
/* A draw of `count` cards by any seat, before it is played: Game's burn card, if this is the
 * draw's first replacement, and the blueprint seats' history. */
void bf_scratch_draw(const bf_hand_state *hs, int seat, int count);
/* The blueprint seats' public history of the hand so far (started from the blinds). */
bf_bp_history *bf_scratch_history(const bf_hand_state *hs);

#endif
