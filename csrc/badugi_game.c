/* Hand loop for simulations; see badugi_game.h. Each step names the method of Game (state.py) or
 * of a rule set (rules.py) it mirrors, so a change of rules there shows where it lands here
 * (tests/test_simulate.py plays both, action by action). */
#include "badugi_game.h"
#include "badugi_kernels.h"
#include "badugi_deal.h"

#include <string.h>

#define NO_CARD 0xFF

/* ---- one hand ---- */

typedef struct {
    const bf_game_spec *spec;
    int n, button, round_index;
    uint8_t hand[BF_MAX_SEATS][4];
    int64_t stack[BF_MAX_SEATS], committed[BF_MAX_SEATS], round_bets[BF_MAX_SEATS];
    uint8_t folded[BF_MAX_SEATS];
    uint64_t own_discards[BF_MAX_SEATS]; /* View.dead: what the drawer bot knows */
    int8_t badugi_size[BF_MAX_SEATS];    /* the bot's reading of its hand; 0: not read yet */
    int8_t badugi_top[BF_MAX_SEATS];
    uint8_t deck[BF_NUM_CARDS]; /* deck[0 .. dealt) are the cards dealt from the first stub */
    unsigned dealt;
    uint8_t stub[BF_NUM_CARDS]; /* after a reshuffle: stub[stub_n - 1] is the top card */
    uint8_t discards[BF_NUM_CARDS];
    int stub_n, discards_n;
    int64_t current;  /* _Round.current: the amount to match */
    int64_t raise_size; /* Game._raise_size: the largest raise this round (pot and no limit) */
    int raises; /* saturates at BF_GAME_MAX_BETS: a raise war of 2**40 one-chip raises */
    int acted;  /* someone has acted in this betting round */
    uint8_t closed[BF_MAX_SEATS]; /* _Round.closed: acted since the last full bet or raise */
    int first;        /* 선 (Korean rules): left of the button */
    int burn_due;     /* this draw's burn card is still to come */
    int pending[BF_MAX_SEATS], pending_head, pending_n;
    uint64_t key, number;
    unsigned reshuffles;
    int done;
    bf_game_action *trace; /* NULL but when tracing (bf_game_trace) */
    int trace_n, trace_cap;
} table_t;

/* A player's decision: a BF_ACT_ kind and the chips (or, drawing, cards) it puts in. */
typedef struct {
    int kind;
    int64_t amount;
} choice_t;

/* Every action of the hand, in Game.history's order, when a trace buffer is given. */
static void record(table_t *t, int seat, int kind, int64_t amount)
{
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

/* Game.pot: every chip put in this hand. */
static int64_t pot_of(const table_t *t)
{
    int64_t pot = 0;
    for (int p = 0; p < t->n; p++)
        pot += t->committed[p];
    return pot;
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

/* _award_uncontested */
static void award_to_last(table_t *t)
{
    int64_t pot = pot_of(t);
    for (int p = 0; p < t->n; p++)
        if (!t->folded[p]) {
            t->stack[p] += pot;
            record(t, p, BF_ACT_WIN, pot);
        }
    t->done = 1;
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

/* KoreanRules.options' raises in the bot's order of preference (하프, 따당, 쿼터): the first one
 * allowed, or amount 0 when none is. */
static choice_t korean_raise(const table_t *t, int seat, int64_t to_call)
{
    const bf_game_spec *spec = t->spec;
    int64_t stack = t->stack[seat];
    choice_t none = {BF_ACT_CALL, 0};
    if (t->raises >= spec->max_bets || stack <= to_call || !someone_can_call(t, seat) ||
        t->closed[seat])
        return none;
    int64_t after_call = pot_of(t) + to_call;
    int64_t wanted[3] = {to_call + after_call / 2, t->current ? 2 * t->current - t->round_bets[seat] : 0,
                         to_call + after_call / 4};
    static const int kinds[3] = {BF_ACT_HALF, BF_ACT_TTADANG, BF_ACT_QUARTER};
    for (int k = 0; k < 3; k++) {
        int64_t amount = wanted[k] - wanted[k] % spec->chip;
        if (amount > to_call)
            return (choice_t){kinds[k], at_most(amount, stack)};
    }
    return none;
}

/* The threshold bot's reading of its hand: the badugi's size and top rank, once per hand held. */
static void read_hand(table_t *t, int seat)
{
    const uint8_t *h = t->hand[seat];
    int rank = bf_rank(h[0], h[1], h[2], h[3]);
    unsigned s[4] = {h[0], h[1], h[2], h[3]};
    BF_SORT4(s[0], s[1], s[2], s[3]);
    t->badugi_size[seat] = (int8_t)(rank < BF_FIRST_THREE_CARD ? 4
                                  : rank < BF_FIRST_TWO_CARD   ? 3
                                  : rank < BF_FIRST_ONE_CARD   ? 2 : 1);
    t->badugi_top[seat] = (int8_t)(s[3] >> 2); /* the top card when all four count */
}

/* The bot under KoreanRules: a raise when aggressive; 선's first action of a round, with nothing
 * bet yet, 삥 (when aggressive) or 체크; otherwise 콜 (for nothing too) or 다이. */
static choice_t korean_choice(const table_t *t, int seat, int aggressive, int keep_going)
{
    int64_t to_call = t->current - t->round_bets[seat], stack = t->stack[seat];
    int opens = t->current == 0 && seat == t->first && !t->acted;
    choice_t raise = aggressive ? korean_raise(t, seat, to_call) : (choice_t){BF_ACT_CALL, 0};
    if (raise.amount)
        return raise;
    if (opens)
        return aggressive ? (choice_t){BF_ACT_BBING, at_most(t->spec->ante, stack)}
                          : (choice_t){BF_ACT_CHECK, 0};
    if (keep_going || to_call == 0)
        return (choice_t){BF_ACT_CALL, at_most(to_call, stack)};
    return (choice_t){BF_ACT_FOLD, 0};
}

/* Rules._least_raise: the big blind, the round's largest raise and one chip. */
static int64_t least_raise(const table_t *t)
{
    int64_t step = t->raise_size > t->spec->big_blind ? t->raise_size : t->spec->big_blind;
    return step > 1 ? step : 1;
}

/* Rules.options' bet or raise: 0 when the seat may not bet or raise, else 1 with the chips it
 * may put in, *least .. *most. Fixed limit: one amount, the call and a bet (capped at the
 * stack); pot, half-pot and no limit: at least the call and the least raise, at most the call
 * and the pot after calling, the call and half of it (never below that least) or the stack. */
static int casino_bet_range(const table_t *t, int seat, int64_t *least, int64_t *most)
{
    const bf_game_spec *spec = t->spec;
    int64_t to_call = t->current - t->round_bets[seat], stack = t->stack[seat];
    if (stack <= to_call || !someone_can_call(t, seat) || t->closed[seat])
        return 0;
    if (spec->structure == BF_GAME_FIXED_LIMIT) {
        int uncapped = in_hand_count(t) <= 2 && !spec->cap_heads_up;
        if (!uncapped && t->raises >= spec->max_bets)
            return 0;
        *least = *most = at_most(to_call + bet_size(t), stack);
        return 1;
    }
    int64_t floor = to_call + least_raise(t), after_call = pot_of(t) + to_call;
    int64_t limit = spec->structure == BF_GAME_POT_LIMIT        ? to_call + after_call
                    : spec->structure == BF_GAME_HALF_POT_LIMIT ? to_call + after_call / 2
                                                                 : stack;
    *most = at_most(limit > floor ? limit : floor, stack);
    *least = at_most(floor, *most);
    return 1;
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

/* The threshold bot's betting choice (bots.ThresholdBot) among the options of Rules (fixed, pot,
 * half-pot or no limit) or KoreanRules. */
static choice_t bot_choice(table_t *t, int seat)
{
    const bf_threshold_bot *bot = &t->spec->bots[seat];
    int64_t to_call = t->current - t->round_bets[seat], stack = t->stack[seat];
    if (!t->badugi_size[seat])
        read_hand(t, seat);
    int size = t->badugi_size[seat], top = t->badugi_top[seat]; /* top: used when size is 4 */
    int strong = size == 4 && top <= bot->raise_top;
    int aggressive = strong && t->raises < bot->max_bets; /* View.bets < ThresholdBot.max_bets */
    int keep_going = (size == 4 && top <= bot->call_top) ||
                     (size >= bot->draw_with && t->round_index < 3);
    if (t->spec->rules == BF_GAME_KOREAN)
        return korean_choice(t, seat, aggressive, keep_going || strong);
    int bet_kind = t->current ? BF_ACT_RAISE : BF_ACT_BET;
    int64_t least, most;
    if (aggressive && casino_bet_range(t, seat, &least, &most))
        return (choice_t){bet_kind, least}; /* the bot bets or raises the least */
    if (to_call == 0)
        return (choice_t){BF_ACT_CHECK, 0};
    if (strong || keep_going)
        return (choice_t){BF_ACT_CALL, at_most(to_call, stack)};
    return (choice_t){BF_ACT_FOLD, 0};
}

/* Game._bet with the bot's choice. */
static void bot_bets(table_t *t, int seat)
{
    choice_t choice = bot_choice(t, seat);
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

/* Game._start_round and the betting until the round ends. */
static void betting_round(table_t *t)
{
    int opener = t->button;
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
        int small = small_blind_seat(t);
        opener = (small + 1) % t->n;
    } else {
        memset(t->round_bets, 0, sizeof t->round_bets);
        t->current = 0;
        t->raises = 0;
    }
    t->raise_size = t->current; /* before the first draw the big blind is the bet to raise */
    queue_after(t, opener, -1);
    while (!t->done && t->pending_head < t->pending_n) {
        int seat = t->pending[t->pending_head];
        if (settled(t, seat))
            t->pending_head++;
        else
            bot_bets(t, seat);
    }
}

/* The top card of the stub; when it has run out, the discards so far become the new stub (those
 * of the drawer now drawing join them only afterwards). Never empty: with n seats, the stub and
 * the discards together hold 52 - 4n >= 20 cards. */
static uint8_t next_card(table_t *t)
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
static void exchange(table_t *t, int seat, const uint8_t *thrown, int count)
{
    uint8_t kept[4];
    int k = 0;
    for (int i = 0; i < 4; i++) {
        int out = 0;
        for (int j = 0; j < count; j++)
            out |= t->hand[seat][i] == thrown[j];
        if (!out)
            kept[k++] = t->hand[seat][i];
    }
    if (count && t->burn_due) { /* Game._exchange: the burn card, out of play for good */
        t->burn_due = 0;
        (void)next_card(t);
    }
    for (int j = 0; j < count; j++)
        kept[k++] = next_card(t);
    memcpy(t->hand[seat], kept, 4);
    t->badugi_size[seat] = 0;
    for (int j = 0; j < count; j++) {
        t->discards[t->discards_n++] = thrown[j];
        t->own_discards[seat] |= UINT64_C(1) << thrown[j];
    }
}

/* The drawer's discards (bf_draw_keep, or its table by bf_policy_table_throw, knowing its own
 * discards; then cap_discards: the highest ids first, at most the cutting limit of this draw
 * under the Korean rules). */
static void bot_draws(table_t *t, int seat)
{
    const bf_policy *policy = &t->spec->bots[seat].policy;
    int cap = t->spec->rules == BF_GAME_KOREAN ? t->spec->cutting[t->round_index] : 4;
    int thrown_at = policy->table == NULL
                        ? ~bf_draw_keep(t->hand[seat], t->own_discards[seat], 0)
                        : bf_policy_table_throw(policy, t->hand[seat], t->own_discards[seat], 0,
                                                3 - t->round_index, cap);
    uint8_t thrown[4];
    int count = 0;
    for (int i = 0; i < 4; i++)
        if (thrown_at >> i & 1)
            thrown[count++] = t->hand[seat][i];
    for (int i = 1; i < count; i++) /* insertion sort, descending */
        for (int j = i; j > 0 && thrown[j] > thrown[j - 1]; j--) {
            uint8_t c = thrown[j];
            thrown[j] = thrown[j - 1];
            thrown[j - 1] = c;
        }
    if (count > cap)
        count = cap;
    record(t, seat, BF_ACT_DRAW, count);
    exchange(t, seat, thrown, count);
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
    t->done = 1;
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

static void play_hand(table_t *t, uint64_t seed, uint64_t number)
{
    const bf_game_spec *spec = t->spec;
    bf_game_action *trace = t->trace;
    int n = spec->seats, trace_cap = t->trace_cap;
    memset(t, 0, sizeof *t);
    t->spec = spec;
    t->trace = trace;
    t->trace_cap = trace_cap;
    t->n = n;
    t->number = number;
    t->key = bf_mix64(seed);
    t->button = (int)(number % (uint64_t)n);
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
    for (t->round_index = 0;; t->round_index++) {
        betting_round(t);
        if (t->done)
            return;
        if (t->round_index == 3)
            break;
        /* Game._end_round: the draws start after the button (casino) or with 선 (Korean; with
         * 동시에 cutting every bot chooses as if in turn, as its choice never reads another's). */
        int start = spec->rules == BF_GAME_KOREAN ? (t->first + n - 1) % n : t->button;
        t->burn_due = spec->burn;
        for (int i = 1; i <= n; i++)
            if (!t->folded[(start + i) % n])
                bot_draws(t, (start + i) % n);
    }
    showdown(t);
}

static int chips_valid(int64_t chips, int64_t least)
{
    return chips >= least && chips <= BF_GAME_MAX_STACK;
}

static int spec_valid(const bf_game_spec *spec)
{
    if (spec->seats < 2 || spec->seats > BF_MAX_SEATS || spec->max_bets < 0 ||
        spec->max_bets > BF_GAME_MAX_BETS || spec->burn < 0 || spec->burn > 1 ||
        (spec->burn && spec->rules == BF_GAME_KOREAN))
        return 0;
    if (spec->rules == BF_GAME_KOREAN) {
        if (!chips_valid(spec->ante, 1) || !chips_valid(spec->chip, 1) || spec->cutting[0] > 4 ||
            spec->cutting[1] > 4 || spec->cutting[2] > 4)
            return 0;
    } else if (spec->rules != BF_GAME_CASINO || spec->structure < BF_GAME_FIXED_LIMIT ||
               spec->structure > BF_GAME_HALF_POT_LIMIT || !chips_valid(spec->small_bet, 1) ||
               !chips_valid(spec->big_bet, 1) || !chips_valid(spec->small_blind, 0) ||
               !chips_valid(spec->big_blind, 0) || !chips_valid(spec->ante, 0) ||
               spec->cap_heads_up < 0 || spec->cap_heads_up > 1) {
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
    if (!spec_valid(spec))
        return BF_GAME_BAD_SPEC;
    int n = spec->seats;
    table_t t;
    t.spec = spec;
    t.trace = NULL;
    t.trace_cap = 0;
    for (uint64_t h = 0; h < hands; h++) {
        play_hand(&t, seed, first_hand + h);
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
    if (!spec_valid(spec) || capacity < 0 || (capacity > 0 && !trace))
        return BF_GAME_BAD_SPEC;
    table_t t;
    t.spec = spec;
    bf_game_action unused;
    t.trace = trace ? trace : &unused; /* counting only, when capacity is 0 */
    t.trace_cap = capacity;
    play_hand(&t, seed, hand);
    for (int p = 0; p < spec->seats; p++)
        profit[p] = t.stack[p] - spec->stacks[p];
    return t.trace_n;
}
