/* Draw policies: which cards a seat keeps and throws. The default policy (keep the best badugi,
 * of tied ones the most live outs, then the lowest ids; a new badugi is taken only when strictly
 * better), break-above (throw a four-card badugi's top card above a rank), and solved tables (one
 * byte per hand and draws to come, from draws/optimal.c). The draw engine (draws/engine.c) and
 * the hand state (game/hand_state.c) both decide through this file;
 * badugi_fast/draws/engine/reference.py specifies it.
 */
#ifndef BADUGI_DRAWS_POLICY_H
#define BADUGI_DRAWS_POLICY_H

#include "eval/badugi.h"

#define BF_MAX_DRAWS 3
#define BF_NO_KEPT_RANK (BF_NUM_RANKS + 1)
/* A policy table: for d = 1 .. 3 draws to come, BF_NUM_HANDS bytes at (d - 1) * BF_NUM_HANDS,
 * indexed by the hand's colex index; bit i throws the i-th card of the hand sorted by id. */
#define BF_POLICY_TABLE_LEN (BF_MAX_DRAWS * BF_NUM_HANDS)

/* What a seat holds and knows while it draws. */
typedef struct {
    uint8_t hand[4];
    uint64_t kept;  /* the kept cards, as a card bitmask */
    int kept_rank;  /* rank of the kept cards as a badugi; BF_NO_KEPT_RANK when none */
    uint64_t known; /* cards this seat knows are not in the stub */
} bf_seat;

/* How a seat chooses: a table when not NULL (BF_POLICY_TABLE_LEN bytes), else the default with
 * break_above (-1: never break; else throw a four-card badugi's top card above this rank).
 * ties, NULL or BF_POLICY_TABLE_LEN masks beside the table: bit m set when discard m (a mask
 * over the sorted hand) ties the table's choice with as many cards; among those the seat keeps
 * the most live outs, as the default policy does among tied badugis. */
typedef struct {
    int break_above;
    const uint8_t *table;
    const uint16_t *ties;
} bf_policy;

static inline uint64_t bf_bit(unsigned card)
{
    return UINT64_C(1) << card;
}

/* A dealt hand: the default policy's kept cards given the dead cards. */
void bf_seat_init(bf_seat *seat, const uint8_t hand[4], uint64_t dead);

/* After throwing `thrown` (a position mask) by choice, keep the best badugi of the cards left. */
void bf_seat_keep_rest(bf_seat *seat, unsigned thrown);

/* The policy's discard (a position mask) with `draws_left` draws to come, at most `cap` cards:
 * over the cap, the highest-ranked candidates are thrown (the highest ids). */
unsigned bf_seat_throw(bf_seat *seat, const bf_policy *policy, int draws_left, unsigned cap);

/* The new cards are in place at the thrown positions: learn them, and keep the new badugi if it
 * is strictly better than the kept cards. */
void bf_seat_after_draw(bf_seat *seat, unsigned thrown);

/* The exact engines' walk over one seat's replacements: the k-subsets idx[0] < ... < idx[k-1]
 * of a stub of n cards, in lexicographic order (start from idx = {0, 1, 2, 3}).
 * bf_subset_deal puts the subset's cards at the thrown positions pos[] of the seat's hand and
 * the other stub cards, in order, into rest; bf_subset_next steps to the next subset and
 * returns 0 after the last. */
static inline void bf_subset_deal(bf_seat *seat, const unsigned pos[4], const unsigned idx[4],
                                  unsigned k, const uint8_t *stub, unsigned n, uint8_t *rest)
{
    unsigned r = 0, j = 0;
    for (unsigned i = 0; i < n; i++) {
        if (j < k && idx[j] == i)
            seat->hand[pos[j++]] = stub[i];
        else
            rest[r++] = stub[i];
    }
}

static inline int bf_subset_next(unsigned idx[4], unsigned k, unsigned n)
{
    int i = (int)k - 1;
    while (i >= 0 && idx[i] == n - k + (unsigned)i)
        i--;
    if (i < 0)
        return 0;
    idx[i]++;
    for (unsigned j = (unsigned)i + 1; j < k; j++)
        idx[j] = idx[j - 1] + 1;
    return 1;
}

/* Rank of four valid card ids in any order. */
int bf_hand_rank(const uint8_t hand[4]);

/* Valid: four distinct ids below 52. */
int bf_hand_valid(const uint8_t hand[4]);

/* The default policy's kept cards for a hand (a mask over its positions): the best subset, of
 * tied ones the most of `previous`, then the most live outs given `known`, then the lowest ids;
 * -1 if the hand is not four distinct cards. */
int bf_draw_keep(const uint8_t hand[4], uint64_t known, uint64_t previous);

/* Starts loading the table entries bf_draw_keep (and bf_seat_after_draw) will read for `hand`
 * (nothing for an invalid hand): a caller with several hands to read asks for all of them
 * first, so that their cache misses overlap. */
void bf_draw_keep_prefetch(const uint8_t hand[4]);

/* The same for the entries of a table policy that bf_seat_throw will read (nothing for a
 * policy without a table). */
void bf_seat_throw_prefetch(const bf_seat *seat, const bf_policy *policy, int draws_left);

/* A table policy's discard for a hand (a mask over the hand's positions, in the order given)
 * with `draws_left` (1..3) draws to come, capped at `cap` cards; tied discards are settled by
 * the most of the `previous` kept cards (a card mask; 0 for none), then live outs given
 * `known` (the seat's own discards and the dead cards). -1 for a NULL table, an
 * invalid hand or draws_left. For the hand loop's table bots. */
int bf_policy_table_throw(const bf_policy *policy, const uint8_t hand[4], uint64_t known,
                          uint64_t previous, int draws_left, int cap);

#endif
