/* The batched engine (play/vector.h): tables of game/hand_state.h's state machine, actions
 * decoded from the indices of badugi_fast/game/vector/spec.py and observations encoded into it.
 * The Python reference (badugi_fast/game/vector/reference.py) is the specification; the tests
 * step both. */
#include "play/vector.h"
#include "game/hand_state.h"
#include "play/seats.h"
#include "eval/kernels.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define PREFETCH_AHEAD 4     /* tables ahead: their state arrives while these four are played */
#define DRAW_PREFETCH_AHEAD 8 /* rows ahead in bf_vector_bot_draws */

/* Row 0 of each field in the caller's buffer (play/vector.h's order) */
typedef struct {
    int8_t *cards;
    int8_t *seat, *phase, *draws_left, *cutting;
    int64_t *pot, *to_call, *raise_min, *raise_max, *bets;
    int64_t *stacks;
    int8_t *in_hand, *all_in;
    int64_t *round_bets;
    int8_t *position, *drawn;
    int64_t *bet_chips;
    int8_t *bet_raises, *discards, *action_mask;
    int64_t *chips;
    uint8_t *done;
    int64_t *hand;
} bf_vector_obs;

/* A table's action, checked by bf_vector_decode and played by bf_vector_apply */
typedef struct {
    int index;      /* the action index to play (the fallback's, when it replaced one), or -1 */
    int64_t amount; /* EXACT's chips */
} plan_t;

/* The choice each betting index stands for and the most an EXACT bet may put in, kept as the
 * observation is written so that decoding a bet does not work the options out again. */
typedef struct {
    bf_choice choice[BF_VEC_ACTIONS - BF_VEC_FOLD];
    int64_t most;
} betting_plan;

/* The action indices a hand took at a table, for its replay (bf_vector_finished_actions);
 * counts run past the capacities when a hand outgrows them (then it is not kept). */
typedef struct {
    uint8_t index[BF_VEC_LOG_ACTIONS];
    int64_t exact[BF_VEC_LOG_EXACT];
    int count, exact_count;
} hand_log;

struct bf_vector {
    bf_game_spec spec;
    uint64_t seed, first, table_step, hand_step; /* table t's hand h: first + t*ts + h*hs */
    uint64_t *begun; /* hands begun at each table */
    hand_log *log, *finished_log;
    int64_t tables;
    bf_hand_state *now, *finished; /* the hand in play; the last hand finished (for its view) */
    uint8_t *has_finished;
    plan_t *plan;
    uint32_t *legal; /* the legal indices of each table's seat to act, as last observed */
    betting_plan *bets; /* and, when it bets, the choice of each betting index (for decode) */
    int64_t offsets[BF_VEC_FIELDS];
    unsigned bots; /* seats the engine plays (play/seats.h), not the caller */
    /* With table or player seats: each table's scratch (hs->trace points into it), and the
     * first hand each table refused (refusal[t].reason 0: none) */
    uint8_t *scratch;
    size_t scratch_stride;
    bf_game_refusal *refusal;
};

static bf_seat_scratch *scratch_at(const bf_vector *v, int64_t t)
{
    return (bf_seat_scratch *)(void *)(v->scratch + (size_t)t * v->scratch_stride);
}

/* Table t deals hand `number` (its bots playing until a caller's seat must act), its table
 * bots' scratch made ready first and their refusal, if any, kept. */
static void deal(bf_vector *v, int64_t t, uint64_t number)
{
    bf_hand_state *table = &v->now[t];
    if (v->scratch) {
        bf_scratch_start(scratch_at(v, t), &v->spec, v->seed);
        table->trace = scratch_at(v, t)->actions;
    } else {
        table->trace = NULL;
    }
    table->trace_cap = 0;
    bf_seats_deal(table, &v->spec, v->seed, number, v->bots);
}

/* A refusal in table t's hand (number: the hand's), kept when it is the table's first. */
static void keep_refusal(bf_vector *v, int64_t t)
{
    const bf_seat_scratch *scratch = scratch_at(v, t);
    if (scratch->reason && !v->refusal[t].reason)
        v->refusal[t] = (bf_game_refusal){v->now[t].number, scratch->refused_seat, scratch->reason};
}

/* Each field's row size in bytes, in play/vector.h's order. */
static void row_bytes(int n, int64_t size[BF_VEC_FIELDS])
{
    int64_t sizes[BF_VEC_FIELDS] = {4, 1, 1, 1, 1, 8, 8, 8, 8, 8, 8 * n, n, n, 8 * n, n, 3 * n,
                                    32 * n, 4 * n, BF_NUM_CARDS, BF_VEC_ACTIONS, 8 * n, 1, 8};
    memcpy(size, sizes, sizeof sizes);
}

int64_t bf_vector_layout(int64_t tables, int seats, int64_t offsets[BF_VEC_FIELDS])
{
    int64_t size[BF_VEC_FIELDS], at = 0;
    if (tables < 1 || tables > BF_VEC_MAX_TABLES || seats < 2 || seats > BF_MAX_SEATS)
        return -1;
    row_bytes(seats, size);
    for (int f = 0; f < BF_VEC_FIELDS; f++) {
        offsets[f] = at;
        at += (size[f] * tables + 63) / 64 * 64;
    }
    return at;
}

static bf_vector_obs fields(const bf_vector *v, uint8_t *out)
{
    const int64_t *o = v->offsets;
    return (bf_vector_obs){
        (int8_t *)(out + o[0]), (int8_t *)(out + o[1]), (int8_t *)(out + o[2]),
        (int8_t *)(out + o[3]), (int8_t *)(out + o[4]), (int64_t *)(void *)(out + o[5]),
        (int64_t *)(void *)(out + o[6]), (int64_t *)(void *)(out + o[7]),
        (int64_t *)(void *)(out + o[8]), (int64_t *)(void *)(out + o[9]),
        (int64_t *)(void *)(out + o[10]), (int8_t *)(out + o[11]), (int8_t *)(out + o[12]),
        (int64_t *)(void *)(out + o[13]), (int8_t *)(out + o[14]), (int8_t *)(out + o[15]),
        (int64_t *)(void *)(out + o[16]), (int8_t *)(out + o[17]), (int8_t *)(out + o[18]),
        (int8_t *)(out + o[19]), (int64_t *)(void *)(out + o[20]), out + o[21],
        (int64_t *)(void *)(out + o[22])};
}

static uint32_t legal_now(const bf_hand_state *t, bf_options *o, bf_choice choices[]);
static uint32_t legal_and_plan(const bf_hand_state *t, betting_plan *bets);

static uint64_t hand_number(const bf_vector *v, int64_t t)
{
    return v->first + (uint64_t)t * v->table_step + v->begun[t] * v->hand_step;
}

bf_vector *bf_vector_new(const bf_game_spec *spec, uint64_t seed, uint64_t first_table,
                         int64_t tables, unsigned bots)
{
    if (!bf_seats_valid(spec) || tables < 1 || tables > BF_VEC_MAX_TABLES ||
        first_table > BF_VEC_MAX_FIRST_TABLE - (uint64_t)tables ||
        bots >= 1u << spec->seats || bots == (1u << spec->seats) - 1)
        return NULL;
    for (int p = 0; p < spec->seats; p++)
        if ((spec->round_seats[p] || spec->players[p]) && !(bots >> p & 1)) /* the engine's */
            return NULL;
    bf_vector *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    v->spec = *spec;
    v->seed = seed;
    v->first = first_table << BF_VEC_HAND_BITS;
    v->table_step = UINT64_C(1) << BF_VEC_HAND_BITS;
    v->hand_step = 1;
    v->tables = tables;
    v->now = calloc((size_t)tables, sizeof *v->now);
    v->finished = calloc((size_t)tables, sizeof *v->finished);
    v->has_finished = calloc((size_t)tables, 1);
    v->plan = calloc((size_t)tables, sizeof *v->plan);
    v->legal = calloc((size_t)tables, sizeof *v->legal);
    v->bets = calloc((size_t)tables, sizeof *v->bets);
    v->begun = calloc((size_t)tables, sizeof *v->begun);
    v->log = calloc((size_t)tables, sizeof *v->log);
    v->finished_log = calloc((size_t)tables, sizeof *v->finished_log);
    v->bots = bots;
    if (bf_needs_scratch(spec)) {
        v->scratch_stride = bf_scratch_bytes(spec, 0); /* a multiple of 8: each table's aligned */
        v->scratch = calloc((size_t)tables, v->scratch_stride);
        v->refusal = calloc((size_t)tables, sizeof *v->refusal);
        for (int64_t t = 0; v->scratch && t < tables; t++)
            bf_scratch_lay(scratch_at(v, t), &v->spec, 0);
    }
    bf_vector_layout(tables, spec->seats, v->offsets);
    if (!v->now || !v->finished || !v->has_finished || !v->plan || !v->legal || !v->bets ||
        !v->begun || !v->log || !v->finished_log ||
        (bf_needs_scratch(spec) && (!v->scratch || !v->refusal))) {
        bf_vector_free(v);
        return NULL;
    }
    bf_vector_restart(v, 0, tables, 1);
    return v;
}

void bf_vector_free(bf_vector *v)
{
    if (!v)
        return;
    free(v->now);
    free(v->finished);
    free(v->has_finished);
    free(v->plan);
    free(v->legal);
    free(v->bets);
    free(v->begun);
    free(v->log);
    free(v->finished_log);
    free(v->scratch);
    free(v->refusal);
    free(v);
}

int64_t bf_vector_tables(const bf_vector *v)
{
    return v->tables;
}

int bf_vector_number_hands(bf_vector *v, uint64_t first, uint64_t table_step, uint64_t hand_step)
{
    uint64_t limit = UINT64_C(1) << 54, last = (uint64_t)(v->tables - 1);
    if (first >= limit || table_step >= limit || hand_step == 0 || hand_step >= limit ||
        (table_step && last > (limit - 1 - first) / table_step))
        return -1;
    v->first = first, v->table_step = table_step, v->hand_step = hand_step;
    bf_vector_restart(v, 0, v->tables, 1);
    return 0;
}

void bf_vector_restart(bf_vector *v, int64_t lo, int64_t hi, int from_zero)
{
    for (int64_t t = lo; t < hi; t++) {
        bf_hand_state *table = &v->now[t];
        if (from_zero)
            v->has_finished[t] = v->begun[t] = 0;
        uint64_t number = hand_number(v, t);
        v->begun[t]++;
        v->log[t].count = v->log[t].exact_count = 0;
        if (v->refusal && from_zero)
            v->refusal[t].reason = 0;
        deal(v, t, number);
        if (v->scratch)
            keep_refusal(v, t);
        v->legal[t] = legal_and_plan(table, &v->bets[t]);
    }
}

/* ---- actions ---- */

/* The seat's cards sorted by id (the order discard masks and obs["cards"] use). */
static void sorted_hand(const bf_hand_state *t, int seat, uint8_t out[4])
{
    const uint8_t *h = t->hand[seat];
    unsigned a = h[0], b = h[1], c = h[2], d = h[3];
    BF_SORT4(a, b, c, d);
    out[0] = (uint8_t)a, out[1] = (uint8_t)b, out[2] = (uint8_t)c, out[3] = (uint8_t)d;
}

/* Every legal betting index of the seat to act with the choice it stands for (reference.Table.
 * _options): returns the mask of legal indices; EXACT stands for the least bet or raise. */
static uint32_t betting_choices(const bf_hand_state *t, int seat, const bf_options *o,
                                bf_choice out[BF_VEC_ACTIONS])
{
    uint32_t legal = 1u << BF_VEC_CHECK_CALL;
    if (t->spec->rules == BF_GAME_KOREAN) {
        static const int index[4] = {BF_VEC_TTADANG, BF_VEC_QUARTER, BF_VEC_HALF, BF_VEC_POT};
        static const int kinds[4] = {BF_ACT_TTADANG, BF_ACT_QUARTER, BF_ACT_HALF, BF_ACT_FULL};
        legal |= 1u << BF_VEC_FOLD;
        out[BF_VEC_FOLD] = (bf_choice){BF_ACT_FOLD, 0};
        out[BF_VEC_CHECK_CALL] = o->opens ? (bf_choice){BF_ACT_CHECK, 0}
                                          : (bf_choice){BF_ACT_CALL, o->call};
        if (o->opens) {
            legal |= 1u << BF_VEC_BET;
            out[BF_VEC_BET] = (bf_choice){BF_ACT_BBING, o->bbing};
        }
        for (int k = 0; k < 4; k++)
            if (o->korean[k]) {
                legal |= 1u << index[k];
                out[index[k]] = (bf_choice){kinds[k], o->korean[k]};
            }
        return legal;
    }
    if (o->to_call) {
        legal |= 1u << BF_VEC_FOLD;
        out[BF_VEC_FOLD] = (bf_choice){BF_ACT_FOLD, 0};
        out[BF_VEC_CHECK_CALL] = (bf_choice){BF_ACT_CALL, o->call};
    } else {
        out[BF_VEC_CHECK_CALL] = (bf_choice){BF_ACT_CHECK, 0};
    }
    if (!o->bet_kind)
        return legal;
    legal |= 1u << BF_VEC_BET;
    out[BF_VEC_BET] = (bf_choice){o->bet_kind, o->least};
    if (t->spec->structure == BF_GAME_FIXED_LIMIT)
        return legal;
    int64_t after_call = bf_state_pot(t) + o->to_call;
    int64_t sized[4] = {o->to_call + after_call / 4, o->to_call + after_call / 2,
                        o->to_call + after_call, t->stack[seat]};
    static const int index[4] = {BF_VEC_QUARTER, BF_VEC_HALF, BF_VEC_POT, BF_VEC_ALL_IN};
    for (int k = 0; k < 4; k++)
        if (o->least <= sized[k] && sized[k] <= o->most) {
            legal |= 1u << index[k];
            out[index[k]] = (bf_choice){o->bet_kind, sized[k]};
        }
    legal |= 1u << BF_VEC_EXACT;
    out[BF_VEC_EXACT] = (bf_choice){o->bet_kind, o->least};
    return legal;
}

/* The legal indices of the seat to act (none when the hand is over), with the options and
 * choices of a betting seat when o and choices are given. */
static uint32_t legal_now(const bf_hand_state *t, bf_options *o, bf_choice choices[])
{
    static const uint32_t draw_masks[5] = {0x1, 0x117, 0x177f, 0x7fff, 0xffff}; /* by cap */
    bf_options own;
    bf_choice own_choices[BF_VEC_ACTIONS];
    int seat = bf_state_actor(t);
    if (seat < 0)
        return 0;
    if (t->phase == BF_PHASE_DRAW)
        return draw_masks[bf_state_draw_cap(t)];
    o = o ? o : &own;
    bf_state_options(t, seat, o, 1);
    return betting_choices(t, seat, o, choices ? choices : own_choices);
}

/* Keep the choices of a betting seat's indices (from legal_now's options) in bets. */
static void keep_bets(const bf_options *o, const bf_choice choices[], betting_plan *bets)
{
    memcpy(bets->choice, choices + BF_VEC_FOLD, sizeof bets->choice);
    bets->most = o->most;
}

/* legal_now, the betting choices kept in bets. */
static uint32_t legal_and_plan(const bf_hand_state *t, betting_plan *bets)
{
    bf_options o;
    bf_choice choices[BF_VEC_ACTIONS];
    uint32_t legal = legal_now(t, &o, choices);
    if (legal && t->phase == BF_PHASE_BETTING)
        keep_bets(&o, choices, bets);
    return legal;
}

/* The status of one table's action: checked against the legal indices (and EXACT's chips
 * against the kept limits) alone, so that checking every table before any moves reads no
 * table's state (but for a fallback); bf_vector_apply works out what the index stands for. */
static int check_one(uint32_t legal, const betting_plan *bets, int64_t action, int64_t amount)
{
    if (action < 0 || action >= BF_VEC_ACTIONS)
        return BF_VEC_OUT_OF_RANGE;
    if (!(legal >> action & 1)) /* nothing is legal when no seat is to act */
        return BF_VEC_ILLEGAL;
    if (action == BF_VEC_EXACT && /* its kept choice puts in the least bet or raise */
        (amount < bets->choice[BF_VEC_EXACT - BF_VEC_FOLD].amount || amount > bets->most))
        return BF_VEC_BAD_AMOUNT;
    return BF_VEC_PLAYS;
}

/* Stand pat when drawing; else check (or call for nothing) when free, else fold. */
static int64_t fallback_action(const bf_hand_state *t)
{
    if (t->phase == BF_PHASE_DRAW)
        return 0;
    int seat = bf_state_actor(t);
    return t->current - t->round_bets[seat] == 0 ? BF_VEC_CHECK_CALL : BF_VEC_FOLD;
}

int64_t bf_vector_decode(bf_vector *v, const int64_t *actions, const int64_t *amounts,
                         int fallback, uint8_t *status)
{
    int64_t first_bad = -1;
    for (int64_t t = 0; t < v->tables; t++) {
        plan_t *plan = &v->plan[t];
        plan->index = -1;
        plan->amount = amounts ? amounts[t] : 0;
        if (actions[t] == BF_VEC_NO_ACTION) {
            status[t] = BF_VEC_WAITS;
            continue;
        }
        int code = check_one(v->legal[t], &v->bets[t], actions[t], plan->amount);
        status[t] = (uint8_t)code;
        if (code == BF_VEC_PLAYS) {
            plan->index = (int)actions[t];
            continue;
        }
        if (first_bad < 0)
            first_bad = t;
        int64_t instead = fallback && bf_state_actor(&v->now[t]) >= 0
                              ? fallback_action(&v->now[t]) : BF_VEC_NO_ACTION;
        if (instead >= 0 && v->legal[t] >> instead & 1) { /* always legal; checked all the same */
            plan->index = (int)instead;
            plan->amount = 0;
        }
    }
    return first_bad;
}

/* ---- observations ---- */

static void empty_row(int64_t r, int n, const bf_vector_obs *o)
{
    memset(o->cards + r * 4, -1, 4);
    o->seat[r] = o->phase[r] = o->draws_left[r] = o->cutting[r] = 0;
    o->pot[r] = o->to_call[r] = o->raise_min[r] = o->raise_max[r] = o->bets[r] = 0;
    memset(o->stacks + r * n, 0, sizeof *o->stacks * (size_t)n);
    memset(o->in_hand + r * n, 0, (size_t)n);
    memset(o->all_in + r * n, 0, (size_t)n);
    memset(o->round_bets + r * n, 0, sizeof *o->round_bets * (size_t)n);
    memset(o->position + r * n, 0, (size_t)n);
    memset(o->drawn + r * n * 3, -1, (size_t)n * 3);
    memset(o->bet_chips + r * 4 * n, 0, sizeof *o->bet_chips * 4 * (size_t)n);
    memset(o->bet_raises + r * 4 * n, 0, 4 * (size_t)n);
    memset(o->discards + r * BF_NUM_CARDS, 0, BF_NUM_CARDS);
    memset(o->action_mask + r * BF_VEC_ACTIONS, 0, BF_VEC_ACTIONS);
}

/* The legal indices of the seat to act, and raise_min / raise_max from their chips; returns
 * them. */
static uint32_t write_legal(const bf_hand_state *t, int64_t r, const bf_vector_obs *o,
                            betting_plan *bets)
{
    bf_options opt;
    bf_choice choices[BF_VEC_ACTIONS];
    uint32_t legal = legal_now(t, &opt, choices);
    int8_t *mask = o->action_mask + r * BF_VEC_ACTIONS;
    int64_t least = -1, most = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (int i = 0; i < 3; i++) { /* eight flags at a time: bit j of a byte to byte j */
        uint64_t bits = (legal >> 8 * i & 0xFF) * UINT64_C(0x0101010101010101);
        bits &= UINT64_C(0x8040201008040201);
        bits = (bits + UINT64_C(0x7F7F7F7F7F7F7F7F)) >> 7 & UINT64_C(0x0101010101010101);
        memcpy(mask + 8 * i, &bits, 8);
    }
#else
    for (int i = 0; i < 24; i++)
        mask[i] = (int8_t)(legal >> i & 1);
#endif
    mask[24] = (int8_t)(legal >> 24 & 1);
    for (int i = BF_VEC_BET; i < BF_VEC_ACTIONS && t->phase == BF_PHASE_BETTING; i++) {
        if (!(legal >> i & 1))
            continue;
        int64_t low = choices[i].amount, high = i == BF_VEC_EXACT ? opt.most : low;
        least = least < 0 || low < least ? low : least;
        most = high > most ? high : most;
    }
    o->raise_min[r] = least < 0 ? 0 : least;
    o->raise_max[r] = most;
    if (bets && t->phase == BF_PHASE_BETTING)
        keep_bets(&opt, choices, bets);
    return legal;
}

/* Row r: the hand as `seat` sees it (reference.Table._make_view, then spec.encode); returns
 * the legal indices when the seat is to act, else 0 (their betting choices go to bets, if
 * given). */
static uint32_t write_row(const bf_hand_state *t, int seat, int64_t r, int actor,
                          const bf_vector_obs *o, betting_plan *bets)
{
    int n = t->n, done = t->phase == BF_PHASE_DONE;
    int8_t *cards = o->cards + r * 4;
    if (t->folded[seat]) {
        memset(cards, -1, 4);
    } else {
        uint8_t sorted[4];
        sorted_hand(t, seat, sorted);
        for (int i = 0; i < 4; i++)
            cards[i] = (int8_t)sorted[i];
    }
    o->seat[r] = (int8_t)seat;
    o->phase[r] = (int8_t)t->phase;
    o->draws_left[r] = (int8_t)(done ? 0 : 3 - t->round_index);
    o->cutting[r] = (int8_t)(done || t->round_index >= 3 ? 0 : bf_state_draw_cap(t));
    o->pot[r] = bf_state_pot(t);
    o->to_call[r] = t->phase == BF_PHASE_BETTING ? t->current - t->round_bets[seat] : 0;
    o->bets[r] = t->phase == BF_PHASE_BETTING ? t->raises : 0;
    for (int k = 0, p = seat; k < n; k++, p = p + 1 == n ? 0 : p + 1) {
        int64_t i = r * n + k;
        o->stacks[i] = t->stack[p];
        o->in_hand[i] = (int8_t)!t->folded[p];
        o->all_in[i] = (int8_t)(!t->folded[p] && t->stack[p] == 0);
        o->round_bets[i] = t->round_bets[p];
        o->position[i] = (int8_t)(p >= t->button ? p - t->button : p - t->button + n);
        memcpy(o->drawn + i * 3, t->drawn[p], 3);
        for (int round = 0; round < BF_ROUNDS; round++) {
            o->bet_chips[(r * BF_ROUNDS + round) * n + k] = t->bet_chips[p][round];
            o->bet_raises[(r * BF_ROUNDS + round) * n + k] = (int8_t)t->bet_raises[p][round];
        }
    }
    int8_t *seen = o->discards + r * BF_NUM_CARDS;
    memset(seen, 0, BF_NUM_CARDS);
    for (uint64_t left = t->own_discards[seat]; left; left &= left - 1) /* the few thrown */
        seen[__builtin_ctzll(left)] = 1;
    if (actor == seat && !done)
        return write_legal(t, r, o, bets);
    memset(o->action_mask + r * BF_VEC_ACTIONS, 0, BF_VEC_ACTIONS);
    o->raise_min[r] = o->raise_max[r] = 0;
    return 0;
}

void bf_vector_observe(const bf_vector *v, int64_t lo, int64_t hi, const int64_t *seats,
                       int finished, uint8_t *out)
{
    int n = v->spec.seats;
    bf_vector_obs o = fields(v, out), *obs = &o;
    for (int64_t t = lo; t < hi; t++) {
        const bf_hand_state *table = finished ? &v->finished[t] : &v->now[t];
        int actor = bf_state_actor(table);
        int64_t seat = seats ? seats[t] : actor < 0 ? 0 : actor;
        if ((finished && !v->has_finished[t]) || seat < 0 || seat >= n)
            empty_row(t, n, obs);
        else
            write_row(table, (int)seat, t, actor, obs, NULL);
    }
}

static void log_action(hand_log *log, const plan_t *plan)
{
    if (log->count < BF_VEC_LOG_ACTIONS)
        log->index[log->count] = (uint8_t)plan->index;
    log->count += log->count <= BF_VEC_LOG_ACTIONS;
    if (plan->index != BF_VEC_EXACT)
        return;
    if (log->exact_count < BF_VEC_LOG_EXACT)
        log->exact[log->exact_count] = plan->amount;
    log->exact_count += log->exact_count <= BF_VEC_LOG_EXACT;
}

/* Plays a checked action index at table t: a discard mask throws those of the seat's cards
 * sorted by id (the highest ids first, as the bots throw), a betting index the choice kept
 * for it when the table was observed. */
static void play_index(bf_hand_state *t, int seat, const betting_plan *bets, const plan_t *plan)
{
    if (plan->index < BF_VEC_DISCARDS) { /* a drawing seat's legal indices are masks only */
        uint8_t cards[4], thrown[4];
        int count = 0;
        sorted_hand(t, seat, cards);
        for (int i = 3; i >= 0; i--)
            if (plan->index >> i & 1)
                thrown[count++] = cards[i];
        if (bf_needs_scratch(t->spec)) /* the seats that keep a scratch follow the draw */
            bf_seats_draw(t, seat, thrown, count);
        else
            bf_state_draw(t, seat, thrown, count);
        return;
    }
    bf_choice choice = bets->choice[plan->index - BF_VEC_FOLD];
    if (plan->index == BF_VEC_EXACT)
        choice.amount = plan->amount;
    if (bf_needs_scratch(t->spec)) /* the seats that keep a scratch follow the action */
        bf_seats_bet(t, seat, choice);
    else
        bf_state_bet(t, seat, choice);
}

/* Asks for table t's state ahead of its turn: the tables are visited in order, but each one's
 * state spans many cache lines, more streams than the hardware prefetcher follows. */
static inline void prefetch_table(const bf_vector *v, int64_t t)
{
#if defined(__GNUC__)
    const char *state = (const char *)&v->now[t];
    for (size_t at = 0; at < offsetof(bf_hand_state, deck); at += 64)
        __builtin_prefetch(state + at, 1);
    for (size_t at = 0; at < sizeof v->bets[t]; at += 64)
        __builtin_prefetch((const char *)&v->bets[t] + at);
#else
    (void)v, (void)t;
#endif
}

/* A hand's log copied out: how many actions, or -2 when the hand outgrew it. */
static int copy_log(const hand_log *log, uint8_t *indices, int64_t *exact)
{
    if (log->count > BF_VEC_LOG_ACTIONS || log->exact_count > BF_VEC_LOG_EXACT)
        return -2;
    memcpy(indices, log->index, (size_t)log->count);
    memcpy(exact, log->exact, sizeof *exact * (size_t)log->exact_count);
    return log->count;
}

int bf_vector_finished_actions(const bf_vector *v, int64_t t, uint64_t *number, uint8_t *indices,
                               int64_t *exact)
{
    if (t < 0 || t >= v->tables || !v->has_finished[t])
        return -1;
    *number = v->finished[t].number;
    return copy_log(&v->finished_log[t], indices, exact);
}

int bf_vector_current_actions(const bf_vector *v, int64_t t, uint64_t *number, uint8_t *indices,
                              int64_t *exact)
{
    if (t < 0 || t >= v->tables)
        return -1;
    *number = v->now[t].number;
    return copy_log(&v->log[t], indices, exact);
}

void bf_vector_apply(bf_vector *v, int64_t lo, int64_t hi, uint8_t *out)
{
    int n = v->spec.seats;
    bf_vector_obs o = fields(v, out), *obs = &o;
    int64_t *chips = o.chips, *hand = o.hand;
    uint8_t *done = o.done;
    for (int64_t t = lo; t < hi; t++) {
        bf_hand_state *table = &v->now[t];
        const plan_t *plan = &v->plan[t];
        if (t + PREFETCH_AHEAD < hi)
            prefetch_table(v, t + PREFETCH_AHEAD);
        memset(chips + t * n, 0, sizeof *chips * (size_t)n);
        done[t] = 0;
        hand[t] = -1;
        if (plan->index >= 0) {
            play_index(table, bf_state_actor(table), &v->bets[t], plan);
            log_action(&v->log[t], plan);
            bf_seats_advance(table);
            if (v->scratch)
                keep_refusal(v, t);
        }
        if (table->phase == BF_PHASE_DONE) {
            for (int p = 0; p < n; p++)
                chips[t * n + p] = table->stack[p] - v->spec.stacks[p];
            done[t] = 1;
            hand[t] = (int64_t)v->begun[t] - 1;
            /* what its view and replay read: the cards left in the deck are not */
            memcpy(&v->finished[t], table, offsetof(bf_hand_state, deck));
            v->finished_log[t] = v->log[t];
            v->log[t].count = v->log[t].exact_count = 0;
            v->has_finished[t] = 1;
            deal(v, t, hand_number(v, t));
            if (v->scratch)
                keep_refusal(v, t);
            v->begun[t]++;
        }
        int actor = bf_state_actor(table);
        v->legal[t] = write_row(table, actor < 0 ? 0 : actor, t, actor, obs, &v->bets[t]);
    }
}

int64_t bf_vector_refused(const bf_vector *v, bf_game_refusal *refusal)
{
    for (int64_t t = 0; v->refusal && t < v->tables; t++)
        if (v->refusal[t].reason) {
            *refusal = v->refusal[t];
            return t;
        }
    return -1;
}

/* Bit c set where flags[c] != 0, for the BF_NUM_CARDS flags of a row. */
static uint64_t nonzero_bits(const int8_t *flags)
{
    uint64_t bits = 0;
    int c = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; c + 8 <= BF_NUM_CARDS; c += 8) { /* eight flags at a time: byte j to bit j */
        uint64_t x, high = UINT64_C(0x8080808080808080), low = ~high;
        memcpy(&x, flags + c, 8);
        x = (((x & low) + low) | x) & high; /* the high bit of each nonzero byte */
        bits |= ((x >> 7) * UINT64_C(0x0102040810204080) >> 56) << c;
    }
#endif
    for (; c < BF_NUM_CARDS; c++)
        bits |= (uint64_t)(flags[c] != 0) << c;
    return bits;
}

/* Row r's four cards as ids; 0 when one is outside 0 .. 51. */
static int row_hand(const int8_t *cards, int64_t r, uint8_t hand[4])
{
    int valid = 1;
    for (int i = 0; i < 4; i++) {
        valid &= cards[r * 4 + i] >= 0 && cards[r * 4 + i] < BF_NUM_CARDS;
        hand[i] = (uint8_t)cards[r * 4 + i];
    }
    return valid;
}

void bf_vector_bot_draws(const bf_policy *policy, const int8_t *cards, const int8_t *discards,
                         const int8_t *cutting, const int8_t *draws_left, const int64_t *rows,
                         int64_t count, int64_t *actions)
{
    for (int64_t i = 0; i < count; i++) {
        int64_t r = rows ? rows[i] : i;
        uint8_t hand[4], ahead[4];
        /* The default policy's tables (1 MB) are out of cache between two steps of a batch */
        if (!policy && i + DRAW_PREFETCH_AHEAD < count &&
            row_hand(cards, rows ? rows[i + DRAW_PREFETCH_AHEAD] : i + DRAW_PREFETCH_AHEAD,
                     ahead))
            bf_draw_keep_prefetch(ahead);
        int valid = cutting[r] >= 0 && row_hand(cards, r, hand) && bf_hand_valid(hand);
        uint64_t known = nonzero_bits(discards + r * BF_NUM_CARDS);
        int thrown = !valid ? -1
                     : policy
                         ? bf_policy_table_throw(policy, hand, known, 0, draws_left[r], cutting[r])
                         : ~bf_draw_keep(hand, known, 0) & 0xF;
        int mask = 0, left = cutting[r];
        for (int k = 3; thrown >= 0 && k >= 0; k--) /* capped: the highest ids (positions) first */
            if (thrown >> k & 1 && left > 0) {
                mask |= 1 << k;
                left--;
            }
        actions[i] = thrown < 0 ? -1 : mask;
    }
}
