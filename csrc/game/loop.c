/* The closed hand loop of simulate (game/loop.h): every seat a built-in bot, each hand dealt and
 * played to its end by the hand state (game/hand_state.h). */
#include "game/loop.h"
#include "game/hand_state.h"

#include <string.h>

#define NO_CARD 0xFF

int bf_game_play(const bf_game_spec *spec, uint64_t seed, uint64_t first_hand, uint64_t hands,
                 int64_t *profit, uint8_t *final_hands)
{
    if (!bf_game_spec_valid(spec))
        return BF_GAME_BAD_SPEC;
    int n = spec->seats;
    bf_hand_state hs;
    hs.trace = NULL;
    hs.trace_cap = 0;
    for (uint64_t h = 0; h < hands; h++) {
        bf_state_deal(&hs, spec, seed, first_hand + h, BF_ALL_BOTS);
        for (int p = 0; p < n; p++) {
            profit[h * (uint64_t)n + (uint64_t)p] = hs.stack[p] - spec->stacks[p];
            if (final_hands)
                memset(final_hands + (h * (uint64_t)n + (uint64_t)p) * 4,
                       hs.folded[p] ? NO_CARD : 0, 4);
            if (final_hands && !hs.folded[p])
                memcpy(final_hands + (h * (uint64_t)n + (uint64_t)p) * 4, hs.hand[p], 4);
        }
    }
    return 0;
}

int bf_game_trace(const bf_game_spec *spec, uint64_t seed, uint64_t hand, int64_t *profit,
                  bf_game_action *trace, int capacity)
{
    if (!bf_game_spec_valid(spec) || capacity < 0 || (capacity > 0 && !trace))
        return BF_GAME_BAD_SPEC;
    bf_hand_state hs;
    bf_game_action unused;
    hs.trace = trace ? trace : &unused; /* counting only, when capacity is 0 */
    hs.trace_cap = capacity;
    hs.trace_n = 0;
    bf_state_deal(&hs, spec, seed, hand, BF_ALL_BOTS);
    for (int p = 0; p < spec->seats; p++)
        profit[p] = hs.stack[p] - spec->stacks[p];
    return hs.trace_n;
}
