"""cffi build script (API mode, out-of-line) for badugi_fast._badugi; used by setup.py."""

import os
import sys

from cffi import FFI

CSRC = "csrc"  # setuptools builds from the project root; sources must be relative paths

ffibuilder = FFI()
# Constants come from badugi.h through "...", so C stays their single source.
ffibuilder.cdef(
    """
    #define BF_NUM_CARDS ...
    #define BF_NUM_HANDS ...
    #define BF_NUM_RANKS ...
    #define BF_KERNEL_SCALAR ...
    #define BF_KERNEL_AVX2 ...
    #define BF_KERNEL_AVX512 ...
    int bf_rank(int a, int b, int c, int d);
    int bf_describe(int a, int b, int c, int d);
    int32_t bf_parse_hand(const char *text, size_t len);
    int bf_rank_text(const char *text, size_t len);
    size_t bf_parse_hands(const char *text, size_t len, size_t rows, uint8_t *cards);
    size_t bf_parse_lines(const char *text, size_t len, size_t max_rows, uint8_t *cards,
                          size_t *stop);
    void bf_random_hands(uint64_t seed, uint64_t first_row, size_t n, uint8_t *cards);
    int bf_kernel_supported(int kernel);

    #define BF_MAX_SEATS ...
    #define BF_MAX_DEALT ...
    #define BF_SHARE_UNIT ...
    #define BF_DRAW_BAD_SPEC ...
    #define BF_DRAW_TOO_MANY ...
    #define BF_DRAW_STUB_SHORT ...
    typedef struct {
        int seats;
        int draws;
        int break_above;
        int first_throw;
        uint8_t caps[3];
        uint8_t hands[8][4];
        uint8_t random_seat[8];
        uint64_t dead;
    } bf_draw_spec;
    typedef struct {
        uint64_t trials;
        uint64_t share[8];
        uint64_t share_sq[8];
        uint64_t wins[8];
        uint64_t ties[8];
        uint64_t ranks[1093];
    } bf_draw_tally;
    typedef struct {
        uint64_t paths;
        uint64_t share_hi[8][97], share_lo[8][97];
        uint64_t wins_hi[8][97], wins_lo[8][97];
        uint64_t size_hi[5][97], size_lo[5][97];
        double ranks[1093];
    } bf_draw_exact;
    int bf_draw_simulate(const bf_draw_spec *spec, uint64_t seed, uint64_t first_trial,
                         uint64_t trials, bf_draw_tally *tally);
    int bf_draw_enumerate(const bf_draw_spec *spec, uint64_t max_paths, bf_draw_exact *exact);
    int bf_draw_first_throw(const bf_draw_spec *spec);
    double bf_draw_estimate_paths(const bf_draw_spec *spec, int probes, uint64_t seed);
    int bf_draw_keep(const uint8_t hand[4], uint64_t known, uint64_t previous);
    size_t bf_rank_batch_kernel(int kernel, const uint8_t *cards, size_t n, uint16_t *out);

    #define BF_GAME_MAX_STACK ...
    #define BF_GAME_MAX_BETS ...
    #define BF_GAME_CASINO ...
    #define BF_GAME_KOREAN ...
    #define BF_GAME_FIXED_LIMIT ...
    #define BF_GAME_POT_LIMIT ...
    #define BF_GAME_NO_LIMIT ...
    #define BF_GAME_BAD_SPEC ...
    typedef struct {
        int raise_top;
        int call_top;
        int draw_with;
    } bf_threshold_bot;
    typedef struct {
        int seats;
        int rules;
        int structure;
        int burn;
        int max_bets;
        int64_t small_bet, big_bet;
        int64_t small_blind, big_blind;
        int64_t ante, chip;
        uint8_t cutting[3];
        int64_t stacks[...];
        bf_threshold_bot bots[...];
        ...;
    } bf_game_spec;
    void bf_game_deck(uint64_t seed, uint64_t hand, uint8_t deck[52]);
    void bf_game_reshuffle(uint64_t seed, uint64_t hand, unsigned k, uint8_t *cards, size_t n);
    int bf_game_play(const bf_game_spec *spec, uint64_t seed, uint64_t first_hand,
                     uint64_t hands, int64_t *profit, uint8_t *final_hands);
    """
)
ffibuilder.set_source(
    "badugi_fast._badugi",
    '#include "badugi.h"\n#include "badugi_draw.h"\n#include "badugi_game.h"',
    sources=[
        os.path.join(CSRC, name)
        for name in (
            "badugi.c",
            "badugi_avx2.c",
            "badugi_avx512.c",
            "badugi_text.c",
            "badugi_random.c",
            "badugi_draw.c",
            "badugi_game.c",
            "badugi_table.c",
        )
    ],
    include_dirs=[CSRC],
    depends=[
        os.path.join(CSRC, name)
        for name in ("badugi.h", "badugi_kernels.h", "badugi_draw.h", "badugi_game.h")
    ],
    extra_compile_args=[] if sys.platform == "win32" else ["-O3"],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
