/* The game a C hand is played under: the rules (casino: fixed, pot, half-pot or no limit;
 * Korean room rules), the stakes, the starting stacks and the threshold bots of each seat, and
 * the kinds of action a hand records. The hand state (game/hand_state.h), the closed hand loop
 * (play/loop.h) and the batched engine (play/vector.h) all take a bf_game_spec. It mirrors
 * badugi_fast/game/ (Game with Rules() or KoreanRules()) and the bots of badugi_fast/game/bots.py
 * (ThresholdBot). A seat may instead be played by a table (play/round_seats.h) or by a player of a
 * layer above (play/seat.h: the blueprint); the spec only points at them, so it needs neither.
 */
#ifndef BADUGI_GAME_SPEC_H
#define BADUGI_GAME_SPEC_H

#include "draws/engine.h"

#define BF_GAME_MAX_STACK (INT64_C(1) << 40) /* keeps every sum of chips far inside int64 */
#define BF_GAME_MAX_BETS 1000000 /* the largest cap on bets a round; raise counts saturate here */
#define BF_GAME_CASINO 0 /* Rules(): blinds; fixed, pot or no limit */
#define BF_GAME_KOREAN 1 /* KoreanRules(): antes, 선, 삥/따당/쿼터/하프, cutting limits */
#define BF_GAME_FIXED_LIMIT 0 /* casino betting structures (Rules.structure) */
#define BF_GAME_POT_LIMIT 1
#define BF_GAME_NO_LIMIT 2
#define BF_GAME_HALF_POT_LIMIT 3
#define BF_GAME_BAD_SPEC (-1)
#define BF_GAME_REFUSED (-2)   /* a round seat met a decision its table does not cover */
#define BF_GAME_NO_MEMORY (-3)

/* Kinds of a traced action, in the order of game.actions.ActionKind's members that the C loop
 * plays (a 다이 is traced as a fold, as Game records it; draw: amount is the cards thrown; win:
 * the chips a seat takes from one pot). */
#define BF_ACT_POST 0
#define BF_ACT_ANTE 1
#define BF_ACT_FOLD 2
#define BF_ACT_CHECK 3
#define BF_ACT_CALL 4
#define BF_ACT_BET 5
#define BF_ACT_RAISE 6
#define BF_ACT_BBING 7
#define BF_ACT_TTADANG 8
#define BF_ACT_QUARTER 9
#define BF_ACT_HALF 10
#define BF_ACT_DRAW 11
#define BF_ACT_WIN 12
#define BF_ACT_FULL 13 /* Korean 풀 (KoreanRules.allow_full): played by callers, never a bot */

typedef struct {
    int seat;
    int kind; /* BF_ACT_... */
    int64_t amount;
} bf_game_action;

/* bots.ThresholdBot(raise_top, call_top, draw_with, policy, max_bets); ranks 0 = ace .. 12 =
 * king. */
typedef struct {
    int raise_top; /* bet and raise a made badugi whose top card is at most this */
    int call_top;  /* call with a made badugi whose top card is at most this, */
    int draw_with; /* or, before the last draw, with at least this many badugi cards */
    /* How it draws: policy.table NULL (zeroed) for the default policy (bf_draw_keep), else a
     * solved table thrown by bf_policy_table_throw (break_above is not read); the table and
     * ties must outlive every call with this spec. */
    bf_policy policy;
    int max_bets;  /* raise no more once this many bets are in the round (0 .. MAX_BETS) */
} bf_threshold_bot;

/* What else may play a seat (defined above the game: a seat points at them, never plays them) */
typedef struct bf_round_seat bf_round_seat;     /* the last round by a table (play/round_seats.h) */
typedef struct bf_seat_player bf_seat_player; /* every decision (play/seat.h; the blueprint) */

typedef struct {
    int seats;                  /* 2 .. 8 */
    int rules;                  /* BF_GAME_CASINO or BF_GAME_KOREAN */
    int structure; /* casino: BF_GAME_FIXED_LIMIT, _POT_LIMIT, _NO_LIMIT or _HALF_POT_LIMIT */
    int burn;                   /* casino: 1 burns a card before each draw's first replacement */
    int max_bets; /* bets and raises a round, 0 .. MAX_BETS (fixed limit: while 3+ are in) */
    int cap_heads_up;           /* casino fixed limit: 1 caps the raises heads-up too */
    int64_t small_bet, big_bet; /* casino: the bet of the first two rounds, and of the last two */
    int64_t small_blind, big_blind;
    int64_t ante, chip; /* the ante (Korean: also 삥; casino: 0 for none), Korean chip unit */
    uint8_t cutting[3];         /* Korean: the most cards exchanged at 아침, 점심, 저녁 */
    int simultaneous; /* Korean 동시에: the exchanges are dealt once every player has chosen */
    int allow_full;   /* Korean: 풀 (the call and the pot after it) is allowed */
    int64_t stacks[BF_MAX_SEATS];         /* every hand starts from these */
    bf_threshold_bot bots[BF_MAX_SEATS];
    /* NULL (zeroed): bots[p] plays seat p alone; else it plays the last round by a table */
    const bf_round_seat *round_seats[BF_MAX_SEATS];
    /* NULL (zeroed), or what plays seat p's every decision (e.g. the blueprint, filled by
     * blueprint/player.h's bf_blueprint_seat; then round_seats[p] is NULL, and bots[p] only
     * finishes a hand the player refused) */
    const bf_seat_player *players[BF_MAX_SEATS];
} bf_game_spec;

/* 1 when the game's fields are in range and no seat past `seats` is given a table or a player
 * (play/seats.h's bf_seats_valid checks those too: the checks bf_game_play and bf_vector_new
 * make). */
int bf_game_spec_valid(const bf_game_spec *spec);
/* 1 when the threshold bot's fields are in range (a round seat's `otherwise` bot too). */
int bf_threshold_bot_valid(const bf_threshold_bot *bot);

#endif
