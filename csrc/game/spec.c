/* The checks of a game's spec (game/spec.h): every field in range, before any hand is dealt
 * (the tables and players a seat points at are play/seats.c's to check). */
#include "game/spec.h"

static int chips_valid(int64_t chips, int64_t least)
{
    return chips >= least && chips <= BF_GAME_MAX_STACK;
}

int bf_threshold_bot_valid(const bf_threshold_bot *bot)
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
    for (int p = 0; p < spec->seats; p++)
        if (!chips_valid(spec->stacks[p], 1) || !bf_threshold_bot_valid(&spec->bots[p]))
            return 0;
    for (int p = spec->seats; p < BF_MAX_SEATS; p++)
        if (spec->round_seats[p] || spec->players[p])
            return 0;
    return 1;
}
