/* PokerStars Badugi histories read in C: the fast path of badugi_fast/game/histories (its
 * Python importer is the specification). bf_history_scan cuts a file's text into hands at each
 * line that begins one ("PokerStars Game #" or "PokerStars Hand #"), reads every line of a hand
 * as the Python reader's patterns do, replays it over the C hand state (game/hand_state.c: the
 * rules of the hand loop), with every action and amount checked, and writes its PHH text.
 * What Python calls (notation/history.cdef); the reader's stages, a file each in
 * csrc/notation/, share notation/history_internal.h, which lists them in order.
 *
 * The text is untrusted: every read is bounded by `len`. A hand is imported here only when
 * nothing about it is unusual: a line the reader does not know, a problem of any kind, a
 * control character or bytes that are not UTF-8, a game name or label outside ASCII, a line
 * longer than BF_HISTORY_MAX_LINE, more seats or steps than the arrays hold, a showdown whose
 * stand-in ranks might tie where the Python replay's do not... Any of these gives the hand back
 * (BF_HISTORY_PYTHON) for the Python importer to import or to report, as it alone words the
 * problems.
 *
 * Stand-in ranks: a hand never shown is ranked at showdown as the Python replay ranks it (an
 * unshown winner beats every shown hand, any other unknown hand loses to them) by four cards
 * that rank so: A-2-3-4 of four suits (the best rank) and four kings (the worst), used only when
 * no shown hand holds that same rank.
 */
#ifndef BADUGI_NOTATION_HISTORY_H
#define BADUGI_NOTATION_HISTORY_H

#include <stdint.h>

#include "game/spec.h"

#define BF_HISTORY_OK 0     /* row: the hand imported here */
#define BF_HISTORY_PYTHON 1 /* row: the hand for the Python importer (a problem, or unusual) */

#define BF_HISTORY_DONE 0   /* every hand of the text is in a row (the text was final) */
#define BF_HISTORY_MORE 1   /* the hand from `consumed` on may go on: call again with more text */
#define BF_HISTORY_FULL 2   /* rows or out are full: call again from `consumed` */
#define BF_HISTORY_REST 3   /* the hand from `consumed` is too long to read here: the rest of
                             * the file goes to the Python reader */
#define BF_HISTORY_BAD_ARGS (-1)

#define BF_HISTORY_MAX_LINE 512    /* bytes: longer lines go to Python */
#define BF_HISTORY_MAX_LINES 2000  /* lines of a hand (reader.MAX_HAND_LINES) */
#define BF_HISTORY_MAX_STEPS 400   /* actions and draws of a hand read here */
#define BF_HISTORY_OUT_MIN 65536   /* `out` holds at least this: a hand's text and PHH fit */

/* A row of BF_HISTORY_ROW int64s per hand, at these places (offsets into `out` and lengths in
 * characters: out is UTF-8): */
#define BF_HISTORY_ROW 130
#define BF_HR_STATUS 0    /* BF_HISTORY_OK or BF_HISTORY_PYTHON */
#define BF_HR_BEGIN 1     /* the hand's bytes in the text: begin .. end */
#define BF_HR_END 2
#define BF_HR_LINE 3      /* the line number of its first line */
#define BF_HR_PHH 4       /* then (OK rows only): the PHH text up to _source_file (offset, length) */
#define BF_HR_PHH_TAIL 6  /* the PHH text after _source_file (offset, length) */
#define BF_HR_ID 8        /* the hand id (offset, length) */
#define BF_HR_CURRENCY 10 /* the currency (offset, length; length 0: chips, a tournament) */
#define BF_HR_RAKE 12
#define BF_HR_BIG_BLIND 13 /* the big blind, or the ante without blinds */
#define BF_HR_SEATS 14     /* seats dealt in, then per seat: number, name (offset, length), stack */
#define BF_HR_SEAT 15
#define BF_HR_WON 47       /* seats that collected, then (seat index, amount) in the file's order */
#define BF_HR_LABELS 64    /* labels, then (seat index, offset, length) in the file's order */
#define BF_HR_FIGURES 90   /* per seat (index order), what the hand adds to its player's
                            * summary (histories/summary.py's SeatFigures): net chips, flags,
                            * then the cards drawn at each draw (-1: no draw) */
#define BF_HR_FIGURE_WIDTH 5
#define BF_HF_VOLUNTARY 1 /* the flags: called, bet or raised before the first draw */
#define BF_HF_RAISED 2    /* bet or raised before the first draw */
#define BF_HF_SAW_DRAW 4  /* did not fold before the first draw */
#define BF_HF_SHOWDOWN 8  /* still in at a showdown */
#define BF_HF_WON 16      /* the replay awarded it chips */
#define BF_HF_SNOWED 32   /* showed a hand of fewer than four cards, pat at the last draw */

/* What a scan did: `consumed` bytes of text are in rows (or, for BF_HISTORY_REST, read up to
 * the hand the Python reader goes on from), `line` is the line number there. */
typedef struct {
    int64_t consumed, line, rows, out_len;
} bf_history_progress;

/* Reads the hands of text[0 .. len), which begins with a hand's first line numbered
 * `first_line` (or, when not `final`, with fewer bytes of one than tell it); `final` says the
 * text is the rest of the file. Writes at most max_rows rows and out_cap (at least
 * BF_HISTORY_OUT_MIN) bytes of out. Returns BF_HISTORY_DONE, _MORE, _FULL or _REST, or
 * BF_HISTORY_BAD_ARGS (a NULL pointer, a negative size, text that does not begin with a
 * hand). */
int bf_history_scan(const char *text, int64_t len, int final, int64_t first_line,
                    int64_t *rows, int64_t max_rows, char *out, int64_t out_cap,
                    bf_history_progress *progress);

#endif
