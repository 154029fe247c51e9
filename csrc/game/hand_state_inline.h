/* The steps of a hand: game/hand_state.c's rules (see there), as static inline functions, so
 * that the closed loop of bots (play/seats.c) inlines the steps of every decision as the hand
 * state's own wrappers do: out of line they cost the threshold bots' closed loop 13 % more
 * instructions (callgrind). Each step names the method of Game (state.py) or of a rule set
 * (rules.py) it mirrors. Part of the hand state's unit: only game/hand_state.c, game/threshold.c
 * and play/seats.c include it; every other caller goes through game/hand_state.h. */
#ifndef BADUGI_GAME_HAND_STATE_INLINE_H
#define BADUGI_GAME_HAND_STATE_INLINE_H

#include "game/hand_state.h"
#include "common/deal.h"

#include <string.h>

/* Game._pots then Game._showdown (out of line: once a hand). */
void bf_state_showdown(bf_hand_state *hs);

static inline int bf_step_is_bet_kind(int kind)
{
    return kind == BF_ACT_POST || (kind >= BF_ACT_CHECK && kind <= BF_ACT_HALF) ||
           kind == BF_ACT_FULL;
}

/* Every action of the hand: the encoding's tallies (reference.Table._record: chips and raises per
 * round, cards drawn), and Game.history's order when a trace buffer is given. */
static inline void bf_step_record(bf_hand_state *hs, int seat, int kind, int64_t amount)
{
    if (!hs->observed) {
    } else if (kind == BF_ACT_DRAW) {
        hs->drawn[seat][hs->round_index] = (int8_t)amount;
    } else if (bf_step_is_bet_kind(kind)) {
        hs->bet_chips[seat][hs->round_index] += amount;
        uint8_t *raises = &hs->bet_raises[seat][hs->round_index];
        *raises += kind >= BF_ACT_BET && *raises < 127;
    }
    if (!hs->trace)
        return;
    if (hs->trace_n < hs->trace_cap)
        hs->trace[hs->trace_n] = (bf_game_action){seat, kind, amount};
    hs->trace_n++;
}

static inline int bf_step_in_hand_count(const bf_hand_state *hs)
{
    int live = 0;
    for (int p = 0; p < hs->n; p++)
        live += !hs->folded[p];
    return live;
}

/* Game.not_all_in: players in the hand with chips behind. */
static inline int bf_step_not_all_in_count(const bf_hand_state *hs)
{
    int live = 0;
    for (int p = 0; p < hs->n; p++)
        live += !hs->folded[p] && hs->stack[p] > 0;
    return live;
}

/* Rules.small_blind_seat: left of the button; heads-up the button itself. */
static inline int bf_step_small_blind_seat(const bf_hand_state *hs)
{
    return hs->n == 2 ? hs->button : (hs->button + 1) % hs->n;
}

static inline int bf_step_can_act(const bf_hand_state *hs, int p)
{
    return !hs->folded[p] && hs->stack[p] > 0;
}

static inline int64_t bf_step_bet_size(const bf_hand_state *hs)
{
    return hs->round_index < 2 ? hs->spec->small_bet : hs->spec->big_bet;
}

static inline void bf_step_put_in(bf_hand_state *hs, int seat, int64_t amount)
{
    hs->stack[seat] -= amount;
    hs->committed[seat] += amount;
    hs->round_bets[seat] += amount;
}

/* _seats_after(seat, can_act), skipping `except` (-1 for none), into the pending queue. */
static inline void bf_step_queue_after(bf_hand_state *hs, int seat, int except)
{
    hs->pending_head = hs->pending_n = 0;
    for (int i = 1; i <= hs->n; i++) {
        int p = (seat + i) % hs->n;
        if (p != except && bf_step_can_act(hs, p))
            hs->pending[hs->pending_n++] = p;
    }
}

/* Game._finish: the chips in play are gone from the table's bets. */
static inline void bf_step_finish(bf_hand_state *hs)
{
    hs->phase = BF_PHASE_DONE;
    memset(hs->committed, 0, sizeof hs->committed);
    memset(hs->round_bets, 0, sizeof hs->round_bets);
}

/* _award_uncontested */
static inline void bf_step_award_to_last(bf_hand_state *hs)
{
    int64_t pot = bf_state_pot(hs);
    for (int p = 0; p < hs->n; p++)
        if (!hs->folded[p]) {
            hs->stack[p] += pot;
            bf_step_record(hs, p, BF_ACT_WIN, pot);
        }
    bf_step_finish(hs);
}

/* _someone_can_call: another player in the hand with chips behind. */
static inline int bf_step_someone_can_call(const bf_hand_state *hs, int seat)
{
    for (int p = 0; p < hs->n; p++)
        if (p != seat && !hs->folded[p] && hs->stack[p] > 0)
            return 1;
    return 0;
}

/* someone_can_answer: another player in the hand with more chips behind than its call. */
static inline int bf_step_someone_can_answer(const bf_hand_state *hs, int seat)
{
    for (int p = 0; p < hs->n; p++)
        if (p != seat && !hs->folded[p] && hs->stack[p] > hs->current - hs->round_bets[p])
            return 1;
    return 0;
}

static inline int64_t bf_step_at_most(int64_t amount, int64_t stack)
{
    return amount < stack ? amount : stack;
}

/* Rules._least_raise: the big blind, the round's largest raise and one chip. */
static inline int64_t bf_step_least_raise(const bf_hand_state *hs)
{
    int64_t step = hs->raise_size > hs->spec->big_blind ? hs->raise_size : hs->spec->big_blind;
    return step > 1 ? step : 1;
}

/* KoreanRules.options' raises: 따당 (the round's bet doubled), 쿼터, 하프 and 풀 (the call and a
 * quarter, half or all of the pot after it), rounded down to the chip, when above the call. */
static inline void bf_step_korean_raises(const bf_hand_state *hs, int seat, bf_options *o)
{
    const bf_game_spec *spec = hs->spec;
    int64_t stack = hs->stack[seat], to_call = o->to_call;
    if (hs->raises >= spec->max_bets || stack <= to_call || !bf_step_someone_can_answer(hs, seat) ||
        hs->closed[seat])
        return;
    int64_t after_call = bf_state_pot(hs) + to_call;
    int64_t wanted[4] = {hs->current ? 2 * hs->current - hs->round_bets[seat] : 0,
                         to_call + after_call / 4, to_call + after_call / 2,
                         spec->allow_full ? to_call + after_call : 0};
    for (int k = 0; k < 4; k++) {
        int64_t amount = wanted[k] - wanted[k] % spec->chip;
        o->korean[k] = amount > to_call ? bf_step_at_most(amount, stack) : 0;
    }
}

/* Rules.options' bet or raise: the chips it may put in, least .. most. Fixed limit: one
 * amount, the call and a bet (capped at the stack); pot, half-pot and no limit: at least the
 * call and the least raise, at most the call and the pot after calling, the call and half of
 * it (never below that least) or the stack. */
static inline void bf_step_casino_bets(const bf_hand_state *hs, int seat, bf_options *o)
{
    const bf_game_spec *spec = hs->spec;
    int64_t to_call = o->to_call, stack = hs->stack[seat];
    if (stack <= to_call || !bf_step_someone_can_answer(hs, seat) || hs->closed[seat])
        return;
    if (spec->structure == BF_GAME_FIXED_LIMIT) { /* Rules.capped */
        if (hs->raises >= spec->max_bets && (spec->cap_heads_up || hs->not_all_in > 2))
            return;
        o->least = o->most = bf_step_at_most(to_call + bf_step_bet_size(hs), stack);
    } else {
        int64_t floor = to_call + bf_step_least_raise(hs), after_call = bf_state_pot(hs) + to_call;
        int64_t limit = spec->structure == BF_GAME_POT_LIMIT        ? to_call + after_call
                        : spec->structure == BF_GAME_HALF_POT_LIMIT ? to_call + after_call / 2
                                                                     : stack;
        o->most = bf_step_at_most(limit > floor ? limit : floor, stack);
        o->least = bf_step_at_most(floor, o->most);
    }
    o->bet_kind = hs->current ? BF_ACT_RAISE : BF_ACT_BET;
}

static inline void bf_step_options(const bf_hand_state *hs, int seat, bf_options *o, int raises)
{
    o->bet_kind = 0;
    o->least = o->most = 0;
    o->to_call = hs->current - hs->round_bets[seat];
    o->call = bf_step_at_most(o->to_call, hs->stack[seat]);
    if (hs->spec->rules == BF_GAME_KOREAN) {
        memset(o->korean, 0, sizeof o->korean);
        o->opens = hs->current == 0 && seat == hs->first && !hs->acted;
        o->bbing = o->opens ? bf_step_at_most(hs->spec->ante, hs->stack[seat]) : 0;
        if (raises)
            bf_step_korean_raises(hs, seat, o);
    } else {
        o->opens = 0;
        o->bbing = 0;
        if (raises)
            bf_step_casino_bets(hs, seat, o);
    }
}

/* Rules.full_raise: at least half a bet (fixed limit) or the least raise (pot and no limit);
 * every Korean raise. A shorter all-in neither counts nor re-opens the betting. */
static inline int bf_step_full_raise(const bf_hand_state *hs, int64_t raised_by)
{
    if (hs->spec->rules == BF_GAME_KOREAN)
        return 1;
    if (hs->spec->structure == BF_GAME_FIXED_LIMIT)
        return 2 * raised_by >= bf_step_bet_size(hs);
    return raised_by >= bf_step_least_raise(hs);
}

/* Game._bet: a legal choice of the seat at the head of the betting queue. */
static inline void bf_step_bet(bf_hand_state *hs, int seat, bf_choice choice)
{
    int64_t put = choice.amount;
    hs->pending_head++;
    hs->acted = 1;
    bf_step_record(hs, seat, choice.kind, put);
    if (choice.kind == BF_ACT_FOLD) {
        hs->folded[seat] = 1;
        if (bf_step_in_hand_count(hs) == 1) {
            bf_step_award_to_last(hs);
            return;
        }
    } else if (put > 0) {
        bf_step_put_in(hs, seat, put);
        int64_t raised_by = hs->round_bets[seat] - hs->current;
        if (raised_by > 0) {
            if (bf_step_full_raise(hs, raised_by)) { /* counts, and re-opens the betting */
                hs->raises += hs->raises < BF_GAME_MAX_BETS;
                hs->not_all_in = bf_step_not_all_in_count(hs);
                memset(hs->closed, 0, sizeof hs->closed);
            }
            hs->raise_size = raised_by > hs->raise_size ? raised_by : hs->raise_size;
            hs->current = hs->round_bets[seat];
            bf_step_queue_after(hs, seat, seat);
        }
    }
    hs->closed[seat] = 1;
}

/* Game._skip_settled: nothing to call and every opponent all-in: nothing to decide. */
static inline int bf_step_settled(const bf_hand_state *hs, int seat)
{
    return hs->round_bets[seat] >= hs->current && !bf_step_someone_can_call(hs, seat);
}

/* Game._start_round: the opening bet and the queue of seats after the opener. */
static inline void bf_step_start_round(bf_hand_state *hs)
{
    int opener = hs->button;
    hs->phase = BF_PHASE_BETTING;
    hs->acted = 0;
    memset(hs->closed, 0, sizeof hs->closed);
    if (hs->spec->rules == BF_GAME_KOREAN) { /* antes are not bets; 선 opens every round */
        memset(hs->round_bets, 0, sizeof hs->round_bets);
        hs->current = 0;
        hs->raises = 0;
        opener = (hs->first + hs->n - 1) % hs->n;
    } else if (hs->round_index == 0 && hs->spec->big_blind > 0) {
        hs->current = hs->spec->big_blind; /* the full blind, though its poster be short */
        for (int p = 0; p < hs->n; p++)
            hs->current = hs->round_bets[p] > hs->current ? hs->round_bets[p] : hs->current;
        hs->raises = 1; /* the big blind is the opening bet */
        opener = (bf_step_small_blind_seat(hs) + 1) % hs->n;
    } else {
        memset(hs->round_bets, 0, sizeof hs->round_bets);
        hs->current = 0;
        hs->raises = 0;
    }
    hs->raise_size = hs->current; /* before the first draw the big blind is the bet to raise */
    hs->not_all_in = bf_step_not_all_in_count(hs);
    bf_step_queue_after(hs, opener, -1);
}

/* The top card of the stub; when it has run out, the discards so far become the new stub (those
 * of the drawer now drawing join them only afterwards). Never empty: with n seats, the stub and
 * the discards together hold 52 - 4n >= 20 cards. */
static inline uint8_t bf_step_next_card(bf_hand_state *hs)
{
    if (hs->dealt < BF_NUM_CARDS)
        return bf_deck_card(hs->key, hs->number, hs->deck, hs->dealt++);
    if (hs->stub_n == 0) {
        memcpy(hs->stub, hs->discards, (size_t)hs->discards_n);
        hs->stub_n = hs->discards_n;
        hs->discards_n = 0;
        bf_shuffle(hs->key, hs->number, 64 * (1 + hs->reshuffles++ % BF_RESHUFFLE_SLOTS), hs->stub,
                (size_t)hs->stub_n);
    }
    return hs->stub[--hs->stub_n];
}

/* Game._exchange: replacements one at a time; an empty stub takes the others' discards. */
static inline void bf_step_exchange(bf_hand_state *hs, int seat, const uint8_t *thrown, int count)
{
    uint8_t kept[4], *hand = hs->hand[seat];
    uint64_t out = 0; /* the thrown cards as a set */
    int k = 0;
    for (int j = 0; j < count; j++)
        out |= UINT64_C(1) << thrown[j];
    for (int i = 0; i < 4; i++)
        if (!(out >> hand[i] & 1))
            kept[k++] = hand[i];
    if (count && hs->burn_due) { /* Game._exchange: the burn card, out of play for good */
        hs->burn_due = 0;
        (void)bf_step_next_card(hs);
    }
    for (int j = 0; j < count; j++)
        kept[k++] = bf_step_next_card(hs);
    memcpy(hand, kept, 4);
    hs->badugi_size[seat] = 0;
    memcpy(hs->discards + hs->discards_n, thrown, (size_t)count); /* after the deal: not in it */
    hs->discards_n += count;
    hs->own_discards[seat] |= out;
    bf_step_record(hs, seat, BF_ACT_DRAW, count);
}

/* Game._draw: the seat at the head of the draw queue throws; under 동시에 cutting the exchange
 * waits until every player has chosen. */
static inline void bf_step_draw(bf_hand_state *hs, int seat, const uint8_t *thrown, int count)
{
    hs->draw_head++;
    if (hs->spec->simultaneous) {
        memcpy(hs->chosen[seat], thrown, (size_t)count);
        hs->chosen_n[seat] = (uint8_t)count;
    } else {
        bf_step_exchange(hs, seat, thrown, count);
    }
}


/* Game._end_round: showdown after the last round, else the draw, starting after the button
 * (casino) or with 선 (Korean). */
static inline void bf_step_end_round(bf_hand_state *hs)
{
    if (hs->round_index == BF_ROUNDS - 1) {
        bf_state_showdown(hs);
        return;
    }
    int n = hs->n;
    int start = hs->spec->rules == BF_GAME_KOREAN ? (hs->first + n - 1) % n : hs->button;
    hs->phase = BF_PHASE_DRAW;
    hs->burn_due = hs->spec->burn;
    hs->draw_head = hs->draw_n = 0;
    for (int i = 1; i <= n; i++)
        if (!hs->folded[(start + i) % n])
            hs->draw_order[hs->draw_n++] = (start + i) % n;
}

/* Game._draw's end: the chosen exchanges dealt (동시에), then the next betting round. */
static inline void bf_step_end_draw(bf_hand_state *hs)
{
    if (hs->spec->simultaneous)
        for (int i = 0; i < hs->draw_n; i++) {
            int seat = hs->draw_order[i];
            bf_step_exchange(hs, seat, hs->chosen[seat], hs->chosen_n[seat]);
        }
    hs->round_index++;
    bf_step_start_round(hs);
}

/* Plays on until a seat must decide, or the hand is over: settled seats (Game._skip_settled)
 * are passed over, rounds and draws ended, so the seat that must act is the head of its queue.
 * Who decides for that seat is the caller's (play/seats.c plays the bots). */
static inline void bf_step_advance(bf_hand_state *hs)
{
    while (hs->phase != BF_PHASE_DONE) {
        if (hs->phase == BF_PHASE_BETTING) {
            if (hs->pending_head == hs->pending_n)
                bf_step_end_round(hs);
            else if (bf_step_settled(hs, hs->pending[hs->pending_head]))
                hs->pending_head++;
            else
                return;
        } else if (hs->draw_head == hs->draw_n) {
            bf_step_end_draw(hs);
        } else {
            return;
        }
    }
}

#endif
