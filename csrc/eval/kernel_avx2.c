/* AVX2 batch kernel: eight hands per 256-bit register.
 *
 * Each 32-bit lane holds one row's four ids. They are sorted by a min/max network, checked
 * (strictly increasing, below 52), and the colex index is computed in float32: every product up
 * to 51*50*49*48 is exact there, so dividing and rounding gives the exact binomial. One gather
 * reads the rank table, whose padding keeps the 32-bit read at the last index in bounds.
 * Compiled with a target attribute, so the rest of the build needs no -mavx2.
 */
#include "eval/kernels.h"

#ifdef BF_HAVE_AVX2
#include <immintrin.h>

#define BF_TARGET __attribute__((target("avx2,fma")))

#define BF_VSWAP(x, y)                         \
    do {                                       \
        __m256i lo_ = _mm256_min_epi32(x, y); \
        (y) = _mm256_max_epi32(x, y);         \
        (x) = lo_;                             \
    } while (0)

/* C(x, k) for k = 2, 3, 4 summed with a, as float32 rounded to the nearest integer. */
BF_TARGET static inline __m256i colex8(__m256i a, __m256i b, __m256i c, __m256i d)
{
    const __m256 one = _mm256_set1_ps(1.0f), two = _mm256_set1_ps(2.0f);
    const __m256 three = _mm256_set1_ps(3.0f);
    __m256 fb = _mm256_cvtepi32_ps(b), fc = _mm256_cvtepi32_ps(c), fd = _mm256_cvtepi32_ps(d);
    __m256 c2 = _mm256_mul_ps(_mm256_mul_ps(fb, _mm256_sub_ps(fb, one)), _mm256_set1_ps(0.5f));
    __m256 c3 = _mm256_mul_ps(_mm256_mul_ps(fc, _mm256_sub_ps(fc, one)), _mm256_sub_ps(fc, two));
    __m256 d01 = _mm256_mul_ps(fd, _mm256_sub_ps(fd, one));
    __m256 d23 = _mm256_mul_ps(_mm256_sub_ps(fd, two), _mm256_sub_ps(fd, three));
    __m256 sum = _mm256_fmadd_ps(c3, _mm256_set1_ps(1.0f / 6.0f), _mm256_add_ps(c2, _mm256_cvtepi32_ps(a)));
    sum = _mm256_fmadd_ps(_mm256_mul_ps(d01, d23), _mm256_set1_ps(1.0f / 24.0f), sum);
    return _mm256_cvtps_epi32(sum); /* round to nearest */
}

BF_TARGET size_t bf_rank_batch_avx2(const uint8_t *cards, size_t n, uint16_t *out)
{
    const __m256i low8 = _mm256_set1_epi32(0xFF), low16 = _mm256_set1_epi32(0xFFFF);
    const __m256i limit = _mm256_set1_epi32(BF_NUM_CARDS), all = _mm256_set1_epi32(-1);
    const int *table = (const int *)(const void *)bf_rank_table;
    size_t vector_rows = n & ~(size_t)7;
    for (size_t start = 0; start < vector_rows; start += BF_BLOCK) {
        size_t end = vector_rows - start < BF_BLOCK ? vector_rows : start + BF_BLOCK;
        __m256i ok_all = all;
        for (size_t i = start; i < end; i += 8) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(cards + 4 * i));
            __m256i a = _mm256_and_si256(v, low8);
            __m256i b = _mm256_and_si256(_mm256_srli_epi32(v, 8), low8);
            __m256i c = _mm256_and_si256(_mm256_srli_epi32(v, 16), low8);
            __m256i d = _mm256_srli_epi32(v, 24);
            BF_VSWAP(a, b);
            BF_VSWAP(c, d);
            BF_VSWAP(a, c);
            BF_VSWAP(b, d);
            BF_VSWAP(b, c);
            __m256i ok = _mm256_and_si256(_mm256_and_si256(_mm256_cmpgt_epi32(b, a), _mm256_cmpgt_epi32(c, b)),
                                          _mm256_and_si256(_mm256_cmpgt_epi32(d, c), _mm256_cmpgt_epi32(limit, d)));
            ok_all = _mm256_and_si256(ok_all, ok);
            /* An invalid lane reads entry 0 instead of an out-of-range index. */
            __m256i index = _mm256_and_si256(colex8(a, b, c, d), ok);
            __m256i ranks = _mm256_and_si256(_mm256_i32gather_epi32(table, index, 2), low16);
            __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(ranks, ranks), 0x08);
            _mm_storeu_si128((__m128i *)(void *)(out + i), _mm256_castsi256_si128(packed));
        }
        if (!_mm256_testc_si256(ok_all, all))
            return bf_first_bad_row(cards, start, end);
    }
    size_t tail = bf_rank_batch_scalar(cards + 4 * vector_rows, n - vector_rows, out + vector_rows);
    return vector_rows + tail;
}

#else
typedef int bf_no_avx2_kernel; /* ISO C forbids an empty translation unit */
#endif
