/* One hand's state, as a resumable state machine (internal to the C core): the rules of a hand,
 * written once in game/hand_state.c, for play/loop.c's closed loop (every seat a built-in bot),
 * play/vector.c's batched engine (seats played by the caller) and the histories' replay. It
 * plays no bot itself: it stops at every decision, and the caller decides.
 *
 *     bf_state_deal(hs, spec, seed, number, bots);  -- posts, deals, runs to the first decision
 *     while ((seat = bf_state_actor(hs)) >= 0) {
 *         bf_state_options(hs, seat, &o, 1);         -- Rules.options / KoreanRules.options
 *         bf_state_bet(hs, seat, choice) or bf_state_draw(hs, seat, thrown, count);
 *         bf_state_advance(hs);                     -- to the next decision
 *     }
 *
 * (play/seats.h wraps the deal and the advance to play the seats of `bots` on the way.)
 */
#ifndef BADUGI_GAME_HAND_STATE_H
#define BADUGI_GAME_HAND_STATE_H

#include "game/spec.h"

#define BF_PHASE_BETTING 0
#define BF_PHASE_DRAW 1
#define BF_PHASE_DONE 2
#define BF_ROUNDS 4
#define BF_ALL_BOTS ((1u << BF_MAX_SEATS) - 1) /* bots: every seat a built-in bot (the loop) */

/* A player's decision: a BF_ACT_ kind and the chips it puts in. */
typedef struct {
    int kind;
    int64_t amount;
} bf_choice;

/* What the seat to act may do (Rules.options or KoreanRules.options). */
typedef struct {
    int64_t to_call, call; /* call: the chips a call puts in (all of a short stack) */
    int opens;             /* Korean: 선's first action, 삥 and 체크 instead of 콜 */
    int64_t bbing;         /* Korean: the chips 삥 puts in (the ante, or a short stack) */
    int bet_kind;          /* casino: BF_ACT_BET or BF_ACT_RAISE when allowed, else 0 */
    int64_t least, most;   /* casino: the chips a bet or raise may put in */
    int64_t korean[4];     /* Korean: 따당, 쿼터, 하프, 풀 (0: not allowed) */
} bf_options;

typedef struct {
    const bf_game_spec *spec;
    int n, button, round_index, phase;
    unsigned bots; /* bit p: seat p is played by play/'s seats, not a caller (play/seats.h) */
    uint8_t hand[BF_MAX_SEATS][4];
    int64_t stack[BF_MAX_SEATS], committed[BF_MAX_SEATS], round_bets[BF_MAX_SEATS];
    uint8_t folded[BF_MAX_SEATS];
    uint64_t own_discards[BF_MAX_SEATS]; /* View.dead: what a player knows it threw */
    int8_t badugi_size[BF_MAX_SEATS];    /* game/threshold.h's reading; 0: not read yet */
    int8_t badugi_top[BF_MAX_SEATS];
    unsigned dealt;
    int stub_n, discards_n;
    int64_t current;    /* _Round.current: the amount to match */
    int64_t raise_size; /* Game._raise_size: the largest raise this round (pot and no limit) */
    int raises; /* saturates at BF_GAME_MAX_BETS: a raise war of 2**40 one-chip raises */
    int not_all_in; /* _Round.not_all_in: players with chips just after the last counted bet */
    int acted;  /* someone has acted in this betting round */
    uint8_t closed[BF_MAX_SEATS]; /* _Round.closed: acted since the last full bet or raise */
    int first;    /* 선 (Korean rules): left of the button */
    int burn_due; /* this draw's burn card is still to come */
    int pending[BF_MAX_SEATS], pending_head, pending_n;      /* the betting round's queue */
    int draw_order[BF_MAX_SEATS], draw_head, draw_n;         /* the draw's */
    uint8_t chosen_n[BF_MAX_SEATS]; /* simultaneous draws: cards chosen[seat], not dealt yet */
    uint64_t key, number;
    unsigned reshuffles;
    int observed; /* some seat is not a bot: keep the tallies below (not in the closed loop) */
    /* What the batched engine's observation shows of the hand (game/vector/spec.py) */
    /* by seat, then round: a heads-up table's tallies are one cache line, not four */
    int64_t bet_chips[BF_MAX_SEATS][BF_ROUNDS];
    uint8_t bet_raises[BF_MAX_SEATS][BF_ROUNDS]; /* saturates at 127 */
    int8_t drawn[BF_MAX_SEATS][3];
    /* From here on, written before they are read: a new hand does not clear them, and a
     * finished hand's view and replay (play/vector.c) neither copy nor read them */
    uint8_t deck[BF_NUM_CARDS]; /* deck[0 .. dealt) are the cards dealt from the first stub */
    uint8_t stub[BF_NUM_CARDS]; /* after a reshuffle: stub[stub_n - 1] is the top card */
    uint8_t discards[BF_NUM_CARDS];
    uint8_t chosen[BF_MAX_SEATS][4];
    /* NULL but when tracing (bf_game_trace) or when seats keep a scratch per hand (it sits
     * just before the actions: play/scratch.h) */
    bf_game_action *trace;
    int trace_n, trace_cap;
} bf_hand_state;

/* Hand `number` of the seed's stream, dealt and run to its first decision (or done); `bots`
 * are the seats a caller will not play (the hand keeps the observation's tallies only when some
 * seat is not among them); trace and trace_cap are kept from before. */
void bf_state_deal(bf_hand_state *hs, const bf_game_spec *spec, uint64_t seed, uint64_t number,
                   unsigned bots);
/* Runs to the next decision, or the hand's end: settled seats passed over, rounds ended. */
void bf_state_advance(bf_hand_state *hs);
/* raises 0: the bets and raises are left out (0), for a caller that will not raise */
void bf_state_options(const bf_hand_state *hs, int seat, bf_options *o, int raises);
void bf_state_bet(bf_hand_state *hs, int seat, bf_choice choice); /* a legal choice */
/* Throws thrown[0 .. count) (cards of the seat's hand, count within the cutting limit). */
void bf_state_draw(bf_hand_state *hs, int seat, const uint8_t *thrown, int count);

/* The small queries are inline: the batched engine asks them several times a table and step. */

/* The seat to act; -1 when the hand is over. */
static inline int bf_state_actor(const bf_hand_state *hs)
{
    if (hs->phase == BF_PHASE_BETTING)
        return hs->pending[hs->pending_head];
    return hs->phase == BF_PHASE_DRAW ? hs->draw_order[hs->draw_head] : -1;
}

/* The most cards this draw may throw (Korean rules' cutting limit). */
static inline int bf_state_draw_cap(const bf_hand_state *hs)
{
    return hs->spec->rules == BF_GAME_KOREAN ? hs->spec->cutting[hs->round_index] : 4;
}

/* Game.pot: every chip put in this hand. */
static inline int64_t bf_state_pot(const bf_hand_state *hs)
{
    int64_t pot = 0;
    for (int p = 0; p < hs->n; p++)
        pot += hs->committed[p];
    return pot;
}

#endif
