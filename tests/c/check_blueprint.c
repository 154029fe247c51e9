/* Sanitizer driver for the blueprint's C (csrc/blueprint/: abstraction.h, player.h, train.h):
 * every hand's bucket and draw slots in range and consistent (one at a time and in batches,
 * bf_bp_hands, on random rows some of which are not hands), every public index in range and
 * each used once, refusals of fields out of range, the trainer's tables the same bits whether a
 * batch runs in one call, in two, or on two threads at once, on small decks and the full one,
 * every refusal of bad rules or tables, and a fuzz of the replay with random decks, slots and
 * rules (each refused or played, never a fault). Then the strategy as a seat: the lookup's
 * refusals, a fuzz of the public history with random events, blueprint seats in the hand loop
 * (every decision audited a distribution over its legal slots), its trace and the batched
 * engine, the strategies and seats that must be refused, and a fuzz of corrupted tables and other
 * rules (each refused or played, never a fault). */
#define CHECK_NAME "check_blueprint"
#include "check_common.h"

#include <pthread.h>
#include <string.h>

#include "blueprint/player.h"
#include "blueprint/train.h"
#include "play/loop.h"
#include "play/round_seats.h"
#include "play/vector.h"
#include "check_vector.h"

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

/* bf_bp_hands, every row as bf_bp_hand reads it, on random rows (a few of them not hands),
 * each batch in buffers of exactly its length; and its refusals. */
static void check_hands_batch(void)
{
    enum { BATCHES = 300, MOST = 64 };
    uint64_t x = 777;
    for (int batch = 0; batch < BATCHES; batch++) {
        int64_t n = (int64_t)(next_random(&x) % (MOST + 1));
        uint8_t *cards = xmalloc((size_t)(4 * n));
        int16_t *buckets = xmalloc(sizeof(int16_t) * (size_t)n);
        int8_t *thrown = xmalloc((size_t)(BF_BP_SLOTS * n));
        int64_t first_bad = n;
        for (int64_t i = 0; i < n; i++) {
            uint64_t r = next_random(&x);
            for (int k = 0; k < 4; k++) /* distinct ids, now and then a repeat or one past 51 */
                cards[4 * i + k] = (uint8_t)((r >> (8 * k)) % 52 + 13 * k) % 52;
            if (r % 97 == 0)
                cards[4 * i + 3] = cards[4 * i];
            if (r % 89 == 0)
                cards[4 * i + 1] = (uint8_t)(52 + r % 200);
            if (first_bad == n && bf_bp_hand(cards + 4 * i, NULL) == BF_BP_BAD)
                first_bad = i;
        }
        int64_t done = bf_bp_hands(cards, n, buckets, thrown);
        if (done != first_bad)
            fail("bf_bp_hands stopped at %lld, the first bad row is %lld", (long long)done,
                 (long long)first_bad);
        for (int64_t i = 0; i < done; i++) {
            int slots[BF_BP_SLOTS];
            if (buckets[i] != bf_bp_hand(cards + 4 * i, slots))
                fail("bf_bp_hands row %lld: bucket %d", (long long)i, buckets[i]);
            for (int k = 0; k < BF_BP_SLOTS; k++)
                if (thrown[BF_BP_SLOTS * i + k] != slots[k])
                    fail("bf_bp_hands row %lld: slot %d throws %d", (long long)i, k,
                         thrown[BF_BP_SLOTS * i + k]);
        }
        free(cards), free(buckets), free(thrown);
    }
    uint8_t one[4] = {0, 5, 10, 15};
    int16_t bucket;
    int8_t slots[BF_BP_SLOTS];
    if (bf_bp_hands(NULL, 1, &bucket, slots) != BF_BP_BAD ||
        bf_bp_hands(one, 1, NULL, slots) != BF_BP_BAD ||
        bf_bp_hands(one, 1, &bucket, NULL) != BF_BP_BAD ||
        bf_bp_hands(one, -1, &bucket, slots) != BF_BP_BAD ||
        bf_bp_hands(one, 1, &bucket, slots) != 1)
        fail("bf_bp_hands refuses what it should not, or takes what it should refuse");
}

/* Every public index of an abstraction is given by exactly one set of fields. */
static void check_public(int a)
{
    static unsigned char used[BF_BP_PUBLIC_3]; /* the largest abstraction's */
    _Static_assert(BF_BP_ABSTRACTIONS == 3, "used[] holds the largest abstraction's indices");
    int count = bf_bp_public_count(a);
    memset(used, 0, sizeof used);
    for (int round = 0; round < 4; round++)
        for (int node = -1; node <= 10; node++)
            for (int pot = -1; pot <= 16; pot++)
                for (int ag = -1; ag <= 3; ag++)
                    for (int drew = -1; drew <= 5; drew++)
                        for (int mine = -1; mine <= 3; mine++)
                            for (int earlier = -1; earlier <= 3; earlier++) {
                                int i = bf_bp_public_betting(a, round, node, pot, ag, drew, mine,
                                                             earlier);
                                if (i == BF_BP_BAD)
                                    continue;
                                if (i < 0 || i >= count)
                                    fail("betting index %d out of range", i);
                                if (round > 0 || (pot == 0 && ag == 0 && drew == 0))
                                    used[i]++;
                            }
    for (int k = -1; k <= 4; k++)
        for (int pot = -1; pot <= 16; pot++)
            for (int ag = -1; ag <= 3; ag++)
                for (int before = -1; before <= 5; before++)
                    for (int now = -1; now <= 6; now++)
                        for (int mine = -1; mine <= 3; mine++) {
                            int i = bf_bp_public_draw(a, k, pot, ag, before, now, mine);
                            if (i == BF_BP_BAD)
                                continue;
                            if (i < 0 || i >= count)
                                fail("draw index %d out of range", i);
                            used[i]++;
                        }
    for (int i = 0; i < count; i++)
        if (used[i] != 1)
            fail("abstraction %d: public index %d used %d times", a, i, used[i]);
    if (bf_bp_public_betting(a, 4, 0, 0, 0, 0, 0, 0) != BF_BP_BAD ||
        bf_bp_public_draw(a, 0, 0, 0, 0, 0, 0) != BF_BP_BAD ||
        bf_bp_public_betting(a, 0, 0, 0, 0, 0, 1, 0) != BF_BP_BAD ||
        bf_bp_public_betting(a, 1, 0, 0, 0, 0, 0, 1) != BF_BP_BAD ||
        bf_bp_public_draw(a, 1, 0, 0, 0, 0, 1) != BF_BP_BAD)
        fail("a bad round, draw, class of the player's draw or of the opponent's earlier one "
             "is not refused");
}

static void check_abstractions(void)
{
    for (int a = 1; a <= BF_BP_ABSTRACTIONS; a++)
        check_public(a);
    int beyond = BF_BP_ABSTRACTIONS + 1;
    if (bf_bp_public_count(0) != BF_BP_BAD || bf_bp_public_count(beyond) != BF_BP_BAD ||
        bf_bp_infosets(0) != BF_BP_BAD || bf_bp_table_len(beyond) != BF_BP_BAD ||
        bf_bp_public_betting(0, 1, 0, 0, 0, 0, 0, 0) != BF_BP_BAD ||
        bf_bp_public_draw(beyond, 1, 0, 0, 0, 0, 0) != BF_BP_BAD)
        fail("an abstraction there is not is not refused");
    if (bf_bp_mine(-1) != BF_BP_BAD || bf_bp_mine(5) != BF_BP_BAD || bf_bp_mine(0) != 0 ||
        bf_bp_mine(1) != 1 || bf_bp_mine(4) != 2)
        fail("bf_bp_mine");
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
    int64_t len = bf_bp_table_len(rules.abstraction);
    size_t bytes = sizeof(int64_t) * (size_t)len;
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
    for (int64_t i = 0; i < len; i++)
        touched += one[i] != 0;
    if (touched == 0)
        fail("training touched no entry");
    /* a second batch against the merged regrets runs too (strategies no longer uniform) */
    for (int64_t i = 0; i < bf_bp_infosets(rules.abstraction); i++)
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
    bf_bp_rules good = {3, 3, 0, 2, 1};
    bf_bp_rules bad[] = {{0, 4, 3, 2, 1},  {14, 4, 3, 2, 1}, {13, 0, 3, 2, 1}, {13, 5, 3, 2, 1},
                         {1, 4, 3, 2, 1},  {13, 4, -1, 2, 1}, {13, 4, 4, 2, 1}, {13, 4, 3, 0, 1},
                         {13, 4, 3, BF_BP_MAX_SMALL_BET + 1, 1}, {13, 4, 3, 2, 0},
                         {13, 4, 3, 2, BF_BP_ABSTRACTIONS + 1}};
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
                         (int)(next_random(&state) % 4), 2, 1 + round % BF_BP_ABSTRACTIONS};
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
            if (steps[i].infoset < 0 || steps[i].infoset >= bf_bp_infosets(r.abstraction))
                fail("a replayed decision's information set is out of range");
    }
    bf_bp_rules r = {13, 4, 3, 2, 1};
    if (bf_bp_replay(&r, NULL, 52, 0, slots, 1, steps, net) != BF_BP_BAD ||
        bf_bp_replay(&r, deck, 52, 0, NULL, 1, steps, net) != BF_BP_BAD ||
        bf_bp_replay(&r, deck, 52, 0, slots, -1, steps, net) != BF_BP_BAD ||
        bf_bp_replay(NULL, deck, 52, 0, slots, 1, steps, net) != BF_BP_BAD)
        fail("a NULL argument is not refused");
}


/* A strategy of random rows over the three slots (a tenth of them never reached: all zero), for
 * abstraction 1 (random_table) or any (random_table_of). */
static uint16_t *random_table_of(uint64_t seed, int abstraction)
{
    size_t n = (size_t)bf_bp_infosets(abstraction) * BF_BP_SLOTS;
    uint16_t *table = xmalloc(n * sizeof *table);
    uint64_t x = seed | 1;
    for (size_t i = 0; i < n; i += BF_BP_SLOTS) {
        if (next_random(&x) % 10 == 0) {
            table[i] = table[i + 1] = table[i + 2] = 0;
            continue;
        }
        uint16_t a = (uint16_t)(next_random(&x) % (BF_BP_ONE + 1));
        uint16_t b = (uint16_t)(next_random(&x) % (BF_BP_ONE - a + 1u));
        table[i] = a, table[i + 1] = b, table[i + 2] = (uint16_t)(BF_BP_ONE - a - b);
    }
    return table;
}

static uint16_t *random_table(uint64_t seed)
{
    return random_table_of(seed, 1);
}

static void check_lookup(const uint16_t *table, int abstraction)
{
    int64_t sets = bf_bp_infosets(abstraction);
    bf_bp_strategy good = {table, sets * BF_BP_SLOTS, 2, abstraction};
    bf_bp_strategy bad[] = {{NULL, good.table_len, 2, abstraction},
                            {table, good.table_len - 1, 2, abstraction},
                            {table, good.table_len, 0, abstraction},
                            {table, good.table_len, 3, abstraction},
                            {table, good.table_len, BF_BP_MAX_SMALL_BET + 2, abstraction},
                            {table, good.table_len, 2, 0},
                            {table, good.table_len, 2, abstraction % BF_BP_ABSTRACTIONS + 1},
                            {table, good.table_len, 2, BF_BP_ABSTRACTIONS + 1}};
    if (!bf_bp_strategy_valid(&good) || bf_bp_strategy_valid(NULL))
        fail("bf_bp_strategy_valid: a good strategy refused, or NULL accepted");
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        if (bf_bp_strategy_valid(&bad[i]))
            fail("bad strategy %zu is not refused", i);
    double p[BF_BP_SLOTS];
    if (bf_bp_row(&good, -1, 7, p) != BF_BP_BAD || bf_bp_row(&good, (int32_t)sets, 7, p) !=
        BF_BP_BAD || bf_bp_row(&good, 0, 0, p) != BF_BP_BAD || bf_bp_row(&good, 0, 8, p) !=
        BF_BP_BAD)
        fail("bf_bp_row accepted a set or legal mask out of range");
    for (int32_t set = 0; set < sets; set += 997)
        for (int legal = 1; legal < 8; legal++) {
            int count = bf_bp_row(&good, set, legal, p);
            double sum = p[0] + p[1] + p[2];
            if (count != __builtin_popcount((unsigned)legal) || sum < 1 - 1e-12 || sum > 1 + 1e-12)
                fail("set %d, legal %d: %d slots summing to %g", set, legal, count, sum);
            for (int i = 0; i < BF_BP_SLOTS; i++)
                if (p[i] < 0 || (!(legal >> i & 1) && p[i] != 0))
                    fail("set %d, legal %d: slot %d has %g", set, legal, i, p[i]);
        }
}

/* Random events into the public history: every index it gives is in range, or refused. */
static void fuzz_history(void)
{
    uint64_t x = 0xB1E5u;
    for (int hand = 0; hand < 20000; hand++) {
        bf_bp_betting h;
        bf_bp_betting_start(&h, (int)(next_random(&x) % 2), 2, 1);
        for (int e = 0; e < 40; e++) {
            int player = (int)(next_random(&x) % 3) - (hand % 9 == 0);
            if (next_random(&x) % 5 == 0)
                bf_bp_betting_draw(&h, player, (int)(next_random(&x) % 7) - 1);
            else
                bf_bp_betting_bet(&h, player, (int)(next_random(&x) % 7) - 1,
                                  (int64_t)(next_random(&x) % 9) - (hand % 13 == 0));
            for (int p = -1; p <= 2; p++)
                for (int draw = 0; draw <= 1; draw++)
                    for (int a = 0; a <= BF_BP_ABSTRACTIONS + 1; a++) {
                        int i = bf_bp_betting_public(&h, a, p, draw, 2);
                        if (i != BF_BP_BAD && (i < 0 || i >= bf_bp_public_count(a)))
                            fail("history public index %d out of range", i);
                    }
            int actor = bf_bp_betting_actor(&h);
            if (actor < 0 || actor > 1)
                fail("history actor %d", actor);
        }
    }
}

/* Heads-up Rules(small_bet=2, cap_heads_up=True), stacks 200, the drawer on both seats, the
 * blueprint seats where `seats` has a bit (filled into `seat`, which outlives the spec). */
static bf_game_spec blueprint_spec(bf_bp_seat *seat, const bf_bp_strategy *strategy,
                                   unsigned seats)
{
    const bf_seat_player *player = bf_blueprint_seat(seat, strategy);
    if (!player)
        fail("bf_blueprint_seat refused a strategy in range");
    bf_game_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.seats = 2, spec.small_bet = 2, spec.big_bet = 4, spec.small_blind = 1;
    spec.big_blind = 2, spec.max_bets = 4, spec.cap_heads_up = 1, spec.chip = 1;
    for (int p = 0; p < 2; p++) {
        spec.stacks[p] = 200;
        spec.bots[p].raise_top = 8, spec.bots[p].call_top = 12, spec.bots[p].draw_with = 3;
        spec.bots[p].max_bets = 4;
        spec.players[p] = seats >> p & 1 ? player : NULL;
    }
    return spec;
}

static void check_seats(const uint16_t *table, int abstraction)
{
    enum { HANDS = 20000, KEPT = 64 };
    int64_t sets = bf_bp_infosets(abstraction);
    bf_bp_strategy strategy = {table, sets * BF_BP_SLOTS, 2, abstraction};
    bf_game_refusal refusal;
    bf_bp_decision *kept = xmalloc(KEPT * sizeof *kept);
    int64_t *profit = xmalloc(sizeof *profit * 2 * HANDS);
    bf_bp_seat seat;
    for (unsigned seats = 1; seats <= 3; seats++) {
        bf_game_spec spec = blueprint_spec(&seat, &strategy, seats);
        bf_bp_audit audit = {kept, KEPT, 0, 0};
        if (bf_blueprint_audit(&spec, 7, 0, HANDS, &audit, &refusal) != 0)
            fail("the audit refused blueprint seats %u", seats);
        if (audit.decisions < HANDS || audit.bad != 0)
            fail("seats %u: %lld decisions, %lld bad", seats, (long long)audit.decisions,
                 (long long)audit.bad);
        for (int i = 0; i < KEPT; i++)
            if (kept[i].infoset < 0 || kept[i].infoset >= sets ||
                !(kept[i].legal >> kept[i].slot & 1) || !(seats >> kept[i].seat & 1))
                fail("kept decision %d is out of range", i);
        if (bf_game_play(&spec, 7, 0, HANDS, profit, NULL, &refusal) != 0)
            fail("bf_game_play refused blueprint seats %u", seats);
        for (int h = 0; h < HANDS; h++)
            if (profit[2 * h] + profit[2 * h + 1] != 0)
                fail("hand %d is not zero-sum", h);
        bf_game_action trace[64];
        int64_t won[2];
        for (uint64_t hand = 0; hand < 200; hand++) {
            int count = bf_game_trace(&spec, 7, hand, won, trace, 64, &refusal);
            if (count <= 0 || count > 64 || won[0] != profit[2 * hand] ||
                won[1] != profit[2 * hand + 1])
                fail("bf_game_trace of hand %llu: %d actions", (unsigned long long)hand, count);
            if (bf_game_trace(&spec, 7, hand, won, trace, 3, &refusal) != count)
                fail("a short trace buffer changed the hand");
        }
    }
    bf_bp_audit bad_audit = {NULL, 5, 0, 0};
    bf_game_spec spec = blueprint_spec(&seat, &strategy, 1);
    if (bf_blueprint_audit(&spec, 7, 0, 1, &bad_audit, &refusal) != BF_GAME_BAD_SPEC ||
        bf_blueprint_audit(&spec, 7, 0, 1, NULL, &refusal) != BF_GAME_BAD_SPEC)
        fail("the audit accepted no buffer to keep decisions in");
    free(kept);
    free(profit);
}

/* The blueprint on seat 0 played by the batched engine; seat 1 by random legal indices. */
static void check_batch(const uint16_t *table)
{
    enum { TABLES = 64, STEPS = 3000 };
    bf_bp_strategy strategy = {table, (int64_t)BF_BP_INFOSETS * BF_BP_SLOTS, 2, 1};
    bf_bp_seat seat;
    bf_game_spec spec = blueprint_spec(&seat, &strategy, 1);
    bf_vector *v = bf_vector_new(&spec, 3, 0, TABLES, 1u);
    if (!v)
        fail("bf_vector_new refused a blueprint seat played by the engine");
    int64_t ended = play_random_tables(v, TABLES, STEPS, 4242, "the blueprint's seat");
    bf_game_refusal refusal;
    if (ended < TABLES || bf_vector_refused(v, &refusal) != -1)
        fail("the batched blueprint seat ended %lld hands, or refused one", (long long)ended);
    bf_vector_free(v);
    if (bf_vector_new(&spec, 3, 0, TABLES, 2u))
        fail("bf_vector_new accepted a blueprint seat the caller plays");
}

/* Strategies and seats the checks refuse, and corrupted tables and other rules the seats
 * refuse. */
static void fuzz_seats(uint16_t *table)
{
    bf_bp_strategy strategy = {table, (int64_t)BF_BP_INFOSETS * BF_BP_SLOTS, 2, 1};
    bf_bp_strategy odd = {table, strategy.table_len, 3, 1};
    bf_round_strategy none;
    memset(&none, 0, sizeof none);
    bf_round_seat with_table = {&none, 0, {0}};
    int64_t profit[2 * 64];
    bf_game_refusal refusal;
    bf_bp_seat seat, broken;
    if (bf_blueprint_seat(&seat, &odd) || bf_blueprint_seat(&seat, NULL) ||
        bf_blueprint_seat(NULL, &strategy))
        fail("bf_blueprint_seat accepted a strategy out of range");
    for (int i = 0; i < 3; i++) {
        bf_game_spec spec = blueprint_spec(&seat, &strategy, 1);
        if (i == 0) { /* a seat asking for more state than a hand gives */
            broken = seat;
            broken.player.state_size = BF_SEAT_STATE_MAX + 1;
            spec.players[0] = &broken.player;
        }
        if (i == 1)
            spec.round_seats[0] = &with_table; /* a blueprint seat plays by no table besides */
        if (i == 2)
            spec.players[2] = spec.players[0]; /* a seat past the table */
        if ((i == 2 && bf_game_spec_valid(&spec)) ||
            bf_game_play(&spec, 1, 0, 1, profit, NULL, &refusal) != BF_GAME_BAD_SPEC ||
            bf_vector_new(&spec, 1, 0, 1, 1u))
            fail("bad blueprint seat %d is not refused", i);
    }
    uint64_t x = 77;
    size_t n = (size_t)BF_BP_INFOSETS * BF_BP_SLOTS;
    for (int round = 0; round < 300; round++) {
        bf_game_spec spec = blueprint_spec(&seat, &strategy, 1 + (unsigned)(round % 3));
        uint16_t saved[64];
        size_t at[64];
        for (int k = 0; k < 64; k++) { /* corrupt some rows */
            at[k] = (size_t)(next_random(&x) % n);
            saved[k] = table[at[k]];
            table[at[k]] = (uint16_t)next_random(&x);
        }
        switch (round % 6) { /* and other rules */
        case 1: spec.small_bet = 4, spec.big_bet = 8; break;
        case 2: spec.cap_heads_up = 0; break;
        case 3: spec.stacks[round % 2] = 1 + (int64_t)(next_random(&x) % 60); break;
        case 4: spec.ante = 1; break;
        case 5: spec.structure = BF_GAME_NO_LIMIT; break;
        default: break;
        }
        int status = bf_game_play(&spec, (uint64_t)round, 0, 64, profit, NULL, &refusal);
        if (status != 0 && status != BF_GAME_REFUSED)
            fail("round %d: bf_game_play returned %d", round, status);
        if (status == BF_GAME_REFUSED && (refusal.hand >= 64 || refusal.reason < 1 ||
                                          refusal.reason > BF_REFUSE_OTHER_RULES))
            fail("round %d: refusal of hand %llu, reason %d", round,
                 (unsigned long long)refusal.hand, refusal.reason);
        for (int k = 63; k >= 0; k--)
            table[at[k]] = saved[k];
    }
}

static void check_strategy_seats(void)
{
    uint16_t *table = random_table(31);
    check_lookup(table, 1);
    fuzz_history();
    check_seats(table, 1);
    check_batch(table);
    fuzz_seats(table);
    free(table);
    for (int a = 2; a <= BF_BP_ABSTRACTIONS; a++) {
        table = random_table_of(35 + (uint64_t)a, a);
        check_lookup(table, a);
        check_seats(table, a);
        free(table);
    }
}

int main(void)
{
    check_hands();
    check_hands_batch();
    check_abstractions();
    check_refusals();
    check_trainer((bf_bp_rules){3, 3, 0, 2, 1}, 300);
    check_trainer((bf_bp_rules){3, 3, 3, 2, 1}, 200); /* reshuffles and the throw cap */
    check_trainer((bf_bp_rules){4, 4, 2, 4, 1}, 100);
    check_trainer((bf_bp_rules){13, 4, 3, 2, 1}, 12);
    check_trainer((bf_bp_rules){3, 3, 3, 2, 2}, 200);
    check_trainer((bf_bp_rules){13, 4, 3, 2, 2}, 8);
    check_trainer((bf_bp_rules){3, 3, 3, 2, 3}, 200);
    fuzz_replay();
    check_strategy_seats();
    puts(CHECK_NAME ": OK");
    return 0;
}
