/* One trial of the draw engine on dealt seats; see draws/trial.h. The rules are
 * badugi_fast/draws/engine/reference.py's: the Monte Carlo trial of bf_draw_simulate and of the
 * range sampler alike. */
#include "draws/trial.h"
#include "common/random.h"

#include <string.h>

unsigned bf_trial_throw(const bf_draw_spec *spec, bf_seat *seat, int p, int d)
{
    if (d == 0 && p == 0 && spec->first_throw >= 0) {
        bf_seat_keep_rest(seat, (unsigned)spec->first_throw);
        return (unsigned)spec->first_throw;
    }
    return bf_seat_throw(seat, &spec->policies[p], spec->draws - d, spec->caps[d]);
}

/* Seat p draws at draw d: its throw replaced from the stub (the pile of earlier discards
 * becomes the stub when it runs out), its discards onto the pile. */
static void draw_seat(const bf_draw_spec *spec, bf_seat *seat, int p, int d, uint8_t *stub,
                      unsigned *stub_size, uint8_t *pile, unsigned *pile_size, uint64_t *counter)
{
    unsigned thrown = bf_trial_throw(spec, seat, p, d);
    uint8_t old[4];
    memcpy(old, seat->hand, 4);
    for (int i = 0; i < 4; i++) {
        if (!(thrown >> i & 1))
            continue;
        if (*stub_size == 0) {
            memcpy(stub, pile, *pile_size);
            *stub_size = *pile_size, *pile_size = 0;
        }
        if (*stub_size == 0) { /* every other card is held or dead: keep this one */
            thrown &= ~(1u << i);
            continue;
        }
        unsigned j = bf_next_below(counter, *stub_size);
        seat->hand[i] = stub[j], stub[j] = stub[--*stub_size];
    }
    for (int i = 0; i < 4; i++)
        if (thrown >> i & 1)
            pile[(*pile_size)++] = old[i];
    bf_seat_after_draw(seat, thrown);
}

static void add_showdown(const bf_draw_spec *spec, const bf_seat *seat, bf_draw_tally *tally)
{
    int rank[BF_MAX_SEATS], best = BF_NO_KEPT_RANK, winners = 0;
    for (int p = 0; p < spec->seats; p++) {
        rank[p] = bf_hand_rank(seat[p].hand);
        if (rank[p] < best)
            best = rank[p], winners = 0;
        winners += rank[p] == best;
    }
    uint64_t share = BF_SHARE_UNIT / (unsigned)winners;
    for (int p = 0; p < spec->seats; p++) {
        if (rank[p] != best)
            continue;
        tally->share[p] += share;
        tally->share_sq[p] += share * share;
        if (winners == 1)
            tally->wins[p]++;
        else
            tally->ties[p]++;
    }
    tally->ranks[rank[0]]++;
    tally->trials++;
}

void bf_trial_run(const bf_draw_spec *spec, bf_seat *seat, uint8_t *stub, unsigned stub_size,
                   uint64_t seed, uint64_t t, bf_draw_tally *tally)
{
    uint64_t counter = bf_mix64(seed) + t * BF_TRIAL_NUMBERS * BF_GAMMA;
    for (int p = 0; p < spec->seats; p++) {
        if (!spec->random_seat[p])
            continue;
        uint8_t hand[4];
        for (int i = 0; i < 4; i++) {
            unsigned j = bf_next_below(&counter, stub_size);
            hand[i] = stub[j], stub[j] = stub[--stub_size];
        }
        bf_seat_init(&seat[p], hand, spec->dead);
    }
    uint8_t pile[BF_NUM_CARDS];
    unsigned pile_size = 0;
    for (int d = 0; d < spec->draws; d++) {
        /* A table policy's entries (2.4 MB) are out of cache: every seat's asked for at once,
         * so that their misses overlap (the default policy's tables mostly stay in cache) */
        for (int p = 0; p < spec->seats; p++)
            bf_seat_throw_prefetch(&seat[p], &spec->policies[p], spec->draws - d);
        for (int p = 0; p < spec->seats; p++)
            draw_seat(spec, &seat[p], p, d, stub, &stub_size, pile, &pile_size, &counter);
    }
    add_showdown(spec, seat, tally);
}
