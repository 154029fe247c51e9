/* The threshold bots (bots.ThresholdBot) as the state machine's built-in players: their betting
 * choice among the options of Rules (fixed, pot, half-pot or no limit) or KoreanRules, and their
 * draws; seats playing the last round by a strategy table (game/strategy.h); and seats playing
 * every decision by the blueprint (game/blueprint.h). Included by game/hand_state.c only, after
 * the rules (options, draw) they play by: static functions, so the closed loop inlines them. */
#ifndef BADUGI_GAME_BOTS_H
#define BADUGI_GAME_BOTS_H

#include "game/hand_state.h"
#include "game/blueprint.h"
#include "game/strategy.h"
#include "eval/kernels.h"

/* The threshold bot's reading of its hand: the badugi's size and top rank, once per hand held. */
static void read_hand(bf_hand_state *hs, int seat)
{
    const uint8_t *h = hs->hand[seat];
    int rank = bf_rank(h[0], h[1], h[2], h[3]);
    unsigned s[4] = {h[0], h[1], h[2], h[3]};
    BF_SORT4(s[0], s[1], s[2], s[3]);
    hs->badugi_size[seat] = (int8_t)(rank < BF_FIRST_THREE_CARD ? 4
                                  : rank < BF_FIRST_TWO_CARD   ? 3
                                  : rank < BF_FIRST_ONE_CARD   ? 2 : 1);
    hs->badugi_top[seat] = (int8_t)(s[3] >> 2); /* the top card when all four count */
}

/* The bot under KoreanRules: when aggressive the first raise allowed of 하프, 따당, 쿼터, else
 * 선's first action of a round, with nothing bet yet, 삥 (when aggressive) or 체크; otherwise 콜
 * (for nothing too) or 다이. */
static bf_choice korean_choice(const bf_options *o, int aggressive, int keep_going)
{
    static const int order[3] = {2, 0, 1}, kinds[4] = {BF_ACT_TTADANG, BF_ACT_QUARTER,
                                                       BF_ACT_HALF, BF_ACT_FULL};
    for (int i = 0; aggressive && i < 3; i++)
        if (o->korean[order[i]])
            return (bf_choice){kinds[order[i]], o->korean[order[i]]};
    if (o->opens)
        return aggressive ? (bf_choice){BF_ACT_BBING, o->bbing}
                          : (bf_choice){BF_ACT_CHECK, 0};
    if (keep_going || o->to_call == 0)
        return (bf_choice){BF_ACT_CALL, o->call};
    return (bf_choice){BF_ACT_FOLD, 0};
}

/* The threshold bot's betting choice (bots.ThresholdBot) among the options of Rules (fixed, pot,
 * half-pot or no limit) or KoreanRules. */
static bf_choice threshold_choice(bf_hand_state *hs, int seat, const bf_threshold_bot *bot)
{
    if (!hs->badugi_size[seat])
        read_hand(hs, seat);
    int size = hs->badugi_size[seat], top = hs->badugi_top[seat]; /* top: used when size is 4 */
    int strong = size == 4 && top <= bot->raise_top;
    int aggressive = strong && hs->raises < bot->max_bets; /* View.bets < ThresholdBot.max_bets */
    int keep_going = (size == 4 && top <= bot->call_top) ||
                     (size >= bot->draw_with && hs->round_index < 3);
    bf_options o;
    options(hs, seat, &o, aggressive); /* the raises only when it may take one */
    if (hs->spec->rules == BF_GAME_KOREAN)
        return korean_choice(&o, aggressive, keep_going || strong);
    if (aggressive && o.bet_kind)
        return (bf_choice){o.bet_kind, o.least}; /* the bot bets or raises the least */
    if (o.to_call == 0)
        return (bf_choice){BF_ACT_CHECK, 0};
    if (strong || keep_going)
        return (bf_choice){BF_ACT_CALL, o.call};
    return (bf_choice){BF_ACT_FOLD, 0};
}

/* A refused decision of a table seat: kept in the scratch (the first of the hand), and the
 * seat's threshold bot plays it, the caller discarding the hand's chips. */
static void refuse(bf_hand_state *hs, int seat, int reason)
{
    bf_bot_scratch *scratch = bf_scratch_of(hs);
    if (!scratch->reason)
        scratch->refused_seat = seat, scratch->reason = reason;
}

/* A seat's betting choice: its threshold bot's, but in the last round a table bot's, and in
 * every round a blueprint seat's (its strategy's choice; else the table bot's `otherwise`
 * bot's, or a refusal kept in the scratch, the threshold bot then finishing the hand, whose
 * chips the caller discards). The table seats' scratch follows every action. */
static bf_choice bot_choice(bf_hand_state *hs, int seat)
{
    const bf_game_spec *spec = hs->spec;
    if (!bf_game_has_table_bots(spec))
        return threshold_choice(hs, seat, &spec->bots[seat]);
    const bf_table_bot *table_bot = spec->table_bots[seat];
    bf_choice choice;
    int reason = -1; /* -1: a decision of the seat's threshold bot */
    if (spec->blueprints[seat])
        reason = bf_blueprint_bet(hs, seat, spec->blueprints[seat], &choice);
    else if (table_bot && hs->round_index == BF_ROUNDS - 1)
        reason = bf_table_decide(hs, seat, table_bot->table, &choice);
    if (reason > 0 && table_bot && table_bot->has_otherwise) {
        choice = threshold_choice(hs, seat, &table_bot->otherwise);
    } else if (reason) {
        if (reason > 0)
            refuse(hs, seat, reason);
        choice = threshold_choice(hs, seat, &spec->bots[seat]);
    }
    bf_scratch_bet(hs, seat, choice);
    return choice;
}

/* The drawer's discards (bf_draw_keep, or its table by bf_policy_table_throw, knowing its own
 * discards; then cap_discards: the highest ids first, at most the cutting limit of this draw
 * under the Korean rules). */
static int threshold_draws(const bf_hand_state *hs, int seat, const bf_threshold_bot *bot)
{
    const bf_policy *policy = &bot->policy;
    return policy->table == NULL
               ? ~bf_draw_keep(hs->hand[seat], hs->own_discards[seat], 0)
               : bf_policy_table_throw(policy, hs->hand[seat], hs->own_discards[seat], 0,
                                       3 - hs->round_index, bf_state_draw_cap(hs));
}

/* A seat's discards: its threshold bot's, or a blueprint seat's (else a refusal as bot_choice
 * keeps one, the threshold bot drawing); then the cap. */
static void bot_draws(bf_hand_state *hs, int seat)
{
    const bf_bp_strategy *blueprint = hs->spec->blueprints[seat];
    int cap = bf_state_draw_cap(hs), thrown_at = 0, reason = -1;
    if (blueprint)
        reason = bf_blueprint_draw(hs, seat, blueprint, &thrown_at);
    if (reason) {
        if (reason > 0)
            refuse(hs, seat, reason);
        thrown_at = threshold_draws(hs, seat, &hs->spec->bots[seat]);
    }
    uint8_t thrown[4];
    int count = 0;
    for (int i = 0; i < 4; i++)
        if (thrown_at >> i & 1)
            thrown[count++] = hs->hand[seat][i];
    for (int i = 1; i < count; i++) /* insertion sort, descending */
        for (int j = i; j > 0 && thrown[j] > thrown[j - 1]; j--) {
            uint8_t c = thrown[j];
            thrown[j] = thrown[j - 1];
            thrown[j - 1] = c;
        }
    count = count > cap ? cap : count;
    if (bf_game_has_table_bots(hs->spec))
        bf_scratch_draw(hs, seat, count);
    draw(hs, seat, thrown, count);
}

#endif
