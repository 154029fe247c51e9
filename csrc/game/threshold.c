/* The threshold bots' decisions (game/threshold.h), as ThresholdBot makes them in Game
 * (badugi_fast/game/bots.py): the same reading of the hand, the same choice among the options
 * and the same discards. */
#include "game/threshold.h"
#include "game/hand_state_inline.h"
#include "eval/kernels.h"

/* The bot's reading of its hand: the badugi's size and top rank, once per hand held. */
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

bf_choice bf_threshold_choice(bf_hand_state *hs, int seat, const bf_threshold_bot *bot)
{
    if (!hs->badugi_size[seat])
        read_hand(hs, seat);
    int size = hs->badugi_size[seat], top = hs->badugi_top[seat]; /* top: used when size is 4 */
    int strong = size == 4 && top <= bot->raise_top;
    int aggressive = strong && hs->raises < bot->max_bets; /* View.bets < ThresholdBot.max_bets */
    int keep_going = (size == 4 && top <= bot->call_top) ||
                     (size >= bot->draw_with && hs->round_index < 3);
    bf_options o;
    bf_step_options(hs, seat, &o, aggressive); /* the raises only when it may take one */
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

int bf_threshold_draws(const bf_hand_state *hs, int seat, const bf_threshold_bot *bot)
{
    const bf_policy *policy = &bot->policy;
    return policy->table == NULL
               ? ~bf_draw_keep(hs->hand[seat], hs->own_discards[seat], 0)
               : bf_policy_table_throw(policy, hs->hand[seat], hs->own_discards[seat], 0,
                                       3 - hs->round_index, bf_state_draw_cap(hs));
}
