/* The seats' per-hand scratch (play/scratch.h): its layout, its start and the decision bits. */
#include "play/scratch.h"

#define ALIGN 8 /* every state at a multiple of this: int64_t, double and pointers */

static size_t aligned(size_t bytes)
{
    return (bytes + ALIGN - 1) / ALIGN * ALIGN;
}

size_t bf_scratch_bytes(const bf_game_spec *spec, int actions)
{
    size_t bytes = aligned(sizeof(bf_seat_scratch) + (size_t)actions * sizeof(bf_game_action));
    for (int p = 0; p < spec->seats; p++)
        if (spec->players[p])
            bytes += aligned((size_t)spec->players[p]->state_size);
    return bytes;
}

bf_seat_scratch *bf_scratch_lay(void *memory, const bf_game_spec *spec, int actions)
{
    bf_seat_scratch *s = memory;
    char *at = (char *)memory +
               aligned(sizeof(bf_seat_scratch) + (size_t)actions * sizeof(bf_game_action));
    for (int p = 0; p < BF_MAX_SEATS; p++) {
        s->state[p] = NULL;
        if (p < spec->seats && spec->players[p]) {
            s->state[p] = at;
            at += aligned((size_t)spec->players[p]->state_size);
        }
    }
    return s;
}

void bf_scratch_start(bf_seat_scratch *s, const bf_game_spec *spec, uint64_t seed)
{
    s->seed = seed;
    s->has_key = 0;
    s->burns = 0;
    s->first = -1;
    for (int p = 0; p < BF_MAX_SEATS; p++)
        s->node[p] = 0;
    s->refused_seat = -1;
    s->reason = 0;
    for (int p = 0; p < spec->seats; p++)
        if (spec->players[p])
            spec->players[p]->start(spec->players[p], s->state[p], p);
}

int64_t bf_decision_step(const bf_hand_state *hs)
{
    return (int64_t)hs->trace_n + hs->n + (int64_t)hs->reshuffles + bf_scratch_of(hs)->burns;
}

uint64_t bf_hand_decision_bits(const bf_hand_state *hs, int seat)
{
    bf_seat_scratch *s = bf_scratch_of(hs);
    if (!s->has_key) {
        bf_decision_key(&s->key, s->seed, hs->number);
        s->has_key = 1;
    }
    return bf_decision_bits_of(&s->key, seat, bf_decision_step(hs));
}
