/* The last betting round between two ranges: the public entry points of solve/last_round.h,
 * the checks of a problem, the work area kept across calls, and discounted CFR's iterations
 * and measurement. A pass over the tree is solve/tree_pass.c, the showdown sweep
 * solve/sweep.c, the threads common/pool.c.
 *
 * Discounted CFR (Brown and Sandholm, "Solving Imperfect-Information Games via Discounted
 * Regret Minimization", 2019) with alpha = 1.5, beta = 0, gamma = 2 and alternating updates: on
 * iteration t, before adding the iteration's regrets, positive cumulative regrets are scaled by
 * (t-1)^1.5 / ((t-1)^1.5 + 1), negative ones by 1/2, and the strategy sums by ((t-1) / t)^2.
 *
 * Threads: the work of an iteration splits into phases whose parts touch disjoint memory: the
 * reach of every node for a block of hands; the terminal values, a sweep with one lane per
 * terminal node, split by rank into a fixed number of chunks (a prefix sum done as chunk sums,
 * their prefixes, then each chunk again: see "the sweep, in chunks of ranks" in
 * solve/sweep.c); and the backward pass for a block of hands. The sweeps of a pass (showdowns,
 * folds) run their phases side by side, so a pass waits for its threads five times. Splitting
 * the terminal nodes among the threads instead left each thread a few lanes of a sweep (so its
 * per-hand work was repeated) and shares of unequal cost. A measurement's two best responses
 * run one after the other on all the threads (run side by side on halves of them, the faster
 * waited for the slower: slower in all). Every number is computed by the same operations in
 * the same order whatever the split, so a run gives the same bits on any thread count. The
 * threads start once a call (common/pool.h); the memory lives in a work area a solve keeps
 * across its calls.
 */
#include "solve/last_round.h"
#include "common/pool.h"
#include "solve/sweep.h"
#include "solve/tree_pass.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- checks ----------------------------------------------------------------------------- */

int bf_lr_check(const bf_lr_game *g)
{
    if (g == NULL || g->n_classes < 1 || g->n_tallies < 1 || !g->rank ||
        !g->members || !g->inv_members || g->n_nodes < 1 || !g->kind || !g->actor ||
        !g->first_child || !g->n_children || !g->offset || !g->payoff)
        return BF_LR_BAD_ARGS;
    for (int32_t t = 0; t < g->n_tallies; t++)
        if (!(g->inv_members[t] > 0.0 && g->inv_members[t] <= 1.0))
            return BF_LR_BAD_ARGS;
    for (int p = 0; p < 2; p++) {
        if (g->n_hands[p] < 1 || !g->hands[p] || !g->weights[p] || !g->other[p] ||
            !g->subsets[p] || g->table_len[p] < 0)
            return BF_LR_BAD_ARGS;
        if (p == 1 && g->n_hands[1] == g->n_hands[0] && g->hands[1] == g->hands[0] &&
            g->weights[1] == g->weights[0] && g->other[1] == g->other[0] &&
            g->subsets[1] == g->subsets[0])
            continue; /* one range against itself, sharing its arrays: checked as player 0 */
        /* every hand's checks are or-ed together without a branch (a full range has 270,725
         * rows and this runs on every call) */
        const int32_t *hands = g->hands[p], *mate = g->hands[1 - p], *other = g->other[p];
        const double *weights = g->weights[p];
        int32_t n = g->n_hands[p], n_other = g->n_hands[1 - p];
        int bad = 0;
        for (int32_t i = 0; i < n; i++) {
            int32_t c = hands[i], o = other[i];
            if ((unsigned)c >= (unsigned)g->n_classes)
                return BF_LR_BAD_ARGS; /* before c indexes anything */
            if (i) /* the classes a range lists ascend, and so do their ranks */
                bad |= (c <= hands[i - 1]) | (g->rank[c] < g->rank[hands[i - 1]]);
            bad |= !(g->members[c] >= 1.0);
            bad |= !(weights[i] >= 0.0 && weights[i] <= DBL_MAX);
            if (o != -1)
                bad |= (unsigned)o >= (unsigned)n_other || mate[o] != c;
        }
        /* every row's subsets index the tallies, 1 .. n_tallies - 1: one flat pass, the
         * highest of index - 1 (0 wraps to the top) in 16 bits, which vectorises */
        const uint16_t *sub = g->subsets[p];
        size_t n_sub = (size_t)n * BF_LR_SUBSETS;
        uint16_t top = 0;
        for (size_t k = 0; k < n_sub; k++) {
            uint16_t t = (uint16_t)(sub[k] - 1u);
            top = t > top ? t : top;
        }
        bad |= (int32_t)top + 1 >= g->n_tallies;
        if (bad)
            return BF_LR_BAD_ARGS;
    }
    for (int32_t n = 0; n < g->n_nodes; n++) {
        if (g->kind[n] == BF_LR_DECISION) {
            int a = g->actor[n];
            int32_t first = g->first_child[n], count = g->n_children[n];
            if ((a != 0 && a != 1) || count < 1 || first <= n || first > g->n_nodes - count)
                return BF_LR_BAD_ARGS;
            if (g->offset[n] < 0 ||
                g->offset[n] > g->table_len[a] - (int64_t)g->n_hands[a] * count)
                return BF_LR_BAD_ARGS;
        } else if (g->kind[n] != BF_LR_FOLD && g->kind[n] != BF_LR_SHOWDOWN) {
            return BF_LR_BAD_ARGS;
        }
        for (int k = 0; k < 6; k++)
            if (!isfinite(g->payoff[(size_t)n * 6 + k]))
                return BF_LR_BAD_ARGS;
    }
    return 0;
}

int bf_lr_showdown(const bf_lr_game *g, int player, int lanes, const double *opp_reach,
                   const double *pay, double *out)
{
    if (bf_lr_check(g) || (player != 0 && player != 1) || lanes < 1 ||
        lanes > BF_LR_MAX_LANES || !opp_reach || !pay || !out)
        return BF_LR_BAD_ARGS;
    size_t width = (size_t)g->n_tallies * (size_t)lanes;
    double *tally = malloc(sizeof(double) * BF_SWEEP_CHUNKS * width);
    if (tally == NULL)
        return BF_LR_NO_MEMORY;
    bf_sweep_job j;
    memset(&j, 0, sizeof j);
    j.g = g, j.p = player, j.lanes = lanes, j.showdown = 1;
    j.pay = pay, j.opp = opp_reach, j.out = out, j.tally = tally;
    bf_pool one;
    bf_pool_start(&one, 1);
    bf_sweep_run(&j, 1, &one);
    bf_pool_stop(&one);
    free(tally);
    return 0;
}

static int check_threads(int threads)
{
    return threads >= 1 && threads <= BF_POOL_MAX_THREADS;
}

/* ---- memory kept across calls ---------------------------------------------------------- */

/* A solve makes many short calls (its first blocks of iterations are one or two iterations
 * long, each followed by a measurement), and memory fresh from the system costs a page fault
 * per 4 KiB on first use: about 10 MB of it per call, a fifth of a short call's time and a
 * part that two threads share badly. A work area is allocated once and reused. */
struct bf_lr_work {
    int32_t n_hands[2], n_nodes, n_tallies; /* the game it was made for */
    int64_t table_len[2];
    double *current[2];    /* the current strategies, [table_len[p] + 1] */
    double *reach_q, *reach_p, *values; /* [n_nodes * max n_hands] each */
    double *scratch;       /* the terminal batches' scratch (bf_tree_pass_scratch_new) */
    size_t scratch_lanes;
};

void bf_lr_work_free(bf_lr_work *w)
{
    if (w == NULL)
        return;
    free(w->current[0]), free(w->current[1]);
    free(w->reach_q), free(w->reach_p), free(w->values), free(w->scratch);
    free(w);
}

/* The work area of a checked game; NULL when out of memory. */
static bf_lr_work *work_alloc(const bf_lr_game *g)
{
    bf_lr_work *w = calloc(1, sizeof *w);
    if (w == NULL)
        return NULL;
    int32_t n0 = g->n_hands[0], n1 = g->n_hands[1], nmax = n0 > n1 ? n0 : n1;
    size_t each = (size_t)g->n_nodes * (size_t)nmax;
    w->n_hands[0] = n0, w->n_hands[1] = n1, w->n_nodes = g->n_nodes;
    w->n_tallies = g->n_tallies;
    w->table_len[0] = g->table_len[0], w->table_len[1] = g->table_len[1];
    for (int p = 0; p < 2; p++)
        w->current[p] = malloc(sizeof(double) * (size_t)(g->table_len[p] + 1));
    w->reach_q = malloc(sizeof(double) * each);
    w->reach_p = malloc(sizeof(double) * each);
    w->values = malloc(sizeof(double) * each);
    bf_tree_pass ps;
    memset(&ps, 0, sizeof ps);
    ps.g = g;
    int status = bf_tree_pass_scratch_new(&ps);
    w->scratch = ps.scratch, w->scratch_lanes = ps.scratch_lanes;
    if (status || !w->current[0] || !w->current[1] || !w->reach_q || !w->reach_p ||
        !w->values) {
        bf_lr_work_free(w);
        return NULL;
    }
    return w;
}

bf_lr_work *bf_lr_work_new(const bf_lr_game *g)
{
    return bf_lr_check(g) ? NULL : work_alloc(g);
}

/* w was made for a game of g's sizes (a smaller or larger one would overrun it). */
static int work_fits(const bf_lr_work *w, const bf_lr_game *g)
{
    return w->n_hands[0] == g->n_hands[0] && w->n_hands[1] == g->n_hands[1] &&
           w->n_nodes == g->n_nodes && w->n_tallies == g->n_tallies &&
           w->table_len[0] == g->table_len[0] && w->table_len[1] == g->table_len[1];
}

/* ---- CFR -------------------------------------------------------------------------------- */

/* The square root by Newton's method from above (the core links no maths library). */
static double square_root(double x)
{
    if (!(x > 0.0))
        return 0.0;
    double r = x > 1.0 ? x : 1.0;
    for (int i = 0; i < 200; i++) {
        double next = 0.5 * (r + x / r);
        if (!(next < r))
            break;
        r = next;
    }
    return r;
}

/* The average strategy of rows lo .. hi of `player` (strategy sums normalised, uniform where
 * the sum is 0), into out laid out as the tables. */
static void average_rows(const bf_lr_game *g, int player, int32_t lo, int32_t hi, double *out)
{
    for (int32_t node = 0; node < g->n_nodes; node++) {
        if (g->kind[node] != BF_LR_DECISION || g->actor[node] != player)
            continue;
        int actions = g->n_children[node];
        const double *s = g->strategy_sum[player] + g->offset[node];
        double *o = out + g->offset[node];
        for (int32_t i = lo; i < hi; i++) {
            double sum = 0.0;
            for (int a = 0; a < actions; a++)
                sum += s[(size_t)i * actions + a];
            for (int a = 0; a < actions; a++)
                o[(size_t)i * actions + a] =
                    sum > 0.0 ? s[(size_t)i * actions + a] / sum : 1.0 / actions;
        }
    }
}

typedef struct {
    const bf_lr_game *g;
    int threads;
    double *const *out; /* [2] */
} average_job;

/* Tasks 0 .. threads-1: blocks of player 0's rows; then player 1's. */
static void average_task(void *ctx, int task)
{
    average_job *j = ctx;
    int x = task < j->threads ? 0 : 1;
    int32_t lo, hi;
    bf_hand_block(j->g->n_hands[x], j->threads, task % j->threads, &lo, &hi);
    average_rows(j->g, x, lo, hi, j->out[x]);
}

/* Player p's values against the other's average, in `ps` (its buffers and threads set): as a
 * best response into m->best[p], then playing its own average into m->own[p] (each when
 * asked). */
static int best_pass(bf_tree_pass *ps, int p, const bf_lr_measure *m)
{
    int status = 0;
    ps->p = p, ps->q = 1 - p;
    ps->strat[1 - p] = m->average[1 - p];
    ps->update = 0, ps->match = 0;
    for (int own = 0; own < 2 && status == 0; own++) {
        double *out = own ? m->own[p] : m->best[p];
        if (out == NULL)
            continue;
        ps->strat[p] = own ? m->average[p] : NULL;
        status = bf_tree_pass_run(ps, 0, 0);
        if (status == 0)
            memcpy(out, ps->values, sizeof(double) * (size_t)ps->g->n_hands[p]);
    }
    return status;
}

/* The measurement after the iterations: the average strategies, then each player's values
 * against the other's (bf_lr_values: as a best response, and playing its own average). */
static int measure_averages(const bf_lr_game *g, bf_tree_pass *ps, const bf_lr_measure *m)
{
    int threads = ps->threads;
    average_job aj = {g, threads, m->average};
    bf_pool_run(ps->pool, 2 * threads, average_task, &aj);
    int status = best_pass(ps, 0, m);
    return status ? status : best_pass(ps, 1, m);
}

int bf_lr_run(bf_lr_game *g, bf_lr_work *w, int64_t first, int64_t iterations, int threads,
              const bf_lr_measure *measure)
{
    if (bf_lr_check(g) || w == NULL || !work_fits(w, g) || first < 1 || iterations < 0 ||
        !check_threads(threads) || !g->regret[0] || !g->regret[1] || !g->strategy_sum[0] ||
        !g->strategy_sum[1])
        return BF_LR_BAD_ARGS;
    if (measure && (!measure->average[0] || !measure->average[1]))
        return BF_LR_BAD_ARGS;
    int status = 0;
    bf_tree_pass ps;
    memset(&ps, 0, sizeof ps);
    ps.g = g, ps.threads = threads;
    ps.scratch = w->scratch, ps.scratch_lanes = w->scratch_lanes;
    ps.reach_q = w->reach_q, ps.reach_p = w->reach_p, ps.values = w->values;
    bf_pool threads_of_call;
    bf_pool_start(&threads_of_call, threads);
    ps.pool = &threads_of_call;
    for (int64_t t = first; status == 0 && t < first + iterations; t++) {
        double before = (double)(t - 1), grown = before * square_root(before);
        for (int p = 0; p < 2 && status == 0; p++) {
            int q = 1 - p;
            ps.p = p, ps.q = q;
            ps.strat[0] = w->current[0], ps.strat[1] = w->current[1];
            ps.update = 1, ps.match = 1;
            ps.current[0] = w->current[0], ps.current[1] = w->current[1];
            ps.positive = grown / (grown + 1.0);
            ps.negative = 0.5;
            ps.average = (before / (double)t) * (before / (double)t);
            status = bf_tree_pass_run(&ps, 1, 0);
        }
    }
    if (status == 0 && measure)
        status = measure_averages(g, &ps, measure);
    bf_pool_stop(&threads_of_call);
    return status;
}

int bf_lr_iterate(bf_lr_game *g, int64_t first, int64_t iterations, int threads)
{
    if (bf_lr_check(g) || first < 1 || iterations < 0 || !check_threads(threads) ||
        !g->regret[0] || !g->regret[1] || !g->strategy_sum[0] || !g->strategy_sum[1])
        return BF_LR_BAD_ARGS;
    bf_lr_work *w = work_alloc(g);
    if (w == NULL)
        return BF_LR_NO_MEMORY;
    int status = bf_lr_run(g, w, first, iterations, threads, NULL);
    bf_lr_work_free(w);
    return status;
}

int bf_lr_average(const bf_lr_game *g, int player, double *out)
{
    if (bf_lr_check(g) || (player != 0 && player != 1) || !out || !g->strategy_sum[player])
        return BF_LR_BAD_ARGS;
    average_rows(g, player, 0, g->n_hands[player], out);
    return 0;
}

int bf_lr_current(const bf_lr_game *g, int player, const double *regret, double *out)
{
    if (bf_lr_check(g) || (player != 0 && player != 1) || !regret || !out)
        return BF_LR_BAD_ARGS;
    for (int32_t node = 0; node < g->n_nodes; node++)
        if (g->kind[node] == BF_LR_DECISION && g->actor[node] == player)
            bf_tree_match(regret + g->offset[node], 0, g->n_hands[player], g->n_children[node],
                          out + g->offset[node]);
    return 0;
}

int bf_lr_values(const bf_lr_game *g, int player, const double *opponent, const double *own,
                 double *node_values, double *root, double *best, double *mass, int threads)
{
    if (bf_lr_check(g) || (player != 0 && player != 1) || !opponent || !root ||
        !check_threads(threads))
        return BF_LR_BAD_ARGS;
    int p = player, q = 1 - player;
    int32_t np = g->n_hands[p], nq = g->n_hands[q];
    size_t nodes = (size_t)g->n_nodes;
    double *reach_q = malloc(sizeof(double) * nodes * (size_t)nq);
    double *values = node_values ? node_values : malloc(sizeof(double) * nodes * (size_t)np);
    int status = 0;
    if (!reach_q || !values)
        status = BF_LR_NO_MEMORY;
    bf_tree_pass ps;
    memset(&ps, 0, sizeof ps);
    ps.g = g, ps.p = p, ps.q = q, ps.threads = threads;
    bf_pool threads_of_call;
    bf_pool_start(&threads_of_call, threads);
    ps.pool = &threads_of_call;
    ps.strat[q] = opponent, ps.strat[p] = own;
    ps.reach_q = reach_q, ps.values = values, ps.best = best;
    if (status == 0)
        status = bf_tree_pass_scratch_new(&ps);
    if (status == 0)
        status = bf_tree_pass_run(&ps, 0, 0);
    if (status == 0)
        memcpy(root, values, sizeof(double) * (size_t)np);
    if (status == 0 && mass) {
        ps.values = mass, ps.ones = 1, ps.best = NULL;
        status = bf_tree_pass_run(&ps, 0, 1);
    }
    bf_tree_pass_scratch_free(&ps);
    bf_pool_stop(&threads_of_call);
    free(reach_q);
    if (!node_values)
        free(values);
    return status;
}
