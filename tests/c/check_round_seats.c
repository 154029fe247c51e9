/* check_round_seats: seats playing the last round by a round strategy (csrc/play/round_seats.h) and the
 * decision bits they draw from (csrc/game/decision.h), written to run under sanitizers.
 *
 * tests/c/test_round_seats_sanitizers.py builds this driver together with every C file of csrc/
 * using -fsanitize=address,undefined and runs it. A hand-made table of a fixed-limit last round
 * (check or bet, then check, bet, fold or call; no raise, so a raise leaves its tree), its
 * arrays malloc'ed at exactly their lengths, over a range that leaves out a third of the
 * hands, plays heads-up and three-handed. The driver checks:
 *   - bf_decision_bits: known answers (BLAKE2b-64 of the key text, as hashlib gives it), the
 *     longest key text, and every seat and step it is given;
 *   - bf_round_strategy_valid: the table, and each way of breaking it it must refuse (a child
 *     outside the tree or before its parent, a kind that is no betting action, a block past
 *     its probabilities, no rows, a missing array), and bf_game_play refusing a spec pointing
 *     at one, or a round seat on a seat past the table;
 *   - bf_game_play with an `otherwise` bot: chips conserved in every hand; without one:
 *     BF_GAME_REFUSED naming a hand, the round seat and a reason, and the same refusal from
 *     bf_game_trace, which otherwise traces into exactly-sized buffers the chips bf_game_play
 *     gives;
 *   - the batched engine with the round seat played by the engine (bf_vector_new's mask):
 *     random legal actions for the other seat, chips conserved in every hand ended, the
 *     refusal bf_vector_refused reports without an `otherwise` bot, and the masks
 *     bf_vector_new must refuse.
 * The driver exits 1 with a message at the first failure and prints one summary line on success.
 *
 * Usage: check_round_seats
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/badugi.h"
#include "game/decision.h"
#include "play/loop.h"
#include "play/round_seats.h"
#include "play/vector.h"

enum { HANDS = 3000, NODES = 9, ROWS = 2, TABLES = 23, STEPS = 300 };

#define CHECK_NAME "check_round_seats"
#include "check_common.h"
#include "check_vector.h"

/* The table's arrays, each malloc'ed at its exact length. */
typedef struct {
    int8_t *actor, *kind;
    int32_t *first_child, *n_children, *row_of_hand[2];
    int64_t *amount, *offset;
    double *probs[2];
} arrays_t;

static arrays_t make_arrays(void)
{
    /* 0: player 0 checks (1) or bets (2); 1: player 1 checks (3, the end) or bets (4);
     * 2: player 1 folds (5) or calls (6); 4: player 0 folds (7) or calls (8) */
    static const int8_t actor[NODES] = {0, 1, 1, -1, 0, -1, -1, -1, -1};
    static const int32_t first[NODES] = {1, 3, 5, 0, 7, 0, 0, 0, 0};
    static const int32_t count[NODES] = {2, 2, 2, 0, 2, 0, 0, 0, 0};
    static const int8_t kind[NODES] = {0,           BF_ACT_CHECK, BF_ACT_BET,
                                       BF_ACT_CHECK, BF_ACT_BET,   BF_ACT_FOLD,
                                       BF_ACT_CALL, BF_ACT_FOLD,  BF_ACT_CALL};
    static const int64_t amount[NODES] = {0, 0, 4, 0, 4, 0, 4, 0, 4};
    static const int64_t offset[NODES] = {0, 0, 4, 0, 4, 0, 0, 0, 0};
    arrays_t a;
    a.actor = xmalloc(NODES), a.kind = xmalloc(NODES);
    a.first_child = xmalloc(4 * NODES), a.n_children = xmalloc(4 * NODES);
    a.amount = xmalloc(8 * NODES), a.offset = xmalloc(8 * NODES);
    memcpy(a.actor, actor, NODES), memcpy(a.kind, kind, NODES);
    memcpy(a.first_child, first, 4 * NODES), memcpy(a.n_children, count, 4 * NODES);
    memcpy(a.amount, amount, 8 * NODES), memcpy(a.offset, offset, 8 * NODES);
    for (int p = 0; p < 2; p++) {
        a.probs[p] = xmalloc(sizeof(double) * 2 * ROWS * 2); /* two nodes of ROWS x 2 */
        for (int i = 0; i < 2 * ROWS * 2; i += 2)
            a.probs[p][i] = 0.25 * (1 + i % 3), a.probs[p][i + 1] = 1 - a.probs[p][i];
        a.row_of_hand[p] = xmalloc(sizeof(int32_t) * BF_NUM_HANDS);
        for (int32_t h = 0; h < BF_NUM_HANDS; h++)
            a.row_of_hand[p][h] = h % 3 == 0 ? -1 : (h + p) % ROWS;
    }
    return a;
}

static void free_arrays(arrays_t *a)
{
    free(a->actor), free(a->kind), free(a->first_child), free(a->n_children);
    free(a->amount), free(a->offset);
    for (int p = 0; p < 2; p++)
        free(a->probs[p]), free(a->row_of_hand[p]);
}

static bf_round_strategy make_table(const arrays_t *a)
{
    bf_round_strategy t;
    memset(&t, 0, sizeof t);
    t.pot = 4, t.stacks[0] = t.stacks[1] = 38, t.n_nodes = NODES;
    t.actor = a->actor, t.first_child = a->first_child, t.n_children = a->n_children;
    t.kind = a->kind, t.amount = a->amount, t.offset = a->offset;
    for (int p = 0; p < 2; p++) {
        t.probs[p] = a->probs[p], t.probs_len[p] = 2 * ROWS * 2;
        t.row_of_hand[p] = a->row_of_hand[p], t.n_rows[p] = ROWS;
    }
    return t;
}

/* Heads-up (or three-handed) fixed limit, blinds 1 and 2, bets 2 and 4, stacks 40. */
static bf_game_spec make_spec(int seats, const bf_round_seat *bot)
{
    bf_game_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.seats = seats, spec.small_bet = 2, spec.big_bet = 4, spec.small_blind = 1;
    spec.big_blind = 2, spec.max_bets = 4, spec.cap_heads_up = 1, spec.chip = 1;
    spec.burn = seats == 3;
    for (int p = 0; p < seats; p++) {
        spec.stacks[p] = 40;
        spec.bots[p].raise_top = 8, spec.bots[p].call_top = 12, spec.bots[p].draw_with = 3;
        spec.bots[p].max_bets = 4;
    }
    spec.round_seats[0] = bot;
    return spec;
}

static void check_bits(void)
{
    /* hashlib.blake2b(b"0:0:0", digest_size=8), read little-endian */
    if (bf_decision_bits(0, 0, 0, 0) != UINT64_C(18089622622667645874))
        fail("bf_decision_bits(0, 0, 0, 0) is %llu",
             (unsigned long long)bf_decision_bits(0, 0, 0, 0));
    uint64_t seen = 0;
    for (int seat = 0; seat < BF_MAX_SEATS; seat++)
        for (int64_t step = 0; step < 300; step += 7)
            seen ^= bf_decision_bits(UINT64_MAX, UINT64_MAX - (uint64_t)step, seat, step);
    seen ^= bf_decision_bits(UINT64_MAX, UINT64_MAX, BF_MAX_SEATS - 1, INT64_MAX); /* longest */
    if (seen == 0)
        fail("bf_decision_bits gave bits that cancel out");
    double u = bf_decision_uniform(UINT64_MAX);
    if (!(u < 1.0 && u > 0.99) || bf_decision_uniform(0) != 0.0)
        fail("bf_decision_uniform is outside [0, 1)");
}

static void check_valid(const arrays_t *a)
{
    bf_round_strategy good = make_table(a);
    if (!bf_round_strategy_valid(&good))
        fail("bf_round_strategy_valid refused a valid table");
    for (int k = 0; k < 9; k++) {
        bf_round_strategy bad = good;
        int32_t first[NODES];
        int8_t kind[NODES];
        memcpy(first, a->first_child, sizeof first);
        memcpy(kind, a->kind, sizeof kind);
        switch (k) {
        case 0: first[1] = NODES - 1; bad.first_child = first; break; /* past the tree */
        case 1: first[4] = 2; bad.first_child = first; break;        /* before its parent */
        case 2: kind[3] = BF_ACT_POST; bad.kind = kind; break;
        case 3: bad.probs_len[1] = 5; break;                          /* node 2's block */
        case 4: bad.n_rows[0] = 0; break;
        case 5: bad.row_of_hand[1] = NULL; break;
        case 6: bad.n_nodes = 0; break;
        case 7: bad.stacks[0] = -1; break;
        default: kind[7] = BF_ACT_DRAW; bad.kind = kind; break;
        }
        if (bf_round_strategy_valid(&bad))
            fail("bf_round_strategy_valid accepted broken table %d", k);
        bf_round_seat bot = {&bad, 0, {0}};
        bf_game_spec spec = make_spec(2, &bot);
        int64_t profit[2];
        if (bf_game_play(&spec, 1, 0, 1, profit, NULL, NULL) != BF_GAME_BAD_SPEC)
            fail("bf_game_play played a spec with broken table %d", k);
    }
    bf_round_seat bot = {&good, 0, {0}};
    bf_game_spec spec = make_spec(2, &bot);
    spec.round_seats[3] = &bot; /* a seat past the table */
    int64_t profit[2];
    if (bf_game_play(&spec, 1, 0, 1, profit, NULL, NULL) != BF_GAME_BAD_SPEC)
        fail("bf_game_play played a round seat on a seat past the table");
    bot.has_otherwise = 2;
    spec.round_seats[3] = NULL;
    if (bf_game_play(&spec, 1, 0, 1, profit, NULL, NULL) != BF_GAME_BAD_SPEC)
        fail("bf_game_play played a round seat whose has_otherwise is 2");
}

/* A spec's hands: conserved chips with an otherwise bot, a refusal without; the traces. */
static size_t check_loop(const bf_round_strategy *table, int seats)
{
    bf_round_seat with = {table, 1, {5, 12, 3, {0}, 4}}, without = {table, 0, {0}};
    bf_game_spec spec = make_spec(seats, &with);
    int64_t *profit = xmalloc(sizeof *profit * HANDS * (size_t)seats);
    bf_game_refusal refusal;
    if (bf_game_play(&spec, 7, 0, HANDS, profit, NULL, &refusal) != 0)
        fail("%d seats: bf_game_play refused a round seat with an otherwise bot", seats);
    for (int h = 0; h < HANDS; h++) {
        int64_t sum = 0;
        for (int p = 0; p < seats; p++)
            sum += profit[h * seats + p];
        if (sum != 0)
            fail("%d seats: hand %d is not zero-sum", seats, h);
    }
    size_t traced = 0;
    int64_t won[3];
    for (uint64_t h = 0; h < 100; h++) { /* exactly-sized traces, the chips of bf_game_play */
        int count = bf_game_trace(&spec, 7, h, won, NULL, 0, NULL);
        if (count < 1)
            fail("%d seats: bf_game_trace counted %d actions", seats, count);
        bf_game_action *trace = xmalloc(sizeof *trace * (size_t)count);
        if (bf_game_trace(&spec, 7, h, won, trace, count, NULL) != count)
            fail("%d seats: bf_game_trace changed its length", seats);
        for (int p = 0; p < seats; p++)
            if (won[p] != profit[h * (uint64_t)seats + (uint64_t)p])
                fail("%d seats: hand %llu traced to other chips", seats, (unsigned long long)h);
        for (int i = 0; i < count; i++)
            if (trace[i].seat < 0 || trace[i].seat >= seats || trace[i].kind < 0 ||
                trace[i].kind > BF_ACT_FULL)
                fail("%d seats: a traced action out of range", seats);
        traced += (size_t)count;
        free(trace);
    }
    spec.round_seats[0] = &without;
    memset(&refusal, 0, sizeof refusal);
    if (bf_game_play(&spec, 7, 0, HANDS, profit, NULL, &refusal) != BF_GAME_REFUSED ||
        refusal.seat != 0 || refusal.reason < BF_REFUSE_NOT_HEADS_UP ||
        refusal.reason > BF_REFUSE_BAD_TABLE || refusal.hand >= HANDS)
        fail("%d seats: no refusal without an otherwise bot (%d)", seats, refusal.reason);
    bf_game_refusal again;
    if (bf_game_trace(&spec, 7, refusal.hand, won, NULL, 0, &again) != BF_GAME_REFUSED ||
        again.hand != refusal.hand || again.reason != refusal.reason)
        fail("%d seats: bf_game_trace did not refuse hand %llu", seats,
             (unsigned long long)refusal.hand);
    if (bf_game_play(&spec, 7, 0, HANDS, profit, NULL, NULL) != BF_GAME_REFUSED)
        fail("%d seats: bf_game_play did not refuse without a refusal to fill", seats);
    free(profit);
    return traced;
}

/* The other seats by random legal indices, the round seat by the engine. */
static int64_t check_batch(const bf_round_strategy *table, int has_otherwise)
{
    bf_round_seat bot = {table, has_otherwise, {5, 12, 3, {0}, 4}};
    bf_game_spec spec = make_spec(2, &bot);
    bf_vector *v = bf_vector_new(&spec, 3, 0, TABLES, 1u);
    if (!v)
        fail("bf_vector_new refused a round seat played by the engine");
    int64_t ended = play_random_tables(v, TABLES, STEPS, 99991, "the engine's seat");
    bf_game_refusal refusal;
    int64_t refused = bf_vector_refused(v, &refusal);
    if (has_otherwise ? refused != -1
                      : refused < 0 || refused >= TABLES || refusal.seat != 0 || !refusal.reason)
        fail("bf_vector_refused gave table %lld (an otherwise bot: %d)", (long long)refused,
             has_otherwise);
    bf_vector_restart(v, 0, TABLES, 1);
    bf_vector_free(v);
    if (bf_vector_new(&spec, 3, 0, TABLES, 0) || bf_vector_new(&spec, 3, 0, TABLES, 3u) ||
        bf_vector_new(&spec, 3, 0, TABLES, 4u))
        fail("bf_vector_new accepted a round seat the caller plays, or no seat for the caller");
    return ended;
}

int main(void)
{
    check_bits();
    arrays_t a = make_arrays();
    check_valid(&a);
    bf_round_strategy table = make_table(&a);
    size_t traced = check_loop(&table, 2) + check_loop(&table, 3);
    int64_t ended = check_batch(&table, 1) + check_batch(&table, 0);
    free_arrays(&a);
    printf("check_round_seats: OK (%zu actions traced, %lld batched hands ended)\n", traced,
           (long long)ended);
    return 0;
}
