/* badugi_fast C core: O(1) Badugi hand ranks from a generated perfect-hash table.
 *
 * Card id = 4 * rank + suit: rank A=0, 2=1, ..., K=12 (ace low); suit c=0, d=1, h=2, s=3.
 * Rank 1 = A-2-3-4 badugi (best) ... 1092 = four kings (worst); equal ranks tie; lower is better.
 * A hand's table index is the colex index of its sorted ids, a + C(b,2) + C(c,3) + C(d,4).
 * Every entry point checks its input: an id outside 0..51 or a repeated id never indexes a table.
 */
#ifndef BADUGI_EVAL_BADUGI_H
#define BADUGI_EVAL_BADUGI_H

#include <stddef.h>
#include <stdint.h>

#define BF_NUM_CARDS 52
#define BF_NUM_HANDS 270725      /* C(52, 4) */
#define BF_NUM_RANKS 1092        /* 715 four-card + 286 three-card + 78 two-card + 13 one-card */
#define BF_FIRST_THREE_CARD 716  /* ranks 1..715 are four-card badugis, 716..1001 three-card, */
#define BF_FIRST_TWO_CARD 1002   /* 1002..1079 two-card, 1080..1092 one-card */
#define BF_FIRST_ONE_CARD 1080
#define BF_RANK_TABLE_LEN 270736 /* BF_NUM_HANDS padded for 32-bit SIMD gathers */
#define BF_BINOM_LEN 256         /* binomial tables cover every uint8 id */

extern const uint32_t bf_binom2[BF_BINOM_LEN];
extern const uint32_t bf_binom3[BF_BINOM_LEN];
extern const uint32_t bf_binom4[BF_BINOM_LEN];
extern const uint16_t bf_rank_table[BF_RANK_TABLE_LEN];
extern const uint8_t bf_subset_table[BF_NUM_HANDS]; /* describe's subset (lowest ids) */
extern const uint16_t bf_tied_table[BF_NUM_HANDS];  /* bit m: mask m is a best subset */

/* Rank of the hand of four card ids in any order; 0 if an id is outside 0..51 or repeated. */
int bf_rank(int a, int b, int c, int d);

/* rank | mask << 16, where bit i of the 4-bit mask selects the i-th lowest id of the hand's
 * best subset (ties broken towards the lowest ids); 0 if the input is invalid as for bf_rank. */
int bf_describe(int a, int b, int c, int d);

/* Ranks of n hands stored as 4 ids per row (row-major) into out[0..n), by the fastest kernel
 * this CPU runs. Returns n when every row is valid; otherwise the index of the first invalid row,
 * with out written for the rows before it and unspecified (but in bounds) after. */
size_t bf_rank_batch(const uint8_t *cards, size_t n, uint16_t *out);

/* Text: a subset of the Python reader's syntax (see eval/text.c); failure means "let Python
 * read it", which accepts more or names the bad token. */
int32_t bf_parse_hand(const char *text, size_t len); /* ids a | b<<8 | c<<16 | d<<24, or -1 */
int bf_rank_text(const char *text, size_t len);      /* rank, or 0 */
/* Parses `rows` hands, one per '\n'-separated line, into 4 ids per row; returns rows, or the
 * index of the first line that could not be read. */
size_t bf_parse_hands(const char *text, size_t len, size_t rows, uint8_t *cards);
/* Parses hands one per '\n'-separated line, skipping lines of separators only, into at most
 * max_rows rows. Stops at the first line it cannot read: returns the rows written and sets *stop
 * to that line's byte offset (len when every line was read). */
size_t bf_parse_lines(const char *text, size_t len, size_t max_rows, uint8_t *cards, size_t *stop);

/* Batch kernels: every one gives identical results; an unsupported one falls back to scalar. */
#define BF_KERNEL_SCALAR 0
#define BF_KERNEL_AVX2 1
#define BF_KERNEL_AVX512 2
int bf_kernel_supported(int kernel); /* 1 if this build and CPU can run the kernel */
int bf_best_kernel(void);
size_t bf_rank_batch_kernel(int kernel, const uint8_t *cards, size_t n, uint16_t *out);

#endif
