/* Draw engine; see badugi_draw.h, and badugi_fast/draw_model.py for the rules in prose. */
#include "badugi_draw.h"
#include "badugi_kernels.h"

#include <string.h>

#define FULL_DECK ((UINT64_C(1) << BF_NUM_CARDS) - 1)
#define GAMMA UINT64_C(0x9E3779B97F4A7C15)
#define NO_KEPT_RANK (BF_NUM_RANKS + 1)
#define DRAWS_PER_TRIAL 256 /* random numbers reserved per trial: at most 32 + 96 are used */

typedef struct {
    uint8_t hand[4];
    uint64_t kept;  /* the kept cards, as a card bitmask */
    int kept_rank;  /* rank of the kept cards as a badugi; NO_KEPT_RANK when none */
    uint64_t known; /* cards this seat knows are not in the stub */
} seat_t;

static uint64_t bit(unsigned card)
{
    return UINT64_C(1) << card;
}

/* Population count of a sparse mask (a hand's cards or positions: at most four bits). */
static int popcount64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* Population count of a dense mask, in constant time (SWAR; portable, no -mpopcnt). */
static int popcount_dense(uint64_t x)
{
    x -= (x >> 1) & UINT64_C(0x5555555555555555);
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* Cards of each suit, and of each rank, as card bitmasks. */
static uint64_t suit_cards(unsigned suit)
{
    return UINT64_C(0x1111111111111) << suit;
}

static uint64_t rank_cards(unsigned rank)
{
    return UINT64_C(0xF) << (4 * rank);
}

/* The hand's ids sorted, and its table index. */
static uint32_t sorted_index(const uint8_t hand[4], unsigned s[4])
{
    unsigned a = hand[0], b = hand[1], c = hand[2], d = hand[3];
    BF_SORT4(a, b, c, d);
    s[0] = a, s[1] = b, s[2] = c, s[3] = d;
    return bf_colex(a, b, c, d);
}

/* Rank of a set of cards that is a badugi: the class's colex position among its size. */
static int subset_rank(uint64_t cards)
{
    static const int offset[5] = {0, BF_FIRST_ONE_CARD - 1, BF_FIRST_TWO_CARD - 1,
                                  BF_FIRST_THREE_CARD - 1, 0};
    static const uint32_t *const binom[5] = {NULL, NULL, bf_binom2, bf_binom3, bf_binom4};
    int size = 0, rank = 0;
    for (unsigned r = 0; r < 13; r++)
        if (cards & rank_cards(r)) {
            size++;
            rank += size == 1 ? (int)r : (int)binom[size][r];
        }
    return offset[size] + rank + 1;
}

/* Unseen cards whose suit and rank differ from every card of `cards`. */
static int live_outs(uint64_t cards, uint64_t known)
{
    uint64_t blocked = known;
    for (uint64_t c = cards; c; c &= c - 1) {
        unsigned card = (unsigned)__builtin_ctzll(c);
        blocked |= suit_cards(card & 3) | rank_cards(card >> 2);
    }
    return popcount_dense(FULL_DECK & ~blocked);
}

/* The sorted ids of a card set, packed 6 bits each from the most significant end, so that
 * comparing two packed sets of one size compares them lexicographically. */
static unsigned packed_ids(uint64_t cards)
{
    unsigned ids = 0;
    int n = 0;
    for (; cards; cards &= cards - 1, n++)
        ids = ids << 6 | (unsigned)__builtin_ctzll(cards);
    return ids << 6 * (4 - n);
}

/* Keep the best subset of the hand: of the tied ones, most of `previous`, then most live outs,
 * then the lowest card ids. */
static void choose_kept_sorted(seat_t *seat, uint64_t previous, const unsigned s[4], uint32_t index)
{
    unsigned tied = bf_tied_table[index];
    seat->kept_rank = bf_rank_table[index];
    if ((tied & (tied - 1)) == 0) { /* one best subset: the usual case */
        unsigned mask = (unsigned)__builtin_ctz(tied);
        seat->kept = 0;
        for (int i = 0; i < 4; i++)
            if (mask >> i & 1)
                seat->kept |= bit(s[i]);
        return;
    }
    uint64_t best = 0;
    int best_score[2] = {-1, -1};
    unsigned best_ids = 0;
    for (unsigned mask = 1; mask < 16; mask++) {
        if (!(tied >> mask & 1))
            continue;
        uint64_t cards = 0;
        for (int i = 0; i < 4; i++)
            if (mask >> i & 1)
                cards |= bit(s[i]);
        unsigned ids = packed_ids(cards);
        int held = popcount64(cards & previous), outs = live_outs(cards, seat->known);
        if (best == 0 || held > best_score[0] || (held == best_score[0] && outs > best_score[1]) ||
            (held == best_score[0] && outs == best_score[1] && ids < best_ids)) {
            best = cards, best_score[0] = held, best_score[1] = outs, best_ids = ids;
        }
    }
    seat->kept = best;
}

static void choose_kept(seat_t *seat, uint64_t previous)
{
    unsigned s[4];
    uint32_t index = sorted_index(seat->hand, s);
    choose_kept_sorted(seat, previous, s, index);
}

static void seat_init(seat_t *seat, const uint8_t hand[4], uint64_t dead)
{
    memcpy(seat->hand, hand, 4);
    seat->known = dead | bit(hand[0]) | bit(hand[1]) | bit(hand[2]) | bit(hand[3]);
    choose_kept(seat, 0);
}

/* After throwing `thrown` (a position mask), keep the best badugi of the cards left: the best
 * rank, then the most live outs, then the lowest ids. */
static void keep_rest(seat_t *seat, unsigned thrown)
{
    uint64_t left = 0;
    for (int i = 0; i < 4; i++)
        if (!(thrown >> i & 1))
            left |= bit(seat->hand[i]);
    uint64_t best = 0;
    int best_rank = NO_KEPT_RANK, best_outs = -1;
    for (uint64_t sub = left; sub; sub = (sub - 1) & left) {
        uint64_t suits = 0, ranks = 0;
        int ok = 1;
        for (uint64_t c = sub; c && ok; c &= c - 1) {
            unsigned card = (unsigned)__builtin_ctzll(c);
            ok = !(suits >> (card & 3) & 1) && !(ranks >> (card >> 2) & 1);
            suits |= UINT64_C(1) << (card & 3), ranks |= UINT64_C(1) << (card >> 2);
        }
        if (!ok)
            continue;
        int rank = subset_rank(sub), outs = live_outs(sub, seat->known);
        if (rank < best_rank || (rank == best_rank && outs > best_outs) ||
            (rank == best_rank && outs == best_outs && packed_ids(sub) < packed_ids(best))) {
            best = sub, best_rank = rank, best_outs = outs;
        }
    }
    seat->kept = best;
    seat->kept_rank = best_rank;
}

/* The policy's discard for a seat (a position mask), at most `cap` cards: the highest-ranked
 * candidates first, which for ids 4*rank+suit is the highest ids. */
static unsigned policy_throw(seat_t *seat, int break_above, unsigned cap)
{
    unsigned thrown = 0;
    if (popcount64(seat->kept) == 4) {
        int top = 63 - __builtin_clzll(seat->kept);
        if (break_above < 0 || top >> 2 <= break_above)
            return 0;
        seat->kept &= ~bit((unsigned)top);
        seat->kept_rank = subset_rank(seat->kept);
    }
    for (int i = 0; i < 4; i++)
        if (!(seat->kept & bit(seat->hand[i])))
            thrown |= 1u << i;
    while ((unsigned)popcount64(thrown) > cap) { /* drop the lowest-ranked candidate */
        int lowest = -1;
        for (int i = 0; i < 4; i++)
            if (thrown >> i & 1 && (lowest < 0 || seat->hand[i] < seat->hand[lowest]))
                lowest = i;
        thrown &= ~(1u << lowest);
    }
    return thrown;
}

/* The new cards are in place: learn them, and keep the new badugi if it is strictly better. */
static void after_draw(seat_t *seat, unsigned thrown)
{
    for (int i = 0; i < 4; i++)
        if (thrown >> i & 1)
            seat->known |= bit(seat->hand[i]);
    unsigned s[4];
    uint32_t index = sorted_index(seat->hand, s);
    if (bf_rank_table[index] < seat->kept_rank)
        choose_kept_sorted(seat, seat->kept, s, index);
}

static int hand_rank(const uint8_t hand[4])
{
    unsigned s[4];
    return bf_rank_table[sorted_index(hand, s)];
}

static int spec_valid(const bf_draw_spec *spec)
{
    if (spec->seats < 1 || spec->seats > BF_MAX_SEATS || spec->draws < 0 ||
        spec->draws > BF_MAX_DRAWS || spec->break_above < -1 || spec->break_above > 12 ||
        spec->first_throw < -1 || spec->first_throw > 15 || (spec->dead & ~FULL_DECK))
        return 0;
    uint64_t used = spec->dead;
    int random_cards = 0;
    for (int p = 0; p < spec->seats; p++) {
        if (spec->random_seat[p]) {
            random_cards += 4;
            if (p == 0 && spec->first_throw >= 0)
                return 0;
            continue;
        }
        for (int i = 0; i < 4; i++) {
            unsigned card = spec->hands[p][i];
            if (card >= BF_NUM_CARDS || (used & bit(card)))
                return 0;
            used |= bit(card);
        }
    }
    for (int d = 0; d < spec->draws; d++)
        if (spec->caps[d] > 4)
            return 0;
    return BF_NUM_CARDS - popcount64(used) >= random_cards;
}

/* ---- Monte Carlo ---- */

/* A uniform index below n from the next number of the trial's stream (bias below n / 2^64). */
static unsigned next_below(uint64_t *counter, unsigned n)
{
    *counter += GAMMA;
    uint64_t x = bf_mix64(*counter);
    return (unsigned)(((x >> 32) * n + (((x & 0xFFFFFFFFu) * n) >> 32)) >> 32);
}

int bf_draw_simulate(const bf_draw_spec *spec, uint64_t seed, uint64_t first_trial,
                     uint64_t trials, bf_draw_tally *tally)
{
    if (!spec_valid(spec))
        return BF_DRAW_BAD_SPEC;
    const int seats = spec->seats;
    uint64_t in_play = spec->dead;
    seat_t base[BF_MAX_SEATS];
    for (int p = 0; p < seats; p++)
        if (!spec->random_seat[p]) {
            seat_init(&base[p], spec->hands[p], spec->dead);
            in_play |= bit(spec->hands[p][0]) | bit(spec->hands[p][1]) | bit(spec->hands[p][2]) |
                       bit(spec->hands[p][3]);
        }
    uint8_t base_stub[BF_NUM_CARDS];
    unsigned base_size = 0;
    for (unsigned c = 0; c < BF_NUM_CARDS; c++)
        if (!(in_play & bit(c)))
            base_stub[base_size++] = (uint8_t)c;
    const uint64_t key = bf_mix64(seed);

    for (uint64_t t = first_trial; t < first_trial + trials; t++) {
        uint64_t counter = key + t * DRAWS_PER_TRIAL * GAMMA;
        uint8_t stub[BF_NUM_CARDS], pile[BF_NUM_CARDS];
        unsigned stub_size = base_size, pile_size = 0;
        memcpy(stub, base_stub, base_size);
        seat_t seat[BF_MAX_SEATS];
        for (int p = 0; p < seats; p++) {
            if (!spec->random_seat[p]) {
                seat[p] = base[p];
                continue;
            }
            uint8_t hand[4];
            for (int i = 0; i < 4; i++) {
                unsigned j = next_below(&counter, stub_size);
                hand[i] = stub[j], stub[j] = stub[--stub_size];
            }
            seat_init(&seat[p], hand, spec->dead);
        }
        for (int d = 0; d < spec->draws; d++) {
            for (int p = 0; p < seats; p++) {
                unsigned thrown;
                if (d == 0 && p == 0 && spec->first_throw >= 0) {
                    thrown = (unsigned)spec->first_throw;
                    keep_rest(&seat[0], thrown);
                } else {
                    thrown = policy_throw(&seat[p], spec->break_above, spec->caps[d]);
                }
                uint8_t old[4];
                memcpy(old, seat[p].hand, 4);
                for (int i = 0; i < 4; i++) {
                    if (!(thrown >> i & 1))
                        continue;
                    if (stub_size == 0) { /* the others' discards become the new stub */
                        memcpy(stub, pile, pile_size);
                        stub_size = pile_size, pile_size = 0;
                    }
                    if (stub_size == 0) { /* every other card is held or dead: keep this one */
                        thrown &= ~(1u << i);
                        continue;
                    }
                    unsigned j = next_below(&counter, stub_size);
                    seat[p].hand[i] = stub[j], stub[j] = stub[--stub_size];
                }
                for (int i = 0; i < 4; i++) /* discards join the pile after this seat's draw */
                    if (thrown >> i & 1)
                        pile[pile_size++] = old[i];
                after_draw(&seat[p], thrown);
            }
        }
        int rank[BF_MAX_SEATS], best = NO_KEPT_RANK, winners = 0;
        for (int p = 0; p < seats; p++) {
            rank[p] = hand_rank(seat[p].hand);
            if (rank[p] < best)
                best = rank[p], winners = 0;
            winners += rank[p] == best;
        }
        uint64_t share = BF_SHARE_UNIT / (unsigned)winners;
        for (int p = 0; p < seats; p++) {
            if (rank[p] != best)
                continue;
            tally->share[p] += share;
            tally->share_sq[p] += share * share;
            if (winners == 1)
                tally->wins[p]++;
            else
                tally->ties[p]++;
        }
        tally->ranks[rank[0]]++;
        tally->trials++;
    }
    return 0;
}

/* ---- Exact enumeration ---- */

typedef struct {
    const bf_draw_spec *spec;
    uint64_t max_paths;
    bf_draw_exact *exact;
    int status;
} enum_ctx;

static void add128(uint64_t *hi, uint64_t *lo, uint64_t value)
{
    uint64_t before = *lo;
    *lo += value;
    *hi += *lo < before;
}

static uint64_t binomial(unsigned n, unsigned k)
{
    uint64_t result = 1;
    for (unsigned i = 1; i <= k; i++)
        result = result * (n - k + i) / i;
    return result;
}

static void leaf(enum_ctx *ctx, const seat_t *seats, int dealt, uint64_t multiplicity, double prob)
{
    bf_draw_exact *exact = ctx->exact;
    int rank[BF_MAX_SEATS], best = NO_KEPT_RANK, winners = 0;
    for (int p = 0; p < ctx->spec->seats; p++) {
        rank[p] = hand_rank(seats[p].hand);
        if (rank[p] < best)
            best = rank[p], winners = 0;
        winners += rank[p] == best;
    }
    for (int p = 0; p < ctx->spec->seats; p++) {
        if (rank[p] != best)
            continue;
        add128(&exact->share_hi[p][dealt], &exact->share_lo[p][dealt],
               multiplicity * (BF_SHARE_UNIT / (unsigned)winners));
        if (winners == 1)
            add128(&exact->wins_hi[p][dealt], &exact->wins_lo[p][dealt], multiplicity);
    }
    int size = rank[0] < BF_FIRST_THREE_CARD ? 4
               : rank[0] < BF_FIRST_TWO_CARD ? 3
               : rank[0] < BF_FIRST_ONE_CARD ? 2
                                             : 1;
    add128(&exact->size_hi[size][dealt], &exact->size_lo[size][dealt], multiplicity);
    exact->ranks[rank[0]] += prob;
    if (++exact->paths > ctx->max_paths)
        ctx->status = BF_DRAW_TOO_MANY;
}

/* One seat's draw at `step` (draw-major, seat-minor), over every set of cards it may receive. */
static void step_draw(enum_ctx *ctx, const seat_t *seats, const uint8_t *stub, unsigned stub_size,
                      int step, int dealt, uint64_t multiplicity, double prob)
{
    const bf_draw_spec *spec = ctx->spec;
    if (ctx->status)
        return;
    if (step == spec->draws * spec->seats) {
        leaf(ctx, seats, dealt, multiplicity, prob);
        return;
    }
    int draw = step / spec->seats, p = step % spec->seats;
    seat_t seat = seats[p];
    unsigned thrown;
    if (step == 0 && spec->first_throw >= 0) {
        thrown = (unsigned)spec->first_throw;
        keep_rest(&seat, thrown);
    } else {
        thrown = policy_throw(&seat, spec->break_above, spec->caps[draw]);
    }
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
    double child_prob = prob / (double)binomial(stub_size, k);
    seat_t next[BF_MAX_SEATS];
    memcpy(next, seats, sizeof next[0] * (size_t)spec->seats);
    uint8_t rest[BF_NUM_CARDS];
    unsigned idx[4] = {0, 1, 2, 3};
    for (;;) { /* idx[0] < ... < idx[k-1]: the next k-subset of the stub, in order */
        next[p] = seat;
        unsigned r = 0, j = 0;
        for (unsigned i = 0; i < stub_size; i++) {
            if (j < k && idx[j] == i)
                next[p].hand[pos[j++]] = stub[i];
            else
                rest[r++] = stub[i];
        }
        after_draw(&next[p], thrown);
        step_draw(ctx, next, rest, stub_size - k, step + 1, dealt + (int)k, child_multiplicity,
                  child_prob);
        if (ctx->status)
            return;
        int i = (int)k - 1;
        while (i >= 0 && idx[i] == stub_size - k + (unsigned)i)
            i--;
        if (i < 0)
            return;
        idx[i]++;
        for (unsigned j2 = (unsigned)i + 1; j2 < k; j2++)
            idx[j2] = idx[j2 - 1] + 1;
    }
}

int bf_draw_enumerate(const bf_draw_spec *spec, uint64_t max_paths, bf_draw_exact *exact)
{
    if (!spec_valid(spec))
        return BF_DRAW_BAD_SPEC;
    uint64_t in_play = spec->dead;
    seat_t seats[BF_MAX_SEATS];
    for (int p = 0; p < spec->seats; p++) {
        if (spec->random_seat[p])
            return BF_DRAW_BAD_SPEC;
        seat_init(&seats[p], spec->hands[p], spec->dead);
        for (int i = 0; i < 4; i++)
            in_play |= bit(spec->hands[p][i]);
    }
    uint8_t stub[BF_NUM_CARDS];
    unsigned stub_size = 0;
    for (unsigned c = 0; c < BF_NUM_CARDS; c++)
        if (!(in_play & bit(c)))
            stub[stub_size++] = (uint8_t)c;
    memset(exact, 0, sizeof *exact);
    enum_ctx ctx = {spec, max_paths, exact, 0};
    step_draw(&ctx, seats, stub, stub_size, 0, 0, 1, 1.0);
    return ctx.status;
}

int bf_draw_first_throw(const bf_draw_spec *spec)
{
    if (!spec_valid(spec) || spec->random_seat[0])
        return BF_DRAW_BAD_SPEC;
    if (spec->first_throw >= 0)
        return spec->first_throw;
    seat_t seat;
    seat_init(&seat, spec->hands[0], spec->dead);
    return (int)policy_throw(&seat, spec->break_above, spec->draws > 0 ? spec->caps[0] : 4);
}

double bf_draw_estimate_paths(const bf_draw_spec *spec, int probes, uint64_t seed)
{
    /* Knuth's estimator: follow random plays from the root; the product of the branching
     * factors met on the way is an unbiased estimate of the number of plays. */
    if (!spec_valid(spec) || probes < 1)
        return -1.0;
    seat_t base[BF_MAX_SEATS];
    uint64_t in_play = spec->dead;
    for (int p = 0; p < spec->seats; p++) {
        if (spec->random_seat[p])
            return -1.0;
        seat_init(&base[p], spec->hands[p], spec->dead);
        for (int i = 0; i < 4; i++)
            in_play |= bit(spec->hands[p][i]);
    }
    uint64_t counter = bf_mix64(seed);
    double total = 0.0;
    for (int probe = 0; probe < probes; probe++) {
        seat_t seat[BF_MAX_SEATS];
        memcpy(seat, base, sizeof seat[0] * (size_t)spec->seats);
        uint8_t stub[BF_NUM_CARDS];
        unsigned stub_size = 0;
        for (unsigned c = 0; c < BF_NUM_CARDS; c++)
            if (!(in_play & bit(c)))
                stub[stub_size++] = (uint8_t)c;
        double product = 1.0;
        for (int step = 0; step < spec->draws * spec->seats; step++) {
            int draw = step / spec->seats, p = step % spec->seats;
            unsigned thrown;
            if (step == 0 && spec->first_throw >= 0) {
                thrown = (unsigned)spec->first_throw;
                keep_rest(&seat[0], thrown);
            } else {
                thrown = policy_throw(&seat[p], spec->break_above, spec->caps[draw]);
            }
            unsigned k = (unsigned)popcount64(thrown);
            if (k > stub_size)
                return -1.0;
            product *= (double)binomial(stub_size, k);
            for (int i = 0; i < 4; i++)
                if (thrown >> i & 1) {
                    unsigned j = next_below(&counter, stub_size);
                    seat[p].hand[i] = stub[j], stub[j] = stub[--stub_size];
                }
            after_draw(&seat[p], thrown);
        }
        total += product;
    }
    return total / probes;
}

int bf_draw_keep(const uint8_t hand[4], uint64_t known, uint64_t previous)
{
    for (int i = 0; i < 4; i++)
        if (hand[i] >= BF_NUM_CARDS)
            return -1;
    if (hand[0] == hand[1] || hand[0] == hand[2] || hand[0] == hand[3] || hand[1] == hand[2] ||
        hand[1] == hand[3] || hand[2] == hand[3])
        return -1;
    seat_t seat;
    memcpy(seat.hand, hand, 4);
    seat.known = (known & FULL_DECK) | bit(hand[0]) | bit(hand[1]) | bit(hand[2]) | bit(hand[3]);
    choose_kept(&seat, previous & FULL_DECK);
    int positions = 0;
    for (int i = 0; i < 4; i++)
        if (seat.kept & bit(hand[i]))
            positions |= 1 << i;
    return positions;
}
