/* The evaluation core: rank lookups and the scalar batch; see eval/badugi.h for the encoding and
 * the rank convention. The SIMD kernels build on this file; eval/kernel_dispatch.c chooses among
 * them. */
#include "eval/lookup.h"

/* Sorted ids are a valid hand iff strictly increasing and below 52. */
static inline unsigned sorted_valid(unsigned a, unsigned b, unsigned c, unsigned d)
{
    return (a < b) & (b < c) & (c < d) & (d < BF_NUM_CARDS);
}

/* Sorts the ids and returns the table index, or -1 for an invalid hand. */
static long checked_index(int a, int b, int c, int d)
{
    /* Casting to unsigned turns negative ids into large ones, rejected by the range check. */
    unsigned w = (unsigned)a, x = (unsigned)b, y = (unsigned)c, z = (unsigned)d;
    if ((w | x | y | z) >= BF_BINOM_LEN)
        return -1;
    BF_SORT4(w, x, y, z);
    if (!sorted_valid(w, x, y, z))
        return -1;
    return (long)bf_colex(w, x, y, z);
}

int bf_rank(int a, int b, int c, int d)
{
    long index = checked_index(a, b, c, d);
    return index < 0 ? 0 : bf_rank_table[index];
}

int bf_describe(int a, int b, int c, int d)
{
    long index = checked_index(a, b, c, d);
    return index < 0 ? 0 : bf_rank_table[index] | bf_subset_table[index] << 16;
}

static int row_valid(const uint8_t *row)
{
    unsigned a = row[0], b = row[1], c = row[2], d = row[3];
    BF_SORT4(a, b, c, d);
    return (int)sorted_valid(a, b, c, d);
}

size_t bf_first_bad_row(const uint8_t *cards, size_t start, size_t end)
{
    for (size_t i = start; i < end; i++)
        if (!row_valid(cards + 4 * i))
            return i;
    return end;
}

size_t bf_rank_batch_scalar(const uint8_t *cards, size_t n, uint16_t *out)
{
    for (size_t start = 0; start < n; start += BF_BLOCK) {
        size_t end = n - start < BF_BLOCK ? n : start + BF_BLOCK;
        unsigned bad = 0;
        for (size_t i = start; i < end; i++) {
            const uint8_t *row = cards + 4 * i;
            unsigned a = row[0], b = row[1], c = row[2], d = row[3];
            BF_SORT4(a, b, c, d);
            unsigned ok = sorted_valid(a, b, c, d);
            bad |= ok ^ 1u;
            /* An invalid row reads entry 0 instead of an out-of-range index. */
            out[i] = bf_rank_table[bf_colex(a, b, c, d) & (0u - ok)];
        }
        if (bad)
            return bf_first_bad_row(cards, start, end);
    }
    return n;
}
