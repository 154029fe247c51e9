/* Seats that play the last betting round by a round strategy (spec.round_seats): the table's
 * type and checks, and its decisions: the node of the table's tree the round's actions lead
 * to, the row of the seat's hand, and a branch drawn from that row by the decision's random
 * bits (play/scratch.h), so that Game, the C hand loop and the batched engine play such a seat
 * alike (badugi_fast/solve/bots.py's solution bot, filled through badugi_fast/game/vector/
 * tables.py). The pieces any table-driven bot needs (a row sampled by the decision bits, the
 * choice checked against the rules' options) are here too; only the lookup of the row is
 * particular to a one-round table. play/seats.c plays these seats. */
#ifndef BADUGI_PLAY_TABLES_H
#define BADUGI_PLAY_TABLES_H

#include "game/hand_state.h"
#include "play/scratch.h"

#define BF_TABLE_MAX_NODES (1 << 20)

/* A betting round's strategy, as a table: the round's public tree (children consecutive,
 * parents before them), from the pot and stacks it was worked out for, and per decision node a
 * block of rows of probabilities, one row per class of hands of the player to act, a column per
 * child. Player 0 is the round's first to act. The arrays must outlive every call with a spec
 * pointing here. */
typedef struct {
    int64_t pot;              /* chips in the middle as the round starts (belonging to nobody) */
    int64_t stacks[2];        /* chips behind then, player 0 first */
    int32_t n_nodes;          /* 1 .. BF_TABLE_MAX_NODES */
    const int8_t *actor;      /* per node: the player to act, 0 or 1; -1 where the round ends */
    const int32_t *first_child; /* per decision node: its children first_child .. + n_children */
    const int32_t *n_children;
    const int8_t *kind;       /* per node but the root: the BF_ACT_ kind of the action to it */
    const int64_t *amount;    /* and the chips that action puts in */
    const int64_t *offset;    /* per decision node: its block of n_rows x n_children in probs */
    const double *probs[2];   /* per player: the blocks of its decision nodes */
    int64_t probs_len[2];     /* doubles in each */
    const int32_t *row_of_hand[2]; /* per player, by a hand's colex index: its row, -1 outside */
    int32_t n_rows[2];        /* rows of each player's blocks, 1 .. BF_NUM_HANDS */
} bf_round_strategy;

/* A seat that plays the last betting round by a table (bf_game_spec.round_seats): the seat's
 * threshold bot (bots[seat]) plays the draws and the earlier rounds, `otherwise` the last-round
 * decisions the table does not cover (has_otherwise 1), or the hand is refused (bf_game_play:
 * BF_GAME_REFUSED). */
struct bf_round_seat {
    const bf_round_strategy *table;
    int has_otherwise;
    bf_threshold_bot otherwise;
};

/* 1 when the table's tree and sizes are consistent (every child after its parent and inside
 * the tree, kinds betting kinds, blocks inside probs); rows and probabilities are checked as
 * they are read. */
int bf_round_strategy_valid(const bf_round_strategy *table);
/* 1 when the table is valid and the `otherwise` bot, if any, too. */
int bf_round_seat_valid(const bf_round_seat *bot);

/* The branch a row of probabilities gives for the bits: the first whose running sum exceeds
 * bf_decision_uniform(bits) (numpy's searchsorted(cumsum(row), u, "right")), the last when
 * none does; -1 for a negative, infinite or NaN entry. */
int32_t bf_sample_row(const double *row, int32_t count, uint64_t bits);
/* 1 when the rules allow the seat to act the choice now (the batched engine's legal set). */
int bf_choice_allowed(const bf_hand_state *hs, int seat, bf_choice choice);

/* The table's choice for `seat` to act in the last round: 0 and *out, or the BF_REFUSE_ reason
 * (then *out is untouched). */
int bf_round_decide(const bf_hand_state *hs, int seat, const bf_round_strategy *table,
                    bf_choice *out);

/* A betting action of the last round by any seat, before it is played: each round seat's node
 * follows it. */
void bf_round_seats_follow(const bf_hand_state *hs, int seat, bf_choice choice);

#endif
