/* The pieces of a line that every room's reader checks the same way, for stage 2 (the pipeline:
 * notation/history_internal.h): amounts (model.amount), cards (lines.cards) and the betting
 * structure a game's name says (lines.structure_of), each read as the Python reader reads it
 * (badugi_fast/game/histories/lines.py, model.py); 0 where Python would report a problem. The
 * PokerStars parser (pokerstars.c, pokerstars_patterns.c) calls them; the card letters serve
 * the PHH writer and the showdown's label check too. */
#include "notation/history_internal.h"

/* model.amount: _AMOUNT's grouping (1-3 digits then ",ddd" groups, or up to 12 digits), the
 * cents at `scale` 100; whole chips at scale 1. 0: not an amount here (Python would report it). */
int bf_hist_amount_of(const char *s, int n, int scale, int64_t *value)
{
    int i = 0;
    int64_t whole = 0;
    if (i < n && s[i] == '$')
        i++;
    int start = i, digits = 0, commas = 0, group = 0;
    for (; i < n && (is_digit(s[i]) || s[i] == ','); i++) {
        if (s[i] == ',') {
            if ((commas == 0 ? group < 1 || group > 3 : group != 3))
                return 0;
            commas++;
            group = 0;
            continue;
        }
        if (++digits > 15)
            return 0;
        group++;
        whole = whole * 10 + (s[i] - '0');
    }
    if (i == start || (commas && group != 3) || (!commas && digits > 12))
        return 0;
    int64_t cents = 0;
    int d = 0;
    if (i < n) {
        if (s[i] != '.')
            return 0;
        for (i++; i < n && is_digit(s[i]) && d < 2; i++, d++)
            cents = cents * 10 + (s[i] - '0');
        if (d == 0 || i != n)
            return 0;
        if (d == 1)
            cents *= 10;
    }
    if (scale == 1) {
        if (cents)
            return 0; /* "a tournament amount is whole chips" */
        *value = whole;
    } else {
        *value = whole * 100 + cents;
    }
    return *value <= MAX_AMOUNT;
}

/* a run of [0-9] of at most 9 digits, as a number (Python's int() of it) */
int bf_hist_small_number(const char *s, int n, int64_t *value)
{
    if (n < 1 || n > 9)
        return 0;
    int64_t v = 0;
    for (int i = 0; i < n; i++) {
        if (!is_digit(s[i]))
            return 0;
        v = v * 10 + (s[i] - '0');
    }
    *value = v;
    return 1;
}

int bf_hist_all_digits(const char *s, int n)
{
    if (n < 1)
        return 0;
    for (int i = 0; i < n; i++)
        if (!is_digit(s[i]))
            return 0;
    return 1;
}

/* a card id's letters (eval/badugi.h: id = 4 * rank + suit) */
const char bf_hist_ranks[] = "A23456789TJQK";
const char bf_hist_suits[] = "cdhs";

static int card_id(char r, char s)
{
    const char *a = memchr(bf_hist_ranks, r, 13), *b = memchr(bf_hist_suits, s, 4);
    if (!a || !b || !r || !s)
        return -1;
    return (int)(a - bf_hist_ranks) * 4 + (int)(b - bf_hist_suits);
}

/* lines.cards: the space-separated cards of s[0 .. n), each checked, none twice; at most
 * `most` (0: not cards, or too many, or a repeat — Python reports those) */
int bf_hist_read_cards(const char *s, int n, uint8_t *out, int most, int *count)
{
    int k = 0, i = 0;
    uint64_t seen = 0;
    for (;;) {
        while (i < n && s[i] == ' ')
            i++;
        if (i >= n)
            break;
        int j = i;
        while (j < n && s[j] != ' ')
            j++;
        if (j - i != 2 || k >= most)
            return 0;
        int c = card_id(s[i], s[i + 1]);
        if (c < 0 || (seen >> c & 1))
            return 0;
        seen |= UINT64_C(1) << c;
        out[k++] = (uint8_t)c;
        i = j;
    }
    *count = k;
    return 1;
}

/* lines.structure_of on an ASCII game name */
int bf_hist_structure_of(const char *s, int n, int *structure)
{
    char low[BF_HISTORY_MAX_LINE + 1];
    if (n > BF_HISTORY_MAX_LINE || !is_ascii(sp(s, n)))
        return 0; /* str.lower() of other characters is Python's to apply */
    for (int i = 0; i < n; i++)
        low[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]);
    low[n] = 0;
    static const char *const unknown[] = {"badacey", "badeucey", "triple draw", "2-7",
                                          "a-5",     "a5",       "hold",        "omaha"};
    if (!strstr(low, "badugi"))
        return 0;
    for (size_t k = 0; k < sizeof unknown / sizeof *unknown; k++)
        if (strstr(low, unknown[k]))
            return 0;
    if (strstr(low, "half pot"))
        *structure = BF_GAME_HALF_POT_LIMIT;
    else if (strstr(low, "pot limit") || strstr(low, "pl badugi"))
        *structure = BF_GAME_POT_LIMIT;
    else if (strstr(low, "no limit") || strstr(low, "nl badugi"))
        *structure = BF_GAME_NO_LIMIT;
    else if (strstr(low, "limit") || strstr(low, "fl badugi"))
        *structure = BF_GAME_FIXED_LIMIT;
    else
        return 0;
    return 1;
}
