/* What plays each seat's decisions in the hand loop (play/loop.c) and the batched engine
 * (play/vector.c): a seat of the `bots` mask is played by its threshold bot (game/threshold.h),
 * in the last round by its table (spec.round_seats, play/round_seats.h), or in every round by its
 * player (spec.players, play/seat.h: the blueprint); a refused decision is kept in the hand's
 * scratch (play/scratch.h) and the threshold bot plays it. The seats of a scratch follow every
 * action of the hand, the caller's too. */
#ifndef BADUGI_PLAY_SEATS_H
#define BADUGI_PLAY_SEATS_H

#include "game/hand_state.h"
#include "play/scratch.h"

/* 1 when the spec is valid (bf_game_spec_valid) and so is every seat's table or player (a seat
 * with a player has no table besides). */
int bf_seats_valid(const bf_game_spec *spec);

/* Plays the seats of hs->bots until another seat must act, or the hand is over. */
void bf_seats_advance(bf_hand_state *hs);

/* bf_state_deal, then the seats of `bots` play until another seat must act (or done). A spec
 * that needs a scratch needs it started first, hs->trace pointing into it. */
void bf_seats_deal(bf_hand_state *hs, const bf_game_spec *spec, uint64_t seed, uint64_t number,
                   unsigned bots);

/* A caller's bet or draw (a spec that needs a scratch): its seats follow it, then it is
 * played. */
void bf_seats_bet(bf_hand_state *hs, int seat, bf_choice choice);
void bf_seats_draw(bf_hand_state *hs, int seat, const uint8_t *thrown, int count);

#endif
