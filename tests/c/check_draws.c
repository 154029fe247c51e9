/* check_draws: the draw layer's C entry points under sanitizers (policy tables, the solver).
 *
 * tests/test_c_sanitizers.py builds this driver with every C file of csrc/ using
 * -fsanitize=address,undefined and runs it. It checks:
 *   - bf_policy_table_throw against the table byte mapped through the sorted hand, in every
 *     order of the hand's cards, capped, and that invalid hands, draws and caps are refused;
 *   - the draw engine with a table seat beside a default seat (Monte Carlo and exact);
 * Every buffer is malloc'ed at exactly its size, so AddressSanitizer reports any overrun.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "badugi.h"
#include "badugi_draw.h"

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
    fprintf(stderr, "check_draws: FAIL: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static void *xmalloc(size_t size)
{
    void *p = malloc(size);
    if (p == NULL)
        fail("out of memory allocating %zu bytes", size);
    return p;
}

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
        int got = bf_policy_table_throw(table, hand, draws_left, cap);
        int count = 0;
        for (int i = 0; i < 4; i++)
            count += got >> i & 1;
        if (got < 0 || ((unsigned)got & ~want) || count > cap ||
            (count < cap && (unsigned)got != want))
            fail("bf_policy_table_throw: byte %u, cap %d gave %d", byte, cap, got);
        checked++;
    }
    uint8_t bad[4] = {1, 2, 3, 52}, repeated[4] = {1, 2, 3, 3}, good[4] = {0, 5, 10, 15};
    if (bf_policy_table_throw(table, bad, 1, 4) != -1 ||
        bf_policy_table_throw(table, repeated, 1, 4) != -1 ||
        bf_policy_table_throw(table, good, 0, 4) != -1 ||
        bf_policy_table_throw(table, good, 4, 4) != -1 ||
        bf_policy_table_throw(table, good, 1, -1) != -1 ||
        bf_policy_table_throw(NULL, good, 1, 4) != -1)
        fail("bf_policy_table_throw accepted an invalid argument");
    return checked;
}

/* A table seat (seat 0) against a default seat, by Monte Carlo and exactly. */
static size_t check_table_seats(const uint8_t *table)
{
    static bf_draw_tally tally;
    static bf_draw_exact exact;
    bf_draw_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.seats = 2, spec.draws = 2, spec.first_throw = -1;
    spec.caps[0] = spec.caps[1] = spec.caps[2] = 4;
    spec.policies[0].break_above = spec.policies[1].break_above = -1;
    spec.policies[0].table = table;
    const uint8_t hands[2][4] = {{0, 5, 10, 47}, {16, 21, 26, 31}};
    memcpy(spec.hands, hands, sizeof hands);
    if (bf_draw_simulate(&spec, 7, 0, 5000, &tally) != 0 || tally.trials != 5000)
        fail("bf_draw_simulate with a table seat");
    spec.draws = 1;
    if (bf_draw_enumerate(&spec, 1000000, &exact) != 0 || exact.paths == 0)
        fail("bf_draw_enumerate with a table seat");
    return 5000 + (size_t)exact.paths;
}

int main(void)
{
    uint8_t *table = xmalloc(BF_POLICY_TABLE_LEN);
    for (size_t i = 0; i < BF_POLICY_TABLE_LEN; i++)
        table[i] = (uint8_t)next_below(256); /* high bits too: the reader must ignore them */
    size_t decisions = check_table_throw(table);
    size_t plays = check_table_seats(table);
    free(table);
    printf("check_draws: OK: %zu table decisions, %zu plays with a table seat\n", decisions, plays);
    return 0;
}
