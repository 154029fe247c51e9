/* The blueprint's abstraction of heads-up fixed-limit Badugi (badugi_fast/blueprint/
 * abstraction.py is its Python reading, and docs/blueprint.md its justification): the private
 * bucket, the draw slots, the public index, the public betting a player keeps to find that
 * index (bf_bp_betting), and the lookup of a trained strategy (bf_bp_strategy). The trainer
 * (blueprint/train.h) and the seats that play a strategy in the hand loop and the batched
 * engine (blueprint/player.h) read the same numbers from here.
 *
 * An information set is a private bucket times BF_BP_PUBLIC plus a public index (bucket-major:
 * one hand's decisions of a round sit side by side in the tables); each holds BF_BP_SLOTS
 * action slots. Players: 0 is the big blind (left of the button, first to act after
 * each draw, first to draw), 1 the button (the small blind, first to act before the first draw).
 *
 * Private bucket: the hand's best badugi (the subset eval/badugi.h's bf_describe picks): its
 * size s, its top rank t and, for s >= 2, its second rank u (ranks 0 = ace .. 12 = king):
 *     s = 4: (t - 3)(t - 2)/2 + u - 2          t 3..12, u 2..t-1      0 .. 54
 *     s = 3: 55 + (t - 2)(t - 1)/2 + u - 1     t 2..12, u 1..t-1     55 .. 120
 *     s = 2: 121 + (t - 1)t/2 + u              t 1..12, u 0..t-1    121 .. 198
 *     s = 1: 199 + t                           t 0..12              199 .. 211
 * Draws left are known from the round, so the bucket does not repeat them.
 *
 * Public index, by decision:
 *   betting in round 0: the node (below), 0 .. 7;
 *   betting in round r >= 1: BET_OFFSET[r] + ((pot * 3 + aggressor) * 5 + opp_drew) * 10 + node;
 *   draw k = 1..3 (after betting round k - 1): DRAW_OFFSET[k] +
 *       ((pot * 3 + aggressor) * (k == 1 ? 1 : 5) + opp_before) * 6 + opp_now
 * where pot is each player's chips in at the round's start (the draw's: after the round before
 * it) in small bets, less one (0 .. 3 in round 1, 0 .. 7 in round 2, 0 .. 15 in round 3);
 * aggressor is who bet or raised last in the betting round before (0 nobody, 1 the player
 * deciding, 2 the opponent); opp_drew the cards the opponent threw at the last draw; opp_before
 * the cards it threw at the draw before this one (draws 2 and 3); opp_now 0 when the player
 * draws first, else 1 + the cards the opponent threw at this draw.
 *
 * A betting node is 2 * (bets - base) + flag: bets is the round's bets and raises (before the
 * first draw the big blind is the first: base 1; else base 0), flag 1 when the round opened with
 * a check (a limp before the first draw). The player to act is the round's opener (the button
 * before the first draw, the big blind after) when bets - base + flag is even. A round allows
 * a bet and three raises (cap_heads_up).
 *
 * Abstraction 2 (BF_BP_PUBLIC_2 public indices; buckets and slots as abstraction 1) also gives
 * each decision after the first draw the cards the deciding player threw at the last draw, in
 * three classes (mine: 0 stood pat, 1 one card, 2 two or more; bf_bp_mine), so that a player's
 * own line of draws, which the opponent reads, is not averaged away:
 *   betting in round r >= 1: BET_OFFSET_2[r] + (((pot * 3 + aggressor) * 5 + opp_drew) * 3
 *       + mine) * 10 + node;
 *   draw k = 1: as abstraction 1 from DRAW_OFFSET_2[1]; draw k = 2, 3: DRAW_OFFSET_2[k] +
 *       ((((pot * 3 + aggressor) * 5 + opp_before) * 3 + mine) * 6 + opp_now
 * (the offsets in abstraction.c). Abstraction 1 is this with mine always 0 and one class.
 *
 * Abstraction 3 (BF_BP_PUBLIC_3) is abstraction 2, and each betting decision of rounds 2 and 3
 * also sees the cards the opponent threw at the draw before its last one, in the same three
 * classes (opp_earlier; 0 elsewhere), so that an opponent pat since the first draw is not read
 * as one that made its hand at the second:
 *   betting in round r >= 1: BET_OFFSET_3[r] + ((((pot * 3 + aggressor) * 5 + opp_drew)
 *       * earliers + opp_earlier) * 3 + mine) * 10 + node, earliers 3 in rounds 2, 3, else 1;
 *   draws as abstraction 2 from DRAW_OFFSET_3[k].
 *
 * Slots: betting 0 fold, 1 check or call, 2 bet or raise; draws 0 stand pat, 1 throw every card
 * outside the badugi (s < 4 only), 2 also throw the badugi's top card (break it).
 */
#ifndef BADUGI_BLUEPRINT_ABSTRACTION_H
#define BADUGI_BLUEPRINT_ABSTRACTION_H

#include <stdint.h>

#define BF_BP_BUCKETS 212
#define BF_BP_SLOTS 3
#define BF_BP_PUBLIC 6440    /* abstraction 1 */
#define BF_BP_PUBLIC_2 19160 /* abstraction 2 */
#define BF_BP_PUBLIC_3 40760 /* abstraction 3 */
#define BF_BP_ABSTRACTIONS 3 /* abstractions 1 .. 3 */
#define BF_BP_INFOSETS (BF_BP_PUBLIC * BF_BP_BUCKETS) /* abstraction 1; any: bf_bp_infosets */
#define BF_BP_MAX_DRAWS 3
#define BF_BP_BAD (-1)
#define BF_BP_ONE 65535 /* a probability of 1 in a strategy's table */
#define BF_BP_FOLD_SLOT 0 /* betting slots */
#define BF_BP_PASSIVE 1
#define BF_BP_AGGRESSIVE 2
#define BF_BP_PAT 0 /* draw slots */
#define BF_BP_KEEP 1
#define BF_BP_BREAK 2
#define BF_BP_MAX_SMALL_BET (INT64_C(1) << 32)

/* Kinds of a decision's action (badugi_fast.game.actions.ActionKind's names) */
#define BF_BP_FOLD 0
#define BF_BP_CHECK 1
#define BF_BP_CALL 2
#define BF_BP_BET 3
#define BF_BP_RAISE 4
#define BF_BP_DRAW 5

/* The bucket of a hand of four distinct card ids (0 .. 51); BF_BP_BAD otherwise. */
int bf_bp_bucket(const uint8_t hand[4]);

/* The bucket, as bf_bp_bucket, and (thrown not NULL) what each draw slot throws, as
 * bf_bp_thrown. */
int bf_bp_hand(const uint8_t hand[4], int thrown[BF_BP_SLOTS]);

/* bf_bp_hand for n hands of 4 ids a row (row-major): buckets[i] and thrown[3 i .. 3 i + 2]
 * (-1 where bf_bp_hand gives BF_BP_BAD). Returns n when every row is a hand, else the index
 * of the first that is not (the rows before it written); BF_BP_BAD for NULL pointers or a
 * negative n. */
int64_t bf_bp_hands(const uint8_t *cards, int64_t n, int16_t *buckets, int8_t *thrown);

/* The positions (bit i: hand[i]) a draw slot throws (0, 1 or 2 as above); BF_BP_BAD for a bad
 * hand or slot, or slot 1 with a four-card badugi. */
int bf_bp_thrown(const uint8_t hand[4], int slot);

/* The number of public indices of an abstraction (1 .. BF_BP_ABSTRACTIONS), else BF_BP_BAD. */
int bf_bp_public_count(int abstraction);

/* The number of information sets of an abstraction (buckets times public indices), else
 * BF_BP_BAD. */
int64_t bf_bp_infosets(int abstraction);

/* The class of a draw of `count` cards (0 .. 4) that abstractions 2 and 3 read: 0 stood pat,
 * 1 one card, 2 two or more; BF_BP_BAD for another count. */
int bf_bp_mine(int count);

/* The public index of a betting decision in `round` (0 .. 3) at `node` in `abstraction`; the
 * history fields as above (ignored in round 0, where mine and opp_earlier are 0; mine is 0 in
 * abstraction 1, opp_earlier 0 outside rounds 2 and 3 of abstraction 3). BF_BP_BAD when a field
 * is out of range. */
int bf_bp_public_betting(int abstraction, int round, int node, int pot, int aggressor,
                         int opp_drew, int mine, int opp_earlier);

/* The public index of the decision at draw k (1 .. 3) in `abstraction` (mine 0 at the first
 * draw and in abstraction 1); BF_BP_BAD when a field is out of range. */
int bf_bp_public_draw(int abstraction, int k, int pot, int aggressor, int opp_before, int opp_now,
                      int mine);


/* Who bet or raised last (-1 nobody, else a player) as `me` reads it: 0 nobody, 1 me, 2 the
 * opponent. */
int bf_bp_relative(int who, int me);

/* The public index of `player`'s decision in `round` (0 .. 3) from the fields every reader of
 * a hand keeps (the history below, the trainer's state): the draw after the round when `draw`,
 * else betting node `node`; pot and aggressor (relative) as above; own[k] and theirs[k] the
 * cards the player and the opponent threw at draw k + 1. Which draws each decision sees is
 * decided here alone. BF_BP_BAD when a field is out of range. */
int bf_bp_public_of(int abstraction, int round, int draw, int node, int pot, int aggressor,
                    int player, const int8_t own[BF_BP_MAX_DRAWS],
                    const int8_t theirs[BF_BP_MAX_DRAWS]);

/* The public history of a hand as a player of the abstraction reads it (abstraction.py's
 * _PublicBetting): fed every event after the blinds, in order. Players as above (1: the button). */
typedef struct {
    int button;           /* the seat of player 1 */
    int round, bets, flag, drawers; /* bets: this round's; before the first draw the blind is 1 */
    int aggressor, last_aggressor;  /* who bet or raised last, this round and the one before */
    int64_t committed[2]; /* each player's chips in */
    int64_t round_end;    /* player 0's chips in when the last betting round ended */
    int8_t drew[2][BF_BP_MAX_DRAWS]; /* the cards each threw at each draw */
    int broken; /* an event the abstraction's game has not (an ante, a Korean action) */
} bf_bp_betting;

/* A new hand's history: the button's seat and each player's blind. */
void bf_bp_betting_start(bf_bp_betting *h, int button, int64_t blind0, int64_t blind1);
/* A betting action of `player`: BF_BP_CHECK .. BF_BP_RAISE below (any other kind breaks the
 * history), putting in `amount` chips. */
void bf_bp_betting_bet(bf_bp_betting *h, int player, int kind, int64_t amount);
/* `player` throws `count` cards. */
void bf_bp_betting_draw(bf_bp_betting *h, int player, int count);
/* The player to act in the betting round by the history (the round's opener when bets - base
 * + flag is even). */
int bf_bp_betting_actor(const bf_bp_betting *h);
/* The public index in `abstraction` of `player`'s decision now (draw 1 when draw 1, else
 * betting), with the chips in read in units of small_bet; BF_BP_BAD when a field is outside the
 * abstraction. */
int bf_bp_betting_public(const bf_bp_betting *h, int abstraction, int player, int draw,
                         int64_t small_bet);

/* A trained strategy as its seats read it (badugi_fast/blueprint/strategy.py's Blueprint):
 * per information set BF_BP_SLOTS probabilities in units of 1/BF_BP_ONE that sum to BF_BP_ONE,
 * or all zero where training never reached the set (played uniformly), for the real game (the
 * 52-card deck, three draws) under Rules(small_bet, cap_heads_up=True). The table must outlive
 * every call with a spec pointing here. */
typedef struct {
    const uint16_t *table; /* [table_len] */
    int64_t table_len;     /* bf_bp_infosets(abstraction) * BF_BP_SLOTS */
    int64_t small_bet;     /* even, 2 .. BF_BP_MAX_SMALL_BET */
    int abstraction;       /* 1 .. BF_BP_ABSTRACTIONS */
} bf_bp_strategy;

/* 1 when the strategy's fields are in range (its rows are checked as they are read). */
int bf_bp_strategy_valid(const bf_bp_strategy *strategy);

/* The probabilities of information set `infoset` over the slots of `legal` (bit per slot),
 * into probs[slot] (0 outside legal), as Blueprint.row gives them: each legal slot's weight
 * over the legal slots' total, uniform when that total is 0. Returns the legal slots' count, or
 * BF_BP_BAD for a set outside the table, no legal slot, or a row not summing to BF_BP_ONE or 0. */
int bf_bp_row(const bf_bp_strategy *strategy, int32_t infoset, int legal,
              double probs[BF_BP_SLOTS]);

#endif
