/* The steps of stage 3 (the pipeline: notation/history_internal.h): one bet or one draw of a
 * hand's record played on the C hand state, checked by its options (replay._action,
 * replay._thrown, Game._draw) and written as PHH action lines (phh/write.py's _ActionWriter).
 * replay.c plays the record's steps in order through them. */
#include "notation/history_internal.h"

void bf_hist_line_start(replay_t *x, int seat)
{
    bf_hist_put_s(x->o, "  \"p");
    bf_hist_put_int(x->o, x->number[seat]);
}

void bf_hist_flush_draws(replay_t *x) /* _ActionWriter.end_draw */
{
    for (int i = 0; i < x->npend; i++)
        if (x->pend_count[i]) {
            bf_hist_put_s(x->o, "  \"d dh p");
            bf_hist_put_int(x->o, x->number[x->pend_seat[i]]);
            bf_hist_put(x->o, " ", 1);
            for (int k = 0; k < x->pend_count[i]; k++)
                bf_hist_put_card(x->o, x->pend_cards[i][k]);
            bf_hist_put_s(x->o, "\",\n");
        }
    x->npend = 0;
}

int bf_hist_in_set(const uint8_t *cards, int n, uint8_t c)
{
    for (int i = 0; i < n; i++)
        if (cards[i] == c)
            return 1;
    return 0;
}

/* One betting step: Game.act after replay._action, every amount checked by the options */
int bf_hist_bet_step(replay_t *x, const step_t *st)
{
    bf_hand_state *hs = &x->hs;
    int seat = st->seat;
    bf_options o;
    bf_state_options(hs, seat, &o, 1);
    bf_choice choice = {0, 0};
    switch (st->kind) {
    case S_FOLD: /* with nothing to call too: the importer's rules have free_fold */
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
        /* fixed limit, an all-in short of a full bet: the C hand state plays the half-bet
         * rule, the room completes to the next level (Rules.short_all_in): Python's */
        int64_t bet = hs->round_index < 2 ? x->spec.small_bet : x->spec.big_bet;
        if (x->spec.structure == BF_GAME_FIXED_LIMIT && put_in < o.to_call + bet)
            return 0;
        choice.kind = o.bet_kind, choice.amount = put_in;
        if (hs->round_index == BF_ROUNDS - 1)
            x->aggressor = seat;
        break;
    }
    default:
        return 0;
    }
    bf_hist_flush_draws(x);
    bf_state_bet(hs, seat, choice);
    bf_hist_line_start(x, seat);
    if (choice.kind == BF_ACT_FOLD) {
        bf_hist_put_s(x->o, " f\",\n");
    } else if (choice.kind == BF_ACT_CHECK || choice.kind == BF_ACT_CALL) {
        x->wbets[seat] += choice.amount;
        bf_hist_put_s(x->o, " cc\",\n");
    } else {
        x->wbets[seat] += choice.amount;
        bf_hist_put_s(x->o, " cbr ");
        bf_hist_put_int(x->o, x->wbets[seat]);
        bf_hist_put_s(x->o, "\",\n");
    }
    return 1;
}

/* One draw: replay._thrown, Game._draw (and its check of a shown hand at the last draw) */
int bf_hist_draw_step(replay_t *x, const step_t *st)
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
            if (!bf_hist_in_set(hand, 4, st->kept[k]))
                return 0;
        for (int i = 0; i < 4; i++)
            if (!bf_hist_in_set(st->kept, st->nkept, hand[i]))
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
            if (kept[i] < BF_NUM_CARDS && !bf_hist_in_set(r->shown_cards[seat], 4, kept[i]))
                return 0;
        for (int k = 0; k < nthrown; k++)
            if (received[k] < BF_NUM_CARDS && !bf_hist_in_set(r->shown_cards[seat], 4, received[k]))
                return 0;
    }
    memcpy(hand, kept, (size_t)nkept);
    memcpy(hand + nkept, received, (size_t)nthrown);
    if (st->has_kept) /* replay._act: the kept cards it names are among those it holds now */
        for (int k = 0; k < st->nkept; k++)
            if (!bf_hist_in_set(hand, 4, st->kept[k]))
                return 0;
    bf_state_draw(&x->hs, seat, hs_thrown, nthrown);
    /* _ActionWriter.discard */
    for (int i = 0; i < x->npend; i++)
        if (x->pend_seat[i] == seat) {
            bf_hist_flush_draws(x);
            break;
        }
    if (x->npend == 0)
        memset(x->wbets, 0, sizeof x->wbets);
    bf_hist_line_start(x, seat);
    bf_hist_put_s(x->o, " sd");
    if (nthrown)
        bf_hist_put(x->o, " ", 1);
    for (int k = 0; k < nthrown; k++)
        bf_hist_put_card(x->o, thrown[k]);
    bf_hist_put_s(x->o, "\",\n");
    x->pend_seat[x->npend] = seat, x->pend_count[x->npend] = nthrown;
    memcpy(x->pend_cards[x->npend++], received, 4);
    return 1;
}
