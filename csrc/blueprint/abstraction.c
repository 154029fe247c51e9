/* The blueprint's abstraction (blueprint/abstraction.h): buckets, draw slots, public indices, the
 * public history and the strategy lookup. */
#include "blueprint/abstraction.h"
#include "eval/badugi.h"

#include <stddef.h>

/* Where each round's betting and each draw's decisions start, by abstraction (1 .. 3) */
static const int BET_OFFSET[][4] = {
    {0}, {0, 8, 608, 1808}, {0, 8, 1808, 5408}, {0, 8, 1808, 12608}};
static const int DRAW_OFFSET[][4] = {
    {0}, {0, 4208, 4280, 5000}, {0, 12608, 12680, 14840}, {0, 34208, 34280, 36440}};
static const int PUBLIC_COUNT[] = {0, BF_BP_PUBLIC, BF_BP_PUBLIC_2, BF_BP_PUBLIC_3};
_Static_assert(sizeof BET_OFFSET / sizeof BET_OFFSET[0] == BF_BP_ABSTRACTIONS + 1 &&
                   sizeof DRAW_OFFSET / sizeof DRAW_OFFSET[0] == BF_BP_ABSTRACTIONS + 1 &&
                   sizeof PUBLIC_COUNT / sizeof PUBLIC_COUNT[0] == BF_BP_ABSTRACTIONS + 1,
               "a row of offsets and a count for each abstraction");
static const int POTS[4] = {1, 4, 8, 16}; /* pot values at the start of round r (draw r) */

int bf_bp_public_count(int abstraction)
{
    return abstraction >= 1 && abstraction <= BF_BP_ABSTRACTIONS ? PUBLIC_COUNT[abstraction]
                                                                  : BF_BP_BAD;
}

int bf_bp_mine(int count)
{
    return count < 0 || count > 4 ? BF_BP_BAD : count < 2 ? count : 2;
}

/* The hand's best badugi as positions of hand[] (bit i: hand[i]), from bf_describe's mask over
 * the sorted ids; 0 for a bad hand. */
static int badugi_positions(const uint8_t hand[4])
{
    int described = bf_describe(hand[0], hand[1], hand[2], hand[3]);
    if (described == 0)
        return 0;
    int mask = described >> 16, positions = 0;
    for (int i = 0; i < 4; i++) { /* hand[i] is the k-th lowest id, k = ids below it */
        int k = 0;
        for (int j = 0; j < 4; j++)
            k += hand[j] < hand[i];
        if (mask >> k & 1)
            positions |= 1 << i;
    }
    return positions;
}

int bf_bp_hand(const uint8_t hand[4], int thrown[BF_BP_SLOTS])
{
    int positions = badugi_positions(hand);
    if (!positions)
        return BF_BP_BAD;
    int size = 0, top = -1, second = -1, top_at = 0;
    for (int i = 0; i < 4; i++)
        if (positions >> i & 1) {
            int rank = hand[i] >> 2;
            size++;
            if (rank > top) {
                second = top;
                top = rank;
                top_at = i;
            } else if (rank > second) {
                second = rank;
            }
        }
    if (thrown != NULL) {
        thrown[0] = 0;
        thrown[1] = size == 4 ? BF_BP_BAD : 15 & ~positions;
        thrown[2] = (15 & ~positions) | 1 << top_at;
    }
    switch (size) {
    case 4:
        return (top - 3) * (top - 2) / 2 + second - 2;
    case 3:
        return 55 + (top - 2) * (top - 1) / 2 + second - 1;
    case 2:
        return 121 + (top - 1) * top / 2 + second;
    default:
        return 199 + top;
    }
}

int bf_bp_bucket(const uint8_t hand[4])
{
    return bf_bp_hand(hand, NULL);
}

int64_t bf_bp_hands(const uint8_t *cards, int64_t n, int16_t *buckets, int8_t *thrown)
{
    if (cards == NULL || buckets == NULL || thrown == NULL || n < 0)
        return BF_BP_BAD;
    for (int64_t i = 0; i < n; i++) {
        int slots[BF_BP_SLOTS];
        int bucket = bf_bp_hand(cards + 4 * i, slots);
        if (bucket == BF_BP_BAD)
            return i;
        buckets[i] = (int16_t)bucket;
        for (int k = 0; k < BF_BP_SLOTS; k++)
            thrown[BF_BP_SLOTS * i + k] = (int8_t)slots[k];
    }
    return n;
}

int bf_bp_thrown(const uint8_t hand[4], int slot)
{
    int thrown[BF_BP_SLOTS];
    if (slot < 0 || slot >= BF_BP_SLOTS || bf_bp_hand(hand, thrown) < 0)
        return BF_BP_BAD;
    return thrown[slot];
}

int bf_bp_public_betting(int abstraction, int round, int node, int pot, int aggressor,
                         int opp_drew, int mine, int opp_earlier)
{
    if (bf_bp_public_count(abstraction) == BF_BP_BAD || round < 0 || round > 3 || node < 0 ||
        node >= (round ? 10 : 8))
        return BF_BP_BAD;
    if (round == 0)
        return mine == 0 && opp_earlier == 0 ? node : BF_BP_BAD;
    int mines = abstraction == 1 ? 1 : 3, earliers = abstraction == 3 && round >= 2 ? 3 : 1;
    if (pot < 0 || pot >= POTS[round] || aggressor < 0 || aggressor > 2 || opp_drew < 0 ||
        opp_drew > 4 || mine < 0 || mine >= mines || opp_earlier < 0 || opp_earlier >= earliers)
        return BF_BP_BAD;
    return BET_OFFSET[abstraction][round] +
           ((((pot * 3 + aggressor) * 5 + opp_drew) * earliers + opp_earlier) * mines + mine) * 10 +
           node;
}

int bf_bp_public_draw(int abstraction, int k, int pot, int aggressor, int opp_before, int opp_now,
                      int mine)
{
    if (bf_bp_public_count(abstraction) == BF_BP_BAD || k < 1 || k > 3)
        return BF_BP_BAD;
    int befores = k == 1 ? 1 : 5, mines = abstraction == 1 || k == 1 ? 1 : 3; /* abstraction 3's draws are 2's */
    if (pot < 0 || pot >= POTS[k] || aggressor < 0 || aggressor > 2 || opp_before < 0 ||
        opp_before >= befores || opp_now < 0 || opp_now > 5 || mine < 0 || mine >= mines)
        return BF_BP_BAD;
    return DRAW_OFFSET[abstraction][k] +
           (((pot * 3 + aggressor) * befores + opp_before) * mines + mine) * 6 + opp_now;
}

void bf_bp_betting_start(bf_bp_betting *h, int button, int64_t blind0, int64_t blind1)
{
    h->button = button;
    h->round = h->flag = h->drawers = h->broken = 0;
    h->bets = 1; /* the big blind is the opening bet */
    h->aggressor = h->last_aggressor = -1;
    h->committed[0] = blind0;
    h->committed[1] = blind1;
    h->round_end = 0;
    for (int p = 0; p < 2; p++)
        for (int k = 0; k < BF_BP_MAX_DRAWS; k++)
            h->drew[p][k] = 0;
}

void bf_bp_betting_bet(bf_bp_betting *h, int player, int kind, int64_t amount)
{
    if (player < 0 || player > 1 || amount < 0 || amount > BF_BP_MAX_SMALL_BET * 64) {
        h->broken = 1;
        return;
    }
    h->committed[player] += amount;
    if (kind == BF_BP_CHECK || kind == BF_BP_CALL) {
        int opens = h->flag == 0 && (h->round == 0 ? h->bets == 1 && player == 1 : h->bets == 0);
        if (opens) { /* a limp, or the first check after a draw: the other player acts */
            h->flag = 1;
        } else { /* the round ends */
            h->last_aggressor = h->aggressor;
            h->round_end = h->committed[0];
        }
    } else if (kind == BF_BP_BET || kind == BF_BP_RAISE) {
        h->bets++;
        h->aggressor = player;
    } else {
        h->broken = 1;
    }
}

void bf_bp_betting_draw(bf_bp_betting *h, int player, int count)
{
    if (player < 0 || player > 1 || count < 0 || count > 4 || h->round >= BF_BP_MAX_DRAWS) {
        h->broken = 1;
        return;
    }
    h->drew[player][h->round] = (int8_t)count;
    if (++h->drawers == 2) {
        h->round++;
        h->bets = h->flag = h->drawers = 0;
        h->aggressor = -1;
    }
}

int bf_bp_betting_actor(const bf_bp_betting *h)
{
    int base = h->round == 0, opener = h->round == 0;
    return opener ^ ((h->bets - base + h->flag) & 1);
}

int bf_bp_relative(int who, int me)
{
    return who < 0 ? 0 : who == me ? 1 : 2;
}

int bf_bp_public_of(int abstraction, int round, int draw, int node, int pot, int aggressor,
                    int player, const int8_t own[BF_BP_MAX_DRAWS],
                    const int8_t theirs[BF_BP_MAX_DRAWS])
{
    if (round < 0 || round > 3 || player < 0 || player > 1 || own == NULL || theirs == NULL)
        return BF_BP_BAD;
    /* abstractions 2 and 3: the cards the player threw at the last draw (none before the
     * first) */
    int mine = abstraction >= 2 && round > 0 ? bf_bp_mine(own[round - 1]) : 0;
    if (draw) {
        int k = round + 1;
        if (k > BF_BP_MAX_DRAWS)
            return BF_BP_BAD;
        int before = k == 1 ? 0 : theirs[k - 2];
        int now = player == 0 ? 0 : 1 + theirs[k - 1]; /* the big blind draws first */
        return bf_bp_public_draw(abstraction, k, pot, aggressor, before, now, mine);
    }
    int last = round ? theirs[round - 1] : 0;
    /* abstraction 3: the opponent's draw before its last one (rounds 2 and 3) */
    int earlier = abstraction == 3 && round >= 2 ? bf_bp_mine(theirs[round - 2]) : 0;
    return bf_bp_public_betting(abstraction, round, node, pot, aggressor, last, mine, earlier);
}

int bf_bp_betting_public(const bf_bp_betting *h, int abstraction, int player, int draw,
                         int64_t small_bet)
{
    if (h->broken || player < 0 || player > 1 || small_bet < 1 || h->round > 3)
        return BF_BP_BAD;
    int64_t pot = h->round_end / small_bet - 1;
    if (pot < -1 || pot > 16)
        return BF_BP_BAD;
    if (draw ? h->drawers != player : bf_bp_betting_actor(h) != player)
        return BF_BP_BAD;
    int node = draw ? 0 : 2 * (h->bets - (h->round == 0)) + h->flag;
    return bf_bp_public_of(abstraction, h->round, draw, node, (int)pot,
                           bf_bp_relative(h->last_aggressor, player), player, h->drew[player],
                           h->drew[1 - player]);
}

int64_t bf_bp_infosets(int abstraction)
{
    int count = bf_bp_public_count(abstraction);
    return count == BF_BP_BAD ? BF_BP_BAD : (int64_t)count * BF_BP_BUCKETS;
}

int bf_bp_strategy_valid(const bf_bp_strategy *s)
{
    return s != NULL && s->table != NULL && bf_bp_infosets(s->abstraction) != BF_BP_BAD &&
           s->table_len == bf_bp_infosets(s->abstraction) * BF_BP_SLOTS && s->small_bet >= 2 &&
           s->small_bet <= BF_BP_MAX_SMALL_BET && s->small_bet % 2 == 0;
}

int bf_bp_row(const bf_bp_strategy *s, int32_t infoset, int legal, double probs[BF_BP_SLOTS])
{
    if (infoset < 0 || infoset >= bf_bp_infosets(s->abstraction) || legal <= 0 ||
        legal >= 1 << BF_BP_SLOTS)
        return BF_BP_BAD;
    const uint16_t *row = s->table + (int64_t)infoset * BF_BP_SLOTS;
    int32_t sum = 0, total = 0, count = 0;
    for (int slot = 0; slot < BF_BP_SLOTS; slot++) {
        sum += row[slot];
        if (legal >> slot & 1) {
            total += row[slot];
            count++;
        }
    }
    if (sum != 0 && sum != BF_BP_ONE)
        return BF_BP_BAD;
    for (int slot = 0; slot < BF_BP_SLOTS; slot++) /* Blueprint.row: w / total, or uniform */
        probs[slot] = !(legal >> slot & 1) ? 0.0
                      : total ? (double)row[slot] / (double)total
                              : 1.0 / (double)count;
    return count;
}
