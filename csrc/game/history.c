/* PokerStars Badugi histories read, replayed and written as PHH in C (game/history.h). Each
 * part names the Python it mirrors (badugi_fast/game/histories/: reader.py, pokerstars.py,
 * lines.py, model.py, replay.py; game/phh/write.py), which stays the specification: where this
 * file is unsure it gives the hand back to Python (bail), never guesses.
 *
 * A line is matched as the Python patterns match it with re.fullmatch: `.+?` (a name) is the
 * shortest start after which the rest matches, so each name pattern tries the places of its
 * next literal from the left; the patterns are tried in the Python table's order. */
#include "game/history.h"
#include "game/hand_state.h"
#include "eval/badugi.h"

#include <stddef.h>
#include <string.h>

#define MAX_POSTS 32
#define HIDDEN_BASE 52 /* our ids of unknown cards: 52 + their place in the deck */
#define MAX_AMOUNT (INT64_C(1) << 40)
#define TRACE_CAP 1024

typedef struct {
    const char *s;
    int n;
} span;

enum { S_FOLD, S_CHECK, S_CALL, S_BET, S_RAISE, S_DRAW };
enum { P_SMALL, P_BIG, P_ANTE };

typedef struct {
    int kind, seat, round;
    int64_t amount;
    int total; /* amount is the round's total (raises to) */
    int count;
    int has_cards, ncards; /* the discards named ([..] present; stands pat: none) */
    uint8_t cards[4];
    int has_received, has_kept, nkept;
    uint8_t received[4], kept[4];
} step_t;

typedef struct {
    span id, first, cur, table, date, time, tz, tournament;
    int scale, structure, seat_count; /* seat_count -1: not given */
    int64_t small_bet, big_bet, button; /* button -1: not given */
    int n, acting;                      /* acting: a line other than the table's was read */
    int64_t number[BF_MAX_SEATS], stack[BF_MAX_SEATS];
    span name[BF_MAX_SEATS];
    int nposts;
    struct {
        int seat, kind;
        int64_t amount;
    } posts[MAX_POSTS];
    int nsteps;
    int hero;
    uint8_t hero_cards[4];
    int shown[BF_MAX_SEATS];
    uint8_t shown_cards[BF_MAX_SEATS][4];
    int nlabels, label_seat[BF_MAX_SEATS];
    span label[BF_MAX_SEATS];
    int nwon, won_seat[BF_MAX_SEATS];
    int64_t collected[BF_MAX_SEATS], returned[BF_MAX_SEATS];
    int mucked[BF_MAX_SEATS]; /* conceded at the showdown: never ranked a winner */
    int has_total;
    int64_t total_pot, rake;
    int round;
    step_t steps[BF_HISTORY_MAX_STEPS]; /* last: a new hand clears what is before it */
} rec_t;

/* -- text ------------------------------------------------------------------------------------ */

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int has(const char *s, int n, int at, const char *lit)
{
    int k = (int)strlen(lit);
    return at >= 0 && at + k <= n && memcmp(s + at, lit, (size_t)k) == 0;
}

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

static int contains(const char *s, int n, const char *lit)
{
    int k = (int)strlen(lit);
    for (int i = 0; i + k <= n; i++)
        if (s[i] == lit[0] && memcmp(s + i, lit, (size_t)k) == 0)
            return 1;
    return 0;
}

static span sp(const char *s, int n)
{
    span r = {s, n};
    return r;
}

static int is_ascii(span t)
{
    for (int i = 0; i < t.n; i++)
        if ((unsigned char)t.s[i] >= 0x80)
            return 0;
    return 1;
}

/* _A = \$?[0-9][0-9,]*(?:\.[0-9]{1,2})? matching all of s[0 .. n) */
static int is_amount_text(const char *s, int n)
{
    int i = 0;
    if (i < n && s[i] == '$')
        i++;
    if (i >= n || !is_digit(s[i]))
        return 0;
    for (i++; i < n && (is_digit(s[i]) || s[i] == ','); i++)
        ;
    if (i == n)
        return 1;
    if (s[i] != '.')
        return 0;
    int d = 0;
    for (i++; i < n && is_digit(s[i]) && d < 2; i++)
        d++;
    return d >= 1 && i == n;
}

/* model.amount: _AMOUNT's grouping (1-3 digits then ",ddd" groups, or up to 12 digits), the
 * cents at `scale` 100; whole chips at scale 1. 0: not an amount here (Python would report it). */
static int amount_of(const char *s, int n, int scale, int64_t *value)
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
static int small_number(const char *s, int n, int64_t *value)
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

static int all_digits(const char *s, int n)
{
    if (n < 1)
        return 0;
    for (int i = 0; i < n; i++)
        if (!is_digit(s[i]))
            return 0;
    return 1;
}

/* the end of a run of amount characters from `at` (an _A is followed by a space, '/' or ')') */
static int amount_run(const char *s, int n, int at)
{
    while (at < n && (is_digit(s[at]) || s[at] == ',' || s[at] == '.' || s[at] == '$'))
        at++;
    return at;
}

static const char RANKS[] = "A23456789TJQK";
static const char SUITS[] = "cdhs";

static int card_id(char r, char s)
{
    const char *a = memchr(RANKS, r, 13), *b = memchr(SUITS, s, 4);
    if (!a || !b || !r || !s)
        return -1;
    return (int)(a - RANKS) * 4 + (int)(b - SUITS);
}

/* lines.cards: the space-separated cards of s[0 .. n), each checked, none twice; at most
 * `most` (0: not cards, or too many, or a repeat — Python reports those) */
static int read_cards(const char *s, int n, uint8_t *out, int most, int *count)
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

/* -- the lines of a hand (pokerstars.PokerStars) --------------------------------------------- */

/* lines.structure_of on an ASCII game name */
static int structure_of(const char *s, int n, int *structure)
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

/* _WHEN then (?: \[.*\])? to the end, from s[at] */
static int when_to_end(const char *s, int n, int at, rec_t *r)
{
    int i = at, k;
    for (k = 0; k < 4; k++)
        if (i + k >= n || !is_digit(s[i + k]))
            return 0;
    i += 4;
    for (int part = 0; part < 2; part++) {
        if (i >= n || s[i] != '/')
            return 0;
        i++;
        for (k = 0; k < 2 && i < n && is_digit(s[i]); k++, i++)
            ;
        if (k == 0)
            return 0;
    }
    span date = sp(s + at, i - at);
    if (i >= n || s[i] != ' ')
        return 0;
    int t0 = ++i;
    for (k = 0; k < 2 && i < n && is_digit(s[i]); k++, i++)
        ;
    if (k == 0)
        return 0;
    for (int part = 0; part < 2; part++) {
        if (i + 2 >= n || s[i] != ':' || !is_digit(s[i + 1]) || !is_digit(s[i + 2]))
            return 0;
        i += 3;
    }
    span time = sp(s + t0, i - t0);
    if (i >= n || s[i] != ' ')
        return 0;
    int z0 = ++i;
    for (k = 0; i < n && s[i] >= 'A' && s[i] <= 'Z'; k++, i++)
        ;
    if (k < 1 || k > 5)
        return 0;
    span tz = sp(s + z0, i - z0);
    if (i != n && !(s[i] == ' ' && i + 1 < n && s[i + 1] == '[' && s[n - 1] == ']' && n - 1 > i + 1))
        return 0;
    r->date = date, r->time = time, r->tz = tz;
    return 1;
}

/* PokerStars.header: _TOURNAMENT, else _CASH */
static int header(const char *s, int n, rec_t *r)
{
    int i;
    if (has(s, n, 0, "PokerStars Game #"))
        i = 17;
    else if (has(s, n, 0, "PokerStars Hand #"))
        i = 17;
    else
        return 0;
    int id0 = i;
    while (i < n && is_digit(s[i]))
        i++;
    if (i == id0 || i >= n || s[i] != ':')
        return 0;
    r->id = sp(s + id0, i - id0);
    i++;
    if (i >= n || s[i] != ' ')
        return 0;
    while (i < n && s[i] == ' ')
        i++;
    int g = i; /* the game (or Tournament #...) starts here */
    span game = {0, 0};
    if (has(s, n, g, "Tournament #")) { /* _TOURNAMENT */
        int t0 = g + 12, t = t0;
        while (t < n && is_digit(s[t]))
            t++;
        if (t > t0 && has(s, n, t, ", ")) {
            int g0 = t + 2;
            for (int p = g0 + 1; p < n; p++) {
                if (!has(s, n, p, " - Level "))
                    continue;
                int q = p + 9, l0 = q;
                while (q < n && strchr("IVXLCDM0123456789", s[q]) && s[q])
                    q++;
                if (q == l0 || !has(s, n, q, " ("))
                    continue;
                q += 2;
                int sb0 = q;
                while (q < n && (is_digit(s[q]) || s[q] == ','))
                    q++;
                if (q == sb0 || q >= n || s[q] != '/')
                    continue;
                int sb1 = q++, bb0 = q;
                while (q < n && (is_digit(s[q]) || s[q] == ','))
                    q++;
                if (q == bb0 || !has(s, n, q, ") - ") || !when_to_end(s, n, q + 4, r))
                    continue;
                r->scale = 1;
                r->tournament = sp(s + t0, t - t0);
                game = sp(s + g0, p - g0);
                if (!amount_of(s + sb0, sb1 - sb0, 1, &r->small_bet) ||
                    !amount_of(s + bb0, q - bb0, 1, &r->big_bet))
                    return 0;
                break;
            }
        }
        if (game.s) {
            /* game.split(" USD ")[-1].removeprefix("Freeroll ").strip() */
            for (int k = game.n - 5; k >= 0; k--)
                if (memcmp(game.s + k, " USD ", 5) == 0) {
                    game = sp(game.s + k + 5, game.n - k - 5);
                    break;
                }
            if (game.n >= 9 && memcmp(game.s, "Freeroll ", 9) == 0)
                game = sp(game.s + 9, game.n - 9);
            while (game.n && game.s[0] == ' ')
                game = sp(game.s + 1, game.n - 1);
            while (game.n && game.s[game.n - 1] == ' ')
                game.n--;
            return structure_of(game.s, game.n, &r->structure);
        }
    }
    /* _CASH: (?P<game>.+?) \((?P<sb>A)/(?P<bb>A)(?: (?P<cur>[A-Z]{3}))?\) - WHEN */
    for (int p = g + 1; p < n; p++) {
        if (!has(s, n, p, " ("))
            continue;
        int q = p + 2, sb0 = q;
        q = amount_run(s, n, q);
        if (q >= n || s[q] != '/' || !is_amount_text(s + sb0, q - sb0))
            continue;
        int sb1 = q++, bb0 = q;
        q = amount_run(s, n, q);
        if (!is_amount_text(s + bb0, q - bb0))
            continue;
        int bb1 = q;
        span cur = {"USD", 3};
        if (q + 4 < n && s[q] == ' ') {
            int k;
            for (k = 1; k <= 3 && s[q + k] >= 'A' && s[q + k] <= 'Z'; k++)
                ;
            if (k != 4)
                continue;
            cur = sp(s + q + 1, 3);
            q += 4;
        }
        if (!has(s, n, q, ") - ") || !when_to_end(s, n, q + 4, r))
            continue;
        r->scale = 100;
        r->cur = cur;
        if (!amount_of(s + sb0, sb1 - sb0, 100, &r->small_bet) ||
            !amount_of(s + bb0, bb1 - bb0, 100, &r->big_bet))
            return 0;
        return structure_of(s + g, p - g, &r->structure);
    }
    return 0;
}

/* The kinds of line (in the Python table's order) */
enum {
    L_NONE, L_FOLD, L_CHECK, L_CALL, L_BET, L_RAISE, L_DISCARD, L_PAT, L_DEALT, L_SHOWS, L_MUCKS,
    L_COLLECTED, L_RETURNED, L_STREET, L_TABLE, L_SEAT, L_POST, L_TOTAL, L_SUMMARY_SEAT, L_NOISE
};

typedef struct {
    span name, a, b, c; /* captures, by kind */
    int64_t x, y;       /* numbers (kind, seat, count, max, button) */
    int flag;
} cap_t;

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
static int name_suffix(int kind, const char *s, int n, cap_t *c)
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
    case L_PAT:
        return n == 10 && has(s, n, 0, "stands pat");
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

static int dealt_line(const char *s, int n, cap_t *c)
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

static int collected_line(const char *s, int n, cap_t *c)
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
                 (m > 9 && has(t, m, 0, "side pot-") && all_digits(t + 9, m - 9));
        if (!ok)
            continue;
        c->name = sp(s, i);
        c->a = sp(s + a0, a1 - a0);
        return 1;
    }
    return 0;
}

static int returned_line(const char *s, int n, cap_t *c)
{
    if (!has(s, n, 0, "Uncalled bet ("))
        return 0;
    int close = find(s, n, 14, ')');
    if (close < 0 || !is_amount_text(s + 14, close - 14) || !has(s, n, close, ") returned to "))
        return 0;
    int at = close + 14;
    if (at >= n)
        return 0;
    c->a = sp(s + 14, close - 14);
    c->name = sp(s + at, n - at);
    return 1;
}

static int street_line(const char *s, int n, cap_t *c)
{
    if (n < 9 || !has(s, n, 0, "*** ") || !ends_with(s, n, " ***"))
        return 0;
    for (int i = 4; i < n - 4; i++)
        if (!(s[i] == ' ' || (s[i] >= 'A' && s[i] <= 'Z')))
            return 0;
    c->a = sp(s + 4, n - 8);
    return 1;
}

static int table_line(const char *s, int n, cap_t *c)
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
        if (!small_number(s + m0, i - m0, &c->x))
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
    return small_number(s + b0, b - b0, &c->y) ? 1 : -1;
}

/* Seat N: NAME (A in chips[, A bounty])[ is sitting out| out of hand (.*)] */
static int seat_line(const char *s, int n, cap_t *c)
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
            out = 1;
        else if (has(s, n, q, " out of hand (") && s[n - 1] == ')' && n - 1 >= q + 14)
            out = 1;
        else
            continue;
        if (!small_number(s + 5, number_end - 5, &c->x))
            return -1;
        c->name = sp(s + name0, p - name0);
        c->a = sp(s + a0, a1 - a0);
        c->flag = out;
        return 1;
    }
    return 0;
}

/* Total pot A( Main pot A\.)?( Side pot(-[0-9]+)? A\.)* \| Rake A */
static int total_line(const char *s, int n, cap_t *c)
{
    if (!has(s, n, 0, "Total pot "))
        return 0;
    int a0 = 10, a1 = find(s, n, a0, ' ');
    if (a1 < 0 || !is_amount_text(s + a0, a1 - a0))
        return 0;
    int i = a1;
    if (has(s, n, i, " Main pot ")) {
        int m0 = i + 10, m1 = find(s, n, m0, ' ');
        if (m1 < 0 || m1 - m0 < 2 || s[m1 - 1] != '.' || !is_amount_text(s + m0, m1 - m0 - 1))
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
        if (m1 < 0 || m1 - m0 < 2 || s[m1 - 1] != '.' || !is_amount_text(s + m0, m1 - m0 - 1))
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

/* pokerstars.NOISE */
static int noise_line(const char *s, int n)
{
    static const char *const tails[] = {" is connected", " is disconnected", " has returned",
                                        " sits out", " is sitting out", " leaves the table",
                                        " has timed out", " has timed out while disconnected",
                                        " will be allowed to play after the button"};
    for (size_t k = 0; k < sizeof tails / sizeof *tails; k++)
        if (n > (int)strlen(tails[k]) && ends_with(s, n, tails[k]))
            return 1;
    for (int i = after_name(s, n, " joins the table at seat #", 1); i >= 0;
         i = after_name(s, n, " joins the table at seat #", i + 1))
        if (all_digits(s + i + 26, n - i - 26))
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
            is_amount_text(s + q + 14, n - q - 15))
            return 1;
    }
    for (int i = after_name(s, n, " wins the tournament and receives ", 1); i >= 0;
         i = after_name(s, n, " wins the tournament and receives ", i + 1)) {
        int a0 = i + 34, a1 = find(s, n, a0, ' ');
        if (a1 >= 0 && is_amount_text(s + a0, a1 - a0) && has(s, n, a1, " - congratulations!") &&
            a1 + 19 == n)
            return 1;
    }
    return 0;
}

/* The kind of a line, as the first Python pattern that matches it; -1: one we cannot read
 * here though Python may. */
/* The name pattern whose verb may follow ": " at s[0 .. n) (by its first letter), or L_NONE */
static int verb_at(const char *s, int n)
{
    if (n < 1)
        return L_NONE;
    switch (s[0]) {
    case 'f':
        return L_FOLD;
    case 'c':
        return n > 1 && s[1] == 'h' ? L_CHECK : L_CALL;
    case 'b':
        return L_BET;
    case 'r':
        return L_RAISE;
    case 'd':
        return n > 1 && s[1] == 'o' ? L_MUCKS : L_DISCARD;
    case 's':
        return n > 1 && s[1] == 't' ? L_PAT : L_SHOWS;
    case 'm':
        return L_MUCKS;
    case 'p':
        return L_POST;
    }
    return L_NONE;
}

/* the place of a name pattern in the Python table (folds|checks and calls|bets are one each) */
static int table_place(int kind)
{
    switch (kind) {
    case L_FOLD:
    case L_CHECK:
        return 0;
    case L_CALL:
    case L_BET:
        return 1;
    case L_RAISE:
        return 2;
    case L_DISCARD:
        return 3;
    case L_PAT:
        return 4;
    case L_SHOWS:
        return 5;
    case L_MUCKS:
        return 6;
    }
    return 7; /* L_POST */
}

/* The kind of a line, as the first Python pattern that matches it (each name pattern at the
 * shortest name it can take); -1: a line Python reads that we do not. */
static int classify(const char *s, int n, cap_t *c)
{
    int r, first[8], kinds[8]; /* by table place: the shortest name's ": ", and its kind */
    for (int k = 0; k < 8; k++)
        first[k] = -1;
    memset(c, 0, sizeof *c);
    for (int i = 1; i + 2 <= n; i++) {
        if (s[i] != ':' || s[i + 1] != ' ')
            continue;
        int kind = verb_at(s + i + 2, n - i - 2);
        if (kind == L_NONE || first[table_place(kind)] >= 0)
            continue;
        cap_t probe;
        memset(&probe, 0, sizeof probe);
        if (name_suffix(kind, s + i + 2, n - i - 2, &probe))
            first[table_place(kind)] = i, kinds[table_place(kind)] = kind;
    }
    int best = -1;
    for (int k = 7; k >= 0; k--)
        if (first[k] >= 0)
            best = k;
#define NAME_KIND(place)                                                                          \
    do {                                                                                          \
        name_suffix(kinds[place], s + first[place] + 2, n - first[place] - 2, c);                 \
        c->name = sp(s, first[place]);                                                            \
        return kinds[place];                                                                      \
    } while (0)
    if (best >= 0 && best <= 4)
        NAME_KIND(best);
    if (s[0] == 'D' && dealt_line(s, n, c))
        return L_DEALT;
    if (best == 5 || best == 6)
        NAME_KIND(best);
    if (n > 11 && contains(s, n, " collected ") && collected_line(s, n, c))
        return L_COLLECTED;
    if (s[0] == 'U' && returned_line(s, n, c))
        return L_RETURNED;
    if (s[0] == '*' && street_line(s, n, c))
        return L_STREET;
    if (s[0] == 'T' && (r = table_line(s, n, c)) != 0)
        return r > 0 ? L_TABLE : -1;
    if (s[0] == 'S' && (r = seat_line(s, n, c)) != 0)
        return r > 0 ? L_SEAT : -1;
    if (best == 7)
        NAME_KIND(best);
#undef NAME_KIND
    if (s[0] == 'T' && total_line(s, n, c))
        return L_TOTAL;
    if (has(s, n, 0, "Seat ")) {
        int i = 5;
        while (i < n && is_digit(s[i]))
            i++;
        if (i > 5 && has(s, n, i, ": "))
            return L_SUMMARY_SEAT;
    }
    if (noise_line(s, n))
        return L_NOISE;
    return L_NONE;
}

static int seat_of(const rec_t *r, span name)
{
    for (int i = 0; i < r->n; i++)
        if (r->name[i].n == name.n && memcmp(r->name[i].s, name.s, (size_t)name.n) == 0)
            return i;
    return -1;
}

static step_t *new_step(rec_t *r, span name, int kind)
{
    int seat = seat_of(r, name);
    if (seat < 0 || r->round < 0 || r->nsteps >= BF_HISTORY_MAX_STEPS)
        return NULL;
    step_t *st = &r->steps[r->nsteps++];
    memset(st, 0, sizeof *st);
    st->kind = kind, st->seat = seat, st->round = r->round;
    return st;
}

/* One line of the hand into the record; 0: give the hand to Python. */
static int read_line(rec_t *r, const char *s, int n)
{
    cap_t c;
    int kind = classify(s, n, &c);
    if (kind <= L_NONE)
        return 0;
    if (kind != L_TABLE && kind != L_SEAT && kind != L_NOISE)
        r->acting = 1;
    step_t *st;
    int64_t v;
    int seat;
    switch (kind) {
    case L_FOLD:
    case L_CHECK:
        return new_step(r, c.name, kind == L_FOLD ? S_FOLD : S_CHECK) != NULL;
    case L_CALL:
    case L_BET:
    case L_RAISE:
        if (!amount_of(c.a.s, c.a.n, r->scale, &v))
            return 0;
        st = new_step(r, c.name, kind == L_CALL ? S_CALL : kind == L_BET ? S_BET : S_RAISE);
        if (!st)
            return 0;
        st->amount = v, st->total = kind == L_RAISE;
        return 1;
    case L_DISCARD:
    case L_PAT:
        if (r->round < 1)
            return 0;
        st = new_step(r, c.name, S_DRAW);
        if (!st)
            return 0;
        st->count = kind == L_PAT ? 0 : (int)c.x;
        st->has_cards = kind == L_PAT || c.a.s != NULL;
        if (kind == L_DISCARD && c.a.s &&
            (!read_cards(c.a.s, c.a.n, st->cards, 4, &st->ncards) || st->ncards != st->count))
            return 0;
        return 1;
    case L_DEALT: {
        uint8_t a[4], b[4];
        int na, nb;
        seat = seat_of(r, c.name);
        if (seat < 0 || !read_cards(c.a.s, c.a.n, a, 4, &na))
            return 0;
        if (r->round == 0) {
            if (c.b.s || na != 4 || r->hero >= 0)
                return 0;
            r->hero = seat;
            memcpy(r->hero_cards, a, 4);
            return 1;
        }
        if (seat != r->hero || r->round < 1)
            return 0;
        step_t *draw = NULL;
        for (int i = r->nsteps - 1; i >= 0 && !draw; i--)
            if (r->steps[i].kind == S_DRAW && r->steps[i].seat == seat)
                draw = &r->steps[i];
        if (!draw || draw->round != r->round || draw->has_received)
            return 0;
        if (c.b.s) {
            if (!read_cards(c.b.s, c.b.n, b, 4, &nb) || nb != draw->count || na + nb != 4)
                return 0;
            memcpy(draw->kept, a, 4);
            draw->has_kept = 1, draw->nkept = na;
            memcpy(draw->received, b, 4);
        } else {
            if (na != draw->count)
                return 0;
            memcpy(draw->received, a, 4);
        }
        draw->has_received = 1;
        return 1;
    }
    case L_SHOWS: {
        int k;
        seat = seat_of(r, c.name);
        if (seat < 0 || r->shown[seat] || !is_ascii(c.b) ||
            !read_cards(c.a.s, c.a.n, r->shown_cards[seat], 4, &k) ||
            k != 4)
            return 0;
        r->shown[seat] = 1;
        if (c.b.n > 0) {
            r->label_seat[r->nlabels] = seat;
            r->label[r->nlabels++] = c.b;
        }
        return 1;
    }
    case L_MUCKS:
        if (c.x) {
            seat = seat_of(r, c.name);
            if (seat < 0)
                return 0;
            r->mucked[seat] = 1;
        }
        return 1;
    case L_COLLECTED:
    case L_RETURNED:
        seat = seat_of(r, c.name);
        if (seat < 0 || !amount_of(c.a.s, c.a.n, r->scale, &v))
            return 0;
        if (kind == L_RETURNED) {
            r->returned[seat] += v;
            return r->returned[seat] <= MAX_AMOUNT;
        }
        {
            int first = 1;
            for (int i = 0; i < r->nwon; i++)
                first &= r->won_seat[i] != seat;
            if (first)
                r->won_seat[r->nwon++] = seat;
        }
        r->collected[seat] += v;
        return r->collected[seat] <= MAX_AMOUNT;
    case L_STREET: {
        span t = c.a;
        static const char *const draws[] = {"FIRST DRAW", "SECOND DRAW", "THIRD DRAW"};
        if (t.n == 13 && memcmp(t.s, "DEALING HANDS", 13) == 0)
            return r->round == 0 && r->nsteps == 0;
        for (int d = 0; d < 3; d++)
            if (t.n == (int)strlen(draws[d]) && memcmp(t.s, draws[d], (size_t)t.n) == 0) {
                if (r->round != d)
                    return 0;
                r->round = d + 1;
                return 1;
            }
        if (t.n == 7 && memcmp(t.s, "SUMMARY", 7) == 0) {
            r->round = -1;
            return 1;
        }
        return t.n == 9 && memcmp(t.s, "SHOW DOWN", 9) == 0;
    }
    case L_TABLE:
        if (r->acting)
            return 0;
        r->table = c.a;
        r->button = c.y;
        if (c.x >= 0)
            r->seat_count = (int)c.x;
        return 1;
    case L_SEAT:
        if (r->round == -1)
            return 1;
        if (r->acting)
            return 0;
        for (int i = 0; i < r->n; i++)
            if (r->number[i] == c.x)
                return 0;
        if (c.flag)
            return 1;
        if (r->n >= BF_MAX_SEATS || !amount_of(c.a.s, c.a.n, r->scale, &v) ||
            seat_of(r, c.name) >= 0)
            return 0;
        r->number[r->n] = c.x, r->name[r->n] = c.name, r->stack[r->n] = v;
        r->n++;
        return 1;
    case L_POST:
        seat = seat_of(r, c.name);
        if (seat < 0 || c.x == 2 || r->nposts >= MAX_POSTS ||
            !amount_of(c.a.s, c.a.n, r->scale, &v))
            return 0;
        r->posts[r->nposts].seat = seat;
        r->posts[r->nposts].kind = c.x == 0 ? P_SMALL : c.x == 1 ? P_BIG : P_ANTE;
        r->posts[r->nposts++].amount = v;
        return 1;
    case L_TOTAL:
        if (!amount_of(c.a.s, c.a.n, r->scale, &r->total_pot) ||
            !amount_of(c.b.s, c.b.n, r->scale, &r->rake))
            return 0;
        r->has_total = 1;
        return 1;
    case L_SUMMARY_SEAT:
        return r->round == -1;
    case L_NOISE:
        return 1;
    }
    return 0;
}

/* -- PHH text (phh/write.py, replay._write) ------------------------------------------------- */

typedef struct {
    char *p;
    int64_t n, cap; /* bytes */
    int64_t chars;  /* characters (UTF-8): what the row's places count */
    int ok;
} out_t;

static int64_t chars_in(const char *s, int64_t n)
{
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++)
        k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

static void put(out_t *o, const char *s, int64_t n)
{
    if (!o->ok || n > o->cap - o->n) {
        o->ok = 0;
        return;
    }
    memcpy(o->p + o->n, s, (size_t)n);
    o->n += n;
    o->chars += chars_in(s, n);
}

static void put_s(out_t *o, const char *s)
{
    put(o, s, (int64_t)strlen(s));
}

static void put_int(out_t *o, int64_t v)
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
    put(o, r, k);
}

/* toml_value of text without control characters: JSON's escapes, of which only " and \ occur
 * (json's encode_basestring writes every other character as it is) */
static void put_str(out_t *o, span s)
{
    put(o, "\"", 1);
    int from = 0;
    for (int i = 0; i < s.n; i++)
        if (s.s[i] == '"' || s.s[i] == '\\') {
            put(o, s.s + from, i - from);
            put(o, "\\", 1);
            from = i;
        }
    put(o, s.s + from, s.n - from);
    put(o, "\"", 1);
}

static void put_ints(out_t *o, const int64_t *v, int n)
{
    put(o, "[", 1);
    for (int i = 0; i < n; i++) {
        if (i)
            put(o, ", ", 2);
        put_int(o, v[i]);
    }
    put(o, "]", 1);
}

static void put_digits(out_t *o, span d) /* int(digits): no leading zeros */
{
    while (d.n > 1 && d.s[0] == '0')
        d = sp(d.s + 1, d.n - 1);
    put(o, d.s, d.n);
}

static void put_card(out_t *o, uint8_t c)
{
    if (c < BF_NUM_CARDS) {
        char t[2] = {RANKS[c / 4], SUITS[c % 4]};
        put(o, t, 2);
    } else {
        put(o, "??", 2);
    }
}

/* -- the replay (replay._replay over the C hand state) --------------------------------------- */

typedef struct {
    rec_t *r;
    out_t *o;
    int n, button, order[BF_MAX_SEATS], number[BF_MAX_SEATS];
    uint8_t hand[BF_MAX_SEATS][4];
    int next_hidden;
    int64_t wbets[BF_MAX_SEATS]; /* _ActionWriter.round_bets */
    int npend, pend_seat[BF_MAX_SEATS], pend_count[BF_MAX_SEATS];
    uint8_t pend_cards[BF_MAX_SEATS][4];
    int aggressor; /* the last to bet or raise in the last round */
    int at_showdown;                     /* the showdown wrote a line (a SHOW or MUCK event) */
    int show_event[BF_MAX_SEATS];        /* the seat's SHOW event (the summary's snow) */
    uint8_t show_cards[BF_MAX_SEATS][4]; /* and the cards it showed */
    bf_game_spec spec;
    bf_hand_state hs;
    bf_game_action trace[TRACE_CAP];
} replay_t;

static void line_start(replay_t *x, int seat)
{
    put_s(x->o, "  \"p");
    put_int(x->o, x->number[seat]);
}

static void flush_draws(replay_t *x) /* _ActionWriter.end_draw */
{
    for (int i = 0; i < x->npend; i++)
        if (x->pend_count[i]) {
            put_s(x->o, "  \"d dh p");
            put_int(x->o, x->number[x->pend_seat[i]]);
            put(x->o, " ", 1);
            for (int k = 0; k < x->pend_count[i]; k++)
                put_card(x->o, x->pend_cards[i][k]);
            put_s(x->o, "\",\n");
        }
    x->npend = 0;
}

static int in_set(const uint8_t *cards, int n, uint8_t c)
{
    for (int i = 0; i < n; i++)
        if (cards[i] == c)
            return 1;
    return 0;
}

/* One betting step: Game.act after replay._action, every amount checked by the options */
static int bet_step(replay_t *x, const step_t *st)
{
    bf_hand_state *hs = &x->hs;
    int seat = st->seat;
    bf_options o;
    bf_state_options(hs, seat, &o, 1);
    bf_choice choice = {0, 0};
    switch (st->kind) {
    case S_FOLD:
        if (o.to_call <= 0)
            return 0;
        choice.kind = BF_ACT_FOLD;
        break;
    case S_CHECK:
        if (o.to_call != 0)
            return 0;
        choice.kind = BF_ACT_CHECK;
        break;
    case S_CALL:
        if (o.to_call <= 0 || st->amount != o.call || st->amount <= 0)
            return 0;
        choice.kind = BF_ACT_CALL, choice.amount = o.call;
        break;
    case S_BET:
    case S_RAISE: {
        int64_t put_in = st->total ? st->amount - hs->round_bets[seat] : st->amount;
        if (put_in <= 0 || !o.bet_kind || put_in < o.least || put_in > o.most)
            return 0;
        choice.kind = o.bet_kind, choice.amount = put_in;
        if (hs->round_index == BF_ROUNDS - 1)
            x->aggressor = seat;
        break;
    }
    default:
        return 0;
    }
    flush_draws(x);
    bf_state_bet(hs, seat, choice);
    line_start(x, seat);
    if (choice.kind == BF_ACT_FOLD) {
        put_s(x->o, " f\",\n");
    } else if (choice.kind == BF_ACT_CHECK || choice.kind == BF_ACT_CALL) {
        x->wbets[seat] += choice.amount;
        put_s(x->o, " cc\",\n");
    } else {
        x->wbets[seat] += choice.amount;
        put_s(x->o, " cbr ");
        put_int(x->o, x->wbets[seat]);
        put_s(x->o, "\",\n");
    }
    return 1;
}

/* One draw: replay._thrown, Game._draw (and its check of a shown hand at the last draw) */
static int draw_step(replay_t *x, const step_t *st)
{
    rec_t *r = x->r;
    int seat = st->seat;
    uint8_t *hand = x->hand[seat];
    int thrown_at[4], nthrown = 0;
    if (st->has_cards) {
        for (int k = 0; k < st->ncards; k++) {
            int at = -1;
            for (int i = 0; i < 4; i++)
                if (hand[i] == st->cards[k])
                    at = i;
            if (at < 0)
                return 0;
            thrown_at[nthrown++] = at;
        }
    } else if (st->has_kept) {
        for (int k = 0; k < st->nkept; k++)
            if (!in_set(hand, 4, st->kept[k]))
                return 0;
        for (int i = 0; i < 4; i++)
            if (!in_set(st->kept, st->nkept, hand[i]))
                thrown_at[nthrown++] = i;
    } else {
        int hidden = 0;
        for (int i = 0; i < 4; i++)
            hidden += hand[i] >= HIDDEN_BASE;
        if (st->count && hidden < 4)
            return 0;
        for (int i = 0; i < st->count; i++)
            thrown_at[nthrown++] = i;
    }
    if (nthrown != st->count)
        return 0;
    uint8_t thrown[4], kept[4], received[4], hs_thrown[4];
    int nkept = 0;
    for (int i = 0; i < 4; i++) {
        int out = 0;
        for (int k = 0; k < nthrown; k++)
            out |= thrown_at[k] == i;
        if (!out)
            kept[nkept++] = hand[i];
    }
    for (int k = 0; k < nthrown; k++) {
        thrown[k] = hand[thrown_at[k]];
        hs_thrown[k] = x->hs.hand[seat][thrown_at[k]];
    }
    for (int k = 0; k < nthrown; k++)
        received[k] = st->has_received ? st->received[k] : (uint8_t)(HIDDEN_BASE + x->next_hidden++);
    if (x->next_hidden > 200)
        return 0;
    if (x->hs.round_index == BF_ROUNDS - 2 && r->shown[seat]) { /* Game._check_shown */
        for (int i = 0; i < nkept; i++)
            if (kept[i] < BF_NUM_CARDS && !in_set(r->shown_cards[seat], 4, kept[i]))
                return 0;
        for (int k = 0; k < nthrown; k++)
            if (received[k] < BF_NUM_CARDS && !in_set(r->shown_cards[seat], 4, received[k]))
                return 0;
    }
    memcpy(hand, kept, (size_t)nkept);
    memcpy(hand + nkept, received, (size_t)nthrown);
    bf_state_draw(&x->hs, seat, hs_thrown, nthrown);
    /* _ActionWriter.discard */
    for (int i = 0; i < x->npend; i++)
        if (x->pend_seat[i] == seat) {
            flush_draws(x);
            break;
        }
    if (x->npend == 0)
        memset(x->wbets, 0, sizeof x->wbets);
    line_start(x, seat);
    put_s(x->o, " sd");
    if (nthrown)
        put(x->o, " ", 1);
    for (int k = 0; k < nthrown; k++)
        put_card(x->o, thrown[k]);
    put_s(x->o, "\",\n");
    x->pend_seat[x->npend] = seat, x->pend_count[x->npend] = nthrown;
    memcpy(x->pend_cards[x->npend++], received, 4);
    return 1;
}

enum { R_KNOWN, R_WINNER, R_LOSER }; /* a hand at showdown: shown or known, or unknown */

/* Each hand's showdown rank as the Python replay has it (state._showdown): a known hand's own,
 * 0 for an unknown winner, BF_NUM_RANKS + 1 for another unknown hand; `cards` the hand shown. */
static int showdown_ranks(replay_t *x, int rank[], int cls[], uint8_t cards[][4])
{
    rec_t *r = x->r;
    for (int p = 0; p < x->n; p++) {
        if (x->hs.folded[p])
            continue;
        int hidden = 0;
        memcpy(cards[p], x->hand[p], 4);
        for (int i = 0; i < 4; i++)
            hidden += cards[p][i] >= HIDDEN_BASE;
        if (hidden && r->shown[p]) {
            for (int i = 0; i < 4; i++)
                if (cards[p][i] < BF_NUM_CARDS && !in_set(r->shown_cards[p], 4, cards[p][i]))
                    return 0;
            memcpy(cards[p], r->shown_cards[p], 4);
            hidden = 0;
        } else if (!hidden && r->shown[p]) {
            for (int i = 0; i < 4; i++)
                if (!in_set(r->shown_cards[p], 4, cards[p][i]))
                    return 0;
        }
        if (hidden) {
            int won = 0;
            for (int i = 0; i < r->nwon; i++)
                won |= r->won_seat[i] == p && !r->mucked[p];
            cls[p] = won ? R_WINNER : R_LOSER;
            rank[p] = won ? 0 : BF_NUM_RANKS + 1;
        } else {
            cls[p] = R_KNOWN;
            rank[p] = bf_rank(cards[p][0], cards[p][1], cards[p][2], cards[p][3]);
            if (rank[p] == 0)
                return 0;
        }
    }
    return 1;
}

/* Stand-in cards for the C showdown, ranking as showdown_ranks does: 0 when they could tie
 * where the Python ranks do not. */
static int stand_ins(replay_t *x)
{
    int rank[BF_MAX_SEATS], cls[BF_MAX_SEATS], winners = 0, losers = 0, best = 0, worst = 0;
    uint8_t cards[BF_MAX_SEATS][4];
    if (!showdown_ranks(x, rank, cls, cards))
        return 0;
    for (int p = 0; p < x->n; p++) {
        if (x->hs.folded[p])
            continue;
        winners += cls[p] == R_WINNER, losers += cls[p] == R_LOSER;
        best |= cls[p] == R_KNOWN && rank[p] == 1;
        worst |= cls[p] == R_KNOWN && rank[p] == BF_NUM_RANKS;
    }
    if ((winners && best) || (losers && worst))
        return 0;
    static const uint8_t a234[4] = {0, 5, 10, 15}, kings[4] = {48, 49, 50, 51};
    for (int p = 0; p < x->n; p++)
        if (!x->hs.folded[p])
            memcpy(x->hs.hand[p], cls[p] == R_KNOWN ? cards[p] : cls[p] == R_WINNER ? a234 : kings,
                   4);
    return 1;
}

/* The SHOW and MUCK events of state._showdown (showdown.showing), as PHH lines */
static int showdown_lines(replay_t *x, const int64_t *committed)
{
    rec_t *r = x->r;
    int n = x->n, rank[BF_MAX_SEATS], cls[BF_MAX_SEATS], live[BF_MAX_SEATS], nlive = 0;
    uint8_t cards[BF_MAX_SEATS][4];
    for (int p = 0; p < n; p++)
        if (!x->hs.folded[p])
            live[nlive++] = p;
    if (nlive < 2)
        return 1;
    if (!showdown_ranks(x, rank, cls, cards))
        return 0;
    int unknown = 0;
    for (int i = 0; i < nlive; i++)
        unknown |= cls[live[i]] != R_KNOWN;
    /* showdown.side_pots */
    int64_t left[BF_MAX_SEATS];
    unsigned pots[BF_MAX_SEATS + 1];
    int npots = 0;
    memcpy(left, committed, sizeof left);
    for (;;) {
        int64_t level = -1, most = 0;
        for (int p = 0; p < n; p++)
            most = left[p] > most ? left[p] : most;
        if (most == 0)
            break;
        unsigned seats = 0;
        for (int i = 0; i < nlive; i++)
            if (left[live[i]] > 0) {
                seats |= 1u << live[i];
                if (level < 0 || left[live[i]] < level)
                    level = left[live[i]];
            }
        if (level < 0)
            level = most;
        for (int p = 0; p < n; p++)
            left[p] = left[p] > level ? left[p] - level : 0;
        if (seats) {
            if (npots > BF_MAX_SEATS)
                return 0;
            pots[npots++] = seats;
        }
    }
    if (unknown)
        for (int k = 0; k < npots; k++)
            for (int i = 0; i < nlive; i++)
                if (cls[live[i]] != R_KNOWN)
                    pots[k] &= ~(1u << live[i]);
    /* the show order: the last aggressor of the last round, else the first left of the button */
    int first = x->aggressor; /* (a folded aggressor: the turns start after it) */
    for (int i = 1; i <= n && first < 0; i++)
        if (!x->hs.folded[(x->button + i) % n])
            first = (x->button + i) % n;
    int turns[BF_MAX_SEATS], nturns = 0;
    for (int i = 0; i < n; i++) {
        int q = (first + i) % n;
        if (!x->hs.folded[q])
            turns[nturns++] = q;
    }
    unsigned shown = 0;
    int shows[BF_MAX_SEATS];
    for (int t = 0; t < nturns; t++) {
        int p = turns[t];
        if (cls[p] != R_KNOWN)
            continue;
        int all_beaten = 1;
        for (int k = 0; k < npots; k++) {
            if (!(pots[k] >> p & 1))
                continue;
            int beaten = 0;
            for (int q = 0; q < n; q++)
                if ((shown >> q & 1) && (pots[k] >> q & 1) && rank[q] < rank[p])
                    beaten = 1;
            all_beaten &= beaten;
        }
        shows[p] = !shown || r->shown[p] || !all_beaten;
        if (shows[p])
            shown |= 1u << p;
    }
    flush_draws(x);
    for (int t = 0; t < nturns; t++) {
        int p = turns[t];
        if (cls[p] == R_WINNER)
            continue;
        line_start(x, p);
        put_s(x->o, " sm");
        x->at_showdown = 1;
        if (cls[p] == R_KNOWN && shows[p]) {
            put(x->o, " ", 1);
            for (int i = 0; i < 4; i++)
                put_card(x->o, cards[p][i]);
            x->show_event[p] = 1;
            memcpy(x->show_cards[p], cards[p], 4);
        }
        put_s(x->o, "\",\n");
    }
    return 1;
}

/* replay.label_ranks and _check_label_of_each_shown_hand: the site's label is our describe() */
static int label_agrees(span label, const uint8_t *cards)
{
    static const struct {
        const char *text;
        int size;
    } kinds[] = {{"badugi", 4},   {"3-card", 3},    {"three cards", 3}, {"three card", 3},
                 {"2-card", 2},   {"two cards", 2}, {"two card", 2},    {"1-card", 1},
                 {"one card", 1}};
    int cut = -1;
    for (int i = 0; i < label.n && cut < 0; i++)
        if (label.s[i] == ':' || label.s[i] == ',')
            cut = i;
    if (cut < 0)
        cut = label.n;
    span head = sp(label.s, cut);
    while (head.n && head.s[0] == ' ')
        head = sp(head.s + 1, head.n - 1);
    while (head.n && head.s[head.n - 1] == ' ')
        head.n--;
    char low[64];
    if (head.n >= (int)sizeof low)
        return 0;
    for (int i = 0; i < head.n; i++)
        low[i] = (char)(head.s[i] >= 'A' && head.s[i] <= 'Z' ? head.s[i] + 32 : head.s[i]);
    int m = head.n, start = 0;
    if (m >= 2 && low[0] == 'a' && low[1] == ' ') { /* .removeprefix("a ").strip() */
        start = 2;
        while (start < m && low[start] == ' ')
            start++;
    }
    int size = 0;
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
        if ((int)strlen(kinds[k].text) == m - start &&
            memcmp(low + start, kinds[k].text, (size_t)(m - start)) == 0)
            size = kinds[k].size;
    if (!size)
        return 0;
    char read[BF_HISTORY_MAX_LINE];
    int nread = 0;
    for (int i = cut + 1; i < label.n; i++) { /* _LABEL_RANK: 10|[AKQJT2-9] */
        char ch = label.s[i];
        if (ch == '1' && i + 1 < label.n && label.s[i + 1] == '0') {
            read[nread++] = 'T';
            i++;
        } else if (strchr("AKQJT23456789", ch) && ch) {
            read[nread++] = ch;
        }
    }
    int packed = bf_describe(cards[0], cards[1], cards[2], cards[3]);
    if (!packed)
        return 0;
    int mask = packed >> 16, ids[4];
    memcpy(ids, (int[4]){cards[0], cards[1], cards[2], cards[3]}, sizeof ids);
    for (int i = 1; i < 4; i++) /* ascending ids */
        for (int j = i; j > 0 && ids[j - 1] > ids[j]; j--) {
            int t = ids[j];
            ids[j] = ids[j - 1];
            ids[j - 1] = t;
        }
    char ours[4];
    int nours = 0;
    for (int i = 3; i >= 0; i--)
        if (mask >> i & 1)
            ours[nours++] = RANKS[ids[i] / 4];
    return nours == size && nread == nours && memcmp(read, ours, (size_t)nours) == 0;
}

/* -- one hand -------------------------------------------------------------------------------- */

/* The length of the UTF-8 character at s[0 .. n) that we read: printable ASCII, or a valid
 * sequence (not overlong, no surrogate, at most U+10FFFF) of a character from U+00A0 on;
 * 0 for anything else (control characters, DEL, C1 controls, bytes that are not UTF-8). */
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
    return k;
}


/* replay._table_rules: the rules the posts show, and the button; 0: Python's to say */
static int table_rules(replay_t *x)
{
    rec_t *r = x->r;
    int n = r->n, small = -1, big = -1;
    int64_t small_amount = 0, big_amount = 0, ante = 0;
    if (n < 2)
        return 0;
    for (int i = 0; i < r->nposts; i++) {
        if (r->posts[i].kind == P_ANTE) {
            ante = r->posts[i].amount > ante ? r->posts[i].amount : ante;
        } else if (r->posts[i].kind == P_SMALL) {
            if (small >= 0)
                return 0;
            small = r->posts[i].seat, small_amount = r->posts[i].amount;
        } else {
            if (big >= 0)
                return 0;
            big = r->posts[i].seat, big_amount = r->posts[i].amount;
        }
    }
    if (small >= 0 && big >= 0) {
        if (big != (small + 1) % n)
            return 0;
        x->button = n == 2 ? small : (small + n - 1) % n;
    } else {
        if (small >= 0 || big >= 0 || !ante)
            return 0;
        x->button = -1;
        for (int i = 0; i < n; i++)
            if (r->number[i] == r->button)
                x->button = i;
        if (x->button < 0)
            return 0;
    }
    /* Rules(small_bet, big_bet, small, big, structure, ante) accepts these */
    if (r->small_bet < 1 || r->big_bet < 1 || small_amount > big_amount)
        return 0;
    bf_game_spec *spec = &x->spec;
    memset(spec, 0, sizeof *spec);
    spec->seats = n;
    spec->rules = BF_GAME_CASINO;
    spec->structure = r->structure;
    spec->max_bets = r->structure == BF_GAME_FIXED_LIMIT ? 4 : BF_GAME_MAX_BETS;
    spec->small_bet = r->small_bet, spec->big_bet = r->big_bet;
    spec->small_blind = small_amount, spec->big_blind = big_amount;
    spec->ante = ante, spec->chip = 1;
    for (int i = 0; i < n; i++) {
        if (r->stack[i] <= 0)
            return 0;
        spec->stacks[i] = r->stack[i];
    }
    return bf_game_spec_valid(spec);
}

static int by_seat_amount(const void *a, const void *b)
{
    const int64_t *p = a, *q = b;
    return p[0] != q[0] ? (p[0] < q[0] ? -1 : 1) : (p[1] < q[1] ? -1 : p[1] > q[1]);
}

static void sort_pairs(int64_t (*v)[2], int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && by_seat_amount(v[j - 1], v[j]) > 0; j--) {
            int64_t t0 = v[j][0], t1 = v[j][1];
            v[j][0] = v[j - 1][0], v[j][1] = v[j - 1][1];
            v[j - 1][0] = t0, v[j - 1][1] = t1;
        }
}

/* The known cards of the deal are distinct (Game's stacked deck), so are the hands shown. */
static int cards_distinct(const rec_t *r)
{
    uint64_t deck = 0, shown = 0;
    if (r->hero >= 0)
        for (int i = 0; i < 4; i++) {
            if (deck >> r->hero_cards[i] & 1)
                return 0;
            deck |= UINT64_C(1) << r->hero_cards[i];
        }
    for (int s = 0; s < r->nsteps; s++)
        if (r->steps[s].has_received)
            for (int i = 0; i < r->steps[s].count; i++) {
                if (deck >> r->steps[s].received[i] & 1)
                    return 0;
                deck |= UINT64_C(1) << r->steps[s].received[i];
            }
    for (int p = 0; p < r->n; p++)
        if (r->shown[p])
            for (int i = 0; i < 4; i++) {
                uint64_t bit = UINT64_C(1) << r->shown_cards[p][i];
                if (shown & bit)
                    return 0;
                shown |= bit;
            }
    /* a shown card that is also another seat's known card: Python does not mind, we do */
    for (int p = 0; p < r->n; p++)
        if (r->shown[p] && p != r->hero)
            for (int i = 0; i < 4; i++)
                if (deck >> r->shown_cards[p][i] & 1)
                    return 0;
    return 1;
}

/* What the hand adds to each player's summary, as histories/summary.py's seat_figures reads
 * it from the replayed Game and the record. */
static void seat_figures(const replay_t *x, const int64_t won[], int64_t *row)
{
    const rec_t *r = x->r;
    for (int p = 0; p < r->n; p++) {
        int64_t *f = row + BF_HR_FIGURES + BF_HR_FIGURE_WIDTH * p, flags = 0;
        f[0] = r->collected[p] + r->returned[p] - (r->stack[p] - x->hs.stack[p] + won[p]);
        f[2] = f[3] = f[4] = -1;
        int folded_first = 0, last_draw = -1;
        for (int s = 0; s < r->nsteps; s++) {
            const step_t *st = &r->steps[s];
            if (st->seat != p)
                continue;
            if (st->kind == S_DRAW) {
                if (st->round >= 1 && st->round <= 3) /* always: draws follow a draw's header */
                    f[1 + st->round] = st->count;
                last_draw = s;
            } else if (st->round == 0) {
                flags |= st->kind == S_CALL || st->kind == S_BET || st->kind == S_RAISE
                             ? BF_HF_VOLUNTARY
                             : 0;
                flags |= st->kind == S_BET || st->kind == S_RAISE ? BF_HF_RAISED : 0;
                folded_first |= st->kind == S_FOLD;
            }
        }
        flags |= folded_first ? 0 : BF_HF_SAW_DRAW;
        flags |= x->at_showdown && !x->hs.folded[p] ? BF_HF_SHOWDOWN : 0;
        flags |= won[p] > 0 ? BF_HF_WON : 0;
        if (x->show_event[p] && last_draw >= 0 && r->steps[last_draw].count == 0 &&
            r->steps[last_draw].round == 3) {
            const uint8_t *c = x->show_cards[p];
            int mask = bf_describe(c[0], c[1], c[2], c[3]) >> 16;
            flags |= __builtin_popcount((unsigned)mask) < 4 ? BF_HF_SNOWED : 0;
        }
        f[1] = flags;
    }
}

/* The row's text fields and the PHH text of a read hand; 0: Python's to import. */
static int import_hand(rec_t *r, replay_t *x, out_t *o, int64_t first_line, int64_t *row)
{
    int n = r->n;
    x->r = r, x->o = o, x->n = n;
    if (r->round != -1 || !r->has_total || !table_rules(x) || !cards_distinct(r))
        return 0;
    for (int k = 0; k < n; k++) {
        x->order[k] = (x->button + 1 + k) % n;
        x->number[x->order[k]] = k + 1;
    }
    /* Game(...): the C hand state posts, deals (its own cards, never read but for stand-ins) */
    bf_hand_state *hs = &x->hs;
    hs->trace = x->trace;
    hs->trace_cap = TRACE_CAP;
    bf_state_deal(hs, &x->spec, 0, (uint64_t)x->button, 0);
    /* _check_posts */
    int64_t posted[MAX_POSTS][2], listed[MAX_POSTS][2];
    int nposted = 0;
    for (int i = 0; i < hs->trace_n && i < TRACE_CAP; i++)
        if (x->trace[i].kind == BF_ACT_POST || x->trace[i].kind == BF_ACT_ANTE) {
            if (nposted >= MAX_POSTS)
                return 0;
            posted[nposted][0] = x->trace[i].seat, posted[nposted++][1] = x->trace[i].amount;
            if (x->trace[i].kind == BF_ACT_POST)
                x->wbets[x->trace[i].seat] += x->trace[i].amount;
        }
    if (nposted != r->nposts)
        return 0;
    for (int i = 0; i < nposted; i++)
        listed[i][0] = r->posts[i].seat, listed[i][1] = r->posts[i].amount;
    sort_pairs(posted, nposted);
    sort_pairs(listed, nposted);
    if (memcmp(posted, listed, sizeof posted[0] * (size_t)nposted) != 0)
        return 0;
    /* the PHH fields before the actions (phh.write.history_lines) */
    int64_t v[BF_MAX_SEATS];
    const bf_game_spec *spec = &x->spec;
    put_s(o, "variant = \"FB\"\nantes = ");
    for (int k = 0; k < n; k++)
        v[k] = spec->ante;
    put_ints(o, v, n);
    put_s(o, "\nblinds_or_straddles = ");
    memset(v, 0, sizeof v);
    if (spec->big_blind > 0)
        v[0] = spec->small_blind, v[1] = spec->big_blind;
    put_ints(o, v, n);
    put_s(o, "\nsmall_bet = ");
    put_int(o, spec->small_bet);
    put_s(o, "\nbig_bet = ");
    put_int(o, spec->big_bet);
    static const char *const structures[] = {"", "pot-limit", "no-limit", "half-pot-limit"};
    if (spec->structure != BF_GAME_FIXED_LIMIT) {
        put_s(o, "\n_structure = \"");
        put_s(o, structures[spec->structure]);
        put_s(o, "\"");
    }
    put_s(o, "\nstarting_stacks = ");
    for (int k = 0; k < n; k++)
        v[k] = r->stack[x->order[k]];
    put_ints(o, v, n);
    put_s(o, "\nactions = [\n");
    /* Game._deal: four each from the button's left; ours known for the hero only */
    for (int k = 0; k < 4; k++)
        for (int j = 0; j < n; j++) {
            int seat = x->order[j];
            x->hand[seat][k] = seat == r->hero ? r->hero_cards[k]
                                               : (uint8_t)(HIDDEN_BASE + x->next_hidden++);
        }
    for (int j = 0; j < n; j++) {
        put_s(o, "  \"d dh p");
        put_int(o, j + 1);
        put(o, " ", 1);
        for (int k = 0; k < 4; k++)
            put_card(o, x->hand[x->order[j]][k]);
        put_s(o, "\",\n");
    }
    x->aggressor = -1;
    for (int s = 0; s < r->nsteps; s++) {
        const step_t *st = &r->steps[s];
        if (bf_state_actor(hs) != st->seat)
            return 0;
        int ok = hs->phase == BF_PHASE_DRAW ? st->kind == S_DRAW && draw_step(x, st)
                                            : st->kind != S_DRAW && bet_step(x, st);
        if (!ok)
            return 0;
        if (hs->phase == BF_PHASE_DRAW && hs->round_index == BF_ROUNDS - 2 &&
            hs->draw_head == hs->draw_n && !stand_ins(x))
            return 0;
        int64_t before[BF_MAX_SEATS]; /* the chips in before the end: the showdown's pots */
        memcpy(before, hs->committed, sizeof before);
        bf_state_advance(hs);
        if (hs->phase == BF_PHASE_DONE) {
            if (s != r->nsteps - 1)
                return 0; /* steps after the end: Python reports them */
            if (!showdown_lines(x, before))
                return 0;
        }
    }
    if (hs->phase != BF_PHASE_DONE || hs->trace_n > TRACE_CAP)
        return 0;
    flush_draws(x);
    put_s(o, "]\n");
    /* _won and _check_winnings */
    int64_t won[BF_MAX_SEATS] = {0}, sum_won = 0, sum_collected = 0, sum_returned = 0, put_in = 0;
    for (int i = 0; i < hs->trace_n; i++)
        if (x->trace[i].kind == BF_ACT_WIN)
            won[x->trace[i].seat] += x->trace[i].amount;
    for (int p = 0; p < n; p++) {
        int64_t kept = won[p] - r->returned[p];
        if (kept < r->collected[p] || (kept > 0) != (r->collected[p] > 0))
            return 0;
        sum_won += won[p], sum_collected += r->collected[p], sum_returned += r->returned[p];
        put_in += r->stack[p] - hs->stack[p] + won[p];
    }
    if (sum_won - sum_collected - sum_returned != r->rake ||
        r->total_pot != put_in - sum_returned)
        return 0;
    for (int i = 0; i < r->nlabels; i++)
        if (!label_agrees(r->label[i], r->shown_cards[r->label_seat[i]]))
            return 0;
    /* players, _seats, then replay._fields */
    put_s(o, "players = [");
    for (int k = 0; k < n; k++) {
        if (k)
            put_s(o, ", ");
        put_str(o, r->name[x->order[k]]);
    }
    put_s(o, "]\n_seats = ");
    for (int k = 0; k < n; k++)
        v[k] = x->order[k];
    put_ints(o, v, n);
    put_s(o, "\nvenue = \"PokerStars\"\n");
    if (r->table.s) {
        put_s(o, "table = ");
        put_str(o, r->table);
        put_s(o, "\n");
    }
    put_s(o, "hand = ");
    put_digits(o, r->id);
    {
        const char *names[3] = {"\nyear = ", "\nmonth = ", "\nday = "};
        int at = 0;
        for (int part = 0; part < 3; part++) {
            int e = at;
            while (e < r->date.n && r->date.s[e] != '/')
                e++;
            put_s(o, names[part]);
            put_digits(o, sp(r->date.s + at, e - at));
            at = e + 1;
        }
    }
    put_s(o, "\ntime = \"");
    if (r->time.n == 7)
        put(o, "0", 1);
    put(o, r->time.s, r->time.n);
    put_s(o, "\"\n_time_zone_abbreviation = ");
    put_str(o, r->tz);
    static const char *const zones[][2] = {
        {"ET", "America/New_York"}, {"CET", "Europe/Paris"}, {"UTC", "UTC"}, {"GMT", "UTC"}};
    for (size_t z = 0; z < 4; z++)
        if ((int)strlen(zones[z][0]) == r->tz.n && memcmp(zones[z][0], r->tz.s, (size_t)r->tz.n) == 0) {
            put_s(o, "\ntime_zone = \"");
            put_s(o, zones[z][1]);
            put_s(o, "\"");
        }
    if (r->cur.s) {
        put_s(o, "\ncurrency = ");
        put_str(o, r->cur);
    }
    put_s(o, "\nseats = ");
    for (int k = 0; k < n; k++)
        v[k] = r->number[x->order[k]];
    put_ints(o, v, n);
    if (r->seat_count >= 0) {
        put_s(o, "\nseat_count = ");
        put_int(o, r->seat_count);
    }
    if (r->tournament.s) {
        put_s(o, "\n_tournament = ");
        put_str(o, r->tournament);
    }
    put_s(o, "\n_rake = ");
    put_int(o, r->rake);
    put_s(o, "\n_labels = [");
    for (int k = 0; k < n; k++) {
        span label = {"", 0};
        for (int i = 0; i < r->nlabels; i++)
            if (r->label_seat[i] == x->order[k])
                label = r->label[i];
        put_s(o, k ? ", " : "");
        put_str(o, label);
    }
    put_s(o, "]\n_source_line = ");
    put_int(o, first_line);
    put_s(o, "\n_first_line = ");
    put_str(o, r->first);
    put_s(o, "\n");
    row[BF_HR_PHH_TAIL] = o->chars;
    put_s(o, "finishing_stacks = ");
    for (int k = 0; k < n; k++) {
        int s = x->order[k];
        v[k] = hs->stack[s] - won[s] + r->collected[s] + r->returned[s];
    }
    put_ints(o, v, n);
    put_s(o, "\nwinnings = ");
    for (int k = 0; k < n; k++)
        v[k] = r->collected[x->order[k]];
    put_ints(o, v, n);
    put_s(o, "\n");
    row[BF_HR_PHH_TAIL + 1] = o->chars - row[BF_HR_PHH_TAIL];
    /* the row's numbers and texts */
    row[BF_HR_ID] = o->chars, row[BF_HR_ID + 1] = r->id.n;
    put(o, r->id.s, r->id.n);
    row[BF_HR_CURRENCY] = o->chars, row[BF_HR_CURRENCY + 1] = r->cur.s ? r->cur.n : 0;
    if (r->cur.s)
        put(o, r->cur.s, r->cur.n);
    row[BF_HR_RAKE] = r->rake;
    row[BF_HR_BIG_BLIND] = spec->big_blind ? spec->big_blind : spec->ante;
    row[BF_HR_SEATS] = n;
    for (int p = 0; p < n; p++) {
        int64_t *at = row + BF_HR_SEAT + 4 * p;
        at[0] = r->number[p], at[1] = o->chars, at[3] = r->stack[p];
        at[2] = chars_in(r->name[p].s, r->name[p].n);
        put(o, r->name[p].s, r->name[p].n);
    }
    row[BF_HR_WON] = r->nwon;
    for (int i = 0; i < r->nwon; i++) {
        row[BF_HR_WON + 1 + 2 * i] = r->won_seat[i];
        row[BF_HR_WON + 2 + 2 * i] = r->collected[r->won_seat[i]];
    }
    row[BF_HR_LABELS] = r->nlabels;
    for (int i = 0; i < r->nlabels; i++) {
        int64_t *at = row + BF_HR_LABELS + 1 + 3 * i;
        at[0] = r->label_seat[i], at[1] = o->chars, at[2] = r->label[i].n; /* ASCII */
        put(o, r->label[i].s, r->label[i].n);
    }
    seat_figures(x, won, row);
    return o->ok;
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
            if (!header(s, n, r))
                return 0;
            first = 0;
        } else if (!blank && !read_line(r, s, n)) {
            return 0;
        }
        at = next;
    }
    memset(x, 0, offsetof(replay_t, spec));
    int64_t mark = o->n, mark_chars = o->chars;
    row[BF_HR_PHH] = mark_chars;
    if (!import_hand(r, x, o, first_line, row)) {
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
