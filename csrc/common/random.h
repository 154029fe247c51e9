/* The random streams every C user shares: counter-based SplitMix64, so number j of a stream is a
 * pure function of (seed, j) and any split of the work across threads gives the same results.
 * Dealing (common/random.c, common/deal.h), the draw engine (draws/engine.c) and the hand state
 * (game/hand_state.c) all draw their numbers here.
 */
#ifndef BADUGI_COMMON_RANDOM_H
#define BADUGI_COMMON_RANDOM_H

#include <stddef.h>
#include <stdint.h>

/* SplitMix64's increment: the golden ratio in 64 bits. */
#define BF_GAMMA UINT64_C(0x9E3779B97F4A7C15)

/* SplitMix64's output function. */
static inline uint64_t bf_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* x mapped onto 0 .. n-1 by a multiply-high, floor(x * n / 2^64) to within one unit of the low
 * word (bias below n / 2^64, negligible for a deck). Portable: no 128-bit type needed. */
static inline unsigned bf_below(uint64_t x, unsigned n)
{
    return (unsigned)(((x >> 32) * n + (((x & 0xFFFFFFFFu) * n) >> 32)) >> 32);
}

/* A uniform index below n from the next number of a counter-based stream: *counter steps by
 * the increment and is mixed (the draw engine's and the range sampler's trials). */
static inline unsigned bf_next_below(uint64_t *counter, unsigned n)
{
    *counter += BF_GAMMA;
    return bf_below(bf_mix64(*counter), n);
}

/* Writes rows first_row .. first_row + n - 1 of the random-hand stream of `seed` into cards
 * (4 ids per row): each row uniform over ordered hands of four distinct cards, and a function of
 * (seed, row) only, so the rows may be split across threads freely (see common/random.c). */
void bf_random_hands(uint64_t seed, uint64_t first_row, size_t n, uint8_t *cards);

#endif
