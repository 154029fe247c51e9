/* Ranges in C; see badugi_range.h. */
#include "badugi_range.h"
#include "badugi_random.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define RANGE_SALT UINT64_C(0x52414E4745535452)  /* keys the deal stream apart from the draws' */
#define NUMBERS_PER_TRIAL (UINT64_C(1) << 16)    /* >= BF_RANGE_MAX_TRIES x BF_MAX_SEATS */

static uint64_t hand_mask(const uint8_t *hand)
{
    return UINT64_C(1) << hand[0] | UINT64_C(1) << hand[1] | UINT64_C(1) << hand[2] |
           UINT64_C(1) << hand[3];
}

static int hand_valid(const uint8_t *hand)
{
    return hand[0] < BF_NUM_CARDS && hand[1] < BF_NUM_CARDS && hand[2] < BF_NUM_CARDS &&
           hand[3] < BF_NUM_CARDS && hand[0] != hand[1] && hand[0] != hand[2] &&
           hand[0] != hand[3] && hand[1] != hand[2] && hand[1] != hand[3] && hand[2] != hand[3];
}

/* Vose's method on the weights scaled to mean 1 (`scaled`, overwritten): each short column is
 * filled from a tall one, which may then turn short. */
static void fill_alias(uint32_t n, double *scaled, uint32_t *alias, uint32_t *small,
                       uint32_t *large)
{
    uint32_t n_small = 0, n_large = 0;
    for (uint32_t i = 0; i < n; i++) {
        alias[i] = i;
        if (scaled[i] < 1.0)
            small[n_small++] = i;
        else
            large[n_large++] = i;
    }
    while (n_small && n_large) {
        uint32_t s = small[--n_small], l = large[n_large - 1];
        alias[s] = l;
        scaled[l] -= 1.0 - scaled[s];
        if (scaled[l] < 1.0) {
            n_large--;
            small[n_small++] = l;
        }
    }
    while (n_large) /* what rounding leaves over is full */
        scaled[large[--n_large]] = 1.0;
    while (n_small)
        scaled[small[--n_small]] = 1.0;
}

int bf_range_alias(uint32_t n, const uint8_t *hands, const double *weights,
                   bf_range_column *table)
{
    if (n == 0)
        return BF_DRAW_BAD_SPEC;
    double total = 0.0;
    for (uint32_t i = 0; i < n; i++) {
        if (!(weights[i] > 0.0) || !isfinite(weights[i]) || !hand_valid(hands + 4 * (size_t)i))
            return BF_DRAW_BAD_SPEC;
        total += weights[i];
    }
    double *scaled = malloc(sizeof *scaled * n);
    uint32_t *alias = malloc(sizeof *alias * n), *small = malloc(sizeof *small * n),
             *large = malloc(sizeof *large * n);
    int status = scaled && alias && small && large ? 0 : BF_DRAW_BAD_SPEC;
    if (status == 0) {
        for (uint32_t i = 0; i < n; i++)
            scaled[i] = weights[i] * n / total;
        fill_alias(n, scaled, alias, small, large);
        for (uint32_t i = 0; i < n; i++) {
            table[i].threshold = (uint64_t)(scaled[i] * 4294967296.0);
            memcpy(table[i].hand, hands + 4 * (size_t)i, 4);
            memcpy(table[i].other, hands + 4 * (size_t)alias[i], 4);
        }
    }
    free(scaled);
    free(alias);
    free(small);
    free(large);
    return status;
}

static int range_valid(const bf_range *range)
{
    if (!range->hands || !range->table)
        return 0;
    for (uint32_t i = 0; i < range->n; i++)
        if (!hand_valid(range->hands + 4 * (size_t)i) || !hand_valid(range->table[i].hand) ||
            !hand_valid(range->table[i].other) ||
            (range->weights && !(range->weights[i] > 0.0 && isfinite(range->weights[i]))))
            return 0;
    return 1;
}

/* Every range is valid and its seat not random; `fixed` gets the known hands' cards and the
 * dead ones (the draw engine checks the known hands in full). */
static int ranges_valid(const bf_draw_spec *spec, const bf_range *ranges, uint64_t *fixed)
{
    if (spec->seats < 1 || spec->seats > BF_MAX_SEATS)
        return 0;
    *fixed = spec->dead;
    for (int p = 0; p < spec->seats; p++) {
        if (ranges[p].n == 0) {
            if (!spec->random_seat[p] && hand_valid(spec->hands[p]))
                *fixed |= hand_mask(spec->hands[p]);
        } else if (spec->random_seat[p] || !range_valid(&ranges[p])) {
            return 0;
        }
    }
    return 1;
}

static const bf_range_column *column_of(const bf_range *range, uint64_t x)
{
    return &range->table[bf_below(x, range->n)];
}

/* One hand of the range by weight, from one number of the stream: the column is
 * floor(x * n / 2^64), and the low word of x * n, uniform given the column, decides between
 * the column's hand and its alias (so one number does both, with bias below n / 2^32). */
static const uint8_t *sample(const bf_range *range, uint64_t x)
{
    const bf_range_column *column = column_of(range, x);
    uint64_t fraction = (x * range->n) >> 32;
    return fraction < column->threshold ? column->hand : column->other;
}

/* Starts loading the columns trial t's first deal will read: a large range's table is out of
 * cache, and the draws of the trial before hide the wait. */
static void prefetch_deal(const bf_range *ranges, int seats, uint64_t key, uint64_t t)
{
    uint64_t counter = key + t * NUMBERS_PER_TRIAL * BF_GAMMA;
    for (int p = 0; p < seats; p++)
        if (ranges[p].n) {
            counter += BF_GAMMA;
            __builtin_prefetch(column_of(&ranges[p], bf_mix64(counter)));
        }
}

/* Deals every range seat of trial t into play->hands; 0, or BF_RANGE_NO_DEAL. */
static int deal_ranges(bf_draw_spec *play, const bf_range *ranges, uint64_t fixed, uint64_t key,
                       uint64_t t)
{
    uint64_t counter = key + t * NUMBERS_PER_TRIAL * BF_GAMMA;
    for (int attempt = 0; attempt < BF_RANGE_MAX_TRIES; attempt++) {
        uint64_t used = fixed;
        int clash = 0;
        for (int p = 0; p < play->seats && !clash; p++) {
            if (ranges[p].n == 0)
                continue;
            counter += BF_GAMMA;
            const uint8_t *hand = sample(&ranges[p], bf_mix64(counter));
            uint64_t cards = hand_mask(hand);
            clash = (used & cards) != 0;
            used |= cards;
            memcpy(play->hands[p], hand, 4);
        }
        if (!clash)
            return 0;
    }
    return BF_RANGE_NO_DEAL;
}

int bf_range_simulate(const bf_draw_spec *spec, const bf_range *ranges, uint64_t seed,
                      uint64_t first_trial, uint64_t trials, bf_draw_tally *tally)
{
    uint64_t fixed;
    if (!ranges_valid(spec, ranges, &fixed))
        return BF_DRAW_BAD_SPEC;
    bf_draw_spec play = *spec;
    const uint64_t key = bf_mix64(bf_mix64(seed) ^ RANGE_SALT);
    prefetch_deal(ranges, spec->seats, key, first_trial);
    for (uint64_t t = first_trial; t < first_trial + trials; t++) {
        int status = deal_ranges(&play, ranges, fixed, key, t);
        prefetch_deal(ranges, spec->seats, key, t + 1);
        if (status == 0)
            status = bf_draw_simulate(&play, seed, t, 1, tally);
        if (status != 0)
            return status;
    }
    return 0;
}

/* Probability of the plays counted by m (the cards dealt) in (hi, lo): sum of count_m times
 * (U - m)! / U! for a stub of U cards. */
static double probability(const uint64_t *hi, const uint64_t *lo, unsigned stub)
{
    double total = 0.0, ratio = 1.0;
    for (unsigned m = 0; m < BF_MAX_DEALT && m <= stub; m++) {
        if (hi[m] || lo[m])
            total += ((double)hi[m] * 18446744073709551616.0 + (double)lo[m]) * ratio;
        ratio /= (double)(stub - m);
    }
    return total;
}

typedef struct {
    const bf_range *ranges;
    bf_draw_spec play;
    bf_draw_exact *exact;
    uint64_t budget, paths;
    unsigned stub;
    double weight_sum, *share, *win;
} combos_ctx;

/* Plays one combination of hands (every range seat dealt) and adds it with its weight. */
static int play_combo(combos_ctx *ctx, double weight)
{
    int status = bf_draw_enumerate(&ctx->play, ctx->budget - ctx->paths, ctx->exact);
    if (status != 0)
        return status;
    ctx->paths += ctx->exact->paths;
    ctx->weight_sum += weight;
    for (int p = 0; p < ctx->play.seats; p++) {
        ctx->share[p] += weight *
                         probability(ctx->exact->share_hi[p], ctx->exact->share_lo[p], ctx->stub) /
                         BF_SHARE_UNIT;
        ctx->win[p] += weight * probability(ctx->exact->wins_hi[p], ctx->exact->wins_lo[p],
                                            ctx->stub);
    }
    return 0;
}

/* Seats from p on: every hand of each range seat that shares no card with `used`. */
static int combos(combos_ctx *ctx, int p, uint64_t used, double weight)
{
    if (p == ctx->play.seats)
        return play_combo(ctx, weight);
    const bf_range *range = &ctx->ranges[p];
    if (range->n == 0)
        return combos(ctx, p + 1, used, weight);
    for (uint32_t i = 0; i < range->n; i++) {
        const uint8_t *hand = range->hands + 4 * (size_t)i;
        if (used & hand_mask(hand))
            continue;
        memcpy(ctx->play.hands[p], hand, 4);
        int status = combos(ctx, p + 1, used | hand_mask(hand), weight * range->weights[i]);
        if (status != 0)
            return status;
    }
    return 0;
}

int bf_range_enumerate(const bf_draw_spec *spec, const bf_range *ranges, uint64_t max_paths,
                       double *share, double *win, uint64_t *paths)
{
    uint64_t fixed;
    if (!ranges_valid(spec, ranges, &fixed))
        return BF_DRAW_BAD_SPEC;
    int held = 0;
    for (int p = 0; p < spec->seats; p++) {
        if (spec->random_seat[p] || (ranges[p].n && !ranges[p].weights))
            return BF_DRAW_BAD_SPEC;
        held += 4;
    }
    combos_ctx ctx = {ranges, *spec, malloc(sizeof(bf_draw_exact)), max_paths, 0, 0, 0.0,
                      share, win};
    if (!ctx.exact)
        return BF_DRAW_TOO_MANY;
    ctx.stub = (unsigned)(BF_NUM_CARDS - held - __builtin_popcountll(spec->dead));
    for (int p = 0; p < spec->seats; p++)
        share[p] = win[p] = 0.0;
    int status = combos(&ctx, 0, fixed, 1.0);
    free(ctx.exact);
    *paths = ctx.paths;
    if (status == 0 && ctx.weight_sum == 0.0)
        status = BF_RANGE_EMPTY;
    for (int p = 0; p < spec->seats && status == 0; p++)
        share[p] /= ctx.weight_sum, win[p] /= ctx.weight_sum;
    return status;
}
