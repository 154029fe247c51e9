/* The last betting round as the solver's C reads it: the classes of hands, the two ranges with
 * their subsets' tally indices, the public tree and CFR's tables (bf_lr_game; solve/last_round.h
 * says what each means). A leaf of solve/, so that the showdown sweep (solve/sweep.h) and the
 * tree pass (solve/tree_pass.h) read the round without including the entry points that call
 * them. solve/last_round.cdef declares these for Python.
 */
#ifndef BADUGI_SOLVE_ROUND_H
#define BADUGI_SOLVE_ROUND_H

#include <stddef.h>
#include <stdint.h>

#define BF_LR_BAD_ARGS (-1)
#define BF_LR_NO_MEMORY (-2)
#define BF_LR_SUBSETS 14   /* proper non-empty subsets of a four-card hand */
#define BF_LR_MAX_LANES 64 /* terminal nodes evaluated in one sweep */
#define BF_LR_DECISION 0
#define BF_LR_FOLD 1
#define BF_LR_SHOWDOWN 2

typedef struct {
    /* hand classes, sorted by rank (1 = best) */
    int32_t n_classes;
    int32_t n_tallies;          /* entries of the tally space, the empty set at 0 */
    const uint16_t *rank;       /* [n_classes] */
    const double *members;      /* [n_classes] hands per class */
    const double *inv_members;  /* [n_tallies] 1 / hands per subset class */
    /* each player's range: class ids ascending, weight per member, and where the same class
     * sits in the other player's list (-1: not there) */
    int32_t n_hands[2];
    const int32_t *hands[2];
    const double *weights[2];
    const int32_t *other[2];
    const uint16_t *subsets[2]; /* [n_hands * 14] the tally index of each subset of each row's
                                 * class, 1 .. n_tallies-1, rows in the range's order (the
                                 * sweeps read them in that order) */
    /* the public tree, parents before children, children of a node consecutive */
    int32_t n_nodes;
    const int8_t *kind;         /* BF_LR_DECISION, BF_LR_FOLD or BF_LR_SHOWDOWN */
    const int8_t *actor;        /* decision nodes: 0 or 1 */
    const int32_t *first_child;
    const int32_t *n_children;
    const int64_t *offset;      /* decision nodes: start of the node's block in its actor's
                                 * tables, n_hands[actor] * n_children entries, hand-major */
    const double *payoff;       /* [n_nodes * 6]: player 0's win, tie, lose, then player 1's;
                                 * a fold pays the same whatever the cards */
    int64_t table_len[2];
    /* discounted CFR's tables, per player */
    double *regret[2];
    double *strategy_sum[2];
} bf_lr_game;

#endif
