/* One hand's state as a state machine (game/hand_state.h), run by the closed hand loop of
 * simulate (game/loop.c) and the batched engine (game/vector.c). Each step names the method of
 * Game (state.py) or of a rule set (rules.py) it mirrors, so a change of rules there shows where
 * it lands here (the Python tests play both, action by action, and step the batched engine
 * beside the Python reference). */
#include "game/hand_state.h"
#include "common/deal.h"
#include "eval/kernels.h"

#include <stddef.h>
#include <string.h>

typedef bf_hand_state state_t;
/* The steps of a hand are static inline: the closed loop inlines them into bf_state_advance
 * (2 % more instructions than the loop before the state machine, against 7 % without). */
typedef bf_choice choice_t;

static int is_bet_kind(int kind)
{
    return kind == BF_ACT_POST || (kind >= BF_ACT_CHECK && kind <= BF_ACT_HALF) ||
           kind == BF_ACT_FULL;
}

/* Every action of the hand: the encoding's tallies (reference.Table._record: chips and raises per
 * round, cards drawn), and Game.history's order when a trace buffer is given. */
static void record(state_t *hs, int seat, int kind, int64_t amount)
{
    if (!hs->observed) {
    } else if (kind == BF_ACT_DRAW) {
        hs->drawn[seat][hs->round_index] = (int8_t)amount;
    } else if (is_bet_kind(kind)) {
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

static int in_hand_count(const state_t *hs)
{
    int live = 0;
    for (int p = 0; p < hs->n; p++)
        live += !hs->folded[p];
    return live;
}

/* Game.not_all_in: players in the hand with chips behind. */
static int not_all_in_count(const state_t *hs)
{
    int live = 0;
    for (int p = 0; p < hs->n; p++)
        live += !hs->folded[p] && hs->stack[p] > 0;
    return live;
}

/* Rules.small_blind_seat: left of the button; heads-up the button itself. */
static int small_blind_seat(const state_t *hs)
{
    return hs->n == 2 ? hs->button : (hs->button + 1) % hs->n;
}

static int can_act(const state_t *hs, int p)
{
    return !hs->folded[p] && hs->stack[p] > 0;
}

static int64_t bet_size(const state_t *hs)
{
    return hs->round_index < 2 ? hs->spec->small_bet : hs->spec->big_bet;
}

static void put_in(state_t *hs, int seat, int64_t amount)
{
    hs->stack[seat] -= amount;
    hs->committed[seat] += amount;
    hs->round_bets[seat] += amount;
}

/* _seats_after(seat, can_act), skipping `except` (-1 for none), into the pending queue. */
static void queue_after(state_t *hs, int seat, int except)
{
    hs->pending_head = hs->pending_n = 0;
    for (int i = 1; i <= hs->n; i++) {
        int p = (seat + i) % hs->n;
        if (p != except && can_act(hs, p))
            hs->pending[hs->pending_n++] = p;
    }
}

/* Game._finish: the chips in play are gone from the table's bets. */
static void finish(state_t *hs)
{
    hs->phase = BF_PHASE_DONE;
    memset(hs->committed, 0, sizeof hs->committed);
    memset(hs->round_bets, 0, sizeof hs->round_bets);
}

/* _award_uncontested */
static void award_to_last(state_t *hs)
{
    int64_t pot = bf_state_pot(hs);
    for (int p = 0; p < hs->n; p++)
        if (!hs->folded[p]) {
            hs->stack[p] += pot;
            record(hs, p, BF_ACT_WIN, pot);
        }
    finish(hs);
}

/* _someone_can_call: another player in the hand with chips behind. */
static int someone_can_call(const state_t *hs, int seat)
{
    for (int p = 0; p < hs->n; p++)
        if (p != seat && !hs->folded[p] && hs->stack[p] > 0)
            return 1;
    return 0;
}

/* someone_can_answer: another player in the hand with more chips behind than its call. */
static int someone_can_answer(const state_t *hs, int seat)
{
    for (int p = 0; p < hs->n; p++)
        if (p != seat && !hs->folded[p] && hs->stack[p] > hs->current - hs->round_bets[p])
            return 1;
    return 0;
}

static int64_t at_most(int64_t amount, int64_t stack)
{
    return amount < stack ? amount : stack;
}

/* Rules._least_raise: the big blind, the round's largest raise and one chip. */
static int64_t least_raise(const state_t *hs)
{
    int64_t step = hs->raise_size > hs->spec->big_blind ? hs->raise_size : hs->spec->big_blind;
    return step > 1 ? step : 1;
}

/* KoreanRules.options' raises: 따당 (the round's bet doubled), 쿼터, 하프 and 풀 (the call and a
 * quarter, half or all of the pot after it), rounded down to the chip, when above the call. */
static void korean_raises(const state_t *hs, int seat, bf_options *o)
{
    const bf_game_spec *spec = hs->spec;
    int64_t stack = hs->stack[seat], to_call = o->to_call;
    if (hs->raises >= spec->max_bets || stack <= to_call || !someone_can_answer(hs, seat) ||
        hs->closed[seat])
        return;
    int64_t after_call = bf_state_pot(hs) + to_call;
    int64_t wanted[4] = {hs->current ? 2 * hs->current - hs->round_bets[seat] : 0,
                         to_call + after_call / 4, to_call + after_call / 2,
                         spec->allow_full ? to_call + after_call : 0};
    for (int k = 0; k < 4; k++) {
        int64_t amount = wanted[k] - wanted[k] % spec->chip;
        o->korean[k] = amount > to_call ? at_most(amount, stack) : 0;
    }
}

/* Rules.options' bet or raise: the chips it may put in, least .. most. Fixed limit: one
 * amount, the call and a bet (capped at the stack); pot, half-pot and no limit: at least the
 * call and the least raise, at most the call and the pot after calling, the call and half of
 * it (never below that least) or the stack. */
static void casino_bets(const state_t *hs, int seat, bf_options *o)
{
    const bf_game_spec *spec = hs->spec;
    int64_t to_call = o->to_call, stack = hs->stack[seat];
    if (stack <= to_call || !someone_can_answer(hs, seat) || hs->closed[seat])
        return;
    if (spec->structure == BF_GAME_FIXED_LIMIT) { /* Rules.capped */
        if (hs->raises >= spec->max_bets && (spec->cap_heads_up || hs->not_all_in > 2))
            return;
        o->least = o->most = at_most(to_call + bet_size(hs), stack);
    } else {
        int64_t floor = to_call + least_raise(hs), after_call = bf_state_pot(hs) + to_call;
        int64_t limit = spec->structure == BF_GAME_POT_LIMIT        ? to_call + after_call
                        : spec->structure == BF_GAME_HALF_POT_LIMIT ? to_call + after_call / 2
                                                                     : stack;
        o->most = at_most(limit > floor ? limit : floor, stack);
        o->least = at_most(floor, o->most);
    }
    o->bet_kind = hs->current ? BF_ACT_RAISE : BF_ACT_BET;
}

static void options(const state_t *hs, int seat, bf_options *o, int raises)
{
    o->bet_kind = 0;
    o->least = o->most = 0;
    o->to_call = hs->current - hs->round_bets[seat];
    o->call = at_most(o->to_call, hs->stack[seat]);
    if (hs->spec->rules == BF_GAME_KOREAN) {
        memset(o->korean, 0, sizeof o->korean);
        o->opens = hs->current == 0 && seat == hs->first && !hs->acted;
        o->bbing = o->opens ? at_most(hs->spec->ante, hs->stack[seat]) : 0;
        if (raises)
            korean_raises(hs, seat, o);
    } else {
        o->opens = 0;
        o->bbing = 0;
        if (raises)
            casino_bets(hs, seat, o);
    }
}

/* Rules.full_raise: at least half a bet (fixed limit) or the least raise (pot and no limit);
 * every Korean raise. A shorter all-in neither counts nor re-opens the betting. */
static int full_raise(const state_t *hs, int64_t raised_by)
{
    if (hs->spec->rules == BF_GAME_KOREAN)
        return 1;
    if (hs->spec->structure == BF_GAME_FIXED_LIMIT)
        return 2 * raised_by >= bet_size(hs);
    return raised_by >= least_raise(hs);
}

/* Game._bet: a legal choice of the seat at the head of the betting queue. */
static inline void bet(state_t *hs, int seat, choice_t choice)
{
    int64_t put = choice.amount;
    hs->pending_head++;
    hs->acted = 1;
    record(hs, seat, choice.kind, put);
    if (choice.kind == BF_ACT_FOLD) {
        hs->folded[seat] = 1;
        if (in_hand_count(hs) == 1) {
            award_to_last(hs);
            return;
        }
    } else if (put > 0) {
        put_in(hs, seat, put);
        int64_t raised_by = hs->round_bets[seat] - hs->current;
        if (raised_by > 0) {
            if (full_raise(hs, raised_by)) { /* counts, and re-opens the betting */
                hs->raises += hs->raises < BF_GAME_MAX_BETS;
                hs->not_all_in = not_all_in_count(hs);
                memset(hs->closed, 0, sizeof hs->closed);
            }
            hs->raise_size = raised_by > hs->raise_size ? raised_by : hs->raise_size;
            hs->current = hs->round_bets[seat];
            queue_after(hs, seat, seat);
        }
    }
    hs->closed[seat] = 1;
}

/* Game._skip_settled: nothing to call and every opponent all-in: nothing to decide. */
static int settled(const state_t *hs, int seat)
{
    return hs->round_bets[seat] >= hs->current && !someone_can_call(hs, seat);
}

/* Game._start_round: the opening bet and the queue of seats after the opener. */
static inline void start_round(state_t *hs)
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
        opener = (small_blind_seat(hs) + 1) % hs->n;
    } else {
        memset(hs->round_bets, 0, sizeof hs->round_bets);
        hs->current = 0;
        hs->raises = 0;
    }
    hs->raise_size = hs->current; /* before the first draw the big blind is the bet to raise */
    hs->not_all_in = not_all_in_count(hs);
    queue_after(hs, opener, -1);
}

/* The top card of the stub; when it has run out, the discards so far become the new stub (those
 * of the drawer now drawing join them only afterwards). Never empty: with n seats, the stub and
 * the discards together hold 52 - 4n >= 20 cards. */
static inline uint8_t next_card(state_t *hs)
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
static inline void exchange(state_t *hs, int seat, const uint8_t *thrown, int count)
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
        (void)next_card(hs);
    }
    for (int j = 0; j < count; j++)
        kept[k++] = next_card(hs);
    memcpy(hand, kept, 4);
    hs->badugi_size[seat] = 0;
    memcpy(hs->discards + hs->discards_n, thrown, (size_t)count); /* after the deal: not in it */
    hs->discards_n += count;
    hs->own_discards[seat] |= out;
    record(hs, seat, BF_ACT_DRAW, count);
}

/* Game._draw: the seat at the head of the draw queue throws; under 동시에 cutting the exchange
 * waits until every player has chosen. */
static inline void draw(state_t *hs, int seat, const uint8_t *thrown, int count)
{
    hs->draw_head++;
    if (hs->spec->simultaneous) {
        memcpy(hs->chosen[seat], thrown, (size_t)count);
        hs->chosen_n[seat] = (uint8_t)count;
    } else {
        exchange(hs, seat, thrown, count);
    }
}


/* Game._pots then Game._showdown: each pot (side pots for all-ins) to its best hands, odd chips
 * to the first winners left of the button. */
static void showdown(state_t *hs)
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
            record(hs, winners[i], BF_ACT_WIN, share + (i < odd));
        }
    }
    finish(hs);
}

/* Game._end_round: showdown after the last round, else the draw, starting after the button
 * (casino) or with 선 (Korean). */
static inline void end_round(state_t *hs)
{
    if (hs->round_index == BF_ROUNDS - 1) {
        showdown(hs);
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
static inline void end_draw(state_t *hs)
{
    if (hs->spec->simultaneous)
        for (int i = 0; i < hs->draw_n; i++) {
            int seat = hs->draw_order[i];
            exchange(hs, seat, hs->chosen[seat], hs->chosen_n[seat]);
        }
    hs->round_index++;
    start_round(hs);
}

#include "game/bots.h" /* the bots play by the functions above (static: inlined here) */

/* Plays on until a seat that is not a bot must act, or the hand is over; settled seats (Game.
 * _skip_settled) are passed over first, so the seat that must act is the head of its queue. */
void bf_state_advance(state_t *hs)
{
    while (hs->phase != BF_PHASE_DONE) {
        if (hs->phase == BF_PHASE_BETTING) {
            if (hs->pending_head == hs->pending_n) {
                end_round(hs);
                continue;
            }
            int seat = hs->pending[hs->pending_head];
            if (settled(hs, seat))
                hs->pending_head++;
            else if (hs->bots >> seat & 1)
                bet(hs, seat, bot_choice(hs, seat));
            else
                return;
        } else if (hs->draw_head == hs->draw_n) {
            end_draw(hs);
        } else if (hs->bots >> hs->draw_order[hs->draw_head] & 1) {
            bot_draws(hs, hs->draw_order[hs->draw_head]);
        } else {
            return;
        }
    }
}

/* Game.post_forced_bet: a short stack posts what it has; an ante is dead money, no bet. */
static void post(state_t *hs, int seat, int64_t amount, int kind)
{
    amount = at_most(amount, hs->stack[seat]);
    put_in(hs, seat, amount);
    if (kind == BF_ACT_ANTE)
        hs->round_bets[seat] -= amount;
    record(hs, seat, kind, amount);
}

void bf_state_deal(state_t *hs, const bf_game_spec *spec, uint64_t seed, uint64_t number,
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
        int small = small_blind_seat(hs);
        if (spec->big_blind > 0) {
            post(hs, small, spec->small_blind, BF_ACT_POST);
            post(hs, (small + 1) % n, spec->big_blind, BF_ACT_POST);
        }
    }
    /* Game._deal: one card at a time from the button's left. */
    for (int c = 0; c < 4; c++)
        for (int i = 1; i <= n; i++)
            hs->hand[(hs->button + i) % n][c] = next_card(hs);
    start_round(hs);
    bf_state_advance(hs);
}

/* The state machine for callers outside this file (game/vector.c) */
void bf_state_options(const state_t *hs, int seat, bf_options *o, int raises)
{
    options(hs, seat, o, raises);
}

void bf_state_bet(state_t *hs, int seat, choice_t choice)
{
    bet(hs, seat, choice);
}

void bf_state_draw(state_t *hs, int seat, const uint8_t *thrown, int count)
{
    draw(hs, seat, thrown, count);
}
