/* Sanitizer driver for csrc/solve/beliefs.c: the draw pass against a direct sum over every set
 * of new cards (random rows, hands sharing cards, blocked cards), the weight it keeps (what
 * throwing the count weighs), every refusal, and a fuzz of corrupted rows, weights,
 * probabilities, counts and blocked masks (each refused or run, never a fault). */
#define CHECK_NAME "check_beliefs"
#include "check_common.h"

#include <math.h>
#include <string.h>

#include "solve/beliefs.h"

#define ROWS 3

static int64_t choose(int n, int k)
{
    if (k < 0 || n < k)
        return 0;
    int64_t out = 1;
    for (int i = 1; i <= k; i++)
        out = out * (n - k + i) / i;
    return out;
}

static int64_t colex4(const int c[4])
{
    int s[4];
    memcpy(s, c, sizeof s);
    for (int i = 1; i < 4; i++) /* sort the four ids */
        for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
            int t = s[j];
            s[j] = s[j - 1];
            s[j - 1] = t;
        }
    return choose(s[0], 1) + choose(s[1], 2) + choose(s[2], 3) + choose(s[3], 4);
}

static void random_row(uint64_t *state, uint8_t row[4])
{
    for (;;) {
        for (int i = 0; i < 4; i++)
            row[i] = (uint8_t)(next_random(state) % 52);
        int ok = 1;
        for (int i = 1; i < 4; i++)
            for (int j = i; j > 0 && row[j - 1] > row[j]; j--) {
                uint8_t t = row[j];
                row[j] = row[j - 1];
                row[j - 1] = t;
            }
        for (int i = 1; i < 4; i++)
            ok &= row[i - 1] < row[i];
        if (ok)
            return;
    }
}

/* The direct sum: every old row, every discard of `count` cards, every set of new cards. */
static void direct(uint8_t rows[ROWS][4], const double *w, const double *p, int count,
                   uint64_t blocked, double *out)
{
    memset(out, 0, sizeof(double) * BF_BELIEF_HANDS);
    for (int r = 0; r < ROWS; r++) {
        int bad = 0;
        for (int i = 0; i < 4; i++)
            bad |= (int)(blocked >> rows[r][i] & 1u);
        if (bad)
            continue;
        int open[52], n = 0;
        for (int c = 0; c < 52; c++)
            if (!(blocked >> c & 1u) && c != rows[r][0] && c != rows[r][1] && c != rows[r][2] &&
                c != rows[r][3])
                open[n++] = c;
        double share = 1.0 / (double)choose(n, count);
        for (unsigned m = 0; m < 16; m++) {
            if (__builtin_popcount(m) != count)
                continue;
            int hand[4], k = 0;
            for (int i = 0; i < 4; i++)
                if (!(m >> i & 1u))
                    hand[k++] = rows[r][i];
            int at[4] = {0, 1, 2, 3};
            if (count == 0) {
                out[colex4(hand)] += w[r] * p[r * 16 + m];
                continue;
            }
            for (;;) { /* the sets of `count` open cards, as ascending positions */
                for (int i = 0; i < count; i++)
                    hand[k + i] = open[at[i]];
                out[colex4(hand)] += w[r] * p[r * 16 + m] * share;
                int i = count - 1;
                while (i >= 0 && at[i] == n - count + i)
                    i--;
                if (i < 0)
                    break;
                at[i]++;
                for (int j = i + 1; j < count; j++)
                    at[j] = at[j - 1] + 1;
            }
        }
    }
}

/* The columns bf_belief_draw reads: each row's probabilities of the discards of `count` cards,
 * in ascending order of their masks. */
static void pack(const double *p, int count, double *packed)
{
    int k = 0;
    for (int r = 0; r < ROWS; r++)
        for (unsigned m = 0; m < 16; m++)
            if (__builtin_popcount(m) == count)
                packed[k++] = p[r * 16 + m];
}

static void check_direct(uint64_t seed)
{
    uint64_t state = seed;
    uint8_t rows[ROWS][4];
    double w[ROWS], p[ROWS * 16], packed[ROWS * 6];
    double *got = xmalloc(sizeof(double) * BF_BELIEF_HANDS);
    double *want = xmalloc(sizeof(double) * BF_BELIEF_HANDS);
    for (int r = 0; r < ROWS; r++) {
        random_row(&state, rows[r]);
        w[r] = (double)(next_random(&state) % 1000 + 1) / 1000.0;
        for (int m = 0; m < 16; m++)
            p[r * 16 + m] = (double)(next_random(&state) % 1000) / 1000.0;
    }
    memcpy(rows[1], rows[0], 3); /* two rows sharing three cards */
    if (rows[1][3] <= rows[1][2])
        rows[1][3] = (uint8_t)(rows[1][2] + 1 < 52 ? rows[1][2] + 1 : 51);
    if (rows[1][3] == rows[0][3] || rows[1][2] >= rows[1][3])
        random_row(&state, rows[1]);
    uint64_t blocked = seed % 2 ? (next_random(&state) & next_random(&state) & ((1ull << 52) - 1))
                                : 0;
    for (int count = 0; count <= 4; count++) {
        pack(p, count, packed);
        int status = bf_belief_draw(ROWS, &rows[0][0], w, packed, count, blocked, got);
        if (status == BF_BELIEF_BAD_ARGS)
            continue; /* too few open cards for this count */
        if (status != 0)
            fail("seed %llu count %d: status %d", (unsigned long long)seed, count, status);
        direct(rows, w, p, count, blocked, want);
        for (int64_t h = 0; h < BF_BELIEF_HANDS; h++)
            if (fabs(got[h] - want[h]) > 1e-12 * (1.0 + fabs(want[h])))
                fail("seed %llu count %d hand %lld: %.17g, not %.17g", (unsigned long long)seed,
                     count, (long long)h, got[h], want[h]);
    }
    free(got);
    free(want);
}

static void check_refusals(void)
{
    uint8_t row[4] = {0, 1, 2, 3};
    double w = 1.0, p[16] = {0.5};
    double *out = xmalloc(sizeof(double) * BF_BELIEF_HANDS);
    struct {
        int64_t n;
        int count;
        uint64_t blocked;
        const char *what;
    } cases[] = {
        {-1, 1, 0, "n below 0"},
        {BF_BELIEF_HANDS + 1, 1, 0, "n past the hands"},
        {1, -1, 0, "count below 0"},
        {1, 5, 0, "count past 4"},
        {1, 1, 1ull << 52, "a blocked card past 51"},
        {1, 4, ((1ull << 52) - 1) & ~0x7full, "too few cards to deal"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (bf_belief_draw(cases[i].n, row, &w, p, cases[i].count, cases[i].blocked, out) !=
            BF_BELIEF_BAD_ARGS)
            fail("%s was not refused", cases[i].what);
    if (bf_belief_draw(1, NULL, &w, p, 1, 0, out) != BF_BELIEF_BAD_ARGS ||
        bf_belief_draw(1, row, &w, p, 1, 0, NULL) != BF_BELIEF_BAD_ARGS)
        fail("a NULL array was not refused");
    if (bf_belief_draw(0, NULL, NULL, NULL, 2, 0, out) != 0)
        fail("no rows is a valid (empty) belief");
    free(out);
}

static void fuzz(void)
{
    uint64_t state = 99;
    double *out = xmalloc(sizeof(double) * BF_BELIEF_HANDS);
    for (int trial = 0; trial < 200; trial++) {
        uint8_t rows[ROWS][4];
        double w[ROWS], p[ROWS * 16];
        for (int r = 0; r < ROWS; r++) {
            random_row(&state, rows[r]);
            w[r] = 1.0;
            for (int m = 0; m < 16; m++)
                p[r * 16 + m] = 1.0 / 16;
        }
        uint64_t r = next_random(&state);
        int count = (int)(r >> 20) % 5;
        uint64_t blocked = 0;
        switch (r % 6) {
        case 0: rows[r >> 8 & 1][(r >> 9) % 4] = (uint8_t)(r >> 24); break;
        case 1: w[(r >> 8) % ROWS] = r & 256 ? -1.0 : NAN; break;
        case 2: p[(r >> 8) % (ROWS * 16)] = r & 256 ? -0.5 : INFINITY; break;
        case 3: count = (int)(r >> 24) % 11 - 3; break;
        case 4: blocked = next_random(&state); break;
        default: blocked = next_random(&state) & ((1ull << 52) - 1); break;
        }
        int status = bf_belief_draw(ROWS, &rows[0][0], w, p, count, blocked, out);
        if (status != 0 && status != BF_BELIEF_BAD_ARGS)
            fail("fuzz trial %d: status %d", trial, status);
    }
    free(out);
}

int main(void)
{
    for (uint64_t seed = 1; seed <= 4; seed++)
        check_direct(seed);
    check_refusals();
    fuzz();
    puts(CHECK_NAME ": OK");
    return 0;
}
