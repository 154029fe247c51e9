/* The seat interface: what plays a seat's every decision from a layer above play/ (the
 * blueprint's player, blueprint/player.h), so that the hand loop and the batched engine seat it
 * without knowing it. A bf_game_spec points at one per seat (spec.players[seat]); it is read,
 * never written, while hands are played, and must outlive every call with that spec.
 *
 * Each hand gives every such seat `state_size` bytes of its own (play/scratch.h keeps them,
 * aligned for any scalar): made ready by `start`, told of every action of the hand by the
 * follow functions (before the action is played, whoever acted: caller, bot or the seat
 * itself), and read by its decisions. A decision returns 0 with its choice, or a BF_REFUSE_
 * reason (play/scratch.h): the seat's threshold bot (spec.bots[seat]) then plays it and the
 * hand's first refusal is reported with its chips discarded, as for a round seat. */
#ifndef BADUGI_PLAY_SEAT_H
#define BADUGI_PLAY_SEAT_H

#include "game/hand_state.h"

#define BF_SEAT_STATE_MAX 512 /* bytes of state a seat may ask for each hand */

struct bf_seat_player {
    int state_size; /* 0 .. BF_SEAT_STATE_MAX */
    /* A new hand, not dealt yet, in which this player plays `seat`. */
    void (*start)(const bf_seat_player *self, void *state, int seat);
    /* The betting choice for `seat` to act now (a legal one), into *out. */
    int (*bet)(const bf_seat_player *self, void *state, const bf_hand_state *hs, int seat,
               bf_choice *out);
    /* The draw for `seat` to draw now: *thrown_at, bit i throwing hs->hand[seat][i] (play/
     * caps it at the draw's cutting limit, the highest ids first). */
    int (*draw)(const bf_seat_player *self, void *state, const bf_hand_state *hs, int seat,
                int *thrown_at);
    /* `seat` (any seat) bets `choice`, or throws `count` cards, next. */
    void (*follow_bet)(const bf_seat_player *self, void *state, const bf_hand_state *hs, int seat,
                       bf_choice choice);
    void (*follow_draw)(const bf_seat_player *self, void *state, const bf_hand_state *hs,
                        int seat, int count);
};

#endif
