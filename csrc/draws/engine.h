/* badugi_fast draw engine: draws under any policy of draws/policy.h (each seat its own), played
 * out exactly (every way the cards can come) or by Monte Carlo. The rules it implements are
 * specified in badugi_fast/draws/engine/reference.py; cards and ranks are encoded as in
 * eval/badugi.h.
 */
#ifndef BADUGI_DRAWS_ENGINE_H
#define BADUGI_DRAWS_ENGINE_H

#include "draws/draw_spec.h"
#include "draws/policy.h" /* bf_policy: engine.cdef is read after policy.cdef */

/* Plays trials first_trial .. first_trial + trials - 1 of the seed's stream, adding to tally.
 * Trial t depends only on (seed, t), so the trials may be split across threads freely. When the
 * stub and the discards are both empty (the dead cards hold the rest), a thrown card that cannot
 * be replaced stays in the hand. */
int bf_draw_simulate(const bf_draw_spec *spec, uint64_t seed, uint64_t first_trial,
                     uint64_t trials, bf_draw_tally *tally);

/* Every way the draws can go (no random seats). Returns 0, or a negative error code. */
int bf_draw_enumerate(const bf_draw_spec *spec, uint64_t max_paths, bf_draw_exact *exact);

/* The enumeration in blocks, so a long one can be stopped between them: the first step that
 * branches (a seat throwing k > 0 cards) has bf_draw_branch_rows children (its k-subsets of the
 * stub, in order; 1 when no step branches, 0 for an invalid spec or one with random seats);
 * bf_draw_enumerate_rows visits only children row_lo .. row_hi - 1 and overwrites `exact` with
 * their counts. Blocks covering 0 .. rows add up (bf_draw_exact_add) to bf_draw_enumerate's
 * counts: the integer counts exactly, the rank probabilities up to rounding. */
uint64_t bf_draw_branch_rows(const bf_draw_spec *spec);
int bf_draw_enumerate_rows(const bf_draw_spec *spec, uint64_t max_paths, uint64_t row_lo,
                           uint64_t row_hi, bf_draw_exact *exact);
int bf_draw_exact_add(bf_draw_exact *total, const bf_draw_exact *part);

/* bf_draw_enumerate_rows for one known seat counts its last draw rather than playing it
 * (draws/one_seat.c: the same counts, the rank probabilities bit for bit). This is the walk
 * play by play for any number of seats: what the other seat counts use, and the specification
 * the counted walk is tested against. */
int bf_draw_enumerate_plays_rows(const bf_draw_spec *spec, uint64_t max_paths, uint64_t row_lo,
                                 uint64_t row_hi, bf_draw_exact *exact);

/* 1 when the spec is valid (fields in range, no card twice, cards enough for random seats). */
int bf_draw_spec_valid(const bf_draw_spec *spec);

/* An estimate of the number of plays bf_draw_enumerate would visit (Knuth's estimator over
 * `probes` random plays), so hopeless enumerations are not started; -1 for an invalid spec. */
double bf_draw_estimate_paths(const bf_draw_spec *spec, int probes, uint64_t seed);

/* The discard (mask over hand positions) the policy makes for seat 0 at its first draw. */
int bf_draw_first_throw(const bf_draw_spec *spec);

#endif
