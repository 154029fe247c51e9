/* The hand as a state machine (badugi_engine.h) and the closed hand loop of simulate. Each step
 * names the method of Game (state.py) or of a rule set (rules.py) it mirrors, so a change of
 * rules there shows where it lands here (tests/test_simulate.py plays both, action by action;
 * tests/test_vector_engine.py steps the batched engine beside the Python reference). */
#include "badugi_engine.h"
#include "badugi_kernels.h"
#include "badugi_deal.h"

#include <stddef.h>
#include <string.h>

#define NO_CARD 0xFF
#define ALL_BOTS ((1u << BF_MAX_SEATS) - 1)

typedef bf_table table_t;
/* The steps of a hand are static inline: the closed loop inlines them into bf_table_advance
 * (2 % more instructions than the loop before the state machine, against 7 % without). */
typedef bf_choice choice_t;

static int is_bet_kind(int kind)
{
    return kind == BF_ACT_POST || (kind >= BF_ACT_CHECK && kind <= BF_ACT_HALF) ||
           kind == BF_ACT_FULL;
}

/* Every action of the hand: the encoding's tallies (vector.Table._record: chips and raises per
 * round, cards drawn), and Game.history's order when a trace buffer is given. */
static void record(table_t *t, int seat, int kind, int64_t amount)
{
    if (!t->observed) {
    } else if (kind == BF_ACT_DRAW) {
        t->drawn[seat][t->round_index] = (int8_t)amount;
    } else if (is_bet_kind(kind)) {
        t->bet_chips[seat][t->round_index] += amount;
        uint8_t *raises = &t->bet_raises[seat][t->round_index];
        *raises += kind >= BF_ACT_BET && *raises < 127;
    }
    if (!t->trace)
        return;
    if (t->trace_n < t->trace_cap)
        t->trace[t->trace_n] = (bf_game_action){seat, kind, amount};
    t->trace_n++;
}

static int in_hand_count(const table_t *t)
{
    int live = 0;
    for (int p = 0; p < t->n; p++)
        live += !t->folded[p];
    return live;
}

/* Rules.small_blind_seat: left of the button; heads-up the button itself. */
static int small_blind_seat(const table_t *t)
{
    return t->n == 2 ? t->button : (t->button + 1) % t->n;
}

static int can_act(const table_t *t, int p)
{
    return !t->folded[p] && t->stack[p] > 0;
}

static int64_t bet_size(const table_t *t)
{
    return t->round_index < 2 ? t->spec->small_bet : t->spec->big_bet;
}

static void put_in(table_t *t, int seat, int64_t amount)
{
    t->stack[seat] -= amount;
    t->committed[seat] += amount;
    t->round_bets[seat] += amount;
}

/* _seats_after(seat, can_act), skipping `except` (-1 for none), into the pending queue. */
static void queue_after(table_t *t, int seat, int except)
{
    t->pending_head = t->pending_n = 0;
    for (int i = 1; i <= t->n; i++) {
        int p = (seat + i) % t->n;
        if (p != except && can_act(t, p))
            t->pending[t->pending_n++] = p;
    }
}

/* Game._finish: the chips in play are gone from the table's bets. */
static void finish(table_t *t)
{
    t->phase = BF_PHASE_DONE;
    memset(t->committed, 0, sizeof t->committed);
    memset(t->round_bets, 0, sizeof t->round_bets);
}

/* _award_uncontested */
static void award_to_last(table_t *t)
{
    int64_t pot = bf_table_pot(t);
    for (int p = 0; p < t->n; p++)
        if (!t->folded[p]) {
            t->stack[p] += pot;
            record(t, p, BF_ACT_WIN, pot);
        }
    finish(t);
}

/* _someone_can_call: another player in the hand with chips behind. */
static int someone_can_call(const table_t *t, int seat)
{
    for (int p = 0; p < t->n; p++)
        if (p != seat && !t->folded[p] && t->stack[p] > 0)
            return 1;
    return 0;
}

static int64_t at_most(int64_t amount, int64_t stack)
{
    return amount < stack ? amount : stack;
}

/* Rules._least_raise: the big blind, the round's largest raise and one chip. */
static int64_t least_raise(const table_t *t)
{
    int64_t step = t->raise_size > t->spec->big_blind ? t->raise_size : t->spec->big_blind;
    return step > 1 ? step : 1;
}

/* KoreanRules.options' raises: 따당 (the round's bet doubled), 쿼터, 하프 and 풀 (the call and a
 * quarter, half or all of the pot after it), rounded down to the chip, when above the call. */
static void korean_raises(const table_t *t, int seat, bf_options *o)
{
    const bf_game_spec *spec = t->spec;
    int64_t stack = t->stack[seat], to_call = o->to_call;
    if (t->raises >= spec->max_bets || stack <= to_call || !someone_can_call(t, seat) ||
        t->closed[seat])
        return;
    int64_t after_call = bf_table_pot(t) + to_call;
    int64_t wanted[4] = {t->current ? 2 * t->current - t->round_bets[seat] : 0,
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
static void casino_bets(const table_t *t, int seat, bf_options *o)
{
    const bf_game_spec *spec = t->spec;
    int64_t to_call = o->to_call, stack = t->stack[seat];
    if (stack <= to_call || !someone_can_call(t, seat) || t->closed[seat])
        return;
    if (spec->structure == BF_GAME_FIXED_LIMIT) {
        int uncapped = in_hand_count(t) <= 2 && !spec->cap_heads_up;
        if (!uncapped && t->raises >= spec->max_bets)
            return;
        o->least = o->most = at_most(to_call + bet_size(t), stack);
    } else {
        int64_t floor = to_call + least_raise(t), after_call = bf_table_pot(t) + to_call;
        int64_t limit = spec->structure == BF_GAME_POT_LIMIT        ? to_call + after_call
                        : spec->structure == BF_GAME_HALF_POT_LIMIT ? to_call + after_call / 2
                                                                     : stack;
        o->most = at_most(limit > floor ? limit : floor, stack);
        o->least = at_most(floor, o->most);
    }
    o->bet_kind = t->current ? BF_ACT_RAISE : BF_ACT_BET;
}

static void options(const table_t *t, int seat, bf_options *o, int raises)
{
    o->bet_kind = 0;
    o->least = o->most = 0;
    o->to_call = t->current - t->round_bets[seat];
    o->call = at_most(o->to_call, t->stack[seat]);
    if (t->spec->rules == BF_GAME_KOREAN) {
        memset(o->korean, 0, sizeof o->korean);
        o->opens = t->current == 0 && seat == t->first && !t->acted;
        o->bbing = o->opens ? at_most(t->spec->ante, t->stack[seat]) : 0;
        if (raises)
            korean_raises(t, seat, o);
    } else {
        o->opens = 0;
        o->bbing = 0;
        if (raises)
            casino_bets(t, seat, o);
    }
}

/* Rules.full_raise: at least half a bet (fixed limit) or the least raise (pot and no limit);
 * every Korean raise. A shorter all-in neither counts nor re-opens the betting. */
static int full_raise(const table_t *t, int64_t raised_by)
{
    if (t->spec->rules == BF_GAME_KOREAN)
        return 1;
    if (t->spec->structure == BF_GAME_FIXED_LIMIT)
        return 2 * raised_by >= bet_size(t);
    return raised_by >= least_raise(t);
}

/* Game._bet: a legal choice of the seat at the head of the betting queue. */
static inline void bet(table_t *t, int seat, choice_t choice)
{
    int64_t put = choice.amount;
    t->pending_head++;
    t->acted = 1;
    record(t, seat, choice.kind, put);
    if (choice.kind == BF_ACT_FOLD) {
        t->folded[seat] = 1;
        if (in_hand_count(t) == 1) {
            award_to_last(t);
            return;
        }
    } else if (put > 0) {
        put_in(t, seat, put);
        int64_t raised_by = t->round_bets[seat] - t->current;
        if (raised_by > 0) {
            if (full_raise(t, raised_by)) { /* counts, and re-opens the betting */
                t->raises += t->raises < BF_GAME_MAX_BETS;
                memset(t->closed, 0, sizeof t->closed);
            }
            t->raise_size = raised_by > t->raise_size ? raised_by : t->raise_size;
            t->current = t->round_bets[seat];
            queue_after(t, seat, seat);
        }
    }
    t->closed[seat] = 1;
}

/* Game._skip_settled: nothing to call and every opponent all-in: nothing to decide. */
static int settled(const table_t *t, int seat)
{
    return t->round_bets[seat] >= t->current && !someone_can_call(t, seat);
}

/* Game._start_round: the opening bet and the queue of seats after the opener. */
static inline void start_round(table_t *t)
{
    int opener = t->button;
    t->phase = BF_PHASE_BETTING;
    t->acted = 0;
    memset(t->closed, 0, sizeof t->closed);
    if (t->spec->rules == BF_GAME_KOREAN) { /* antes are not bets; 선 opens every round */
        memset(t->round_bets, 0, sizeof t->round_bets);
        t->current = 0;
        t->raises = 0;
        opener = (t->first + t->n - 1) % t->n;
    } else if (t->round_index == 0 && t->spec->big_blind > 0) {
        t->current = 0;
        for (int p = 0; p < t->n; p++)
            t->current = t->round_bets[p] > t->current ? t->round_bets[p] : t->current;
        t->raises = 1; /* the big blind is the opening bet */
        opener = (small_blind_seat(t) + 1) % t->n;
    } else {
        memset(t->round_bets, 0, sizeof t->round_bets);
        t->current = 0;
        t->raises = 0;
    }
    t->raise_size = t->current; /* before the first draw the big blind is the bet to raise */
    queue_after(t, opener, -1);
}

/* The top card of the stub; when it has run out, the discards so far become the new stub (those
 * of the drawer now drawing join them only afterwards). Never empty: with n seats, the stub and
 * the discards together hold 52 - 4n >= 20 cards. */
static inline uint8_t next_card(table_t *t)
{
    if (t->dealt < BF_NUM_CARDS)
        return deck_card(t->key, t->number, t->deck, t->dealt++);
    if (t->stub_n == 0) {
        memcpy(t->stub, t->discards, (size_t)t->discards_n);
        t->stub_n = t->discards_n;
        t->discards_n = 0;
        shuffle(t->key, t->number, 64 * (1 + t->reshuffles++ % RESHUFFLE_SLOTS), t->stub,
                (size_t)t->stub_n);
    }
    return t->stub[--t->stub_n];
}

/* Game._exchange: replacements one at a time; an empty stub takes the others' discards. */
static inline void exchange(table_t *t, int seat, const uint8_t *thrown, int count)
{
    uint8_t kept[4], *hand = t->hand[seat];
    uint64_t out = 0; /* the thrown cards as a set */
    int k = 0;
    for (int j = 0; j < count; j++)
        out |= UINT64_C(1) << thrown[j];
    for (int i = 0; i < 4; i++)
        if (!(out >> hand[i] & 1))
            kept[k++] = hand[i];
    if (count && t->burn_due) { /* Game._exchange: the burn card, out of play for good */
        t->burn_due = 0;
        (void)next_card(t);
    }
    for (int j = 0; j < count; j++)
        kept[k++] = next_card(t);
    memcpy(hand, kept, 4);
    t->badugi_size[seat] = 0;
    memcpy(t->discards + t->discards_n, thrown, (size_t)count); /* after the deal: not in it */
    t->discards_n += count;
    t->own_discards[seat] |= out;
    record(t, seat, BF_ACT_DRAW, count);
}

/* Game._draw: the seat at the head of the draw queue throws; under 동시에 cutting the exchange
 * waits until every player has chosen. */
static inline void draw(table_t *t, int seat, const uint8_t *thrown, int count)
{
    t->draw_head++;
    if (t->spec->simultaneous) {
        memcpy(t->chosen[seat], thrown, (size_t)count);
        t->chosen_n[seat] = (uint8_t)count;
    } else {
        exchange(t, seat, thrown, count);
    }
}


/* Game._pots then Game._showdown: each pot (side pots for all-ins) to its best hands, odd chips
 * to the first winners left of the button. */
static void showdown(table_t *t)
{
    int rank[BF_MAX_SEATS];
    int64_t left[BF_MAX_SEATS], amount[BF_MAX_SEATS + 1];
    unsigned eligible[BF_MAX_SEATS + 1]; /* seat masks */
    int pots = 0;
    for (int p = 0; p < t->n; p++) {
        const uint8_t *h = t->hand[p];
        rank[p] = t->folded[p] ? 0 : bf_rank(h[0], h[1], h[2], h[3]);
        left[p] = t->committed[p];
    }
    for (;;) {
        int64_t level = -1, most = 0, chips = 0;
        for (int p = 0; p < t->n; p++) {
            most = left[p] > most ? left[p] : most;
            if (!t->folded[p] && left[p] > 0 && (level < 0 || left[p] < level))
                level = left[p];
        }
        if (most == 0)
            break;
        if (level < 0)
            level = most;
        unsigned seats = 0;
        for (int p = 0; p < t->n; p++) {
            chips += left[p] < level ? left[p] : level;
            if (!t->folded[p] && left[p] > 0)
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
        for (int p = 0; p < t->n; p++)
            if (eligible[k] >> p & 1 && rank[p] < best)
                best = rank[p];
        for (int i = 1; i <= t->n; i++) {
            int p = (t->button + i) % t->n;
            if (eligible[k] >> p & 1 && rank[p] == best)
                winners[w++] = p;
        }
        int64_t share = amount[k] / w, odd = amount[k] % w;
        for (int i = 0; i < w; i++) {
            t->stack[winners[i]] += share + (i < odd);
            record(t, winners[i], BF_ACT_WIN, share + (i < odd));
        }
    }
    finish(t);
}

/* Game._end_round: showdown after the last round, else the draw, starting after the button
 * (casino) or with 선 (Korean). */
static inline void end_round(table_t *t)
{
    if (t->round_index == BF_ROUNDS - 1) {
        showdown(t);
        return;
    }
    int n = t->n;
    int start = t->spec->rules == BF_GAME_KOREAN ? (t->first + n - 1) % n : t->button;
    t->phase = BF_PHASE_DRAW;
    t->burn_due = t->spec->burn;
    t->draw_head = t->draw_n = 0;
    for (int i = 1; i <= n; i++)
        if (!t->folded[(start + i) % n])
            t->draw_order[t->draw_n++] = (start + i) % n;
}

/* Game._draw's end: the chosen exchanges dealt (동시에), then the next betting round. */
static inline void end_draw(table_t *t)
{
    if (t->spec->simultaneous)
        for (int i = 0; i < t->draw_n; i++) {
            int seat = t->draw_order[i];
            exchange(t, seat, t->chosen[seat], t->chosen_n[seat]);
        }
    t->round_index++;
    start_round(t);
}

#include "badugi_bots.h" /* the bots play by the functions above (static: inlined here) */

/* Plays on until a seat that is not a bot must act, or the hand is over; settled seats (Game.
 * _skip_settled) are passed over first, so the seat that must act is the head of its queue. */
void bf_table_advance(table_t *t)
{
    while (t->phase != BF_PHASE_DONE) {
        if (t->phase == BF_PHASE_BETTING) {
            if (t->pending_head == t->pending_n) {
                end_round(t);
                continue;
            }
            int seat = t->pending[t->pending_head];
            if (settled(t, seat))
                t->pending_head++;
            else if (t->bots >> seat & 1)
                bet(t, seat, bot_choice(t, seat));
            else
                return;
        } else if (t->draw_head == t->draw_n) {
            end_draw(t);
        } else if (t->bots >> t->draw_order[t->draw_head] & 1) {
            bot_draws(t, t->draw_order[t->draw_head]);
        } else {
            return;
        }
    }
}

/* Game.post_forced_bet: a short stack posts what it has; an ante is dead money, no bet. */
static void post(table_t *t, int seat, int64_t amount, int kind)
{
    amount = at_most(amount, t->stack[seat]);
    put_in(t, seat, amount);
    if (kind == BF_ACT_ANTE)
        t->round_bets[seat] -= amount;
    record(t, seat, kind, amount);
}

void bf_table_deal(table_t *t, const bf_game_spec *spec, uint64_t seed, uint64_t number,
                   unsigned bots)
{
    int n = spec->seats;
    int observed = bots != ALL_BOTS;
    memset(t, 0, observed ? offsetof(bf_table, deck) : offsetof(bf_table, bet_chips));
    t->spec = spec;
    t->trace_n = 0;
    t->bots = bots;
    t->observed = observed;
    t->n = n;
    t->number = number;
    t->key = bf_mix64(seed);
    t->button = (int)(number % (uint64_t)n);
    if (observed)
        memset(t->drawn, -1, sizeof t->drawn);
    for (int p = 0; p < n; p++)
        t->stack[p] = spec->stacks[p];
    for (unsigned c = 0; c < BF_NUM_CARDS; c++)
        t->deck[c] = (uint8_t)c;
    t->first = (t->button + 1) % n;
    /* Rules.post_forced and KoreanRules.post_forced: a short stack posts what it has. */
    if (spec->rules == BF_GAME_KOREAN) {
        for (int p = 0; p < n; p++)
            post(t, p, spec->ante, BF_ACT_ANTE);
    } else { /* the antes, then the blinds (none when the big blind is 0) */
        for (int p = 0; spec->ante && p < n; p++)
            post(t, p, spec->ante, BF_ACT_ANTE);
        int small = small_blind_seat(t);
        if (spec->big_blind > 0) {
            post(t, small, spec->small_blind, BF_ACT_POST);
            post(t, (small + 1) % n, spec->big_blind, BF_ACT_POST);
        }
    }
    /* Game._deal: one card at a time from the button's left. */
    for (int c = 0; c < 4; c++)
        for (int i = 1; i <= n; i++)
            t->hand[(t->button + i) % n][c] = next_card(t);
    start_round(t);
    bf_table_advance(t);
}

/* The state machine for callers outside this file (badugi_vector.c) */
void bf_table_options(const table_t *t, int seat, bf_options *o, int raises)
{
    options(t, seat, o, raises);
}

void bf_table_bet(table_t *t, int seat, choice_t choice)
{
    bet(t, seat, choice);
}

void bf_table_draw(table_t *t, int seat, const uint8_t *thrown, int count)
{
    draw(t, seat, thrown, count);
}

static int chips_valid(int64_t chips, int64_t least)
{
    return chips >= least && chips <= BF_GAME_MAX_STACK;
}

int bf_game_spec_valid(const bf_game_spec *spec)
{
    if (spec->seats < 2 || spec->seats > BF_MAX_SEATS || spec->max_bets < 0 ||
        spec->max_bets > BF_GAME_MAX_BETS || spec->burn < 0 || spec->burn > 1 ||
        (spec->burn && spec->rules == BF_GAME_KOREAN) || spec->simultaneous < 0 ||
        spec->simultaneous > 1 || spec->allow_full < 0 || spec->allow_full > 1)
        return 0;
    if (spec->rules == BF_GAME_KOREAN) {
        if (!chips_valid(spec->ante, 1) || !chips_valid(spec->chip, 1) || spec->cutting[0] > 4 ||
            spec->cutting[1] > 4 || spec->cutting[2] > 4)
            return 0;
    } else if (spec->rules != BF_GAME_CASINO || spec->structure < BF_GAME_FIXED_LIMIT ||
               spec->structure > BF_GAME_HALF_POT_LIMIT || !chips_valid(spec->small_bet, 1) ||
               !chips_valid(spec->big_bet, 1) || !chips_valid(spec->small_blind, 0) ||
               !chips_valid(spec->big_blind, 0) || !chips_valid(spec->ante, 0) ||
               spec->cap_heads_up < 0 || spec->cap_heads_up > 1 || spec->simultaneous ||
               spec->allow_full) {
        return 0;
    }
    for (int p = 0; p < spec->seats; p++) {
        const bf_threshold_bot *bot = &spec->bots[p];
        if (!chips_valid(spec->stacks[p], 1) || bot->raise_top < 0 || bot->raise_top > 12 ||
            bot->call_top < 0 || bot->call_top > 12 || bot->max_bets < 0 ||
            bot->max_bets > BF_GAME_MAX_BETS)
            return 0;
    }
    return 1;
}

int bf_game_play(const bf_game_spec *spec, uint64_t seed, uint64_t first_hand, uint64_t hands,
                 int64_t *profit, uint8_t *final_hands)
{
    if (!bf_game_spec_valid(spec))
        return BF_GAME_BAD_SPEC;
    int n = spec->seats;
    table_t t;
    t.trace = NULL;
    t.trace_cap = 0;
    for (uint64_t h = 0; h < hands; h++) {
        bf_table_deal(&t, spec, seed, first_hand + h, ALL_BOTS);
        for (int p = 0; p < n; p++) {
            profit[h * (uint64_t)n + (uint64_t)p] = t.stack[p] - spec->stacks[p];
            if (final_hands)
                memset(final_hands + (h * (uint64_t)n + (uint64_t)p) * 4,
                       t.folded[p] ? NO_CARD : 0, 4);
            if (final_hands && !t.folded[p])
                memcpy(final_hands + (h * (uint64_t)n + (uint64_t)p) * 4, t.hand[p], 4);
        }
    }
    return 0;
}

int bf_game_trace(const bf_game_spec *spec, uint64_t seed, uint64_t hand, int64_t *profit,
                  bf_game_action *trace, int capacity)
{
    if (!bf_game_spec_valid(spec) || capacity < 0 || (capacity > 0 && !trace))
        return BF_GAME_BAD_SPEC;
    table_t t;
    bf_game_action unused;
    t.trace = trace ? trace : &unused; /* counting only, when capacity is 0 */
    t.trace_cap = capacity;
    t.trace_n = 0;
    bf_table_deal(&t, spec, seed, hand, ALL_BOTS);
    for (int p = 0; p < spec->seats; p++)
        profit[p] = t.stack[p] - spec->stacks[p];
    return t.trace_n;
}
