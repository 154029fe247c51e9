/* The yardstick of the benchmarks: the plainest lookup loop (sort the four ids, colex index, one
 * table read), with no validation, no threads and no SIMD. It reads the package's own table. */
#include "eval/badugi.h"
#include "eval/kernels.h"

void plain_rank_batch(const uint8_t *cards, size_t n, uint16_t *out)
{
    for (size_t i = 0; i < n; i++) {
        const uint8_t *row = cards + 4 * i;
        unsigned a = row[0], b = row[1], c = row[2], d = row[3];
        BF_SORT4(a, b, c, d);
        out[i] = bf_rank_table[bf_colex(a, b, c, d)];
    }
}
