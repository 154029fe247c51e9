/* Stage 3 of the history reader (the pipeline: notation/history_internal.h): a hand's record,
 * as stage 2 left it, replayed over the C hand state (game/hand_state.h) with the checks of
 * badugi_fast/game/histories/replay.py (the table's rules from the posts, the deal's cards
 * distinct, the posts, every step, the winnings, rake and total pot, the rooms' labels), its
 * PHH text written and its row's fields filled. Each bet and draw is replay_steps.c's, the
 * showdown showdown.c's, the seat figures (stage 4) summary.c's. 0: the hand is Python's. */
#include "notation/history_internal.h"

/* table_setup._check_button: the small blind is the first seat dealt in after the file's
 * button (heads-up, the button itself) */
static int button_agrees(const rec_t *r, int small)
{
    if (r->button < 0)
        return 1;
    int64_t first_after = -1, lowest = -1, sb = r->number[small];
    for (int i = 0; i < r->n; i++) {
        int64_t v = r->number[i];
        if (v > r->button && (first_after < 0 || v < first_after))
            first_after = v;
        if (lowest < 0 || v < lowest)
            lowest = v;
    }
    int64_t next = first_after >= 0 ? first_after : lowest;
    return next == sb || (r->n == 2 && r->button == sb);
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
        if (big != (small + 1) % n || !button_agrees(r, small))
            return 0;
        x->button = n == 2 ? small : (small + n - 1) % n;
    } else {
        /* a blind alone (a hand without a small blind: Game(no_small_blind=True)), or no blind
         * and no ante: Python's to replay or to report */
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

/* The row's text fields and the PHH text of a read hand; 0: Python's to import. */
int bf_hist_import_hand(rec_t *r, replay_t *x, out_t *o, int64_t first_line, int64_t *row)
{
    int n = r->n;
    x->r = r, x->o = o, x->n = n;
    if (r->round != -1 || !r->has_total || !table_rules(x) || !cards_distinct(r))
        return 0;
    for (int p = 0; p < n; p++)
        if (r->sitting[p] && !r->part[p])
            return 0; /* table_setup.dealt_in drops it: Python's to replay */
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
    bf_hist_put_s(o, "variant = \"FB\"\nantes = ");
    for (int k = 0; k < n; k++)
        v[k] = spec->ante;
    bf_hist_put_ints(o, v, n);
    bf_hist_put_s(o, "\nblinds_or_straddles = ");
    memset(v, 0, sizeof v);
    if (spec->big_blind > 0)
        v[0] = spec->small_blind, v[1] = spec->big_blind;
    bf_hist_put_ints(o, v, n);
    bf_hist_put_s(o, "\nsmall_bet = ");
    bf_hist_put_int(o, spec->small_bet);
    bf_hist_put_s(o, "\nbig_bet = ");
    bf_hist_put_int(o, spec->big_bet);
    static const char *const structures[] = {"", "pot-limit", "no-limit", "half-pot-limit"};
    if (spec->structure != BF_GAME_FIXED_LIMIT) {
        bf_hist_put_s(o, "\n_structure = \"");
        bf_hist_put_s(o, structures[spec->structure]);
        bf_hist_put_s(o, "\"");
    }
    /* table_setup._stakes: PokerStars completes a short all-in (a step the C replay gives to
     * Python); every room lets a player fold with nothing to call (replay_steps.c) */
    bf_hist_put_s(o, "\n_short_all_in = \"complete\"\n_free_fold = true");
    bf_hist_put_s(o, "\nstarting_stacks = ");
    for (int k = 0; k < n; k++)
        v[k] = r->stack[x->order[k]];
    bf_hist_put_ints(o, v, n);
    bf_hist_put_s(o, "\nactions = [\n");
    /* Game._deal: four each from the button's left; ours known for the hero only */
    for (int k = 0; k < 4; k++)
        for (int j = 0; j < n; j++) {
            int seat = x->order[j];
            x->hand[seat][k] = seat == r->hero ? r->hero_cards[k]
                                               : (uint8_t)(HIDDEN_BASE + x->next_hidden++);
        }
    for (int j = 0; j < n; j++) {
        bf_hist_put_s(o, "  \"d dh p");
        bf_hist_put_int(o, j + 1);
        bf_hist_put(o, " ", 1);
        for (int k = 0; k < 4; k++)
            bf_hist_put_card(o, x->hand[x->order[j]][k]);
        bf_hist_put_s(o, "\",\n");
    }
    x->aggressor = -1;
    for (int s = 0; s < r->nsteps; s++) {
        const step_t *st = &r->steps[s];
        if (bf_state_actor(hs) != st->seat)
            return 0;
        int ok = hs->phase == BF_PHASE_DRAW ? st->kind == S_DRAW && bf_hist_draw_step(x, st)
                                            : st->kind != S_DRAW && bf_hist_bet_step(x, st);
        if (!ok)
            return 0;
        if (hs->phase == BF_PHASE_DRAW && hs->round_index == BF_ROUNDS - 2 &&
            hs->draw_head == hs->draw_n && !bf_hist_stand_ins(x))
            return 0;
        int64_t before[BF_MAX_SEATS]; /* the chips in before the end: the showdown's pots */
        memcpy(before, hs->committed, sizeof before);
        bf_state_advance(hs);
        if (hs->phase == BF_PHASE_DONE) {
            if (s != r->nsteps - 1)
                return 0; /* steps after the end: Python reports them */
            if (!bf_hist_showdown_lines(x, before))
                return 0;
        }
    }
    if (hs->phase != BF_PHASE_DONE || hs->trace_n > TRACE_CAP)
        return 0;
    bf_hist_flush_draws(x);
    bf_hist_put_s(o, "]\n");
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
    /* checks.check_rake: at most a tenth of the pot, none in a tournament */
    if (r->rake > (sum_won - sum_returned + 9) / 10 || (r->tournament.s && r->rake))
        return 0;
    for (int i = 0; i < r->nlabels; i++)
        if (!bf_hist_label_agrees(r->label[i], r->shown_cards[r->label_seat[i]]))
            return 0;
    /* players, _seats, then replay._fields */
    bf_hist_put_s(o, "players = [");
    for (int k = 0; k < n; k++) {
        if (k)
            bf_hist_put_s(o, ", ");
        bf_hist_put_str(o, r->name[x->order[k]]);
    }
    bf_hist_put_s(o, "]\n_seats = ");
    for (int k = 0; k < n; k++)
        v[k] = x->order[k];
    bf_hist_put_ints(o, v, n);
    bf_hist_put_s(o, "\nvenue = \"PokerStars\"\n");
    if (r->table.s) {
        bf_hist_put_s(o, "table = ");
        bf_hist_put_str(o, r->table);
        bf_hist_put_s(o, "\n");
    }
    bf_hist_put_s(o, "hand = ");
    bf_hist_put_digits(o, r->id);
    {
        const char *names[3] = {"\nyear = ", "\nmonth = ", "\nday = "};
        int at = 0;
        for (int part = 0; part < 3; part++) {
            int e = at;
            while (e < r->date.n && r->date.s[e] != '/')
                e++;
            bf_hist_put_s(o, names[part]);
            bf_hist_put_digits(o, sp(r->date.s + at, e - at));
            at = e + 1;
        }
    }
    bf_hist_put_s(o, "\ntime = \"");
    if (r->time.n == 7)
        bf_hist_put(o, "0", 1);
    bf_hist_put(o, r->time.s, r->time.n);
    bf_hist_put_s(o, "\"\n_time_zone_abbreviation = ");
    bf_hist_put_str(o, r->tz);
    static const char *const zones[][2] = {
        {"ET", "America/New_York"}, {"CET", "Europe/Paris"}, {"UTC", "UTC"}, {"GMT", "UTC"}};
    for (size_t z = 0; z < 4; z++)
        if ((int)strlen(zones[z][0]) == r->tz.n && memcmp(zones[z][0], r->tz.s, (size_t)r->tz.n) == 0) {
            bf_hist_put_s(o, "\ntime_zone = \"");
            bf_hist_put_s(o, zones[z][1]);
            bf_hist_put_s(o, "\"");
        }
    if (r->cur.s) {
        bf_hist_put_s(o, "\ncurrency = ");
        bf_hist_put_str(o, r->cur);
    }
    bf_hist_put_s(o, "\nseats = ");
    for (int k = 0; k < n; k++)
        v[k] = r->number[x->order[k]];
    bf_hist_put_ints(o, v, n);
    if (r->seat_count >= 0) {
        bf_hist_put_s(o, "\nseat_count = ");
        bf_hist_put_int(o, r->seat_count);
    }
    if (r->tournament.s) {
        bf_hist_put_s(o, "\n_tournament = ");
        bf_hist_put_str(o, r->tournament);
    }
    bf_hist_put_s(o, "\n_rake = ");
    bf_hist_put_int(o, r->rake);
    bf_hist_put_s(o, "\n_labels = [");
    for (int k = 0; k < n; k++) {
        span label = {"", 0};
        for (int i = 0; i < r->nlabels; i++)
            if (r->label_seat[i] == x->order[k])
                label = r->label[i];
        bf_hist_put_s(o, k ? ", " : "");
        bf_hist_put_str(o, label);
    }
    bf_hist_put_s(o, "]\n_source_line = ");
    bf_hist_put_int(o, first_line);
    bf_hist_put_s(o, "\n_first_line = ");
    bf_hist_put_str(o, r->first);
    bf_hist_put_s(o, "\n");
    row[BF_HR_PHH_TAIL] = o->chars;
    bf_hist_put_s(o, "finishing_stacks = ");
    for (int k = 0; k < n; k++) {
        int s = x->order[k];
        v[k] = hs->stack[s] - won[s] + r->collected[s] + r->returned[s];
    }
    bf_hist_put_ints(o, v, n);
    bf_hist_put_s(o, "\nwinnings = ");
    for (int k = 0; k < n; k++)
        v[k] = r->collected[x->order[k]];
    bf_hist_put_ints(o, v, n);
    bf_hist_put_s(o, "\n");
    row[BF_HR_PHH_TAIL + 1] = o->chars - row[BF_HR_PHH_TAIL];
    /* the row's numbers and texts */
    row[BF_HR_ID] = o->chars, row[BF_HR_ID + 1] = r->id.n;
    bf_hist_put(o, r->id.s, r->id.n);
    row[BF_HR_CURRENCY] = o->chars, row[BF_HR_CURRENCY + 1] = r->cur.s ? r->cur.n : 0;
    if (r->cur.s)
        bf_hist_put(o, r->cur.s, r->cur.n);
    row[BF_HR_RAKE] = r->rake;
    row[BF_HR_BIG_BLIND] = spec->big_blind ? spec->big_blind : spec->ante;
    row[BF_HR_SEATS] = n;
    for (int p = 0; p < n; p++) {
        int64_t *at = row + BF_HR_SEAT + 4 * p;
        at[0] = r->number[p], at[1] = o->chars, at[3] = r->stack[p];
        at[2] = bf_hist_chars_in(r->name[p].s, r->name[p].n);
        bf_hist_put(o, r->name[p].s, r->name[p].n);
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
        bf_hist_put(o, r->label[i].s, r->label[i].n);
    }
    bf_hist_seat_figures(x, won, row);
    return o->ok;
}
