/* A decision's 64 random bits, as Game gives them to a bot (View.stream): the first 8 bytes of
 * the BLAKE2b-64 digest (RFC 7693) of the text "<stream>:<seat>:<step>", read little-endian,
 * where <stream> is seed * 2**64 + number (game/stream.py: hand `number` of the seed's stream),
 * <seat> the deciding seat and <step> the number of events in the hand's history so far, all
 * in decimal. A bot that draws its mixed actions from these bits plays alike in Game, the C hand
 * loop and the batched engine. */
#ifndef BADUGI_GAME_DECISION_H
#define BADUGI_GAME_DECISION_H

#include <stdint.h>

uint64_t bf_decision_bits(uint64_t seed, uint64_t number, int seat, int64_t step);

/* A hand's key text "<stream>:", worked out once for the hand's decisions (its digits cost
 * more than the rest of the key). */
typedef struct {
    char text[44];
    unsigned length;
} bf_decision_stream;

void bf_decision_key(bf_decision_stream *key, uint64_t seed, uint64_t number);
/* bf_decision_bits of the key's hand. Seat and step are at least 0. */
uint64_t bf_decision_bits_of(const bf_decision_stream *key, int seat, int64_t step);

/* A uniform number in [0, 1) from the top 53 of the 64 bits (the solution bot's u). */
static inline double bf_decision_uniform(uint64_t bits)
{
    return (double)(bits >> 11) * (1.0 / 9007199254740992.0);
}

#endif
