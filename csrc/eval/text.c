/* Reading hands from text in C, for the single-call fast path and for batches of text.
 *
 * It accepts a subset of what badugi_fast.cards reads (which is the specification): cards as a
 * rank (A 2-9 T 10 J Q K, any case) and a suit (c d h s any case, or UTF-8 ♣♦♥♠ ♧♢♡♤ ◇◆) in
 * either order, separated by ASCII whitespace or commas, or run together. On anything else it
 * reports failure and the Python reader takes over, to accept what it may or name the bad token.
 * A line of more than HAND_TEXT_MAX bytes is such a failure: the Python reader refuses it.
 */
#include "eval/badugi.h"

/* The longest line read as a hand, in bytes: badugi_fast.cards.MAX_HAND_TEXT, whose reader refuses
 * text of more characters (four cards and room for separators). A longer line goes to that reader,
 * so both refuse the same texts (a character is at least one byte) and a huge line is never read. */
#define HAND_TEXT_MAX 256

/* Byte classes, so reading a card is table lookups rather than mispredicted branches:
 * rank + 1 for a rank character ('1' is handled apart: only "10" is a rank), suit + 1 for an
 * ASCII suit letter, and separators (ASCII whitespace and the comma). */
static const uint8_t rank_plus1[256] = {
    ['A'] = 1, ['a'] = 1, ['2'] = 2, ['3'] = 3, ['4'] = 4, ['5'] = 5, ['6'] = 6, ['7'] = 7,
    ['8'] = 8, ['9'] = 9, ['T'] = 10, ['t'] = 10, ['J'] = 11, ['j'] = 11, ['Q'] = 12,
    ['q'] = 12, ['K'] = 13, ['k'] = 13,
};
static const uint8_t suit_plus1[256] = {
    ['c'] = 1, ['C'] = 1, ['d'] = 2, ['D'] = 2, ['h'] = 3, ['H'] = 3, ['s'] = 4, ['S'] = 4,
};
static const uint8_t separator[256] = {
    [' '] = 1, [','] = 1, ['\t'] = 1, ['\n'] = 1, ['\v'] = 1, ['\f'] = 1, ['\r'] = 1,
};

static int is_separator(unsigned char ch)
{
    return separator[ch];
}

/* Rank at s[*i], advancing *i past it; -1 if there is none. */
static int read_rank(const unsigned char *s, size_t len, size_t *i)
{
    unsigned char ch = s[*i];
    if (rank_plus1[ch]) {
        *i += 1;
        return rank_plus1[ch] - 1;
    }
    if (ch == '1' && *i + 1 < len && s[*i + 1] == '0') {
        *i += 2;
        return 9;
    }
    return -1;
}

/* Suit at s[*i], advancing *i past it; -1 if there is none. */
static int read_suit(const unsigned char *s, size_t len, size_t *i)
{
    unsigned char ch = s[*i];
    if (suit_plus1[ch]) {
        *i += 1;
        return suit_plus1[ch] - 1;
    }
    if (ch != 0xE2 || *i + 2 >= len)
        return -1;
    unsigned char b1 = s[*i + 1], b2 = s[*i + 2];
    int suit = -1;
    if (b1 == 0x99) { /* U+2660..U+2667: ♠♡♢♣♤♥♦♧ */
        static const signed char suits[8] = {3, 2, 1, 0, 3, 2, 1, 0};
        if (b2 >= 0xA0 && b2 <= 0xA7)
            suit = suits[b2 - 0xA0];
    } else if (b1 == 0x97 && (b2 == 0x86 || b2 == 0x87)) { /* ◆ ◇ */
        suit = 1;
    }
    if (suit >= 0)
        *i += 3;
    return suit;
}

/* One card at s[*i] (rank then suit, else suit then rank); -1 if there is none. */
static int read_card(const unsigned char *s, size_t len, size_t *i)
{
    size_t j = *i;
    int rank = read_rank(s, len, &j);
    if (rank >= 0 && j < len) {
        int suit = read_suit(s, len, &j);
        if (suit >= 0) {
            *i = j;
            return 4 * rank + suit;
        }
    }
    j = *i;
    int suit = read_suit(s, len, &j);
    if (suit >= 0 && j < len) {
        rank = read_rank(s, len, &j);
        if (rank >= 0) {
            *i = j;
            return 4 * rank + suit;
        }
    }
    return -1;
}

/* Reads exactly four distinct cards from s[0..len) into ids; returns 1, or 0 on anything else. */
static int read_hand(const unsigned char *s, size_t len, uint8_t ids[4])
{
    size_t i = 0;
    int count = 0;
    uint64_t seen = 0;
    if (len > HAND_TEXT_MAX)
        return 0;
    for (;;) {
        while (i < len && is_separator(s[i]))
            i++;
        if (i == len)
            return count == 4;
        int card = read_card(s, len, &i);
        if (card < 0 || count == 4 || (seen >> card & 1))
            return 0;
        seen |= (uint64_t)1 << card;
        ids[count++] = (uint8_t)card;
    }
}

int32_t bf_parse_hand(const char *text, size_t len)
{
    uint8_t ids[4];
    if (!read_hand((const unsigned char *)text, len, ids))
        return -1;
    return (int32_t)(ids[0] | ids[1] << 8 | ids[2] << 16 | (uint32_t)ids[3] << 24);
}

int bf_rank_text(const char *text, size_t len)
{
    uint8_t ids[4];
    if (!read_hand((const unsigned char *)text, len, ids))
        return 0;
    return bf_rank(ids[0], ids[1], ids[2], ids[3]);
}

size_t bf_parse_hands(const char *text, size_t len, size_t rows, uint8_t *cards)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t start = 0;
    for (size_t row = 0; row < rows; row++) {
        size_t end = start;
        while (end < len && s[end] != '\n')
            end++;
        if (!read_hand(s + start, end - start, cards + 4 * row))
            return row;
        start = end + 1;
    }
    return rows;
}

size_t bf_parse_lines(const char *text, size_t len, size_t max_rows, uint8_t *cards, size_t *stop)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t start = 0, row = 0;
    while (start < len && row < max_rows) {
        size_t end = start, blank = 1;
        while (end < len && s[end] != '\n')
            blank &= is_separator(s[end++]);
        if (!blank && !read_hand(s + start, end - start, cards + 4 * row)) {
            *stop = start;
            return row;
        }
        row += !blank;
        start = end + 1;
    }
    *stop = start < len ? start : len;
    return row;
}
