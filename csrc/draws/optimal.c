/* Optimal draw policies in the table model; see draws/optimal.h for the model and the identity. */
#include "draws/optimal.h"
#include "eval/lookup.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NUM_SETS 294204 /* card sets of 0..4 cards: 1 + 52 + 1326 + 22100 + 270725 */
#define OUTSIDE 48      /* the cards not in the hand, where replacements come from */

static const uint32_t set_offset[5] = {0, 1, 53, 1379, 23479};

/* C(48, k): the replacement sets of k cards. */
static const double replacement_sets[5] = {1.0, 48.0, 1128.0, 17296.0, 194580.0};

/* The 16 discards (masks over sorted positions) in the order ties are broken: fewer cards
 * first, then the kept ids lexicographically smallest (for sorted positions, the kept
 * positions' sequence). */
static const uint8_t preference[16] = {0, 8, 4, 2, 1, 12, 10, 6, 9, 5, 3, 14, 13, 11, 7, 15};

static int bits(unsigned x)
{
    return (x & 1) + (x >> 1 & 1) + (x >> 2 & 1) + (x >> 3 & 1);
}

/* The set index of every sub-selection q (mask over the sorted positions) of hand s. */
static void subset_indices(const unsigned s[4], uint32_t index[16])
{
    static const uint32_t *const binom[5] = {NULL, NULL, bf_binom2, bf_binom3, bf_binom4};
    for (unsigned q = 0; q < 16; q++) {
        uint32_t colex = 0;
        unsigned k = 0;
        for (unsigned j = 0; j < 4; j++)
            if (q >> j & 1) {
                k++;
                colex += k == 1 ? s[j] : binom[k][s[j]];
            }
        index[q] = set_offset[k] + colex;
    }
}

/* Calls visit(index, s) for every hand in colex order (index counts 0, 1, 2, ...). */
#define FOR_EACH_HAND(index, s)                                                         \
    for (unsigned d_ = 3, index = 0; d_ < BF_NUM_CARDS; d_++)                             \
        for (unsigned c_ = 2; c_ < d_; c_++)                                             \
            for (unsigned b_ = 1; b_ < c_; b_++)                                         \
                for (unsigned a_ = 0; a_ < b_; a_++, index++)                            \
                    for (unsigned s[4] = {a_, b_, c_, d_}, once_ = 1; once_; once_ = 0)

/* F(X) for every set X of 0..4 cards: the sum of V over the hands holding X. */
static void superset_sums(const double *values, double *sums)
{
    memset(sums, 0, NUM_SETS * sizeof sums[0]);
    FOR_EACH_HAND(h, s)
    {
        uint32_t index[16];
        subset_indices(s, index);
        for (unsigned q = 0; q < 16; q++)
            sums[index[q]] += values[h];
    }
}

/* The inclusion-exclusion terms of every discard m: the sub-selections kept | T of the hand for
 * T within m, with their signs, listed m by m (3^4 = 81 in all). */
typedef struct {
    uint8_t start[17];
    uint8_t select[81];
    int8_t sign[81];
} terms_t;

static void build_terms(terms_t *terms)
{
    unsigned n = 0;
    for (unsigned m = 0; m < 16; m++) {
        terms->start[m] = (uint8_t)n;
        for (unsigned t = m;; t = (t - 1) & m) { /* every T within the discard */
            terms->select[n] = (uint8_t)((15u & ~m) | t);
            terms->sign[n++] = (int8_t)(bits(t) & 1 ? -1 : 1);
            if (t == 0)
                break;
        }
    }
    terms->start[16] = (uint8_t)n;
}

/* The expectation of V over the replacements of every discard m of the hand. */
static void discard_values(const terms_t *terms, const double *sums, const uint32_t index[16],
                           double out[16])
{
    double g[16];
    for (unsigned q = 0; q < 16; q++)
        g[q] = sums[index[q]];
    for (unsigned m = 0; m < 16; m++) {
        double total = 0.0;
        for (unsigned i = terms->start[m]; i < terms->start[m + 1]; i++)
            total += terms->sign[i] * g[terms->select[i]];
        out[m] = total / replacement_sets[bits(m)];
    }
}

static int caps_valid(const uint8_t caps[3])
{
    return caps != NULL && caps[0] <= 4 && caps[1] <= 4 && caps[2] <= 4;
}

/* A discard capped at cap cards: the lowest ids (lowest sorted positions) stay. */
static unsigned capped(unsigned mask, unsigned cap)
{
    while ((unsigned)bits(mask) > cap)
        mask &= mask - 1;
    return mask;
}

int bf_optimal_policy(const double *utility, int draws, const uint8_t caps[3], uint8_t *table,
                      uint16_t *ties, double *values)
{
    if (utility == NULL || table == NULL || draws < 1 || draws > BF_MAX_DRAWS || !caps_valid(caps))
        return BF_OPTIMAL_BAD_ARGS;
    for (int r = 0; r < BF_NUM_RANKS; r++)
        if (!isfinite(utility[r]))
            return BF_OPTIMAL_BAD_ARGS;
    double *level = malloc(2 * BF_NUM_HANDS * sizeof(double));
    double *sums = malloc(NUM_SETS * sizeof(double));
    uint32_t *subsets = malloc(16 * BF_NUM_HANDS * sizeof(uint32_t));
    if (level == NULL || sums == NULL || subsets == NULL) {
        free(level);
        free(sums);
        free(subsets);
        return BF_OPTIMAL_BAD_ARGS;
    }
    FOR_EACH_HAND(h, s)
    {
        subset_indices(s, subsets + 16 * (size_t)h);
    }
    terms_t terms;
    build_terms(&terms);
    double *current = level, *next = level + BF_NUM_HANDS;
    for (uint32_t h = 0; h < BF_NUM_HANDS; h++)
        current[h] = utility[bf_rank_table[h] - 1];
    if (values != NULL)
        memcpy(values, current, BF_NUM_HANDS * sizeof(double));
    for (int d = 1; d <= draws; d++) {
        memset(sums, 0, NUM_SETS * sizeof sums[0]);
        for (uint32_t h = 0; h < BF_NUM_HANDS; h++)
            for (unsigned q = 0; q < 16; q++)
                sums[subsets[16 * (size_t)h + q]] += current[h];
        unsigned cap = caps[BF_MAX_DRAWS - d];
        uint8_t *decisions = table + (size_t)(d - 1) * BF_NUM_HANDS;
        for (uint32_t h = 0; h < BF_NUM_HANDS; h++) {
            double expect[16];
            discard_values(&terms, sums, subsets + 16 * (size_t)h, expect);
            unsigned best = 0;
            for (unsigned i = 1; i < 16; i++) {
                unsigned m = preference[i];
                if ((unsigned)bits(m) <= cap && expect[m] > expect[best] + BF_OPTIMAL_TIE)
                    best = m;
            }
            decisions[h] = (uint8_t)best;
            next[h] = expect[best];
            if (ties != NULL) {
                unsigned tied = 0;
                for (unsigned m = 0; m < 16; m++)
                    if (bits(m) == bits(best) && expect[m] >= expect[best] - BF_OPTIMAL_TIE)
                        tied |= 1u << m;
                ties[(size_t)(d - 1) * BF_NUM_HANDS + h] = (uint16_t)tied;
            }
        }
        double *swap = current;
        current = next, next = swap;
        if (values != NULL)
            memcpy(values + (size_t)d * BF_NUM_HANDS, current, BF_NUM_HANDS * sizeof(double));
    }
    free(level);
    free(sums);
    free(subsets);
    return 0;
}

int bf_optimal_default_table(const uint8_t caps[3], uint8_t *table)
{
    if (table == NULL || !caps_valid(caps))
        return BF_OPTIMAL_BAD_ARGS;
    FOR_EACH_HAND(h, s)
    {
        uint8_t hand[4] = {(uint8_t)s[0], (uint8_t)s[1], (uint8_t)s[2], (uint8_t)s[3]};
        unsigned thrown = 15u & ~(unsigned)bf_draw_keep(hand, 0, 0);
        for (int d = 1; d <= BF_MAX_DRAWS; d++)
            table[(size_t)(d - 1) * BF_NUM_HANDS + h] =
                (uint8_t)capped(thrown, caps[BF_MAX_DRAWS - d]);
    }
    return 0;
}

int bf_optimal_forward(const uint8_t *table, int draws, const uint8_t caps[3],
                       const double *start, double *end)
{
    if (table == NULL || start == NULL || end == NULL || start == end || draws < 0 ||
        draws > BF_MAX_DRAWS || !caps_valid(caps))
        return BF_OPTIMAL_BAD_ARGS;
    double *pushed = malloc(NUM_SETS * sizeof(double));
    double *mass = malloc(BF_NUM_HANDS * sizeof(double));
    uint32_t *subsets = malloc(16 * BF_NUM_HANDS * sizeof(uint32_t));
    if (pushed == NULL || mass == NULL || subsets == NULL) {
        free(pushed);
        free(mass);
        free(subsets);
        return BF_OPTIMAL_BAD_ARGS;
    }
    FOR_EACH_HAND(h, s)
    {
        subset_indices(s, subsets + 16 * (size_t)h);
    }
    memcpy(mass, start, BF_NUM_HANDS * sizeof(double));
    for (int d = draws; d >= 1; d--) {
        memset(pushed, 0, NUM_SETS * sizeof(double));
        const uint8_t *decisions = table + (size_t)(d - 1) * BF_NUM_HANDS;
        for (uint32_t h = 0; h < BF_NUM_HANDS; h++) {
            if (mass[h] == 0.0)
                continue;
            const uint32_t *index = subsets + 16 * (size_t)h;
            unsigned m = capped(decisions[h] & 15u, caps[BF_MAX_DRAWS - d]), kept = 15u & ~m;
            double share = mass[h] / replacement_sets[bits(m)];
            for (unsigned t = m;; t = (t - 1) & m) {
                pushed[index[kept | t]] += bits(t) & 1 ? -share : share;
                if (t == 0)
                    break;
            }
        }
        for (uint32_t h = 0; h < BF_NUM_HANDS; h++) { /* a hand gathers what reached its subsets */
            double total = 0.0;
            for (unsigned q = 0; q < 16; q++)
                total += pushed[subsets[16 * (size_t)h + q]];
            mass[h] = total;
        }
    }
    memcpy(end, mass, BF_NUM_HANDS * sizeof(double));
    free(pushed);
    free(mass);
    free(subsets);
    return 0;
}

int bf_optimal_options(const double *level_values, const uint8_t hand[4], double out[16])
{
    if (level_values == NULL || out == NULL || !bf_hand_valid(hand))
        return BF_OPTIMAL_BAD_ARGS;
    double *sums = malloc(NUM_SETS * sizeof(double));
    if (sums == NULL)
        return BF_OPTIMAL_BAD_ARGS;
    superset_sums(level_values, sums);
    unsigned s[4] = {hand[0], hand[1], hand[2], hand[3]};
    BF_SORT4(s[0], s[1], s[2], s[3]);
    uint32_t index[16];
    subset_indices(s, index);
    terms_t terms;
    build_terms(&terms);
    discard_values(&terms, sums, index, out);
    free(sums);
    return 0;
}
