/* The draw engine's vocabulary, shared by the engine (draws/engine.c) and its Monte Carlo trial
 * (draws/trial.c): the spec of a draw (seats, hands, policies, dead cards), the Monte Carlo and
 * exact counts, and the error codes. A leaf below both, so that engine and trial include it
 * rather than each other. Internal to the C core; draws/engine.cdef declares these for Python.
 */
#ifndef BADUGI_DRAWS_DRAW_SPEC_H
#define BADUGI_DRAWS_DRAW_SPEC_H

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
    uint64_t states;                      /* one seat: the states whose last draw was counted
                                             rather than played (draws/one_seat.c); else 0 */
    uint64_t share_hi[BF_MAX_SEATS][BF_MAX_DEALT], share_lo[BF_MAX_SEATS][BF_MAX_DEALT];
    uint64_t wins_hi[BF_MAX_SEATS][BF_MAX_DEALT], wins_lo[BF_MAX_SEATS][BF_MAX_DEALT];
    uint64_t size_hi[5][BF_MAX_DEALT], size_lo[5][BF_MAX_DEALT]; /* seat 0's final size */
    double ranks[BF_NUM_RANKS + 1];       /* probability of seat 0's final rank */
} bf_draw_exact;

/* Error codes (negative returns). */
#define BF_DRAW_BAD_SPEC (-1)    /* a field out of range, or cards repeated or out of 0..51 */
#define BF_DRAW_TOO_MANY (-2)    /* exact: more than max_paths plays */
#define BF_DRAW_STUB_SHORT (-3)  /* exact: a draw would need a reshuffle of the discards */

#endif
