/* check_text: the text readers of csrc/badugi_text.c at and beyond the longest hand text, written
 * to run under sanitizers (tests/test_c_text_sanitizers.py builds it with every C file of csrc/
 * under -fsanitize=address,undefined).
 *
 * A line of more than 256 bytes (badugi_fast.cards.MAX_HAND_TEXT) is left to the Python reader,
 * which refuses it: the C reader must read a padded hand up to that length and refuse one byte
 * more, in every entry point (bf_parse_hand, bf_rank_text, bf_parse_hands, bf_parse_lines), and
 * long random strings must never be read past their end. Every buffer is malloc'ed at exactly
 * its size, so AddressSanitizer reports any read past it. Exits 1 at the first failure; prints
 * one summary line on success.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "badugi.h"

#define LONGEST 256   /* bytes: the longest line the C reader reads as a hand */
#define GOLF_RANK 1   /* "As 2d 3h 4c" */
#define GOLF_IDS ((int32_t)(3 | 5 << 8 | 10 << 16 | 12 << 24))

#ifdef __GNUC__
#define PRINTF_LIKE __attribute__((format(printf, 1, 2)))
#else
#define PRINTF_LIKE
#endif

static void fail(const char *fmt, ...) PRINTF_LIKE;

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("check_text: FAIL: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL)
        fail("out of memory allocating %zu bytes", size);
    return p;
}

/* "As" + spaces + "2d 3h 4c", exactly len bytes (len >= 10), in a buffer of exactly len bytes. */
static char *padded_golf(size_t len)
{
    char *text = xmalloc(len);
    memset(text, ' ', len);
    memcpy(text, "As", 2);
    memcpy(text + len - 8, "2d 3h 4c", 8);
    return text;
}

/* Every entry point reads the padded hand iff it is at most LONGEST bytes. */
static size_t check_the_longest_line(void)
{
    size_t checked = 0;
    for (size_t len = 10; len <= 4 * LONGEST; len++) {
        char *text = padded_golf(len);
        int readable = len <= LONGEST;
        int32_t ids = bf_parse_hand(text, len);
        if (readable ? ids != GOLF_IDS : ids >= 0)
            fail("bf_parse_hand on a %zu-byte hand gave %ld", len, (long)ids);
        if (bf_rank_text(text, len) != (readable ? GOLF_RANK : 0))
            fail("bf_rank_text on a %zu-byte hand", len);
        uint8_t *cards = xmalloc(4);
        if (bf_parse_hands(text, len, 1, cards) != (size_t)readable)
            fail("bf_parse_hands on a %zu-byte hand", len);
        size_t stop = 0, rows = bf_parse_lines(text, len, 1, cards, &stop);
        if (rows != (size_t)readable || stop != (readable ? len : 0))
            fail("bf_parse_lines on a %zu-byte hand: %zu rows, stop %zu", len, rows, stop);
        free(cards);
        free(text);
        checked++;
    }
    return checked;
}

/* A short line, then a padded one: bf_parse_lines stops at the long line's first byte, and
 * bf_parse_hands names it as the first row it could not read. */
static size_t check_a_long_line_after_a_short_one(void)
{
    size_t checked = 0;
    for (size_t len = LONGEST - 2; len <= LONGEST + 2; len++) {
        size_t total = 12 + len;
        char *text = xmalloc(total);
        char *tail = padded_golf(len);
        memcpy(text, "Kc Kd Kh Ks\n", 12);
        memcpy(text + 12, tail, len);
        uint8_t *cards = xmalloc(8);
        size_t stop = 0, rows = bf_parse_lines(text, total, 2, cards, &stop);
        size_t expect_rows = len <= LONGEST ? 2 : 1, expect_stop = len <= LONGEST ? total : 12;
        if (rows != expect_rows || stop != expect_stop)
            fail("bf_parse_lines with a %zu-byte second line: %zu rows, stop %zu", len, rows, stop);
        if (bf_parse_hands(text, total, 2, cards) != expect_rows)
            fail("bf_parse_hands with a %zu-byte second line", len);
        free(cards);
        free(tail);
        free(text);
        checked++;
    }
    return checked;
}

/* Random strings of card letters, separators and UTF-8 suit bytes, up to 3 * LONGEST bytes:
 * whatever they hold, nothing is read past the end and an accepted hand is short enough. */
static size_t check_long_random_strings(void)
{
    static const unsigned char alphabet[] = {'A', '2', 'T', '1', '0', 'K', 'c', 'd', 'h', 's', ' ',
                                             ',', '\t', '\n', 0xE2, 0x99, 0xA0, 0xA5, 0x97, 0x87};
    uint64_t state = 0x2545F4914F6CDD1Du;
    size_t tried = 0;
    for (int round = 0; round < 20000; round++) {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        size_t len = (size_t)(state % (3 * LONGEST));
        unsigned char *text = xmalloc(len);
        size_t newlines = 0;
        for (size_t i = 0; i < len; i++) {
            state ^= state << 13, state ^= state >> 7, state ^= state << 17;
            text[i] = alphabet[state % sizeof alphabet];
            newlines += text[i] == '\n';
        }
        int32_t packed = bf_parse_hand((const char *)text, len);
        if (packed >= 0 && len > LONGEST)
            fail("bf_parse_hand read a %zu-byte string", len);
        uint8_t *cards = xmalloc(4 * (newlines + 1));
        size_t stop = 0, rows = bf_parse_lines((const char *)text, len, newlines + 1, cards, &stop);
        if (rows > newlines + 1 || stop > len)
            fail("bf_parse_lines returned %zu rows, stop %zu for %zu bytes", rows, stop, len);
        rows = bf_parse_hands((const char *)text, len, newlines + 1, cards);
        if (rows > newlines + 1)
            fail("bf_parse_hands returned %zu rows for %zu lines", rows, newlines + 1);
        free(cards);
        free(text);
        tried++;
    }
    return tried;
}

int main(void)
{
    size_t lengths = check_the_longest_line();
    size_t pairs = check_a_long_line_after_a_short_one();
    size_t strings = check_long_random_strings();
    printf("check_text: OK (%zu padded lengths, %zu two-line texts, %zu random strings)\n", lengths,
           pairs, strings);
    return 0;
}
