/* The checks of a game's spec (game/spec.h): every field in range, before any hand is dealt. */
#include "game/spec.h"
#include "game/strategy.h"

static int chips_valid(int64_t chips, int64_t least)
{
    return chips >= least && chips <= BF_GAME_MAX_STACK;
}

static int bot_valid(const bf_threshold_bot *bot)
{
    return bot->raise_top >= 0 && bot->raise_top <= 12 && bot->call_top >= 0 &&
           bot->call_top <= 12 && bot->max_bets >= 0 && bot->max_bets <= BF_GAME_MAX_BETS;
}

int bf_game_spec_valid(const bf_game_spec *spec)
{
    if (spec->seats < 2 || spec->seats > BF_MAX_SEATS || spec->max_bets < 0 ||
        spec->max_bets > BF_GAME_MAX_BETS || spec->burn < 0 || spec->burn > 1 ||
        (spec->burn && spec->rules == BF_GAME_KOREAN) || spec->simultaneous < 0 ||
        spec->simultaneous > 1 || spec->allow_full < 0 || spec->allow_full > 1)
        return 0;
    if (spec->rules == BF_GAME_KOREAN) {
        if (!chips_valid(spec->ante, 1) || !chips_valid(spec->chip, 1) || spec->cutting[0] > 4 ||
            spec->cutting[1] > 4 || spec->cutting[2] > 4)
            return 0;
    } else if (spec->rules != BF_GAME_CASINO || spec->structure < BF_GAME_FIXED_LIMIT ||
               spec->structure > BF_GAME_HALF_POT_LIMIT || !chips_valid(spec->small_bet, 1) ||
               !chips_valid(spec->big_bet, 1) || !chips_valid(spec->small_blind, 0) ||
               !chips_valid(spec->big_blind, 0) || !chips_valid(spec->ante, 0) ||
               spec->cap_heads_up < 0 || spec->cap_heads_up > 1 || spec->simultaneous ||
               spec->allow_full) {
        return 0;
    }
    for (int p = 0; p < spec->seats; p++) {
        const bf_table_bot *table_bot = spec->table_bots[p];
        if (!chips_valid(spec->stacks[p], 1) || !bot_valid(&spec->bots[p]))
            return 0;
        if (spec->blueprints[p] &&
            (table_bot || !bf_bp_strategy_valid(spec->blueprints[p])))
            return 0;
        if (table_bot && (!bf_round_table_valid(table_bot->table) ||
                          table_bot->has_otherwise < 0 || table_bot->has_otherwise > 1 ||
                          (table_bot->has_otherwise && !bot_valid(&table_bot->otherwise))))
            return 0;
    }
    for (int p = spec->seats; p < BF_MAX_SEATS; p++)
        if (spec->table_bots[p] || spec->blueprints[p])
            return 0;
    return 1;
}
