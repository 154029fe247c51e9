/* check_draws: the draw layer's C entry points under sanitizers (policy tables, the solver).
 *
 * tests/c/test_draws_sanitizers.py builds this driver with every C file of csrc/ using
 * -fsanitize=address,undefined and runs it. It checks:
 *   - bf_policy_table_throw against the table byte mapped through the sorted hand, in every
 *     order of the hand's cards, capped, and that invalid hands, draws and caps are refused;
 *   - the draw engine with a table seat beside a default seat (Monte Carlo and exact), the
 *     exact enumeration in blocks (they add up to the whole), one seat's counted walk against
 *     the walk play by play (the same bytes), and best discard's one-pass
 *     entry points (each option's counts equal the engine's; bad masks and specs refused);
 *   - the solver: max-badugi's value of A-2-3 with a junk card (1 - (38/48)^3), a value per
 *     level within [0, 1], the default table, a forward pass that keeps the mass, the options
 *     of one hand, and refused arguments;
 * Every buffer is malloc'ed at exactly its size, so AddressSanitizer reports any overrun.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/badugi.h"
#include "draws/engine.h"
#include "draws/best.h"
#include "draws/optimal.h"
#include "draws/one_seat.h"

#define CHECK_NAME "check_draws"
#include "check_common.h"

static uint64_t state = 12345;

static unsigned next_below(unsigned n)
{
    state = state * 6364136223846793005u + 1442695040888963407u;
    return (unsigned)((state >> 33) % n);
}

static size_t colex(const unsigned s[4])
{
    return (size_t)bf_binom4[s[3]] + bf_binom3[s[2]] + bf_binom2[s[1]] + s[0];
}

/* Returns the decisions checked. */
static size_t check_table_throw(const uint8_t *table)
{
    bf_policy policy = {-1, table, NULL};
    bf_policy none = {-1, NULL, NULL};
    size_t checked = 0;
    for (int trial = 0; trial < 20000; trial++) {
        uint8_t hand[4];
        unsigned s[4];
        for (int i = 0; i < 4; i++) {
            int again;
            do {
                hand[i] = (uint8_t)next_below(52);
                again = 0;
                for (int j = 0; j < i; j++)
                    again |= hand[j] == hand[i];
            } while (again);
            s[i] = hand[i];
        }
        for (int i = 1; i < 4; i++) /* insertion sort */
            for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
                unsigned t = s[j];
                s[j] = s[j - 1], s[j - 1] = t;
            }
        int draws_left = 1 + (int)next_below(3), cap = (int)next_below(5);
        unsigned byte = table[(size_t)(draws_left - 1) * BF_NUM_HANDS + colex(s)] & 15u;
        unsigned want = 0;
        for (int j = 0; j < 4; j++)
            if (byte >> j & 1)
                for (int i = 0; i < 4; i++)
                    if (hand[i] == s[j])
                        want |= 1u << i;
        int got = bf_policy_table_throw(&policy, hand, 0, 0, draws_left, cap);
        int count = 0;
        for (int i = 0; i < 4; i++)
            count += got >> i & 1;
        if (got < 0 || ((unsigned)got & ~want) || count > cap ||
            (count < cap && (unsigned)got != want))
            fail("bf_policy_table_throw: byte %u, cap %d gave %d", byte, cap, got);
        checked++;
    }
    uint8_t bad[4] = {1, 2, 3, 52}, repeated[4] = {1, 2, 3, 3}, good[4] = {0, 5, 10, 15};
    if (bf_policy_table_throw(&policy, bad, 0, 0, 1, 4) != -1 ||
        bf_policy_table_throw(&policy, repeated, 0, 0, 1, 4) != -1 ||
        bf_policy_table_throw(&policy, good, 0, 0, 0, 4) != -1 ||
        bf_policy_table_throw(&policy, good, 0, 0, 4, 4) != -1 ||
        bf_policy_table_throw(&policy, good, 0, 0, 1, -1) != -1 ||
        bf_policy_table_throw(&none, good, 0, 0, 1, 4) != -1 ||
        bf_policy_table_throw(NULL, good, 0, 0, 1, 4) != -1)
        fail("bf_policy_table_throw accepted an invalid argument");
    return checked;
}

/* Seat 0 (A-2-3-Q of four suits) drawing by a table, seat 1 (5-6-7-8) by the default. */
static bf_draw_spec table_spec(const uint8_t *table, const uint16_t *ties, int draws)
{
    bf_draw_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.seats = 2, spec.draws = draws, spec.first_throw = -1;
    spec.caps[0] = spec.caps[1] = spec.caps[2] = 4;
    spec.policies[0].break_above = spec.policies[1].break_above = -1;
    spec.policies[0].table = table;
    spec.policies[0].ties = ties;
    const uint8_t hands[2][4] = {{0, 5, 10, 47}, {16, 21, 26, 31}};
    memcpy(spec.hands, hands, sizeof hands);
    return spec;
}

/* bf_draw_enumerate_rows over blocks of the first branching step adds up to the whole. */
static size_t check_enumerate_blocks(const uint8_t *table, const uint16_t *ties)
{
    static bf_draw_exact whole, part, total;
    bf_draw_spec two = table_spec(table, ties, 2);
    two.hands[1][3] = 32; /* a pair: the second seat draws too */
    int status = bf_draw_enumerate(&two, 100000000, &whole);
    if (status != 0)
        fail("bf_draw_enumerate: two draws gave %d", status);
    uint64_t rows = bf_draw_branch_rows(&two);
    if (rows < 2)
        fail("bf_draw_branch_rows: %llu rows", (unsigned long long)rows);
    memset(&total, 0, sizeof total);
    for (uint64_t lo = 0; lo < rows; lo += 7) {
        uint64_t hi = lo + 7 < rows ? lo + 7 : rows;
        if (bf_draw_enumerate_rows(&two, 100000000, lo, hi, &part) != 0)
            fail("bf_draw_enumerate_rows %llu..%llu", (unsigned long long)lo,
                 (unsigned long long)hi);
        bf_draw_exact_add(&total, &part);
    }
    if (total.paths != whole.paths ||
        memcmp(total.share_lo, whole.share_lo, sizeof whole.share_lo) ||
        memcmp(total.share_hi, whole.share_hi, sizeof whole.share_hi) ||
        memcmp(total.size_lo, whole.size_lo, sizeof whole.size_lo))
        fail("bf_draw_enumerate_rows: the blocks do not add up to the whole");
    if (bf_draw_enumerate_rows(&two, 100000000, rows, rows + 5, &part) != 0 || part.paths != 0)
        fail("bf_draw_enumerate_rows: rows past the end visited something");
    two.seats = 9;
    if (bf_draw_branch_rows(&two) != 0 ||
        bf_draw_enumerate_rows(&two, 10, 0, 1, &part) != BF_DRAW_BAD_SPEC)
        fail("bf_draw_enumerate_rows accepted an invalid spec");
    return (size_t)whole.paths;
}

/* best discard: each option's exact counts equal the draw engine's with that first throw, the
 * Monte Carlo plays what it is asked, and bad masks or specs are refused. */
static size_t check_best(const uint8_t *table, const uint16_t *ties)
{
    static bf_draw_exact exact;
    static bf_best_exact best;
    static bf_best_tally tallies[BF_BEST_MAX_OPTIONS];
    bf_draw_spec spec = table_spec(table, ties, 1);
    size_t checked = 0;
    for (unsigned mask = 0; mask < 16; mask++) {
        spec.first_throw = (int)mask;
        if (bf_draw_enumerate(&spec, 1000000, &exact) != 0 ||
            bf_best_enumerate(&spec, mask, 1000000, &best) != 0)
            fail("bf_best_enumerate: mask %u refused", mask);
        if (best.paths != exact.paths ||
            memcmp(best.share_lo, exact.share_lo, sizeof best.share_lo) ||
            memcmp(best.wins_lo, exact.wins_lo, sizeof best.wins_lo))
            fail("bf_best_enumerate: mask %u differs from bf_draw_enumerate", mask);
        checked += (size_t)best.paths;
    }
    spec.first_throw = -1;
    uint8_t masks[BF_BEST_MAX_OPTIONS];
    uint64_t limits[BF_BEST_MAX_OPTIONS];
    for (int o = 0; o < BF_BEST_MAX_OPTIONS; o++)
        masks[o] = (uint8_t)o, limits[o] = 100 + 10 * (uint64_t)o;
    spec.draws = 3;
    spec.random_seat[1] = 1;
    memset(tallies, 0, sizeof tallies);
    if (bf_best_fits(&spec, 0) != 1 ||
        bf_best_simulate(&spec, BF_BEST_MAX_OPTIONS, masks, NULL, limits, 3, 0, 400, NULL, 0,
                         tallies) != 0)
        fail("bf_best_simulate refused a heads-up spec");
    /* Options topped up later (starts) meet the same trials: two rounds equal one. */
    static bf_best_tally rounds[2];
    uint64_t half[1] = {60}, whole[1] = {120};
    memset(rounds, 0, sizeof rounds);
    if (bf_best_simulate(&spec, 1, masks + 5, NULL, whole, 3, 0, 120, NULL, 0, rounds) != 0 ||
        bf_best_simulate(&spec, 1, masks + 5, NULL, half, 3, 0, 60, NULL, 0, rounds + 1) != 0 ||
        bf_best_simulate(&spec, 1, masks + 5, half, whole, 3, 0, 120, NULL, 0, rounds + 1) != 0 ||
        memcmp(&rounds[0], &rounds[1], sizeof rounds[0]) != 0)
        fail("bf_best_simulate: a top-up from starts differs from one run");
    for (int o = 0; o < BF_BEST_MAX_OPTIONS; o++)
        if (tallies[o].trials != limits[o] ||
            tallies[o].share[0] + tallies[o].share[1] != BF_SHARE_UNIT * limits[o])
            fail("bf_best_simulate: option %d played %llu trials", o,
                 (unsigned long long)tallies[o].trials);
    /* Seat 1 dealt per trial (a range seat): hands given row by row, checked by C. */
    spec.random_seat[1] = 0;
    uint8_t *dealt = xmalloc(2 * 4 * 50);
    for (int t = 0; t < 50; t++) {
        const uint8_t row[8] = {0, 0, 0, 0, (uint8_t)(32 + t % 8), 21, 26, 31};
        memcpy(dealt + 8 * t, row, 8);
    }
    memset(tallies, 0, sizeof tallies);
    if (bf_best_fits(&spec, 2) != 1 ||
        bf_best_simulate(&spec, 4, masks, NULL, limits, 3, 0, 50, dealt, 2, tallies) != 0 ||
        tallies[0].trials != 50)
        fail("bf_best_simulate refused a dealt seat");
    dealt[8 * 7 + 5] = 0; /* seat 1 holds seat 0's Ac at trial 7 */
    if (bf_best_simulate(&spec, 4, masks, NULL, limits, 3, 0, 50, dealt, 2, tallies) !=
            BF_DRAW_BAD_SPEC ||
        bf_best_simulate(&spec, 4, masks, NULL, limits, 3, 0, 50, NULL, 2, tallies) !=
            BF_DRAW_BAD_SPEC ||
        bf_best_fits(&spec, 1) != BF_DRAW_BAD_SPEC || bf_best_fits(&spec, 4) != BF_DRAW_BAD_SPEC)
        fail("bf_best: accepted a card held twice, no hands, or a bad dealt mask");
    dealt[8 * 7 + 5] = 60; /* out of range */
    if (bf_best_simulate(&spec, 4, masks, NULL, limits, 3, 0, 50, dealt, 2, tallies) !=
        BF_DRAW_BAD_SPEC)
        fail("bf_best_simulate accepted card 60");
    free(dealt);
    spec.random_seat[1] = 1;
    masks[3] = 16;
    if (bf_best_simulate(&spec, 4, masks, NULL, limits, 3, 0, 10, NULL, 0, tallies) !=
            BF_DRAW_BAD_SPEC ||
        bf_best_simulate(&spec, BF_BEST_MAX_OPTIONS + 1, masks, NULL, limits, 3, 0, 10, NULL, 0,
                         tallies) !=
            BF_DRAW_BAD_SPEC ||
        bf_best_enumerate(&spec, 1, 1000, &best) != BF_DRAW_BAD_SPEC) /* a random seat */
        fail("bf_best: accepted a bad mask, too many options or a random seat when exact");
    spec.caps[0] = 1;
    if (bf_best_enumerate(&spec, 3, 1000, &best) != BF_DRAW_BAD_SPEC)
        fail("bf_best_enumerate: accepted a mask over the cutting limit");
    spec.caps[0] = 4;
    for (int p = 2; p < 6; p++)
        spec.random_seat[p] = 1;
    spec.seats = 6;
    if (bf_best_fits(&spec, 0) != 0 ||
        bf_best_simulate(&spec, 1, masks, NULL, limits, 3, 0, 10, NULL, 0, tallies) !=
            BF_DRAW_STUB_SHORT)
        fail("bf_best: six seats with three draws fit in the stub");
    spec.random_seat[0] = 1;
    if (bf_best_fits(&spec, 0) != BF_DRAW_BAD_SPEC)
        fail("bf_best_fits: accepted a random seat 0");
    return checked + 400;
}

/* A table seat (seat 0) against a default seat, by Monte Carlo and exactly. */
static size_t check_table_seats(const uint8_t *table, const uint16_t *ties)
{
    static bf_draw_tally tally;
    static bf_draw_exact exact;
    bf_draw_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.seats = 2, spec.draws = 2, spec.first_throw = -1;
    spec.caps[0] = spec.caps[1] = spec.caps[2] = 4;
    spec.policies[0].break_above = spec.policies[1].break_above = -1;
    spec.policies[0].table = table;
    spec.policies[0].ties = ties;
    const uint8_t hands[2][4] = {{0, 5, 10, 47}, {16, 21, 26, 31}};
    memcpy(spec.hands, hands, sizeof hands);
    memset(&tally, 0, sizeof tally);
    if (bf_draw_simulate(&spec, 7, 0, 5000, &tally) != 0 || tally.trials != 5000)
        fail("bf_draw_simulate with a table seat");
    spec.draws = 1;
    if (bf_draw_enumerate(&spec, 1000000, &exact) != 0 || exact.paths == 0)
        fail("bf_draw_enumerate with a table seat");
    return 5000 + (size_t)exact.paths;
}

/* One seat, counted at its last draw (draws/one_seat.c), gives the bytes of the walk play by
 * play: a table seat and the default, every first discard, with cutting limits and dead cards,
 * whole and in blocks; a stub too short and a budget too small stop both alike. */
static size_t check_one_seat(const uint8_t *table, const uint16_t *ties)
{
    static bf_draw_exact counted, played;
    size_t plays = 0;
    for (int trial = 0; trial < 48; trial++) {
        bf_draw_spec spec;
        memset(&spec, 0, sizeof spec);
        spec.seats = 1, spec.draws = trial % 4, spec.first_throw = trial % 3 ? -1 : trial % 16;
        spec.caps[0] = 4, spec.caps[1] = (uint8_t)(trial % 5), spec.caps[2] = 4;
        spec.policies[0].break_above = trial % 5 == 4 ? 7 : -1;
        if (trial % 2)
            spec.policies[0].table = table, spec.policies[0].ties = ties;
        const uint8_t hands[4][4] = {{3, 5, 8, 10}, {0, 4, 8, 12}, {16, 21, 26, 47}, {1, 2, 3, 50}};
        memcpy(spec.hands[0], hands[trial % 4 == 3 ? trial / 4 % 4 : trial % 4 ^ 1], 4);
        for (int c = 20; c < 20 + 3 * (trial % 3); c++)
            if (c != spec.hands[0][2] && c != spec.hands[0][3])
                spec.dead |= UINT64_C(1) << c;
        if (trial == 47) /* all but six cards dead: three draws of two need a reshuffle */
            spec.dead = ((UINT64_C(1) << 46) - 1) & ~(UINT64_C(15) << 40) & ~UINT64_C(0x3f);
        int status = bf_draw_enumerate_rows(&spec, 400000, 0, UINT64_MAX, &counted);
        if (status != bf_draw_enumerate_plays_rows(&spec, 400000, 0, UINT64_MAX, &played))
            fail("one seat, case %d: the counted walk returned %d, play by play otherwise", trial,
                 status);
        if (status != 0)
            continue;
        uint64_t rows = bf_draw_branch_rows(&spec), cut = rows / 3;
        for (int block = 0; block < 3; block++) {
            uint64_t lo = block == 0 ? 0 : block == 1 ? cut : 2 * cut;
            uint64_t hi = block == 0 ? cut : block == 1 ? 2 * cut : rows;
            if (block > 0 && (bf_draw_enumerate_rows(&spec, 400000, lo, hi, &counted) != 0 ||
                              bf_draw_enumerate_plays_rows(&spec, 400000, lo, hi, &played) != 0))
                fail("one seat, case %d: rows %llu..%llu refused", trial,
                     (unsigned long long)lo, (unsigned long long)hi);
            counted.states = 0; /* the walk play by play counts no states */
            if (memcmp(&counted, &played, sizeof counted))
                fail("one seat, case %d: the counted walk differs (rows from %llu)", trial,
                     (unsigned long long)lo);
            plays += (size_t)played.paths;
        }
    }
    double once = bf_add_repeated(0.0, 0.1, 1000), each = 0.0;
    for (int i = 0; i < 1000; i++)
        each += 0.1;
    if (once != each)
        fail("bf_add_repeated: %.17g for 1000 additions of 0.1 that make %.17g", once, each);
    return plays;
}

#include <math.h>

static void expect_bad(int status, const char *what)
{
    if (status != BF_OPTIMAL_BAD_ARGS)
        fail("the solver accepted %s", what);
}

/* Returns the checks made. */
static size_t check_solver(void)
{
    double *utility = xmalloc(BF_NUM_RANKS * sizeof(double));
    for (int r = 0; r < BF_NUM_RANKS; r++)
        utility[r] = r < 715 ? 1.0 : 0.0;
    uint8_t *table = xmalloc(BF_POLICY_TABLE_LEN);
    uint16_t *ties = xmalloc(BF_POLICY_TABLE_LEN * sizeof(uint16_t));
    double *values = xmalloc(4 * BF_NUM_HANDS * sizeof(double));
    const uint8_t caps[3] = {4, 4, 4}, bad_caps[3] = {3, 5, 1};
    if (bf_optimal_policy(utility, 3, caps, table, ties, values) != 0)
        fail("bf_optimal_policy refused max-badugi");
    const unsigned a23[4] = {3, 5, 8, 10}; /* As 2d 3c 3h, sorted */
    size_t index = (size_t)bf_binom4[a23[3]] + bf_binom3[a23[2]] + bf_binom2[a23[1]] + a23[0];
    double miss = 38.0 / 48.0, expected = 1.0 - miss * miss * miss;
    if (fabs(values[3 * BF_NUM_HANDS + index] - expected) > 1e-12 || table[index] != 8)
        fail("bf_optimal_policy: A-2-3 with a junk card is worth %.15f",
             values[3 * BF_NUM_HANDS + index]);
    for (size_t i = 0; i < 4 * BF_NUM_HANDS; i++)
        if (!(values[i] >= -1e-12 && values[i] <= 1 + 1e-12))
            fail("bf_optimal_policy: value %.17g out of [0, 1] at %zu", values[i], i);
    for (size_t i = 0; i < BF_POLICY_TABLE_LEN; i++)
        if (table[i] > 15 || !(ties[i] >> table[i] & 1))
            fail("bf_optimal_policy: table %u, ties %u at %zu", table[i], ties[i], i);
    size_t plays = check_table_seats(table, ties) + check_enumerate_blocks(table, ties) +
                   check_best(table, ties) + check_one_seat(table, ties);
    double out[16];
    uint8_t hand[4] = {10, 3, 8, 5};
    if (bf_optimal_options(values + 2 * BF_NUM_HANDS, hand, out) != 0 ||
        fabs(out[8] - values[3 * BF_NUM_HANDS + index]) > 1e-12)
        fail("bf_optimal_options disagrees with the solved value");
    uint8_t *fallback = xmalloc(BF_POLICY_TABLE_LEN);
    double *start = xmalloc(BF_NUM_HANDS * sizeof(double));
    double *end = xmalloc(BF_NUM_HANDS * sizeof(double));
    if (bf_optimal_default_table(caps, fallback) != 0)
        fail("bf_optimal_default_table refused valid caps");
    for (size_t i = 0; i < BF_NUM_HANDS; i++)
        start[i] = 1.0 / BF_NUM_HANDS;
    if (bf_optimal_forward(fallback, 3, caps, start, end) != 0)
        fail("bf_optimal_forward refused a valid pass");
    double total = 0.0;
    for (size_t i = 0; i < BF_NUM_HANDS; i++)
        total += end[i];
    if (fabs(total - 1.0) > 1e-9)
        fail("bf_optimal_forward: the mass sums to %.12f", total);
    utility[7] = NAN;
    expect_bad(bf_optimal_policy(utility, 1, caps, table, NULL, NULL), "a NaN utility");
    utility[7] = 1.0;
    expect_bad(bf_optimal_policy(utility, 0, caps, table, NULL, NULL), "no draws");
    expect_bad(bf_optimal_policy(utility, 4, caps, table, NULL, NULL), "four draws");
    expect_bad(bf_optimal_policy(utility, 1, bad_caps, table, NULL, NULL), "a cap of 5");
    expect_bad(bf_optimal_policy(NULL, 1, caps, table, NULL, NULL), "no utility");
    expect_bad(bf_optimal_default_table(bad_caps, fallback), "a cap of 5 (default table)");
    expect_bad(bf_optimal_forward(fallback, 4, caps, start, end), "four draws (forward)");
    expect_bad(bf_optimal_forward(fallback, 1, caps, start, start), "start aliasing end");
    uint8_t repeated[4] = {1, 1, 2, 3};
    expect_bad(bf_optimal_options(values, repeated, out), "a repeated card");
    free(utility), free(table), free(ties), free(values), free(fallback), free(start), free(end);
    return plays + 20;
}

int main(void)
{
    uint8_t *table = xmalloc(BF_POLICY_TABLE_LEN);
    for (size_t i = 0; i < BF_POLICY_TABLE_LEN; i++)
        table[i] = (uint8_t)next_below(256); /* high bits too: the reader must ignore them */
    size_t decisions = check_table_throw(table);
    size_t plays = check_table_seats(table, NULL);
    free(table);
    size_t solver = check_solver();
    printf("check_draws: OK: %zu table decisions, %zu plays with a random table seat, %zu solver "
           "checks and plays\n",
           decisions, plays, solver);
    return 0;
}
