/* Internal to the C core: the evaluation core's helpers (sorting, the colex index, the scalar
 * batch and its row check). Everything else builds on these; they call nothing outside
 * eval/lookup.c and the table, so the include graph runs one way: lookup <- kernels <- dispatch.
 */
#ifndef BADUGI_EVAL_LOOKUP_H
#define BADUGI_EVAL_LOOKUP_H

#include "eval/badugi.h"

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

/* Rows are checked without branching and a block is rescanned for its first bad row only when it
 * holds one, so valid input pays a few ALU operations per hand for the check. */
#define BF_BLOCK 1024

/* Index of the first invalid row in rows [start, end), or end if all are valid. */
size_t bf_first_bad_row(const uint8_t *cards, size_t start, size_t end);

size_t bf_rank_batch_scalar(const uint8_t *cards, size_t n, uint16_t *out);

#endif
