/* Optimal draw policies in the table model, solved over all 270,725 hands.
 *
 * The table model: a player holds hand h with d draws to come; replacements come uniformly from
 * the 48 cards not in h (one's earlier discards and the other players' cards are ignored). With
 * a utility u over final ranks, V_0(h) = u(rank of h) and V_d(h) = max over the allowed discards
 * D (at most caps[3 - d] cards) of E[V_{d-1}(h - D + replacements)].
 *
 * The expectation is read off superset sums: with F(X) = sum of V over the 4-card hands holding
 * the card set X (|X| = 0..4), keeping K and throwing D (k cards) gives
 *     E = (1 / C(48, k)) * sum over T within D of (-1)^|T| F(K + T)
 * by inclusion-exclusion (the replacements must avoid D), 81 terms for all 16 discards of a
 * hand. Pushing a distribution forward through a policy is the adjoint of the same identity.
 *
 * Tables are as draws/policy.h describes (bit i throws the i-th card of the hand sorted by
 * id); values are BF_NUM_HANDS doubles per level, indexed by the colex index.
 */
#ifndef BADUGI_DRAWS_OPTIMAL_H
#define BADUGI_DRAWS_OPTIMAL_H

#include "draws/policy.h"

#define BF_OPTIMAL_BAD_ARGS (-1)
/* Values within this of the best tie; ties go to fewer cards thrown, then to the kept ids
 * (sorted ascending) that are lexicographically smallest. */
#define BF_OPTIMAL_TIE 1e-12

/* Solves levels 1 .. draws (1..3) for utility[r - 1], r = 1 .. BF_NUM_RANKS, under the cutting
 * caps (each 0..4; caps[3 - d] applies with d draws to come). Writes the discard of every hand
 * for each level into table[(d - 1) * BF_NUM_HANDS + index] (levels above draws are left as
 * they are); when ties is not NULL, the discards tied with each choice (as many cards, within
 * BF_OPTIMAL_TIE) as masks into ties at the same places (see bf_policy); when values is not NULL,
 * V_d into values[d * BF_NUM_HANDS + index] for d = 0 .. draws. Returns 0, or BF_OPTIMAL_BAD_ARGS (a NaN or infinite utility, draws or a cap out
 * of range). table holds BF_POLICY_TABLE_LEN bytes, ties as many uint16_t, values (draws + 1) * BF_NUM_HANDS doubles. */
int bf_optimal_policy(const double *utility, int draws, const uint8_t caps[3], uint8_t *table,
                      uint16_t *ties, double *values);

/* The default policy of draws/policy.h as a table: each hand as if just dealt (the best badugi
 * kept, of tied ones the most live outs, then the lowest ids), capped at caps[3 - d]. */
int bf_optimal_default_table(const uint8_t caps[3], uint8_t *table);

/* Pushes a distribution over hands (BF_NUM_HANDS masses by colex index) through `draws` draws of
 * a table (levels draws .. 1, each discard capped at caps[3 - d]) in the table model; writes the
 * final distribution into end (which may not alias start). Returns 0 or BF_OPTIMAL_BAD_ARGS. */
int bf_optimal_forward(const uint8_t *table, int draws, const uint8_t caps[3],
                       const double *start, double *end);

/* For one hand (four distinct ids in any order) and one level of values (BF_NUM_HANDS doubles,
 * V_{d-1}), the expectation of every discard: out[m] for m a mask over the hand's sorted
 * positions. Returns 0 or BF_OPTIMAL_BAD_ARGS. Recomputes the superset sums: about 5 ms. */
int bf_optimal_options(const double *level_values, const uint8_t hand[4], double out[16]);

#endif
