/* AVX-512 batch kernel: sixteen hands per 512-bit register.
 *
 * The same steps as eval/kernel_avx2.c (min/max sorting network, validity check, colex index exact
 * in float32, one gather from the padded rank table); mask registers make the check and the masking
 * of invalid lanes cheaper, and the ranks narrow to 16 bits in one instruction.
 */
#include "eval/kernels.h"

#ifdef BF_HAVE_AVX512
#include <immintrin.h>

#define BF_TARGET __attribute__((target("avx512f")))

#define BF_VSWAP(x, y)                         \
    do {                                       \
        __m512i lo_ = _mm512_min_epi32(x, y); \
        (y) = _mm512_max_epi32(x, y);         \
        (x) = lo_;                             \
    } while (0)

/* a + C(b,2) + C(c,3) + C(d,4) in float32 (exact below 2^24), not yet rounded. */
BF_TARGET static inline __m512 colex16(__m512i a, __m512i b, __m512i c, __m512i d)
{
    const __m512 one = _mm512_set1_ps(1.0f), two = _mm512_set1_ps(2.0f);
    const __m512 three = _mm512_set1_ps(3.0f);
    __m512 fb = _mm512_cvtepi32_ps(b), fc = _mm512_cvtepi32_ps(c), fd = _mm512_cvtepi32_ps(d);
    __m512 c2 = _mm512_mul_ps(_mm512_mul_ps(fb, _mm512_sub_ps(fb, one)), _mm512_set1_ps(0.5f));
    __m512 c3 = _mm512_mul_ps(_mm512_mul_ps(fc, _mm512_sub_ps(fc, one)), _mm512_sub_ps(fc, two));
    __m512 d01 = _mm512_mul_ps(fd, _mm512_sub_ps(fd, one));
    __m512 d23 = _mm512_mul_ps(_mm512_sub_ps(fd, two), _mm512_sub_ps(fd, three));
    __m512 sum = _mm512_add_ps(c2, _mm512_cvtepi32_ps(a));
    sum = _mm512_fmadd_ps(c3, _mm512_set1_ps(1.0f / 6.0f), sum);
    return _mm512_fmadd_ps(_mm512_mul_ps(d01, d23), _mm512_set1_ps(1.0f / 24.0f), sum);
}

BF_TARGET size_t bf_rank_batch_avx512(const uint8_t *cards, size_t n, uint16_t *out)
{
    const __m512i low8 = _mm512_set1_epi32(0xFF), limit = _mm512_set1_epi32(BF_NUM_CARDS);
    const int *table = (const int *)(const void *)bf_rank_table;
    size_t vector_rows = n & ~(size_t)15;
    for (size_t start = 0; start < vector_rows; start += BF_BLOCK) {
        size_t end = vector_rows - start < BF_BLOCK ? vector_rows : start + BF_BLOCK;
        __mmask16 ok_all = 0xFFFF;
        for (size_t i = start; i < end; i += 16) {
            __m512i v = _mm512_loadu_si512((const void *)(cards + 4 * i));
            __m512i a = _mm512_and_si512(v, low8);
            __m512i b = _mm512_and_si512(_mm512_srli_epi32(v, 8), low8);
            __m512i c = _mm512_and_si512(_mm512_srli_epi32(v, 16), low8);
            __m512i d = _mm512_srli_epi32(v, 24);
            BF_VSWAP(a, b);
            BF_VSWAP(c, d);
            BF_VSWAP(a, c);
            BF_VSWAP(b, d);
            BF_VSWAP(b, c);
            __mmask16 ok = (__mmask16)(_mm512_cmpgt_epi32_mask(b, a) & _mm512_cmpgt_epi32_mask(c, b) &
                                       _mm512_cmpgt_epi32_mask(d, c) & _mm512_cmpgt_epi32_mask(limit, d));
            ok_all &= ok;
            /* Invalid lanes get index 0 instead of an out-of-range one; rounding is to nearest. */
            __m512i index = _mm512_maskz_cvtps_epi32(ok, colex16(a, b, c, d));
            __m512i ranks = _mm512_i32gather_epi32(index, table, 2);
            _mm256_storeu_si256((__m256i *)(void *)(out + i), _mm512_cvtepi32_epi16(ranks));
        }
        if (ok_all != 0xFFFF)
            return bf_first_bad_row(cards, start, end);
    }
    size_t tail = bf_rank_batch_scalar(cards + 4 * vector_rows, n - vector_rows, out + vector_rows);
    return vector_rows + tail;
}

#else
typedef int bf_no_avx512_kernel; /* ISO C forbids an empty translation unit */
#endif
