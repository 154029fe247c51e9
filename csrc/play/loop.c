/* The closed hand loop of simulate (play/loop.h): every seat a built-in bot (play/seats.h), each
 * hand dealt and played to its end over the hand state (game/hand_state.h). */
#include "play/loop.h"
#include "play/seats.h"

#include <stdlib.h>
#include <string.h>

#define NO_CARD 0xFF

/* The refusal kept in a hand's scratch, if any: into *refusal (when given); 1 when refused. */
static int refused(const bf_seat_scratch *scratch, uint64_t hand, bf_game_refusal *refusal)
{
    if (!scratch->reason)
        return 0;
    if (refusal)
        *refusal = (bf_game_refusal){hand, scratch->refused_seat, scratch->reason};
    return 1;
}

/* A scratch for the spec's seats with room for `capacity` traced actions (NULL when the spec
 * needs none, or when memory runs out: *status then BF_GAME_NO_MEMORY). */
static bf_seat_scratch *new_scratch(const bf_game_spec *spec, int capacity, int *status)
{
    if (!bf_needs_scratch(spec))
        return NULL;
    void *memory = malloc(bf_scratch_bytes(spec, capacity));
    if (!memory) {
        *status = BF_GAME_NO_MEMORY;
        return NULL;
    }
    return bf_scratch_lay(memory, spec, capacity);
}

int bf_game_play(const bf_game_spec *spec, uint64_t seed, uint64_t first_hand, uint64_t hands,
                 int64_t *profit, uint8_t *final_hands, bf_game_refusal *refusal)
{
    if (!bf_seats_valid(spec))
        return BF_GAME_BAD_SPEC;
    int n = spec->seats, status = 0;
    bf_seat_scratch *scratch = new_scratch(spec, 0, &status);
    if (status)
        return status;
    bf_hand_state hs;
    hs.trace = scratch ? scratch->actions : NULL; /* no trace: record() only counts, capacity 0 */
    hs.trace_cap = 0;
    for (uint64_t h = 0; h < hands; h++) {
        if (scratch)
            bf_scratch_start(scratch, spec, seed);
        bf_seats_deal(&hs, spec, seed, first_hand + h, BF_ALL_BOTS);
        if (scratch && refused(scratch, first_hand + h, refusal)) {
            status = BF_GAME_REFUSED;
            break;
        }
        for (int p = 0; profit && p < n; p++) {
            profit[h * (uint64_t)n + (uint64_t)p] = hs.stack[p] - spec->stacks[p];
            if (final_hands)
                memset(final_hands + (h * (uint64_t)n + (uint64_t)p) * 4,
                       hs.folded[p] ? NO_CARD : 0, 4);
            if (final_hands && !hs.folded[p])
                memcpy(final_hands + (h * (uint64_t)n + (uint64_t)p) * 4, hs.hand[p], 4);
        }
    }
    free(scratch);
    return status;
}

int bf_game_trace(const bf_game_spec *spec, uint64_t seed, uint64_t hand, int64_t *profit,
                  bf_game_action *trace, int capacity, bf_game_refusal *refusal)
{
    if (!bf_seats_valid(spec) || capacity < 0 || (capacity > 0 && !trace))
        return BF_GAME_BAD_SPEC;
    int status = 0;
    bf_seat_scratch *scratch = new_scratch(spec, capacity, &status);
    if (status)
        return status;
    bf_hand_state hs;
    bf_game_action unused;
    if (scratch) { /* the trace inside the seats' scratch */
        bf_scratch_start(scratch, spec, seed);
        hs.trace = scratch->actions;
    } else {
        hs.trace = trace ? trace : &unused; /* counting only, when capacity is 0 */
    }
    hs.trace_cap = capacity;
    hs.trace_n = 0;
    bf_seats_deal(&hs, spec, seed, hand, BF_ALL_BOTS);
    int count = hs.trace_n;
    if (scratch) {
        int kept = count < capacity ? count : capacity;
        if (kept)
            memcpy(trace, scratch->actions, (size_t)kept * sizeof *trace);
        count = refused(scratch, hand, refusal) ? BF_GAME_REFUSED : count;
        free(scratch);
    }
    for (int p = 0; p < spec->seats; p++)
        profit[p] = hs.stack[p] - spec->stacks[p];
    return count;
}
