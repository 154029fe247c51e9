/* Internal to the C core: the SIMD batch kernels. They build on the evaluation core
 * (eval/lookup.h); eval/kernel_dispatch.c picks one for bf_rank_batch, so nothing in the core
 * calls back into them.
 */
#ifndef BADUGI_EVAL_KERNELS_H
#define BADUGI_EVAL_KERNELS_H

#include "eval/lookup.h"

/* The SIMD kernels need GCC/Clang target attributes and x86; elsewhere only scalar is built. */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define BF_HAVE_AVX2 1
#define BF_HAVE_AVX512 1
size_t bf_rank_batch_avx2(const uint8_t *cards, size_t n, uint16_t *out);
size_t bf_rank_batch_avx512(const uint8_t *cards, size_t n, uint16_t *out);
#endif

#endif
