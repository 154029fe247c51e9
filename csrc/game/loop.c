/* The closed hand loop of simulate (game/loop.h): every seat a built-in bot, each hand dealt and
 * played to its end by the hand state (game/hand_state.h). */
#include "game/loop.h"
#include "game/hand_state.h"
#include "game/strategy.h"

#include <stdlib.h>
#include <string.h>

#define NO_CARD 0xFF

/* The refusal kept in a hand's scratch, if any: into *refusal (when given); 1 when refused. */
static int refused(const bf_bot_scratch *scratch, uint64_t hand, bf_game_refusal *refusal)
{
    if (!scratch->reason)
        return 0;
    if (refusal)
        *refusal = (bf_game_refusal){hand, scratch->refused_seat, scratch->reason};
    return 1;
}

/* bf_game_play, its blueprint decisions audited when audit is not NULL (profit then NULL). */
static int play(const bf_game_spec *spec, uint64_t seed, uint64_t first_hand, uint64_t hands,
                int64_t *profit, uint8_t *final_hands, bf_game_refusal *refusal,
                bf_bp_audit *audit)
{
    if (!bf_game_spec_valid(spec))
        return BF_GAME_BAD_SPEC;
    int n = spec->seats, tables = bf_game_has_table_bots(spec);
    bf_hand_state hs;
    bf_bot_scratch scratch; /* the table bots' (no trace: record() only counts, capacity 0) */
    hs.trace = tables ? scratch.actions : NULL;
    hs.trace_cap = 0;
    scratch.audit = audit;
    for (uint64_t h = 0; h < hands; h++) {
        if (tables)
            bf_scratch_start(&scratch, seed);
        bf_state_deal(&hs, spec, seed, first_hand + h, BF_ALL_BOTS);
        if (tables && refused(&scratch, first_hand + h, refusal))
            return BF_GAME_REFUSED;
        for (int p = 0; profit && p < n; p++) {
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

int bf_game_play(const bf_game_spec *spec, uint64_t seed, uint64_t first_hand, uint64_t hands,
                 int64_t *profit, uint8_t *final_hands, bf_game_refusal *refusal)
{
    return play(spec, seed, first_hand, hands, profit, final_hands, refusal, NULL);
}

int bf_blueprint_audit(const bf_game_spec *spec, uint64_t seed, uint64_t first_hand,
                       uint64_t hands, bf_bp_audit *audit, bf_game_refusal *refusal)
{
    if (!audit || audit->capacity < 0 || (audit->capacity > 0 && !audit->kept) ||
        audit->decisions < 0 || audit->bad < 0)
        return BF_GAME_BAD_SPEC;
    int64_t kept = audit->decisions; /* the first `capacity` of this call */
    bf_bp_audit counted = {audit->kept, audit->capacity, 0, 0};
    int status = play(spec, seed, first_hand, hands, NULL, NULL, refusal, &counted);
    audit->decisions = kept + counted.decisions;
    audit->bad += counted.bad;
    return status;
}

int bf_game_trace(const bf_game_spec *spec, uint64_t seed, uint64_t hand, int64_t *profit,
                  bf_game_action *trace, int capacity, bf_game_refusal *refusal)
{
    if (!bf_game_spec_valid(spec) || capacity < 0 || (capacity > 0 && !trace))
        return BF_GAME_BAD_SPEC;
    bf_hand_state hs;
    bf_game_action unused;
    bf_bot_scratch *scratch = NULL;
    if (bf_game_has_table_bots(spec)) { /* the trace inside the table bots' scratch */
        scratch = malloc(sizeof *scratch + (size_t)capacity * sizeof *trace);
        if (!scratch)
            return BF_GAME_NO_MEMORY;
        bf_scratch_start(scratch, seed);
        scratch->audit = NULL;
        hs.trace = scratch->actions;
    } else {
        hs.trace = trace ? trace : &unused; /* counting only, when capacity is 0 */
    }
    hs.trace_cap = capacity;
    hs.trace_n = 0;
    bf_state_deal(&hs, spec, seed, hand, BF_ALL_BOTS);
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
