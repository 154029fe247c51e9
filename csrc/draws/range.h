/* badugi_fast ranges in C: sampling opponents' hands from weighted ranges (an alias table per
 * range, colliding cards rejected) and playing the draws with the draw engine (draws/engine.h),
 * by Monte Carlo or, over every combination of the ranges' hands, exactly.
 * Cards and ranks are encoded as in eval/badugi.h; the range language is
 * badugi_fast/draws/ranges/range.py.
 */
#ifndef BADUGI_DRAWS_RANGE_H
#define BADUGI_DRAWS_RANGE_H

#include "draws/engine.h"

#define BF_RANGE_EMPTY (-4)   /* no combination of the ranges' hands leaves the cards apart */
#define BF_RANGE_NO_DEAL (-5) /* Monte Carlo: BF_RANGE_MAX_TRIES deals in a row shared a card */
#define BF_RANGE_MAX_TRIES 4096

/* One column of a range's alias table, packed so a draw reads one cache line: the column keeps
 * its own hand when the draw's fraction (draws/range.c, sample) is below `threshold`, else
 * takes `other`. */
typedef struct {
    uint64_t threshold; /* 0 .. 2^32 */
    uint8_t hand[4];
    uint8_t other[4];
} bf_range_column;

/* A seat's range: n hands (4 ids a row), their weights, and the alias table over them. A seat
 * whose range has n == 0 plays as the draw spec says (a known hand, or a random one). */
typedef struct {
    uint32_t n;
    const uint8_t *hands;
    const double *weights;
    const bf_range_column *table; /* n columns, from bf_range_alias */
    /* Set it when every weight is 1: every column then keeps its own hand, so Monte Carlo
     * reads hands[column] (4 bytes a hand, a quarter of the table: a range of most hands stays
     * in cache) for the same deals. Not checked: set otherwise, the deals ignore the weights. */
    int uniform;
} bf_range;

/* Walker's alias table (Vose's method) of n hands with positive finite weights, into table[n];
 * 0, or BF_DRAW_BAD_SPEC for a bad weight or hand. */
int bf_range_alias(uint32_t n, const uint8_t *hands, const double *weights,
                   bf_range_column *table);

/* Like bf_draw_simulate, with ranges[p] (for p < spec->seats) dealing seat p's hand at each
 * trial: a hand per range seat by weight, the whole deal redrawn while two seats, a known hand
 * or the dead cards share a card (so the deal follows the product of the weights restricted
 * to deals without a shared card). Trial t depends only on (seed, t). */
int bf_range_simulate(const bf_draw_spec *spec, const bf_range *ranges, uint64_t seed,
                      uint64_t first_trial, uint64_t trials, bf_draw_tally *tally);

/* Exact: every combination of the range seats' hands without a shared card, weighted by the
 * product of the weights, each played out by bf_draw_enumerate (no random seats). Writes each
 * seat's equity and sole-win probability (doubles) and the plays visited; returns 0, a negative
 * code of draws/engine.h (BF_DRAW_TOO_MANY past max_paths plays in all), or BF_RANGE_EMPTY. */
int bf_range_enumerate(const bf_draw_spec *spec, const bf_range *ranges, uint64_t max_paths,
                       double *share, double *win, uint64_t *paths);

/* bf_range_enumerate in blocks, so that a long one can be stopped between them: the rows are
 * the hands of the first seat with a range (in order), and a call visits rows row_lo ..
 * row_hi - 1, adding to `sums` (zeroed before the first block). Blocks covering every row, in
 * order, leave the sums bf_range_enumerate divides to the bit: each seat's share and win
 * weighted, the weight and the plays (the budget counts them across the blocks). */
typedef struct {
    double share[BF_MAX_SEATS], win[BF_MAX_SEATS];
    double weight_sum;
    uint64_t paths;
} bf_range_sums;

int bf_range_enumerate_rows(const bf_draw_spec *spec, const bf_range *ranges, uint64_t max_paths,
                            uint32_t row_lo, uint32_t row_hi, bf_range_sums *sums);

#endif
