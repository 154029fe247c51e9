/* badugi_fast draw engine: draws under any policy of draws/policy.h (each seat its own), played
 * out exactly (every way the cards can come) or by Monte Carlo. The rules it implements are
 * specified in badugi_fast/draws/engine/reference.py; cards and ranks are encoded as in
 * eval/badugi.h.
 */
#ifndef BADUGI_DRAWS_ENGINE_H
#define BADUGI_DRAWS_ENGINE_H

#include "draws/policy.h"

#define BF_MAX_SEATS 8
#define BF_MAX_DEALT 97 /* cards dealt in one play: at most 8 seats x 3 draws x 4, plus one */
#define BF_SHARE_UNIT 840 /* lcm(1..8): a pot split w ways is 840 / w units */

typedef struct {
    int seats;                            /* 1 .. 8 */
    int draws;                            /* 0 .. 3 */
    int first_throw;                      /* seat 0's first discard as a mask of hand[0] positions,
                                             or -1 for the policy's choice */
    uint8_t caps[BF_MAX_DRAWS];           /* most cards thrown at each remaining draw */
    uint8_t hands[BF_MAX_SEATS][4];       /* the seats' hands (ignored for random seats) */
    uint8_t random_seat[BF_MAX_SEATS];    /* 1: dealt at random from the stub each trial */
    uint64_t dead;                        /* known dead cards, out of play */
    bf_policy policies[BF_MAX_SEATS];     /* how each seat draws (draws/policy.h); the default
                                             policy is break_above -1 with no table */
} bf_draw_spec;

/* Monte Carlo counts. Shares are in BF_SHARE_UNIT units of a pot. */
typedef struct {
    uint64_t trials;
    uint64_t share[BF_MAX_SEATS];
    uint64_t share_sq[BF_MAX_SEATS];      /* sum of squared per-trial shares, for the stderr */
    uint64_t wins[BF_MAX_SEATS];          /* trials won alone */
    uint64_t ties[BF_MAX_SEATS];          /* trials shared */
    uint64_t ranks[BF_NUM_RANKS + 1];     /* seat 0's final rank */
} bf_draw_tally;

/* Exact counts. A play that deals m cards in draws of k1, k2, ... cards has probability
 * (k1! k2! ...) (U - m)! / U! for a stub of U cards; the integer sums of k1! k2! ... (times the
 * share, for equity) are kept by m as 128-bit numbers (hi, lo), so the caller can form exact
 * fractions. Doubles carry the same probabilities for the rank distribution. */
typedef struct {
    uint64_t paths;
    uint64_t share_hi[BF_MAX_SEATS][BF_MAX_DEALT], share_lo[BF_MAX_SEATS][BF_MAX_DEALT];
    uint64_t wins_hi[BF_MAX_SEATS][BF_MAX_DEALT], wins_lo[BF_MAX_SEATS][BF_MAX_DEALT];
    uint64_t size_hi[5][BF_MAX_DEALT], size_lo[5][BF_MAX_DEALT]; /* seat 0's final size */
    double ranks[BF_NUM_RANKS + 1];       /* probability of seat 0's final rank */
} bf_draw_exact;

/* Error codes (negative returns). */
#define BF_DRAW_BAD_SPEC (-1)    /* a field out of range, or cards repeated or out of 0..51 */
#define BF_DRAW_TOO_MANY (-2)    /* exact: more than max_paths plays */
#define BF_DRAW_STUB_SHORT (-3)  /* exact: a draw would need a reshuffle of the discards */

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

/* 1 when the spec is valid (fields in range, no card twice, cards enough for random seats). */
int bf_draw_spec_valid(const bf_draw_spec *spec);

/* An estimate of the number of plays bf_draw_enumerate would visit (Knuth's estimator over
 * `probes` random plays), so hopeless enumerations are not started; -1 for an invalid spec. */
double bf_draw_estimate_paths(const bf_draw_spec *spec, int probes, uint64_t seed);

/* The discard (mask over hand positions) the policy makes for seat 0 at its first draw. */
int bf_draw_first_throw(const bf_draw_spec *spec);

#endif
