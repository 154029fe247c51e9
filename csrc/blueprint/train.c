/* External-sampling MCCFR for the blueprint (blueprint/train.h).
 *
 * Why external sampling: in a two-player limit game it samples what the traverser does not
 * control (the deal, the replacement cards, the opponent's actions) once per visit and explores
 * every own action, so each iteration updates every information set of the traverser on the
 * sampled deal with low variance, at a cost (a few thousand nodes here: two or three actions per
 * decision, the opponent's line sampled) that keeps an iteration well under a millisecond.
 * Outcome sampling's single trajectory needs importance weights that blow up over a four-round
 * hand; chance sampling would walk the opponent's whole tree.
 *
 * The betting here (state_t, actor, legal_slots, apply, payoff) is a copy of Game's under
 * Rules(small_bet, cap_heads_up=True) heads-up, the specification: it stays for speed (a
 * traversal copies the whole state by value at every own action, thousands of times an
 * iteration). tests/blueprint/test_trainer_betting.py walks every node of it through
 * bf_bp_replay against Game (legal slots, kinds, amounts, information sets, net chips).
 */
#include "blueprint/train.h"
#include "common/random.h"
#include "eval/badugi.h"

#include <math.h>
#include <string.h>
#if defined(_MSC_VER)
#include <intrin.h> /* _InterlockedExchangeAdd64 */
#endif

#define PHASE_BETTING 0
#define PHASE_DRAW 1
#define PHASE_DONE 2
#define MAX_CARDS 52

typedef struct {
    uint8_t hand[2][4];
    uint8_t stub[MAX_CARDS]; /* stub[stub_n - 1] is the top card */
    uint8_t discards[MAX_CARDS];
    int stub_n, discards_n;
    int64_t committed[2];
    int round, phase, bets, flag;
    int drawer;             /* a draw: 0 or 1, the player drawing */
    int aggressor, last_aggressor; /* this round's and the round before's: -1 nobody */
    int pot;                /* chips each at the round's start, in small bets, less one */
    int8_t drew[2][BF_BP_MAX_DRAWS];
    int bucket[2];
    int thrown[2][BF_BP_SLOTS]; /* each draw slot's positions (bf_bp_hand) */
    int folded;             /* the player who folded, -1 none */
} state_t;

typedef struct {
    const bf_bp_rules *rules;
    int most_thrown;
    uint64_t counter; /* the stream a reshuffle and the opponent's sampling draw from */
} game_t;

int64_t bf_bp_table_len(int abstraction)
{
    int64_t infosets = bf_bp_infosets(abstraction);
    return infosets == BF_BP_BAD ? BF_BP_BAD : infosets * BF_BP_ROW;
}

int bf_bp_rules_valid(const bf_bp_rules *r)
{
    return r != NULL && r->ranks >= 1 && r->ranks <= 13 && r->suits >= 1 && r->suits <= 4 &&
           r->ranks * r->suits >= 8 && r->draws >= 0 && r->draws <= BF_BP_MAX_DRAWS &&
           r->small_bet >= 1 && r->small_bet <= BF_BP_MAX_SMALL_BET &&
           bf_bp_public_count(r->abstraction) != BF_BP_BAD;
}

static int64_t bet_size(const game_t *g, const state_t *s)
{
    return s->round < 2 ? g->rules->small_bet : 2 * g->rules->small_bet;
}

static int bf_popcount4(int mask)
{
    return (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1);
}

static void read_hand(state_t *s, int p)
{
    s->bucket[p] = bf_bp_hand(s->hand[p], s->thrown[p]);
}

static int actor(const state_t *s)
{
    if (s->phase == PHASE_DRAW)
        return s->drawer;
    int base = s->round == 0, opener = s->round == 0;
    return opener ^ ((s->bets - base + s->flag) & 1);
}

static int legal_slots(const game_t *g, const state_t *s, int a)
{
    if (s->phase == PHASE_DRAW) { /* standing pat always; a throw while the cards are there */
        int legal = 1;
        for (int slot = 1; slot < BF_BP_SLOTS; slot++) {
            int mask = s->thrown[a][slot];
            if (mask >= 0 && bf_popcount4(mask) <= g->most_thrown)
                legal |= 1 << slot;
        }
        return legal;
    }
    int64_t to_call = s->committed[1 - a] - s->committed[a];
    return (to_call > 0 ? 3 : 2) | (s->bets < 4 ? 4 : 0);
}

static int infoset(const game_t *g, const state_t *s, int a)
{
    int abstraction = g->rules->abstraction, draw = s->phase == PHASE_DRAW;
    int node = draw ? 0 : 2 * (s->bets - (s->round == 0)) + s->flag;
    int public = bf_bp_public_of(abstraction, s->round, draw, node, s->pot,
                                 bf_bp_relative(s->last_aggressor, a), a, s->drew[a],
                                 s->drew[1 - a]);
    return s->bucket[a] * bf_bp_public_count(abstraction) + public;
}

static uint8_t next_card(game_t *g, state_t *s)
{
    if (s->stub_n == 0) { /* the discards so far, reshuffled */
        memcpy(s->stub, s->discards, (size_t)s->discards_n);
        s->stub_n = s->discards_n;
        s->discards_n = 0;
        for (int i = s->stub_n; i-- > 1;) {
            int j = (int)bf_next_below(&g->counter, (unsigned)i + 1);
            uint8_t t = s->stub[i];
            s->stub[i] = s->stub[j];
            s->stub[j] = t;
        }
    }
    return s->stub[--s->stub_n];
}

static void end_round(const game_t *g, state_t *s)
{
    s->last_aggressor = s->aggressor;
    s->pot = (int)(s->committed[0] / g->rules->small_bet) - 1;
    if (s->round == g->rules->draws) {
        s->phase = PHASE_DONE;
    } else {
        s->phase = PHASE_DRAW;
        s->drawer = 0;
    }
}

/* The slot's action: its kind and chips (betting) or cards thrown (a draw), then applied. */
static void apply(game_t *g, state_t *s, int a, int slot, int *kind, int64_t *amount,
                  int *thrown_at)
{
    if (s->phase == PHASE_DRAW) {
        int mask = s->thrown[a][slot], k = 0, count = 0;
        uint8_t kept[4], thrown[4];
        for (int i = 0; i < 4; i++) {
            if (mask >> i & 1)
                thrown[count++] = s->hand[a][i];
            else
                kept[k++] = s->hand[a][i];
        }
        for (int j = 0; j < count; j++)
            kept[k++] = next_card(g, s);
        memcpy(s->hand[a], kept, 4);
        memcpy(s->discards + s->discards_n, thrown, (size_t)count);
        s->discards_n += count;
        s->drew[a][s->round] = (int8_t)count;
        read_hand(s, a);
        *kind = BF_BP_DRAW;
        *amount = count;
        *thrown_at = mask;
        if (++s->drawer == 2) {
            s->round++;
            s->phase = PHASE_BETTING;
            s->bets = s->flag = 0;
            s->aggressor = -1;
        }
        return;
    }
    int64_t to_call = s->committed[1 - a] - s->committed[a];
    *thrown_at = 0;
    if (slot == 0) {
        *kind = BF_BP_FOLD;
        *amount = 0;
        s->folded = a;
        s->phase = PHASE_DONE;
    } else if (slot == 1) {
        *kind = to_call > 0 ? BF_BP_CALL : BF_BP_CHECK;
        *amount = to_call;
        s->committed[a] += to_call;
        int opens = s->flag == 0 && (s->round == 0 ? s->bets == 1 && a == 1 : s->bets == 0);
        if (opens) /* a limp, or the first check after a draw: the other player acts */
            s->flag = 1;
        else
            end_round(g, s);
    } else {
        *kind = s->round > 0 && s->bets == 0 ? BF_BP_BET : BF_BP_RAISE;
        *amount = to_call + bet_size(g, s);
        s->committed[a] += *amount;
        s->bets++;
        s->aggressor = a;
    }
}

/* Each player's net chips at the end of the hand. */
static void payoff(const state_t *s, int64_t *net)
{
    if (s->folded >= 0) {
        net[s->folded] = -s->committed[s->folded];
        net[1 - s->folded] = s->committed[s->folded];
        return;
    }
    int r0 = bf_rank(s->hand[0][0], s->hand[0][1], s->hand[0][2], s->hand[0][3]);
    int r1 = bf_rank(s->hand[1][0], s->hand[1][1], s->hand[1][2], s->hand[1][3]);
    int64_t stake = s->committed[0]; /* equal at a showdown: the last bet was called */
    net[0] = r0 < r1 ? stake : r0 > r1 ? -stake : 0;
    net[1] = -net[0];
}

/* The deal: deck[0 .. 8) to the players a card at a time, player 0 first; the rest is the stub,
 * deck[8] on top. */
static void deal(state_t *s, const uint8_t *deck, int n)
{
    memset(s, 0, sizeof *s);
    for (int c = 0; c < 8; c++)
        s->hand[c & 1][c >> 1] = deck[c];
    s->stub_n = n - 8;
    for (int j = 0; j < s->stub_n; j++)
        s->stub[j] = deck[n - 1 - j];
    s->folded = -1;
    s->aggressor = s->last_aggressor = -1;
    s->bets = 1; /* the big blind is the first bet */
    memset(s->drew, 0, sizeof s->drew);
    for (int p = 0; p < 2; p++)
        read_hand(s, p);
}

static void blinds(const game_t *g, state_t *s)
{
    s->committed[0] = g->rules->small_bet;
    s->committed[1] = g->rules->small_bet / 2;
}

static int deck_of(const bf_bp_rules *r, uint8_t *deck)
{
    int n = 0;
    for (int rank = 0; rank < r->ranks; rank++)
        for (int suit = 0; suit < r->suits; suit++)
            deck[n++] = (uint8_t)(4 * rank + suit);
    return n;
}

static int most_thrown(const bf_bp_rules *r)
{
    int outside = r->ranks * r->suits - 8;
    return outside < 4 ? outside : 4;
}

/* ---- external sampling -------------------------------------------------------------------- */

static inline void add64(int64_t *at, int64_t value)
{
    if (value == 0)
        return;
#if defined(_MSC_VER)
    _InterlockedExchangeAdd64((volatile long long *)at, value);
#else
    __atomic_fetch_add(at, value, __ATOMIC_RELAXED);
#endif
}

typedef struct {
    game_t game;
    const bf_bp_trainer *trainer;
    int traverser;
} walk_t;

/* Regret matching of the frozen regrets over the legal slots. */
static void strategy(const int64_t *regret, int legal, double *sigma)
{
    double positive = 0;
    int n = 0;
    for (int slot = 0; slot < BF_BP_SLOTS; slot++) {
        sigma[slot] = 0;
        if (legal >> slot & 1) {
            n++;
            if (regret[slot] > 0) {
                sigma[slot] = (double)regret[slot];
                positive += sigma[slot];
            }
        }
    }
    for (int slot = 0; slot < BF_BP_SLOTS; slot++)
        if (legal >> slot & 1)
            sigma[slot] = positive > 0 ? sigma[slot] / positive : 1.0 / n;
}

static double walk(walk_t *w, state_t *s)
{
    for (;;) {
        if (s->phase == PHASE_DONE) {
            int64_t net[2];
            payoff(s, net);
            return (double)net[w->traverser];
        }
        int a = actor(s), legal = legal_slots(&w->game, s, a), kind, thrown;
        int64_t *row = w->trainer->table + (int64_t)infoset(&w->game, s, a) * BF_BP_ROW, amount;
        double sigma[BF_BP_SLOTS];
        strategy(row, legal, sigma);
        if (a == w->traverser) {
            double value[BF_BP_SLOTS] = {0, 0, 0}, expected = 0;
            for (int slot = 0; slot < BF_BP_SLOTS; slot++)
                if (legal >> slot & 1) {
                    state_t child = *s;
                    apply(&w->game, &child, a, slot, &kind, &amount, &thrown);
                    value[slot] = walk(w, &child);
                    expected += sigma[slot] * value[slot];
                }
            for (int slot = 0; slot < BF_BP_SLOTS; slot++)
                if (legal >> slot & 1)
                    add64(row + BF_BP_SLOTS + slot,
                          llround((value[slot] - expected) * BF_BP_REGRET_ONE));
            return expected;
        }
        double u = (double)(bf_mix64(w->game.counter += BF_GAMMA) >> 11) * 0x1p-53, sum = 0;
        int chosen = -1;
        for (int slot = 0; slot < BF_BP_SLOTS; slot++)
            if (legal >> slot & 1) {
                add64(row + 2 * BF_BP_SLOTS + slot,
                      llround(sigma[slot] * BF_BP_STRATEGY_ONE));
                sum += sigma[slot];
                if (chosen < 0 && u < sum)
                    chosen = slot;
            }
        if (chosen < 0) /* rounding: the last legal slot */
            for (int slot = 0; slot < BF_BP_SLOTS; slot++)
                if (legal >> slot & 1)
                    chosen = slot;
        apply(&w->game, s, a, chosen, &kind, &amount, &thrown);
    }
}

int bf_bp_iterate(const bf_bp_trainer *t, uint64_t first, uint64_t count)
{
    if (t == NULL || !bf_bp_rules_valid(&t->rules) || t->table == NULL)
        return BF_BP_BAD;
    uint8_t ids[MAX_CARDS], deck[MAX_CARDS];
    int n = deck_of(&t->rules, ids);
    uint64_t key = bf_mix64(t->seed ^ UINT64_C(0x626c75657072696e)); /* "bluepri" */
    for (uint64_t i = first; i < first + count; i++) {
        uint64_t stream = bf_mix64(key + i * BF_GAMMA);
        uint64_t counter = stream;
        memcpy(deck, ids, (size_t)n);
        for (int c = 0; c < n - 1; c++) { /* forward Fisher-Yates */
            int j = c + (int)bf_next_below(&counter, (unsigned)(n - c));
            uint8_t x = deck[c];
            deck[c] = deck[j];
            deck[j] = x;
        }
        for (int traverser = 0; traverser < 2; traverser++) {
            walk_t w = {{&t->rules, most_thrown(&t->rules), 0}, t, traverser};
            w.game.counter = bf_mix64(stream ^ (UINT64_C(0xA5A5A5A5) + (uint64_t)traverser));
            state_t s;
            deal(&s, deck, n);
            blinds(&w.game, &s);
            walk(&w, &s);
        }
    }
    return 0;
}

int bf_bp_replay(const bf_bp_rules *rules, const uint8_t *deck, int n_cards, uint64_t seed,
                 const uint8_t *slots, int n_slots, bf_bp_step *steps, int64_t *net)
{
    if (!bf_bp_rules_valid(rules) || deck == NULL || slots == NULL || steps == NULL ||
        net == NULL || n_slots < 0)
        return BF_BP_BAD;
    uint8_t ids[MAX_CARDS];
    int n = deck_of(rules, ids);
    if (n_cards != n)
        return BF_BP_BAD;
    uint64_t wanted = 0, seen = 0;
    for (int c = 0; c < n; c++) {
        wanted |= UINT64_C(1) << ids[c];
        if (deck[c] >= MAX_CARDS || seen >> deck[c] & 1)
            return BF_BP_BAD;
        seen |= UINT64_C(1) << deck[c];
    }
    if (seen != wanted)
        return BF_BP_BAD;
    game_t g = {rules, most_thrown(rules), bf_mix64(seed)};
    state_t s;
    deal(&s, deck, n);
    blinds(&g, &s);
    int played = 0;
    while (s.phase != PHASE_DONE) {
        if (played == n_slots)
            return BF_BP_SHORT;
        int a = actor(&s), legal = legal_slots(&g, &s, a), slot = slots[played];
        if (slot >= BF_BP_SLOTS || !(legal >> slot & 1))
            return BF_BP_BAD;
        bf_bp_step *step = &steps[played++];
        step->player = a;
        step->infoset = infoset(&g, &s, a);
        step->legal = legal;
        step->slot = slot;
        memcpy(step->hand, s.hand[a], 4);
        apply(&g, &s, a, slot, &step->kind, &step->amount, &step->thrown);
    }
    payoff(&s, net);
    return played;
}
