/* The blueprint's trainer: external-sampling Monte Carlo CFR (Lanctot et al., "Monte Carlo
 * Sampling for Regret Minimization in Extensive Games", 2009) over heads-up casino fixed limit
 * Badugi with the raise cap binding heads-up (a bet and three raises a round), played in the
 * abstraction of blueprint/abstraction.h, on the deck of the `ranks` lowest ranks and `suits`
 * first suits with `draws` draws (the OpenSpiel game "badugi"'s small decks; 13, 4, 3 is the
 * real game).
 *
 * The game. Blinds small_bet / 2 and small_bet, bets small_bet before the second draw and twice
 * that after; stacks never bind (the caller checks they cover four bets a round). The deck is
 * shuffled and dealt a card at a time, player 0 first; replacements come off the top of the
 * stub; a stub that runs out takes the discards so far, reshuffled (the drawer's own of this
 * draw join them only afterwards), and no draw may throw more than the cards outside the two
 * hands (decks of 8 to 11 cards), as the OpenSpiel game deals. Ties split the pot.
 *
 * Reproducible for a seed at any thread or worker count: iteration i deals from (seed, i)
 * alone and samples from its own stream; the strategy is the regret matching of `regret`, which
 * stays frozen while a batch runs; and every update is an int64 in fixed point (chips times
 * BF_BP_REGRET_ONE for regrets, probabilities times BF_BP_STRATEGY_ONE for the strategy sums),
 * added atomically into the batch's regret delta and the strategy sums: integer sums are exact
 * in any order, so any split of a batch's iterations over threads, processes or machines sums
 * to the same bits.
 *
 * The table: for information set i, BF_BP_ROW int64s from i * BF_BP_ROW: the regret of each
 * slot (read), the batch's regret delta of each slot, and the strategy sum of each slot (both
 * added to). One row is about a cache line, so a visit costs one miss, not three (the tables
 * are far larger than any cache, and the misses are what an iteration waits on).
 */
#ifndef BADUGI_BLUEPRINT_TRAIN_H
#define BADUGI_BLUEPRINT_TRAIN_H

#include "blueprint/abstraction.h"

#include <stddef.h>
#include <stdint.h>

#define BF_BP_ROW (3 * BF_BP_SLOTS)
#define BF_BP_REGRET_ONE 65536   /* one chip of regret */
#define BF_BP_STRATEGY_ONE 65536 /* probability 1 in a strategy sum */
#define BF_BP_SHORT (-2) /* replay: the slots ran out before the hand ended */

/* The game trained and the abstraction it is played in. */
typedef struct {
    int ranks, suits, draws; /* 1..13, 1..4 (at least 8 cards), 0..3 */
    int64_t small_bet;       /* 1 .. BF_BP_MAX_SMALL_BET */
    int abstraction;         /* 1 .. BF_BP_ABSTRACTIONS (blueprint/abstraction.h) */
} bf_bp_rules;

typedef struct {
    bf_bp_rules rules;
    uint64_t seed;
    int64_t *table; /* [bf_bp_table_len(rules.abstraction)]: rows of regret, regret delta,
                       strategy sum */
} bf_bp_trainer;

/* One decision of a replayed hand: who, where, what was allowed and what was done. */
typedef struct {
    int player;
    int32_t infoset; /* bucket * bf_bp_public_count(abstraction) + public index */
    int legal;       /* bit per slot */
    int slot, kind;
    int64_t amount;  /* betting: the chips put in; a draw: the cards thrown */
    int thrown;      /* a draw: the positions of the hand thrown (bit i: hand[i]) */
    uint8_t hand[4]; /* the player's hand as it decides */
} bf_bp_step;

/* The trainer's table length for an abstraction (BF_BP_ROW int64s an information set), else
 * BF_BP_BAD. */
int64_t bf_bp_table_len(int abstraction);

/* 1 when every field is in range. */
int bf_bp_rules_valid(const bf_bp_rules *rules);

/* Iterations first .. first + count - 1 (each: a deal, then a traversal for each player).
 * Returns 0, or BF_BP_BAD for bad rules or a NULL table. */
int bf_bp_iterate(const bf_bp_trainer *trainer, uint64_t first, uint64_t count);

/* Plays one hand from deck (every card of the rules' deck once, top first) by the slots chosen
 * in order, writing each decision to steps (room for n_slots) and each player's net chips to
 * net[2]; reshuffles (small decks) are shuffled from seed. Returns the decisions played,
 * BF_BP_SHORT when the slots run out first, or BF_BP_BAD for bad rules, a bad deck or a slot
 * not legal where it is played. */
int bf_bp_replay(const bf_bp_rules *rules, const uint8_t *deck, int n_cards, uint64_t seed,
                 const uint8_t *slots, int n_slots, bf_bp_step *steps, int64_t *net);

#endif
