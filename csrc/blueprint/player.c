/* Seats playing every decision by the blueprint (blueprint/player.h), as BlueprintBot plays them
 * in Game (badugi_fast/blueprint/bot.py over abstraction.py's read_decision and
 * strategy.py's Blueprint.row): the same checks in the same order, the same information set and
 * slots, the same probabilities and the same slot for the same random bits. */
#include "blueprint/player.h"
#include "play/loop.h"

#include <math.h>

/* What a blueprint seat keeps through a hand (its per-hand state of the seat interface). */
typedef struct {
    int seat;        /* the seat it plays */
    int has_history; /* the public history, started at the hand's first action */
    bf_bp_betting history;
    int read;        /* 1: the seat's hand is read into bucket and thrown below */
    int16_t bucket;  /* its bucket (bf_bp_hand) */
    int8_t thrown[BF_BP_SLOTS]; /* and what each draw slot throws */
} seat_state;

/* The player of a seat in the blueprint's numbering (heads-up: 1 the button, 0 the other). */
static int player_of(const bf_hand_state *hs, int seat)
{
    return seat == hs->button ? 1 : 0;
}

/* The public history of the hand so far, started from the blinds at its first call (nothing
 * but the blinds is in yet then; player 1: the button). */
static bf_bp_betting *history_of(seat_state *st, const bf_hand_state *hs)
{
    if (!st->has_history) {
        int button = hs->button, other = hs->n == 2 ? 1 - button : button;
        bf_bp_betting_start(&st->history, button, hs->committed[other], hs->committed[button]);
        st->has_history = 1;
    }
    return &st->history;
}

/* The player deciding, 1 the button and 0 the other, and the public history it decides on; a
 * refusal when the game is not the blueprint's (heads-up casino rules with two blinds and no
 * ante) or its history left the abstraction's rules. */
static int blueprint_game(seat_state *st, const bf_hand_state *hs, int seat, int *player,
                          const bf_bp_betting **history)
{
    const bf_game_spec *spec = hs->spec;
    if (hs->n != 2)
        return BF_REFUSE_NOT_HEADS_UP;
    if (spec->rules != BF_GAME_CASINO || spec->big_blind <= 0 || spec->ante != 0)
        return BF_REFUSE_OTHER_RULES;
    *player = seat == hs->button ? 1 : 0;
    *history = history_of(st, hs);
    return (*history)->broken ? BF_REFUSE_OTHER_RULES : 0;
}

/* The seat's bucket and draw slots (bf_bp_hand), read once per hand held. */
static int read_hand(seat_state *st, const bf_hand_state *hs, int seat, int thrown[BF_BP_SLOTS])
{
    if (!st->read) {
        int slots[BF_BP_SLOTS];
        st->bucket = (int16_t)bf_bp_hand(hs->hand[seat], slots);
        for (int i = 0; i < BF_BP_SLOTS; i++)
            st->thrown[i] = (int8_t)slots[i];
        st->read = 1;
    }
    for (int i = 0; thrown && i < BF_BP_SLOTS; i++)
        thrown[i] = st->thrown[i];
    return st->bucket;
}

/* The slot drawn for the decision's bits over the legal slots of probs (abstraction order), as
 * BlueprintBot draws it: the first whose running sum exceeds the uniform number, else the last
 * legal slot. The decision is kept and checked when the hand is audited. */
static int draw_slot(bf_bp_audit *audit, const bf_hand_state *hs, int seat, int32_t infoset,
                     int legal, const double probs[BF_BP_SLOTS])
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

/* The blueprint's betting choice for `seat` to act now (the seat interface's bet). */
static int bet(const bf_seat_player *self, void *state, const bf_hand_state *hs, int seat,
               bf_choice *out)
{
    const bf_bp_seat *bp = (const bf_bp_seat *)self;
    const bf_bp_strategy *strategy = bp->strategy;
    seat_state *st = state;
    const bf_bp_betting *h;
    int player, reason = blueprint_game(st, hs, seat, &player, &h);
    if (reason)
        return reason;
    if (bf_bp_betting_actor(h) != player)
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
    int public = bf_bp_betting_public(h, strategy->abstraction, player, 0, small_bet);
    if (public == BF_BP_BAD)
        return BF_REFUSE_OFF_TREE;
    int32_t infoset =
        read_hand(st, hs, seat, NULL) * bf_bp_public_count(strategy->abstraction) + public;
    int legal = (to_call > 0 ? 1 << BF_BP_FOLD_SLOT : 0) | 1 << BF_BP_PASSIVE |
                (aggressive ? 1 << BF_BP_AGGRESSIVE : 0);
    double probs[BF_BP_SLOTS];
    if (bf_bp_row(strategy, infoset, legal, probs) == BF_BP_BAD)
        return BF_REFUSE_BAD_TABLE;
    switch (draw_slot(bp->audit, hs, seat, infoset, legal, probs)) {
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

/* The blueprint's draw for `seat` to draw now (the seat interface's draw). */
static int draw(const bf_seat_player *self, void *state, const bf_hand_state *hs, int seat,
                int *thrown_at)
{
    const bf_bp_seat *bp = (const bf_bp_seat *)self;
    const bf_bp_strategy *strategy = bp->strategy;
    seat_state *st = state;
    const bf_bp_betting *h;
    int player, reason = blueprint_game(st, hs, seat, &player, &h);
    if (reason)
        return reason;
    int public = bf_bp_betting_public(h, strategy->abstraction, player, 1, strategy->small_bet);
    if (public == BF_BP_BAD)
        return BF_REFUSE_OFF_TREE;
    int thrown[BF_BP_SLOTS], cap = bf_state_draw_cap(hs), legal = 0;
    int32_t infoset =
        read_hand(st, hs, seat, thrown) * bf_bp_public_count(strategy->abstraction) + public;
    for (int slot = 0; slot < BF_BP_SLOTS; slot++) /* a slot that exists and fits the cut */
        if (thrown[slot] >= 0 && __builtin_popcount((unsigned)thrown[slot]) <= cap)
            legal |= 1 << slot;
    double probs[BF_BP_SLOTS];
    if (bf_bp_row(strategy, infoset, legal, probs) == BF_BP_BAD)
        return BF_REFUSE_BAD_TABLE;
    *thrown_at = thrown[draw_slot(bp->audit, hs, seat, infoset, legal, probs)];
    return 0;
}

/* A new hand: nothing read, no history yet. */
static void start(const bf_seat_player *self, void *state, int seat)
{
    seat_state *st = state;
    (void)self;
    st->seat = seat;
    st->has_history = 0;
    st->read = 0;
}

/* Any seat's bet, into the public history (heads-up: a fold ends the hand; a kind the
 * abstraction has not breaks the history). */
static void follow_bet(const bf_seat_player *self, void *state, const bf_hand_state *hs, int seat,
                       bf_choice choice)
{
    static const int kinds[BF_ACT_RAISE + 1] = {
        [BF_ACT_FOLD] = BF_BP_FOLD, [BF_ACT_CHECK] = BF_BP_CHECK, [BF_ACT_CALL] = BF_BP_CALL,
        [BF_ACT_BET] = BF_BP_BET, [BF_ACT_RAISE] = BF_BP_RAISE};
    int kind = choice.kind >= BF_ACT_FOLD && choice.kind <= BF_ACT_RAISE ? kinds[choice.kind] : -1;
    (void)self;
    if (hs->n == 2)
        bf_bp_betting_bet(history_of(state, hs), player_of(hs, seat), kind, choice.amount);
}

/* Any seat's draw, into the public history; the seat's own hand is to be read again. */
static void follow_draw(const bf_seat_player *self, void *state, const bf_hand_state *hs,
                        int seat, int count)
{
    seat_state *st = state;
    (void)self;
    if (seat == st->seat)
        st->read = 0;
    if (hs->n == 2)
        bf_bp_betting_draw(history_of(st, hs), player_of(hs, seat), count);
}

const bf_seat_player *bf_blueprint_seat(bf_bp_seat *seat, const bf_bp_strategy *strategy)
{
    if (!seat || !strategy || !bf_bp_strategy_valid(strategy))
        return NULL;
    seat->player = (bf_seat_player){(int)sizeof(seat_state), start, bet, draw, follow_bet,
                                    follow_draw};
    seat->strategy = strategy;
    seat->audit = NULL;
    return &seat->player;
}

/* The audit plays the hands through bf_game_play with each blueprint seat swapped for a copy
 * that keeps its decisions in the audit: play/ knows nothing of audits. */
int bf_blueprint_audit(const bf_game_spec *spec, uint64_t seed, uint64_t first_hand,
                       uint64_t hands, bf_bp_audit *audit, bf_game_refusal *refusal)
{
    if (!audit || audit->capacity < 0 || (audit->capacity > 0 && !audit->kept) ||
        audit->decisions < 0 || audit->bad < 0)
        return BF_GAME_BAD_SPEC;
    int64_t kept = audit->decisions; /* the first `capacity` of this call */
    bf_bp_audit counted = {audit->kept, audit->capacity, 0, 0};
    bf_game_spec audited = *spec;
    bf_bp_seat seats[BF_MAX_SEATS];
    for (int p = 0; p < BF_MAX_SEATS; p++)
        if (spec->players[p] && spec->players[p]->bet == bet) { /* a blueprint seat */
            seats[p] = *(const bf_bp_seat *)spec->players[p];
            seats[p].audit = &counted;
            audited.players[p] = &seats[p].player;
        }
    int status = bf_game_play(&audited, seed, first_hand, hands, NULL, NULL, refusal);
    audit->decisions = kept + counted.decisions;
    audit->bad += counted.bad;
    return status;
}
