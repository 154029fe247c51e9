/* Stage 1 of the history reader, and its entry (the pipeline: notation/history_internal.h).
 * bf_history_scan (notation/history.h) cuts the text into hands at each line that begins one,
 * checks every line's bytes, has each hand's lines read into its record (stage 2,
 * pokerstars.c), the record replayed and written as PHH (stage 3, replay.c), and fills the
 * hand's row. It mirrors badugi_fast/game/histories/reader.py (the hands cut at the lines that
 * begin one, MAX_HAND_LINES) and detect.py (the lines and their ends). */
#include "notation/history.h"
#include "notation/history_internal.h"

/* The length of the UTF-8 character at s[0 .. n) that we read: printable ASCII, or a valid
 * sequence (not overlong, no surrogate, at most U+10FFFF) of a character from U+00A0 on but
 * U+FFFD; 0 for anything else (control characters, DEL, C1 controls, U+FFFD, bytes that are
 * not UTF-8). */
static int utf8_char(const unsigned char *s, int n)
{
    unsigned c = s[0];
    if (c < 0x80)
        return c >= 0x20 && c < 0x7F;
    int k = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (k == 0 || n < k)
        return 0;
    for (int i = 1; i < k; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((c == 0xC2 && s[1] < 0xA0) || (c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0) ||
        (c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] >= 0x90))
        return 0;
    if (c == 0xEF && s[1] == 0xBF && s[2] == 0xBD)
        return 0; /* U+FFFD: bytes the file's encoding did not read (lines.NOT_TEXT) */
    return k;
}

/* the next line of text[at .. len): its end (before the line break) and the next line's start;
 * 0 when the text ends inside the line break or the line (and more text may come) */
static int next_line(const char *text, int64_t len, int64_t at, int final, int64_t *end,
                     int64_t *next)
{
    int64_t i = at;
    while (i < len && text[i] != '\n' && text[i] != '\r')
        i++;
    *end = i;
    if (i == len) {
        *next = len;
        return final;
    }
    if (text[i] == '\r') {
        if (i + 1 == len && !final)
            return 0;
        *next = i + 1 < len && text[i + 1] == '\n' ? i + 2 : i + 1;
    } else {
        *next = i + 1;
    }
    return 1;
}

static int starts_hand(const char *text, int64_t len, int64_t at)
{
    return len - at >= 17 && (memcmp(text + at, "PokerStars Game #", 17) == 0 ||
                              memcmp(text + at, "PokerStars Hand #", 17) == 0);
}

/* A hand's lines read and imported, or 0 (Python's). */
static int hand(const char *text, int64_t begin, int64_t end, int64_t first_line, rec_t *r,
                replay_t *x, out_t *o, int64_t *row)
{
    memset(r, 0, offsetof(rec_t, steps));
    r->hero = -1, r->button = -1, r->seat_count = -1, r->scale = 100;
    int64_t at = begin, stop, next;
    int first = 1;
    while (at < end) {
        next_line(text, end, at, 1, &stop, &next);
        const char *s = text + at;
        int n = (int)(stop - at);
        if (stop - at > BF_HISTORY_MAX_LINE)
            return 0;
        int blank = 1, ascii = 1;
        for (int i = 0; i < n;) {
            int k = utf8_char((const unsigned char *)s + i, n - i);
            if (k == 0)
                return 0;
            blank &= s[i] == ' ' || k > 1;
            ascii &= k == 1;
            i += k;
        }
        if (blank && !ascii)
            return 0; /* non-breaking or ideographic spaces: a blank line to Python, maybe */
        if (first) {
            r->first = sp(s, n);
            if (!bf_hist_header(s, n, r))
                return 0;
            first = 0;
        } else if (!blank && !bf_hist_read_line(r, s, n)) {
            return 0;
        }
        at = next;
    }
    memset(x, 0, offsetof(replay_t, spec));
    int64_t mark = o->n, mark_chars = o->chars;
    row[BF_HR_PHH] = mark_chars;
    if (!bf_hist_import_hand(r, x, o, first_line, row)) {
        o->n = mark, o->chars = mark_chars, o->ok = 1;
        return 0;
    }
    row[BF_HR_PHH + 1] = row[BF_HR_PHH_TAIL] - mark_chars;
    return 1;
}

int bf_history_scan(const char *text, int64_t len, int final, int64_t first_line, int64_t *rows,
                    int64_t max_rows, char *out, int64_t out_cap, bf_history_progress *progress)
{
    if (!text || !rows || !out || !progress || len < 0 || max_rows < 0 ||
        out_cap < BF_HISTORY_OUT_MIN)
        return BF_HISTORY_BAD_ARGS;
    progress->consumed = 0, progress->line = first_line, progress->rows = 0, progress->out_len = 0;
    if (len == 0)
        return BF_HISTORY_DONE;
    if (!starts_hand(text, len, 0)) /* too short to tell yet, or not a hand */
        return !final && len < 17 && memcmp(text, "PokerStars ", len < 11 ? (size_t)len : 11) == 0
                   ? BF_HISTORY_MORE
                   : BF_HISTORY_BAD_ARGS;
    rec_t r;    /* ~20 kB */
    replay_t x; /* ~20 kB */
    out_t o = {out, 0, out_cap, 0, 1};
    int64_t at = 0, line = first_line;
    int status = final ? BF_HISTORY_DONE : BF_HISTORY_MORE;
    while (at < len) {
        /* the hand from `at` runs to the next line that begins a hand (or the end) */
        int64_t stop, next, cur = at, lines = 0, end = -1;
        for (;;) {
            if (!next_line(text, len, cur, final, &stop, &next))
                break; /* the text ends inside a line: more may come */
            if (++lines > BF_HISTORY_MAX_LINES) {
                status = BF_HISTORY_REST;
                break;
            }
            if (next == len) {
                if (final)
                    end = len;
                break;
            }
            if (!final && len - next < 17)
                break; /* the next line may begin a hand: not known yet */
            if (starts_hand(text, len, next)) {
                end = next;
                break;
            }
            cur = next;
        }
        if (status == BF_HISTORY_REST)
            break;
        if (end < 0) {
            status = BF_HISTORY_MORE;
            break;
        }
        if (progress->rows >= max_rows || out_cap - o.n < BF_HISTORY_OUT_MIN / 2) {
            status = BF_HISTORY_FULL;
            break;
        }
        int64_t *row = rows + progress->rows * BF_HISTORY_ROW;
        memset(row, 0, sizeof(int64_t) * BF_HISTORY_ROW);
        row[BF_HR_BEGIN] = at, row[BF_HR_END] = end, row[BF_HR_LINE] = line;
        row[BF_HR_STATUS] =
            hand(text, at, end, line, &r, &x, &o, row) ? BF_HISTORY_OK : BF_HISTORY_PYTHON;
        progress->rows++;
        at = end;
        line += lines;
    }
    progress->consumed = at, progress->line = line, progress->out_len = o.n;
    return status;
}
