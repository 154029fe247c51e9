/* Stage 2 of the history reader (the pipeline: notation/history_internal.h): a PokerStars
 * hand's header line (pokerstars.PokerStars.header), then each of its lines: its kind, the first
 * pattern of the Python table that matches it (the patterns are pokerstars_patterns.c's), and
 * the line into the hand's record (rec_t), checked as the handlers of
 * badugi_fast/game/histories/pokerstars.py check it. reader.c gives it the lines one by one;
 * replay.c replays the record. 0: the hand is Python's. */
#include "notation/history_internal.h"

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
int bf_hist_header(const char *s, int n, rec_t *r)
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
                if (!bf_hist_amount_of(s + sb0, sb1 - sb0, 1, &r->small_bet) ||
                    !bf_hist_amount_of(s + bb0, q - bb0, 1, &r->big_bet))
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
            return bf_hist_structure_of(game.s, game.n, &r->structure);
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
        int coded = 0;
        if (q + 4 < n && s[q] == ' ') {
            int k;
            for (k = 1; k <= 3 && s[q + k] >= 'A' && s[q + k] <= 'Z'; k++)
                ;
            if (k != 4)
                continue;
            cur = sp(s + q + 1, 3);
            coded = 1;
            q += 4;
        }
        if (!has(s, n, q, ") - ") || !when_to_end(s, n, q + 4, r))
            continue;
        /* PokerStars.header: stakes without a currency are play money (chips, no currency);
         * TextParser.money: a cash game's amounts carry the sign, chips never */
        int chips = !coded && s[sb0] != '$';
        if ((s[sb0] == '$') == chips || (s[bb0] == '$') == chips)
            return 0;
        r->scale = chips ? 1 : 100;
        if (!chips)
            r->cur = cur;
        if (!bf_hist_amount_of(s + sb0, sb1 - sb0, r->scale, &r->small_bet) ||
            !bf_hist_amount_of(s + bb0, bb1 - bb0, r->scale, &r->big_bet))
            return 0;
        return bf_hist_structure_of(s + g, p - g, &r->structure);
    }
    return 0;
}

/* TextParser.money: a cash game's amount carries its dollar sign, a tournament's none */
static int money(const rec_t *r, span a, int64_t *value)
{
    if ((a.n > 0 && a.s[0] == '$') != (r->scale == 100))
        return 0;
    return bf_hist_amount_of(a.s, a.n, r->scale, value);
}

static int contains(const char *s, int n, const char *lit)
{
    int k = (int)strlen(lit);
    for (int i = 0; i + k <= n; i++)
        if (s[i] == lit[0] && memcmp(s + i, lit, (size_t)k) == 0)
            return 1;
    return 0;
}

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
        if (bf_hist_name_suffix(kind, s + i + 2, n - i - 2, &probe))
            first[table_place(kind)] = i, kinds[table_place(kind)] = kind;
    }
    int best = -1;
    for (int k = 7; k >= 0; k--)
        if (first[k] >= 0)
            best = k;
#define NAME_KIND(place)                                                                          \
    do {                                                                                          \
        bf_hist_name_suffix(kinds[place], s + first[place] + 2, n - first[place] - 2, c);         \
        c->name = sp(s, first[place]);                                                            \
        return kinds[place];                                                                      \
    } while (0)
    if (best >= 0 && best <= 4)
        NAME_KIND(best);
    if (s[0] == 'D' && bf_hist_dealt_line(s, n, c))
        return L_DEALT;
    if (best == 5 || best == 6)
        NAME_KIND(best);
    if (n > 11 && contains(s, n, " collected ") && bf_hist_collected_line(s, n, c))
        return L_COLLECTED;
    if (s[0] == 'U' && bf_hist_returned_line(s, n, c))
        return L_RETURNED;
    if (s[0] == '*' && bf_hist_street_line(s, n, c))
        return L_STREET;
    if (s[0] == 'T' && (r = bf_hist_table_line(s, n, c)) != 0)
        return r > 0 ? L_TABLE : -1;
    if (s[0] == 'S' && (r = bf_hist_seat_line(s, n, c)) != 0)
        return r > 0 ? L_SEAT : -1;
    if (best == 7)
        NAME_KIND(best);
#undef NAME_KIND
    if (s[0] == 'T' && bf_hist_total_line(s, n, c))
        return L_TOTAL;
    if (has(s, n, 0, "Seat ")) {
        int i = 5;
        while (i < n && is_digit(s[i]))
            i++;
        if (i > 5 && has(s, n, i, ": "))
            return L_SUMMARY_SEAT;
    }
    if (bf_hist_noise_line(s, n))
        return L_NOISE;
    return L_NONE;
}

static int same(span a, span b)
{
    return a.n == b.n && memcmp(a.s, b.s, (size_t)a.n) == 0;
}

static int seat_of(const rec_t *r, span name)
{
    for (int i = 0; i < r->n; i++)
        if (same(r->name[i], name))
            return i;
    return -1;
}

/* A seat listed "is sitting out" that a line names takes part, so is dealt in
 * (table_setup.dealt_in): it joins the seats at its seat line's place, every seat index kept
 * so far moved past it. -1 when there is no room. */
static int seat_in_hand(rec_t *r, int k)
{
    if (r->n >= BF_MAX_SEATS)
        return -1;
    int at = r->n;
    while (at > 0 && r->order[at - 1] > r->out_order[k])
        at--;
    for (int i = r->n; i > at; i--) {
        r->number[i] = r->number[i - 1], r->stack[i] = r->stack[i - 1];
        r->name[i] = r->name[i - 1], r->order[i] = r->order[i - 1];
        r->part[i] = r->part[i - 1], r->sitting[i] = r->sitting[i - 1];
        r->shown[i] = r->shown[i - 1], r->mucked[i] = r->mucked[i - 1];
        memcpy(r->shown_cards[i], r->shown_cards[i - 1], 4);
        r->collected[i] = r->collected[i - 1], r->returned[i] = r->returned[i - 1];
    }
    r->number[at] = r->out_number[k], r->stack[at] = r->out_stack[k];
    r->name[at] = r->out_name[k], r->order[at] = r->out_order[k];
    r->part[at] = 0, r->sitting[at] = 0, r->shown[at] = 0, r->mucked[at] = 0;
    r->collected[at] = 0, r->returned[at] = 0;
    r->n++;
    for (int i = 0; i < r->nposts; i++)
        r->posts[i].seat += r->posts[i].seat >= at;
    for (int i = 0; i < r->nsteps; i++)
        r->steps[i].seat += r->steps[i].seat >= at;
    for (int i = 0; i < r->nlabels; i++)
        r->label_seat[i] += r->label_seat[i] >= at;
    for (int i = 0; i < r->nwon; i++)
        r->won_seat[i] += r->won_seat[i] >= at;
    r->hero += r->hero >= at;
    r->out_name[k] = r->out_name[--r->nout]; /* its place in the list no longer matters */
    r->out_number[k] = r->out_number[r->nout], r->out_stack[k] = r->out_stack[r->nout];
    r->out_order[k] = r->out_order[r->nout];
    return at;
}

/* The seat a line names, which so takes part in the hand; -1: not a seat dealt in */
static int seat_named(rec_t *r, span name)
{
    int seat = seat_of(r, name);
    for (int k = 0; seat < 0 && k < r->nout; k++)
        if (same(r->out_name[k], name))
            seat = seat_in_hand(r, k);
    if (seat >= 0)
        r->part[seat] = 1;
    return seat;
}

static step_t *new_step(rec_t *r, span name, int kind)
{
    int seat = seat_named(r, name);
    if (seat < 0 || r->round < 0 || r->nsteps >= BF_HISTORY_MAX_STEPS)
        return NULL;
    step_t *st = &r->steps[r->nsteps++];
    memset(st, 0, sizeof *st);
    st->kind = kind, st->seat = seat, st->round = r->round;
    return st;
}

/* One line of the hand into the record; 0: give the hand to Python. */
int bf_hist_read_line(rec_t *r, const char *s, int n)
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
        if (!money(r, c.a, &v))
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
        if (kind == L_PAT && c.a.s) { /* stands pat on [..]: the four cards it keeps */
            if (!bf_hist_read_cards(c.a.s, c.a.n, st->kept, 4, &st->nkept) || st->nkept != 4)
                return 0;
            st->has_kept = 1;
        }
        if (kind == L_DISCARD && c.a.s &&
            (!bf_hist_read_cards(c.a.s, c.a.n, st->cards, 4, &st->ncards) ||
             st->ncards != st->count))
            return 0;
        return 1;
    case L_DEALT: {
        uint8_t a[4], b[4];
        int na, nb;
        seat = seat_named(r, c.name);
        if (seat < 0 || !bf_hist_read_cards(c.a.s, c.a.n, a, 4, &na))
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
            if (!bf_hist_read_cards(c.b.s, c.b.n, b, 4, &nb) || nb != draw->count || na + nb != 4)
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
        seat = seat_named(r, c.name);
        if (seat < 0 || r->shown[seat] || !is_ascii(c.b) ||
            !bf_hist_read_cards(c.a.s, c.a.n, r->shown_cards[seat], 4, &k) ||
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
        seat = seat_named(r, c.name);
        if (c.x) {
            if (seat < 0)
                return 0;
            r->mucked[seat] = 1;
        }
        return 1;
    case L_COLLECTED:
    case L_RETURNED:
        seat = seat_named(r, c.name);
        if (seat < 0 || !money(r, c.a, &v))
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
        if (r->acting || c.x < 1 || c.x > (r->seat_count >= 0 ? r->seat_count : 10))
            return 0; /* PokerStars.check_seat: Python reports a seat off the table */
        for (int i = 0; i < r->n; i++)
            if (r->number[i] == c.x)
                return 0;
        for (int i = 0; i < r->nout; i++)
            if (r->out_number[i] == c.x || same(r->out_name[i], c.name))
                return 0;
        if (c.flag == 2)
            return 1; /* out of hand: not dealt in */
        if (!money(r, c.a, &v) || seat_of(r, c.name) >= 0)
            return 0;
        if (c.flag) { /* sitting out: dealt in only once a line names it */
            if (r->nout >= BF_MAX_SEATS)
                return 0;
            r->out_number[r->nout] = c.x, r->out_name[r->nout] = c.name;
            r->out_stack[r->nout] = v, r->out_order[r->nout++] = r->seat_lines++;
            return 1;
        }
        if (r->n >= BF_MAX_SEATS)
            return 0;
        r->number[r->n] = c.x, r->name[r->n] = c.name, r->stack[r->n] = v;
        r->order[r->n++] = r->seat_lines++;
        return 1;
    case L_POST:
        seat = seat_named(r, c.name);
        if (seat < 0 || c.x == 2 || r->nposts >= MAX_POSTS ||
            !money(r, c.a, &v))
            return 0;
        r->posts[r->nposts].seat = seat;
        r->posts[r->nposts].kind = c.x == 0 ? P_SMALL : c.x == 1 ? P_BIG : P_ANTE;
        r->posts[r->nposts++].amount = v;
        return 1;
    case L_TOTAL:
        if (!money(r, c.a, &r->total_pot) ||
            !money(r, c.b, &r->rake))
            return 0;
        r->has_total = 1;
        return 1;
    case L_SUMMARY_SEAT:
        return r->round == -1;
    case L_NOISE: {
        span name;
        if (bf_hist_sits_out_line(s, n, &name) && (seat = seat_of(r, name)) >= 0)
            r->sitting[seat] = 1; /* PokerStars.sits_out */
        return 1;
    }
    }
    return 0;
}
