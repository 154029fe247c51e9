/* The hand loop's deal: hand h of a seed's stream takes numbers h * BF_NUMBERS_PER_HAND + j + 1
 * of the stream (common/random.h), the deck numbers 0 .. 51 and reshuffle k numbers 64 (k + 1)
 * onwards. Shared by game/hand_state.c (the loop, one card at a time) and common/deal.c (the
 * public bf_deal_deck and bf_deal_reshuffle, whole decks for Python and the tests).
 */
#ifndef BADUGI_COMMON_DEAL_H
#define BADUGI_COMMON_DEAL_H

#include "common/random.h"
#include "eval/badugi.h"

#define BF_NUMBERS_PER_HAND 1024 /* the deck takes 52, each reshuffle up to 52 of its own 64 */
#define BF_RESHUFFLE_SLOTS 15    /* (1024 - 64) / 64; 8 seats reshuffle at most 6 times */

/* The shuffled deck of hand `hand` of the seed's stream, top card first. */
void bf_deal_deck(uint64_t seed, uint64_t hand, uint8_t deck[BF_NUM_CARDS]);

/* The k-th reshuffle of that hand (k counts from 0, modulo 15; a hand needs at most 6):
 * cards[0..n) shuffled in place, the last to be dealt first; n is capped at 52. */
void bf_deal_reshuffle(uint64_t seed, uint64_t hand, unsigned k, uint8_t *cards, size_t n);

/* Number j of hand h's stream, mapped onto 0..n-1 by a multiply-high (bias below n / 2^64). */
static inline unsigned bf_stream_below(uint64_t key, uint64_t hand, unsigned j, unsigned n)
{
    return bf_below(bf_mix64(key + (hand * BF_NUMBERS_PER_HAND + j + 1) * BF_GAMMA), n);
}

/* Card i of the deck, top first: step i of a forward Fisher-Yates shuffle with number i. The hand
 * loop draws the deck one card at a time this way (a heads-up hand needs about 14 of the 52);
 * bf_deal_deck runs every step, so both give the same order. */
static inline uint8_t bf_deck_card(uint64_t key, uint64_t hand, uint8_t deck[BF_NUM_CARDS],
                                   unsigned i)
{
    unsigned j = i + bf_stream_below(key, hand, i, BF_NUM_CARDS - i);
    uint8_t t = deck[j];
    deck[j] = deck[i];
    deck[i] = t;
    return t;
}

/* Fisher-Yates from the top index down, with numbers first_j + i (a reshuffled stub). */
static inline void bf_shuffle(uint64_t key, uint64_t hand, unsigned first_j, uint8_t *cards,
                              size_t n)
{
    for (size_t i = n; i-- > 1;) {
        unsigned j = bf_stream_below(key, hand, first_j + (unsigned)i, (unsigned)i + 1);
        uint8_t t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
}

#endif
