/* Sanitizer driver for csrc/blueprint/: every hand's bucket and draw slots in range and
 * consistent, every public index in range and each used once, refusals of fields out of range,
 * the trainer's tables the same bits whether a batch runs in one call, in two, or on two
 * threads at once, on small decks and the full one, every refusal of bad rules or tables, and
 * a fuzz of the replay with random decks, slots and rules (each refused or played, never a
 * fault). */
#define CHECK_NAME "check_blueprint"
#include "check_common.h"

#include <pthread.h>
#include <string.h>

#include "blueprint/train.h"

static void check_hands(void)
{
    uint8_t h[4];
    int thrown[BF_BP_SLOTS];
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int c = b + 1; c < 52; c++)
                for (int d = c + 1; d < 52; d++) {
                    h[0] = (uint8_t)c, h[1] = (uint8_t)a, h[2] = (uint8_t)d, h[3] = (uint8_t)b;
                    int bucket = bf_bp_hand(h, thrown);
                    if (bucket < 0 || bucket >= BF_BP_BUCKETS || bucket != bf_bp_bucket(h))
                        fail("hand %d %d %d %d: bucket %d", a, b, c, d, bucket);
                    if (thrown[0] != 0 || thrown[2] <= 0 || thrown[2] > 15)
                        fail("hand %d %d %d %d: slots %d %d", a, b, c, d, thrown[0], thrown[2]);
                    if ((bucket < 55) != (thrown[1] == BF_BP_BAD))
                        fail("hand %d %d %d %d: a badugi keeps its cards", a, b, c, d);
                    if (thrown[1] >= 0 && (thrown[1] & ~thrown[2] ||
                                           __builtin_popcount((unsigned)(thrown[2] & ~thrown[1])) != 1))
                        fail("hand %d %d %d %d: breaking throws one card more", a, b, c, d);
                    for (int slot = 0; slot < BF_BP_SLOTS; slot++)
                        if (bf_bp_thrown(h, slot) != thrown[slot])
                            fail("bf_bp_thrown differs from bf_bp_hand");
                }
    uint8_t bad[4] = {1, 1, 2, 3}, high[4] = {52, 1, 2, 255};
    if (bf_bp_bucket(bad) != BF_BP_BAD || bf_bp_bucket(high) != BF_BP_BAD ||
        bf_bp_thrown(bad, 0) != BF_BP_BAD || bf_bp_thrown(h, -1) != BF_BP_BAD ||
        bf_bp_thrown(h, 3) != BF_BP_BAD || bf_bp_hand(high, NULL) != BF_BP_BAD)
        fail("a bad hand or slot is not refused");
}

static void check_public(void)
{
    static unsigned char used[BF_BP_PUBLIC];
    memset(used, 0, sizeof used);
    for (int round = 0; round < 4; round++)
        for (int node = -1; node <= 10; node++)
            for (int pot = -1; pot <= 16; pot++)
                for (int ag = -1; ag <= 3; ag++)
                    for (int drew = -1; drew <= 5; drew++) {
                        int i = bf_bp_public_betting(round, node, pot, ag, drew);
                        if (i == BF_BP_BAD)
                            continue;
                        if (i < 0 || i >= BF_BP_PUBLIC)
                            fail("betting index %d out of range", i);
                        if (round > 0 || (pot == 0 && ag == 0 && drew == 0))
                            used[i]++;
                    }
    for (int k = -1; k <= 4; k++)
        for (int pot = -1; pot <= 16; pot++)
            for (int ag = -1; ag <= 3; ag++)
                for (int before = -1; before <= 5; before++)
                    for (int now = -1; now <= 6; now++) {
                        int i = bf_bp_public_draw(k, pot, ag, before, now);
                        if (i == BF_BP_BAD)
                            continue;
                        if (i < 0 || i >= BF_BP_PUBLIC)
                            fail("draw index %d out of range", i);
                        used[i]++;
                    }
    for (int i = 0; i < BF_BP_PUBLIC; i++)
        if (used[i] != 1)
            fail("public index %d used %d times", i, used[i]);
    if (bf_bp_public_betting(4, 0, 0, 0, 0) != BF_BP_BAD || bf_bp_public_draw(0, 0, 0, 0, 0) !=
        BF_BP_BAD)
        fail("a bad round or draw is not refused");
}

typedef struct {
    const bf_bp_trainer *t;
    uint64_t first, count;
} job;

static void *run_job(void *arg)
{
    const job *j = arg;
    if (bf_bp_iterate(j->t, j->first, j->count) != 0)
        fail("bf_bp_iterate refused a valid call");
    return NULL;
}

static void check_trainer(bf_bp_rules rules, uint64_t iterations)
{
    size_t bytes = sizeof(int64_t) * (size_t)BF_BP_TABLE_LEN;
    int64_t *one = xmalloc(bytes), *two = xmalloc(bytes);
    memset(one, 0, bytes);
    memset(two, 0, bytes);
    bf_bp_trainer a = {rules, 42, one}, b = {rules, 42, two};
    if (bf_bp_iterate(&a, 0, iterations) != 0)
        fail("bf_bp_iterate refused a valid call");
    job jobs[2] = {{&b, 0, iterations / 3}, {&b, iterations / 3, iterations - iterations / 3}};
    pthread_t ids[2];
    for (int t = 0; t < 2; t++)
        if (pthread_create(&ids[t], NULL, run_job, &jobs[t]) != 0)
            fail("pthread_create");
    for (int t = 0; t < 2; t++)
        pthread_join(ids[t], NULL);
    if (memcmp(one, two, bytes) != 0)
        fail("two threads gave other tables (%d x %d, %d draws)", rules.ranks, rules.suits,
             rules.draws);
    int64_t touched = 0;
    for (int64_t i = 0; i < BF_BP_TABLE_LEN; i++)
        touched += one[i] != 0;
    if (touched == 0)
        fail("training touched no entry");
    /* a second batch against the merged regrets runs too (strategies no longer uniform) */
    for (int64_t i = 0; i < BF_BP_INFOSETS; i++)
        for (int s = 0; s < BF_BP_SLOTS; s++) {
            one[i * BF_BP_ROW + s] += one[i * BF_BP_ROW + BF_BP_SLOTS + s];
            one[i * BF_BP_ROW + BF_BP_SLOTS + s] = 0;
        }
    if (bf_bp_iterate(&a, iterations, iterations) != 0)
        fail("a second batch was refused");
    free(one);
    free(two);
}

static void check_refusals(void)
{
    int64_t cell = 0;
    bf_bp_rules good = {3, 3, 0, 2};
    bf_bp_rules bad[] = {{0, 4, 3, 2}, {14, 4, 3, 2}, {13, 0, 3, 2}, {13, 5, 3, 2},
                         {1, 4, 3, 2}, {13, 4, -1, 2}, {13, 4, 4, 2}, {13, 4, 3, 0},
                         {13, 4, 3, BF_BP_MAX_SMALL_BET + 1}};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        bf_bp_trainer t = {bad[i], 0, &cell};
        if (bf_bp_rules_valid(&bad[i]) || bf_bp_iterate(&t, 0, 1) != BF_BP_BAD)
            fail("bad rules %zu are not refused", i);
    }
    bf_bp_trainer none = {good, 0, NULL};
    if (bf_bp_iterate(&none, 0, 1) != BF_BP_BAD || bf_bp_iterate(NULL, 0, 1) != BF_BP_BAD ||
        bf_bp_rules_valid(NULL))
        fail("a NULL table or trainer is not refused");
}

static void fuzz_replay(void)
{
    uint64_t state = 0x9E3779B97F4A7C15u;
    bf_bp_step steps[80];
    int64_t net[2];
    uint8_t deck[52], slots[80];
    for (int round = 0; round < 4000; round++) {
        bf_bp_rules r = {1 + (int)(next_random(&state) % 13), 1 + (int)(next_random(&state) % 4),
                         (int)(next_random(&state) % 4), 2};
        int n = r.ranks * r.suits, k = 0;
        for (int rank = 0; rank < r.ranks; rank++)
            for (int suit = 0; suit < r.suits; suit++)
                deck[k++] = (uint8_t)(4 * rank + suit);
        for (int i = n - 1; i > 0; i--) {
            int j = (int)(next_random(&state) % (uint64_t)(i + 1));
            uint8_t x = deck[i];
            deck[i] = deck[j], deck[j] = x;
        }
        int n_slots = (int)(next_random(&state) % 80);
        for (int i = 0; i < n_slots; i++)
            slots[i] = (uint8_t)(next_random(&state) % (round % 5 == 0 ? 256 : 3));
        if (round % 7 == 0 && n > 0)
            deck[next_random(&state) % (uint64_t)n] = (uint8_t)(next_random(&state) % 256);
        int cards = round % 11 == 0 ? n + 1 : n;
        int played = bf_bp_replay(&r, deck, cards > 52 ? 52 : cards, state, slots, n_slots,
                                  steps, net);
        if (played < BF_BP_SHORT || played > n_slots)
            fail("replay returned %d for %d slots", played, n_slots);
        if (played >= 0 && net[0] + net[1] != 0)
            fail("a replayed hand is not zero-sum");
        for (int i = 0; i < (played > 0 ? played : 0); i++)
            if (steps[i].infoset < 0 || steps[i].infoset >= BF_BP_INFOSETS)
                fail("a replayed decision's information set is out of range");
    }
    bf_bp_rules r = {13, 4, 3, 2};
    if (bf_bp_replay(&r, NULL, 52, 0, slots, 1, steps, net) != BF_BP_BAD ||
        bf_bp_replay(&r, deck, 52, 0, NULL, 1, steps, net) != BF_BP_BAD ||
        bf_bp_replay(&r, deck, 52, 0, slots, -1, steps, net) != BF_BP_BAD ||
        bf_bp_replay(NULL, deck, 52, 0, slots, 1, steps, net) != BF_BP_BAD)
        fail("a NULL argument is not refused");
}

int main(void)
{
    check_hands();
    check_public();
    check_refusals();
    check_trainer((bf_bp_rules){3, 3, 0, 2}, 300);
    check_trainer((bf_bp_rules){3, 3, 3, 2}, 200); /* reshuffles and the throw cap */
    check_trainer((bf_bp_rules){4, 4, 2, 4}, 100);
    check_trainer((bf_bp_rules){13, 4, 3, 2}, 12);
    fuzz_replay();
    puts(CHECK_NAME ": OK");
    return 0;
}
