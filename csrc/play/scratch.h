/* What the seats of a hand keep while it is played, when some seat plays by a table (play/
 * tables.h) or by a player of a layer above (play/seat.h): the hand's decision bits (game/
 * decision.h, the bits Game gives a bot as View.stream), the round seats' nodes, each player
 * seat's state, and the hand's first refusal; then the hand's trace when it is traced. The hand
 * state's trace points at `actions`, so a seat finds the scratch from the hand state alone.
 * play/loop.c and play/vector.c give every hand state of such a spec one. */
#ifndef BADUGI_PLAY_SCRATCH_H
#define BADUGI_PLAY_SCRATCH_H

#include "game/decision.h"
#include "game/hand_state.h"
#include "play/seat.h"

#include <stddef.h>

/* Why a seat's decision is not covered (bf_game_refusal.reason) */
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

typedef struct {
    uint64_t seed; /* the run's seed: the decision bits' stream is seed * 2**64 + hand */
    bf_decision_stream key; /* the hand's key text, once a decision has needed it */
    int has_key;
    int burns;                  /* Game's events the hand state does not count */
    int first;                  /* the last round's first betting seat; -1 before it */
    int32_t node[BF_MAX_SEATS]; /* each round seat's node after the round's actions; -1: off */
    int refused_seat, reason;   /* reason 0: nothing refused */
    void *state[BF_MAX_SEATS];  /* each player seat's state (play/seat.h); NULL elsewhere */
    bf_game_action actions[];
} bf_seat_scratch;

/* 1 when some seat of the spec plays by a table or a player (the seats that need a scratch). */
static inline int bf_needs_scratch(const bf_game_spec *spec)
{
    for (int p = 0; p < spec->seats; p++)
        if (spec->round_seats[p] || spec->players[p])
            return 1;
    return 0;
}

/* The bytes of a scratch for the spec's seats with room for `actions` traced actions (a
 * multiple of 8), and the scratch laid out in such memory (malloc'ed, or at a multiple of 8
 * bytes into it): the player seats' states after the actions. */
size_t bf_scratch_bytes(const bf_game_spec *spec, int actions);
bf_seat_scratch *bf_scratch_lay(void *memory, const bf_game_spec *spec, int actions);

/* Ready for a new hand of the seed's stream: every player seat's state started. */
void bf_scratch_start(bf_seat_scratch *scratch, const bf_game_spec *spec, uint64_t seed);

/* The scratch of a hand state whose spec needs one. */
static inline bf_seat_scratch *bf_scratch_of(const bf_hand_state *hs)
{
    return (bf_seat_scratch *)(void *)((char *)hs->trace - offsetof(bf_seat_scratch, actions));
}

/* Game.history's length now: the actions recorded (forced bets, bets, draws), one deal per
 * seat, the reshuffles and the burns. */
int64_t bf_decision_step(const bf_hand_state *hs);

/* The bits Game gives `seat` deciding now (View.stream): any seat drawing its mixed actions
 * from them plays alike in Game, the hand loop and the batched engine. */
uint64_t bf_hand_decision_bits(const bf_hand_state *hs, int seat);

#endif
