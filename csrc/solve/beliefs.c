/* A belief carried through a draw (solve/beliefs.h).
 *
 * The weight of holding h' after throwing k cards is the sum over the ways h' arises: kept
 * cards K (4 - k of h'), new cards N = h' - K, and an old hand K + T whose thrown cards T are
 * disjoint from N (a card thrown is not dealt back in the same draw), each old hand's weight
 * times its chance of throwing T times 1 / C(m, k), m the cards it could be dealt. Writing
 * w(K, T) for that product, inclusion-exclusion over the thrown cards that N holds gives
 *
 *     sum over T disjoint from N of w(K, T) = sum over S within N of (-1)^|S| M(K, S),
 *     M(K, S) = sum over T holding S of w(K, T),
 *
 * and grouping the terms by the set U = K + S within h' (its sign is (-1)^(|U| - 4 + k)):
 *
 *     weight of h' = sum over U within h', |U| >= 4 - k, of (-1)^(|U| - 4 + k) G(U),
 *     G(U) = sum over the ways U splits into K (4 - k cards) and S (in T) of w(K, T).
 *
 * So one pass over the old hands adds each w(K, T) into G(K + S) for every S within T, and one
 * pass over the new hands reads at most 15 entries of G: about 10^7 steps, not the 270,725 x
 * C(48, k) deals of the plain sum. U = K + T (four cards) is the old hand itself, added at once;
 * the others are sets of at most three cards, tallied by their colex rank.
 */
#include "solve/beliefs.h"

#include <math.h>
#include <stdlib.h>

#define CARDS 52

static int64_t binomial(int n, int k)
{
    if (k < 0 || n < k)
        return 0;
    int64_t out = 1;
    for (int i = 1; i <= k; i++)
        out = out * (n - k + i) / i;
    return out;
}

/* The colex rank of the cards of `hand` at the positions `at` (ascending, `len` of them). */
static int64_t colex_rank(const int hand[4], int64_t choose[CARDS + 1][5], const int *at, int len)
{
    int64_t r = 0;
    for (int k = 0; k < len; k++)
        r += choose[hand[at[k]]][k + 1];
    return r;
}

static int popcount4(unsigned m)
{
    return (int)(m & 1u) + (int)(m >> 1 & 1u) + (int)(m >> 2 & 1u) + (int)(m >> 3 & 1u);
}

static int blocked_hand(const int hand[4], uint64_t blocked)
{
    for (int i = 0; i < 4; i++)
        if (blocked >> hand[i] & 1u)
            return 1;
    return 0;
}

/* The second pass: each new hand's sum of signed tallies over the sets U within it of 4 - count
 * to 3 cards, times `share`, added into after (colex order). The hands run with their lowest
 * card a innermost and b < c < d fixed: the terms of the sets without a are then fixed too,
 * summed once for all the a's, and a set with a ranks as a plus the rest one place up, so each
 * of its terms reads its tally at a + a fixed offset. */
static void add_tallies(double *const tally[4], int count, double share, uint64_t blocked,
                        int64_t choose[CARDS + 1][5], double *after)
{
    int n_fixed = 0, n_moving = 0, fixed_at[8], moving_at[7];
    double fixed_sign[8], moving_sign[7];
    for (unsigned at = 0; at < 15; at++) {
        int u = popcount4(at);
        if (u < 4 - count)
            continue;
        double sign = (u - 4 + count) % 2 ? -1.0 : 1.0;
        if (at & 1u) {
            moving_at[n_moving] = (int)at;
            moving_sign[n_moving++] = sign;
        } else {
            fixed_at[n_fixed] = (int)at;
            fixed_sign[n_fixed++] = sign;
        }
    }
    int64_t h = 0;
    for (int d = 3; d < CARDS; d++)
        for (int c = 2; c < d; c++)
            for (int b = 1; b < c; b++) {
                const int upper[3] = {b, c, d};
                int64_t without[8], with[8]; /* by the set's cards among b, c, d (bits 0..2) */
                for (unsigned rest = 0; rest < 8; rest++) {
                    int64_t alone = 0, beside = 0;
                    int size = 0;
                    for (int j = 0; j < 3; j++)
                        if (rest >> j & 1u) {
                            size++;
                            alone += choose[upper[j]][size];
                            beside += choose[upper[j]][size + 1];
                        }
                    without[rest] = alone;
                    with[rest] = beside;
                }
                double fixed = 0.0;
                for (int k = 0; k < n_fixed; k++) {
                    unsigned at = (unsigned)fixed_at[k];
                    fixed += fixed_sign[k] * tally[popcount4(at)][without[at >> 1]];
                }
                const double *moving[7]; /* each moving term's tally, from its offset */
                for (int k = 0; k < n_moving; k++) {
                    unsigned at = (unsigned)moving_at[k];
                    moving[k] = tally[popcount4(at)] + with[at >> 1];
                }
                uint64_t high = (1ull << b) | (1ull << c) | (1ull << d);
                for (int a = 0; a < b; a++, h++) {
                    if (blocked & (high | 1ull << a))
                        continue; /* after[h] stays 0 */
                    double total = fixed;
                    for (int k = 0; k < n_moving; k++)
                        total += moving_sign[k] * moving[k][a];
                    after[h] += total * share;
                }
            }
}

static int bad_row(const uint8_t *row)
{
    return row[0] >= row[1] || row[1] >= row[2] || row[2] >= row[3] || row[3] >= CARDS;
}

int bf_belief_draw(int64_t n, const uint8_t *cards, const double *weight,
                   const double *throw_probs, int count, uint64_t blocked, double *after)
{
    if (n < 0 || n > BF_BELIEF_HANDS || (n && (!cards || !weight || !throw_probs)) || !after ||
        count < 0 || count > 4 || blocked >> CARDS)
        return BF_BELIEF_BAD_ARGS;
    int open = CARDS - __builtin_popcountll(blocked) - 4;
    if (open < count)
        return BF_BELIEF_BAD_ARGS;
    /* The discards of `count` cards, ascending (throw_probs' columns), and for each the sets
     * its weight is tallied at: kept + S for every S within the throw but the throw itself
     * (S = T, the new hand holding the very cards thrown, which the deal never gives, is the
     * old hand itself); each set as its positions, for its rank, and its size, for its tally. */
    int n_throws = 0, n_targets[6], target_len[6][15], target_at[6][15][3];
    for (unsigned t = 0; t < 16; t++) {
        if (popcount4(t) != count)
            continue;
        int j = n_throws++, k = 0;
        for (unsigned s = (t - 1) & t; t != 0; s = (s - 1) & t) {
            unsigned at = (15u & ~t) | s;
            int len = 0;
            for (int i = 0; i < 4; i++)
                if (at >> i & 1u)
                    target_at[j][k][len++] = i;
            target_len[j][k++] = len;
            if (s == 0)
                break;
        }
        n_targets[j] = k;
    }
    static const int whole[4] = {0, 1, 2, 3};
    int64_t choose[CARDS + 1][5];
    for (int c = 0; c <= CARDS; c++)
        for (int k = 0; k <= 4; k++)
            choose[c][k] = binomial(c, k);
    /* G by the size of U (0 .. 3 cards), at U's colex rank */
    double *tally[4];
    for (int u = 0; u < 4; u++) {
        tally[u] = calloc((size_t)choose[CARDS][u], sizeof(double));
        if (!tally[u]) {
            for (int v = 0; v < u; v++)
                free(tally[v]);
            return BF_BELIEF_NO_MEMORY;
        }
    }
    const double share = 1.0 / (double)choose[open][count];
    const double sign = count % 2 ? -1.0 : 1.0;
    for (int64_t h = 0; h < BF_BELIEF_HANDS; h++)
        after[h] = 0.0;
    int hand[4];
    int bad = 0;
    for (int64_t i = 0; i < n && !bad; i++) {
        /* checked as it is read (one pass over the rows); a refusal leaves `after` undefined */
        const double *probs = throw_probs + i * n_throws;
        bad = bad_row(cards + i * 4) || !(weight[i] >= 0.0 && isfinite(weight[i]));
        int throws_any = 0;
        for (int j = 0; j < n_throws; j++) {
            bad |= !(probs[j] >= 0.0 && isfinite(probs[j]));
            throws_any |= probs[j] != 0.0;
        }
        for (int j = 0; j < 4; j++)
            hand[j] = cards[i * 4 + j];
        if (bad || !throws_any || weight[i] == 0.0 || blocked_hand(hand, blocked))
            continue;
        double thrown = 0.0;
        for (int j = 0; j < n_throws; j++) {
            if (probs[j] == 0.0)
                continue;
            double w = weight[i] * probs[j];
            thrown += w;
            for (int k = 0; k < n_targets[j]; k++) {
                int len = target_len[j][k];
                tally[len][colex_rank(hand, choose, target_at[j][k], len)] += w;
            }
        }
        after[colex_rank(hand, choose, whole, 4)] += sign * thrown * share;
    }
    if (bad) {
        for (int u = 0; u < 4; u++)
            free(tally[u]);
        return BF_BELIEF_BAD_ARGS;
    }
    if (count > 0)
        add_tallies(tally, count, share, blocked, choose, after);
    for (int u = 0; u < 4; u++)
        free(tally[u]);
    return 0;
}
