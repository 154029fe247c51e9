/* The showdown of stage 3 (the pipeline: notation/history_internal.h): the hands' ranks as the
 * Python replay has them (state._showdown), the stand-in cards that make the C hand state rank
 * them so, the SHOW and MUCK lines of the PHH (game/showdown.py's showing) and the rooms' labels
 * checked against the hands shown (replay.label_ranks). replay.c calls them. */
#include "notation/history_internal.h"

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
                if (cards[p][i] < BF_NUM_CARDS &&
                    !bf_hist_in_set(r->shown_cards[p], 4, cards[p][i]))
                    return 0;
            memcpy(cards[p], r->shown_cards[p], 4);
            hidden = 0;
        } else if (!hidden && r->shown[p]) {
            for (int i = 0; i < 4; i++)
                if (!bf_hist_in_set(r->shown_cards[p], 4, cards[p][i]))
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
int bf_hist_stand_ins(replay_t *x)
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
int bf_hist_showdown_lines(replay_t *x, const int64_t *committed)
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
    bf_hist_flush_draws(x);
    for (int t = 0; t < nturns; t++) {
        int p = turns[t];
        if (cls[p] == R_WINNER)
            continue;
        bf_hist_line_start(x, p);
        bf_hist_put_s(x->o, " sm");
        x->at_showdown = 1;
        if (cls[p] == R_KNOWN && shows[p]) {
            bf_hist_put(x->o, " ", 1);
            for (int i = 0; i < 4; i++)
                bf_hist_put_card(x->o, cards[p][i]);
            x->show_event[p] = 1;
            memcpy(x->show_cards[p], cards[p], 4);
        }
        bf_hist_put_s(x->o, "\",\n");
    }
    return 1;
}

/* replay.label_ranks and _check_label_of_each_shown_hand: the site's label is our describe() */
int bf_hist_label_agrees(span label, const uint8_t *cards)
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
            ours[nours++] = bf_hist_ranks[ids[i] / 4];
    return nours == size && nread == nours && memcmp(read, ours, (size_t)nours) == 0;
}
