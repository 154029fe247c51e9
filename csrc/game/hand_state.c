/* One hand's state as a state machine (game/hand_state.h), run by the closed hand loop of
 * simulate (play/loop.c) and the batched engine (play/vector.c). Its steps sit in
 * game/hand_state_inline.h (static inline); here are the showdown, the deal and the steps for the
 * callers outside. Each names the method of Game (state.py) or of a rule set (rules.py) it
 * mirrors, so a change of rules there shows where it lands here (the Python tests play both,
 * action by action, and step the batched engine beside the Python reference). */
#include "game/hand_state.h"
#include "game/hand_state_inline.h"
#include "common/deal.h"
#include "eval/kernels.h"

#include <stddef.h>
#include <string.h>

/* Game._pots then Game._showdown: each pot (side pots for all-ins) to its best hands, odd chips
 * to the first winners left of the button. */
void bf_state_showdown(bf_hand_state *hs)
{
    int rank[BF_MAX_SEATS];
    int64_t left[BF_MAX_SEATS], amount[BF_MAX_SEATS + 1];
    unsigned eligible[BF_MAX_SEATS + 1]; /* seat masks */
    int pots = 0;
    for (int p = 0; p < hs->n; p++) {
        const uint8_t *h = hs->hand[p];
        rank[p] = hs->folded[p] ? 0 : bf_rank(h[0], h[1], h[2], h[3]);
        left[p] = hs->committed[p];
    }
    for (;;) {
        int64_t level = -1, most = 0, chips = 0;
        for (int p = 0; p < hs->n; p++) {
            most = left[p] > most ? left[p] : most;
            if (!hs->folded[p] && left[p] > 0 && (level < 0 || left[p] < level))
                level = left[p];
        }
        if (most == 0)
            break;
        if (level < 0)
            level = most;
        unsigned seats = 0;
        for (int p = 0; p < hs->n; p++) {
            chips += left[p] < level ? left[p] : level;
            if (!hs->folded[p] && left[p] > 0)
                seats |= 1u << p;
            left[p] = left[p] > level ? left[p] - level : 0;
        }
        if (seats) {
            amount[pots] = chips;
            eligible[pots++] = seats;
        } else if (pots) { /* only folded chips left: they join the last pot */
            amount[pots - 1] += chips;
        }
    }
    for (int k = 0; k < pots; k++) {
        int best = BF_NUM_RANKS + 1, winners[BF_MAX_SEATS], w = 0;
        for (int p = 0; p < hs->n; p++)
            if (eligible[k] >> p & 1 && rank[p] < best)
                best = rank[p];
        for (int i = 1; i <= hs->n; i++) {
            int p = (hs->button + i) % hs->n;
            if (eligible[k] >> p & 1 && rank[p] == best)
                winners[w++] = p;
        }
        int64_t share = amount[k] / w, odd = amount[k] % w;
        for (int i = 0; i < w; i++) {
            hs->stack[winners[i]] += share + (i < odd);
            bf_step_record(hs, winners[i], BF_ACT_WIN, share + (i < odd));
        }
    }
    bf_step_finish(hs);
}

/* Game.post_forced_bet: a short stack posts what it has; an ante is dead money, no bet. */
static void post(bf_hand_state *hs, int seat, int64_t amount, int kind)
{
    amount = bf_step_at_most(amount, hs->stack[seat]);
    bf_step_put_in(hs, seat, amount);
    if (kind == BF_ACT_ANTE)
        hs->round_bets[seat] -= amount;
    bf_step_record(hs, seat, kind, amount);
}

void bf_state_deal(bf_hand_state *hs, const bf_game_spec *spec, uint64_t seed, uint64_t number,
                   unsigned bots)
{
    int n = spec->seats;
    int observed = bots != BF_ALL_BOTS;
    memset(hs, 0, observed ? offsetof(bf_hand_state, deck) : offsetof(bf_hand_state, bet_chips));
    hs->spec = spec;
    hs->trace_n = 0;
    hs->bots = bots;
    hs->observed = observed;
    hs->n = n;
    hs->number = number;
    hs->key = bf_mix64(seed);
    hs->button = (int)(number % (uint64_t)n);
    if (observed)
        memset(hs->drawn, -1, sizeof hs->drawn);
    for (int p = 0; p < n; p++)
        hs->stack[p] = spec->stacks[p];
    for (unsigned c = 0; c < BF_NUM_CARDS; c++)
        hs->deck[c] = (uint8_t)c;
    hs->first = (hs->button + 1) % n;
    /* Rules.post_forced and KoreanRules.post_forced: a short stack posts what it has. */
    if (spec->rules == BF_GAME_KOREAN) {
        for (int p = 0; p < n; p++)
            post(hs, p, spec->ante, BF_ACT_ANTE);
    } else { /* the antes, then the blinds (none when the big blind is 0) */
        for (int p = 0; spec->ante && p < n; p++)
            post(hs, p, spec->ante, BF_ACT_ANTE);
        int small = bf_step_small_blind_seat(hs);
        if (spec->big_blind > 0) {
            post(hs, small, spec->small_blind, BF_ACT_POST);
            post(hs, (small + 1) % n, spec->big_blind, BF_ACT_POST);
        }
    }
    /* Game._deal: one card at a time from the button's left. */
    for (int c = 0; c < 4; c++)
        for (int i = 1; i <= n; i++)
            hs->hand[(hs->button + i) % n][c] = bf_step_next_card(hs);
    bf_step_start_round(hs);
    bf_step_advance(hs);
}

/* The steps for the players outside this file (play/, the histories' replay) */
void bf_state_advance(bf_hand_state *hs)
{
    bf_step_advance(hs);
}

void bf_state_options(const bf_hand_state *hs, int seat, bf_options *o, int raises)
{
    bf_step_options(hs, seat, o, raises);
}

void bf_state_bet(bf_hand_state *hs, int seat, bf_choice choice)
{
    bf_step_bet(hs, seat, choice);
}

void bf_state_draw(bf_hand_state *hs, int seat, const uint8_t *thrown, int count)
{
    bf_step_draw(hs, seat, thrown, count);
}
