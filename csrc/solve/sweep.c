/* The last round's showdown sweep; see solve/sweep.h, and solve/last_round.h for the tallies.
 * Every number is computed by the same operations in the same order whatever the split of the
 * work between threads, so a sweep gives the same bits on any thread count.
 */
#include "solve/sweep.h"

#include <string.h>

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
#define CHUNKS BF_SWEEP_CHUNKS
#define SWEEP_BYTES ((size_t)16 << 20) /* the tallies of a sweep's chunks, at most */

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
static void cut_chunks(bf_sweep_job *j)
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

ALWAYS_INLINE void phase1_body(bf_sweep_job *j, int k, const int one, const int unit)
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

ALWAYS_INLINE void phase2_body(bf_sweep_job *j, int k, const int one, const int unit)
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
    bf_sweep_job *j = ctx;
    if (j->lanes == 1)
        j->unit ? phase1_body(j, k, 1, 1) : phase1_body(j, k, 1, 0);
    else
        j->unit ? phase1_body(j, k, 0, 1) : phase1_body(j, k, 0, 0);
}

static void phase2_task(void *ctx, int k)
{
    bf_sweep_job *j = ctx;
    if (j->lanes == 1)
        j->unit ? phase2_body(j, k, 1, 1) : phase2_body(j, k, 1, 0);
    else
        j->unit ? phase2_body(j, k, 0, 1) : phase2_body(j, k, 0, 0);
}

/* Between the phases, for a slice of the tally entries: C_k -> X_k (see above). */
static void combine_task(void *ctx, int task)
{
    bf_sweep_job *j = ctx;
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

int bf_sweep_lanes(const bf_lr_game *g)
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
    bf_sweep_job *jobs;
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

void bf_sweep_run(bf_sweep_job *jobs, int count, bf_pool *pool)
{
    int unit = unit_classes(jobs[0].g), slices = pool->threads > 1 ? 4 * pool->threads : 1;
    for (int k = 0; k < count; k++) {
        jobs[k].unit = unit, jobs[k].slices = slices;
        cut_chunks(&jobs[k]);
    }
    sweep_set set = {jobs, count};
    bf_pool_run(pool, count * CHUNKS, phase1_of_set, &set);
    bf_pool_run(pool, count * slices, combine_of_set, &set);
    bf_pool_run(pool, count * CHUNKS, phase2_of_set, &set);
}
