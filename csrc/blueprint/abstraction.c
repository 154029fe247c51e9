/* The blueprint's abstraction (blueprint/abstraction.h): buckets, draw slots, public indices. */
#include "blueprint/abstraction.h"
#include "eval/badugi.h"

#include <stddef.h>

static const int BET_OFFSET[4] = {0, 8, 608, 1808};
static const int DRAW_OFFSET[4] = {0, 4208, 4280, 5000};
static const int POTS[4] = {1, 4, 8, 16}; /* pot values at the start of round r (draw r) */

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

int bf_bp_thrown(const uint8_t hand[4], int slot)
{
    int thrown[BF_BP_SLOTS];
    if (slot < 0 || slot >= BF_BP_SLOTS || bf_bp_hand(hand, thrown) < 0)
        return BF_BP_BAD;
    return thrown[slot];
}

int bf_bp_public_betting(int round, int node, int pot, int aggressor, int opp_drew)
{
    if (round < 0 || round > 3 || node < 0 || node >= (round ? 10 : 8))
        return BF_BP_BAD;
    if (round == 0)
        return node;
    if (pot < 0 || pot >= POTS[round] || aggressor < 0 || aggressor > 2 || opp_drew < 0 ||
        opp_drew > 4)
        return BF_BP_BAD;
    return BET_OFFSET[round] + ((pot * 3 + aggressor) * 5 + opp_drew) * 10 + node;
}

int bf_bp_public_draw(int k, int pot, int aggressor, int opp_before, int opp_now)
{
    if (k < 1 || k > 3 || pot < 0 || pot >= POTS[k] || aggressor < 0 || aggressor > 2 ||
        opp_before < 0 || opp_before >= (k == 1 ? 1 : 5) || opp_now < 0 || opp_now > 5)
        return BF_BP_BAD;
    return DRAW_OFFSET[k] + ((pot * 3 + aggressor) * (k == 1 ? 1 : 5) + opp_before) * 6 + opp_now;
}
