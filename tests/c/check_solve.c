/* Sanitizer driver for csrc/solve/ (and its threads, common/pool.c): the showdown sweep against
 * a pairwise loop on random ranges (ties and shared cards included), discounted CFR on a small
 * tree giving the same bits on 1, 2 and 3 threads and an exploitability that falls, bf_lr_run
 * in a kept work area measuring as bf_lr_average and bf_lr_values do, best responses and the
 * opponent mass, every refusal, and a fuzz of single corrupted fields (each refused or run,
 * never a fault). */
#define CHECK_NAME "check_solve"
#include "check_common.h"

#include <math.h>
#include <string.h>

#include "eval/badugi.h"
#include "solve/last_round.h"

#define MAX_HANDS 96

typedef struct {
    uint8_t cards[MAX_HANDS * 2][4];
    int32_t n_classes;
    uint16_t rank[MAX_HANDS * 2];
    uint16_t subsets[MAX_HANDS * 2 * BF_LR_SUBSETS];         /* per class */
    uint16_t rows[2][MAX_HANDS * BF_LR_SUBSETS];             /* per row of each range */
    double members[MAX_HANDS * 2];
    double inv[1 + 52 + 1326 + 22100];
    int32_t hands[2][MAX_HANDS];
    double weights[2][MAX_HANDS];
    int32_t other[2][MAX_HANDS];
    int8_t kind[9], actor[9];
    int32_t first[9], count[9];
    int64_t offset[9];
    double payoff[9 * 6];
    double *regret[2], *sums[2];
} fixture;

static uint32_t c2(uint32_t x) { return x * (x - 1) / 2; }
static uint32_t c3(uint32_t x) { return x * (x - 1) * (x - 2) / 6; }

static int shares(const uint8_t *a, const uint8_t *b)
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            if (a[i] == b[j])
                return 1;
    return 0;
}

static void random_hand(uint64_t *state, uint8_t *out)
{
    for (;;) {
        for (int i = 0; i < 4; i++)
            out[i] = (uint8_t)(next_random(state) % 20); /* low cards: ties and overlaps */
        int ok = 1;
        for (int i = 0; i < 4; i++)
            for (int j = i + 1; j < 4; j++)
                ok &= out[i] != out[j];
        if (ok)
            break;
    }
    for (int i = 0; i < 4; i++) /* ascending */
        for (int j = i + 1; j < 4; j++)
            if (out[j] < out[i]) {
                uint8_t t = out[i];
                out[i] = out[j], out[j] = t;
            }
}

/* Two random ranges of n0 and n1 distinct hands; classes are their union by rank. */
static void make_fixture(fixture *f, bf_lr_game *g, uint64_t seed, int n[2])
{
    uint64_t state = seed;
    memset(f, 0, sizeof *f);
    memset(g, 0, sizeof *g);
    uint8_t drawn[2][MAX_HANDS][4];
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < n[p]; i++) {
            int again;
            do {
                random_hand(&state, drawn[p][i]);
                again = 0;
                for (int j = 0; j < i; j++)
                    again |= memcmp(drawn[p][i], drawn[p][j], 4) == 0;
            } while (again);
        }
    /* the union, sorted by rank then ids */
    int32_t m = 0;
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < n[p]; i++) {
            int found = 0;
            for (int32_t c = 0; c < m; c++)
                found |= memcmp(f->cards[c], drawn[p][i], 4) == 0;
            if (!found)
                memcpy(f->cards[m++], drawn[p][i], 4);
        }
    for (int32_t a = 0; a < m; a++)
        for (int32_t b = a + 1; b < m; b++) {
            int ra = bf_rank(f->cards[a][0], f->cards[a][1], f->cards[a][2], f->cards[a][3]);
            int rb = bf_rank(f->cards[b][0], f->cards[b][1], f->cards[b][2], f->cards[b][3]);
            if (rb < ra || (rb == ra && memcmp(f->cards[b], f->cards[a], 4) < 0)) {
                uint8_t t[4];
                memcpy(t, f->cards[a], 4), memcpy(f->cards[a], f->cards[b], 4);
                memcpy(f->cards[b], t, 4);
            }
        }
    f->n_classes = m;
    for (int32_t c = 0; c < m; c++) {
        const uint8_t *h = f->cards[c];
        f->rank[c] = (uint16_t)bf_rank(h[0], h[1], h[2], h[3]);
        f->members[c] = 1.0;
        uint16_t *s = f->subsets + (size_t)c * BF_LR_SUBSETS;
        int k = 0;
        for (int i = 0; i < 4; i++)
            s[k++] = (uint16_t)(1 + h[i]);
        for (int i = 0; i < 4; i++)
            for (int j = i + 1; j < 4; j++)
                s[k++] = (uint16_t)(53 + h[i] + c2(h[j]));
        for (int i = 0; i < 4; i++)
            for (int j = i + 1; j < 4; j++)
                for (int l = j + 1; l < 4; l++)
                    s[k++] = (uint16_t)(53 + 1326 + h[i] + c2(h[j]) + c3(h[l]));
    }
    for (size_t t = 0; t < sizeof f->inv / sizeof f->inv[0]; t++)
        f->inv[t] = 1.0;
    for (int p = 0; p < 2; p++) {
        int k = 0;
        for (int32_t c = 0; c < m; c++)
            for (int i = 0; i < n[p]; i++)
                if (memcmp(f->cards[c], drawn[p][i], 4) == 0) {
                    f->hands[p][k] = c;
                    f->weights[p][k] = 0.1 + (double)(next_random(&state) % 1000) / 1000.0;
                    memcpy(f->rows[p] + (size_t)k * BF_LR_SUBSETS,
                           f->subsets + (size_t)c * BF_LR_SUBSETS,
                           sizeof(uint16_t) * BF_LR_SUBSETS);
                    k++;
                }
    }
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < n[p]; i++) {
            f->other[p][i] = -1;
            for (int j = 0; j < n[1 - p]; j++)
                if (f->hands[1 - p][j] == f->hands[p][i])
                    f->other[p][i] = j;
        }
    /* 0: P0 check | bet; 1: P1 check | bet; 2: P1 fold | call; 3: showdown; 4: P0 fold | call;
     * 5: P1 folded; 6: showdown; 7: P0 folded; 8: showdown. Pot 12, bet 4. */
    static const int8_t kind[9] = {0, 0, 0, 2, 0, 1, 2, 1, 2}, actor[9] = {0, 1, 1, 0, 0, 0, 0, 0, 0};
    static const int32_t first[9] = {1, 3, 5, 0, 7, 0, 0, 0, 0}, count[9] = {2, 2, 2, 0, 2, 0, 0, 0, 0};
    static const double pays[9][6] = {
        {0}, {0}, {0}, {12, 6, 0, 12, 6, 0}, {0}, {12, 12, 12, 0, 0, 0}, {16, 6, -4, 16, 6, -4},
        {0, 0, 0, 12, 12, 12}, {16, 6, -4, 16, 6, -4}};
    memcpy(f->kind, kind, sizeof kind), memcpy(f->actor, actor, sizeof actor);
    memcpy(f->first, first, sizeof first), memcpy(f->count, count, sizeof count);
    memcpy(f->payoff, pays, sizeof pays);
    f->offset[0] = 0, f->offset[4] = 2 * n[0];
    f->offset[1] = 0, f->offset[2] = 2 * n[1];
    g->n_classes = m;
    g->n_tallies = 1 + 52 + 1326 + 22100;
    g->rank = f->rank, g->members = f->members, g->inv_members = f->inv;
    for (int p = 0; p < 2; p++) {
        g->n_hands[p] = n[p];
        g->hands[p] = f->hands[p], g->weights[p] = f->weights[p], g->other[p] = f->other[p];
        g->subsets[p] = f->rows[p];
        g->table_len[p] = 4 * n[p];
        f->regret[p] = xmalloc(sizeof(double) * 4 * (size_t)n[p]);
        f->sums[p] = xmalloc(sizeof(double) * 4 * (size_t)n[p]);
        memset(f->regret[p], 0, sizeof(double) * 4 * (size_t)n[p]);
        memset(f->sums[p], 0, sizeof(double) * 4 * (size_t)n[p]);
        g->regret[p] = f->regret[p], g->strategy_sum[p] = f->sums[p];
    }
    g->n_nodes = 9;
    g->kind = f->kind, g->actor = f->actor, g->first_child = f->first, g->n_children = f->count;
    g->offset = f->offset, g->payoff = f->payoff;
}

static void free_fixture(fixture *f)
{
    for (int p = 0; p < 2; p++)
        free(f->regret[p]), free(f->sums[p]);
}

/* A lane's values are the same bits swept alone (the one-lane path) or among 13 (blocks of 8,
 * 4 and 1), with subset classes of one member (single hands) or of several (orbits). */
static void check_lanes(uint64_t seed, int unit)
{
    enum { LANES = 13 };
    fixture f;
    bf_lr_game g;
    int n[2] = {30 + (int)(seed % 20), 40 + (int)(seed % 30)};
    make_fixture(&f, &g, seed, n);
    if (!unit)
        for (size_t t = 0; t < sizeof f.inv / sizeof f.inv[0]; t++)
            f.inv[t] = 1.0 / (double)(1 + t % 3);
    double pay[3 * LANES];
    for (int k = 0; k < 3 * LANES; k++)
        pay[k] = (double)(k % 7) - 2.5;
    for (int p = 0; p < 2; p++) {
        int q = 1 - p;
        double *wide = xmalloc(sizeof(double) * LANES * (size_t)n[q]);
        double *one = xmalloc(sizeof(double) * (size_t)n[q]);
        double *out = xmalloc(sizeof(double) * LANES * (size_t)n[p]);
        double *alone = xmalloc(sizeof(double) * (size_t)n[p]);
        for (int j = 0; j < n[q]; j++)
            for (int k = 0; k < LANES; k++)
                wide[j * LANES + k] = f.weights[q][j] * (double)(1 + (j + k) % 5);
        if (bf_lr_showdown(&g, p, LANES, wide, pay, out) != 0)
            fail("bf_lr_showdown refused a valid call of %d lanes", LANES);
        for (int k = 0; k < LANES; k++) {
            for (int j = 0; j < n[q]; j++)
                one[j] = wide[j * LANES + k];
            if (bf_lr_showdown(&g, p, 1, one, pay + 3 * k, alone) != 0)
                fail("bf_lr_showdown refused a valid call of one lane");
            for (int i = 0; i < n[p]; i++)
                if (memcmp(&alone[i], &out[i * LANES + k], sizeof(double)) != 0)
                    fail("lane %d of player %d, hand %d: %.17g alone, %.17g among %d (unit %d)",
                         k, p, i, alone[i], out[i * LANES + k], LANES, unit);
        }
        free(wide), free(one), free(out), free(alone);
    }
    free_fixture(&f);
}

static void check_showdown(uint64_t seed)
{
    fixture f;
    bf_lr_game g;
    int n[2] = {40 + (int)(seed % 20), 50 + (int)(seed % 30)};
    make_fixture(&f, &g, seed, n);
    if (bf_lr_check(&g) != 0)
        fail("a valid fixture is refused");
    double pay[6] = {16, 6, -4, 3, -2, 5};
    for (int p = 0; p < 2; p++) {
        int q = 1 - p;
        double *opp = xmalloc(sizeof(double) * 2 * (size_t)n[q]);
        double *out = xmalloc(sizeof(double) * 2 * (size_t)n[p]);
        for (int j = 0; j < n[q]; j++)
            opp[2 * j] = f.weights[q][j], opp[2 * j + 1] = 0.5 * f.weights[q][j];
        if (bf_lr_showdown(&g, p, 2, opp, pay, out) != 0)
            fail("bf_lr_showdown refused a valid call");
        for (int i = 0; i < n[p]; i++) {
            const uint8_t *h = f.cards[f.hands[p][i]];
            for (int k = 0; k < 2; k++) {
                double expect = 0.0;
                for (int j = 0; j < n[q]; j++) {
                    const uint8_t *o = f.cards[f.hands[q][j]];
                    if (shares(h, o))
                        continue;
                    int rh = f.rank[f.hands[p][i]], ro = f.rank[f.hands[q][j]];
                    double w = opp[2 * j + k];
                    expect += w * (rh < ro ? pay[3 * k] : rh == ro ? pay[3 * k + 1] : pay[3 * k + 2]);
                }
                if (fabs(out[2 * i + k] - expect) > 1e-9)
                    fail("showdown of hand %d lane %d: %.12f, not %.12f", i, k, out[2 * i + k],
                         expect);
            }
        }
        free(opp), free(out);
    }
    free_fixture(&f);
}

static double total(const bf_lr_game *g, const fixture *f, int p, const double *rows)
{
    double s = 0.0;
    for (int i = 0; i < g->n_hands[p]; i++)
        s += f->weights[p][i] * rows[i];
    return s;
}

/* (BR0 + BR1 - pot) / 2 of the average strategies, as a fraction of the pot. */
static double exploitability(const bf_lr_game *g, const fixture *f, int threads)
{
    double *avg[2], best[2], mass_total = 0.0;
    for (int p = 0; p < 2; p++) {
        avg[p] = xmalloc(sizeof(double) * (size_t)g->table_len[p]);
        if (bf_lr_average(g, p, avg[p]) != 0)
            fail("bf_lr_average refused a valid call");
    }
    for (int p = 0; p < 2; p++) {
        double *root = xmalloc(sizeof(double) * (size_t)g->n_hands[p]);
        double *mass = xmalloc(sizeof(double) * 9 * (size_t)g->n_hands[p]);
        double *table = xmalloc(sizeof(double) * (size_t)g->table_len[p]);
        if (bf_lr_values(g, p, avg[1 - p], NULL, NULL, root, table, mass, threads) != 0)
            fail("bf_lr_values refused a valid call");
        best[p] = total(g, f, p, root);
        if (p == 0)
            mass_total = total(g, f, 0, mass);
        for (int i = 0; i < g->n_hands[p]; i++) /* a one-hot table, mass falls down the tree */
            if (table[2 * i] + table[2 * i + 1] != 1.0 || mass[i] < mass[4 * g->n_hands[p] + i])
                fail("best response table or mass of hand %d", i);
        free(root), free(mass), free(table);
    }
    free(avg[0]), free(avg[1]);
    return ((best[0] + best[1]) / mass_total - 12.0) / 2.0 / 12.0;
}

static void check_cfr(void)
{
    fixture f[3];
    bf_lr_game g[3];
    int n[2] = {60, 70};
    for (int t = 0; t < 3; t++) {
        make_fixture(&f[t], &g[t], 99, n);
        if (bf_lr_iterate(&g[t], 1, 3, t + 1) != 0)
            fail("bf_lr_iterate refused a valid call");
    }
    double early = exploitability(&g[0], &f[0], 1);
    for (int t = 0; t < 3; t++)
        if (bf_lr_iterate(&g[t], 4, 60, t + 1) != 0)
            fail("bf_lr_iterate refused a valid call");
    for (int t = 1; t < 3; t++)
        for (int p = 0; p < 2; p++)
            if (memcmp(f[t].regret[p], f[0].regret[p], sizeof(double) * 4 * (size_t)n[p]) ||
                memcmp(f[t].sums[p], f[0].sums[p], sizeof(double) * 4 * (size_t)n[p]))
                fail("%d threads give other bits than one", t + 1);
    double late = exploitability(&g[0], &f[0], 2);
    if (!(late < early && late >= -1e-12))
        fail("exploitability %.6f after 63 iterations, %.6f after 3", late, early);
    for (int t = 0; t < 3; t++)
        free_fixture(&f[t]);
}

/* bf_lr_run in one work area over several calls, measuring after some, gives the bits of
 * bf_lr_iterate, and its measurement those of bf_lr_average and bf_lr_values, on any thread
 * count. */
static void check_run(void)
{
    int n[2] = {50, 45};
    fixture ref;
    bf_lr_game gr;
    make_fixture(&ref, &gr, 77, n);
    for (int threads = 1; threads <= 3; threads++) {
        fixture f;
        bf_lr_game g;
        make_fixture(&f, &g, 77, n);
        bf_lr_work *w = bf_lr_work_new(&g);
        if (w == NULL)
            fail("bf_lr_work_new refused a valid game");
        double *avg[2], *best[2];
        for (int p = 0; p < 2; p++) {
            avg[p] = xmalloc(sizeof(double) * (size_t)g.table_len[p]);
            best[p] = xmalloc(sizeof(double) * (size_t)n[p]);
        }
        double *own[2] = {xmalloc(sizeof(double) * (size_t)n[0]),
                          xmalloc(sizeof(double) * (size_t)n[1])};
        bf_lr_measure m = {{avg[0], avg[1]}, {best[0], best[1]}, {own[0], own[1]}};
        static const int64_t blocks[] = {0, 1, 1, 2, 5, 0, 11};
        int64_t done = 0;
        for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
            if (bf_lr_run(&g, w, done + 1, blocks[b], threads, b % 2 ? NULL : &m) != 0)
                fail("bf_lr_run refused a valid call");
            if (threads == 1 && blocks[b] && bf_lr_iterate(&gr, done + 1, blocks[b], 1) != 0)
                fail("bf_lr_iterate refused a valid call");
            done += blocks[b];
        }
        for (int p = 0; p < 2; p++)
            if (memcmp(f.regret[p], ref.regret[p], sizeof(double) * 4 * (size_t)n[p]) ||
                memcmp(f.sums[p], ref.sums[p], sizeof(double) * 4 * (size_t)n[p]))
                fail("bf_lr_run on %d threads gives other bits than bf_lr_iterate", threads);
        for (int p = 0; p < 2; p++) { /* the last block measured: compare */
            double *a = xmalloc(sizeof(double) * (size_t)g.table_len[p]);
            if (bf_lr_average(&g, p, a) != 0)
                fail("bf_lr_average refused a valid call");
            if (memcmp(a, avg[p], sizeof(double) * (size_t)g.table_len[p]))
                fail("the measured average of player %d is not bf_lr_average's", p);
            free(a);
        }
        for (int p = 0; p < 2; p++) {
            double *root = xmalloc(sizeof(double) * (size_t)n[p]);
            if (bf_lr_values(&g, p, avg[1 - p], NULL, NULL, root, NULL, NULL, 1) != 0)
                fail("bf_lr_values refused a valid call");
            if (memcmp(root, best[p], sizeof(double) * (size_t)n[p]))
                fail("the measured best response of player %d is not bf_lr_values's", p);
            if (bf_lr_values(&g, p, avg[1 - p], avg[p], NULL, root, NULL, NULL, 2) != 0)
                fail("bf_lr_values refused a valid call");
            if (memcmp(root, own[p], sizeof(double) * (size_t)n[p]))
                fail("the measured value of player %d's average is not bf_lr_values's", p);
            free(root);
        }
        for (int p = 0; p < 2; p++)
            free(avg[p]), free(best[p]), free(own[p]);
        bf_lr_work_free(w);
        free_fixture(&f);
    }
    free_fixture(&ref);
}

static void check_refusals(void)
{
    fixture f;
    bf_lr_game g;
    int n[2] = {10, 12};
    make_fixture(&f, &g, 5, n);
    double opp[12 * 2] = {0}, pay[6] = {0}, out[12 * 2], root[12];
    double table[4 * 12] = {0};
    if (bf_lr_check(NULL) != BF_LR_BAD_ARGS || bf_lr_showdown(NULL, 0, 1, opp, pay, out) !=
        BF_LR_BAD_ARGS)
        fail("a NULL game is accepted");
    if (bf_lr_showdown(&g, 2, 1, opp, pay, out) != BF_LR_BAD_ARGS ||
        bf_lr_showdown(&g, 0, 0, opp, pay, out) != BF_LR_BAD_ARGS ||
        bf_lr_showdown(&g, 0, BF_LR_MAX_LANES + 1, opp, pay, out) != BF_LR_BAD_ARGS ||
        bf_lr_showdown(&g, 0, 1, NULL, pay, out) != BF_LR_BAD_ARGS)
        fail("a bad showdown call is accepted");
    if (bf_lr_iterate(&g, 0, 1, 1) != BF_LR_BAD_ARGS || bf_lr_iterate(&g, 1, -1, 1) !=
        BF_LR_BAD_ARGS || bf_lr_iterate(&g, 1, 1, 0) != BF_LR_BAD_ARGS ||
        bf_lr_iterate(&g, 1, 1, 65) != BF_LR_BAD_ARGS)
        fail("a bad iterate call is accepted");
    bf_lr_work *w = bf_lr_work_new(&g);
    fixture f2;
    bf_lr_game g2;
    int n2[2] = {11, 12};
    make_fixture(&f2, &g2, 6, n2);
    double half[4 * 12], roots[12];
    bf_lr_measure m = {{half, table}, {root, roots}, {NULL, NULL}};
    bf_lr_measure gap = {{half, NULL}, {root, roots}, {NULL, NULL}};
    if (w == NULL || bf_lr_work_new(NULL) != NULL)
        fail("bf_lr_work_new: a valid game refused or a NULL one accepted");
    if (bf_lr_run(&g, NULL, 1, 1, 1, NULL) != BF_LR_BAD_ARGS ||
        bf_lr_run(&g2, w, 1, 1, 1, NULL) != BF_LR_BAD_ARGS ||
        bf_lr_run(&g, w, 0, 1, 1, NULL) != BF_LR_BAD_ARGS ||
        bf_lr_run(&g, w, 1, -1, 1, NULL) != BF_LR_BAD_ARGS ||
        bf_lr_run(&g, w, 1, 1, 65, NULL) != BF_LR_BAD_ARGS ||
        bf_lr_run(&g, w, 1, 1, 1, &gap) != BF_LR_BAD_ARGS ||
        bf_lr_run(NULL, w, 1, 1, 1, &m) != BF_LR_BAD_ARGS)
        fail("a bad run call is accepted (no work, work of other sizes, or no average)");
    if (bf_lr_run(&g, w, 1, 1, 2, &m) != 0)
        fail("bf_lr_run refused a valid call");
    bf_lr_work_free(w);
    bf_lr_work_free(NULL);
    free_fixture(&f2);
    if (bf_lr_values(&g, 0, NULL, NULL, NULL, root, NULL, NULL, 1) != BF_LR_BAD_ARGS ||
        bf_lr_values(&g, 0, table, NULL, NULL, NULL, NULL, NULL, 1) != BF_LR_BAD_ARGS ||
        bf_lr_average(&g, 3, table) != BF_LR_BAD_ARGS)
        fail("a bad values or average call is accepted");
    free_fixture(&f);
}

/* bf_lr_current after some iterations: at each node of the player, each row is its positive
 * regrets normalised, or uniform where none is positive; bad calls refused. */
static void check_current(void)
{
    fixture f;
    bf_lr_game g;
    int n[2] = {30, 40};
    make_fixture(&f, &g, 9, n);
    if (bf_lr_iterate(&g, 1, 5, 1) != 0)
        fail("bf_lr_iterate refused a valid call");
    for (int p = 0; p < 2; p++) {
        double *out = xmalloc(sizeof(double) * (size_t)g.table_len[p]);
        if (bf_lr_current(&g, p, g.regret[p], out) != 0)
            fail("bf_lr_current refused a valid call");
        for (int32_t node = 0; node < g.n_nodes; node++) {
            if (g.kind[node] != BF_LR_DECISION || g.actor[node] != p)
                continue;
            int actions = g.n_children[node];
            for (int32_t i = 0; i < g.n_hands[p]; i++) {
                const double *r = g.regret[p] + g.offset[node] + (size_t)i * actions;
                const double *s = out + g.offset[node] + (size_t)i * actions;
                double positive = 0.0, sum = 0.0;
                for (int a = 0; a < actions; a++)
                    positive += r[a] > 0.0 ? r[a] : 0.0;
                for (int a = 0; a < actions; a++) {
                    double want = positive > 0.0 ? (r[a] > 0.0 ? r[a] / positive : 0.0)
                                                 : 1.0 / actions;
                    if (s[a] != want)
                        fail("current of node %d row %d action %d", node, i, a);
                    sum += s[a];
                }
                if (sum < 1.0 - 1e-12 || sum > 1.0 + 1e-12)
                    fail("current row %d of node %d sums to %g", i, node, sum);
            }
        }
        if (bf_lr_current(NULL, p, g.regret[p], out) != BF_LR_BAD_ARGS ||
            bf_lr_current(&g, 2, g.regret[p], out) != BF_LR_BAD_ARGS ||
            bf_lr_current(&g, p, NULL, out) != BF_LR_BAD_ARGS ||
            bf_lr_current(&g, p, g.regret[p], NULL) != BF_LR_BAD_ARGS)
            fail("a bad current call is accepted");
        free(out);
    }
    free_fixture(&f);
}

/* One field of a valid game corrupted at a time: refused, or run to the end, never a fault. */
static void fuzz(void)
{
    uint64_t state = 17;
    for (int trial = 0; trial < 300; trial++) {
        fixture f;
        bf_lr_game g;
        int n[2] = {8, 9};
        make_fixture(&f, &g, 1000 + (uint64_t)trial, n);
        /* a work area and a measurement made for the valid game, before the corruption */
        bf_lr_work *work = bf_lr_work_new(&g);
        double avg[2][4 * 9], best[2][9], own[2][9];
        bf_lr_measure m = {{avg[0], avg[1]}, {best[0], best[1]}, {own[0], own[1]}};
        if (work == NULL)
            fail("fuzz trial %d: bf_lr_work_new refused a valid game", trial);
        uint64_t r = next_random(&state);
        int32_t big = (int32_t)(r >> 32) % 100000 - 50000;
        switch (r % 12) {
        case 0: f.rows[r >> 8 & 1][(r >> 9) % (8 * BF_LR_SUBSETS)] = (uint16_t)big; break;
        case 1: f.hands[r >> 8 & 1][(r >> 9) % 8] = big; break;
        case 2: f.other[r >> 8 & 1][(r >> 9) % 8] = big; break;
        case 3: f.first[(r >> 8) % 9] = big; break;
        case 4: f.count[(r >> 8) % 9] = big; break;
        case 5: f.offset[(r >> 8) % 9] = big; break;
        case 6: f.kind[(r >> 8) % 9] = (int8_t)big; break;
        case 7: f.actor[(r >> 8) % 9] = (int8_t)big; break;
        case 8: g.n_hands[r >> 8 & 1] = big; break;
        case 9: g.n_nodes = big % 20; break;
        case 10: f.weights[r >> 8 & 1][(r >> 9) % 8] = big % 2 ? -1.0 : NAN; break;
        default: f.inv[(r >> 8) % 23479] = (double)big; break;
        }
        int status = bf_lr_iterate(&g, 1, 2, 1 + (int)(r % 3));
        if (status != 0 && status != BF_LR_BAD_ARGS)
            fail("fuzz trial %d: status %d", trial, status);
        status = bf_lr_run(&g, work, 3, 2, 1 + (int)(r % 3), &m);
        if (status != 0 && status != BF_LR_BAD_ARGS)
            fail("fuzz trial %d: run status %d", trial, status);
        status = bf_lr_current(&g, r >> 7 & 1, f.regret[r >> 7 & 1], avg[0]);
        if (status != 0 && status != BF_LR_BAD_ARGS)
            fail("fuzz trial %d: current status %d", trial, status);
        bf_lr_work_free(work);
        free_fixture(&f);
    }
}

int main(void)
{
    for (uint64_t seed = 1; seed <= 6; seed++)
        check_showdown(seed);
    for (uint64_t seed = 1; seed <= 3; seed++)
        check_lanes(seed, 1), check_lanes(seed, 0);
    check_cfr();
    check_run();
    check_refusals();
    check_current();
    fuzz();
    puts(CHECK_NAME ": OK");
    return 0;
}
