/* What the drivers of seats the batched engine plays share (include after check_common.h):
 * heads-up tables where the engine plays seat 0 (bf_vector_new's mask 1) and the caller plays
 * seat 1 with random legal actions. */
#ifndef CHECK_VECTOR_H
#define CHECK_VECTOR_H

#include <string.h>

#include "play/vector.h"

/* Steps `steps` times over tables 0 .. tables-1 of v (two seats each), seat 1 playing random
 * legal actions from `seed`: fails when the engine's seat 0 (`who`) is observed to act, a
 * legal action is refused, or a hand ends that is not zero-sum. Returns the hands ended. */
static inline int64_t play_random_tables(bf_vector *v, int64_t tables, int steps, uint64_t seed,
                                         const char *who)
{
    int64_t off[BF_VEC_FIELDS], size = bf_vector_layout(tables, 2, off), ended = 0;
    if (size <= 0)
        fail("bf_vector_layout refused %lld tables of two seats", (long long)tables);
    uint8_t *buf = xmalloc((size_t)size), *status = xmalloc((size_t)tables);
    int64_t *actions = xmalloc(sizeof(int64_t) * (size_t)tables);
    uint64_t x = seed;
    bf_vector_observe(v, 0, tables, NULL, 0, buf);
    for (int step = 0; step < steps; step++) {
        for (int64_t t = 0; t < tables; t++) {
            const int8_t *mask = (const int8_t *)(buf + off[19]) + t * BF_VEC_ACTIONS;
            int legal[BF_VEC_ACTIONS], count = 0;
            for (int i = 0; i < BF_VEC_ACTIONS; i++)
                if (mask[i])
                    legal[count++] = i;
            if (((const int8_t *)(buf + off[1]))[t] != 1 && count)
                fail("table %lld: %s is observed to act", (long long)t, who);
            actions[t] = count ? legal[next_random(&x) % (uint64_t)count] : BF_VEC_NO_ACTION;
        }
        if (bf_vector_decode(v, actions, NULL, 0, status) >= 0)
            fail("bf_vector_decode refused a legal action");
        bf_vector_apply(v, 0, tables, buf);
        for (int64_t t = 0; t < tables; t++) {
            int64_t a, b;
            memcpy(&a, buf + off[20] + 16 * t, 8);
            memcpy(&b, buf + off[20] + 16 * t + 8, 8);
            ended += buf[off[21] + t];
            if (a + b != 0)
                fail("table %lld ended a hand that is not zero-sum", (long long)t);
        }
    }
    free(buf), free(status), free(actions);
    return ended;
}

#endif
