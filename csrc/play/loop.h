/* badugi_fast hand loop: whole hands of Badugi between built-in bots under the casino rules
 * (fixed, pot or no limit) or the Korean room rules, the fast path of badugi_fast.simulate. It
 * plays the rules of badugi_fast/game/ (Game with Rules() or KoreanRules()) and the bots of
 * badugi_fast/game/bots.py (ThresholdBot), the round seats and the player seats (play/seats.h);
 * the tests play both side by side, hand for hand, from the same deck and reshuffles
 * (common/deal.h).
 */
#ifndef BADUGI_PLAY_LOOP_H
#define BADUGI_PLAY_LOOP_H

#include "game/spec.h"
#include "play/scratch.h"

/* Plays hands first_hand .. first_hand + hands - 1 of the seed's stream (the button on seat
 * hand % seats), writing, when profit is not NULL, each hand's chips won per seat into
 * profit[hands][seats] and, when final_hands is not NULL too, each seat's cards at the end into
 * final_hands[hands][seats][4] (0xFF for a folded seat). Hand h depends only on (seed, h).
 * Returns 0, BF_GAME_BAD_SPEC, BF_GAME_NO_MEMORY (no room for the seats' scratch), or
 * BF_GAME_REFUSED when a round seat (spec.round_seats) without an `otherwise` bot or a player
 * (spec.players) met a decision it does not cover: the hand, seat and reason then go to
 * *refusal (when not NULL), and the rows from that hand on are not written. */
int bf_game_play(const bf_game_spec *spec, uint64_t seed, uint64_t first_hand, uint64_t hands,
                 int64_t *profit, uint8_t *final_hands, bf_game_refusal *refusal);

/* Plays hand `hand` of the seed's stream as bf_game_play does, writing its chips won per seat
 * into profit[seats] and its actions, in order, into trace[0 .. capacity). Returns the number
 * of actions the hand took (more than capacity: only the first capacity were written),
 * BF_GAME_BAD_SPEC, BF_GAME_REFUSED (as bf_game_play) or BF_GAME_NO_MEMORY. */
int bf_game_trace(const bf_game_spec *spec, uint64_t seed, uint64_t hand, int64_t *profit,
                  bf_game_action *trace, int capacity, bf_game_refusal *refusal);

#endif
