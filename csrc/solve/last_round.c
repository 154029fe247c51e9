/* The last betting round between two ranges: showdown sweeps and discounted CFR (see
 * last_round.h).
 *
 * Discounted CFR (Brown and Sandholm, "Solving Imperfect-Information Games via Discounted
 * Regret Minimization", 2019) with alpha = 1.5, beta = 0, gamma = 2 and alternating updates: on
 * iteration t, before adding the iteration's regrets, positive cumulative regrets are scaled by
 * (t-1)^1.5 / ((t-1)^1.5 + 1), negative ones by 1/2, and the strategy sums by ((t-1) / t)^2.
 *
 * Threads: the work of an iteration splits into phases whose parts touch disjoint memory: the
 * reach of every node for a block of hands; the terminal values, a sweep with one lane per
 * terminal node, split by rank into a fixed number of chunks (a prefix sum done as chunk sums,
 * their prefixes, then each chunk again: see "the sweep, in chunks of ranks"); and the
 * backward pass for a block of hands. The sweeps of a pass (showdowns, folds) run their
 * phases side by side, so a pass waits for its threads five times. Splitting the terminal
 * nodes among the threads instead left each thread a few lanes of a sweep (so its per-hand
 * work was repeated) and shares of unequal cost. A measurement's two best responses run one
 * after the other on all the threads (run side by side on halves of them, the faster waited
 * for the slower: slower in all). Every number is computed by the same operations in the
 * same order whatever the split, so a run gives the same bits on any thread count. The
 * threads start once a call (common/pool.h); the memory lives in a work area a solve keeps
 * across its calls.
 */
#include "solve/last_round.h"
#include "common/pool.h"

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

/* ---- the sweep -------------------------------------------------------------------------- */

/* A hand's work on the tallies is 15 rows (the empty set and its 14 subsets) by the lanes.
 * The lanes go through in blocks of a fixed width whose running sums stay in registers across
 * the 15 rows (a sum kept in memory would wait on its own store at every row); each lane sees
 * the same operations in the same order whatever the block. */
#define BLOCK 8
#define ROW(subsets, i) ((subsets) + (size_t)(i) * BF_LR_SUBSETS) /* a row's 14 tally indices */

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE static inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define ALWAYS_INLINE static __forceinline
#else
#define ALWAYS_INLINE static inline
#endif

/* Where the 14 subset rows of a hand (sub: its subsets' tally indices) start in a tally of
 * `lanes` lanes, and (unit == 0) the factor each enters a query with: singles and triples
 * subtract, pairs add, each divided by its subset class's size. */
ALWAYS_INLINE void rows_of(const bf_lr_game *g, const uint16_t *sub, size_t lanes, size_t *at,
                           double *f, int unit)
{
    for (int s = 0; s < BF_LR_SUBSETS; s++) {
        at[s] = (size_t)sub[s] * lanes;
        if (!unit)
            f[s] = (s < 4 || s >= 10) ? -g->inv_members[sub[s]] : g->inv_members[sub[s]];
    }
}

ALWAYS_INLINE void query_block(const size_t *at, const double *f, int unit, const double *tally,
                               double *acc, const int width)
{
    double a[BLOCK];
    for (int k = 0; k < width; k++)
        a[k] = tally[k];
    if (unit) {
        for (int s = 0; s < 4; s++)
            for (int k = 0; k < width; k++)
                a[k] -= tally[at[s] + k];
        for (int s = 4; s < 10; s++)
            for (int k = 0; k < width; k++)
                a[k] += tally[at[s] + k];
        for (int s = 10; s < BF_LR_SUBSETS; s++)
            for (int k = 0; k < width; k++)
                a[k] -= tally[at[s] + k];
    } else {
        for (int s = 0; s < BF_LR_SUBSETS; s++)
            for (int k = 0; k < width; k++)
                a[k] += f[s] * tally[at[s] + k];
    }
    for (int k = 0; k < width; k++)
        acc[k] = a[k];
}

/* acc[k] = the lanes' opponent weight disjoint from a hand (sub: its subsets' tally indices)
 * among the inserted hands; unit: every subset class has one member (single hands), so no
 * division by its size. */
ALWAYS_INLINE void query(const bf_lr_game *g, const uint16_t *sub, int lanes, const double *tally,
                         double *acc, int unit)
{
    size_t at[BF_LR_SUBSETS];
    double f[BF_LR_SUBSETS];
    rows_of(g, sub, (size_t)lanes, at, f, unit);
    int k = 0;
    for (; k + BLOCK <= lanes; k += BLOCK)
        query_block(at, f, unit, tally + k, acc + k, BLOCK);
    if (lanes - k >= 4)
        query_block(at, f, unit, tally + k, acc + k, 4), k += 4;
    if (lanes - k >= 2)
        query_block(at, f, unit, tally + k, acc + k, 2), k += 2;
    if (lanes - k >= 1)
        query_block(at, f, unit, tally + k, acc + k, 1);
}

ALWAYS_INLINE void insert_block(const size_t *at, double members, const double *w, double *tally,
                                const int width)
{
    double m[BLOCK];
    for (int k = 0; k < width; k++) {
        m[k] = w[k] * members;
        tally[k] += m[k];
    }
    for (int s = 0; s < BF_LR_SUBSETS; s++) /* rows may coincide (orbits): each adds in turn */
        for (int k = 0; k < width; k++)
            tally[at[s] + k] += m[k];
}

/* Adds the lanes' weights w of class c (sub: its subsets' tally indices) to the tallies. */
ALWAYS_INLINE void insert(const bf_lr_game *g, int32_t c, const uint16_t *sub, int lanes,
                          const double *w, double *tally)
{
    size_t at[BF_LR_SUBSETS];
    rows_of(g, sub, (size_t)lanes, at, NULL, 1);
    double members = g->members[c];
    int k = 0;
    for (; k + BLOCK <= lanes; k += BLOCK)
        insert_block(at, members, w + k, tally + k, BLOCK);
    if (lanes - k >= 4)
        insert_block(at, members, w + k, tally + k, 4), k += 4;
    if (lanes - k >= 2)
        insert_block(at, members, w + k, tally + k, 2), k += 2;
    if (lanes - k >= 1)
        insert_block(at, members, w + k, tally + k, 1);
}

/* One lane: the sums are plain registers (the same operations in the same order as the
 * blocks above, so the same bits). */
ALWAYS_INLINE double query_one(const bf_lr_game *g, const uint16_t *sub, const double *tally,
                               int unit)
{
    double a = tally[0];
    if (unit) {
        a -= tally[sub[0]], a -= tally[sub[1]], a -= tally[sub[2]], a -= tally[sub[3]];
        a += tally[sub[4]], a += tally[sub[5]], a += tally[sub[6]];
        a += tally[sub[7]], a += tally[sub[8]], a += tally[sub[9]];
        a -= tally[sub[10]], a -= tally[sub[11]], a -= tally[sub[12]], a -= tally[sub[13]];
        return a;
    }
    const double *inv = g->inv_members;
    for (int s = 0; s < BF_LR_SUBSETS; s++) {
        double f = (s < 4 || s >= 10) ? -inv[sub[s]] : inv[sub[s]];
        a += f * tally[sub[s]];
    }
    return a;
}

ALWAYS_INLINE void insert_one(const bf_lr_game *g, int32_t c, const uint16_t *sub, double w,
                              double *tally)
{
    double m = w * g->members[c];
    tally[0] += m;
    for (int s = 0; s < BF_LR_SUBSETS; s++)
        tally[sub[s]] += m;
}

/* ---- the sweep, in chunks of ranks ------------------------------------------------------ */

/* A sweep's hands are split by rank into CHUNKS chunks (a rank never straddles two), cut by
 * the hand count alone, so the same whatever the thread count. Phase 1 sweeps each chunk on
 * tallies of its own from zero: with L' and T' the weight inside the chunk that beats and
 * ties a hand, the hand gets (lose - tie) L' + (tie - win) (L' + T'), and the chunk's tallies
 * end as C_k. Between the phases every tally entry of chunk k becomes
 * X_k = win F + (lose - win) P_k, with P_k = C_0 + ... + C_{k-1} (the better chunks) and F
 * the sum of all. Phase 2 adds each hand's query of X_k: queries are linear in the tallies,
 * so the hand gets (lose - tie) L + (tie - win) (L + T) + win D with L = L' + Q(P_k),
 * L + T = L' + T' + Q(P_k) and D = Q(F) (plus the self term). A fold pays win whatever the
 * cards: no phase 1 queries, X_k = win F. Each phase splits into parts that touch disjoint
 * memory (chunks, then tally entries, then chunks), every number computed by the same
 * operations in the same order whatever the split. */
#define CHUNKS 8
#define SWEEP_BYTES ((size_t)16 << 20) /* the tallies of a sweep's chunks, at most */

typedef struct {
    const bf_lr_game *g;
    int p, lanes, showdown, unit;
    const double *pay;          /* [3 * lanes] win, tie, lose */
    const double *opp;          /* [n_q * lanes] the other player's weights, lane fastest */
    const double *const *reach; /* or NULL; else [lanes] vectors [n_q] gathered into opp */
    double *gathered;           /* where they go ([n_q * lanes]), = opp */
    double *out;                /* [n_p * lanes] */
    double *const *values;      /* or NULL; else [lanes] vectors [n_p] each lane goes to */
    double *tally;              /* [CHUNKS * n_tallies * lanes] */
    int32_t own_lo[CHUNKS + 1], their_lo[CHUNKS + 1];
    int slices;
} sweep_job;

/* The first row of player x's range whose rank is r or worse. */
static int32_t rank_at(const bf_lr_game *g, int x, int32_t r)
{
    const int32_t *hands = g->hands[x];
    int32_t lo = 0, hi = g->n_hands[x];
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if ((int32_t)g->rank[hands[mid]] < r)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Chunk k starts at the first rank r with at least k / CHUNKS of both ranges' rows better. */
static void cut_chunks(sweep_job *j)
{
    const bf_lr_game *g = j->g;
    int p = j->p, q = 1 - p;
    int64_t all = (int64_t)g->n_hands[p] + g->n_hands[q];
    j->own_lo[0] = j->their_lo[0] = 0;
    j->own_lo[CHUNKS] = g->n_hands[p], j->their_lo[CHUNKS] = g->n_hands[q];
    for (int k = 1; k < CHUNKS; k++) {
        int64_t want = all * k / CHUNKS;
        int32_t lo = 0, hi = 65536;
        while (lo < hi) { /* the least rank with `want` rows better */
            int32_t mid = lo + (hi - lo) / 2;
            if ((int64_t)rank_at(g, p, mid) + rank_at(g, q, mid) < want)
                lo = mid + 1;
            else
                hi = mid;
        }
        j->own_lo[k] = rank_at(g, p, lo), j->their_lo[k] = rank_at(g, q, lo);
    }
}

ALWAYS_INLINE void phase1_body(sweep_job *j, int k, const int one, const int unit)
{
    const bf_lr_game *g = j->g;
    int p = j->p, q = 1 - p, lanes = one ? 1 : j->lanes;
    const int32_t *own = g->hands[p], *their = g->hands[q];
    const uint16_t *sp = g->subsets[p], *sq = g->subsets[q], *rank = g->rank;
    const double *pay = j->pay;
    size_t width = (size_t)g->n_tallies * (size_t)lanes;
    double *tally = j->tally + (size_t)k * width, *out = j->out;
    int32_t i = j->own_lo[k], i_stop = j->own_lo[k + 1];
    int32_t b0 = j->their_lo[k], b_stop = j->their_lo[k + 1];
    if (j->reach)
        for (int32_t b = b0; b < b_stop; b++)
            for (int l = 0; l < lanes; l++)
                j->gathered[(size_t)b * lanes + l] = j->reach[l][b];
    const double *opp = j->opp;
    memset(tally, 0, sizeof(double) * width);
    if (!j->showdown) {
        for (int32_t b = b0; b < b_stop; b++) {
            if (one)
                insert_one(g, their[b], ROW(sq, b), opp[b], tally);
            else
                insert(g, their[b], ROW(sq, b), lanes, opp + (size_t)b * lanes, tally);
        }
        return;
    }
    double acc[BF_LR_MAX_LANES];
    int32_t jj = b0;
    while (i < i_stop || jj < b_stop) {
        int32_t r;
        if (i >= i_stop)
            r = rank[their[jj]];
        else if (jj >= b_stop)
            r = rank[own[i]];
        else
            r = rank[own[i]] < rank[their[jj]] ? rank[own[i]] : rank[their[jj]];
        int32_t i_end = i, j_end = jj;
        while (i_end < i_stop && rank[own[i_end]] == r)
            i_end++;
        while (j_end < b_stop && rank[their[j_end]] == r)
            j_end++;
        for (int32_t a = i; a < i_end; a++) {
            if (one) {
                out[a] = (pay[2] - pay[1]) * query_one(g, ROW(sp, a), tally, unit);
                continue;
            }
            query(g, ROW(sp, a), lanes, tally, acc, unit);
            for (int l = 0; l < lanes; l++)
                out[(size_t)a * lanes + l] = (pay[3 * l + 2] - pay[3 * l + 1]) * acc[l];
        }
        for (int32_t b = jj; b < j_end; b++) {
            if (one)
                insert_one(g, their[b], ROW(sq, b), opp[b], tally);
            else
                insert(g, their[b], ROW(sq, b), lanes, opp + (size_t)b * lanes, tally);
        }
        for (int32_t a = i; a < i_end; a++) {
            int32_t o = g->other[p][a]; /* the opponent holding this very class: a tie */
            if (one) {
                double x = query_one(g, ROW(sp, a), tally, unit) + (o < 0 ? 0.0 : opp[o]);
                out[a] += (pay[1] - pay[0]) * x;
                continue;
            }
            query(g, ROW(sp, a), lanes, tally, acc, unit);
            for (int l = 0; l < lanes; l++) {
                double x = acc[l] + (o < 0 ? 0.0 : opp[(size_t)o * lanes + l]);
                out[(size_t)a * lanes + l] += (pay[3 * l + 1] - pay[3 * l]) * x;
            }
        }
        i = i_end, jj = j_end;
    }
}

ALWAYS_INLINE void phase2_body(sweep_job *j, int k, const int one, const int unit)
{
    const bf_lr_game *g = j->g;
    int p = j->p, lanes = one ? 1 : j->lanes;
    const uint16_t *sp = g->subsets[p];
    const double *pay = j->pay, *opp = j->opp;
    size_t width = (size_t)g->n_tallies * (size_t)lanes;
    const double *x = j->tally + (size_t)k * width;
    double *out = j->out, acc[BF_LR_MAX_LANES];
    for (int32_t a = j->own_lo[k]; a < j->own_lo[k + 1]; a++) {
        int32_t o = g->other[p][a];
        if (one) {
            double v = query_one(g, ROW(sp, a), x, unit) + pay[0] * (o < 0 ? 0.0 : opp[o]);
            out[a] = j->showdown ? out[a] + v : v;
            if (j->values)
                j->values[0][a] = out[a];
            continue;
        }
        query(g, ROW(sp, a), lanes, x, acc, unit);
        for (int l = 0; l < lanes; l++) {
            double v = acc[l] + pay[3 * l] * (o < 0 ? 0.0 : opp[(size_t)o * lanes + l]);
            double *at = out + (size_t)a * lanes + l;
            *at = j->showdown ? *at + v : v;
            if (j->values)
                j->values[l][a] = *at;
        }
    }
}

static void phase1_task(void *ctx, int k)
{
    sweep_job *j = ctx;
    if (j->lanes == 1)
        j->unit ? phase1_body(j, k, 1, 1) : phase1_body(j, k, 1, 0);
    else
        j->unit ? phase1_body(j, k, 0, 1) : phase1_body(j, k, 0, 0);
}

static void phase2_task(void *ctx, int k)
{
    sweep_job *j = ctx;
    if (j->lanes == 1)
        j->unit ? phase2_body(j, k, 1, 1) : phase2_body(j, k, 1, 0);
    else
        j->unit ? phase2_body(j, k, 0, 1) : phase2_body(j, k, 0, 0);
}

/* Between the phases, for a slice of the tally entries: C_k -> X_k (see above). */
static void combine_task(void *ctx, int task)
{
    sweep_job *j = ctx;
    size_t lanes = (size_t)j->lanes, entries = (size_t)j->g->n_tallies;
    size_t width = entries * lanes;
    size_t lo = entries * (size_t)task / (size_t)j->slices;
    size_t hi = entries * (size_t)(task + 1) / (size_t)j->slices;
    for (size_t e = lo; e < hi; e++)
        for (size_t l = 0; l < lanes; l++) {
            size_t at = e * lanes + l;
            double run = 0.0, win = j->pay[3 * l], lose_win = j->pay[3 * l + 2] - win;
            for (int k = 0; k < CHUNKS; k++) { /* C_k -> P_k, and run -> F */
                double c = j->tally[k * width + at];
                j->tally[k * width + at] = run;
                run += c;
            }
            for (int k = 0; k < CHUNKS; k++) {
                double *t = j->tally + k * width + at;
                *t = j->showdown ? win * run + lose_win * *t : win * run;
            }
        }
}

static int sweep_lanes(const bf_lr_game *g)
{
    size_t lanes = SWEEP_BYTES / (sizeof(double) * CHUNKS * (size_t)g->n_tallies);
    if (lanes < 1)
        lanes = 1;
    return lanes > BF_LR_MAX_LANES ? BF_LR_MAX_LANES : (int)lanes;
}

static int unit_classes(const bf_lr_game *g)
{
    for (int32_t t = 0; t < g->n_tallies; t++)
        if (g->inv_members[t] != 1.0)
            return 0;
    return 1;
}


/* Sweeps side by side: the three phases of each, every phase of all of them at once (their
 * memory is disjoint), so a pass waits for its threads three times however many sweeps it
 * makes. Task k of a phase is part k % parts of sweep k / parts. */
typedef struct {
    sweep_job *jobs;
    int count;
} sweep_set;

static void phase1_of_set(void *ctx, int task)
{
    sweep_set *s = ctx;
    phase1_task(&s->jobs[task / CHUNKS], task % CHUNKS);
}

static void combine_of_set(void *ctx, int task)
{
    sweep_set *s = ctx;
    int slices = s->jobs[0].slices;
    combine_task(&s->jobs[task / slices], task % slices);
}

static void phase2_of_set(void *ctx, int task)
{
    sweep_set *s = ctx;
    phase2_task(&s->jobs[task / CHUNKS], task % CHUNKS);
}

/* Runs `count` sweeps' three phases on the pool's threads. */
static void run_sweeps(sweep_job *jobs, int count, bf_pool *pl)
{
    int unit = unit_classes(jobs[0].g), slices = pl->threads > 1 ? 4 * pl->threads : 1;
    for (int k = 0; k < count; k++) {
        jobs[k].unit = unit, jobs[k].slices = slices;
        cut_chunks(&jobs[k]);
    }
    sweep_set set = {jobs, count};
    bf_pool_run(pl, count * CHUNKS, phase1_of_set, &set);
    bf_pool_run(pl, count * slices, combine_of_set, &set);
    bf_pool_run(pl, count * CHUNKS, phase2_of_set, &set);
}

int bf_lr_showdown(const bf_lr_game *g, int player, int lanes, const double *opp_reach,
                   const double *pay, double *out)
{
    if (bf_lr_check(g) || (player != 0 && player != 1) || lanes < 1 ||
        lanes > BF_LR_MAX_LANES || !opp_reach || !pay || !out)
        return BF_LR_BAD_ARGS;
    size_t width = (size_t)g->n_tallies * (size_t)lanes;
    double *tally = malloc(sizeof(double) * CHUNKS * width);
    if (tally == NULL)
        return BF_LR_NO_MEMORY;
    sweep_job j;
    memset(&j, 0, sizeof j);
    j.g = g, j.p = player, j.lanes = lanes, j.showdown = 1;
    j.pay = pay, j.opp = opp_reach, j.out = out, j.tally = tally;
    bf_pool one;
    bf_pool_start(&one, 1);
    run_sweeps(&j, 1, &one);
    bf_pool_stop(&one);
    free(tally);
    return 0;
}

/* ---- one pass over the tree ------------------------------------------------------------- */

/* What a pass shares between its phases. */
typedef struct {
    const bf_lr_game *g;
    int p, q;           /* the player whose values are computed, and the other */
    int threads;
    bf_pool *pool;      /* the call's threads */
    const double *strat[2]; /* strategy tables played (NULL for p: a best response) */
    double *reach_q;    /* [n_nodes * n_q]: the other player's weight times its reach */
    double *reach_p;    /* [n_nodes * n_p]: p's own reach probability (CFR's averaging) */
    double *values;     /* [n_nodes * n_p] */
    double *best;       /* best response table, or NULL */
    /* terminal batches */
    int32_t n_batches;
    int32_t *batch_first, *batch_count, *batch_kind; /* [n_batches] each */
    const int32_t *terminals[2]; /* showdown nodes, fold nodes */
    int ones;               /* 1: every terminal pays 1 (the opponent's mass at every node) */
    /* CFR's update: update the regrets and sums; match: first turn each block's regrets
     * into the current strategy, the tables strat[] points to */
    int update, match;
    double *current[2];
    double positive, negative, average;
    int failed;
    /* the scratch of the terminal batches (one after another, each sweep across all the
     * threads): the opponent reach and the values interleaved by lane, and the chunks'
     * tallies; allocated once a call */
    double *scratch;
    size_t scratch_lanes;
} pass;

static void hand_block(int32_t n, int threads, int task, int32_t *lo, int32_t *hi)
{
    *lo = (int32_t)((int64_t)n * task / threads);
    *hi = (int32_t)((int64_t)n * (task + 1) / threads);
}

/* Regret matching of one block of a table: the current strategy. */
static void match(const double *regret, int32_t lo, int32_t hi, int actions, double *out)
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
    pass *ps = ctx;
    const bf_lr_game *g = ps->g;
    int32_t lo, hi;
    /* tasks 0 .. threads-1: the other player's blocks; then p's own (CFR only) */
    int x = task < ps->threads ? ps->q : ps->p;
    hand_block(g->n_hands[x], ps->threads, task % ps->threads, &lo, &hi);
    if (ps->match)
        for (int32_t node = 0; node < g->n_nodes; node++)
            if (g->kind[node] == BF_LR_DECISION && g->actor[node] == x)
                match(g->regret[x] + g->offset[node], lo, hi, g->n_children[node],
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
 * (lanes * (n_q + n_p + CHUNKS * n_tallies) doubles). */
static void batch_job(pass *ps, int32_t b, batch_lanes *io, double *scratch, sweep_job *j)
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
static int terminal_values(pass *ps)
{
    const bf_lr_game *g = ps->g;
    if (ps->n_batches == 0)
        return 0;
    sweep_job *jobs = malloc(sizeof(sweep_job) * (size_t)ps->n_batches);
    batch_lanes *io = malloc(sizeof(batch_lanes) * (size_t)ps->n_batches);
    if (jobs == NULL || io == NULL) {
        free(jobs), free(io);
        return BF_LR_NO_MEMORY;
    }
    size_t per_lane =
        (size_t)g->n_hands[0] + (size_t)g->n_hands[1] + CHUNKS * (size_t)g->n_tallies;
    for (int32_t b = 0; b < ps->n_batches;) { /* a batch alone always fits (scratch_new) */
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
        run_sweeps(jobs, count, ps->pool);
        b += count;
    }
    free(jobs), free(io);
    return 0;
}

static void backward_task(void *ctx, int task)
{
    pass *ps = ctx;
    const bf_lr_game *g = ps->g;
    int p = ps->p;
    int32_t np = g->n_hands[p], lo, hi;
    hand_block(np, ps->threads, task, &lo, &hi);
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
static void make_batches(pass *ps, int32_t counts[2])
{
    int most = sweep_lanes(ps->g);
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

static int run_pass(pass *ps, int own_reach, int all_nodes)
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

/* The scratch of the largest batch a pass makes; 0 or BF_LR_NO_MEMORY. */
static int scratch_new(pass *ps)
{
    const bf_lr_game *g = ps->g;
    int32_t n0 = g->n_hands[0], n1 = g->n_hands[1];
    size_t lanes = (size_t)sweep_lanes(g);
    if (lanes > (size_t)g->n_nodes)
        lanes = (size_t)g->n_nodes;
    size_t each = lanes * ((size_t)n0 + (size_t)n1 + CHUNKS * (size_t)g->n_tallies);
    ps->scratch_lanes = lanes;
    ps->scratch = malloc(sizeof(double) * each);
    return ps->scratch ? 0 : BF_LR_NO_MEMORY;
}

static void scratch_free(pass *ps)
{
    free(ps->scratch), ps->scratch = NULL;
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
    double *scratch;       /* the terminal batches' scratch (scratch_new) */
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
    pass ps;
    memset(&ps, 0, sizeof ps);
    ps.g = g;
    int status = scratch_new(&ps);
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
    hand_block(j->g->n_hands[x], j->threads, task % j->threads, &lo, &hi);
    average_rows(j->g, x, lo, hi, j->out[x]);
}

/* Player p's values against the other's average, in `ps` (its buffers and threads set): as a
 * best response into m->best[p], then playing its own average into m->own[p] (each when
 * asked). */
static int best_pass(pass *ps, int p, const bf_lr_measure *m)
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
        status = run_pass(ps, 0, 0);
        if (status == 0)
            memcpy(out, ps->values, sizeof(double) * (size_t)ps->g->n_hands[p]);
    }
    return status;
}

/* The measurement after the iterations: the average strategies, then each player's values
 * against the other's (bf_lr_values: as a best response, and playing its own average). */
static int measure_averages(const bf_lr_game *g, pass *ps, const bf_lr_measure *m)
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
    pass ps;
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
            status = run_pass(&ps, 1, 0);
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
    pass ps;
    memset(&ps, 0, sizeof ps);
    ps.g = g, ps.p = p, ps.q = q, ps.threads = threads;
    bf_pool threads_of_call;
    bf_pool_start(&threads_of_call, threads);
    ps.pool = &threads_of_call;
    ps.strat[q] = opponent, ps.strat[p] = own;
    ps.reach_q = reach_q, ps.values = values, ps.best = best;
    if (status == 0)
        status = scratch_new(&ps);
    if (status == 0)
        status = run_pass(&ps, 0, 0);
    if (status == 0)
        memcpy(root, values, sizeof(double) * (size_t)np);
    if (status == 0 && mass) {
        ps.values = mass, ps.ones = 1, ps.best = NULL;
        status = run_pass(&ps, 0, 1);
    }
    scratch_free(&ps);
    bf_pool_stop(&threads_of_call);
    free(reach_q);
    if (!node_values)
        free(values);
    return status;
}
