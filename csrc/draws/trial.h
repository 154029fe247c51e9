/* One Monte Carlo trial of the draw engine on seats already dealt, written once:
 * bf_draw_simulate (draws/engine.c) builds its seats and stub once and plays every trial here,
 * and the range sampler (draws/range.c) deals the seats itself at every trial, so a trial costs
 * no spec check and no stub rebuilt from the deck. Internal to the C core (not in a cdef).
 *
 * Trial t draws BF_TRIAL_NUMBERS numbers of the stream keyed by bf_mix64(seed), from
 * t * BF_TRIAL_NUMBERS on, so the same seats and stub give the same play, card for
 * card, whoever calls it.
 */
#ifndef BADUGI_DRAWS_TRIAL_H
#define BADUGI_DRAWS_TRIAL_H

#include "draws/draw_spec.h"

#define BF_TRIAL_NUMBERS 256 /* numbers reserved per trial: at most 32 + 96 are used */

/* Seat p's discard at draw d (0-based) of the spec: the fixed first throw or its policy's. */
unsigned bf_trial_throw(const bf_draw_spec *spec, bf_seat *seat, int p, int d);

/* Plays trial t of a valid spec (bf_draw_simulate accepts it) and adds it to tally. seat[p]
 * holds every non-random seat as bf_seat_init left it; stub[0 .. stub_size - 1] the cards no
 * seat holds and not dead, ascending; random seats are dealt from the stub here. seat and stub
 * are the trial's own copies (the play changes them). */
void bf_trial_run(const bf_draw_spec *spec, bf_seat *seat, uint8_t *stub, unsigned stub_size,
                   uint64_t seed, uint64_t t, bf_draw_tally *tally);

#endif
