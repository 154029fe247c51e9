/* What the stages of the history reader share: internal to the C core (no cdef; Python calls
 * notation/history.h). Each stage names the Python it mirrors (badugi_fast/game/histories/:
 * reader.py, pokerstars.py, lines.py, model.py, replay.py, summary.py; game/phh/write.py),
 * which stays the specification: where a stage is unsure it gives the hand back to Python
 * (returns 0, "bail"), never guesses. bf_history_scan runs them hand by hand:
 *   1. reader.c: the text cut into hands at each line that begins one, every line's bytes
 *      checked (histories/reader.py, detect.py);
 *   2. pokerstars.c: the header line, then each line into the hand's record (rec_t), its kind
 *      and captures found by pokerstars_patterns.c, its amounts, cards and game name read by
 *      lines.c (histories/pokerstars.py, lines.py, model.py);
 *   3. replay.c: the record replayed over the C hand state (game/hand_state.h) and checked, a
 *      step at a time in replay_steps.c, the showdown and the labels in showdown.c, the PHH
 *      text written through phh_write.c, the row's fields filled (histories/replay.py,
 *      game/phh/write.py);
 *   4. summary.c: what the hand adds to each player's summary, into its row
 *      (histories/summary.py).
 * Functions shared between the stages start with bf_hist_ (every symbol of the core starts
 * with bf_), but for the byte tests below, static inline; what one file alone uses stays
 * static there.
 */
#ifndef BADUGI_NOTATION_HISTORY_INTERNAL_H
#define BADUGI_NOTATION_HISTORY_INTERNAL_H

#include "notation/history.h"
#include "game/hand_state.h"
#include "eval/badugi.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* -- the hand's record (stage 2 writes it, stages 3 and 4 read it) --------------------------- */

#define MAX_POSTS 32
#define HIDDEN_BASE 52 /* our ids of unknown cards: 52 + their place in the deck */
#define MAX_AMOUNT (INT64_C(1) << 40)
#define TRACE_CAP 1024

typedef struct {
    const char *s;
    int n;
} span;

enum { S_FOLD, S_CHECK, S_CALL, S_BET, S_RAISE, S_DRAW };
enum { P_SMALL, P_BIG, P_ANTE };

typedef struct {
    int kind, seat, round;
    int64_t amount;
    int total; /* amount is the round's total (raises to) */
    int count;
    int has_cards, ncards; /* the discards named ([..] present; stands pat: none) */
    uint8_t cards[4];
    int has_received, has_kept, nkept;
    uint8_t received[4], kept[4];
} step_t;

typedef struct {
    span id, first, cur, table, date, time, tz, tournament;
    int scale, structure, seat_count; /* seat_count -1: not given */
    int64_t small_bet, big_bet, button; /* button -1: not given */
    int n, acting;                      /* acting: a line other than the table's was read */
    int64_t number[BF_MAX_SEATS], stack[BF_MAX_SEATS];
    span name[BF_MAX_SEATS];
    int order[BF_MAX_SEATS];   /* the seat line's place among the seat lines */
    int part[BF_MAX_SEATS];    /* a line of the hand names the seat (table_setup.dealt_in) */
    int sitting[BF_MAX_SEATS]; /* a notice marks it sitting out: dealt in only if it takes part */
    int nout, seat_lines;      /* seats listed "is sitting out", not yet named by a line */
    int64_t out_number[BF_MAX_SEATS], out_stack[BF_MAX_SEATS];
    span out_name[BF_MAX_SEATS];
    int out_order[BF_MAX_SEATS];
    int nposts;
    struct {
        int seat, kind;
        int64_t amount;
    } posts[MAX_POSTS];
    int nsteps;
    int hero;
    uint8_t hero_cards[4];
    int shown[BF_MAX_SEATS];
    uint8_t shown_cards[BF_MAX_SEATS][4];
    int nlabels, label_seat[BF_MAX_SEATS];
    span label[BF_MAX_SEATS];
    int nwon, won_seat[BF_MAX_SEATS];
    int64_t collected[BF_MAX_SEATS], returned[BF_MAX_SEATS];
    int mucked[BF_MAX_SEATS]; /* conceded at the showdown: never ranked a winner */
    int has_total;
    int64_t total_pot, rake;
    int round;
    step_t steps[BF_HISTORY_MAX_STEPS]; /* last: a new hand clears what is before it */
} rec_t;

/* -- text ------------------------------------------------------------------------------------ */

/* The byte tests of every stage: static inline, as the patterns make them at each place of a
 * line (out of line, is_amount_text alone cost the reader 1% more instructions). */

static inline int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static inline int has(const char *s, int n, int at, const char *lit)
{
    int k = (int)strlen(lit);
    return at >= 0 && at + k <= n && memcmp(s + at, lit, (size_t)k) == 0;
}

static inline span sp(const char *s, int n)
{
    span r = {s, n};
    return r;
}

static inline int is_ascii(span t)
{
    for (int i = 0; i < t.n; i++)
        if ((unsigned char)t.s[i] >= 0x80)
            return 0;
    return 1;
}

/* _A = \$?[0-9][0-9,]*(?:\.[0-9]{1,2})? matching all of s[0 .. n) */
static inline int is_amount_text(const char *s, int n)
{
    int i = 0;
    if (i < n && s[i] == '$')
        i++;
    if (i >= n || !is_digit(s[i]))
        return 0;
    for (i++; i < n && (is_digit(s[i]) || s[i] == ','); i++)
        ;
    if (i == n)
        return 1;
    if (s[i] != '.')
        return 0;
    int d = 0;
    for (i++; i < n && is_digit(s[i]) && d < 2; i++)
        d++;
    return d >= 1 && i == n;
}

/* the end of a run of amount characters from `at` (an _A is followed by a space, '/' or ')') */
static inline int amount_run(const char *s, int n, int at)
{
    while (at < n && (is_digit(s[at]) || s[at] == ',' || s[at] == '.' || s[at] == '$'))
        at++;
    return at;
}

/* -- lines.c: amounts, cards, game names ----------------------------------------------------- */

extern const char bf_hist_ranks[]; /* "A23456789TJQK": a card id's rank letter is [id / 4] */
extern const char bf_hist_suits[]; /* "cdhs": its suit letter [id % 4] */

/* model.amount of s[0 .. n) at `scale` (100: cents, 1: whole chips); 0: not an amount here */
int bf_hist_amount_of(const char *s, int n, int scale, int64_t *value);
/* a run of at most 9 digits, as a number */
int bf_hist_small_number(const char *s, int n, int64_t *value);
/* s[0 .. n) is one or more digits */
int bf_hist_all_digits(const char *s, int n);
/* lines.cards: at most `most` space-separated cards, none twice, into out; 0: not so */
int bf_hist_read_cards(const char *s, int n, uint8_t *out, int most, int *count);
/* lines.structure_of an ASCII game name (BF_GAME_FIXED_LIMIT ...); 0: not a Badugi we read */
int bf_hist_structure_of(const char *s, int n, int *structure);

/* -- pokerstars_patterns.c: each line's pattern and its captures ----------------------------- */

/* The kinds of line (in the Python table's order) */
enum {
    L_NONE, L_FOLD, L_CHECK, L_CALL, L_BET, L_RAISE, L_DISCARD, L_PAT, L_DEALT, L_SHOWS, L_MUCKS,
    L_COLLECTED, L_RETURNED, L_STREET, L_TABLE, L_SEAT, L_POST, L_TOTAL, L_SUMMARY_SEAT, L_NOISE
};

typedef struct {
    span name, a, b, c; /* captures, by kind */
    int64_t x, y;       /* numbers (kind, seat, count, max, button) */
    int flag;
} cap_t;

/* Each matches the whole line s[0 .. n) as its Python pattern would (1), filling c's captures;
 * table_line and seat_line give -1 for a line Python reads with a number too long for us. */
int bf_hist_name_suffix(int kind, const char *s, int n, cap_t *c); /* after "NAME: " */
int bf_hist_dealt_line(const char *s, int n, cap_t *c);
int bf_hist_collected_line(const char *s, int n, cap_t *c);
int bf_hist_returned_line(const char *s, int n, cap_t *c);
int bf_hist_street_line(const char *s, int n, cap_t *c);
int bf_hist_table_line(const char *s, int n, cap_t *c);
int bf_hist_seat_line(const char *s, int n, cap_t *c);
int bf_hist_total_line(const char *s, int n, cap_t *c);
int bf_hist_noise_line(const char *s, int n); /* pokerstars.NOISE (no captures) */
/* "NAME is sitting out", "NAME: sits out" (PokerStars.sits_out): the name, or 0 */
int bf_hist_sits_out_line(const char *s, int n, span *name);

/* -- pokerstars.c: the header, each line's kind, the lines into the record ------------------- */

/* The hand's first line (PokerStars.header) into r; 0: Python's. */
int bf_hist_header(const char *s, int n, rec_t *r);
/* One line of the hand into the record; 0: give the hand to Python. */
int bf_hist_read_line(rec_t *r, const char *s, int n);

/* -- phh_write.c: the PHH text --------------------------------------------------------------- */

typedef struct {
    char *p;
    int64_t n, cap; /* bytes */
    int64_t chars;  /* characters (UTF-8): what the row's places count */
    int ok;
} out_t;

/* The bytes' writer, static inline: most writes are a few bytes of a string literal, whose
 * length and characters the compiler then knows (out of line, these cost the reader 7% more
 * instructions). */
static inline int64_t bf_hist_chars_in(const char *s, int64_t n) /* UTF-8 characters */
{
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++)
        k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

static inline void bf_hist_put(out_t *o, const char *s, int64_t n)
{
    if (!o->ok || n > o->cap - o->n) {
        o->ok = 0;
        return;
    }
    memcpy(o->p + o->n, s, (size_t)n);
    o->n += n;
    o->chars += bf_hist_chars_in(s, n);
}

static inline void bf_hist_put_s(out_t *o, const char *s)
{
    bf_hist_put(o, s, (int64_t)strlen(s));
}

void bf_hist_put_int(out_t *o, int64_t v);
void bf_hist_put_str(out_t *o, span s);                     /* a TOML string */
void bf_hist_put_ints(out_t *o, const int64_t *v, int n);   /* a TOML list of numbers */
void bf_hist_put_digits(out_t *o, span d);                  /* int(digits) */
void bf_hist_put_card(out_t *o, uint8_t c);                 /* "As", or "??" for a hidden card */

/* -- the replay: replay.c, replay_steps.c, showdown.c, summary.c ----------------------------- */

typedef struct {
    rec_t *r;
    out_t *o;
    int n, button, order[BF_MAX_SEATS], number[BF_MAX_SEATS];
    uint8_t hand[BF_MAX_SEATS][4];
    int next_hidden;
    int64_t wbets[BF_MAX_SEATS]; /* _ActionWriter.round_bets */
    int npend, pend_seat[BF_MAX_SEATS], pend_count[BF_MAX_SEATS];
    uint8_t pend_cards[BF_MAX_SEATS][4];
    int aggressor; /* the last to bet or raise in the last round */
    int at_showdown;                     /* the showdown wrote a line (a SHOW or MUCK event) */
    int show_event[BF_MAX_SEATS];        /* the seat's SHOW event (the summary's snow) */
    uint8_t show_cards[BF_MAX_SEATS][4]; /* and the cards it showed */
    bf_game_spec spec;
    bf_hand_state hs;
    bf_game_action trace[TRACE_CAP];
} replay_t;

/* replay.c: the row's text fields and the PHH text of a read hand; 0: Python's to import. */
int bf_hist_import_hand(rec_t *r, replay_t *x, out_t *o, int64_t first_line, int64_t *row);

/* replay_steps.c */
void bf_hist_line_start(replay_t *x, int seat);  /* a PHH action line's start: "  \"pN" */
void bf_hist_flush_draws(replay_t *x);           /* a draw's "d dh" lines (end_draw) */
int bf_hist_in_set(const uint8_t *cards, int n, uint8_t c); /* c among cards[0 .. n) */
int bf_hist_bet_step(replay_t *x, const step_t *st);  /* one bet, checked and written; 0: not */
int bf_hist_draw_step(replay_t *x, const step_t *st); /* one draw, checked and written; 0: not */

/* showdown.c */
/* Stand-in cards at the last draw's end, ranking as the Python replay ranks; 0: they could tie
 * where the Python ranks do not. */
int bf_hist_stand_ins(replay_t *x);
/* The SHOW and MUCK lines of the showdown over `committed`; 0: Python's. */
int bf_hist_showdown_lines(replay_t *x, const int64_t *committed);
/* The room's label is what describe() calls the cards. */
int bf_hist_label_agrees(span label, const uint8_t *cards);

/* summary.c: the seat figures into the row (BF_HR_FIGURES) */
void bf_hist_seat_figures(const replay_t *x, const int64_t won[], int64_t *row);

#endif
