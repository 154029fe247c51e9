/* Stage 2 of the history reader, its patterns (the pipeline: notation/history_internal.h):
 * the lines of pokerstars.PokerStars's table and pokerstars.NOISE, each matching a whole line
 * and filling its captures (cap_t). pokerstars.c tries them in the table's order and takes the
 * line into the hand's record.
 *
 * A line is matched as the Python patterns match it with re.fullmatch: `.+?` (a name) is the
 * shortest start after which the rest matches, so each name pattern tries the places of its
 * next literal from the left; the patterns are tried in the Python table's order (pokerstars.c,
 * classify). */
#include "notation/history_internal.h"

static int ends_with(const char *s, int n, const char *lit)
{
    return has(s, n, n - (int)strlen(lit), lit);
}

static int find(const char *s, int n, int from, char c)
{
    for (int i = from; i < n; i++)
        if (s[i] == c)
            return i;
    return -1;
}

/* "A" or "A and is all-in" to the end */
static int amount_allin(const char *s, int n, span *a)
{
    if (n > 14 && ends_with(s, n, " and is all-in") && is_amount_text(s, n - 14)) {
        *a = sp(s, n - 14);
        return 1;
    }
    if (is_amount_text(s, n)) {
        *a = sp(s, n);
        return 1;
    }
    return 0;
}

/* " [X]" with no ']' in X, to the end (or nothing) */
static int bracket_tail(const char *s, int n, span *x)
{
    if (n == 0) {
        x->s = NULL, x->n = 0;
        return 1;
    }
    if (n < 3 || s[0] != ' ' || s[1] != '[' || s[n - 1] != ']' || find(s, n - 1, 2, ']') >= 0)
        return 0;
    *x = sp(s + 2, n - 3);
    return 1;
}

/* the suffix after "NAME: " for the name patterns, kind by kind */
int bf_hist_name_suffix(int kind, const char *s, int n, cap_t *c)
{
    switch (kind) {
    case L_FOLD:
    case L_CHECK: {
        const char *verb = kind == L_FOLD ? "folds" : "checks";
        int k = (int)strlen(verb);
        return has(s, n, 0, verb) && bracket_tail(s + k, n - k, &c->a);
    }
    case L_CALL:
    case L_BET: {
        const char *verb = kind == L_CALL ? "calls " : "bets ";
        int k = (int)strlen(verb);
        return has(s, n, 0, verb) && amount_allin(s + k, n - k, &c->a);
    }
    case L_RAISE: {
        if (!has(s, n, 0, "raises "))
            return 0;
        int sp1 = find(s, n, 7, ' ');
        if (sp1 < 0 || !is_amount_text(s + 7, sp1 - 7) || !has(s, n, sp1, " to "))
            return 0;
        return amount_allin(s + sp1 + 4, n - sp1 - 4, &c->a);
    }
    case L_DISCARD: {
        if (!has(s, n, 0, "discards ") || n < 10 || s[9] < '0' || s[9] > '4')
            return 0;
        c->x = s[9] - '0';
        int i = 10;
        if (has(s, n, i, " cards"))
            i += 6;
        else if (has(s, n, i, " card"))
            i += 5;
        return bracket_tail(s + i, n - i, &c->a);
    }
    case L_PAT: /* "stands pat", or "stands pat on [C C C C]" (the hero's hand) */
        if (n == 10 && has(s, n, 0, "stands pat"))
            return 1;
        if (n < 16 || !has(s, n, 0, "stands pat on [") || s[n - 1] != ']' ||
            find(s, n - 1, 15, ']') >= 0)
            return 0;
        c->a = sp(s + 15, n - 16);
        return 1;
    case L_SHOWS: {
        if (!has(s, n, 0, "shows ["))
            return 0;
        int close = find(s, n, 7, ']');
        if (close < 0)
            return 0;
        c->a = sp(s + 7, close - 7);
        int i = close + 1;
        c->b = sp(NULL, 0);
        if (i == n)
            return 1;
        if (n - i < 3 || s[i] != ' ' || s[i + 1] != '(' || s[n - 1] != ')')
            return 0;
        c->b = sp(s + i + 2, n - i - 3);
        return 1;
    }
    case L_MUCKS:
        c->x = n == 10; /* "mucks hand" concedes; "doesn't show hand" is a winner's */
        return (n == 10 && has(s, n, 0, "mucks hand")) ||
               (n == 17 && has(s, n, 0, "doesn't show hand"));
    case L_POST: {
        static const char *const kinds[] = {"small blind ", "big blind ", "small & big blinds ",
                                            "the ante "};
        if (!has(s, n, 0, "posts "))
            return 0;
        for (int k = 0; k < 4; k++)
            if (has(s, n, 6, kinds[k])) {
                int at = 6 + (int)strlen(kinds[k]);
                c->x = k;
                return amount_allin(s + at, n - at, &c->a);
            }
        return 0;
    }
    }
    return 0;
}

int bf_hist_dealt_line(const char *s, int n, cap_t *c)
{
    if (!has(s, n, 0, "Dealt to "))
        return 0;
    for (int i = 10; i + 2 <= n; i++) {
        if (s[i] != ' ' || s[i + 1] != '[')
            continue;
        int close = find(s, n, i + 2, ']');
        if (close < 0)
            return 0; /* no later place has a ']' either */
        span b;
        if (!bracket_tail(s + close + 1, n - close - 1, &b))
            continue;
        c->name = sp(s + 9, i - 9);
        c->a = sp(s + i + 2, close - i - 2);
        c->b = b;
        return 1;
    }
    return 0;
}

int bf_hist_collected_line(const char *s, int n, cap_t *c)
{
    for (int i = 1; i + 11 <= n; i++) {
        if (!has(s, n, i, " collected "))
            continue;
        int a0 = i + 11, a1 = find(s, n, a0, ' ');
        if (a1 < 0 || !is_amount_text(s + a0, a1 - a0) || !has(s, n, a1, " from "))
            continue;
        const char *t = s + a1 + 6;
        int m = n - a1 - 6;
        int ok = (m == 3 && has(t, m, 0, "pot")) || (m == 8 && has(t, m, 0, "main pot")) ||
                 (m == 8 && has(t, m, 0, "side pot")) ||
                 (m > 9 && has(t, m, 0, "side pot-") && bf_hist_all_digits(t + 9, m - 9));
        if (!ok)
            continue;
        c->name = sp(s, i);
        c->a = sp(s + a0, a1 - a0);
        return 1;
    }
    return 0;
}

int bf_hist_returned_line(const char *s, int n, cap_t *c)
{
    if (!has(s, n, 0, "Uncalled bet ("))
        return 0;
    int close = find(s, n, 14, ')');
    if (close < 0 || !is_amount_text(s + 14, close - 14) ||
        !has(s, n, close, ") returned to "))
        return 0;
    int at = close + 14;
    if (at >= n)
        return 0;
    c->a = sp(s + 14, close - 14);
    c->name = sp(s + at, n - at);
    return 1;
}

int bf_hist_street_line(const char *s, int n, cap_t *c)
{
    if (n < 9 || !has(s, n, 0, "*** ") || !ends_with(s, n, " ***"))
        return 0;
    for (int i = 4; i < n - 4; i++)
        if (!(s[i] == ' ' || (s[i] >= 'A' && s[i] <= 'Z')))
            return 0;
    c->a = sp(s + 4, n - 8);
    return 1;
}

int bf_hist_table_line(const char *s, int n, cap_t *c)
{
    if (!has(s, n, 0, "Table '"))
        return 0;
    int close = find(s, n, 7, '\'');
    if (close < 0 || !has(s, n, close, "' "))
        return 0;
    c->a = sp(s + 7, close - 7);
    int i = close + 2, m0 = i;
    c->x = -1;
    while (i < n && is_digit(s[i]))
        i++;
    if (i > m0 && has(s, n, i, "-max ")) {
        if (!bf_hist_small_number(s + m0, i - m0, &c->x))
            return -1; /* a match Python reads, with a number too long for us */
        i += 5;
    } else {
        i = m0;
    }
    if (has(s, n, i, "(Play Money) "))
        i += 13;
    if (!has(s, n, i, "Seat #"))
        return 0;
    int b0 = i + 6, b = b0;
    while (b < n && is_digit(s[b]))
        b++;
    if (b == b0 || !has(s, n, b, " is the button") || b + 14 != n)
        return 0;
    return bf_hist_small_number(s + b0, b - b0, &c->y) ? 1 : -1;
}

/* Seat N: NAME (A in chips[, A bounty])[ is sitting out| out of hand (.*)] */
int bf_hist_seat_line(const char *s, int n, cap_t *c)
{
    if (!has(s, n, 0, "Seat "))
        return 0;
    int i = 5;
    while (i < n && is_digit(s[i]))
        i++;
    if (i == 5 || !has(s, n, i, ": "))
        return 0;
    int number_end = i, name0 = i + 2;
    for (int p = name0 + 1; p + 2 <= n; p++) {
        if (s[p] != ' ' || s[p + 1] != '(')
            continue;
        int a0 = p + 2, a1 = amount_run(s, n, a0);
        if (!is_amount_text(s + a0, a1 - a0) || !has(s, n, a1, " in chips"))
            continue;
        int q = a1 + 9;
        if (has(s, n, q, ", ")) {
            int b0 = q + 2, b1 = amount_run(s, n, b0);
            if (is_amount_text(s + b0, b1 - b0) && has(s, n, b1, " bounty)"))
                q = b1 + 7;
        }
        if (q >= n || s[q] != ')')
            continue;
        q++;
        int out = 0;
        if (q == n)
            out = 0;
        else if (n - q == 15 && has(s, n, q, " is sitting out"))
            out = 1; /* dealt in only if it takes part */
        else if (has(s, n, q, " out of hand (") && s[n - 1] == ')' && n - 1 >= q + 14)
            out = 2; /* not dealt in */
        else
            continue;
        if (!bf_hist_small_number(s + 5, number_end - 5, &c->x))
            return -1;
        c->name = sp(s + name0, p - name0);
        c->a = sp(s + a0, a1 - a0);
        c->flag = out;
        return 1;
    }
    return 0;
}

/* Total pot A( Main pot A\.)?( Side pot(-[0-9]+)? A\.)* \| Rake A */
int bf_hist_total_line(const char *s, int n, cap_t *c)
{
    if (!has(s, n, 0, "Total pot "))
        return 0;
    int a0 = 10, a1 = find(s, n, a0, ' ');
    if (a1 < 0 || !is_amount_text(s + a0, a1 - a0))
        return 0;
    int i = a1;
    if (has(s, n, i, " Main pot ")) {
        int m0 = i + 10, m1 = find(s, n, m0, ' ');
        if (m1 < 0 || m1 - m0 < 2 || s[m1 - 1] != '.' ||
            !is_amount_text(s + m0, m1 - m0 - 1))
            return 0;
        i = m1;
    }
    while (has(s, n, i, " Side pot")) {
        int q = i + 9;
        if (q < n && s[q] == '-') {
            int d0 = ++q;
            while (q < n && is_digit(s[q]))
                q++;
            if (q == d0)
                return 0;
        }
        if (q >= n || s[q] != ' ')
            return 0;
        int m0 = q + 1, m1 = find(s, n, m0, ' ');
        if (m1 < 0 || m1 - m0 < 2 || s[m1 - 1] != '.' ||
            !is_amount_text(s + m0, m1 - m0 - 1))
            return 0;
        i = m1;
    }
    if (!has(s, n, i, " | Rake ") || !is_amount_text(s + i + 8, n - i - 8))
        return 0;
    c->a = sp(s + a0, a1 - a0);
    c->b = sp(s + i + 8, n - i - 8);
    return 1;
}

/* an occurrence of `lit` at 1 or later (.+? before it) */
static int after_name(const char *s, int n, const char *lit, int from)
{
    int k = (int)strlen(lit);
    for (int i = from > 1 ? from : 1; i + k <= n; i++)
        if (memcmp(s + i, lit, (size_t)k) == 0)
            return i;
    return -1;
}

int bf_hist_sits_out_line(const char *s, int n, span *name)
{
    static const char *const tails[] = {" is sitting out", " sits out"};
    for (int k = 0; k < 2; k++) {
        int m = n - (int)strlen(tails[k]); /* .+?:? before the tail: one colon off the name */
        if (m < 1 || !ends_with(s, n, tails[k]))
            continue;
        *name = sp(s, m >= 2 && s[m - 1] == ':' ? m - 1 : m);
        return 1;
    }
    return 0;
}

/* "[0-9][0-9,]* chips for " and pokerstars._PRICE ("$X" or "N StarsCoin"), all of s[0 .. n) */
static int chips_for_price(const char *s, int n)
{
    if (n < 1 || !is_digit(s[0]))
        return 0;
    int q = 1;
    while (q < n && (is_digit(s[q]) || s[q] == ','))
        q++;
    if (!has(s, n, q, " chips for "))
        return 0;
    q += 11;
    if (q < n && s[q] == '$')
        return is_amount_text(s + q, n - q);
    int d0 = q;
    while (q < n && is_digit(s[q]))
        q++;
    return q > d0 && has(s, n, q, " StarsCoin") && q + 10 == n;
}

/* "[0-9]+ FPP", all of s[0 .. n) */
static int fpp(const char *s, int n)
{
    return n > 4 && ends_with(s, n, " FPP") && bf_hist_all_digits(s, n - 4);
}

/* after "NAME wins ": "the A bounty for eliminating .+" or "A for eliminating .+? and their
 * own bounty increases by A to A", all of s[0 .. n) */
static int bounty(const char *s, int n)
{
    static const char elim[] = " for eliminating ", own[] = " and their own bounty increases by ";
    int knockout = has(s, n, 0, "the "), a0 = knockout ? 4 : 0, a1 = find(s, n, a0, ' ');
    if (a1 < 0 || !is_amount_text(s + a0, a1 - a0))
        return 0;
    if (knockout)
        return has(s, n, a1, " bounty for eliminating ") && n > a1 + 24;
    if (!has(s, n, a1, elim))
        return 0;
    int e = a1 + (int)strlen(elim);
    for (int i = after_name(s, n, own, e + 1); i >= 0; i = after_name(s, n, own, i + 1)) {
        int b0 = i + (int)strlen(own), b1 = find(s, n, b0, ' ');
        if (b1 >= 0 && is_amount_text(s + b0, b1 - b0) && has(s, n, b1, " to ") &&
            is_amount_text(s + b1 + 4, n - b1 - 4))
            return 1;
    }
    return 0;
}

/* pokerstars.NOISE */
int bf_hist_noise_line(const char *s, int n)
{
    if (n == 17 && has(s, n, 0, "Betting is capped"))
        return 1;
    static const char *const tails[] = {" is connected", " is disconnected", " has returned",
                                        " sits out", " is sitting out", " leaves the table",
                                        " has timed out", " has timed out while disconnected",
                                        " will be allowed to play after the button",
                                        " finished the tournament",
                                        " has timed out while being disconnected",
                                        " was removed from the table for failing to post"};
    for (size_t k = 0; k < sizeof tails / sizeof *tails; k++)
        if (n > (int)strlen(tails[k]) && ends_with(s, n, tails[k]))
            return 1;
    for (int i = after_name(s, n, " joins the table at seat #", 1); i >= 0;
         i = after_name(s, n, " joins the table at seat #", i + 1))
        if (bf_hist_all_digits(s + i + 26, n - i - 26))
            return 1;
    int said = after_name(s, n, " said, \"", 1);
    if (said >= 0 && s[n - 1] == '"' && n - 1 >= said + 8)
        return 1;
    for (int i = after_name(s, n, " finished the tournament in ", 1); i >= 0;
         i = after_name(s, n, " finished the tournament in ", i + 1)) {
        int q = i + 28, d0 = q;
        while (q < n && is_digit(s[q]))
            q++;
        if (q == d0 || !(has(s, n, q, "st") || has(s, n, q, "nd") || has(s, n, q, "rd") ||
                         has(s, n, q, "th")))
            continue;
        q += 2;
        if (!has(s, n, q, " place"))
            continue;
        q += 6;
        if (q == n)
            return 1;
        if (has(s, n, q, " and received ") && s[n - 1] == '.' &&
            (is_amount_text(s + q + 14, n - q - 15) || fpp(s + q + 14, n - q - 15)))
            return 1;
    }
    if (n == 57 && has(s, n, 0, "All players have agreed to skip the break. Game resuming."))
        return 1;
    for (int i = after_name(s, n, " wins an entry to tournament #", 1); i >= 0;
         i = after_name(s, n, " wins an entry to tournament #", i + 1))
        if (bf_hist_all_digits(s + i + 30, n - i - 30))
            return 1;
    for (int i = after_name(s, n, " wins ", 1); i >= 0; i = after_name(s, n, " wins ", i + 1))
        if (bounty(s + i + 6, n - i - 6))
            return 1;
    static const char *const buys[] = {" re-buys and receives ", " takes the add-on and receives "};
    for (size_t k = 0; k < sizeof buys / sizeof *buys; k++) {
        int m = (int)strlen(buys[k]);
        for (int i = after_name(s, n, buys[k], 1); i >= 0; i = after_name(s, n, buys[k], i + 1))
            if (chips_for_price(s + i + m, n - i - m))
                return 1;
    }
    for (int i = after_name(s, n, " wins the tournament and receives ", 1); i >= 0;
         i = after_name(s, n, " wins the tournament and receives ", i + 1)) {
        int a0 = i + 34, a1 = find(s, n, a0, ' ');
        if (a1 >= 0 && is_amount_text(s + a0, a1 - a0) &&
            has(s, n, a1, " - congratulations!") && a1 + 19 == n)
            return 1;
    }
    return 0;
}
