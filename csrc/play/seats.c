/* The seats' decisions in the hand loop and the batched engine (play/seats.h): who decides for a
 * seat, the refusals, and the following of every action by the seats that keep a scratch. */
#include "play/seats.h"
#include "game/hand_state_inline.h"
#include "game/threshold.h"
#include "play/round_seats.h"

static int player_valid(const bf_seat_player *player)
{
    return player->state_size >= 0 && player->state_size <= BF_SEAT_STATE_MAX && player->start &&
           player->bet && player->draw && player->follow_bet && player->follow_draw;
}

int bf_seats_valid(const bf_game_spec *spec)
{
    if (!bf_game_spec_valid(spec))
        return 0;
    for (int p = 0; p < spec->seats; p++) {
        const bf_round_seat *round_seat = spec->round_seats[p];
        const bf_seat_player *player = spec->players[p];
        if ((player && (round_seat || !player_valid(player))) ||
            (round_seat && !bf_round_seat_valid(round_seat)))
            return 0;
    }
    return 1;
}

/* A refused decision: kept in the scratch (the first of the hand); the seat's threshold bot
 * plays it, and the caller discards the hand's chips. */
static void refuse(const bf_hand_state *hs, int seat, int reason)
{
    bf_seat_scratch *scratch = bf_scratch_of(hs);
    if (!scratch->reason)
        scratch->refused_seat = seat, scratch->reason = reason;
}

/* Every seat that keeps a scratch follows a bet: the players' states and, in the last round,
 * the round seats' nodes. */
static void follow_bet(const bf_hand_state *hs, int seat, bf_choice choice)
{
    const bf_game_spec *spec = hs->spec;
    bf_seat_scratch *scratch = bf_scratch_of(hs);
    for (int p = 0; p < hs->n; p++)
        if (spec->players[p])
            spec->players[p]->follow_bet(spec->players[p], scratch->state[p], hs, seat, choice);
    if (hs->round_index == BF_ROUNDS - 1)
        bf_round_seats_follow(hs, seat, choice);
}

/* And a draw of `count` cards: Game's burn card, if this is the draw's first replacement. */
static void follow_draw(const bf_hand_state *hs, int seat, int count)
{
    const bf_game_spec *spec = hs->spec;
    bf_seat_scratch *scratch = bf_scratch_of(hs);
    if (count && hs->burn_due) /* Game records a burn */
        scratch->burns++;
    for (int p = 0; p < hs->n; p++)
        if (spec->players[p])
            spec->players[p]->follow_draw(spec->players[p], scratch->state[p], hs, seat, count);
}

/* A bot seat's betting choice: its threshold bot's, but in the last round a round seat's, and
 * in every round a player seat's; a decision these refuse is the table's `otherwise` bot's, or
 * a refusal kept and the threshold bot's. */
static bf_choice seat_choice(bf_hand_state *hs, int seat)
{
    const bf_game_spec *spec = hs->spec;
    const bf_round_seat *round_seat = spec->round_seats[seat];
    const bf_seat_player *player = spec->players[seat];
    bf_choice choice;
    int reason = -1; /* -1: a decision of the seat's threshold bot */
    if (player)
        reason = player->bet(player, bf_scratch_of(hs)->state[seat], hs, seat, &choice);
    else if (round_seat && hs->round_index == BF_ROUNDS - 1)
        reason = bf_round_decide(hs, seat, round_seat->table, &choice);
    if (reason > 0 && round_seat && round_seat->has_otherwise) {
        choice = bf_threshold_choice(hs, seat, &round_seat->otherwise);
    } else if (reason) {
        if (reason > 0)
            refuse(hs, seat, reason);
        choice = bf_threshold_choice(hs, seat, &spec->bots[seat]);
    }
    return choice;
}

/* The cards of a discard mask, the highest ids first, at most the draw's cutting limit; their
 * count. */
static int thrown_cards(const bf_hand_state *hs, int seat, int thrown_at, uint8_t thrown[4])
{
    int count = 0;
    for (int i = 0; i < 4; i++)
        if (thrown_at >> i & 1)
            thrown[count++] = hs->hand[seat][i];
    for (int i = 1; i < count; i++) /* insertion sort, descending */
        for (int j = i; j > 0 && thrown[j] > thrown[j - 1]; j--) {
            uint8_t c = thrown[j];
            thrown[j] = thrown[j - 1];
            thrown[j - 1] = c;
        }
    int cap = bf_state_draw_cap(hs);
    return count > cap ? cap : count;
}

/* A bot seat's draw: its threshold bot's, or a player seat's (else a refusal kept, the
 * threshold bot drawing); the seats that keep a scratch follow it (scratched 1). */
static void seat_draws(bf_hand_state *hs, int seat, int scratched)
{
    const bf_seat_player *player = hs->spec->players[seat];
    int thrown_at = 0, reason = -1;
    if (player)
        reason = player->draw(player, bf_scratch_of(hs)->state[seat], hs, seat, &thrown_at);
    if (reason) {
        if (reason > 0)
            refuse(hs, seat, reason);
        thrown_at = bf_threshold_draws(hs, seat, &hs->spec->bots[seat]);
    }
    uint8_t thrown[4];
    int count = thrown_cards(hs, seat, thrown_at, thrown);
    if (scratched)
        follow_draw(hs, seat, count);
    bf_step_draw(hs, seat, thrown, count);
}

void bf_seats_advance(bf_hand_state *hs)
{
    int scratched = bf_needs_scratch(hs->spec); /* else threshold bots only: the closed loop */
    for (;;) {
        bf_step_advance(hs);
        int seat = bf_state_actor(hs);
        if (seat < 0 || !(hs->bots >> seat & 1))
            return;
        if (hs->phase == BF_PHASE_DRAW) {
            seat_draws(hs, seat, scratched);
        } else if (!scratched) {
            bf_step_bet(hs, seat, bf_threshold_choice(hs, seat, &hs->spec->bots[seat]));
        } else {
            bf_choice choice = seat_choice(hs, seat);
            follow_bet(hs, seat, choice);
            bf_step_bet(hs, seat, choice);
        }
    }
}

void bf_seats_deal(bf_hand_state *hs, const bf_game_spec *spec, uint64_t seed, uint64_t number,
                   unsigned bots)
{
    bf_state_deal(hs, spec, seed, number, bots);
    bf_seats_advance(hs);
}

void bf_seats_bet(bf_hand_state *hs, int seat, bf_choice choice)
{
    follow_bet(hs, seat, choice);
    bf_state_bet(hs, seat, choice);
}

void bf_seats_draw(bf_hand_state *hs, int seat, const uint8_t *thrown, int count)
{
    follow_draw(hs, seat, count);
    bf_state_draw(hs, seat, thrown, count);
}
