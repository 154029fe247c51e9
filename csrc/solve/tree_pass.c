/* One pass over the last round's public tree; see solve/tree_pass.h. A pass waits for its
 * threads five times: the reach of every node for a block of hands; the terminal values, the
 * sweeps of all the pass's terminal batches side by side in their three phases (solve/sweep.c);
 * and the backward pass for a block of hands. Every number is computed by the same operations
 * in the same order whatever the split, so a pass gives the same bits on any thread count.
 */
#include "solve/tree_pass.h"
#include "solve/sweep.h"

#include <stdlib.h>
#include <string.h>

void bf_tree_match(const double *regret, int32_t lo, int32_t hi, int actions, double *out)
{
    for (int32_t i = lo; i < hi; i++) {
        const double *r = regret + (size_t)i * actions;
        double *s = out + (size_t)i * actions, sum = 0.0;
        for (int a = 0; a < actions; a++)
            sum += r[a] > 0.0 ? r[a] : 0.0;
        for (int a = 0; a < actions; a++)
            s[a] = sum > 0.0 ? (r[a] > 0.0 ? r[a] / sum : 0.0) : 1.0 / actions;
    }
}

/* Reach of every node for a block of one player's hands: start[i] at the root, times the
 * player's strategy at its own nodes. */
static void forward(const bf_lr_game *g, int x, const double *strategy, const double *start,
                    int32_t lo, int32_t hi, double *reach)
{
    int32_t n = g->n_hands[x];
    for (int32_t i = lo; i < hi; i++)
        reach[i] = start ? start[i] : 1.0;
    for (int32_t node = 0; node < g->n_nodes; node++) {
        if (g->kind[node] != BF_LR_DECISION)
            continue;
        int actions = g->n_children[node];
        const double *from = reach + (size_t)node * n;
        for (int a = 0; a < actions; a++) {
            double *to = reach + (size_t)(g->first_child[node] + a) * n;
            if (g->actor[node] != x) {
                memcpy(to + lo, from + lo, sizeof(double) * (size_t)(hi - lo));
                continue;
            }
            const double *s = strategy + g->offset[node];
            for (int32_t i = lo; i < hi; i++)
                to[i] = from[i] * s[(size_t)i * actions + a];
        }
    }
}

static void forward_task(void *ctx, int task)
{
    bf_tree_pass *ps = ctx;
    const bf_lr_game *g = ps->g;
    int32_t lo, hi;
    /* tasks 0 .. threads-1: the other player's blocks; then p's own (CFR only) */
    int x = task < ps->threads ? ps->q : ps->p;
    bf_hand_block(g->n_hands[x], ps->threads, task % ps->threads, &lo, &hi);
    if (ps->match)
        for (int32_t node = 0; node < g->n_nodes; node++)
            if (g->kind[node] == BF_LR_DECISION && g->actor[node] == x)
                bf_tree_match(g->regret[x] + g->offset[node], lo, hi, g->n_children[node],
                      ps->current[x] + g->offset[node]);
    if (x == ps->q)
        forward(g, x, ps->strat[x], g->weights[x], lo, hi, ps->reach_q);
    else
        forward(g, x, ps->strat[x], NULL, lo, hi, ps->reach_p);
}

/* A batch's lanes: the payoffs, and where each lane's reach comes from and its values go. */
typedef struct {
    double pay[3 * BF_LR_MAX_LANES];
    const double *reach[BF_LR_MAX_LANES];
    double *values[BF_LR_MAX_LANES];
} batch_lanes;

/* The sweep of batch `b` of terminal nodes, a lane per node, in the scratch at `scratch`
 * (lanes * (n_q + n_p + BF_SWEEP_CHUNKS * n_tallies) doubles). */
static void batch_job(bf_tree_pass *ps, int32_t b, batch_lanes *io, double *scratch,
                      bf_sweep_job *j)
{
    const bf_lr_game *g = ps->g;
    int kind = ps->batch_kind[b], lanes = ps->batch_count[b];
    const int32_t *nodes = ps->terminals[kind] + ps->batch_first[b];
    int32_t np = g->n_hands[ps->p], nq = g->n_hands[ps->q];
    for (int k = 0; k < lanes; k++) {
        io->reach[k] = ps->reach_q + (size_t)nodes[k] * nq;
        io->values[k] = ps->values + (size_t)nodes[k] * np;
        for (int m = 0; m < 3; m++)
            io->pay[3 * k + m] =
                ps->ones ? 1.0 : g->payoff[(size_t)nodes[k] * 6 + 3 * ps->p + m];
    }
    memset(j, 0, sizeof *j);
    j->g = g, j->p = ps->p, j->lanes = lanes, j->showdown = kind == 0, j->pay = io->pay;
    j->gathered = scratch;
    j->opp = j->gathered, j->reach = io->reach;
    j->out = j->gathered + (size_t)nq * (size_t)lanes;
    j->values = io->values;
    j->tally = j->out + (size_t)np * (size_t)lanes;
}

/* The terminal values: the batches in groups that fit the scratch together, each group's
 * sweeps side by side. */
static int terminal_values(bf_tree_pass *ps)
{
    const bf_lr_game *g = ps->g;
    if (ps->n_batches == 0)
        return 0;
    bf_sweep_job *jobs = malloc(sizeof(bf_sweep_job) * (size_t)ps->n_batches);
    batch_lanes *io = malloc(sizeof(batch_lanes) * (size_t)ps->n_batches);
    if (jobs == NULL || io == NULL) {
        free(jobs), free(io);
        return BF_LR_NO_MEMORY;
    }
    size_t per_lane =
        (size_t)g->n_hands[0] + (size_t)g->n_hands[1] + BF_SWEEP_CHUNKS * (size_t)g->n_tallies;
    /* a batch alone always fits (bf_tree_pass_scratch_new) */
    for (int32_t b = 0; b < ps->n_batches;) {
        size_t used = 0;
        int count = 0;
        while (b + count < ps->n_batches &&
               used + (size_t)ps->batch_count[b + count] <= ps->scratch_lanes) {
            int32_t at = b + count;
            batch_job(ps, at, &io[count], ps->scratch + used * per_lane, &jobs[count]);
            used += (size_t)ps->batch_count[at];
            count++;
        }
        if (count == 0) { /* never: make_batches keeps each batch to the scratch's lanes */
            free(jobs), free(io);
            return BF_LR_NO_MEMORY;
        }
        bf_sweep_run(jobs, count, ps->pool);
        b += count;
    }
    free(jobs), free(io);
    return 0;
}

static void backward_task(void *ctx, int task)
{
    bf_tree_pass *ps = ctx;
    const bf_lr_game *g = ps->g;
    int p = ps->p;
    int32_t np = g->n_hands[p], lo, hi;
    bf_hand_block(np, ps->threads, task, &lo, &hi);
    for (int32_t node = g->n_nodes - 1; node >= 0; node--) {
        if (g->kind[node] != BF_LR_DECISION)
            continue;
        int actions = g->n_children[node];
        int32_t first = g->first_child[node];
        double *v = ps->values + (size_t)node * np;
        if (g->actor[node] != p) {
            for (int32_t i = lo; i < hi; i++) {
                double sum = 0.0;
                for (int a = 0; a < actions; a++)
                    sum += ps->values[(size_t)(first + a) * np + i];
                v[i] = sum;
            }
            continue;
        }
        if (ps->strat[p] == NULL) { /* best response */
            for (int32_t i = lo; i < hi; i++) {
                int best = 0;
                double top = ps->values[(size_t)first * np + i];
                for (int a = 1; a < actions; a++) {
                    double x = ps->values[(size_t)(first + a) * np + i];
                    if (x > top)
                        top = x, best = a;
                }
                v[i] = top;
                if (ps->best) {
                    double *b = ps->best + g->offset[node] + (size_t)i * actions;
                    for (int a = 0; a < actions; a++)
                        b[a] = a == best;
                }
            }
            continue;
        }
        const double *s = ps->strat[p] + g->offset[node];
        for (int32_t i = lo; i < hi; i++) {
            double sum = 0.0;
            for (int a = 0; a < actions; a++)
                sum += s[(size_t)i * actions + a] * ps->values[(size_t)(first + a) * np + i];
            v[i] = sum;
        }
        if (!ps->update)
            continue;
        double *r = g->regret[p] + g->offset[node];
        double *avg = g->strategy_sum[p] + g->offset[node];
        const double *own = ps->reach_p + (size_t)node * np;
        for (int32_t i = lo; i < hi; i++) {
            for (int a = 0; a < actions; a++) {
                size_t at = (size_t)i * actions + a;
                double old = r[at];
                double gain = ps->values[(size_t)(first + a) * np + i] - v[i];
                r[at] = old * (old > 0.0 ? ps->positive : ps->negative) + gain;
                avg[at] = avg[at] * ps->average + own[i] * s[at];
            }
        }
    }
}

/* Shares the terminal nodes of each kind into the fewest batches a sweep takes. */
static void make_batches(bf_tree_pass *ps, int32_t counts[2])
{
    int most = bf_sweep_lanes(ps->g);
    ps->n_batches = 0;
    for (int kind = 0; kind < 2; kind++) {
        int32_t n = counts[kind];
        if (n == 0)
            continue;
        int32_t batches = (n + most - 1) / most;
        for (int32_t b = 0; b < batches; b++) {
            int32_t lo = (int32_t)((int64_t)n * b / batches);
            int32_t hi = (int32_t)((int64_t)n * (b + 1) / batches);
            ps->batch_first[ps->n_batches] = lo;
            ps->batch_count[ps->n_batches] = hi - lo;
            ps->batch_kind[ps->n_batches] = kind;
            ps->n_batches++;
        }
    }
}

/* Lists the terminals (kind 0: showdowns, 1: folds; all nodes as folds when all_nodes). */
static int32_t *list_terminals(const bf_lr_game *g, int all_nodes, int32_t counts[2])
{
    int32_t *list = malloc(sizeof(int32_t) * (size_t)g->n_nodes * 2);
    if (list == NULL)
        return NULL;
    counts[0] = counts[1] = 0;
    for (int32_t n = 0; n < g->n_nodes; n++) {
        if (all_nodes)
            list[g->n_nodes + counts[1]++] = n;
        else if (g->kind[n] == BF_LR_SHOWDOWN)
            list[counts[0]++] = n;
        else if (g->kind[n] == BF_LR_FOLD)
            list[g->n_nodes + counts[1]++] = n;
    }
    return list;
}

int bf_tree_pass_run(bf_tree_pass *ps, int own_reach, int all_nodes)
{
    const bf_lr_game *g = ps->g;
    int32_t counts[2];
    int32_t *list = list_terminals(g, all_nodes, counts);
    /* batches: at most one per terminal, plus none beyond */
    int32_t *batches = malloc(sizeof(int32_t) * 3 * (size_t)g->n_nodes);
    if (list == NULL || batches == NULL) {
        free(list), free(batches);
        return BF_LR_NO_MEMORY;
    }
    ps->batch_first = batches;
    ps->batch_count = batches + g->n_nodes;
    ps->batch_kind = batches + 2 * (size_t)g->n_nodes;
    ps->terminals[0] = list;
    ps->terminals[1] = list + g->n_nodes;
    ps->failed = 0;
    bf_pool_run(ps->pool, ps->threads * (own_reach ? 2 : 1), forward_task, ps);
    /* a terminal the other player never reaches is worth exactly 0 to every hand: no sweep */
    int32_t np = g->n_hands[ps->p], nq = g->n_hands[ps->q];
    for (int kind = 0; kind < 2; kind++) {
        int32_t *nodes = list + (size_t)kind * g->n_nodes, kept = 0;
        for (int32_t k = 0; k < counts[kind]; k++) {
            const double *reach = ps->reach_q + (size_t)nodes[k] * nq;
            int32_t j = 0;
            while (j < nq && reach[j] == 0.0)
                j++;
            if (j < nq)
                nodes[kept++] = nodes[k];
            else
                memset(ps->values + (size_t)nodes[k] * np, 0, sizeof(double) * (size_t)np);
        }
        counts[kind] = kept;
    }
    make_batches(ps, counts);
    if (terminal_values(ps) != 0)
        ps->failed = 1;
    if (!ps->failed && !all_nodes)
        bf_pool_run(ps->pool, ps->threads, backward_task, ps);
    free(list), free(batches);
    return ps->failed ? BF_LR_NO_MEMORY : 0;
}

int bf_tree_pass_scratch_new(bf_tree_pass *ps)
{
    const bf_lr_game *g = ps->g;
    int32_t n0 = g->n_hands[0], n1 = g->n_hands[1];
    size_t lanes = (size_t)bf_sweep_lanes(g);
    if (lanes > (size_t)g->n_nodes)
        lanes = (size_t)g->n_nodes;
    size_t each = lanes * ((size_t)n0 + (size_t)n1 + BF_SWEEP_CHUNKS * (size_t)g->n_tallies);
    ps->scratch_lanes = lanes;
    ps->scratch = malloc(sizeof(double) * each);
    return ps->scratch ? 0 : BF_LR_NO_MEMORY;
}

void bf_tree_pass_scratch_free(bf_tree_pass *ps)
{
    free(ps->scratch), ps->scratch = NULL;
}
