/* check_range: the range entry points of the C core (draws/range.h), written to run under
 * sanitizers. tests/c/test_range_sanitizers.py builds it with every C file of csrc/ using
 * -fsanitize=address,undefined and runs it. It checks:
 *   - bf_range_alias: the table's implied chances equal the weights' shares; bad weights, bad
 *     hands and n = 0 are refused;
 *   - bf_range_simulate: seats dealt from ranges never share a card (checked through a range of
 *     two hands against a known hand), the same trials give the same tally in any split, invalid
 *     ranges (and a bad hand as it is dealt) are refused, ranges that cannot fit together stop
 *     with BF_RANGE_NO_DEAL; ranges of one hand each play exactly as bf_draw_simulate plays
 *     those hands (the same tally, word for word, beside a random seat and dead cards), which
 *     checks bf_trial_run (draws/trial.h) against the draw engine trial by trial;
 *   - bf_range_enumerate: a weighted result by hand, BF_RANGE_EMPTY, BF_DRAW_TOO_MANY.
 * Every buffer is malloc'ed at exactly its size, so AddressSanitizer reports any access past it.
 * Prints "check_range: OK" on success; exits 1 with a message at the first failure.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draws/range.h"

#define CHECK_NAME "check_range"
#include "check_common.h"

/* A heads-up (or wider) spec of known hands, every seat drawing by the default policy. */
static void base_spec(bf_draw_spec *spec, int seats, int draws)
{
    memset(spec, 0, sizeof *spec);
    spec->seats = seats;
    spec->draws = draws;
    spec->first_throw = -1;
    for (int p = 0; p < BF_MAX_SEATS; p++)
        spec->policies[p].break_above = -1; /* the default policy, no table */
    for (int d = 0; d < BF_MAX_DRAWS; d++)
        spec->caps[d] = 4;
}

/* A range of n hands (4 ids a row) and weights, with its alias table; free with free_range. */
static bf_range make_range(uint32_t n, const uint8_t *ids, const double *w)
{
    uint8_t *hands = xmalloc(4 * (size_t)n);
    double *weights = xmalloc(sizeof *weights * n);
    bf_range_column *table = xmalloc(sizeof *table * n);
    memcpy(hands, ids, 4 * (size_t)n);
    memcpy(weights, w, sizeof *weights * n);
    if (bf_range_alias(n, hands, weights, table) != 0)
        fail("bf_range_alias refused a valid range of %u hands", n);
    bf_range range = {n, hands, weights, table, 0};
    return range;
}

static void free_range(bf_range *range)
{
    free((void *)range->hands);
    free((void *)range->weights);
    free((void *)range->table);
}

static void check_alias(void)
{
    enum { N = 5 };
    const uint8_t ids[4 * N] = {0, 5, 10, 15, 1, 6, 11, 12, 2, 7, 8, 13, 3, 4, 9, 14, 16, 21, 26, 31};
    const double w[N] = {1.0, 0.5, 0.25, 0.125, 1.0};
    bf_range range = make_range(N, ids, w);
    double chance[N] = {0}, total = 0;
    for (int i = 0; i < N; i++)
        total += w[i];
    for (uint32_t c = 0; c < N; c++) { /* column c: its own hand, else the other one */
        double keep = (double)range.table[c].threshold / 4294967296.0;
        for (int i = 0; i < N; i++) {
            if (memcmp(range.table[c].hand, ids + 4 * i, 4) == 0)
                chance[i] += keep / N;
            if (memcmp(range.table[c].other, ids + 4 * i, 4) == 0)
                chance[i] += (1.0 - keep) / N;
        }
    }
    for (int i = 0; i < N; i++)
        if (fabs(chance[i] - w[i] / total) > 1e-9)
            fail("alias chance of hand %d is %g, not %g", i, chance[i], w[i] / total);
    free_range(&range);

    bf_range_column *table = xmalloc(sizeof *table * 2);
    const uint8_t good[8] = {0, 5, 10, 15, 1, 6, 11, 12}, bad_id[8] = {0, 5, 10, 15, 1, 6, 11, 52};
    const uint8_t twice[8] = {0, 5, 10, 15, 1, 6, 6, 12};
    const double ok[2] = {1.0, 0.5}, zero[2] = {1.0, 0.0}, nan_w[2] = {NAN, 1.0};
    if (bf_range_alias(2, good, zero, table) != BF_DRAW_BAD_SPEC ||
        bf_range_alias(2, good, nan_w, table) != BF_DRAW_BAD_SPEC ||
        bf_range_alias(2, bad_id, ok, table) != BF_DRAW_BAD_SPEC ||
        bf_range_alias(2, twice, ok, table) != BF_DRAW_BAD_SPEC ||
        bf_range_alias(0, good, ok, table) != BF_DRAW_BAD_SPEC)
        fail("bf_range_alias accepted a bad range");
    free(table);
}

static void check_simulate(void)
{
    /* Seat 0 holds As 2d 3h 4c (ids 3, 5, 10, 12); seat 1's range: a hand sharing the ace
     * (never dealt) and 9-8-7-6 (always dealt), so seat 0 wins every trial with no draw. */
    const uint8_t ids[8] = {3, 21, 26, 31, 35, 30, 25, 20};
    const double w[2] = {1.0, 1.0};
    bf_range *ranges = xmalloc(sizeof *ranges * BF_MAX_SEATS);
    memset(ranges, 0, sizeof *ranges * BF_MAX_SEATS);
    ranges[1] = make_range(2, ids, w);
    bf_draw_spec spec;
    base_spec(&spec, 2, 0);
    const uint8_t hero[4] = {3, 5, 10, 12};
    memcpy(spec.hands[0], hero, 4);
    bf_draw_tally *tally = xmalloc(sizeof *tally);
    memset(tally, 0, sizeof *tally);
    if (bf_range_simulate(&spec, ranges, 9, 0, 2000, tally) != 0 || tally->trials != 2000 ||
        tally->wins[0] != 2000)
        fail("a range hand sharing a card was dealt (%llu wins of 2000)",
             (unsigned long long)tally->wins[0]);

    /* Three draws, a random seat too: any split of the trials gives the same tally. */
    base_spec(&spec, 3, 3);
    memcpy(spec.hands[0], hero, 4);
    spec.random_seat[2] = 1;
    bf_draw_tally *whole = xmalloc(sizeof *whole), *parts = xmalloc(sizeof *parts);
    memset(whole, 0, sizeof *whole);
    memset(parts, 0, sizeof *parts);
    if (bf_range_simulate(&spec, ranges, 4, 0, 500, whole) != 0 ||
        bf_range_simulate(&spec, ranges, 4, 0, 123, parts) != 0 ||
        bf_range_simulate(&spec, ranges, 4, 123, 377, parts) != 0)
        fail("bf_range_simulate refused a valid spec");
    for (int p = 0; p < 3; p++)
        if (whole->share[p] != parts->share[p] || whole->share_sq[p] != parts->share_sq[p])
            fail("seat %d: split trials differ", p);

    /* Refused: a range on a random seat, a bad hand in the table, too many seats. */
    spec.random_seat[1] = 1;
    if (bf_range_simulate(&spec, ranges, 4, 0, 10, whole) != BF_DRAW_BAD_SPEC)
        fail("a range on a random seat was accepted");
    spec.random_seat[1] = 0;
    bf_range_column *table = (bf_range_column *)ranges[1].table;
    table[0].hand[2] = table[1].hand[2] = 200; /* every column keeps its own hand: always dealt */
    if (bf_range_simulate(&spec, ranges, 4, 0, 10, whole) != BF_DRAW_BAD_SPEC)
        fail("a range with card id 200 was accepted");
    table[0].hand[2] = 26, table[1].hand[2] = 25;
    spec.seats = BF_MAX_SEATS + 1;
    if (bf_range_simulate(&spec, ranges, 4, 0, 10, whole) != BF_DRAW_BAD_SPEC)
        fail("%d seats were accepted", BF_MAX_SEATS + 1);

    /* Two seats whose ranges hold one and the same hand never fit together. */
    base_spec(&spec, 2, 1);
    ranges[0] = make_range(1, ids + 4, w);
    bf_range same = make_range(1, ids + 4, w);
    free_range(&ranges[1]);
    ranges[1] = same;
    if (bf_range_simulate(&spec, ranges, 4, 0, 1, whole) != BF_RANGE_NO_DEAL)
        fail("ranges that never fit did not stop with BF_RANGE_NO_DEAL");
    double share[2], win[2];
    uint64_t paths;
    if (bf_range_enumerate(&spec, ranges, 1000000, share, win, &paths) != BF_RANGE_EMPTY)
        fail("ranges that never fit did not enumerate to BF_RANGE_EMPTY");
    free_range(&ranges[0]);
    free_range(&ranges[1]);
    free(ranges);
    free(tally);
    free(whole);
    free(parts);
}

/* Seats 0 and 1 as ranges of one hand each, seat 2 random, a dead card: the tally of
 * bf_range_simulate equals bf_draw_simulate's with the hands known, for every split. */
static void check_same_play_as_the_draw_engine(void)
{
    const uint8_t ids[8] = {3, 5, 10, 12, 48, 44, 21, 22}; /* As 2d 3h 4c; Ks Qs 6d 6h */
    const double w[1] = {1.0};
    bf_range *ranges = xmalloc(sizeof *ranges * BF_MAX_SEATS);
    memset(ranges, 0, sizeof *ranges * BF_MAX_SEATS);
    ranges[0] = make_range(1, ids, w);
    ranges[1] = make_range(1, ids + 4, w);
    bf_draw_spec spec;
    base_spec(&spec, 3, 3);
    memcpy(spec.hands[0], ids, 4);
    memcpy(spec.hands[1], ids + 4, 4);
    spec.random_seat[2] = 1;
    spec.dead = UINT64_C(1) << 51;
    spec.caps[2] = 2;
    bf_draw_tally *known = xmalloc(sizeof *known), *ranged = xmalloc(sizeof *ranged);
    memset(known, 0, sizeof *known);
    memset(ranged, 0, sizeof *ranged);
    if (bf_draw_simulate(&spec, 77, 5, 3000, known) != 0 ||
        bf_range_simulate(&spec, ranges, 77, 5, 1000, ranged) != 0 ||
        bf_range_simulate(&spec, ranges, 77, 1005, 2000, ranged) != 0)
        fail("a valid spec was refused");
    if (memcmp(known, ranged, sizeof *known) != 0)
        fail("ranges of one hand did not play as the known hands (%llu vs %llu units)",
             (unsigned long long)known->share[0], (unsigned long long)ranged->share[0]);
    free_range(&ranges[0]);
    free_range(&ranges[1]);
    free(ranges);
    free(known);
    free(ranged);
}

/* Ranges with every weight 1 deal the same hands read as hands (uniform) as through the alias
 * table, trial for trial: the tallies are equal, whatever the split into calls. */
static void check_uniform_deals_as_the_alias_table(void)
{
    enum { N = 97 };
    uint8_t ids[4 * N];
    double w[N];
    uint64_t x = 2024;
    for (int i = 0; i < N; i++) { /* four distinct cards a hand, a spread of the deck */
        uint64_t used = 0;
        for (int c = 0; c < 4;) {
            unsigned card = (unsigned)(next_random(&x) % BF_NUM_CARDS);
            if (!(used >> card & 1))
                used |= UINT64_C(1) << card, ids[4 * i + c++] = (uint8_t)card;
        }
        w[i] = 1.0;
    }
    bf_range *ranges = xmalloc(sizeof *ranges * BF_MAX_SEATS);
    memset(ranges, 0, sizeof *ranges * BF_MAX_SEATS);
    ranges[0] = make_range(N, ids, w);
    ranges[1] = make_range(N - 40, ids + 4 * 40, w);
    bf_draw_spec spec;
    base_spec(&spec, 3, 3);
    spec.random_seat[2] = 1;
    bf_draw_tally *alias = xmalloc(sizeof *alias), *uniform = xmalloc(sizeof *uniform);
    memset(alias, 0, sizeof *alias);
    memset(uniform, 0, sizeof *uniform);
    int status = bf_range_simulate(&spec, ranges, 31, 0, 3000, alias);
    ranges[0].uniform = ranges[1].uniform = 1;
    status |= bf_range_simulate(&spec, ranges, 31, 0, 1234, uniform);
    status |= bf_range_simulate(&spec, ranges, 31, 1234, 1766, uniform);
    if (status != 0 || memcmp(alias, uniform, sizeof *alias) != 0)
        fail("uniform ranges dealt otherwise than their alias tables (status %d)", status);
    free_range(&ranges[0]);
    free_range(&ranges[1]);
    free(ranges);
    free(alias);
    free(uniform);
}

static void check_enumerate(void)
{
    /* Seat 0: 8c 7d 6h 5s (ids 28, 25, 22, 19); seat 1: golf Ac 2d 3h 4s (it wins),
     * 9s 8h 7c 6d (always loses) and 8s 7h 6d 5c (ties), weights 1, 0.5, 0.25, no draw. */
    const uint8_t ids[12] = {0, 5, 10, 15, 35, 30, 24, 21, 31, 26, 21, 16};
    const double w[3] = {1.0, 0.5, 0.25};
    bf_range *ranges = xmalloc(sizeof *ranges * BF_MAX_SEATS);
    memset(ranges, 0, sizeof *ranges * BF_MAX_SEATS);
    ranges[1] = make_range(3, ids, w);
    bf_draw_spec spec;
    base_spec(&spec, 2, 0);
    const uint8_t hero[4] = {28, 25, 22, 19};
    memcpy(spec.hands[0], hero, 4);
    double share[2], win[2];
    uint64_t paths;
    int status = bf_range_enumerate(&spec, ranges, 1000, share, win, &paths);
    double expected = (0.0 * 1.0 + 1.0 * 0.5 + 0.5 * 0.25) / 1.75;
    if (status != 0 || fabs(share[0] - expected) > 1e-12 || paths != 3)
        fail("enumerate: status %d, equity %.15g (expected %.15g), %llu plays", status, share[0],
             expected, (unsigned long long)paths);
    base_spec(&spec, 2, 2);
    const uint8_t drawing[4] = {28, 25, 22, 23}; /* 8c 7d 6h 6s: draws a card twice */
    memcpy(spec.hands[0], drawing, 4);
    if (bf_range_enumerate(&spec, ranges, 10, share, win, &paths) != BF_DRAW_TOO_MANY)
        fail("an enumeration over its budget did not stop");
    free_range(&ranges[1]);
    free(ranges);
}

int main(void)
{
    check_alias();
    check_simulate();
    check_same_play_as_the_draw_engine();
    check_uniform_deals_as_the_alias_table();
    check_enumerate();
    puts("check_range: OK");
    return 0;
}
