/* Output lines of `badugi eval` and `badugi compare` written in C: per hand, its dealt cards, then
 * a text chosen by its rank, its badugi cards (highest first, the subset bf_describe picks), and a
 * closing text chosen by its rank; optionally a line number before all of it.
 *
 * Every text comes from the caller (badugi_fast/cli/io/batch.py builds them from the deck and the
 * naming tables), so a card or hand name is written once, in Python, and C only lays them out.
 * Cards are encoded as in eval/badugi.h; an id outside 0..51 or a repeated id is reported, never
 * read.
 */
#ifndef BADUGI_EVAL_FORMAT_H
#define BADUGI_EVAL_FORMAT_H

#include "eval/badugi.h"

/* The texts of a line, as one table of BF_LINE_TEXTS strings: string i is
 * bytes[offsets[i] .. offsets[i + 1]), so offsets holds BF_LINE_TEXTS + 1 non-decreasing values,
 * the last at most len. Which string is which: */
#define BF_LINE_CARD 0            /* + card id: the card's name ("As", or "\"As\"" for JSON) */
#define BF_LINE_SEPARATOR 52      /* between two cards of a list */
#define BF_LINE_START 53          /* first on a line (after its number) */
#define BF_LINE_NUMBER_BEFORE 54  /* before a line's number, when lines are numbered */
#define BF_LINE_NUMBER_AFTER 55   /* after it */
#define BF_LINE_MIDDLE 56         /* + rank - 1: between the dealt cards and the badugi cards */
#define BF_LINE_END (BF_LINE_MIDDLE + BF_NUM_RANKS) /* + rank - 1: after the badugi cards */
#define BF_LINE_TEXTS (BF_LINE_END + BF_NUM_RANKS)

/* Texts followed by this many more bytes of the buffer (counted in len) are copied faster. */
#define BF_LINE_PADDING 16

/* Digits of the longest line number (a uint64_t in decimal). */
#define BF_FORMAT_MAX_DIGITS 20

typedef struct {
    const char *bytes;
    size_t len;
    const uint32_t *offsets; /* BF_LINE_TEXTS + 1 of them */
} bf_line_texts;

/* What bf_format_lines returns. BAD_ARGUMENTS: a NULL pointer, offsets that decrease or pass
 * len, or line numbers past UINT64_MAX. BAD_ROW: row *rows_done has an id outside 0..51 or a
 * repeated id. */
#define BF_FORMAT_OK 0
#define BF_FORMAT_BAD_ARGUMENTS (-1)
#define BF_FORMAT_BAD_ROW (-2)

/* Writes the lines of rows 0 .. n - 1 of cards (4 ids a row) into out[0 .. capacity), whole lines
 * only: it stops before the first line that would not fit; bytes of out past the lines written
 * may change too (a line with BF_LINE_PADDING bytes of room after it is written faster). With first_number > 0, row i's line
 * starts with NUMBER_BEFORE, first_number + i in decimal, NUMBER_AFTER. Sets *rows_done to the
 * rows written and *used to their bytes; returns BF_FORMAT_OK (check *rows_done < n for a full
 * buffer) or an error above, having written nothing for BAD_ARGUMENTS. */
int bf_format_lines(const uint8_t *cards, size_t n, const bf_line_texts *texts,
                    uint64_t first_number, char *out, size_t capacity, size_t *rows_done,
                    size_t *used);

#endif
