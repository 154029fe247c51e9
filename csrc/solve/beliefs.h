/* A player's belief over its four cards carried through one of its draws, exactly, by a
 * subset-sum pass over the cards it keeps (solve/beliefs.c says how).
 *
 * Hands are the 270,725 four-card sets of the 52 cards in colex order (sorted ids a < b < c < d
 * at C(a,1) + C(b,2) + C(c,3) + C(d,4)); a discard is a mask over the hand's sorted cards (bit i
 * throws the i-th lowest), as the draw actions of OpenSpiel's badugi game number them.
 */
#ifndef BADUGI_SOLVE_BELIEFS_H
#define BADUGI_SOLVE_BELIEFS_H
#include <stdint.h>
#define BF_BELIEF_HANDS 270725
#define BF_BELIEF_BAD_ARGS (-1)
#define BF_BELIEF_NO_MEMORY (-2)
/* The belief after a draw of `count` cards (0 .. 4). The hands of positive weight before it
 * are n rows: cards[i * 4 ..] the i-th hand's ids ascending, weight[i] its weight and
 * throw_probs[i * C(4, count) + j] its probability of throwing the j-th discard of `count`
 * cards, discards in ascending order of their masks (count 1: masks 1, 2, 4, 8; count 2: 3, 5,
 * 6, 9, 10, 12; ...): the draw's other discards cannot lead to it. The new cards come uniformly
 * from the cards neither in the old hand nor in `blocked` (a card mask: what the drawer can never
 * be dealt, such as the cards outside the deck or an observer's). after[h'] (all 270,725, colex
 * order) receives the weight of holding h' after throwing exactly `count` cards (unnormalised:
 * it sums to the weight of throwing `count`); 0 for hands holding a blocked card. Rows holding a
 * blocked card count for nothing. Returns 0, BF_BELIEF_BAD_ARGS (n or count out of range, a row
 * not four ascending ids below 52, too few cards to deal, a weight or probability that is
 * negative or not finite) or BF_BELIEF_NO_MEMORY. */
int bf_belief_draw(int64_t n, const uint8_t *cards, const double *weight,
                   const double *throw_probs, int count, uint64_t blocked, double *after);
#endif
