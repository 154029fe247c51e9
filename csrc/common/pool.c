/* The worker threads of one C call; see common/pool.h. Moved here from solve/last_round.c, whose
 * solver runs a pass as a handful of short phases (about five waits per pass). */
#include "common/pool.h"

#include <string.h>

#ifndef _WIN32
#define SPINS 20000 /* checks before a thread sleeps: 0.1 to 1 ms with x86's pause */

static inline void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static void run_tasks(bf_pool *pool)
{
    for (;;) {
        int task = __atomic_fetch_add(&pool->next, 1, __ATOMIC_RELAXED);
        if (task >= pool->tasks)
            return;
        pool->fn(pool->ctx, task);
    }
}

/* Waits for a phase after `seen`; 0 when the pool stops instead. */
static int wait_round(bf_pool *pool, unsigned long seen)
{
    for (int i = 0; i < SPINS; i++) {
        if (__atomic_load_n(&pool->round, __ATOMIC_ACQUIRE) != seen)
            return !__atomic_load_n(&pool->stop, __ATOMIC_ACQUIRE);
        relax();
    }
    pthread_mutex_lock(&pool->lock);
    while (__atomic_load_n(&pool->round, __ATOMIC_ACQUIRE) == seen)
        pthread_cond_wait(&pool->go, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
    return !__atomic_load_n(&pool->stop, __ATOMIC_ACQUIRE);
}

static void *worker_main(void *arg)
{
    bf_pool *pool = arg;
    unsigned long seen = 0;
    while (wait_round(pool, seen)) {
        seen = __atomic_load_n(&pool->round, __ATOMIC_ACQUIRE);
        run_tasks(pool);
        if (__atomic_sub_fetch(&pool->busy, 1, __ATOMIC_ACQ_REL) == 0) {
            pthread_mutex_lock(&pool->lock); /* the caller may be asleep on done */
            pthread_cond_signal(&pool->done);
            pthread_mutex_unlock(&pool->lock);
        }
    }
    return NULL;
}

/* Hands out the next phase (or the stop). */
static void next_round(bf_pool *pool)
{
    pthread_mutex_lock(&pool->lock);
    __atomic_store_n(&pool->round, pool->round + 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&pool->go);
    pthread_mutex_unlock(&pool->lock);
}
#endif

void bf_pool_start(bf_pool *pool, int threads)
{
    memset(pool, 0, sizeof *pool);
    pool->threads = threads < 1 ? 1 : threads;
    if (pool->threads > BF_POOL_MAX_THREADS) /* no more than ids[] holds */
        pool->threads = BF_POOL_MAX_THREADS;
#ifndef _WIN32
    if (pool->threads == 1)
        return;
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->go, NULL);
    pthread_cond_init(&pool->done, NULL);
    for (int t = 1; t < pool->threads; t++) {
        if (pthread_create(&pool->ids[t], NULL, worker_main, pool) != 0)
            break; /* no thread to be had: fewer take the tasks */
        pool->started = t;
    }
#endif
}

void bf_pool_stop(bf_pool *pool)
{
#ifndef _WIN32
    if (pool->threads == 1)
        return;
    __atomic_store_n(&pool->stop, 1, __ATOMIC_RELEASE);
    next_round(pool);
    for (int t = 1; t <= pool->started; t++)
        pthread_join(pool->ids[t], NULL);
    pthread_cond_destroy(&pool->go);
    pthread_cond_destroy(&pool->done);
    pthread_mutex_destroy(&pool->lock);
#endif
}

void bf_pool_run(bf_pool *pool, int tasks, bf_pool_task fn, void *ctx)
{
    pool->fn = fn, pool->ctx = ctx, pool->tasks = tasks;
#ifndef _WIN32
    if (pool->started > 0 && tasks > 1) {
        __atomic_store_n(&pool->next, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&pool->busy, pool->started, __ATOMIC_RELAXED);
        next_round(pool); /* releases fn, ctx, tasks, next and busy with the round */
        run_tasks(pool);
        /* the caller spins, then sleeps, for the last worker, as the workers do between phases */
        int i = 0;
        while (__atomic_load_n(&pool->busy, __ATOMIC_ACQUIRE) > 0 && i++ < SPINS)
            relax();
        if (__atomic_load_n(&pool->busy, __ATOMIC_ACQUIRE) > 0) {
            pthread_mutex_lock(&pool->lock);
            while (__atomic_load_n(&pool->busy, __ATOMIC_ACQUIRE) > 0)
                pthread_cond_wait(&pool->done, &pool->lock);
            pthread_mutex_unlock(&pool->lock);
        }
        return;
    }
#endif
    for (int task = 0; task < tasks; task++)
        fn(ctx, task);
}
