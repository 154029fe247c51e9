/* check_game: the hand loop of simulate (csrc/play/loop.c over csrc/game/hand_state.c), written
 * to run under sanitizers.
 *
 * tests/c/test_game_sanitizers.py builds this driver together with every C file of csrc/ using
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
 *     3-2-1, from bf_optimal_policy, in buffers of exactly BF_POLICY_TABLE_LEN entries): every
 *     draw within its cap, and some hands played otherwise than by the default policy;
 *   - the batched engine (play/vector.h) under every rule set (Korean: 동시에 cutting and 풀),
 *     its observation buffer malloc'ed at exactly bf_vector_layout's size: random legal
 *     actions (exact amounts among them) with out-of-range, illegal and badly sized ones mixed
 *     in, refused (nothing moves) or replaced by the fallback; chips conserved in every hand
 *     ended, every observation in range; observing other seats and the finished hands, and
 *     their actions kept for replays (into exactly-sized arrays); the
 *     batches, layouts and numberings bf_vector_new, bf_vector_layout and
 *     bf_vector_number_hands must refuse; the bots' draws (by
 *     the default policy and by the solved table).
 * The driver exits 1 with a message at the first failure and prints one summary line on success.
 *
 * Usage: check_game
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/deal.h"
#include "draws/optimal.h"
#include "eval/badugi.h"
#include "play/loop.h"
#include "play/vector.h"

enum { HANDS = 2000, TRACED = 200, SEATS = 8, CONFIGS = 9 };

#define CHECK_NAME "check_game"
#include "check_common.h"

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
    if (bf_game_play(spec, 5, 0, HANDS, profit, final, NULL) != 0)
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
    int count = bf_game_trace(spec, 5, h, won, NULL, 0, NULL);
    if (count <= 0)
        fail("game %d: bf_game_trace counted %d actions in hand %llu", k, count,
             (unsigned long long)h);
    bf_game_action *trace = xmalloc(sizeof *trace * (size_t)count);
    if (bf_game_trace(spec, 5, h, won, trace, count, NULL) != count)
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
        if (bf_game_trace(spec, 5, h, won, short_trace, 1, NULL) != count ||
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
        if (bf_game_play(&bad, 5, 0, 1, profit, NULL, NULL) != BF_GAME_BAD_SPEC ||
            bf_game_trace(&bad, 5, 0, profit, NULL, 0, NULL) != BF_GAME_BAD_SPEC)
            fail("a bad game specification (case %d) was accepted", k);
    }
    bf_game_action one;
    if (bf_game_trace(base, 5, 0, profit, NULL, 1, NULL) != BF_GAME_BAD_SPEC ||
        bf_game_trace(base, 5, 0, profit, &one, -1, NULL) != BF_GAME_BAD_SPEC)
        fail("bf_game_trace accepted a missing buffer or a negative capacity");
}

/* The least expected final rank, solved under 3-2-1 for three draws. */
static void solve_table(uint8_t *table, uint16_t *ties)
{
    double *utility = xmalloc(sizeof *utility * BF_NUM_RANKS);
    for (int r = 0; r < BF_NUM_RANKS; r++)
        utility[r] = -(double)(r + 1);
    const uint8_t caps[3] = {3, 2, 1};
    if (bf_optimal_policy(utility, 3, caps, table, ties, NULL) != 0)
        fail("bf_optimal_policy refused the least-rank utility");
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
        if (bf_game_play(&spec, 5, 0, HANDS, by_default, NULL, NULL) != 0)
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
        fail("the policy-table bots played every hand as the default policy does");
    free(by_default);
    return actions;
}

/* ---- the batched engine ---- */

enum { TABLES = 37, STEPS = 400 };

/* Row t's observation in range, and the legal index k-th in its mask (-1: none legal). */
static int64_t check_row(const uint8_t *buf, const int64_t *off, int64_t t, int n, uint64_t pick)
{
    const int8_t *cards = (const int8_t *)(buf + off[0]) + t * 4;
    const int8_t *mask = (const int8_t *)(buf + off[19]) + t * BF_VEC_ACTIONS;
    const int8_t *seat = (const int8_t *)(buf + off[1]), *phase = (const int8_t *)(buf + off[2]);
    int64_t pot, to_call;
    memcpy(&pot, buf + off[5] + 8 * t, 8);
    memcpy(&to_call, buf + off[6] + 8 * t, 8);
    for (int i = 0; i < 4; i++)
        if (cards[i] < -1 || cards[i] > 51)
            fail("table %lld: card %d out of range", (long long)t, cards[i]);
    if (seat[t] < 0 || seat[t] >= n || phase[t] < 0 || phase[t] > 2 || pot < 0 || to_call < 0)
        fail("table %lld: an observation out of range", (long long)t);
    int legal[BF_VEC_ACTIONS], count = 0;
    for (int i = 0; i < BF_VEC_ACTIONS; i++)
        if (mask[i])
            legal[count++] = i;
    return count ? legal[pick % (uint64_t)count] : -1;
}

static void check_batch(const bf_game_spec *spec, int k)
{
    int n = spec->seats;
    int64_t off[BF_VEC_FIELDS], size = bf_vector_layout(TABLES, n, off);
    bf_vector *v = bf_vector_new(spec, 9, 3, TABLES, 0);
    if (size <= 0 || !v || bf_vector_tables(v) != TABLES)
        fail("batch %d: bf_vector_new or bf_vector_layout refused a valid game", k);
    uint8_t *buf = xmalloc((size_t)size), *status = xmalloc(TABLES);
    int64_t *actions = xmalloc(sizeof *actions * TABLES), *amounts = xmalloc(8 * TABLES);
    int64_t *seats = xmalloc(sizeof *seats * TABLES), ended = 0;
    uint64_t x = 88172645463325252u + (uint64_t)k;
    bf_vector_observe(v, 0, TABLES, NULL, 0, buf);
    for (int step = 0; step < STEPS; step++) {
        for (int64_t t = 0; t < TABLES; t++) {
            actions[t] = check_row(buf, off, t, n, next_random(&x));
            int64_t low, high;
            memcpy(&low, buf + off[7] + 8 * t, 8);
            memcpy(&high, buf + off[8] + 8 * t, 8);
            amounts[t] = low + (int64_t)(next_random(&x) % (uint64_t)(high - low + 1));
            if (step % 5 == 4 && t % 3 == 0) /* out of range, illegal or a bad amount */
                actions[t] = (int64_t)(next_random(&x) % 40) - 8, amounts[t] = high + 1;
        }
        int fallback = step % 2;
        int64_t bad = bf_vector_decode(v, actions, amounts, fallback, status);
        if (bad >= 0 && !fallback)
            continue; /* refused: nothing moves, the next step draws again */
        bf_vector_apply(v, 0, TABLES / 2, buf);
        bf_vector_apply(v, TABLES / 2, TABLES, buf);
        for (int64_t t = 0; t < TABLES; t++) {
            int64_t chips, sum = 0;
            for (int p = 0; p < n; p++) {
                memcpy(&chips, buf + off[20] + 8 * (t * n + p), 8);
                sum += chips;
            }
            ended += buf[off[21] + t];
            if (sum != 0)
                fail("batch %d: table %lld ended a hand that is not zero-sum", k, (long long)t);
        }
        if (step % 50 == 49) {
            for (int64_t t = 0; t < TABLES; t++)
                seats[t] = (t + step) % (n + 1) - (t % 7 == 0); /* some out of range */
            bf_vector_observe(v, 0, TABLES, seats, 1, buf);
            bf_vector_observe(v, 0, TABLES, seats, 0, buf);
            bf_vector_observe(v, 0, TABLES, NULL, 0, buf);
        }
    }
    if (ended == 0)
        fail("batch %d: no hand ended", k);
    uint64_t number;
    uint8_t indices[BF_VEC_LOG_ACTIONS];
    int64_t exact[BF_VEC_LOG_EXACT];
    for (int64_t t = -1; t <= TABLES; t++) { /* each table's last hand, or a refusal */
        int count = bf_vector_finished_actions(v, t, &number, indices, exact);
        if ((t < 0 || t == TABLES) ? count != -1 : count < -2 || count > BF_VEC_LOG_ACTIONS)
            fail("batch %d: bf_vector_finished_actions gave %d for table %lld", k, count,
                 (long long)t);
        count = bf_vector_current_actions(v, t, &number, indices, exact);
        if ((t < 0 || t == TABLES) ? count != -1 : count < -2 || count > BF_VEC_LOG_ACTIONS)
            fail("batch %d: bf_vector_current_actions gave %d for table %lld", k, count,
                 (long long)t);
    }
    bf_vector_restart(v, 0, TABLES, 0);
    bf_vector_restart(v, 0, TABLES, 1);
    if (bf_vector_number_hands(v, 5, 1, TABLES) != 0 ||
        bf_vector_number_hands(v, UINT64_C(1) << 54, 1, 1) != -1 ||
        bf_vector_number_hands(v, 0, UINT64_C(1) << 50, 1) != -1 ||
        bf_vector_number_hands(v, 0, 1, 0) != -1)
        fail("batch %d: bf_vector_number_hands accepted a bad numbering or refused simulate's", k);
    bf_vector_free(v);
    free(buf), free(status), free(actions), free(amounts), free(seats);
}

static void check_vector_refusals(const bf_game_spec *base)
{
    bf_game_spec bad = *base;
    int64_t off[BF_VEC_FIELDS];
    bad.seats = 1;
    if (bf_vector_new(&bad, 1, 0, 4, 0) || bf_vector_new(base, 1, 0, 0, 0) ||
        bf_vector_new(base, 1, 0, BF_VEC_MAX_TABLES + 1, 0) ||
        bf_vector_new(base, 1, BF_VEC_MAX_FIRST_TABLE, 1, 0) ||
        bf_vector_new(base, 1, BF_VEC_MAX_FIRST_TABLE - 1, 2, 0))
        fail("bf_vector_new accepted a bad batch");
    bf_vector *last = bf_vector_new(base, 1, BF_VEC_MAX_FIRST_TABLE - 1, 1, 0);
    if (!last)
        fail("bf_vector_new refused the last table of the stream");
    bf_vector_free(last);
    if (bf_vector_layout(0, 2, off) != -1 || bf_vector_layout(4, 9, off) != -1)
        fail("bf_vector_layout accepted a bad batch");
    bad = *base;
    bad.simultaneous = 1; /* casino rules: 동시에 cutting is Korean only */
    if (bf_vector_new(&bad, 1, 0, 4, 0))
        fail("bf_vector_new accepted simultaneous draws under casino rules");
    bf_vector_free(NULL);
    int8_t cards[8] = {0, 5, 10, 51, 3, 3, 9, 60}, seen[2 * BF_NUM_CARDS] = {0}, cut[2] = {4, 3};
    int8_t left[2] = {3, 1};
    int64_t draws[2];
    bf_vector_bot_draws(NULL, cards, seen, cut, left, NULL, 2, draws);
    if (draws[0] < 0 || draws[0] > 15 || draws[1] != -1)
        fail("bf_vector_bot_draws: %lld and %lld", (long long)draws[0], (long long)draws[1]);
}

/* A batch of rows long enough for bf_vector_bot_draws to load rows ahead, valid and not (ids
 * out of range, a card twice), in a scattered order: each row as when asked alone. */
static void check_bot_draws_batch(void)
{
    enum { ROWS = 40 };
    int8_t cards[4 * ROWS], seen[ROWS * BF_NUM_CARDS] = {0}, cut[ROWS], left[ROWS];
    int64_t rows[ROWS], draws[ROWS], one;
    uint64_t x = 12345;
    for (int r = 0; r < ROWS; r++) {
        for (int i = 0; i < 4; i++) {
            cards[4 * r + i] = (int8_t)(next_random(&x) % 56) - (r % 7 == 0); /* -1 .. 55 */
        }
        seen[r * BF_NUM_CARDS + r] = 1;
        cut[r] = (int8_t)(r % 5), left[r] = (int8_t)(1 + r % 3);
        rows[r] = (r * 17) % ROWS;
    }
    bf_vector_bot_draws(NULL, cards, seen, cut, left, rows, ROWS, draws);
    for (int i = 0; i < ROWS; i++) {
        int64_t r = rows[i];
        bf_vector_bot_draws(NULL, cards + 4 * r, seen + r * BF_NUM_CARDS, cut + r, left + r, NULL,
                            1, &one);
        if (draws[i] != one)
            fail("bf_vector_bot_draws: row %lld gives %lld in a batch, %lld alone", (long long)r,
                 (long long)draws[i], (long long)one);
    }
}

/* The solved table's draws as action indices: within the cap, and -1 with no draw left. */
static void check_table_draws(const uint8_t *table, const uint16_t *ties)
{
    bf_policy policy;
    memset(&policy, 0, sizeof policy);
    policy.table = table, policy.ties = ties, policy.break_above = -1;
    int8_t cards[12] = {0, 5, 10, 51, 4, 9, 14, 50, 1, 2, 3, 7}, seen[3 * BF_NUM_CARDS] = {0};
    int8_t cut[3] = {3, 1, 2}, left[3] = {3, 2, 0};
    int64_t draws[3];
    const int64_t rows[3] = {0, 1, 2};
    bf_vector_bot_draws(&policy, cards, seen, cut, left, rows, 3, draws);
    if (draws[0] < 0 || draws[0] > 15 || draws[1] < 0 || draws[1] > 15 || draws[2] != -1)
        fail("bf_vector_bot_draws by a table: %lld, %lld, %lld", (long long)draws[0],
             (long long)draws[1], (long long)draws[2]);
    for (int r = 0; r < 2; r++) {
        int count = 0;
        for (int i = 0; i < 4; i++)
            count += (int)(draws[r] >> i & 1);
        if (count > cut[r])
            fail("bf_vector_bot_draws by a table throws %d cards over a cap of %d", count, cut[r]);
    }
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
    for (int k = 0; k < CONFIGS; k++) {
        bf_game_spec spec = config(k);
        if (k == 8)
            spec.simultaneous = spec.allow_full = 1;
        check_batch(&spec, k);
    }
    check_vector_refusals(&base);
    check_bot_draws_batch();
    uint8_t *table = xmalloc(BF_POLICY_TABLE_LEN);
    uint16_t *ties = xmalloc(sizeof *ties * BF_POLICY_TABLE_LEN);
    solve_table(table, ties);
    actions += check_table_bots(table, ties, profit, final);
    check_table_draws(table, ties);
    free(table);
    free(ties);
    free(profit);
    free(final);
    printf("check_game: OK: %d rule sets x %d hands played, %d traced (%zu actions), twice: with"
           " policy-table bots too; batches of %d tables stepped %d times\n",
           CONFIGS, HANDS, TRACED, actions, TABLES, STEPS);
    return 0;
}
