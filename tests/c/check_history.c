/* check_history: the C reader of PokerStars histories (csrc/notation/: notation/history.h and
 * the stages behind it), written to run under sanitizers.
 *
 * tests/c/test_history_sanitizers.py builds this driver together with every C file of csrc/
 * using -fsanitize=address,undefined and runs it on a corpus of PokerStars hands (the fixtures
 * and hands of random play). Every text it scans is copied into a buffer malloc'ed at exactly
 * its length, so a read past the end stops the run. The driver checks:
 *   - the corpus scanned whole and fed in pieces of 13, 101 and 4096 bytes (keeping what a scan
 *     did not consume, as histories/reader.py does), into few rows and a small `out`: the same
 *     hands, given back or imported alike, with the same PHH text; most of them imported;
 *   - every row in bounds: its hand inside the text, after the one before, each text field
 *     and the PHH inside what `out` holds (places counted in UTF-8 characters), the seats and
 *     counts in range;
 *   - 4000 mutations of the corpus (bytes flipped, replaced by line breaks, spaces, colons,
 *     brackets and digits, tokens of the format inserted, ranges dropped or repeated, the text
 *     cut short) scanned whole and in pieces: rows in bounds every time;
 *   - the arguments bf_history_scan must refuse.
 * The driver exits 1 with a message at the first failure and prints one summary line on success.
 *
 * Usage: check_history CORPUS
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/history.h"

#define CHECK_NAME "check_history"
#include "check_common.h"

#define MAX_ROWS 8

typedef struct {
    uint64_t hands, imported, rest, digest;
} tally;

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9E3779B97F4A7C15u + (h << 6) + (h >> 2);
    return h;
}

static uint64_t mix_bytes(uint64_t h, const char *s, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        h = mix(h, (unsigned char)s[i]);
    return h;
}

/* The byte of out[0 .. len) (UTF-8) where character `chars` starts; -1 past the end. */
static int64_t byte_of(const char *out, int64_t len, int64_t chars)
{
    int64_t k = 0;
    for (int64_t i = 0; i < len; i++)
        if (((unsigned char)out[i] & 0xC0) != 0x80 && k++ == chars)
            return i;
    return k == chars ? len : -1;
}

/* A row's (offset, length) in characters: inside what out holds; its bytes' place. */
static void check_span(const int64_t *row, int at, const char *out, int64_t out_len,
                       const char *what, int64_t *begin, int64_t *end)
{
    *begin = row[at] < 0 ? -1 : byte_of(out, out_len, row[at]);
    *end = row[at + 1] < 0 || *begin < 0 ? -1 : byte_of(out, out_len, row[at] + row[at + 1]);
    if (*begin < 0 || *end < 0)
        fail("%s at character %lld, %lld long, outside the %lld bytes written", what,
             (long long)row[at], (long long)row[at + 1], (long long)out_len);
}

/* Checks a scan's rows; adds them to the tally (`base`: the scanned text's offset). */
static void check_rows(const int64_t *rows, const bf_history_progress *p, int64_t len,
                       const char *out, int64_t base, int64_t *last_end, tally *t)
{
    if (p->rows < 0 || p->rows > MAX_ROWS || p->consumed < 0 || p->consumed > len ||
        p->out_len < 0 || p->out_len > BF_HISTORY_OUT_MIN)
        fail("progress out of range: rows %lld consumed %lld of %lld out %lld",
             (long long)p->rows, (long long)p->consumed, (long long)len, (long long)p->out_len);
    for (int64_t r = 0; r < p->rows; r++) {
        const int64_t *row = rows + r * BF_HISTORY_ROW;
        if (row[BF_HR_STATUS] != BF_HISTORY_OK && row[BF_HR_STATUS] != BF_HISTORY_PYTHON)
            fail("row %lld: status %lld", (long long)r, (long long)row[BF_HR_STATUS]);
        if (row[BF_HR_BEGIN] < 0 || row[BF_HR_BEGIN] >= row[BF_HR_END] || row[BF_HR_END] > len ||
            base + row[BF_HR_BEGIN] != *last_end)
            fail("row %lld: the hand %lld .. %lld of %lld bytes (the last ended at %lld)",
                 (long long)r, (long long)row[BF_HR_BEGIN], (long long)row[BF_HR_END],
                 (long long)len, (long long)*last_end);
        *last_end = base + row[BF_HR_END];
        t->hands++;
        t->digest = mix(mix(t->digest, (uint64_t)(base + row[BF_HR_BEGIN])),
                        (uint64_t)row[BF_HR_STATUS]);
        if (row[BF_HR_STATUS] != BF_HISTORY_OK)
            continue;
        t->imported++;
        int64_t b, e;
        for (int i = BF_HR_PHH; i <= BF_HR_PHH_TAIL; i += 2) {
            check_span(row, i, out, p->out_len, "the PHH text", &b, &e);
            t->digest = mix_bytes(t->digest, out + b, e - b);
        }
        check_span(row, BF_HR_ID, out, p->out_len, "the hand id", &b, &e);
        check_span(row, BF_HR_CURRENCY, out, p->out_len, "the currency", &b, &e);
        int64_t seats = row[BF_HR_SEATS];
        if (seats < 2 || seats > 8 || row[BF_HR_WON] < 0 || row[BF_HR_WON] > seats ||
            row[BF_HR_LABELS] < 0 || row[BF_HR_LABELS] > seats)
            fail("row %lld: %lld seats, %lld won, %lld labels", (long long)r, (long long)seats,
                 (long long)row[BF_HR_WON], (long long)row[BF_HR_LABELS]);
        for (int64_t s = 0; s < seats; s++)
            check_span(row, (int)(BF_HR_SEAT + 4 * s + 1), out, p->out_len, "a name", &b, &e);
        for (int64_t w = 0; w < row[BF_HR_WON]; w++)
            if (row[BF_HR_WON + 1 + 2 * w] < 0 || row[BF_HR_WON + 1 + 2 * w] >= seats)
                fail("row %lld: a winner outside the seats", (long long)r);
        for (int64_t l = 0; l < row[BF_HR_LABELS]; l++) {
            if (row[BF_HR_LABELS + 1 + 3 * l] < 0 || row[BF_HR_LABELS + 1 + 3 * l] >= seats)
                fail("row %lld: a label outside the seats", (long long)r);
            check_span(row, (int)(BF_HR_LABELS + 2 + 3 * l), out, p->out_len, "a label", &b, &e);
        }
        if (BF_HR_FIGURES + BF_HR_FIGURE_WIDTH * 8 > BF_HISTORY_ROW)
            fail("the row has no room for eight seats' figures");
        int64_t net = 0;
        for (int64_t s = 0; s < seats; s++) {
            const int64_t *f = row + BF_HR_FIGURES + BF_HR_FIGURE_WIDTH * s;
            net += f[0];
            int pat_last = f[4] == 0;
            if (f[1] < 0 || f[1] > 63 || ((f[1] & BF_HF_SNOWED) && !pat_last) ||
                ((f[1] & BF_HF_RAISED) && !(f[1] & BF_HF_VOLUNTARY)))
                fail("row %lld seat %lld: flags %lld", (long long)r, (long long)s,
                     (long long)f[1]);
            for (int d = 2; d < 5; d++)
                if (f[d] < -1 || f[d] > 4)
                    fail("row %lld seat %lld: %lld cards drawn", (long long)r, (long long)s,
                         (long long)f[d]);
            t->digest = mix(mix(t->digest, (uint64_t)f[0]), (uint64_t)f[1]);
        }
        if (net > 0 || -net != row[BF_HR_RAKE])
            fail("row %lld: the seats' net sums to %lld with a rake of %lld", (long long)r,
                 (long long)net, (long long)row[BF_HR_RAKE]);
    }
}

/* The text scanned as reader.py scans it, fed `piece` bytes at a time (0: whole), each scan's
 * text in a buffer of exactly its length. */
static tally scan(const char *text, int64_t len, int64_t piece, int64_t max_rows)
{
    tally t = {0, 0, 0, 0};
    int64_t *rows = xmalloc(sizeof(int64_t) * BF_HISTORY_ROW * MAX_ROWS);
    char *out = xmalloc(BF_HISTORY_OUT_MIN);
    bf_history_progress p;
    int64_t at = 0, fed = piece ? (piece < len ? piece : len) : len, line = 1, last_end = 0;
    int final = fed == len;
    for (int calls = 0;; calls++) {
        if (calls > 100 * (len + 10))
            fail("the scan does not end (%lld bytes, pieces of %lld)", (long long)len,
                 (long long)piece);
        int64_t n = fed - at;
        char *buffer = xmalloc((size_t)n);
        memcpy(buffer, text + at, (size_t)n);
        int status = bf_history_scan(buffer, n, final, line, rows, max_rows, out,
                                     BF_HISTORY_OUT_MIN, &p);
        if (status == BF_HISTORY_BAD_ARGS)
            fail("a text that begins with a hand refused (%lld bytes at %lld)", (long long)n,
                 (long long)at);
        check_rows(rows, &p, n, out, at, &last_end, &t);
        free(buffer);
        if (p.line < line)
            fail("the line number went back from %lld to %lld", (long long)line,
                 (long long)p.line);
        at += p.consumed, line = p.line;
        if (status == BF_HISTORY_DONE) {
            if (at != len || !final)
                fail("done at %lld of %lld bytes", (long long)at, (long long)len);
            break;
        }
        if (status == BF_HISTORY_REST) {
            t.rest = 1;
            t.digest = mix(t.digest, (uint64_t)at);
            break;
        }
        if (status == BF_HISTORY_MORE) {
            if (final)
                fail("more asked for at the end of the text");
            fed = piece && fed + piece < len ? fed + piece : len;
            final = fed == len;
        } else if (status != BF_HISTORY_FULL) {
            fail("status %d", status);
        }
    }
    free(rows);
    free(out);
    return t;
}

static int starts_with_hand(const char *text, int64_t len)
{
    return len >= 17 && (memcmp(text, "PokerStars Game #", 17) == 0 ||
                         memcmp(text, "PokerStars Hand #", 17) == 0);
}

static void check_corpus(const char *text, int64_t len, tally *whole)
{
    *whole = scan(text, len, 0, MAX_ROWS);
    if (whole->rest || whole->hands < 100 || whole->imported * 10 < whole->hands * 8)
        fail("the corpus: %llu hands, %llu imported", (unsigned long long)whole->hands,
             (unsigned long long)whole->imported);
    static const int64_t pieces[] = {13, 101, 4096};
    for (size_t k = 0; k < sizeof pieces / sizeof *pieces; k++) {
        tally t = scan(text, len, pieces[k], 1 + (int64_t)k * 3);
        if (t.hands != whole->hands || t.imported != whole->imported || t.digest != whole->digest)
            fail("in pieces of %lld bytes: %llu hands, %llu imported (whole: %llu, %llu)",
                 (long long)pieces[k], (unsigned long long)t.hands, (unsigned long long)t.imported,
                 (unsigned long long)whole->hands, (unsigned long long)whole->imported);
    }
}

static const char *const tokens[] = {
    "PokerStars Game #1:  Badugi Limit ($1/$2 USD) - 2010/09/05 10:32:15 ET\n",
    ": folds", ": checks", ": calls $0.25", ": bets 100", ": raises $1 to $2", " and is all-in",
    ": discards 4 cards [", ": stands pat", "Dealt to Hero [As 2d 3h 4s]", ": shows [",
    " (Badugi: 4,3,2,A)", ": mucks hand", " collected ", " from side pot-2",
    "Uncalled bet ($0.25) returned to ", "*** FIRST DRAW ***\n", "*** SUMMARY ***\n",
    "Table 'T' 9-max Seat #1 is the button\n", "Seat 3: X (1,000 in chips)\n",
    ": posts the ante 5", "Total pot $1 Main pot $1. Side pot-1 $2. | Rake $0\n",
    " said, \"", "\r", "\r\n", "\n\n", "9999999999999999", ",000", ".5", "$", "??", "Kc"};

static void check_mutations(const char *corpus, int64_t len)
{
    uint64_t state = 0x9E3779B97F4A7C15u, accepted = 0;
    char *text = xmalloc((size_t)len + 4096);
    for (int round = 0; round < 4000; round++) {
        /* a window of the corpus from a hand's start */
        int64_t start = (int64_t)(next_random(&state) % (uint64_t)len);
        while (start > 0 && !(corpus[start - 1] == '\n' && starts_with_hand(corpus + start, len - start)))
            start--;
        int64_t n = len - start < 6000 ? len - start : 2000 + (int64_t)(next_random(&state) % 4000);
        memcpy(text, corpus + start, (size_t)n);
        int edits = 1 + (int)(next_random(&state) % 6);
        for (int e = 0; e < edits && n > 20; e++) {
            int64_t at = 17 + (int64_t)(next_random(&state) % (uint64_t)(n - 17));
            switch (next_random(&state) % 6) {
            case 0:
                text[at] = (char)(next_random(&state) & 0xFF);
                break;
            case 1:
                text[at] = "\n\r :[]()$,.0123456789#"[next_random(&state) % 22];
                break;
            case 2: { /* a token inserted */
                const char *tok = tokens[next_random(&state) % (sizeof tokens / sizeof *tokens)];
                int64_t k = (int64_t)strlen(tok);
                if (n + k > len + 4000)
                    break;
                memmove(text + at + k, text + at, (size_t)(n - at));
                memcpy(text + at, tok, (size_t)k);
                n += k;
                break;
            }
            case 3: { /* a range dropped */
                int64_t k = (int64_t)(next_random(&state) % 64);
                if (at + k > n)
                    k = n - at;
                memmove(text + at, text + at + k, (size_t)(n - at - k));
                n -= k;
                break;
            }
            case 4: { /* a range repeated */
                int64_t k = (int64_t)(next_random(&state) % 200);
                if (at + k > n || n + k > len + 4000)
                    break;
                memmove(text + at + k, text + at, (size_t)(n - at));
                n += k;
                break;
            }
            default: /* cut short */
                n = at;
            }
        }
        tally whole = scan(text, n, 0, MAX_ROWS);
        tally parts = scan(text, n, 1 + (int64_t)(next_random(&state) % 700), 1 + round % 5);
        if (!whole.rest && !parts.rest &&
            (whole.hands != parts.hands || whole.digest != parts.digest))
            fail("mutation %d: whole and in pieces differ (%llu and %llu hands)", round,
                 (unsigned long long)whole.hands, (unsigned long long)parts.hands);
        accepted += whole.imported;
    }
    free(text);
    if (accepted == 0)
        fail("no mutated hand was imported");
}

static void check_refusals(const char *text, int64_t len)
{
    int64_t rows[BF_HISTORY_ROW];
    char *out = xmalloc(BF_HISTORY_OUT_MIN);
    bf_history_progress p;
    struct {
        const char *text;
        int64_t len, max_rows, out_cap;
        int64_t *rows;
        char *out;
        bf_history_progress *p;
    } bad[] = {
        {NULL, len, 1, BF_HISTORY_OUT_MIN, rows, out, &p},
        {text, -1, 1, BF_HISTORY_OUT_MIN, rows, out, &p},
        {text, len, -1, BF_HISTORY_OUT_MIN, rows, out, &p},
        {text, len, 1, BF_HISTORY_OUT_MIN - 1, rows, out, &p},
        {text, len, 1, BF_HISTORY_OUT_MIN, NULL, out, &p},
        {text, len, 1, BF_HISTORY_OUT_MIN, rows, NULL, &p},
        {text, len, 1, BF_HISTORY_OUT_MIN, rows, out, NULL},
        {text + 1, len - 1, 1, BF_HISTORY_OUT_MIN, rows, out, &p}, /* not a hand's first line */
        {"PokerStars Game", 15, 1, BF_HISTORY_OUT_MIN, rows, out, &p},
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++)
        if (bf_history_scan(bad[k].text, bad[k].len, 1, 1, bad[k].rows, bad[k].max_rows, bad[k].out,
                            bad[k].out_cap, bad[k].p) != BF_HISTORY_BAD_ARGS)
            fail("bad arguments %zu accepted", k);
    if (bf_history_scan(text, 0, 1, 1, rows, 1, out, BF_HISTORY_OUT_MIN, &p) != BF_HISTORY_DONE ||
        p.rows != 0)
        fail("an empty text is not done at once");
    if (bf_history_scan(text, len, 1, 1, rows, 0, out, BF_HISTORY_OUT_MIN, &p) != BF_HISTORY_FULL ||
        p.rows != 0 || p.consumed != 0)
        fail("no rows to write is not full at once");
    free(out);
}

int main(int argc, char **argv)
{
    if (argc != 2)
        fail("usage: check_history CORPUS");
    FILE *file = fopen(argv[1], "rb");
    if (!file)
        fail("cannot open %s", argv[1]);
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *corpus = xmalloc((size_t)size);
    if (size <= 0 || fread(corpus, 1, (size_t)size, file) != (size_t)size)
        fail("cannot read %s", argv[1]);
    fclose(file);
    if (!starts_with_hand(corpus, size))
        fail("the corpus does not begin with a hand");
    tally whole;
    check_corpus(corpus, size, &whole);
    check_mutations(corpus, size);
    check_refusals(corpus, size);
    printf(CHECK_NAME ": OK (%llu hands, %llu imported; 4000 mutations)\n",
           (unsigned long long)whole.hands, (unsigned long long)whole.imported);
    free(corpus);
    return 0;
}
