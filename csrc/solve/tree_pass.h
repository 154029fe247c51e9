/* One pass over the last round's public tree for one player p (solve/tree_pass.c): the reach of
 * every node (forward), the terminal values by showdown sweeps (solve/sweep.h), then the values
 * back up the tree, either playing a strategy (and, for CFR, updating the regrets and strategy
 * sums) or as a best response. The passes of discounted CFR and of the best responses behind
 * the exploitability are all this one pass. Internal to solve/.
 */
#ifndef BADUGI_SOLVE_TREE_PASS_H
#define BADUGI_SOLVE_TREE_PASS_H

#include "common/pool.h"
#include "solve/round.h"

/* What a pass shares between its phases; the caller sets every field but the last group. */
typedef struct {
    const bf_lr_game *g;
    int p, q;           /* the player whose values are computed, and the other */
    int threads;
    bf_pool *pool;      /* the call's threads */
    const double *strat[2]; /* strategy tables played (NULL for p: a best response) */
    double *reach_q;    /* [n_nodes * n_q]: the other player's weight times its reach */
    double *reach_p;    /* [n_nodes * n_p]: p's own reach probability (CFR's averaging) */
    double *values;     /* [n_nodes * n_p] */
    double *best;       /* best response table, or NULL */
    int ones;           /* 1: every terminal pays 1 (the opponent's mass at every node) */
    /* CFR's update: update the regrets and sums; match: first turn each block's regrets
     * into the current strategy, the tables strat[] points to */
    int update, match;
    double *current[2];
    double positive, negative, average;
    /* the scratch of the terminal batches (one after another, each sweep across all the
     * threads): the opponent reach and the values interleaved by lane, and the chunks'
     * tallies; allocated once a call */
    double *scratch;
    size_t scratch_lanes;
    /* the pass's own, set by bf_tree_pass_run: the terminal batches */
    int32_t n_batches;
    int32_t *batch_first, *batch_count, *batch_kind; /* [n_batches] each */
    const int32_t *terminals[2]; /* showdown nodes, fold nodes */
    int failed;
} bf_tree_pass;

/* Rows lo .. hi - 1 of n, block `task` of `threads` equal blocks: how every per-hand phase
 * splits its rows (inline: called once a task, from tree_pass.c and last_round.c alike). */
static inline void bf_hand_block(int32_t n, int threads, int task, int32_t *lo, int32_t *hi)
{
    *lo = (int32_t)((int64_t)n * task / threads);
    *hi = (int32_t)((int64_t)n * (task + 1) / threads);
}

/* Regret matching of rows lo .. hi - 1 of a node's block (`actions` a row): the current
 * strategy, each row's positive regrets normalised, uniform where none is positive. */
void bf_tree_match(const double *regret, int32_t lo, int32_t hi, int actions, double *out);

/* One pass over the tree on the pass's threads: forward (with p's own reach too when
 * own_reach, as CFR's averaging needs), the terminal values, then backward; all_nodes: every
 * node counted as a fold paying `ones`, and no backward pass (the opponent mass). 0 or
 * BF_LR_NO_MEMORY. */
int bf_tree_pass_run(bf_tree_pass *ps, int own_reach, int all_nodes);

/* The scratch of the largest batch of terminals a pass of ps->g makes, into ps->scratch and
 * ps->scratch_lanes; 0 or BF_LR_NO_MEMORY. */
int bf_tree_pass_scratch_new(bf_tree_pass *ps);
void bf_tree_pass_scratch_free(bf_tree_pass *ps);

#endif
