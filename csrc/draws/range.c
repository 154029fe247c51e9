/* Ranges in C; see draws/range.h. */
#include "draws/range.h"
#include "draws/trial.h"
#include "common/random.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define RANGE_SALT UINT64_C(0x52414E4745535452)  /* keys the deal stream apart from the draws' */
#define NUMBERS_PER_TRIAL (UINT64_C(1) << 16)    /* >= BF_RANGE_MAX_TRIES x BF_MAX_SEATS */
#define PREFETCH_AHEAD 4     /* trials between loading a deal's columns and reading them */
#define PREFETCH_ATTEMPTS 2  /* deals loaded ahead per trial: a clash is common, two rare */
#define NUMBER_RING 8        /* > PREFETCH_AHEAD: the numbers of the trials loaded ahead */

/* The numbers prefetch_deal worked out for the trials ahead, kept for deal_ranges. */
typedef uint64_t number_ring[NUMBER_RING][PREFETCH_ATTEMPTS][BF_MAX_SEATS];

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

/* The range's arrays are there; `full` also checks every hand and weight (the exact
 * enumeration reads them all; Monte Carlo checks each hand it deals instead, so a call on a
 * block of trials costs nothing per hand of a large range). */
static int range_valid(const bf_range *range, int full)
{
    if (!range->hands || !range->table)
        return 0;
    for (uint32_t i = 0; full && i < range->n; i++)
        if (!hand_valid(range->hands + 4 * (size_t)i) || !hand_valid(range->table[i].hand) ||
            !hand_valid(range->table[i].other) ||
            (range->weights && !(range->weights[i] > 0.0 && isfinite(range->weights[i]))))
            return 0;
    return 1;
}

/* Every range is valid and its seat not random; `fixed` gets the known hands' cards and the
 * dead ones (the draw engine checks the known hands in full). */
static int ranges_valid(const bf_draw_spec *spec, const bf_range *ranges, int full,
                        uint64_t *fixed)
{
    if (spec->seats < 1 || spec->seats > BF_MAX_SEATS)
        return 0;
    *fixed = spec->dead;
    for (int p = 0; p < spec->seats; p++) {
        if (ranges[p].n == 0) {
            if (!spec->random_seat[p] && hand_valid(spec->hands[p]))
                *fixed |= hand_mask(spec->hands[p]);
        } else if (spec->random_seat[p] || !range_valid(&ranges[p], full)) {
            return 0;
        }
    }
    return 1;
}

/* Where the hand drawn by number x lies: its column's, or its hand's in a uniform range. */
static const void *column_of(const bf_range *range, uint64_t x)
{
    uint64_t column = bf_below(x, range->n);
    return range->uniform ? (const void *)(range->hands + 4 * column)
                          : (const void *)&range->table[column];
}

/* One hand of the range by weight, from one number of the stream: the column is
 * floor(x * n / 2^64), and the low word of x * n, uniform given the column, decides between
 * the column's hand and its alias (so one number does both, with bias below n / 2^32). */
static const uint8_t *sample(const bf_range *range, uint64_t x)
{
    if (range->uniform) /* every threshold is 2^32: the column's own hand */
        return column_of(range, x);
    const bf_range_column *column = column_of(range, x);
    uint64_t fraction = (x * range->n) >> 32;
    return fraction < column->threshold ? column->hand : column->other;
}

/* Number j of trial t's deal (seat p's hand at attempt a is number a * BF_MAX_SEATS + p). */
static uint64_t deal_number(uint64_t key, uint64_t t, uint64_t j)
{
    return bf_mix64(key + (t * NUMBERS_PER_TRIAL + j + 1) * BF_GAMMA);
}

/* Works out the numbers of trial t's first PREFETCH_ATTEMPTS deals into `ring` and starts
 * loading the columns (a uniform range's hands) they will read: a large range's table is out of
 * cache, and the trials played meanwhile hide the wait. Inlined by force: gcc's
 * interprocedural analysis takes a function whose only effect is a prefetch for one without
 * effects and drops its calls. */
static inline __attribute__((always_inline)) void
prefetch_deal(const bf_range *ranges, int seats, uint64_t key, uint64_t t, number_ring ring)
{
    for (int attempt = 0; attempt < PREFETCH_ATTEMPTS; attempt++)
        for (int p = 0; p < seats; p++)
            if (ranges[p].n) {
                uint64_t x = deal_number(key, t, (uint64_t)(attempt * BF_MAX_SEATS + p));
                ring[t % NUMBER_RING][attempt][p] = x;
                __builtin_prefetch(column_of(&ranges[p], x));
            }
}

/* Deals every range seat of trial t into play->hands and their cards into *dealt (the numbers
 * of its first attempts from `ring` when given: prefetch_deal's); 0, BF_RANGE_NO_DEAL, or
 * BF_DRAW_BAD_SPEC for an invalid hand in a table. */
static int deal_ranges(bf_draw_spec *play, const bf_range *ranges, uint64_t fixed, uint64_t key,
                       uint64_t t, number_ring ring, uint64_t *dealt)
{
    for (int attempt = 0; attempt < BF_RANGE_MAX_TRIES; attempt++) {
        uint64_t used = fixed;
        int clash = 0;
        for (int p = 0; p < play->seats && !clash; p++) {
            if (ranges[p].n == 0)
                continue;
            uint64_t x = ring && attempt < PREFETCH_ATTEMPTS
                             ? ring[t % NUMBER_RING][attempt][p]
                             : deal_number(key, t, (uint64_t)(attempt * BF_MAX_SEATS + p));
            const uint8_t *hand = sample(&ranges[p], x);
            if (!hand_valid(hand))
                return BF_DRAW_BAD_SPEC;
            uint64_t cards = hand_mask(hand);
            clash = (used & cards) != 0;
            used |= cards;
            memcpy(play->hands[p], hand, 4);
        }
        if (!clash) {
            *dealt = used & ~fixed;
            return 0;
        }
    }
    return BF_RANGE_NO_DEAL;
}

/* What every trial starts from: the known seats as dealt, and the cards that neither they nor
 * the dead cards hold (the draw engine's stub, ascending); with, for each byte value, its set
 * bits ascending (8 bytes a value), which lists a card mask's cards a byte at a time. */
typedef struct {
    bf_seat seat[BF_MAX_SEATS];
    uint64_t live;
    uint8_t byte_bits[256][8];
} trial_start;

static void start_trials(const bf_draw_spec *spec, const bf_range *ranges, uint64_t fixed,
                         trial_start *start)
{
    for (int p = 0; p < spec->seats; p++)
        if (!spec->random_seat[p] && ranges[p].n == 0)
            bf_seat_init(&start->seat[p], spec->hands[p], spec->dead);
    start->live = ~fixed & ((UINT64_C(1) << BF_NUM_CARDS) - 1);
    for (unsigned b = 0; b < 256; b++) { /* 2 kB a call: nothing beside a block of trials */
        unsigned k = 0;
        memset(start->byte_bits[b], 0, 8);
        for (unsigned bit = 0; bit < 8; bit++)
            if (b >> bit & 1)
                start->byte_bits[b][k++] = (uint8_t)bit;
    }
}

/* The cards of `cards` ascending into stub (room for 8 bytes past the last card); their count. */
static unsigned list_cards(const trial_start *start, uint64_t cards, uint8_t *stub)
{
    unsigned n = 0;
    for (unsigned b = 0; b * 8 < BF_NUM_CARDS; b++) {
        unsigned byte = (unsigned)(cards >> 8 * b) & 0xFF;
        uint64_t ids;
        memcpy(&ids, start->byte_bits[byte], 8);
        ids += b * UINT64_C(0x0808080808080808); /* bit i of byte b is card 8b + i: no carry */
        memcpy(stub + n, &ids, 8);
        n += (unsigned)__builtin_popcount(byte);
    }
    return n;
}

/* Trial t on the deal in play->hands (the range seats' cards in `dealt`). */
static void play_deal(const bf_draw_spec *play, const bf_range *ranges, const trial_start *start,
                      uint64_t dealt, uint64_t seed, uint64_t t, bf_draw_tally *tally)
{
    bf_seat seat[BF_MAX_SEATS];
    for (int p = 0; p < play->seats; p++) {
        if (ranges[p].n)
            bf_seat_init(&seat[p], play->hands[p], play->dead);
        else
            seat[p] = start->seat[p];
    }
    uint8_t stub[BF_NUM_CARDS + 8];
    unsigned n = list_cards(start, start->live & ~dealt, stub);
    bf_trial_run(play, seat, stub, n, seed, t, tally);
}

int bf_range_simulate(const bf_draw_spec *spec, const bf_range *ranges, uint64_t seed,
                      uint64_t first_trial, uint64_t trials, bf_draw_tally *tally)
{
    uint64_t fixed, dealt;
    if (!ranges_valid(spec, ranges, 0, &fixed))
        return BF_DRAW_BAD_SPEC;
    if (trials == 0)
        return 0;
    bf_draw_spec play = *spec;
    const uint64_t key = bf_mix64(bf_mix64(seed) ^ RANGE_SALT);
    /* A first deal completes the spec, which the draw engine then checks once (0 trials): the
     * other deals differ only in the range seats' hands, each checked as it is dealt. */
    int status = deal_ranges(&play, ranges, fixed, key, first_trial, NULL, &dealt);
    if (status == 0)
        status = bf_draw_simulate(&play, seed, first_trial, 0, tally);
    if (status != 0)
        return status;
    trial_start start;
    start_trials(spec, ranges, fixed, &start);
    number_ring ring;
    const uint64_t end = first_trial + trials;
    for (unsigned k = 0; k < PREFETCH_AHEAD; k++) /* t wraps at 2^64, a multiple of the ring */
        prefetch_deal(ranges, spec->seats, key, first_trial + k, ring);
    for (uint64_t t = first_trial; t < end; t++) {
        prefetch_deal(ranges, spec->seats, key, t + PREFETCH_AHEAD, ring);
        status = deal_ranges(&play, ranges, fixed, key, t, ring, &dealt);
        if (status != 0)
            return status;
        play_deal(&play, ranges, &start, dealt, seed, t, tally);
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
    uint64_t budget;
    unsigned stub;
    bf_range_sums *sums;
    int first_range;         /* the first seat with a range: its hands are the rows */
    uint32_t row_lo, row_hi; /* the rows to visit */
} combos_ctx;

/* Plays one combination of hands (every range seat dealt) and adds it with its weight. */
static int play_combo(combos_ctx *ctx, double weight)
{
    bf_range_sums *sums = ctx->sums;
    int status = bf_draw_enumerate(&ctx->play, ctx->budget - sums->paths, ctx->exact);
    if (status != 0)
        return status;
    sums->paths += ctx->exact->paths;
    sums->weight_sum += weight;
    for (int p = 0; p < ctx->play.seats; p++) {
        sums->share[p] += weight *
                          probability(ctx->exact->share_hi[p], ctx->exact->share_lo[p],
                                      ctx->stub) /
                          BF_SHARE_UNIT;
        sums->win[p] += weight * probability(ctx->exact->wins_hi[p], ctx->exact->wins_lo[p],
                                             ctx->stub);
    }
    return 0;
}

/* Seats from p on: every hand of each range seat that shares no card with `used` (of the
 * first range seat, the rows asked for). */
static int combos(combos_ctx *ctx, int p, uint64_t used, double weight)
{
    if (p == ctx->play.seats)
        return play_combo(ctx, weight);
    const bf_range *range = &ctx->ranges[p];
    if (range->n == 0)
        return combos(ctx, p + 1, used, weight);
    uint32_t lo = 0, hi = range->n;
    if (p == ctx->first_range)
        lo = ctx->row_lo, hi = ctx->row_hi < range->n ? ctx->row_hi : range->n;
    for (uint32_t i = lo; i < hi; i++) {
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

int bf_range_enumerate_rows(const bf_draw_spec *spec, const bf_range *ranges, uint64_t max_paths,
                            uint32_t row_lo, uint32_t row_hi, bf_range_sums *sums)
{
    uint64_t fixed;
    if (!ranges_valid(spec, ranges, 1, &fixed))
        return BF_DRAW_BAD_SPEC;
    int held = 0, first_range = -1;
    for (int p = 0; p < spec->seats; p++) {
        if (spec->random_seat[p] || (ranges[p].n && !ranges[p].weights))
            return BF_DRAW_BAD_SPEC;
        if (ranges[p].n && first_range < 0)
            first_range = p;
        held += 4;
    }
    combos_ctx ctx = {ranges, *spec, malloc(sizeof(bf_draw_exact)), max_paths, 0, sums,
                      first_range, row_lo, row_hi};
    if (!ctx.exact)
        return BF_DRAW_TOO_MANY;
    ctx.stub = (unsigned)(BF_NUM_CARDS - held - __builtin_popcountll(spec->dead));
    int status = combos(&ctx, 0, fixed, 1.0);
    free(ctx.exact);
    return status;
}

int bf_range_enumerate(const bf_draw_spec *spec, const bf_range *ranges, uint64_t max_paths,
                       double *share, double *win, uint64_t *paths)
{
    bf_range_sums sums;
    memset(&sums, 0, sizeof sums);
    int status = bf_range_enumerate_rows(spec, ranges, max_paths, 0, UINT32_MAX, &sums);
    *paths = sums.paths;
    if (status == BF_DRAW_BAD_SPEC)
        return status;
    for (int p = 0; p < spec->seats; p++)
        share[p] = win[p] = 0.0;
    if (status == 0 && sums.weight_sum == 0.0)
        status = BF_RANGE_EMPTY;
    for (int p = 0; p < spec->seats && status == 0; p++)
        share[p] = sums.share[p] / sums.weight_sum, win[p] = sums.win[p] / sums.weight_sum;
    return status;
}
