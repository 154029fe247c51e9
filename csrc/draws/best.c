/* Best discard, every option in one pass; see draws/best.h. The rules are the draw engine's
 * (draws/engine.c, specified in badugi_fast/draws/engine/reference.py); the tests compare the
 * two. */
#include "draws/best.h"
#include "draws/counting.h"
#include "eval/lookup.h"
#include "common/random.h"

#include <string.h>

#define NUMBERS_PER_TRIAL 64 /* a trial shuffles at most 52 positions */
#define STREAM_TAG UINT64_C(0xB357D15CA4D0C0DE) /* this entry point's streams are its own */

static const uint64_t factorial[5] = {1, 1, 2, 6, 24};

static int popcount4(unsigned x)
{
    return (int)(x & 1) + (int)(x >> 1 & 1) + (int)(x >> 2 & 1) + (int)(x >> 3 & 1);
}

/* Seat 0 known, a valid spec, at least one draw. */
static int usable(const bf_draw_spec *spec)
{
    return bf_draw_spec_valid(spec) && !spec->random_seat[0] && spec->draws >= 1;
}

/* Seat p's discard at draw d: the option at seat 0's first draw, else its policy's. */
static unsigned throw_at(const bf_draw_spec *spec, bf_seat *seat, int p, int d, unsigned mask)
{
    if (d == 0 && p == 0) {
        bf_seat_keep_rest(seat, mask);
        return mask;
    }
    return bf_seat_throw(seat, &spec->policies[p], spec->draws - d, spec->caps[d]);
}

/* ---- Exact ---- */

typedef struct {
    const bf_draw_spec *spec;
    unsigned mask;
    uint64_t max_paths;
    bf_best_exact *out;
    int status;
} best_ctx;

/* Adds `multiplicity` times each seat's share (and sole wins) of one outcome, at m dealt. */
static void add_outcome(best_ctx *ctx, const int *rank, int m, uint64_t multiplicity)
{
    int best = BF_NO_KEPT_RANK, winners = 0;
    for (int p = 0; p < ctx->spec->seats; p++) {
        if (rank[p] < best)
            best = rank[p], winners = 0;
        winners += rank[p] == best;
    }
    for (int p = 0; p < ctx->spec->seats; p++) {
        if (rank[p] != best)
            continue;
        bf_add128(&ctx->out->share_hi[p][m], &ctx->out->share_lo[p][m],
                  multiplicity * (BF_SHARE_UNIT / (unsigned)winners));
        if (winners == 1)
            bf_add128(&ctx->out->wins_hi[p][m], &ctx->out->wins_lo[p][m], multiplicity);
    }
}

/* The term of a card at position `slot` (0..3) of a sorted hand in its colex index. */
static inline uint32_t colex_term(unsigned slot, unsigned card)
{
    return slot == 0   ? card
           : slot == 1 ? bf_binom2[card]
           : slot == 2 ? bf_binom3[card]
                       : bf_binom4[card];
}

/* Seat 0's final ranks over every k-subset T of the stub (in id order), kept cards K (4 - k
 * of them): counts[0] below `threshold`, counts[1] equal, counts[2] above (overwritten).
 * No hand is sorted in the loops: a card's position in K + T is its position in T plus the
 * kept cards below it (below[]), and a kept card's is its own plus the cards of T below it,
 * so each loop adds precomputed colex terms. */
static void count_finals(const uint8_t *kept_cards, unsigned k, const uint8_t *stub, unsigned n,
                         int threshold, uint64_t counts[3])
{
    /* Two register sums (no store-to-load chain through counts[]); above is the rest. */
    uint64_t below = 0, equal = 0, total = bf_binomial(n, k);
#define TALLY(index)                            \
    do {                                        \
        int r_ = bf_rank_table[index];          \
        below += r_ < threshold;                \
        equal += r_ == threshold;               \
    } while (0)
    unsigned nk = 4 - k, kept[4];
    for (unsigned q = 0; q < nk; q++) { /* sorted: insertion */
        unsigned card = kept_cards[q], j = q;
        for (; j > 0 && kept[j - 1] > card; j--)
            kept[j] = kept[j - 1];
        kept[j] = card;
    }
    uint8_t under[BF_NUM_CARDS];   /* kept cards below stub[i] */
    uint32_t term[3][BF_NUM_CARDS]; /* stub[i] as the j-th card of T */
    for (unsigned i = 0; i < n && k > 0 && k < 4; i++) {
        unsigned v = 0;
        while (v < nk && kept[v] < stub[i])
            v++;
        under[i] = (uint8_t)v;
        for (unsigned j = 0; j < k; j++)
            term[j][i] = colex_term(j + v, stub[i]);
    }
    if (k == 0) {
        BF_SORT4(kept[0], kept[1], kept[2], kept[3]);
        TALLY(bf_colex(kept[0], kept[1], kept[2], kept[3]));
    } else if (k == 1) { /* kept q sits at q, or q + 1 when the new card is below it */
        uint32_t with[4];
        for (unsigned v = 0; v <= nk; v++) {
            with[v] = 0;
            for (unsigned q = 0; q < nk; q++)
                with[v] += colex_term(q + (v <= q), kept[q]);
        }
        for (unsigned a = 0; a < n; a++)
            TALLY(term[0][a] + with[under[a]]);
    } else if (k == 2) {
        uint32_t with[3][3];
        for (unsigned va = 0; va <= nk; va++)
            for (unsigned vb = 0; vb <= nk; vb++) {
                with[va][vb] = 0;
                for (unsigned q = 0; q < nk; q++)
                    with[va][vb] += colex_term(q + (va <= q) + (vb <= q), kept[q]);
            }
        for (unsigned b = 1; b < n; b++)
            for (unsigned a = 0; a < b; a++)
                TALLY(term[0][a] + term[1][b] + with[under[a]][under[b]]);
    } else if (k == 3) { /* the kept card sits after the cards of T below it */
        uint32_t with[4];
        for (unsigned t = 0; t < 4; t++)
            with[t] = colex_term(t, kept[0]);
        for (unsigned c = 2; c < n; c++)
            for (unsigned b = 1; b < c; b++) {
                uint32_t upper = term[2][c] + term[1][b];
                unsigned lower = (under[b] == 0) + (under[c] == 0);
                for (unsigned a = 0; a < b; a++)
                    TALLY(upper + term[0][a] + with[lower + (under[a] == 0)]);
            }
    } else { /* the stub is in id order, so a < b < c < d are sorted ids already */
        for (unsigned d = 3; d < n; d++)
            for (unsigned c = 2; c < d; c++)
                for (unsigned b = 1; b < c; b++) {
                    uint32_t upper = bf_binom4[stub[d]] + bf_binom3[stub[c]] + bf_binom2[stub[b]];
                    for (unsigned a = 0; a < b; a++)
                        TALLY(upper + stub[a]);
                }
    }
#undef TALLY
    counts[0] = below, counts[1] = equal, counts[2] = total - below - equal;
}

/* Seat 0's last draw when no later seat draws a card: count its replacements. */
static void count_last_draw(best_ctx *ctx, const bf_seat *seats, const uint8_t *stub,
                            unsigned stub_size, unsigned thrown, int dealt, uint64_t multiplicity)
{
    const bf_draw_spec *spec = ctx->spec;
    unsigned k = (unsigned)popcount4(thrown), nk = 0;
    uint8_t kept[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++)
        if (!(thrown >> i & 1))
            kept[nk++] = seats[0].hand[i];
    int rank[BF_MAX_SEATS], best = BF_NO_KEPT_RANK;
    for (int p = 1; p < spec->seats; p++) {
        rank[p] = bf_hand_rank(seats[p].hand);
        best = rank[p] < best ? rank[p] : best;
    }
    uint64_t counts[3] = {0, 0, 0};
    count_finals(kept, k, stub, stub_size, best, counts);
    uint64_t each = multiplicity * factorial[k];
    int outcome_rank[3] = {best - 1, best, best + 1}; /* below, equal to, above the best */
    for (int o = 0; o < 3; o++) {
        if (counts[o] == 0)
            continue;
        if (each > UINT64_MAX / (BF_SHARE_UNIT * counts[o])) {
            ctx->status = BF_DRAW_TOO_MANY; /* keep the sums exact */
            return;
        }
        rank[0] = outcome_rank[o];
        add_outcome(ctx, rank, dealt + (int)k, each * counts[o]);
    }
    ctx->out->paths += bf_binomial(stub_size, k);
    if (ctx->out->paths > ctx->max_paths)
        ctx->status = BF_DRAW_TOO_MANY;
}

/* 1 when seat 0 draws last at this draw: every other seat stands pat at it. */
static int others_stand_pat(const bf_draw_spec *spec, const bf_seat *seats, int draw)
{
    for (int p = 1; p < spec->seats; p++) {
        bf_seat copy = seats[p];
        if (throw_at(spec, &copy, p, draw, 0) != 0)
            return 0;
    }
    return 1;
}

static void best_step(best_ctx *ctx, const bf_seat *seats, const uint8_t *stub, unsigned stub_size,
                      int step, int dealt, uint64_t multiplicity)
{
    const bf_draw_spec *spec = ctx->spec;
    if (step == spec->draws * spec->seats) {
        int rank[BF_MAX_SEATS];
        for (int p = 0; p < spec->seats; p++)
            rank[p] = bf_hand_rank(seats[p].hand);
        add_outcome(ctx, rank, dealt, multiplicity);
        if (++ctx->out->paths > ctx->max_paths)
            ctx->status = BF_DRAW_TOO_MANY;
        return;
    }
    int draw = step / spec->seats, p = step % spec->seats;
    bf_seat seat = seats[p];
    unsigned thrown = throw_at(spec, &seat, p, draw, ctx->mask);
    unsigned k = (unsigned)popcount4(thrown), pos[4], n = 0;
    if (k > stub_size) {
        ctx->status = BF_DRAW_STUB_SHORT;
        return;
    }
    if (multiplicity > UINT64_MAX / (24 * BF_SHARE_UNIT)) {
        ctx->status = BF_DRAW_TOO_MANY;
        return;
    }
    if (p == 0 && draw == spec->draws - 1 && others_stand_pat(spec, seats, draw)) {
        bf_seat last[BF_MAX_SEATS];
        memcpy(last, seats, sizeof last[0] * (size_t)spec->seats);
        last[0] = seat;
        count_last_draw(ctx, last, stub, stub_size, thrown, dealt, multiplicity);
        return;
    }
    for (unsigned i = 0; i < 4; i++)
        if (thrown >> i & 1)
            pos[n++] = i;
    bf_seat next[BF_MAX_SEATS];
    memcpy(next, seats, sizeof next[0] * (size_t)spec->seats);
    uint8_t rest[BF_NUM_CARDS];
    unsigned idx[4] = {0, 1, 2, 3};
    for (;;) { /* idx[0] < ... < idx[k-1]: the next k-subset of the stub, in order */
        next[p] = seat;
        bf_subset_deal(&next[p], pos, idx, k, stub, stub_size, rest);
        bf_seat_after_draw(&next[p], thrown);
        best_step(ctx, next, rest, stub_size - k, step + 1, dealt + (int)k,
                  multiplicity * factorial[k]);
        if (ctx->status)
            return;
        if (!bf_subset_next(idx, k, stub_size))
            return;
    }
}

static int mask_valid(const bf_draw_spec *spec, unsigned mask)
{
    return mask < 16 && (unsigned)popcount4(mask) <= spec->caps[0];
}

int bf_best_enumerate(const bf_draw_spec *spec, unsigned mask, uint64_t max_paths,
                      bf_best_exact *out)
{
    if (!usable(spec) || !mask_valid(spec, mask))
        return BF_DRAW_BAD_SPEC;
    bf_seat seats[BF_MAX_SEATS];
    for (int p = 0; p < spec->seats; p++) {
        if (spec->random_seat[p])
            return BF_DRAW_BAD_SPEC;
        bf_seat_init(&seats[p], spec->hands[p], spec->dead);
    }
    uint8_t stub[BF_NUM_CARDS];
    unsigned stub_size = bf_stub_list(bf_held_cards(spec, 0), stub);
    memset(out, 0, sizeof *out);
    best_ctx ctx = {spec, mask, max_paths, out, 0};
    best_step(&ctx, seats, stub, stub_size, 0, 0, 1);
    return ctx.status;
}

/* ---- Monte Carlo ---- */

/* Where each seat's part of the shuffled stub starts; returns the cards all parts take. */
static unsigned part_offsets(const bf_draw_spec *spec, unsigned offset[BF_MAX_SEATS])
{
    unsigned per_seat = 0, total = 0;
    for (int d = 0; d < spec->draws; d++)
        per_seat += spec->caps[d];
    for (int p = 0; p < spec->seats; p++) {
        offset[p] = total;
        total += per_seat + (spec->random_seat[p] ? 4u : 0u);
    }
    return total;
}

/* Seat 0 known and not dealt, dealt seats neither random nor past the seats. */
static int dealt_valid(const bf_draw_spec *spec, unsigned dealt)
{
    if ((dealt & 1) || dealt >> spec->seats)
        return 0;
    for (int p = 0; p < spec->seats; p++)
        if (dealt >> p & 1 && spec->random_seat[p])
            return 0;
    return 1;
}

static int dealt_count(unsigned dealt)
{
    int n = 0;
    for (; dealt; dealt &= dealt - 1)
        n++;
    return n;
}

int bf_best_fits(const bf_draw_spec *spec, unsigned dealt)
{
    if (!usable(spec) || !dealt_valid(spec, dealt))
        return BF_DRAW_BAD_SPEC;
    uint8_t stub[BF_NUM_CARDS];
    unsigned offset[BF_MAX_SEATS];
    unsigned free_cards =
        bf_stub_list(bf_held_cards(spec, dealt), stub) - 4u * (unsigned)dealt_count(dealt);
    return part_offsets(spec, offset) <= free_cards;
}

/* Plays seat p's draws, taking replacements from its part in order (seat 0's first draw
 * throws `mask`, its kept cards already chosen); returns its final rank. */
static int play_seat(const bf_draw_spec *spec, bf_seat *seat, int p, unsigned mask,
                     const uint8_t *part)
{
    for (int d = 0; d < spec->draws; d++) {
        unsigned thrown = d == 0 && p == 0 ? mask : throw_at(spec, seat, p, d, mask);
        for (int i = 0; i < 4; i++)
            if (thrown >> i & 1)
                seat->hand[i] = *part++;
        bf_seat_after_draw(seat, thrown);
    }
    return bf_hand_rank(seat->hand);
}

/* Seat 0's result at rank r0 against the others' ranks (rank[0] unused), into the tally. */
static void tally_trial(bf_best_tally *tally, int seats, const int *rank, int r0)
{
    int best = r0, winners = 1;
    for (int p = 1; p < seats; p++) {
        if (rank[p] < best)
            best = rank[p], winners = 0;
        winners += rank[p] == best;
    }
    uint64_t share = BF_SHARE_UNIT / (unsigned)winners;
    for (int p = 0; p < seats; p++) {
        if ((p == 0 ? r0 : rank[p]) != best)
            continue;
        tally->share[p] += share;
        tally->share_sq[p] += share * share;
        tally->wins[p] += winners == 1;
    }
    tally->trials++;
}

/* This trial's stub: the base stub without the dealt seats' cards (which are checked: ids
 * below 52, none held twice); returns its size, or -1 for a bad deal. */
static int trial_stub(const bf_draw_spec *spec, unsigned dealt, const uint8_t *row,
                      uint64_t held, const uint8_t *base, unsigned size, uint8_t *stub)
{
    uint64_t taken = 0;
    for (int p = 0; p < spec->seats; p++) {
        if (!(dealt >> p & 1))
            continue;
        for (int i = 0; i < 4; i++) {
            unsigned card = row[4 * p + i];
            if (card >= BF_NUM_CARDS || ((held | taken) & bf_bit(card)))
                return -1;
            taken |= bf_bit(card);
        }
    }
    unsigned n = 0;
    for (unsigned i = 0; i < size; i++)
        if (!(taken & bf_bit(base[i])))
            stub[n++] = base[i];
    return (int)n;
}

int bf_best_simulate(const bf_draw_spec *spec, int n_options, const uint8_t *masks,
                     const uint64_t *starts, const uint64_t *limits, uint64_t seed,
                     uint64_t first_trial, uint64_t trials, const uint8_t *dealt_hands,
                     unsigned dealt, bf_best_tally *out)
{
    if (!usable(spec) || n_options < 0 || n_options > BF_BEST_MAX_OPTIONS ||
        !dealt_valid(spec, dealt) || (dealt && dealt_hands == NULL))
        return BF_DRAW_BAD_SPEC;
    for (int o = 0; o < n_options; o++)
        if (!mask_valid(spec, masks[o]))
            return BF_DRAW_BAD_SPEC;
    if (bf_best_fits(spec, dealt) != 1)
        return BF_DRAW_STUB_SHORT;
    uint8_t base[BF_NUM_CARDS];
    /* the cards no known seat holds at the start; the seats in `dealt` are dealt per trial */
    const uint64_t held = bf_held_cards(spec, dealt);
    unsigned offset[BF_MAX_SEATS], base_size = bf_stub_list(held, base);
    unsigned need = part_offsets(spec, offset);
    bf_seat start[BF_MAX_SEATS], option[BF_BEST_MAX_OPTIONS];
    for (int p = 0; p < spec->seats; p++)
        if (!spec->random_seat[p] && !(dealt >> p & 1))
            bf_seat_init(&start[p], spec->hands[p], spec->dead);
    for (int o = 0; o < n_options; o++) { /* what each option keeps: the same every trial */
        option[o] = start[0];
        bf_seat_keep_rest(&option[o], masks[o]);
    }
    const uint64_t key = bf_mix64(seed ^ STREAM_TAG);
    for (uint64_t t = first_trial; t < first_trial + trials; t++) {
        const uint8_t *row = dealt ? dealt_hands + (t - first_trial) * 4 * (uint64_t)spec->seats
                                   : NULL;
        uint8_t deck[BF_NUM_CARDS];
        int size = (int)base_size;
        if (dealt)
            size = trial_stub(spec, dealt, row, held, base, base_size, deck);
        else
            memcpy(deck, base, base_size);
        if (size < (int)need)
            return BF_DRAW_BAD_SPEC; /* a dealt card twice, or out of range */
        uint64_t counter = key + t * NUMBERS_PER_TRIAL * BF_GAMMA;
        for (unsigned i = 0; i < need; i++) { /* the first `need` cards of a shuffle */
            unsigned j = i + bf_next_below(&counter, (unsigned)size - i);
            uint8_t card = deck[j];
            deck[j] = deck[i], deck[i] = card;
        }
        int rank[BF_MAX_SEATS];
        for (int p = 1; p < spec->seats; p++) {
            const uint8_t *part = deck + offset[p];
            bf_seat seat = start[p];
            if (spec->random_seat[p]) {
                bf_seat_init(&seat, part, spec->dead);
                part += 4;
            } else if (dealt >> p & 1) {
                bf_seat_init(&seat, row + 4 * p, spec->dead);
            }
            rank[p] = play_seat(spec, &seat, p, 0, part);
        }
        for (int o = 0; o < n_options; o++) {
            if (t >= limits[o] || (starts != NULL && t < starts[o]))
                continue;
            bf_seat seat = option[o];
            tally_trial(&out[o], spec->seats, rank, play_seat(spec, &seat, 0, masks[o], deck));
        }
    }
    return 0;
}
