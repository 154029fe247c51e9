/* Internal to the C core: the batch kernels behind bf_rank_batch and what they share. */
#ifndef BADUGI_KERNELS_H
#define BADUGI_KERNELS_H

#include "badugi.h"

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
