/* Internal to the C core: what its files share (sorting, the colex index, the random mixer) and
 * the batch kernels behind bf_rank_batch. */
#ifndef BADUGI_KERNELS_H
#define BADUGI_KERNELS_H

#include "badugi.h"

/* Sorting network for four values: five compare-exchanges, branch-free after compilation. */
#define BF_CSWAP(x, y)                        \
    do {                                      \
        unsigned lo_ = (x) < (y) ? (x) : (y); \
        unsigned hi_ = (x) < (y) ? (y) : (x); \
        (x) = lo_;                            \
        (y) = hi_;                            \
    } while (0)

#define BF_SORT4(a, b, c, d) \
    do {                     \
        BF_CSWAP(a, b);      \
        BF_CSWAP(c, d);      \
        BF_CSWAP(a, c);      \
        BF_CSWAP(b, d);      \
        BF_CSWAP(b, c);      \
    } while (0)

/* Colex index of sorted ids below BF_BINOM_LEN (past the table if the ids are invalid). */
static inline uint32_t bf_colex(unsigned a, unsigned b, unsigned c, unsigned d)
{
    return a + bf_binom2[b] + bf_binom3[c] + bf_binom4[d];
}

/* SplitMix64's output function: the counter-based random streams of dealing and simulation. */
static inline uint64_t bf_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Rows are checked without branching and a block is rescanned for its first bad row only when it
 * holds one, so valid input pays a few ALU operations per hand for the check. */
#define BF_BLOCK 1024

/* Index of the first invalid row in rows [start, end), or end if all are valid. */
size_t bf_first_bad_row(const uint8_t *cards, size_t start, size_t end);

size_t bf_rank_batch_scalar(const uint8_t *cards, size_t n, uint16_t *out);

/* The SIMD kernels need GCC/Clang target attributes and x86; elsewhere only scalar is built. */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define BF_HAVE_AVX2 1
#define BF_HAVE_AVX512 1
size_t bf_rank_batch_avx2(const uint8_t *cards, size_t n, uint16_t *out);
size_t bf_rank_batch_avx512(const uint8_t *cards, size_t n, uint16_t *out);
#endif

#endif
