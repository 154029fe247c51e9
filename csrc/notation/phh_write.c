/* The PHH text of stage 3 (the pipeline: notation/history_internal.h): what replay.c,
 * replay_steps.c and showdown.c write a hand's PHH into `out` with (game/phh/write.py's values,
 * replay._write), counting the characters as the row's places count them. A write that does
 * not fit is not made, and clears out_t.ok: the hand then goes to Python. The bytes' own
 * writer (bf_hist_put, bf_hist_put_s) is static inline in notation/history_internal.h. */
#include "notation/history_internal.h"

void bf_hist_put_int(out_t *o, int64_t v)
{
    char b[24];
    int k = 0;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do
        b[k++] = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        b[k++] = '-';
    char r[24];
    for (int i = 0; i < k; i++)
        r[i] = b[k - 1 - i];
    bf_hist_put(o, r, k);
}

/* toml_value of text without control characters: JSON's escapes, of which only " and \ occur
 * (json's encode_basestring writes every other character as it is) */
void bf_hist_put_str(out_t *o, span s)
{
    bf_hist_put(o, "\"", 1);
    int from = 0;
    for (int i = 0; i < s.n; i++)
        if (s.s[i] == '"' || s.s[i] == '\\') {
            bf_hist_put(o, s.s + from, i - from);
            bf_hist_put(o, "\\", 1);
            from = i;
        }
    bf_hist_put(o, s.s + from, s.n - from);
    bf_hist_put(o, "\"", 1);
}

void bf_hist_put_ints(out_t *o, const int64_t *v, int n)
{
    bf_hist_put(o, "[", 1);
    for (int i = 0; i < n; i++) {
        if (i)
            bf_hist_put(o, ", ", 2);
        bf_hist_put_int(o, v[i]);
    }
    bf_hist_put(o, "]", 1);
}

void bf_hist_put_digits(out_t *o, span d) /* int(digits): no leading zeros */
{
    while (d.n > 1 && d.s[0] == '0')
        d = sp(d.s + 1, d.n - 1);
    bf_hist_put(o, d.s, d.n);
}

void bf_hist_put_card(out_t *o, uint8_t c)
{
    if (c < BF_NUM_CARDS) {
        char t[2] = {bf_hist_ranks[c / 4], bf_hist_suits[c % 4]};
        bf_hist_put(o, t, 2);
    } else {
        bf_hist_put(o, "??", 2);
    }
}
