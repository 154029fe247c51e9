/* Random hands for simulations: uniform over the 52*51*50*49 ordered hands of distinct cards.
 *
 * Row r of a stream is a pure function of (seed, r): draw k of row r is SplitMix64's mix of
 * key + (4r + k + 1) * gamma, with key = mix(seed). So any split of the rows across threads gives
 * the same hands. One draw usually decides a row: Lemire's multiply maps it without bias onto the
 * 6,497,400 ordered hands (rejected with probability 3.5e-13, then the next draw is used), and
 * the mixed-radix digits pick the i-th card not yet dealt, as a partial Fisher-Yates shuffle.
 * The gcc/clang 128-bit multiply and the portable 64-bit one give identical hands.
 */
#include "common/random.h"

#include <string.h>

#define BF_ORDERED_HANDS 6497400u /* 52 * 51 * 50 * 49 */

/* High half of x * m (m < 2^32), leaving the low half in *x: one step of peeling a uniform digit
 * in [0, m) off the fraction x / 2^64. */
#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 bf_u128;
static unsigned peel(uint64_t *x, uint32_t m)
{
    bf_u128 product = (bf_u128)*x * m;
    *x = (uint64_t)product;
    return (unsigned)(product >> 64);
}
#else
static unsigned peel(uint64_t *x, uint32_t m)
{
    uint64_t low = (*x & 0xFFFFFFFFu) * m;
    uint64_t mid = (*x >> 32) * m + (low >> 32);
    *x = mid << 32 | (low & 0xFFFFFFFFu);
    return (unsigned)(mid >> 32);
}
#endif

void bf_random_hands(uint64_t seed, uint64_t first_row, size_t n, uint8_t *cards)
{
    /* 2^64 mod 6,497,400: fractions left below it would make some hands more likely. */
    const uint64_t threshold = (0 - (uint64_t)BF_ORDERED_HANDS) % BF_ORDERED_HANDS;
    const uint64_t key = bf_mix64(seed);
    for (size_t i = 0; i < n; i++) {
        uint64_t counter = key + 4 * (first_row + i) * BF_GAMMA, x;
        unsigned d0, d1, d2, d3;
        do {
            counter += BF_GAMMA;
            x = bf_mix64(counter);
            /* The mixed-radix digits of floor(x * 52*51*50*49 / 2^64), most significant first. */
            d0 = peel(&x, 52), d1 = peel(&x, 51), d2 = peel(&x, 50), d3 = peel(&x, 49);
        } while (x < threshold);
        /* The d-th card not yet dealt: d plus one for each dealt card at or below it, taken in
         * ascending order (branch-free compare-and-add). */
        unsigned c0 = d0, c1 = d1 + (d1 >= c0);
        unsigned lo = c0 < c1 ? c0 : c1, hi = c0 < c1 ? c1 : c0;
        unsigned c2 = d2 + (d2 >= lo);
        c2 += c2 >= hi;
        unsigned s0 = lo < c2 ? lo : c2, s2 = hi > c2 ? hi : c2, s1 = lo + hi + c2 - s0 - s2;
        unsigned c3 = d3 + (d3 >= s0);
        c3 += c3 >= s1;
        c3 += c3 >= s2;
        /* One 32-bit store of the row's four bytes (in row order on either byte order). */
        uint32_t packed = c0 | c1 << 8 | c2 << 16 | c3 << 24;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        packed = __builtin_bswap32(packed);
#endif
        memcpy(cards + 4 * i, &packed, 4);
    }
}
