/* A small pool of worker threads for one C call: started once, then handed phases in turn, each
 * phase a number of tasks that the threads take from a shared atomic counter (a thread that
 * finishes early takes the next task instead of waiting). A task is a plain function pointer and
 * a context, so any folder above common/ can use it.
 *
 * Why a pool rather than a thread per phase: starting a thread costs tens of microseconds, a good
 * part of a phase on a small problem. Why the spin: between phases a thread spins a while (pause)
 * before it sleeps on a condition variable, as the gaps are microseconds long and waking a
 * sleeping thread costs tens of them, many times a pass. Which thread runs a task is left to
 * chance, so a task must compute the same numbers whichever thread runs it, and the tasks of a
 * phase must touch disjoint memory.
 *
 * On Windows the pool runs every task on the calling thread.
 */
#ifndef BADUGI_COMMON_POOL_H
#define BADUGI_COMMON_POOL_H

#ifndef _WIN32
#include <pthread.h>
#endif

#define BF_POOL_MAX_THREADS 64

/* One task of a phase: task runs 0 .. tasks - 1. */
typedef void (*bf_pool_task)(void *ctx, int task);

/* The caller keeps the pool (on its stack is fine) between bf_pool_start and bf_pool_stop; the
 * fields are the pool's own (a caller may read `threads`). */
typedef struct bf_pool {
    int threads; /* asked for, 1 .. BF_POOL_MAX_THREADS, the caller included */
    bf_pool_task fn;
    void *ctx;
    int tasks;
#ifndef _WIN32
    int started; /* threads 1 .. started are running; the caller is thread 0 */
    pthread_t ids[BF_POOL_MAX_THREADS];
    pthread_mutex_t lock;
    pthread_cond_t go, done;
    unsigned long round; /* phases handed out; read without the lock while spinning */
    int next;            /* the phase's next task to take */
    int busy;            /* threads still in the phase */
    int stop;
#endif
} bf_pool;

/* Starts threads - 1 workers (threads is clamped to 1 .. BF_POOL_MAX_THREADS); a thread the
 * system refuses is done without: fewer threads then take the tasks. */
void bf_pool_start(bf_pool *pool, int threads);

/* Stops and joins the workers. */
void bf_pool_stop(bf_pool *pool);

/* Runs fn(ctx, 0 .. tasks - 1) on the pool's threads, the caller's included; returns when every
 * task is done (what the tasks wrote is then visible to the caller). */
void bf_pool_run(bf_pool *pool, int tasks, bf_pool_task fn, void *ctx);

#endif
