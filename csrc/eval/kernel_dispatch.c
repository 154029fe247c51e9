/* Kernel dispatch: bf_rank_batch runs the fastest kernel this CPU supports. It sits above the
 * evaluation core (eval/lookup.c) and the kernels (eval/kernel_avx2.c, eval/kernel_avx512.c),
 * which never call it. */
#include "eval/kernels.h"

int bf_kernel_supported(int kernel)
{
    switch (kernel) {
    case BF_KERNEL_SCALAR:
        return 1;
#ifdef BF_HAVE_AVX2
    case BF_KERNEL_AVX2:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#endif
#ifdef BF_HAVE_AVX512
    case BF_KERNEL_AVX512:
        __builtin_cpu_init(); /* also checks that the OS saves the 512-bit state */
        return __builtin_cpu_supports("avx512f");
#endif
    default:
        return 0;
    }
}

int bf_best_kernel(void)
{
    for (int kernel = BF_KERNEL_AVX512; kernel > BF_KERNEL_SCALAR; kernel--)
        if (bf_kernel_supported(kernel))
            return kernel;
    return BF_KERNEL_SCALAR;
}

size_t bf_rank_batch_kernel(int kernel, const uint8_t *cards, size_t n, uint16_t *out)
{
    /* Checked here too: running an instruction the CPU lacks would crash the process. */
    if (!bf_kernel_supported(kernel))
        kernel = BF_KERNEL_SCALAR;
    switch (kernel) {
#ifdef BF_HAVE_AVX512
    case BF_KERNEL_AVX512:
        return bf_rank_batch_avx512(cards, n, out);
#endif
#ifdef BF_HAVE_AVX2
    case BF_KERNEL_AVX2:
        return bf_rank_batch_avx2(cards, n, out);
#endif
    default:
        return bf_rank_batch_scalar(cards, n, out);
    }
}

size_t bf_rank_batch(const uint8_t *cards, size_t n, uint16_t *out)
{
    return bf_rank_batch_kernel(bf_best_kernel(), cards, n, out);
}
