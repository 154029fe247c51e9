/* Seats playing a betting round by a round strategy (play/round_seats.h), as the solution bot of
 * badugi_fast/solve/bots.py plays it in Game: the same checks in the same order, the same node
 * and row, the same branch for the same random bits. */
#include "play/round_seats.h"
#include "eval/lookup.h"

#include <math.h>

static int betting_kind(int kind)
{
    return kind == BF_ACT_FOLD || (kind >= BF_ACT_CHECK && kind <= BF_ACT_HALF) ||
           kind == BF_ACT_FULL;
}

int bf_round_strategy_valid(const bf_round_strategy *t)
{
    if (!t || t->n_nodes < 1 || t->n_nodes > BF_TABLE_MAX_NODES || !t->actor || !t->first_child ||
        !t->n_children || !t->kind || !t->amount || !t->offset || t->pot < 0 ||
        t->pot > BF_GAME_MAX_STACK * BF_MAX_SEATS)
        return 0;
    for (int p = 0; p < 2; p++)
        if (t->stacks[p] < 0 || t->stacks[p] > BF_GAME_MAX_STACK || !t->probs[p] ||
            !t->row_of_hand[p] || t->n_rows[p] < 1 || t->n_rows[p] > BF_NUM_HANDS ||
            t->probs_len[p] < 0)
            return 0;
    for (int32_t i = 0; i < t->n_nodes; i++) {
        if (i > 0 && (!betting_kind(t->kind[i]) || t->amount[i] < 0 ||
                      t->amount[i] > BF_GAME_MAX_STACK))
            return 0;
        int actor = t->actor[i];
        if (actor < 0) {
            if (actor != -1)
                return 0;
            continue;
        }
        int32_t first = t->first_child[i], count = t->n_children[i];
        if (actor > 1 || count < 1 || first <= i || first > t->n_nodes - count)
            return 0;
        /* the block of rows x count inside probs[actor] */
        if (t->offset[i] < 0 || t->offset[i] > t->probs_len[actor] ||
            (t->probs_len[actor] - t->offset[i]) / count < t->n_rows[actor])
            return 0;
    }
    return 1;
}

int bf_round_seat_valid(const bf_round_seat *bot)
{
    return bf_round_strategy_valid(bot->table) && bot->has_otherwise >= 0 &&
           bot->has_otherwise <= 1 &&
           (!bot->has_otherwise || bf_threshold_bot_valid(&bot->otherwise));
}

int32_t bf_sample_row(const double *row, int32_t count, uint64_t bits)
{
    double u = bf_decision_uniform(bits), total = 0;
    int32_t branch = count - 1; /* searchsorted(cumsum(row), u, "right"), at most the last */
    for (int32_t i = 0; i < count; i++) {
        if (!(row[i] >= 0) || isinf(row[i]))
            return -1;
        total += row[i];
        if (u < total) {
            branch = i;
            break;
        }
    }
    return branch;
}

/* The choice is one the rules allow the seat now (the batched engine's legal set). */
int bf_choice_allowed(const bf_hand_state *hs, int seat, bf_choice c)
{
    bf_options o;
    bf_state_options(hs, seat, &o, 1);
    if (hs->spec->rules == BF_GAME_KOREAN) {
        static const int kinds[4] = {BF_ACT_TTADANG, BF_ACT_QUARTER, BF_ACT_HALF, BF_ACT_FULL};
        for (int k = 0; k < 4; k++)
            if (c.kind == kinds[k])
                return o.korean[k] && c.amount == o.korean[k];
        return c.kind == BF_ACT_FOLD || (c.kind == BF_ACT_CHECK && o.opens) ||
               (c.kind == BF_ACT_BBING && o.opens && c.amount == o.bbing) ||
               (c.kind == BF_ACT_CALL && !o.opens && c.amount == o.call);
    }
    if (c.kind == BF_ACT_FOLD || c.kind == BF_ACT_CALL)
        return o.to_call > 0 && (c.kind == BF_ACT_FOLD || c.amount == o.call);
    if (c.kind == BF_ACT_CHECK)
        return o.to_call == 0;
    return o.bet_kind && c.kind == o.bet_kind && c.amount >= o.least && c.amount <= o.most;
}

int bf_round_decide(const bf_hand_state *hs, int seat, const bf_round_strategy *t, bf_choice *out)
{
    bf_seat_scratch *s = bf_scratch_of(hs);
    int live = 0, other = -1;
    for (int p = 0; p < hs->n; p++) {
        live += !hs->folded[p];
        if (other < 0 && p != seat && !hs->folded[p])
            other = p;
    }
    if (live != 2)
        return BF_REFUSE_NOT_HEADS_UP;
    int first = s->first >= 0 ? s->first : seat; /* player 0: the round's first to bet */
    int seats[2] = {first, first == seat ? other : seat};
    int64_t pot = bf_state_pot(hs);
    for (int p = 0; p < hs->n; p++)
        pot -= hs->round_bets[p];
    if (pot != t->pot || hs->stack[seats[0]] + hs->round_bets[seats[0]] != t->stacks[0] ||
        hs->stack[seats[1]] + hs->round_bets[seats[1]] != t->stacks[1])
        return BF_REFUSE_OTHER_SPOT;
    int32_t node = s->node[seat];
    if (node < 0)
        return BF_REFUSE_OFF_TREE;
    int player = t->actor[node];
    if (player < 0 || seats[player] != seat)
        return BF_REFUSE_NOT_ITS_TURN;
    const uint8_t *h = hs->hand[seat];
    unsigned a = h[0], b = h[1], c = h[2], d = h[3];
    BF_SORT4(a, b, c, d);
    int32_t row = t->row_of_hand[player][bf_colex(a, b, c, d)];
    if (row < 0)
        return BF_REFUSE_OUTSIDE_RANGE;
    int32_t count = t->n_children[node];
    if (row >= t->n_rows[player])
        return BF_REFUSE_BAD_TABLE;
    const double *p = t->probs[player] + t->offset[node] + (int64_t)row * count;
    int32_t branch = bf_sample_row(p, count, bf_hand_decision_bits(hs, seat));
    if (branch < 0)
        return BF_REFUSE_BAD_TABLE;
    int32_t child = t->first_child[node] + branch;
    bf_choice choice = {t->kind[child], t->amount[child]};
    if (!bf_choice_allowed(hs, seat, choice))
        return BF_REFUSE_BAD_TABLE;
    *out = choice;
    return 0;
}

void bf_round_seats_follow(const bf_hand_state *hs, int seat, bf_choice choice)
{
    bf_seat_scratch *s = bf_scratch_of(hs);
    if (s->first < 0)
        s->first = seat;
    for (int q = 0; q < hs->n; q++) {
        const bf_round_seat *bot = hs->spec->round_seats[q];
        int32_t node = s->node[q], next = -1, matches = 0;
        if (!bot || node < 0)
            continue;
        const bf_round_strategy *t = bot->table;
        if (t->actor[node] >= 0) /* the branch of this kind (any amount when it puts in none) */
            for (int32_t i = 0; i < t->n_children[node]; i++) {
                int32_t child = t->first_child[node] + i;
                if (t->kind[child] == choice.kind &&
                    (choice.amount == 0 || t->amount[child] == choice.amount)) {
                    next = child;
                    matches++;
                }
            }
        s->node[q] = matches == 1 ? next : -1;
    }
}
