/* The public deal of the hand loop: whole decks and reshuffles; see common/deal.h. */
#include "common/deal.h"

void bf_deal_deck(uint64_t seed, uint64_t hand, uint8_t deck[BF_NUM_CARDS])
{
    uint64_t key = bf_mix64(seed);
    for (unsigned c = 0; c < BF_NUM_CARDS; c++)
        deck[c] = (uint8_t)c;
    for (unsigned i = 0; i < BF_NUM_CARDS; i++)
        bf_deck_card(key, hand, deck, i);
}

void bf_deal_reshuffle(uint64_t seed, uint64_t hand, unsigned k, uint8_t *cards, size_t n)
{
    if (n > BF_NUM_CARDS)
        n = BF_NUM_CARDS;
    bf_shuffle(bf_mix64(seed), hand, 64 * (1 + k % BF_RESHUFFLE_SLOTS), cards, n);
}
