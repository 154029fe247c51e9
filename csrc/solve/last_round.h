/* The last betting round between two ranges: showdown values with card removal, and discounted
 * CFR over the round's public betting tree with a vector of hands per player.
 *
 * Hands come in classes: every hand its own class, or (when both ranges give every hand of a
 * suit orbit the same weight) the orbits of the 24 relabellings of the suits, whose members all
 * play alike. Each row of a range lists, for the 14 proper non-empty subsets of its class's
 * representative (4 cards, 6 pairs, 4 triples in that order), the index of the subset's class
 * in a tally space whose entry 0 is the empty set (rows in the range's order, so a sweep reads
 * them straight through). Weights are per member of a class.
 *
 * Showdown by a sweep over ranks: with N(X) the weight of the opponent's hands inserted so far
 * that contain the card set X (summed over X's class), the opponent weight disjoint from hand h
 * is sum over S within h of (-1)^|S| N(S) / |S's class| (inclusion-exclusion; S = h itself is
 * the opponent holding h). Inserting a class costs 15 tally updates, a query 15 reads.
 *
 * Values are chips won from the start of the round (the pot already in belongs to nobody), as
 * counterfactual values: a hand's value is summed over the opponent's reach, not divided by it.
 */
#ifndef BADUGI_LAST_ROUND_H
#define BADUGI_LAST_ROUND_H

#include "solve/round.h"

/* Checks every index of g (classes, ranges, tree, tables); 0 or BF_LR_BAD_ARGS. */
int bf_lr_check(const bf_lr_game *g);

/* Terminal values for `player`'s hands against `lanes` opponent reach vectors (opp_reach,
 * [n_hands[other] * lanes], lane fastest): out[i * lanes + k] = win_k W + tie_k T + lose_k L
 * with W, T, L the opponent weight disjoint from hand i that it beats, ties and loses to;
 * pay holds win, tie, lose for each lane. Returns 0, BF_LR_BAD_ARGS or BF_LR_NO_MEMORY. */
int bf_lr_showdown(const bf_lr_game *g, int player, int lanes, const double *opp_reach,
                   const double *pay, double *out);

/* Runs discounted CFR iterations first .. first + iterations - 1 (first >= 1) on g's tables,
 * across `threads` threads (1 .. 64), with the same result for any thread count. */
int bf_lr_iterate(bf_lr_game *g, int64_t first, int64_t iterations, int threads);

/* The memory bf_lr_run works in, kept across calls (a solve makes many short ones, and memory
 * fresh from the system costs a page fault per 4 KiB on first use). Made for the sizes of g
 * (hands, nodes, tallies, tables); NULL when g is bad (bf_lr_check) or out of memory. */
typedef struct bf_lr_work bf_lr_work;
bf_lr_work *bf_lr_work_new(const bf_lr_game *g);
void bf_lr_work_free(bf_lr_work *w); /* NULL is ignored */

/* What bf_lr_run measures after its iterations: each player's average strategy (as
 * bf_lr_average) into average[p] ([table_len[p]]), and its counterfactual values at the root
 * ([n_hands[p]], as bf_lr_values) against the other's average when it plays a best response,
 * into best[p], and when it plays its own average, into own[p] (each of these may be NULL:
 * not measured). */
typedef struct {
    double *average[2];
    double *best[2];
    double *own[2];
} bf_lr_measure;

/* bf_lr_iterate in w (made for g's sizes, else BF_LR_BAD_ARGS), then, when measure is not
 * NULL, the measurement, all on one set of threads; the same bits for any thread count. */
int bf_lr_run(bf_lr_game *g, bf_lr_work *w, int64_t first, int64_t iterations, int threads,
              const bf_lr_measure *measure);

/* The average strategy of `player` (regret tables' strategy sums normalised; uniform where
 * the sum is 0) into out, laid out as the tables. */
int bf_lr_average(const bf_lr_game *g, int player, double *out);

/* The current strategy of `player` that CFR plays from the regret table `regret` (laid out as
 * the tables): regret matching at each of its nodes (uniform where no regret is positive). */
int bf_lr_current(const bf_lr_game *g, int player, const double *regret, double *out);

/* Counterfactual values of `player`'s hands at every node (node_values [n_nodes * n_hands], may
 * be NULL) and at the root (root [n_hands]) when the other player plays `opponent` (a strategy
 * table) and `player` plays `own`, or a best response when own is NULL; then best, when not
 * NULL, receives the best response as a table (1 on the best action, ties to the first).
 * mass, when not NULL, receives [n_nodes * n_hands] the opponent weight disjoint from each hand
 * that reaches each node. */
int bf_lr_values(const bf_lr_game *g, int player, const double *opponent, const double *own,
                 double *node_values, double *root, double *best, double *mass, int threads);

#endif
