/* Stage 4 of the history reader (the pipeline: notation/history_internal.h): what a replayed
 * hand adds to each player's summary, into the hand's row (BF_HR_FIGURES), as
 * badugi_fast/game/histories/summary.py's seat_figures reads it from the replayed Game and the
 * record. replay.c calls it last. */
#include "notation/history_internal.h"

/* What the hand adds to each player's summary, as histories/summary.py's seat_figures reads
 * it from the replayed Game and the record. */
void bf_hist_seat_figures(const replay_t *x, const int64_t won[], int64_t *row)
{
    const rec_t *r = x->r;
    for (int p = 0; p < r->n; p++) {
        int64_t *f = row + BF_HR_FIGURES + BF_HR_FIGURE_WIDTH * p, flags = 0;
        f[0] = r->collected[p] + r->returned[p] - (r->stack[p] - x->hs.stack[p] + won[p]);
        f[2] = f[3] = f[4] = -1;
        int folded_first = 0, last_draw = -1;
        for (int s = 0; s < r->nsteps; s++) {
            const step_t *st = &r->steps[s];
            if (st->seat != p)
                continue;
            if (st->kind == S_DRAW) {
                if (st->round >= 1 && st->round <= 3) /* always: draws follow a draw's header */
                    f[1 + st->round] = st->count;
                last_draw = s;
            } else if (st->round == 0) {
                flags |= st->kind == S_CALL || st->kind == S_BET || st->kind == S_RAISE
                             ? BF_HF_VOLUNTARY
                             : 0;
                flags |= st->kind == S_BET || st->kind == S_RAISE ? BF_HF_RAISED : 0;
                folded_first |= st->kind == S_FOLD;
            }
        }
        flags |= folded_first ? 0 : BF_HF_SAW_DRAW;
        flags |= x->at_showdown && !x->hs.folded[p] ? BF_HF_SHOWDOWN : 0;
        flags |= won[p] > 0 ? BF_HF_WON : 0;
        if (x->show_event[p] && last_draw >= 0 && r->steps[last_draw].count == 0 &&
            r->steps[last_draw].round == 3) {
            const uint8_t *c = x->show_cards[p];
            int mask = bf_describe(c[0], c[1], c[2], c[3]) >> 16;
            flags |= __builtin_popcount((unsigned)mask) < 4 ? BF_HF_SNOWED : 0;
        }
        f[1] = flags;
    }
}
