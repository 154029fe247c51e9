/* badugi_fast batched engine: B tables of the same game stepped in lockstep, the seats played
 * by the caller through action indices, observations written straight into the caller's
 * arrays (badugi_fast/game/vector/spec.py: the encoding; badugi_fast/game/vector/engine.py:
 * VectorGame over it).
 * Table t plays hands (first_table + t) * 2**32 + h of the seed's stream, h = 0, 1, ..., each
 * as bf_game_play plays that hand; the rules are game/hand_state.c's (game/hand_state.h), the
 * engine's seats play/seats.h's.
 */
#ifndef BADUGI_PLAY_VECTOR_H
#define BADUGI_PLAY_VECTOR_H

#include "game/spec.h"
#include "play/scratch.h"

/* Action indices (game/vector/spec.py's table): 0 .. 15 discard masks, then the betting actions */
#define BF_VEC_DISCARDS 16
#define BF_VEC_FOLD 16
#define BF_VEC_CHECK_CALL 17
#define BF_VEC_BET 18
#define BF_VEC_QUARTER 19
#define BF_VEC_HALF 20
#define BF_VEC_POT 21
#define BF_VEC_TTADANG 22
#define BF_VEC_ALL_IN 23
#define BF_VEC_EXACT 24
#define BF_VEC_ACTIONS 25
#define BF_VEC_NO_ACTION (-1)
#define BF_VEC_MAX_TABLES (INT64_C(1) << 20)
#define BF_VEC_HAND_BITS 32
/* first_table + tables at most this: hand numbers stay below simulate's 2**54 */
#define BF_VEC_MAX_FIRST_TABLE (UINT64_C(1) << 22)
#define BF_VEC_LOG_ACTIONS 64 /* a hand's actions kept for its replay */
#define BF_VEC_LOG_EXACT 8    /* and its EXACT amounts */

/* A table's status after bf_vector_decode */
#define BF_VEC_PLAYS 0        /* its action is legal and will be played */
#define BF_VEC_WAITS 1        /* NO_ACTION: the table stays as it is */
#define BF_VEC_OUT_OF_RANGE 2 /* the index is outside -1 .. 24 */
#define BF_VEC_ILLEGAL 3      /* not a legal action for the seat to act now */
#define BF_VEC_BAD_AMOUNT 4   /* EXACT with chips outside raise_min .. raise_max */

/* The observation fields in spec.field_specs' order (S = seats): cards (B, 4), seat,
 * phase, draws_left, cutting (B,), pot, to_call, raise_min, raise_max, bets (B,) int64, stacks
 * (B, S) int64, in_hand, all_in (B, S), round_bets (B, S) int64, position (B, S), drawn
 * (B, S, 3), bet_chips (B, 4, S) int64, bet_raises (B, 4, S), discards (B, 52), action_mask
 * (B, 25); int8 unless said. Then a step's results: chips (B, S) int64, done (B,) and hand
 * (B,) int64. */
#define BF_VEC_FIELDS 23

typedef struct bf_vector bf_vector;

/* A batch of `tables` tables (1 .. BF_VEC_MAX_TABLES) dealing their hand 0, the seats of the
 * `bots` mask played by the engine (bit p: spec.bots[p], or spec.round_seats[p] or
 * spec.players[p] when set, which must then be in the mask), every other seat by the
 * caller (at least one); NULL for a bad spec, mask or table count, or when memory runs out.
 * The spec is copied (not what it points to). */
bf_vector *bf_vector_new(const bf_game_spec *spec, uint64_t seed, uint64_t first_table,
                         int64_t tables, unsigned bots);
void bf_vector_free(bf_vector *v);
int64_t bf_vector_tables(const bf_vector *v);

/* Table t's hand h becomes hand first + t * table_step + h * hand_step of the stream (the
 * default: (first_table + t) * 2**32 + h), and every table deals its hand 0 again. -1 (nothing
 * changed) when a table's first hand would reach 2**54 or hand_step is 0. */
int bf_vector_number_hands(bf_vector *v, uint64_t first, uint64_t table_step, uint64_t hand_step);

/* The bytes of one buffer holding every field for `tables` rows, each C-contiguous at
 * offsets[f] (aligned to 64 bytes) in BF_VEC_FIELDS order; -1 for a bad count. */
int64_t bf_vector_layout(int64_t tables, int seats, int64_t offsets[BF_VEC_FIELDS]);

/* Tables lo .. hi deal again: their hand 0 (restart 1) or their next hand (restart 0). */
void bf_vector_restart(bf_vector *v, int64_t lo, int64_t hi, int from_zero);

/* Checks one action per table (amounts: EXACT's chips, or NULL) and writes each table's
 * BF_VEC_ status; with fallback 1 an unplayable action becomes the fallback (stand pat, check,
 * else fold), played and still reported by its status. Moves no table. Returns the first table
 * whose action is unplayable, or -1. */
int64_t bf_vector_decode(bf_vector *v, const int64_t *actions, const int64_t *amounts,
                         int fallback, uint8_t *status);

/* Plays the decoded actions of tables lo .. hi (after bf_vector_decode), writing into `out`
 * (bf_vector_layout's buffer for all the tables) per table the chips won in a hand that ended
 * (0 when none), done, hand (its number h at the table, or -1), and the next observation: the
 * seat to act's. A table whose hand ended deals its next one. */
void bf_vector_apply(bf_vector *v, int64_t lo, int64_t hi, uint8_t *out);

/* Observations of tables lo .. hi: for seats[t] (NULL: the seat to act) of the hand in play,
 * or (finished 1) of the last hand each table finished (an empty row where none has). Seats
 * outside 0 .. S-1 get an empty row. */
void bf_vector_observe(const bf_vector *v, int64_t lo, int64_t hi, const int64_t *seats,
                       int finished, uint8_t *out);

/* The last hand table t finished, for its replay: its number in the stream and the action
 * indices played (the fallback's where one replaced an action), with the chips of each EXACT
 * in order; returns how many actions (at most BF_VEC_LOG_ACTIONS), -1 when table t is out of
 * range or has finished no hand, -2 when that hand outgrew the log. */
int bf_vector_finished_actions(const bf_vector *v, int64_t t, uint64_t *number, uint8_t *indices,
                               int64_t *exact);

/* The hand in play at table t, as bf_vector_finished_actions gives a finished one: its number
 * and the caller's action indices so far (what a seat the engine plays took is not logged);
 * -1 when t is out of range, -2 when the hand outgrew the log. */
int bf_vector_current_actions(const bf_vector *v, int64_t t, uint64_t *number, uint8_t *indices,
                              int64_t *exact);

/* The first table whose round seat or player met a decision it does not cover (since the table
 * last dealt from its hand 0), its hand, seat and reason into *refusal; -1 when none has. */
int64_t bf_vector_refused(const bf_vector *v, bf_game_refusal *refusal);

/* The threshold bots' draws as action indices: for `count` rows (rows[i], or i when rows is
 * NULL) of obs-like cards (4 ids, sorted), the player's discards (52 flags), the cutting limit
 * and the draws left, actions[i] is the default policy's
 * throw (policy NULL: bf_draw_keep) or a table policy's (bf_policy_table_throw), capped at the
 * limit by the highest ids first, as the built-in bots draw. Rows that are not four distinct
 * cards, or (table policy) have no draw left, get -1. */
void bf_vector_bot_draws(const bf_policy *policy, const int8_t *cards, const int8_t *discards,
                         const int8_t *cutting, const int8_t *draws_left, const int64_t *rows,
                         int64_t count, int64_t *actions);

#endif
