/* check_game: the hand loop of simulate (csrc/badugi_game.c), written to run under sanitizers.
 *
 * tests/test_c_game_sanitizers.py builds this driver together with every C file of csrc/ using
 * -fsanitize=address,undefined and runs it. Eight loose bots on short, unequal stacks (all-ins,
 * short all-ins, side pots, reshuffles) play under every rule set the loop knows: fixed, pot,
 * half-pot and no limit, antes with and without blinds, the raise cap heads-up, a burn card,
 * and the Korean rules. The driver checks:
 *   - bf_game_play: chips conserved in every hand, every final hand four distinct cards;
 *   - bf_game_trace into buffers malloc'ed at exactly the length it reports (and shorter): the
 *     same chips as bf_game_play, the same length every time, the winnings traced summing to
 *     the chips put in, and every traced seat and kind in range;
 *   - specifications both entry points must refuse;
 *   - the same with half the bots drawing by a solved table (the least expected rank under
 *     3-2-1, from bf_solve_policy, in buffers of exactly BF_POLICY_TABLE_LEN entries): every
 *     draw within its cap, and some hands played otherwise than by the default policy.
 * The driver exits 1 with a message at the first failure and prints one summary line on success.
 *
 * Usage: check_game
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "badugi.h"
#include "badugi_game.h"
#include "badugi_solve.h"

enum { HANDS = 2000, TRACED = 200, SEATS = 8, CONFIGS = 9 };

#ifdef __GNUC__
#define PRINTF_LIKE __attribute__((format(printf, 1, 2)))
#else
#define PRINTF_LIKE
#endif

static void fail(const char *fmt, ...) PRINTF_LIKE;

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "check_game: FAIL: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

/* malloc of exactly size bytes (ASan poisons everything past it); never NULL. */
static void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        fail("out of memory");
    return p;
}

/* Configuration k of the rule sets above, over a base of eight loose bots. */
static bf_game_spec config(int k)
{
    bf_game_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.seats = k == 6 ? 2 : SEATS, spec.small_bet = 2, spec.big_bet = 4, spec.small_blind = 1;
    spec.big_blind = 2, spec.max_bets = 4, spec.chip = 1;
    spec.cutting[0] = 3, spec.cutting[1] = 2, spec.cutting[2] = 1;
    for (int p = 0; p < SEATS; p++) {
        spec.stacks[p] = 3 + 5 * p;
        spec.bots[p].raise_top = p < 4 ? 12 : 8, spec.bots[p].call_top = 12;
        spec.bots[p].draw_with = 1, spec.bots[p].max_bets = p < 2 ? BF_GAME_MAX_BETS : 4;
    }
    spec.rules = k == 8 ? BF_GAME_KOREAN : BF_GAME_CASINO;
    spec.structure = k <= 3 ? k : BF_GAME_FIXED_LIMIT; /* fixed, pot, no, half-pot limit */
    spec.burn = k == 0;
    if (k == 4 || k == 5) /* antes without blinds (pot limit), then antes and blinds */
        spec.ante = 1, spec.structure = k == 4 ? BF_GAME_POT_LIMIT : BF_GAME_FIXED_LIMIT;
    if (k == 4)
        spec.small_blind = spec.big_blind = 0;
    if (k == 6)
        spec.cap_heads_up = 1, spec.stacks[0] = spec.stacks[1] = 60;
    if (k == 7) /* no limit, no blinds, no ante: a bet of one chip at least */
        spec.structure = BF_GAME_NO_LIMIT, spec.small_blind = spec.big_blind = 0;
    if (k == 8)
        spec.ante = 2;
    return spec;
}

static void check_hands(const bf_game_spec *spec, int k, int64_t *profit, uint8_t *final)
{
    int n = spec->seats;
    if (bf_game_play(spec, 5, 0, HANDS, profit, final) != 0)
        fail("bf_game_play refused a valid game (%d)", k);
    for (size_t h = 0; h < HANDS; h++) {
        int64_t sum = 0;
        for (int p = 0; p < n; p++) {
            const uint8_t *cards = final + (h * (size_t)n + (size_t)p) * 4;
            sum += profit[h * (size_t)n + (size_t)p];
            if (cards[0] != 0xFF && bf_rank(cards[0], cards[1], cards[2], cards[3]) == 0)
                fail("game %d: hand %zu ends with seat %d holding repeated cards", k, h, p);
        }
        if (sum != 0)
            fail("game %d: hand %zu is not zero-sum (%lld)", k, h, (long long)sum);
    }
}

/* Hand h traced: exactly-sized buffers, the same chips as bf_game_play; returns its length. */
static size_t check_trace(const bf_game_spec *spec, int k, uint64_t h, const int64_t *played)
{
    int n = spec->seats;
    int64_t won[BF_MAX_SEATS];
    int count = bf_game_trace(spec, 5, h, won, NULL, 0);
    if (count <= 0)
        fail("game %d: bf_game_trace counted %d actions in hand %llu", k, count,
             (unsigned long long)h);
    bf_game_action *trace = xmalloc(sizeof *trace * (size_t)count);
    if (bf_game_trace(spec, 5, h, won, trace, count) != count)
        fail("game %d: hand %llu traced to another length", k, (unsigned long long)h);
    int64_t in = 0, out = 0;
    for (int i = 0; i < count; i++) {
        const bf_game_action *a = &trace[i];
        if (a->seat < 0 || a->seat >= n || a->kind < BF_ACT_POST || a->kind > BF_ACT_WIN ||
            a->amount < 0)
            fail("game %d: hand %llu, action %d out of range", k, (unsigned long long)h, i);
        if (a->kind == BF_ACT_DRAW) {
            int cap = spec->rules == BF_GAME_KOREAN ? spec->cutting[0] : 4;
            if (a->amount > cap)
                fail("game %d: hand %llu throws %lld cards", k, (unsigned long long)h,
                     (long long)a->amount);
        }
        if (a->kind == BF_ACT_WIN)
            out += a->amount;
        else if (a->kind != BF_ACT_DRAW)
            in += a->amount;
    }
    if (in != out)
        fail("game %d: hand %llu puts in %lld and pays %lld", k, (unsigned long long)h,
             (long long)in, (long long)out);
    for (int p = 0; p < n; p++)
        if (won[p] != played[h * (uint64_t)n + (uint64_t)p])
            fail("game %d: hand %llu traced other chips than played", k, (unsigned long long)h);
    if (count > 1) { /* a short buffer gets the first actions and the full count */
        bf_game_action *short_trace = xmalloc(sizeof *short_trace);
        if (bf_game_trace(spec, 5, h, won, short_trace, 1) != count ||
            short_trace->kind != trace->kind || short_trace->amount != trace->amount)
            fail("game %d: a short trace buffer of hand %llu", k, (unsigned long long)h);
        free(short_trace);
    }
    free(trace);
    return (size_t)count;
}

static void check_refusals(const bf_game_spec *base, int64_t *profit)
{
    for (int k = 0; k < 13; k++) {
        bf_game_spec bad = *base;
        switch (k) {
        case 0: bad.seats = 1; break;
        case 1: bad.stacks[1] = 0; break;
        case 2: bad.bots[1].call_top = -1; break;
        case 3: bad.big_bet = BF_GAME_MAX_STACK + 1; break;
        case 4: bad.rules = BF_GAME_KOREAN, bad.cutting[2] = 5, bad.ante = 1; break;
        case 5: bad.rules = BF_GAME_KOREAN, bad.chip = 0, bad.ante = 1; break;
        case 6: bad.rules = 2; break;
        case 7: bad.structure = BF_GAME_HALF_POT_LIMIT + 1; break;
        case 8: bad.rules = BF_GAME_KOREAN, bad.burn = 1, bad.ante = 1; break;
        case 9: bad.ante = -1; break;
        case 10: bad.cap_heads_up = 2; break;
        case 11: bad.max_bets = BF_GAME_MAX_BETS + 1; break;
        case 12: bad.seats = BF_MAX_SEATS + 1; break;
        }
        if (bf_game_play(&bad, 5, 0, 1, profit, NULL) != BF_GAME_BAD_SPEC ||
            bf_game_trace(&bad, 5, 0, profit, NULL, 0) != BF_GAME_BAD_SPEC)
            fail("a bad game specification (case %d) was accepted", k);
    }
    bf_game_action one;
    if (bf_game_trace(base, 5, 0, profit, NULL, 1) != BF_GAME_BAD_SPEC ||
        bf_game_trace(base, 5, 0, profit, &one, -1) != BF_GAME_BAD_SPEC)
        fail("bf_game_trace accepted a missing buffer or a negative capacity");
}

/* The least expected final rank, solved under 3-2-1 for three draws. */
static void solve_table(uint8_t *table, uint16_t *ties)
{
    double *utility = xmalloc(sizeof *utility * BF_NUM_RANKS);
    for (int r = 0; r < BF_NUM_RANKS; r++)
        utility[r] = -(double)(r + 1);
    const uint8_t caps[3] = {3, 2, 1};
    if (bf_solve_policy(utility, 3, caps, table, ties, NULL) != 0)
        fail("bf_solve_policy refused the least-rank utility");
    free(utility);
}

/* Every configuration again with the odd seats drawing by the table: the same checks, and the
 * table must change some hands (else the loop would not be reading it). */
static size_t check_table_bots(const uint8_t *table, const uint16_t *ties, int64_t *profit,
                               uint8_t *final)
{
    size_t actions = 0, changed = 0;
    int64_t *by_default = xmalloc(sizeof *by_default * HANDS * SEATS);
    for (int k = 0; k < CONFIGS; k++) {
        bf_game_spec spec = config(k);
        if (bf_game_play(&spec, 5, 0, HANDS, by_default, NULL) != 0)
            fail("bf_game_play refused a valid game (%d)", k);
        for (int p = 1; p < SEATS; p += 2)
            spec.bots[p].policy.table = table, spec.bots[p].policy.ties = ties;
        check_hands(&spec, k, profit, final);
        for (uint64_t h = 0; h < TRACED; h++)
            actions += check_trace(&spec, k, h, profit);
        for (size_t i = 0; i < (size_t)HANDS * (size_t)spec.seats; i++)
            changed += profit[i] != by_default[i];
    }
    if (changed == 0)
        fail("the table bots played every hand as the default policy does");
    free(by_default);
    return actions;
}

int main(void)
{
    int64_t *profit = xmalloc(sizeof *profit * HANDS * SEATS);
    uint8_t *final = xmalloc((size_t)HANDS * SEATS * 4);
    size_t actions = 0;
    for (int k = 0; k < CONFIGS; k++) {
        bf_game_spec spec = config(k);
        check_hands(&spec, k, profit, final);
        for (uint64_t h = 0; h < TRACED; h++)
            actions += check_trace(&spec, k, h, profit);
    }
    bf_game_spec base = config(2);
    check_refusals(&base, profit);
    uint8_t *table = xmalloc(BF_POLICY_TABLE_LEN);
    uint16_t *ties = xmalloc(sizeof *ties * BF_POLICY_TABLE_LEN);
    solve_table(table, ties);
    actions += check_table_bots(table, ties, profit, final);
    free(table);
    free(ties);
    free(profit);
    free(final);
    printf("check_game: OK: %d rule sets x %d hands played, %d traced (%zu actions), twice: with"
           " table bots too\n",
           CONFIGS, HANDS, TRACED, actions);
    return 0;
}
