/* check_text: the text readers of csrc/eval/text.c at and beyond the longest hand text, and the
 * line formatter of csrc/eval/format.c, written to run under sanitizers
 * (tests/c/test_text_sanitizers.py builds it with every C file of csrc/ under
 * -fsanitize=address,undefined).
 *
 * A line of more than 256 bytes (badugi_fast.cards.MAX_HAND_TEXT) is left to the Python reader,
 * which refuses it: the C reader must read a padded hand up to that length and refuse one byte
 * more, in every entry point (bf_parse_hand, bf_rank_text, bf_parse_hands, bf_parse_lines), and
 * long random strings must never be read past their end. bf_format_lines writes the lines a
 * plain reference writes, for every hand and random tables of texts (empty, short and long, padded
 * or not), stops at whole lines in any smaller buffer, and refuses bad rows, bad tables and NULLs.
 * Every buffer is malloc'ed at exactly its size, so AddressSanitizer reports any access past it. Exits 1 at the first failure; prints
 * one summary line on success.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/badugi.h"
#include "eval/format.h"

#define LONGEST 256   /* bytes: the longest line the C reader reads as a hand */
#define GOLF_RANK 1   /* "As 2d 3h 4c" */
#define GOLF_IDS ((int32_t)(3 | 5 << 8 | 10 << 16 | 12 << 24))

#define CHECK_NAME "check_text"
#include "check_common.h"

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

/* A table of line texts in one malloc'ed buffer of exactly its size (plus `padding` bytes). */
typedef struct {
    bf_line_texts texts;
    char *bytes;
    uint32_t offsets[BF_LINE_TEXTS + 1];
} text_table;

/* Text i: for the plain table, card names ("As"), " ", "", "#", "\t", "\t<rank>\t" and "\n";
 * for a random one, 0..40 random printable bytes each (some empty, some past the copy width). */
static void table_init(text_table *table, uint64_t *random_state, size_t padding)
{
    static const char ranks[] = "A23456789TJQK", suits[] = "cdhs";
    char *texts[BF_LINE_TEXTS];
    size_t total = 0;
    for (size_t i = 0; i < BF_LINE_TEXTS; i++) {
        char text[64] = "";
        if (random_state != NULL) {
            size_t len = (size_t)(next_random(random_state) % 41);
            for (size_t j = 0; j < len; j++)
                text[j] = (char)(' ' + next_random(random_state) % 95);
            text[len] = '\0';
        } else if (i < BF_LINE_SEPARATOR) {
            snprintf(text, sizeof text, "%c%c", ranks[i / 4], suits[i % 4]);
        } else if (i >= BF_LINE_MIDDLE && i < BF_LINE_END) {
            snprintf(text, sizeof text, "\t%zu\t", i - BF_LINE_MIDDLE + 1);
        } else {
            const char *fixed = i == BF_LINE_SEPARATOR ? " " : i == BF_LINE_NUMBER_BEFORE ? "#"
                                : i == BF_LINE_NUMBER_AFTER ? "\t" : i >= BF_LINE_END ? "\n" : "";
            snprintf(text, sizeof text, "%s", fixed);
        }
        texts[i] = xmalloc(strlen(text) + 1);
        memcpy(texts[i], text, strlen(text) + 1);
        table->offsets[i] = (uint32_t)total;
        total += strlen(text);
    }
    table->offsets[BF_LINE_TEXTS] = (uint32_t)total;
    table->bytes = xmalloc(total + padding);
    memset(table->bytes, 0, total + padding);
    for (size_t i = 0; i < BF_LINE_TEXTS; i++) {
        memcpy(table->bytes + table->offsets[i], texts[i], strlen(texts[i]));
        free(texts[i]);
    }
    table->texts.bytes = table->bytes;
    table->texts.len = total + padding;
    table->texts.offsets = table->offsets;
}

/* Appends text i of the table at *at, the reference's way: one byte at a time. */
static void append(const text_table *table, size_t i, char *out, size_t *at)
{
    for (uint32_t k = table->offsets[i]; k < table->offsets[i + 1]; k++)
        out[(*at)++] = table->bytes[k];
}

/* The reference: row by row, bf_describe, then the texts in the order eval/format.h gives.
 * out must be large enough; returns the bytes written. */
static size_t reference_lines(const uint8_t *cards, size_t n, const text_table *table,
                              uint64_t first_number, char *out)
{
    size_t at = 0;
    for (size_t r = 0; r < n; r++) {
        const uint8_t *row = cards + 4 * r;
        int packed = bf_describe(row[0], row[1], row[2], row[3]);
        unsigned sorted[4] = {row[0], row[1], row[2], row[3]}, mask = (unsigned)packed >> 16;
        for (int i = 0; i < 4; i++) /* insertion sort: a second way to order the ids */
            for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
                unsigned t = sorted[j];
                sorted[j] = sorted[j - 1];
                sorted[j - 1] = t;
            }
        if (first_number > 0) {
            char digits[32];
            int len = snprintf(digits, sizeof digits, "%llu",
                               (unsigned long long)(first_number + r));
            append(table, BF_LINE_NUMBER_BEFORE, out, &at);
            memcpy(out + at, digits, (size_t)len);
            at += (size_t)len;
            append(table, BF_LINE_NUMBER_AFTER, out, &at);
        }
        append(table, BF_LINE_START, out, &at);
        for (int i = 0; i < 4; i++) {
            if (i > 0)
                append(table, BF_LINE_SEPARATOR, out, &at);
            append(table, BF_LINE_CARD + row[i], out, &at);
        }
        append(table, BF_LINE_MIDDLE + (size_t)(packed & 0xFFFF) - 1, out, &at);
        int shown = 0;
        for (int bit = 3; bit >= 0; bit--)
            if (mask >> bit & 1) {
                if (shown++ > 0)
                    append(table, BF_LINE_SEPARATOR, out, &at);
                append(table, BF_LINE_CARD + sorted[bit], out, &at);
            }
        append(table, BF_LINE_END + (size_t)(packed & 0xFFFF) - 1, out, &at);
    }
    return at;
}

/* Formats rows into a buffer of exactly `capacity` bytes; fails unless the status is `status`. */
static size_t format_into(const uint8_t *cards, size_t n, const text_table *table,
                          uint64_t first_number, size_t capacity, char **out, size_t *used,
                          int status)
{
    size_t rows = 0;
    *out = xmalloc(capacity);
    int got = bf_format_lines(cards, n, &table->texts, first_number, *out, capacity, &rows, used);
    if (got != status)
        fail("bf_format_lines returned %d, expected %d (%zu rows)", got, status, n);
    if (*used > capacity || rows > n)
        fail("bf_format_lines reported %zu bytes, %zu rows for %zu bytes", *used, rows, capacity);
    return rows;
}

/* Every hand (in a rotated card order), plain and random texts, padded or not, numbered or not:
 * the same bytes as the reference, in a buffer of exactly that size. */
static size_t check_format_matches_the_reference(void)
{
    size_t n = BF_NUM_HANDS, row = 0;
    uint8_t *cards = xmalloc(4 * n);
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int c = b + 1; c < 52; c++)
                for (int d = c + 1; d < 52; d++, row++) {
                    int ids[4] = {a, b, c, d}, turn = (int)(row % 4);
                    for (int i = 0; i < 4; i++)
                        cards[4 * row + i] = (uint8_t)ids[(i + turn) % 4];
                }
    uint64_t state = 0x9E3779B97F4A7C15u;
    size_t checked = 0;
    for (int variant = 0; variant < 6; variant++) {
        text_table table;
        table_init(&table, variant < 2 ? NULL : &state, variant % 2 ? BF_LINE_PADDING : 0);
        uint64_t first = variant == 3 ? 1 : variant == 5 ? UINT64_MAX - n + 1 : 0;
        size_t rows = variant < 2 ? n : 5000, longest = 2 * 40 * 8 + 3 * 40 + 64;
        char *expected = xmalloc(rows * longest);
        size_t size = reference_lines(cards, rows, &table, first, expected), used = 0;
        char *out = NULL;
        if (format_into(cards, rows, &table, first, size, &out, &used, BF_FORMAT_OK) != rows
            || used != size || memcmp(out, expected, size) != 0)
            fail("bf_format_lines differs from the reference (variant %d)", variant);
        free(out);
        free(expected);
        free(table.bytes);
        checked += rows;
    }
    free(cards);
    return checked;
}

/* Every capacity from 0 to the full size: whole lines only, the bytes of the reference. */
static size_t check_format_stops_at_whole_lines(void)
{
    static const uint8_t cards[] = {0, 5, 10, 15, 51, 50, 49, 48, 3, 7, 2, 44, 12, 13, 14, 15};
    size_t n = sizeof cards / 4, checked = 0;
    for (int padded = 0; padded < 2; padded++) {
        text_table table;
        table_init(&table, NULL, padded ? BF_LINE_PADDING : 0);
        char expected[1024];
        size_t ends[5] = {0};
        for (size_t r = 1; r <= n; r++)
            ends[r] = reference_lines(cards, r, &table, 7, expected);
        for (size_t capacity = 0; capacity <= ends[n] + BF_LINE_PADDING + 1; capacity++) {
            char *out = NULL;
            size_t used = 0, rows = format_into(cards, n, &table, 7, capacity, &out, &used,
                                                BF_FORMAT_OK);
            size_t fit = 0;
            while (fit < n && ends[fit + 1] <= capacity)
                fit++;
            if (rows != fit || used != ends[fit] || memcmp(out, expected, used) != 0)
                fail("capacity %zu: %zu rows, %zu bytes; expected %zu rows", capacity, rows, used,
                     fit);
            free(out);
            checked++;
        }
        free(table.bytes);
    }
    return checked;
}

/* Bad rows stop at their index; bad tables, NULLs and overflowing numbers write nothing. */
static size_t check_format_refuses_bad_input(void)
{
    text_table table;
    table_init(&table, NULL, 0);
    size_t checked = 0, used = 0, rows = 0;
    char *out = NULL;
    static const uint8_t bad_rows[][8] = {
        {0, 5, 10, 15, 0, 5, 10, 52}, {0, 5, 10, 15, 7, 7, 1, 2}, {0, 5, 10, 15, 255, 1, 2, 3}};
    for (size_t i = 0; i < 3; i++, checked++) {
        rows = format_into(bad_rows[i], 2, &table, 0, 4096, &out, &used, BF_FORMAT_BAD_ROW);
        if (rows != 1 || used == 0)
            fail("bad row %zu: %zu rows done, %zu bytes", i, rows, used);
        free(out);
    }
    static const uint8_t two[] = {0, 5, 10, 15, 1, 6, 11, 16};
    format_into(two, 2, &table, UINT64_MAX, 4096, &out, &used, BF_FORMAT_BAD_ARGUMENTS);
    free(out);
    table.texts.len = table.offsets[BF_LINE_TEXTS] - 1; /* the last text passes the end */
    format_into(two, 2, &table, 0, 4096, &out, &used, BF_FORMAT_BAD_ARGUMENTS);
    free(out);
    table.texts.len += 1;
    table.offsets[10] = table.offsets[11] + 1; /* decreasing */
    format_into(two, 2, &table, 0, 4096, &out, &used, BF_FORMAT_BAD_ARGUMENTS);
    free(out);
    table.offsets[10] = table.offsets[11];
    out = xmalloc(4096);
    if (bf_format_lines(NULL, 2, &table.texts, 0, out, 4096, &rows, &used) != BF_FORMAT_BAD_ARGUMENTS
        || bf_format_lines(two, 2, NULL, 0, out, 4096, &rows, &used) != BF_FORMAT_BAD_ARGUMENTS
        || bf_format_lines(two, 2, &table.texts, 0, NULL, 4096, &rows, &used)
               != BF_FORMAT_BAD_ARGUMENTS
        || bf_format_lines(two, 2, &table.texts, 0, out, 4096, NULL, &used)
               != BF_FORMAT_BAD_ARGUMENTS
        || bf_format_lines(two, 2, &table.texts, 0, out, 4096, &rows, NULL)
               != BF_FORMAT_BAD_ARGUMENTS)
        fail("a NULL argument was not refused");
    free(out);
    free(table.bytes);
    return checked + 8;
}

int main(void)
{
    size_t lengths = check_the_longest_line();
    size_t pairs = check_a_long_line_after_a_short_one();
    size_t strings = check_long_random_strings();
    size_t lines = check_format_matches_the_reference();
    size_t capacities = check_format_stops_at_whole_lines();
    size_t refusals = check_format_refuses_bad_input();
    printf("check_text: OK (%zu padded lengths, %zu two-line texts, %zu random strings, %zu "
           "formatted lines, %zu capacities, %zu refusals)\n",
           lengths, pairs, strings, lines, capacities, refusals);
    return 0;
}
