/* What the draw engine (draws/engine.c, draws/one_seat.c) and the best discard (draws/best.c)
 * count with, written once: the stub the seats draw from (the cards no known seat holds, in id
 * order), the number of ways to draw k of its cards, the 128-bit sums their exact counts add
 * into, and the state an exact enumeration's walk keeps (the play-by-play walk of engine.c and
 * the one-seat walk of one_seat.c, which must stop and split alike).
 *
 * static inline on purpose: bf_add128 runs at every play of an exact enumeration and
 * bf_binomial at every branching step, a few instructions each that a call into another file
 * would not inline (the build has no link-time optimisation). Internal to draws/: no cdef.
 */
#ifndef BADUGI_DRAWS_COUNTING_H
#define BADUGI_DRAWS_COUNTING_H

#include "draws/draw_spec.h"

/* The cards out of the stub before anything is dealt: the dead cards and the hands of the
 * known seats, but those of the seats in `dealt` (a seat mask; their hands come per trial). */
static inline uint64_t bf_held_cards(const bf_draw_spec *spec, unsigned dealt)
{
    uint64_t held = spec->dead;
    for (int p = 0; p < spec->seats; p++)
        if (!spec->random_seat[p] && !(dealt >> p & 1))
            for (int i = 0; i < 4; i++)
                held |= bf_bit(spec->hands[p][i]);
    return held;
}

/* The stub: every card not in `held`, in id order, into stub; returns how many. */
static inline unsigned bf_stub_list(uint64_t held, uint8_t stub[BF_NUM_CARDS])
{
    unsigned n = 0;
    for (unsigned c = 0; c < BF_NUM_CARDS; c++)
        if (!(held & bf_bit(c)))
            stub[n++] = (uint8_t)c;
    return n;
}

/* n choose k (k <= 4 here, so no step overflows). */
static inline uint64_t bf_binomial(unsigned n, unsigned k)
{
    uint64_t result = 1;
    for (unsigned i = 1; i <= k; i++)
        result = result * (n - k + i) / i;
    return result;
}

/* (hi, lo) += value, a 128-bit sum kept as two words (C99 has no 128-bit type). */
static inline void bf_add128(uint64_t *hi, uint64_t *lo, uint64_t value)
{
    uint64_t before = *lo;
    *lo += value;
    *hi += *lo < before;
}

/* (hi, lo) += a * b, the full 128-bit product, from 32-bit halves. */
static inline void bf_add128_product(uint64_t *hi, uint64_t *lo, uint64_t a, uint64_t b)
{
    uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    uint64_t low = a0 * b0, mid1 = a1 * b0, mid2 = a0 * b1, high = a1 * b1;
    uint64_t mid = (low >> 32) + (mid1 & 0xFFFFFFFFu) + (mid2 & 0xFFFFFFFFu);
    uint64_t product_lo = (mid << 32) | (low & 0xFFFFFFFFu);
    uint64_t product_hi = high + (mid1 >> 32) + (mid2 >> 32) + (mid >> 32);
    bf_add128(hi, lo, product_lo);
    *hi += product_hi;
}

/* An exact enumeration's walk: its spec and limit, where it counts, how it ended (0 or a
 * BF_DRAW_* status) and the rows of the first branching step it visits (a long enumeration
 * runs in blocks of rows; the steps below that one visit every child). */
typedef struct {
    const bf_draw_spec *spec;
    uint64_t max_paths;
    bf_draw_exact *exact;
    int status;
    int split_pending;       /* the first branching step is still to come */
    uint64_t row_lo, row_hi; /* its children (rows) to visit */
} bf_enum_walk;

static inline bf_enum_walk bf_enum_walk_start(const bf_draw_spec *spec, uint64_t max_paths,
                                              bf_draw_exact *exact, uint64_t row_lo,
                                              uint64_t row_hi)
{
    bf_enum_walk walk = {spec, max_paths, exact, 0, 1, row_lo, row_hi};
    return walk;
}

/* Whether a step throwing k cards is the first branching one (k > 0), whose rows are the
 * walk's block; from then on no other step is. */
static inline int bf_enum_walk_split_here(bf_enum_walk *walk, unsigned k)
{
    int here = walk->split_pending && k > 0;
    if (here)
        walk->split_pending = 0;
    return here;
}

#endif
