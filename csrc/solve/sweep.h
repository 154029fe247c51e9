/* The last round's showdown sweep (see solve/last_round.h for the tallies and the
 * inclusion-exclusion): the terminal values of one player's hands against the other's reach,
 * one lane per terminal node, a sweep over ranks split into BF_SWEEP_CHUNKS chunks of ranks and
 * run in three phases on a pool's threads (solve/sweep.c says how). Internal to solve/: the
 * public showdown entry is bf_lr_showdown.
 */
#ifndef BADUGI_SOLVE_SWEEP_H
#define BADUGI_SOLVE_SWEEP_H

#include "common/pool.h"
#include "solve/round.h"

#define BF_SWEEP_CHUNKS 8 /* chunks of ranks a sweep is cut into, whatever the thread count */

/* One sweep: what the caller fills in (to the line of out/values/tally) and what the run
 * fills in itself. Its scratch (gathered, out, tally) is the caller's. */
typedef struct {
    const bf_lr_game *g;
    int p, lanes, showdown;
    const double *pay;          /* [3 * lanes] win, tie, lose */
    const double *opp;          /* [n_q * lanes] the other player's weights, lane fastest */
    const double *const *reach; /* or NULL; else [lanes] vectors [n_q] gathered into opp */
    double *gathered;           /* where they go ([n_q * lanes]), = opp */
    double *out;                /* [n_p * lanes] */
    double *const *values;      /* or NULL; else [lanes] vectors [n_p] each lane goes to */
    double *tally;              /* [BF_SWEEP_CHUNKS * n_tallies * lanes] */
    /* set by bf_sweep_run: */
    int unit, slices;
    int32_t own_lo[BF_SWEEP_CHUNKS + 1], their_lo[BF_SWEEP_CHUNKS + 1];
} bf_sweep_job;

/* Runs `count` sweeps (their memory disjoint) side by side on the pool's threads: each phase
 * of all of them at once, so the threads are waited for three times however many sweeps. The
 * same bits whatever the pool's thread count. */
void bf_sweep_run(bf_sweep_job *jobs, int count, bf_pool *pool);

/* The most lanes one sweep of g takes (its chunks' tallies kept to a bound). */
int bf_sweep_lanes(const bf_lr_game *g);

#endif
