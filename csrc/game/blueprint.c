/* Seats playing every decision by the blueprint (game/blueprint.h), as BlueprintBot plays them in
 * Game (badugi_fast/game/blueprint/bot.py over abstraction.py's read_decision and strategy.py's
 * Blueprint.row): the same checks in the same order, the same information set and slots, the
 * same probabilities and the same slot for the same random bits. */
#include "game/blueprint.h"
#include "game/hand_state.h"

#include <math.h>

/* The player deciding, 1 the button and 0 the other, and the public history it decides on; a
 * refusal when the game is not the blueprint's (heads-up casino rules with two blinds and no
 * ante) or its history left the abstraction's rules. */
static int blueprint_game(const bf_hand_state *hs, int seat, int *player,
                          const bf_bp_history **history)
{
    const bf_game_spec *spec = hs->spec;
    if (hs->n != 2)
        return BF_REFUSE_NOT_HEADS_UP;
    if (spec->rules != BF_GAME_CASINO || spec->big_blind <= 0 || spec->ante != 0)
        return BF_REFUSE_OTHER_RULES;
    *player = seat == hs->button ? 1 : 0;
    *history = bf_scratch_history(hs);
    return (*history)->broken ? BF_REFUSE_OTHER_RULES : 0;
}

/* The seat's bucket and draw slots (bf_bp_hand), read once per hand held. */
static int read_hand(const bf_hand_state *hs, int seat, int thrown[BF_BP_SLOTS])
{
    bf_bot_scratch *s = bf_scratch_of(hs);
    if (!s->read[seat]) {
        int slots[BF_BP_SLOTS];
        s->bucket[seat] = (int16_t)bf_bp_hand(hs->hand[seat], slots);
        for (int i = 0; i < BF_BP_SLOTS; i++)
            s->thrown[seat][i] = (int8_t)slots[i];
        s->read[seat] = 1;
    }
    for (int i = 0; thrown && i < BF_BP_SLOTS; i++)
        thrown[i] = s->thrown[seat][i];
    return s->bucket[seat];
}

/* The slot drawn for the decision's bits over the legal slots of probs (abstraction order), as
 * BlueprintBot draws it: the first whose running sum exceeds the uniform number, else the last
 * legal slot. The decision is kept and checked when the hand is audited. */
static int draw_slot(const bf_hand_state *hs, int seat, int32_t infoset, int legal,
                     const double probs[BF_BP_SLOTS])
{
    double u = bf_decision_uniform(bf_hand_decision_bits(hs, seat)), total = 0;
    int slot = -1;
    for (int i = 0; i < BF_BP_SLOTS; i++)
        if (legal >> i & 1) {
            total += probs[i];
            slot = i;
            if (u < total)
                break;
        }
    bf_bp_audit *audit = bf_scratch_of(hs)->audit;
    if (audit) {
        double sum = 0;
        int bad = 0;
        for (int i = 0; i < BF_BP_SLOTS; i++) {
            bad |= !(probs[i] >= 0 && probs[i] <= 1) || (!(legal >> i & 1) && probs[i] != 0);
            sum += probs[i];
        }
        bad |= !(fabs(sum - 1) <= 1e-12) || !(legal >> slot & 1);
        audit->bad += bad;
        if (audit->decisions < audit->capacity)
            audit->kept[audit->decisions] = (bf_bp_decision){
                hs->number, seat, infoset, legal, slot, {probs[0], probs[1], probs[2]}};
        audit->decisions++;
    }
    return slot;
}

int bf_blueprint_bet(const bf_hand_state *hs, int seat, const bf_bp_strategy *strategy,
                     bf_choice *out)
{
    const bf_bp_history *h;
    int player, reason = blueprint_game(hs, seat, &player, &h);
    if (reason)
        return reason;
    if (bf_bp_history_actor(h) != player)
        return BF_REFUSE_OFF_TREE;
    /* the legal actions must be those of Rules(small_bet, cap_heads_up=True), deep stacks
     * (abstraction.py's _betting_slots) */
    int64_t small_bet = strategy->small_bet;
    int64_t to_call = h->committed[1 - player] - h->committed[player];
    int64_t raise = to_call + (h->round < 2 ? small_bet : 2 * small_bet);
    int aggressive = h->bets < 4, kind = h->round > 0 && h->bets == 0 ? BF_ACT_BET : BF_ACT_RAISE;
    bf_options o;
    bf_state_options(hs, seat, &o, 1);
    if ((o.to_call > 0) != (to_call > 0) || (to_call > 0 && o.call != to_call) ||
        (o.bet_kind != 0) != aggressive ||
        (aggressive && (o.bet_kind != kind || o.least != raise)))
        return BF_REFUSE_OTHER_RULES;
    int public = bf_bp_history_public(h, player, 0, small_bet);
    if (public == BF_BP_BAD)
        return BF_REFUSE_OFF_TREE;
    int32_t infoset = read_hand(hs, seat, NULL) * BF_BP_PUBLIC + public;
    int legal = (to_call > 0 ? 1 << BF_BP_FOLD_SLOT : 0) | 1 << BF_BP_PASSIVE |
                (aggressive ? 1 << BF_BP_AGGRESSIVE : 0);
    double probs[BF_BP_SLOTS];
    if (bf_bp_row(strategy, infoset, legal, probs) == BF_BP_BAD)
        return BF_REFUSE_BAD_TABLE;
    switch (draw_slot(hs, seat, infoset, legal, probs)) {
    case BF_BP_FOLD_SLOT:
        *out = (bf_choice){BF_ACT_FOLD, 0};
        break;
    case BF_BP_PASSIVE:
        *out = to_call > 0 ? (bf_choice){BF_ACT_CALL, to_call} : (bf_choice){BF_ACT_CHECK, 0};
        break;
    default:
        *out = (bf_choice){kind, raise};
    }
    return 0;
}

int bf_blueprint_draw(const bf_hand_state *hs, int seat, const bf_bp_strategy *strategy,
                      int *thrown_at)
{
    const bf_bp_history *h;
    int player, reason = blueprint_game(hs, seat, &player, &h);
    if (reason)
        return reason;
    int public = bf_bp_history_public(h, player, 1, strategy->small_bet);
    if (public == BF_BP_BAD)
        return BF_REFUSE_OFF_TREE;
    int thrown[BF_BP_SLOTS], cap = bf_state_draw_cap(hs), legal = 0;
    int32_t infoset = read_hand(hs, seat, thrown) * BF_BP_PUBLIC + public;
    for (int slot = 0; slot < BF_BP_SLOTS; slot++) /* a slot that exists and fits the cut */
        if (thrown[slot] >= 0 && __builtin_popcount((unsigned)thrown[slot]) <= cap)
            legal |= 1 << slot;
    double probs[BF_BP_SLOTS];
    if (bf_bp_row(strategy, infoset, legal, probs) == BF_BP_BAD)
        return BF_REFUSE_BAD_TABLE;
    *thrown_at = thrown[draw_slot(hs, seat, infoset, legal, probs)];
    return 0;
}
