/* Output lines of eval and compare (see eval/format.h): the caller's texts laid end to end, row
 * by row, each line measured before it is written so nothing passes the end of `out`.
 */
#include <string.h>

#include "eval/lookup.h"
#include "eval/format.h"

#define COPY_WIDTH BF_LINE_PADDING /* bytes copied at once for a short piece */
#define DESCRIBE_AHEAD 64          /* rows described before their lines are written */

typedef struct {
    const char *at;
    size_t len;
} piece;

/* Everything one call shares: the texts as pieces, and whether short pieces may be copied
 * COPY_WIDTH bytes at a time (the caller padded the texts: see layout_init). */
typedef struct {
    const bf_line_texts *texts;
    piece names[BF_NUM_CARDS];
    piece separator, start, number_before, number_after;
    int padded;
} layout;

static piece text_at(const bf_line_texts *texts, size_t i)
{
    piece text = {texts->bytes + texts->offsets[i], texts->offsets[i + 1] - texts->offsets[i]};
    return text;
}

/* Offsets never decrease and stay inside the buffer, so every text is a slice of it. */
static int texts_valid(const bf_line_texts *texts)
{
    if (texts == NULL || texts->bytes == NULL || texts->offsets == NULL)
        return 0;
    for (size_t i = 0; i < BF_LINE_TEXTS; i++)
        if (texts->offsets[i] > texts->offsets[i + 1])
            return 0;
    return texts->offsets[BF_LINE_TEXTS] <= texts->len;
}

static void layout_init(layout *lines, const bf_line_texts *texts)
{
    lines->texts = texts;
    for (size_t id = 0; id < BF_NUM_CARDS; id++)
        lines->names[id] = text_at(texts, BF_LINE_CARD + id);
    lines->separator = text_at(texts, BF_LINE_SEPARATOR);
    lines->start = text_at(texts, BF_LINE_START);
    lines->number_before = text_at(texts, BF_LINE_NUMBER_BEFORE);
    lines->number_after = text_at(texts, BF_LINE_NUMBER_AFTER);
    /* COPY_WIDTH bytes from the start of any text stay inside the buffer. */
    lines->padded = texts->len - texts->offsets[BF_LINE_TEXTS] >= COPY_WIDTH;
}

/* value in decimal, ending at digits + BF_FORMAT_MAX_DIGITS; returns where it starts. */
static char *decimal(uint64_t value, char *digits)
{
    char *start = digits + BF_FORMAT_MAX_DIGITS;
    do {
        *--start = (char)('0' + value % 10);
        value /= 10;
    } while (value);
    return start;
}

/* Copies a piece; with `spare` (COPY_WIDTH bytes of room past the line and of text past the
 * piece), a short piece as one fixed-width copy, which compiles to a couple of moves instead of
 * a call: the bytes past the piece are overwritten by the next piece or left past the line. */
static char *put(char *at, piece text, int spare)
{
    if (spare && text.len <= COPY_WIDTH)
        memcpy(at, text.at, COPY_WIDTH);
    else
        memcpy(at, text.at, text.len);
    return at + text.len;
}

/* What a row's line shows: its cards as dealt, its rank and its badugi cards. */
typedef struct {
    unsigned dealt[4];
    unsigned best[4]; /* the badugi cards, highest id first */
    unsigned best_count;
    unsigned rank;
    piece number; /* empty when lines are not numbered */
} row_parts;

/* The row's parts from bf_describe's rank | mask << 16 (nonzero) for it. */
static void read_row(const uint8_t *row, int packed, row_parts *parts)
{
    unsigned sorted[4] = {row[0], row[1], row[2], row[3]}, mask = (unsigned)packed >> 16;
    BF_SORT4(sorted[0], sorted[1], sorted[2], sorted[3]);
    parts->rank = (unsigned)packed & 0xFFFF;
    parts->best_count = 0;
    for (int bit = 3; bit >= 0; bit--)
        if (mask >> bit & 1)
            parts->best[parts->best_count++] = sorted[bit];
    for (int i = 0; i < 4; i++)
        parts->dealt[i] = row[i];
}

/* The length of the cards' names with the separator between them (put_list writes them). */
static uint64_t list_length(const layout *lines, const unsigned *ids, unsigned n)
{
    uint64_t len = (uint64_t)lines->separator.len * (n - 1);
    for (unsigned i = 0; i < n; i++)
        len += lines->names[ids[i]].len;
    return len;
}

static char *put_list(char *at, const layout *lines, const unsigned *ids, unsigned n, int spare)
{
    at = put(at, lines->names[ids[0]], spare);
    for (unsigned i = 1; i < n; i++)
        at = put(put(at, lines->separator, spare), lines->names[ids[i]], spare);
    return at;
}

/* Writes the row's line at `at` if it fits in `room` bytes; returns its end, or NULL. */
static char *put_line(char *at, size_t room, const layout *lines, const row_parts *parts)
{
    piece middle = text_at(lines->texts, BF_LINE_MIDDLE + parts->rank - 1);
    piece end = text_at(lines->texts, BF_LINE_END + parts->rank - 1);
    int numbered = parts->number.len > 0;
    /* Offsets are 32-bit, so each part is below 2^32 bytes and the sum fits in 64 bits. */
    uint64_t len = (numbered ? lines->number_before.len + parts->number.len
                                   + lines->number_after.len : 0)
                   + lines->start.len + list_length(lines, parts->dealt, 4) + middle.len
                   + list_length(lines, parts->best, parts->best_count) + end.len;
    if (len > room)
        return NULL;
    int spare = lines->padded && room - len >= COPY_WIDTH;
    if (numbered) {
        at = put(at, lines->number_before, spare);
        at = put(put(at, parts->number, spare), lines->number_after, spare);
    }
    at = put_list(put(at, lines->start, spare), lines, parts->dealt, 4, spare);
    at = put_list(put(at, middle, spare), lines, parts->best, parts->best_count, spare);
    return put(at, end, spare);
}

int bf_format_lines(const uint8_t *cards, size_t n, const bf_line_texts *texts,
                    uint64_t first_number, char *out, size_t capacity, size_t *rows_done,
                    size_t *used)
{
    if (rows_done == NULL || used == NULL)
        return BF_FORMAT_BAD_ARGUMENTS;
    *rows_done = 0;
    *used = 0;
    if (cards == NULL || out == NULL || !texts_valid(texts)
        || (first_number > 0 && n > UINT64_MAX - first_number + 1))
        return BF_FORMAT_BAD_ARGUMENTS;
    layout lines;
    layout_init(&lines, texts);
    /* The number's digits end at BF_FORMAT_MAX_DIGITS, with COPY_WIDTH zeros after them for put. */
    char digits[BF_FORMAT_MAX_DIGITS + COPY_WIDTH] = {0};
    size_t written = 0;
    for (size_t lo = 0; lo < n; lo += DESCRIBE_AHEAD) {
        size_t count = n - lo < DESCRIBE_AHEAD ? n - lo : DESCRIBE_AHEAD;
        int packed[DESCRIBE_AHEAD];
        for (size_t i = 0; i < count; i++) { /* independent table reads: their misses overlap */
            const uint8_t *row = cards + 4 * (lo + i);
            packed[i] = bf_describe(row[0], row[1], row[2], row[3]);
        }
        for (size_t i = 0; i < count; i++) {
            if (packed[i] == 0) {
                *used = written;
                return BF_FORMAT_BAD_ROW;
            }
            row_parts parts;
            read_row(cards + 4 * (lo + i), packed[i], &parts);
            parts.number.at = digits + BF_FORMAT_MAX_DIGITS;
            if (first_number > 0)
                parts.number.at = decimal(first_number + lo + i, digits);
            parts.number.len = (size_t)(digits + BF_FORMAT_MAX_DIGITS - parts.number.at);
            char *end = put_line(out + written, capacity - written, &lines, &parts);
            if (end == NULL) {
                *used = written;
                return BF_FORMAT_OK;
            }
            written = (size_t)(end - out);
            *rows_done = lo + i + 1;
        }
    }
    *used = written;
    return BF_FORMAT_OK;
}
