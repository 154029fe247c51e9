/* The reference threshold bots (badugi_fast/game/bots.py's ThresholdBot) deciding one seat's
 * decision of a hand state: their betting choice among the options of Rules (fixed, pot,
 * half-pot or no limit) or KoreanRules, and their draws. play/seats.c calls them for the seats
 * the built-in bots play. */
#ifndef BADUGI_GAME_THRESHOLD_H
#define BADUGI_GAME_THRESHOLD_H

#include "game/hand_state.h"

/* The bot's betting choice for `seat` to act now (a legal one); reads the seat's hand into the
 * hand state's badugi_size and badugi_top once per hand held. */
bf_choice bf_threshold_choice(bf_hand_state *hs, int seat, const bf_threshold_bot *bot);

/* The bot's discards for `seat` to draw now, before the cutting limit: bit i throws
 * hs->hand[seat][i] (bf_draw_keep, or its table by bf_policy_table_throw, knowing its own
 * discards). */
int bf_threshold_draws(const bf_hand_state *hs, int seat, const bf_threshold_bot *bot);

#endif
