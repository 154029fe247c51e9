/* Draw engine; see draws/engine.h, and badugi_fast/draws/engine/reference.py for the rules in
 * prose. The seats decide through draws/policy.c and draw their cards from common/random.h. */
#include "draws/engine.h"
#include "draws/counting.h"
#include "draws/one_seat.h"
#include "draws/trial.h"
#include "common/random.h"

#include <string.h>

#define FULL_DECK ((UINT64_C(1) << BF_NUM_CARDS) - 1)

static int popcount64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

int bf_draw_spec_valid(const bf_draw_spec *spec)
{
    if (spec->seats < 1 || spec->seats > BF_MAX_SEATS || spec->draws < 0 ||
        spec->draws > BF_MAX_DRAWS || spec->first_throw < -1 || spec->first_throw > 15 ||
        (spec->dead & ~FULL_DECK))
        return 0;
    uint64_t used = spec->dead;
    int random_cards = 0;
    for (int p = 0; p < spec->seats; p++) {
        if (spec->policies[p].break_above < -1 || spec->policies[p].break_above > 12)
            return 0;
        if (spec->random_seat[p]) {
            random_cards += 4;
            if (p == 0 && spec->first_throw >= 0)
                return 0;
            continue;
        }
        for (int i = 0; i < 4; i++) {
            unsigned card = spec->hands[p][i];
            if (card >= BF_NUM_CARDS || (used & bf_bit(card)))
                return 0;
            used |= bf_bit(card);
        }
    }
    for (int d = 0; d < spec->draws; d++)
        if (spec->caps[d] > 4)
            return 0;
    return BF_NUM_CARDS - popcount64(used) >= random_cards;
}

/* ---- Monte Carlo ---- */

int bf_draw_simulate(const bf_draw_spec *spec, uint64_t seed, uint64_t first_trial,
                     uint64_t trials, bf_draw_tally *tally)
{
    if (!bf_draw_spec_valid(spec))
        return BF_DRAW_BAD_SPEC;
    const int seats = spec->seats;
    bf_seat base[BF_MAX_SEATS];
    for (int p = 0; p < seats; p++)
        if (!spec->random_seat[p])
            bf_seat_init(&base[p], spec->hands[p], spec->dead);
    uint8_t base_stub[BF_NUM_CARDS];
    unsigned base_size = bf_stub_list(bf_held_cards(spec, 0), base_stub);
    for (uint64_t t = first_trial; t < first_trial + trials; t++) {
        uint8_t stub[BF_NUM_CARDS];
        memcpy(stub, base_stub, base_size);
        bf_seat seat[BF_MAX_SEATS];
        for (int p = 0; p < seats; p++)
            if (!spec->random_seat[p])
                seat[p] = base[p];
        bf_trial_run(spec, seat, stub, base_size, seed, t, tally); /* deals the random seats */
    }
    return 0;
}

/* ---- Exact enumeration ---- */

static void leaf(bf_enum_walk *ctx, const bf_seat *seats, int dealt, uint64_t multiplicity,
                 double prob)
{
    bf_draw_exact *exact = ctx->exact;
    int rank[BF_MAX_SEATS], best = BF_NO_KEPT_RANK, winners = 0;
    for (int p = 0; p < ctx->spec->seats; p++) {
        rank[p] = bf_hand_rank(seats[p].hand);
        if (rank[p] < best)
            best = rank[p], winners = 0;
        winners += rank[p] == best;
    }
    for (int p = 0; p < ctx->spec->seats; p++) {
        if (rank[p] != best)
            continue;
        bf_add128(&exact->share_hi[p][dealt], &exact->share_lo[p][dealt],
                  multiplicity * (BF_SHARE_UNIT / (unsigned)winners));
        if (winners == 1)
            bf_add128(&exact->wins_hi[p][dealt], &exact->wins_lo[p][dealt], multiplicity);
    }
    int size = rank[0] < BF_FIRST_THREE_CARD ? 4
               : rank[0] < BF_FIRST_TWO_CARD ? 3
               : rank[0] < BF_FIRST_ONE_CARD ? 2
                                             : 1;
    bf_add128(&exact->size_hi[size][dealt], &exact->size_lo[size][dealt], multiplicity);
    exact->ranks[rank[0]] += prob;
    if (++exact->paths > ctx->max_paths)
        ctx->status = BF_DRAW_TOO_MANY;
}

/* One seat's draw at `step` (draw-major, seat-minor), over every set of cards it may receive. */
static void step_draw(bf_enum_walk *ctx, const bf_seat *seats, const uint8_t *stub,
                      unsigned stub_size, int step, int dealt, uint64_t multiplicity, double prob)
{
    const bf_draw_spec *spec = ctx->spec;
    if (ctx->status)
        return;
    if (step == spec->draws * spec->seats) {
        leaf(ctx, seats, dealt, multiplicity, prob);
        return;
    }
    int draw = step / spec->seats, p = step % spec->seats;
    bf_seat seat = seats[p];
    unsigned thrown = bf_trial_throw(spec, &seat, p, draw);
    unsigned k = (unsigned)popcount64(thrown), pos[4], n = 0;
    if (k > stub_size) {
        ctx->status = BF_DRAW_STUB_SHORT;
        return;
    }
    static const uint64_t factorial[5] = {1, 1, 2, 6, 24};
    if (multiplicity > UINT64_MAX / (24 * BF_SHARE_UNIT)) { /* keep the sums exact */
        ctx->status = BF_DRAW_TOO_MANY;
        return;
    }
    for (unsigned i = 0; i < 4; i++)
        if (thrown >> i & 1)
            pos[n++] = i;
    uint64_t child_multiplicity = multiplicity * factorial[k];
    double child_prob = prob / (double)bf_binomial(stub_size, k);
    bf_seat next[BF_MAX_SEATS];
    memcpy(next, seats, sizeof next[0] * (size_t)spec->seats);
    uint8_t rest[BF_NUM_CARDS];
    unsigned idx[4] = {0, 1, 2, 3};
    /* The first step that branches (k > 0) visits only its rows row_lo .. row_hi - 1, so a
     * long enumeration can run in blocks; its descendants visit every child. */
    int split_here = bf_enum_walk_split_here(ctx, k);
    uint64_t row = 0;
    for (;; row++) { /* idx[0] < ... < idx[k-1]: the next k-subset of the stub, in order */
        if (split_here && row >= ctx->row_hi)
            return;
        if (!split_here || row >= ctx->row_lo) {
            next[p] = seat;
            bf_subset_deal(&next[p], pos, idx, k, stub, stub_size, rest);
            bf_seat_after_draw(&next[p], thrown);
            step_draw(ctx, next, rest, stub_size - k, step + 1, dealt + (int)k,
                      child_multiplicity, child_prob);
            if (ctx->status)
                return;
        }
        if (!bf_subset_next(idx, k, stub_size))
            return;
    }
}

int bf_draw_enumerate(const bf_draw_spec *spec, uint64_t max_paths, bf_draw_exact *exact)
{
    return bf_draw_enumerate_rows(spec, max_paths, 0, UINT64_MAX, exact);
}

/* The stub of an exact enumeration (no random seats), and the seats as dealt. */
static unsigned enum_start(const bf_draw_spec *spec, bf_seat *seats, uint8_t *stub)
{
    for (int p = 0; p < spec->seats; p++)
        bf_seat_init(&seats[p], spec->hands[p], spec->dead);
    return bf_stub_list(bf_held_cards(spec, 0), stub);
}

static int any_random_seat(const bf_draw_spec *spec)
{
    for (int p = 0; p < spec->seats; p++)
        if (spec->random_seat[p])
            return 1;
    return 0;
}

uint64_t bf_draw_branch_rows(const bf_draw_spec *spec)
{
    if (!bf_draw_spec_valid(spec) || any_random_seat(spec))
        return 0;
    bf_seat seats[BF_MAX_SEATS];
    uint8_t stub[BF_NUM_CARDS];
    unsigned stub_size = enum_start(spec, seats, stub);
    for (int step = 0; step < spec->draws * spec->seats; step++) {
        int draw = step / spec->seats, p = step % spec->seats;
        unsigned k = (unsigned)popcount64(bf_trial_throw(spec, &seats[p], p, draw));
        if (k > stub_size)
            return 1; /* the enumeration stops there (BF_DRAW_STUB_SHORT) */
        if (k > 0)
            return bf_binomial(stub_size, k);
        bf_seat_after_draw(&seats[p], 0);
    }
    return 1; /* no step branches: one play */
}

int bf_draw_exact_add(bf_draw_exact *total, const bf_draw_exact *part)
{
    total->paths += part->paths;
    total->states += part->states;
    for (int m = 0; m < BF_MAX_DEALT; m++) {
        for (int p = 0; p < BF_MAX_SEATS; p++) {
            bf_add128(&total->share_hi[p][m], &total->share_lo[p][m], part->share_lo[p][m]);
            total->share_hi[p][m] += part->share_hi[p][m];
            bf_add128(&total->wins_hi[p][m], &total->wins_lo[p][m], part->wins_lo[p][m]);
            total->wins_hi[p][m] += part->wins_hi[p][m];
        }
        for (int size = 0; size < 5; size++) {
            bf_add128(&total->size_hi[size][m], &total->size_lo[size][m], part->size_lo[size][m]);
            total->size_hi[size][m] += part->size_hi[size][m];
        }
    }
    for (int r = 0; r <= BF_NUM_RANKS; r++)
        total->ranks[r] += part->ranks[r];
    return 0;
}

int bf_draw_enumerate_rows(const bf_draw_spec *spec, uint64_t max_paths, uint64_t row_lo,
                           uint64_t row_hi, bf_draw_exact *exact)
{
    if (bf_draw_spec_valid(spec) && spec->seats == 1 && !spec->random_seat[0])
        return bf_one_seat_enumerate_rows(spec, max_paths, row_lo, row_hi, exact);
    return bf_draw_enumerate_plays_rows(spec, max_paths, row_lo, row_hi, exact);
}

int bf_draw_enumerate_plays_rows(const bf_draw_spec *spec, uint64_t max_paths, uint64_t row_lo,
                                 uint64_t row_hi, bf_draw_exact *exact)
{
    if (!bf_draw_spec_valid(spec) || any_random_seat(spec))
        return BF_DRAW_BAD_SPEC;
    bf_seat seats[BF_MAX_SEATS];
    uint8_t stub[BF_NUM_CARDS];
    unsigned stub_size = enum_start(spec, seats, stub);
    memset(exact, 0, sizeof *exact);
    bf_enum_walk ctx = bf_enum_walk_start(spec, max_paths, exact, row_lo, row_hi);
    if (row_lo < row_hi)
        step_draw(&ctx, seats, stub, stub_size, 0, 0, 1, 1.0);
    return ctx.status;
}

int bf_draw_first_throw(const bf_draw_spec *spec)
{
    if (!bf_draw_spec_valid(spec) || spec->random_seat[0])
        return BF_DRAW_BAD_SPEC;
    if (spec->first_throw >= 0)
        return spec->first_throw;
    bf_seat seat;
    bf_seat_init(&seat, spec->hands[0], spec->dead);
    if (spec->draws == 0)
        return 0;
    return (int)bf_seat_throw(&seat, &spec->policies[0], spec->draws, spec->caps[0]);
}

double bf_draw_estimate_paths(const bf_draw_spec *spec, int probes, uint64_t seed)
{
    /* Knuth's estimator: follow random plays from the root; the product of the branching
     * factors met on the way is an unbiased estimate of the number of plays. */
    if (!bf_draw_spec_valid(spec) || probes < 1)
        return -1.0;
    bf_seat base[BF_MAX_SEATS];
    for (int p = 0; p < spec->seats; p++) {
        if (spec->random_seat[p])
            return -1.0;
        bf_seat_init(&base[p], spec->hands[p], spec->dead);
    }
    const uint64_t held = bf_held_cards(spec, 0);
    uint64_t counter = bf_mix64(seed);
    double total = 0.0;
    for (int probe = 0; probe < probes; probe++) {
        bf_seat seat[BF_MAX_SEATS];
        memcpy(seat, base, sizeof seat[0] * (size_t)spec->seats);
        uint8_t stub[BF_NUM_CARDS];
        unsigned stub_size = bf_stub_list(held, stub);
        double product = 1.0;
        for (int step = 0; step < spec->draws * spec->seats; step++) {
            int draw = step / spec->seats, p = step % spec->seats;
            unsigned thrown = bf_trial_throw(spec, &seat[p], p, draw);
            unsigned k = (unsigned)popcount64(thrown);
            if (k > stub_size)
                return -1.0;
            product *= (double)bf_binomial(stub_size, k);
            for (int i = 0; i < 4; i++)
                if (thrown >> i & 1) {
                    unsigned j = bf_next_below(&counter, stub_size);
                    seat[p].hand[i] = stub[j], stub[j] = stub[--stub_size];
                }
            bf_seat_after_draw(&seat[p], thrown);
        }
        total += product;
    }
    return total / probes;
}
