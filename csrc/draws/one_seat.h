/* The exact enumeration of one seat (what draw_odds asks), counted at its last draw: the draws
 * before the last are walked play by play as bf_draw_enumerate_plays_rows walks them
 * (draws/engine.c), but the last draw's replacements are not played one by one: a state's
 * replacements are counted by the final rank they make. The integer counts are the same sums;
 * each rank's probability is the same sequence of double additions, replayed bit for bit in
 * runs (bf_add_repeated below). Internal to the C core: engine.c calls it for one seat.
 */
#ifndef BADUGI_DRAWS_ONE_SEAT_H
#define BADUGI_DRAWS_ONE_SEAT_H

#include "draws/draw_spec.h"

/* bf_draw_enumerate_rows for a spec of one known seat that bf_draw_spec_valid accepts (the
 * caller checks it): the same return and the same counts, the ranks bit for bit. */
int bf_one_seat_enumerate_rows(const bf_draw_spec *spec, uint64_t max_paths, uint64_t row_lo,
                               uint64_t row_hi, bf_draw_exact *exact);

/* s + v + v + ... + v (n additions of v > 0 to s >= 0, both finite), rounded after each
 * addition exactly as n separate `s += v` round it, in a few steps per binade of s crossed. */
double bf_add_repeated(double s, double v, uint64_t n);

#endif
