/* One seat's exact enumeration, counted at its last draw; see draws/one_seat.h.
 *
 * Why it is the play-by-play walk bit for bit. The walk before the last draw is the same code
 * path in the same order (the same k-subsets, the same seat updates, the same probabilities
 * divided out in the same order), so every play keeps its probability `prob` as a double and
 * its integer weights. At the last draw, every replacement of one state has the same `prob`, and
 * the play-by-play walk adds it to ranks[r] once per replacement that ends at rank r: to each
 * rank, a run of equal additions. Ranks never share a sum, so only each rank's own sequence of
 * additions matters: here consecutive runs of one value are joined and replayed by
 * bf_add_repeated, which rounds as the separate additions do. The integer sums (plays, shares,
 * wins, final sizes) do not depend on order at all.
 */
#include "draws/one_seat.h"
#include "draws/counting.h"
#include "draws/trial.h"
#include "eval/lookup.h"

#include <string.h>

#define RANK_SLOTS (BF_NUM_RANKS + 1)

typedef struct {
    bf_enum_walk walk; /* as the play-by-play walk keeps it (draws/counting.h) */
    /* Each rank's pending run of additions to exact->ranks: `run_count` additions of
     * `run_value`, not yet made. */
    double run_value[RANK_SLOTS];
    uint64_t run_count[RANK_SLOTS];
    uint64_t size_step[RANK_SLOTS]; /* a play of this rank in a sized_plays' packed counts */
} count_ctx;

/* One state's counted plays: all of them, and packed in 21 bits each (a state has at most
 * C(52, 4) < 2^21 plays), those ending below the first three-card, two-card and one-card ranks
 * (a four-card badugi, three cards or more, two cards or more): one addition a play. */
#define SIZE_BITS 21
#define SIZE_MASK ((UINT64_C(1) << SIZE_BITS) - 1)
typedef struct {
    uint64_t plays, below;
} sized_plays;

static const uint64_t factorial[5] = {1, 1, 2, 6, 24};

/* The largest power of two not above x (x positive and normal). */
static double binade_floor(double x)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    bits &= UINT64_C(0xFFF0000000000000);
    memcpy(&x, &bits, sizeof x);
    return x;
}

double bf_add_repeated(double s, double v, uint64_t n)
{
    while (n >= 2) {
        double t = s + v, w = t + v;
        n -= 2;
        if (t == s && w == t)
            return s; /* v is at most half a unit of s (a tie kept even): nothing ever changes */
        if (s >= 0x1p-960) {
            double low = binade_floor(s), unit = low * 0x1p-52, step = w - t;
            /* When s, t and w lie in one binade [low, 2 low), whose doubles are the multiples
             * of `unit`, every later addition of v rounds to the same step (exact differences,
             * by Sterbenz) while its sum stays at most 2 low - 2 unit: the exact sum is then
             * below 2 low - unit / 2, so it rounds inside the binade, and a tie rounds as from
             * t, where one rounding already made the sum an even multiple of unit. */
            double room = 2 * low - 2 * unit - w;
            if (w < 2 * low && t - s == step && room >= step) {
                uint64_t m = (uint64_t)(room / unit) / (uint64_t)(step / unit);
                if (m > n)
                    m = n;
                w += (double)m * step; /* exact: a multiple of unit below 2 low */
                n -= m;
            }
        }
        s = w;
    }
    return n ? s + v : s;
}

/* Rank of four distinct card ids in any order. */
static inline unsigned rank4(unsigned a, unsigned b, unsigned c, unsigned d)
{
    BF_SORT4(a, b, c, d);
    return bf_rank_table[bf_colex(a, b, c, d)];
}

/* A rank's run changes value: the pending additions are made. */
static void start_run(count_ctx *ctx, unsigned rank, double prob)
{
    if (ctx->run_count[rank]) {
        double *sum = &ctx->walk.exact->ranks[rank];
        *sum = bf_add_repeated(*sum, ctx->run_value[rank], ctx->run_count[rank]);
    }
    ctx->run_value[rank] = prob, ctx->run_count[rank] = 0;
}

/* One play of probability `prob` ending at `rank`. */
static inline void add_play(count_ctx *ctx, sized_plays *sized, unsigned rank, double prob)
{
    if (ctx->run_value[rank] != prob)
        start_run(ctx, rank, prob);
    ctx->run_count[rank]++;
    sized->plays++;
    sized->below += ctx->size_step[rank];
}

/* Three sorted cards p[0] < p[1] < p[2] with each stub card from stub[from] on, counted by
 * rank. The stub ascends, so its cards fall into the four gaps of p in turn, and in each gap a
 * card's place in the sorted hand, and so its term of the colex index, is known. */
static void count_fourth(count_ctx *ctx, sized_plays *total, double prob, const unsigned p[3],
                         const uint8_t *stub, unsigned from, unsigned n)
{
    sized_plays sized = *total; /* in registers through the loops */
    unsigned j = from;
    uint32_t base = bf_binom2[p[0]] + bf_binom3[p[1]] + bf_binom4[p[2]];
    for (; j < n && stub[j] < p[0]; j++)
        add_play(ctx, &sized, bf_rank_table[base + stub[j]], prob);
    base = p[0] + bf_binom3[p[1]] + bf_binom4[p[2]];
    for (; j < n && stub[j] < p[1]; j++)
        add_play(ctx, &sized, bf_rank_table[base + bf_binom2[stub[j]]], prob);
    base = p[0] + bf_binom2[p[1]] + bf_binom4[p[2]];
    for (; j < n && stub[j] < p[2]; j++)
        add_play(ctx, &sized, bf_rank_table[base + bf_binom3[stub[j]]], prob);
    base = p[0] + bf_binom2[p[1]] + bf_binom3[p[2]];
    for (; j < n; j++)
        add_play(ctx, &sized, bf_rank_table[base + bf_binom4[stub[j]]], prob);
    *total = sized;
}

/* Three distinct cards, sorted into p. */
static void sort3(unsigned a, unsigned b, unsigned c, unsigned p[3])
{
    BF_CSWAP(a, b);
    BF_CSWAP(b, c);
    BF_CSWAP(a, b);
    p[0] = a, p[1] = b, p[2] = c;
}

/* Every k-subset of the stub (k = 0 .. 4) beside the 4 - k kept cards, counted by rank. */
static void count_all(count_ctx *ctx, sized_plays *sized, double prob, const unsigned *kept,
                      unsigned k, const uint8_t *stub, unsigned n)
{
    unsigned p[3];
    switch (k) {
    case 0:
        add_play(ctx, sized, rank4(kept[0], kept[1], kept[2], kept[3]), prob);
        break;
    case 1:
        sort3(kept[0], kept[1], kept[2], p);
        count_fourth(ctx, sized, prob, p, stub, 0, n);
        break;
    case 2:
        for (unsigned i = 0; i < n; i++) {
            sort3(kept[0], kept[1], stub[i], p);
            count_fourth(ctx, sized, prob, p, stub, i + 1, n);
        }
        break;
    case 3:
        for (unsigned i = 0; i < n; i++)
            for (unsigned j = i + 1; j < n; j++) {
                sort3(kept[0], stub[i], stub[j], p);
                count_fourth(ctx, sized, prob, p, stub, j + 1, n);
            }
        break;
    default:
        for (unsigned i = 0; i < n; i++)
            for (unsigned j = i + 1; j < n; j++)
                for (unsigned l = j + 1; l < n; l++) {
                    sort3(stub[i], stub[j], stub[l], p);
                    count_fourth(ctx, sized, prob, p, stub, l + 1, n);
                }
        break;
    }
}

/* Subsets row_lo .. row_hi - 1 of the k-subsets in order (the first branching step's rows,
 * when that step is the last draw), counted by rank. */
static void count_rows(count_ctx *ctx, sized_plays *sized, double prob, const unsigned *kept,
                       unsigned k, const uint8_t *stub, unsigned n, uint64_t row_lo,
                       uint64_t row_hi)
{
    unsigned idx[4] = {0, 1, 2, 3}, cards[4];
    for (uint64_t row = 0; row < row_hi; row++) {
        if (row >= row_lo) {
            for (unsigned i = 0; i < 4; i++)
                cards[i] = i < 4 - k ? kept[i] : stub[idx[i - (4 - k)]];
            add_play(ctx, sized, rank4(cards[0], cards[1], cards[2], cards[3]), prob);
        }
        if (!bf_subset_next(idx, k, n))
            return;
    }
}

/* One state's counted plays into the integer sums by cards dealt. */
static void add_sized(bf_draw_exact *exact, const sized_plays *sized, int dealt,
                      uint64_t multiplicity)
{
    /* One seat wins every play alone: its share is the whole pot. */
    bf_add128_product(&exact->share_hi[0][dealt], &exact->share_lo[0][dealt],
                      multiplicity * BF_SHARE_UNIT, sized->plays);
    bf_add128_product(&exact->wins_hi[0][dealt], &exact->wins_lo[0][dealt], multiplicity,
                      sized->plays);
    uint64_t below_three = sized->below & SIZE_MASK, below_two = sized->below >> SIZE_BITS & SIZE_MASK,
             below_one = sized->below >> 2 * SIZE_BITS;
    const uint64_t by_size[5] = {0, sized->plays - below_one, below_one - below_two,
                                 below_two - below_three, below_three};
    for (int size = 1; size <= 4; size++)
        bf_add128_product(&exact->size_hi[size][dealt], &exact->size_lo[size][dealt],
                          multiplicity, by_size[size]);
}

/* The last draw of a state: `thrown` (k cards) replaced by every k-subset of the stub, or by
 * rows row_lo .. row_hi - 1 of them when this is the first branching step. */
static void count_last(count_ctx *ctx, const bf_seat *seat, unsigned thrown, unsigned k,
                       const uint8_t *stub, unsigned n, int dealt, uint64_t multiplicity,
                       double prob, int split_here)
{
    uint64_t subsets = bf_binomial(n, k), lo = 0, hi = subsets;
    if (split_here) {
        lo = ctx->walk.row_lo;
        hi = ctx->walk.row_hi < subsets ? ctx->walk.row_hi : subsets;
        if (lo >= hi)
            return;
    }
    /* past the limit: stop as the play-by-play walk stops */
    if (hi - lo > ctx->walk.max_paths - ctx->walk.exact->paths) {
        ctx->walk.exact->paths = ctx->walk.max_paths + 1;
        ctx->walk.status = BF_DRAW_TOO_MANY;
        return;
    }
    ctx->walk.exact->paths += hi - lo;
    ctx->walk.exact->states++;
    unsigned kept[4], m = 0;
    for (unsigned i = 0; i < 4; i++)
        if (!(thrown >> i & 1))
            kept[m++] = seat->hand[i];
    sized_plays sized = {0, 0};
    if (split_here)
        count_rows(ctx, &sized, prob, kept, k, stub, n, lo, hi);
    else
        count_all(ctx, &sized, prob, kept, k, stub, n);
    add_sized(ctx->walk.exact, &sized, dealt, multiplicity);
}

/* The seat's draw `draw` (0-based), over every set of cards it may receive; the last draw is
 * counted. Mirrors step_draw of draws/engine.c for one seat. */
static void walk(count_ctx *ctx, const bf_seat *seat_in, const uint8_t *stub, unsigned n,
                 int draw, int dealt, uint64_t multiplicity, double prob)
{
    const bf_draw_spec *spec = ctx->walk.spec;
    if (ctx->walk.status)
        return;
    bf_seat seat = *seat_in;
    if (spec->draws == 0) { /* no draw: the hand as dealt is the one play */
        unsigned kept[4] = {seat.hand[0], seat.hand[1], seat.hand[2], seat.hand[3]};
        if (ctx->walk.max_paths < 1) {
            ctx->walk.exact->paths = 1;
            ctx->walk.status = BF_DRAW_TOO_MANY;
            return;
        }
        ctx->walk.exact->paths++;
        ctx->walk.exact->states++;
        sized_plays sized = {0, 0};
        count_all(ctx, &sized, prob, kept, 0, stub, n);
        add_sized(ctx->walk.exact, &sized, dealt, multiplicity);
        return;
    }
    unsigned thrown = bf_trial_throw(spec, &seat, 0, draw);
    unsigned k = (unsigned)__builtin_popcount(thrown), pos[4], npos = 0;
    if (k > n) {
        ctx->walk.status = BF_DRAW_STUB_SHORT;
        return;
    }
    if (multiplicity > UINT64_MAX / (24 * BF_SHARE_UNIT)) { /* keep the sums exact */
        ctx->walk.status = BF_DRAW_TOO_MANY;
        return;
    }
    uint64_t child_multiplicity = multiplicity * factorial[k];
    double child_prob = prob / (double)bf_binomial(n, k);
    int split_here = bf_enum_walk_split_here(&ctx->walk, k);
    if (draw == spec->draws - 1) {
        count_last(ctx, &seat, thrown, k, stub, n, dealt + (int)k, child_multiplicity, child_prob,
                   split_here);
        return;
    }
    for (unsigned i = 0; i < 4; i++)
        if (thrown >> i & 1)
            pos[npos++] = i;
    uint8_t rest[BF_NUM_CARDS];
    unsigned idx[4] = {0, 1, 2, 3};
    for (uint64_t row = 0;; row++) { /* the k-subsets of the stub, in order, as step_draw */
        if (split_here && row >= ctx->walk.row_hi)
            return;
        if (!split_here || row >= ctx->walk.row_lo) {
            bf_seat next = seat;
            bf_subset_deal(&next, pos, idx, k, stub, n, rest);
            bf_seat_after_draw(&next, thrown);
            walk(ctx, &next, rest, n - k, draw + 1, dealt + (int)k, child_multiplicity,
                 child_prob);
            if (ctx->walk.status)
                return;
        }
        if (!bf_subset_next(idx, k, n))
            return;
    }
}

int bf_one_seat_enumerate_rows(const bf_draw_spec *spec, uint64_t max_paths, uint64_t row_lo,
                               uint64_t row_hi, bf_draw_exact *exact)
{
    count_ctx ctx_store, *ctx = &ctx_store; /* about 35 kB */
    memset(ctx, 0, sizeof *ctx);
    ctx->walk = bf_enum_walk_start(spec, max_paths, exact, row_lo, row_hi);
    for (unsigned rank = 0; rank < RANK_SLOTS; rank++)
        ctx->size_step[rank] = (uint64_t)(rank < BF_FIRST_THREE_CARD) |
                               (uint64_t)(rank < BF_FIRST_TWO_CARD) << SIZE_BITS |
                               (uint64_t)(rank < BF_FIRST_ONE_CARD) << 2 * SIZE_BITS;
    memset(exact, 0, sizeof *exact);
    bf_seat seat;
    bf_seat_init(&seat, spec->hands[0], spec->dead);
    uint8_t stub[BF_NUM_CARDS];
    unsigned n = bf_stub_list(bf_held_cards(spec, 0), stub);
    if (row_lo < row_hi)
        walk(ctx, &seat, stub, n, 0, 0, 1, 1.0);
    for (unsigned rank = 0; rank < RANK_SLOTS; rank++)
        start_run(ctx, rank, 0.0); /* the last runs' additions */
    return ctx->walk.status;
}
