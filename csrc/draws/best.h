/* badugi_fast best discard: every allowed first discard of seat 0 evaluated in one pass that
 * shares the work between them, for badugi_fast/draws/best/native.py.
 *
 * The spec is a bf_draw_spec (draws/engine.h; its first_throw is ignored): seat 0 is a known
 * hand, the others known hands, random ones, or (Monte Carlo) hands dealt per trial from
 * ranges; seat 0's first discard is each option's mask (over hands[0]'s positions, at most
 * caps[0] cards), and every later draw follows the seats' policies, exactly as
 * bf_draw_simulate / bf_draw_enumerate play them with that first_throw.
 *
 * Exact (bf_best_enumerate): one option's every play, as bf_draw_enumerate counts it. Where
 * seat 0's last draw is the last thing that happens (every later seat stands pat at it), its
 * replacements are counted in a tight loop over the stub's subsets against the other seats'
 * known final ranks, instead of one play at a time.
 *
 * Monte Carlo (bf_best_simulate): common random numbers. A trial shuffles the stub once and
 * gives each seat a fixed, disjoint part of it (a random seat's hand first, then its
 * replacements in order); the other seats play once per trial and every option of seat 0
 * meets the same play. While no reshuffle can happen (the parts fit in the stub:
 * bf_best_fits), this deals exactly as the draw engine does: each card dealt is uniform over
 * the cards no seat has seen yet, whichever part it comes from. Trial t depends on (seed, t)
 * only, with a stream of its own (not bf_draw_simulate's).
 */
#ifndef BADUGI_DRAWS_BEST_H
#define BADUGI_DRAWS_BEST_H

#include "draws/engine.h"

#define BF_BEST_MAX_OPTIONS 16

/* One option's exact counts, in bf_draw_exact's units: a play dealing m cards in draws of k1,
 * k2, ... cards adds (k1! k2! ...) times the share (BF_SHARE_UNIT units) at m. */
typedef struct {
    uint64_t paths;
    uint64_t share_hi[BF_MAX_SEATS][BF_MAX_DEALT], share_lo[BF_MAX_SEATS][BF_MAX_DEALT];
    uint64_t wins_hi[BF_MAX_SEATS][BF_MAX_DEALT], wins_lo[BF_MAX_SEATS][BF_MAX_DEALT];
} bf_best_exact;

/* One option's Monte Carlo counts (as bf_draw_tally's first fields; every field a uint64_t). */
typedef struct {
    uint64_t trials;
    uint64_t share[BF_MAX_SEATS];
    uint64_t share_sq[BF_MAX_SEATS];
    uint64_t wins[BF_MAX_SEATS];
} bf_best_tally;

/* 1 when the seats' parts of the stub fit in it (Monte Carlo may run), 0 when they do not (a
 * reshuffle could be needed), BF_DRAW_BAD_SPEC for an invalid spec, seat 0 random, or a bad
 * `dealt` mask (the seats whose hands each trial deals: see bf_best_simulate). */
int bf_best_fits(const bf_draw_spec *spec, unsigned dealt);

/* Exact counts of the option `mask` (no random seats; spec->draws >= 1) into *out
 * (overwritten). Returns 0, BF_DRAW_TOO_MANY past max_paths plays, BF_DRAW_STUB_SHORT, or
 * BF_DRAW_BAD_SPEC (also for a mask over 15 or above caps[0] cards). */
int bf_best_enumerate(const bf_draw_spec *spec, unsigned mask, uint64_t max_paths,
                      bf_best_exact *out);

/* Trials first_trial .. first_trial + trials - 1 for n_options options (masks[i], each as
 * bf_best_enumerate takes it); option i plays only the trials from starts[i] (0 when starts is
 * NULL) up to limits[i] (excluded), and its counts are added to out[i]. Seats in the mask
 * `dealt` (not seat 0, not random) hold at trial t the hand
 * dealt_hands[((t - first_trial) * seats + p) * 4 ..], their spec hands ignored: a hand from a
 * range, sampled by the caller; the trial's stub is what the known hands, the dead cards and
 * those hands leave. Returns 0, BF_DRAW_STUB_SHORT when the parts do not fit, or
 * BF_DRAW_BAD_SPEC (also for a dealt card out of range or held twice). */
int bf_best_simulate(const bf_draw_spec *spec, int n_options, const uint8_t *masks,
                     const uint64_t *starts, const uint64_t *limits, uint64_t seed,
                     uint64_t first_trial, uint64_t trials, const uint8_t *dealt_hands,
                     unsigned dealt, bf_best_tally *out);

#endif
