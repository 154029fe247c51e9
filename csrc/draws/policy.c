/* Draw policies; see draws/policy.h, and badugi_fast/draws/engine/reference.py for the rules in
 * prose. */
#include "draws/policy.h"
#include "eval/lookup.h"

#include <string.h>

#define FULL_DECK ((UINT64_C(1) << BF_NUM_CARDS) - 1)

/* Population count of a sparse mask (a hand's cards or positions: at most four bits). */
static int popcount_sparse(uint64_t x)
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
static void choose_kept_sorted(bf_seat *seat, uint64_t previous, const unsigned s[4], uint32_t index)
{
    unsigned tied = bf_tied_table[index];
    seat->kept_rank = bf_rank_table[index];
    if ((tied & (tied - 1)) == 0) { /* one best subset: the usual case */
        unsigned mask = (unsigned)__builtin_ctz(tied);
        seat->kept = 0;
        for (int i = 0; i < 4; i++)
            if (mask >> i & 1)
                seat->kept |= bf_bit(s[i]);
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
                cards |= bf_bit(s[i]);
        unsigned ids = packed_ids(cards);
        int held = popcount_sparse(cards & previous), outs = live_outs(cards, seat->known);
        if (best == 0 || held > best_score[0] || (held == best_score[0] && outs > best_score[1]) ||
            (held == best_score[0] && outs == best_score[1] && ids < best_ids)) {
            best = cards, best_score[0] = held, best_score[1] = outs, best_ids = ids;
        }
    }
    seat->kept = best;
}

static void choose_kept(bf_seat *seat, uint64_t previous)
{
    unsigned s[4];
    uint32_t index = sorted_index(seat->hand, s);
    choose_kept_sorted(seat, previous, s, index);
}

void bf_seat_init(bf_seat *seat, const uint8_t hand[4], uint64_t dead)
{
    memcpy(seat->hand, hand, 4);
    seat->known = dead | bf_bit(hand[0]) | bf_bit(hand[1]) | bf_bit(hand[2]) | bf_bit(hand[3]);
    choose_kept(seat, 0);
}

static int is_badugi(uint64_t cards)
{
    uint64_t suits = 0, ranks = 0;
    for (uint64_t c = cards; c; c &= c - 1) {
        unsigned card = (unsigned)__builtin_ctzll(c);
        if (suits >> (card & 3) & 1 || ranks >> (card >> 2) & 1)
            return 0;
        suits |= UINT64_C(1) << (card & 3), ranks |= UINT64_C(1) << (card >> 2);
    }
    return 1;
}

void bf_seat_keep_rest(bf_seat *seat, unsigned thrown)
{
    uint64_t left = 0;
    for (int i = 0; i < 4; i++)
        if (!(thrown >> i & 1))
            left |= bf_bit(seat->hand[i]);
    uint64_t best = 0;
    int best_rank = BF_NO_KEPT_RANK, best_outs = -1;
    for (uint64_t sub = left; sub; sub = (sub - 1) & left) {
        if (!is_badugi(sub))
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

/* At most `cap` of the thrown positions: drop the lowest-ranked candidates (lowest ids). */
static unsigned cap_throw(const uint8_t hand[4], unsigned thrown, unsigned cap)
{
    while ((unsigned)popcount_sparse(thrown) > cap) {
        int lowest = -1;
        for (int i = 0; i < 4; i++)
            if (thrown >> i & 1 && (lowest < 0 || hand[i] < hand[lowest]))
                lowest = i;
        thrown &= ~(1u << lowest);
    }
    return thrown;
}

/* Kept cards of a discard given as a mask over the sorted ids s. */
static uint64_t kept_of(const unsigned s[4], unsigned sorted_mask)
{
    uint64_t kept = 0;
    for (int j = 0; j < 4; j++)
        if (!(sorted_mask >> j & 1))
            kept |= bf_bit(s[j]);
    return kept;
}

/* A table's discard, as a mask over the hand's positions (draws_left and the hand valid). Of
 * the discards tied with the table's (the policy's tie masks), the table model cannot tell one
 * from another but the real stub can: as the default policy does among tied badugis, the seat
 * keeps the most of its `previous` kept cards, then the most live outs given what it knows (its
 * hand, its own discards, the dead cards), then the table's choice. */
static unsigned table_throw(const bf_policy *policy, const uint8_t hand[4], uint64_t known,
                            uint64_t previous, int draws_left)
{
    unsigned s[4];
    size_t at = (size_t)(draws_left - 1) * BF_NUM_HANDS + sorted_index(hand, s);
    unsigned chosen = policy->table[at] & 15u;
    unsigned tied = policy->ties == NULL ? 0 : policy->ties[at];
    if (tied & (tied - 1)) {
        uint64_t kept = kept_of(s, chosen);
        int best[2] = {popcount_sparse(kept & previous), live_outs(kept, known)};
        for (unsigned m = 0; m < 16; m++) {
            if (!(tied >> m & 1))
                continue;
            kept = kept_of(s, m);
            int held = popcount_sparse(kept & previous), outs = live_outs(kept, known);
            if (held > best[0] || (held == best[0] && outs > best[1]))
                chosen = m, best[0] = held, best[1] = outs;
        }
    }
    unsigned thrown = 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            if (chosen >> j & 1 && hand[i] == s[j])
                thrown |= 1u << i;
    return thrown;
}

unsigned bf_seat_throw(bf_seat *seat, const bf_policy *policy, int draws_left, unsigned cap)
{
    if (policy->table != NULL && draws_left >= 1 && draws_left <= BF_MAX_DRAWS) {
        unsigned thrown = table_throw(policy, seat->hand, seat->known, seat->kept, draws_left);
        thrown = cap_throw(seat->hand, thrown, cap);
        seat->kept = 0; /* what it keeps now; the next draw's best badugi replaces it */
        for (int i = 0; i < 4; i++)
            if (!(thrown >> i & 1))
                seat->kept |= bf_bit(seat->hand[i]);
        seat->kept_rank = BF_NO_KEPT_RANK;
        return thrown;
    }
    unsigned thrown = 0;
    if (popcount_sparse(seat->kept) == 4) {
        int top = 63 - __builtin_clzll(seat->kept);
        if (policy->break_above < 0 || top >> 2 <= policy->break_above)
            return 0;
        seat->kept &= ~bf_bit((unsigned)top);
        seat->kept_rank = subset_rank(seat->kept);
    }
    for (int i = 0; i < 4; i++)
        if (!(seat->kept & bf_bit(seat->hand[i])))
            thrown |= 1u << i;
    return cap_throw(seat->hand, thrown, cap);
}

void bf_seat_after_draw(bf_seat *seat, unsigned thrown)
{
    for (int i = 0; i < 4; i++)
        if (thrown >> i & 1)
            seat->known |= bf_bit(seat->hand[i]);
    unsigned s[4];
    uint32_t index = sorted_index(seat->hand, s);
    if (bf_rank_table[index] < seat->kept_rank)
        choose_kept_sorted(seat, seat->kept, s, index);
}

int bf_hand_rank(const uint8_t hand[4])
{
    unsigned s[4];
    return bf_rank_table[sorted_index(hand, s)];
}

int bf_hand_valid(const uint8_t hand[4])
{
    for (int i = 0; i < 4; i++)
        if (hand[i] >= BF_NUM_CARDS)
            return 0;
    return hand[0] != hand[1] && hand[0] != hand[2] && hand[0] != hand[3] && hand[1] != hand[2] &&
           hand[1] != hand[3] && hand[2] != hand[3];
}

int bf_draw_keep(const uint8_t hand[4], uint64_t known, uint64_t previous)
{
    if (!bf_hand_valid(hand))
        return -1;
    bf_seat seat;
    memcpy(seat.hand, hand, 4);
    seat.known = (known & FULL_DECK) | bf_bit(hand[0]) | bf_bit(hand[1]) | bf_bit(hand[2]) |
                 bf_bit(hand[3]);
    choose_kept(&seat, previous & FULL_DECK);
    int positions = 0;
    for (int i = 0; i < 4; i++)
        if (seat.kept & bf_bit(hand[i]))
            positions |= 1 << i;
    return positions;
}

void bf_draw_keep_prefetch(const uint8_t hand[4])
{
#if defined(__GNUC__)
    if (!bf_hand_valid(hand))
        return;
    unsigned s[4];
    uint32_t index = sorted_index(hand, s);
    __builtin_prefetch(&bf_tied_table[index]);
    __builtin_prefetch(&bf_rank_table[index]);
#else
    (void)hand;
#endif
}

void bf_seat_throw_prefetch(const bf_seat *seat, const bf_policy *policy, int draws_left)
{
#if defined(__GNUC__)
    if (policy->table == NULL || draws_left < 1 || draws_left > BF_MAX_DRAWS ||
        !bf_hand_valid(seat->hand))
        return;
    unsigned s[4];
    size_t at = (size_t)(draws_left - 1) * BF_NUM_HANDS + sorted_index(seat->hand, s);
    __builtin_prefetch(&policy->table[at]);
    if (policy->ties != NULL)
        __builtin_prefetch(&policy->ties[at]);
#else
    (void)seat, (void)policy, (void)draws_left;
#endif
}

int bf_policy_table_throw(const bf_policy *policy, const uint8_t hand[4], uint64_t known,
                          uint64_t previous, int draws_left, int cap)
{
    if (policy == NULL || policy->table == NULL || !bf_hand_valid(hand) || draws_left < 1 ||
        draws_left > BF_MAX_DRAWS || cap < 0)
        return -1;
    uint64_t held = bf_bit(hand[0]) | bf_bit(hand[1]) | bf_bit(hand[2]) | bf_bit(hand[3]);
    unsigned thrown = table_throw(policy, hand, (known & FULL_DECK) | held, previous & FULL_DECK,
                                   draws_left);
    return (int)cap_throw(hand, thrown, cap > 4 ? 4u : (unsigned)cap);
}
