# Types of the cffi extension built from csrc/ by csrc/build_ffi.py.
from typing import Any

ffi: Any

class _Lib:
    BF_NUM_CARDS: int
    BF_NUM_HANDS: int
    BF_NUM_RANKS: int
    BF_KERNEL_SCALAR: int
    BF_KERNEL_AVX2: int
    BF_KERNEL_AVX512: int
    BF_MAX_SEATS: int
    BF_MAX_DEALT: int
    BF_SHARE_UNIT: int
    BF_DRAW_BAD_SPEC: int
    BF_DRAW_TOO_MANY: int
    BF_DRAW_STUB_SHORT: int
    BF_MAX_DRAWS: int
    BF_POLICY_TABLE_LEN: int
    BF_SOLVE_BAD_ARGS: int
    BF_GAME_MAX_STACK: int
    BF_GAME_MAX_BETS: int
    BF_GAME_CASINO: int
    BF_GAME_KOREAN: int
    BF_GAME_FIXED_LIMIT: int
    BF_GAME_POT_LIMIT: int
    BF_GAME_NO_LIMIT: int
    BF_GAME_HALF_POT_LIMIT: int
    BF_GAME_BAD_SPEC: int
    BF_ACT_POST: int
    BF_ACT_ANTE: int
    BF_ACT_FOLD: int
    BF_ACT_CHECK: int
    BF_ACT_CALL: int
    BF_ACT_BET: int
    BF_ACT_RAISE: int
    BF_ACT_BBING: int
    BF_ACT_TTADANG: int
    BF_ACT_QUARTER: int
    BF_ACT_HALF: int
    BF_ACT_DRAW: int
    BF_ACT_WIN: int
    BF_RANGE_EMPTY: int
    BF_RANGE_NO_DEAL: int
    BF_RANGE_MAX_TRIES: int
    BF_LINE_CARD: int
    BF_LINE_SEPARATOR: int
    BF_LINE_START: int
    BF_LINE_NUMBER_BEFORE: int
    BF_LINE_NUMBER_AFTER: int
    BF_LINE_MIDDLE: int
    BF_LINE_END: int
    BF_LINE_TEXTS: int
    BF_LINE_PADDING: int
    BF_FORMAT_OK: int
    BF_FORMAT_BAD_ARGUMENTS: int
    BF_FORMAT_BAD_ROW: int
    def bf_rank(self, a: int, b: int, c: int, d: int, /) -> int: ...
    def bf_describe(self, a: int, b: int, c: int, d: int, /) -> int: ...
    def bf_parse_hand(self, text: bytes, length: int, /) -> int: ...
    def bf_rank_text(self, text: bytes, length: int, /) -> int: ...
    def bf_parse_hands(self, text: bytes, length: int, rows: int, cards: Any, /) -> int: ...
    def bf_parse_lines(
        self, text: bytes, length: int, max_rows: int, cards: Any, stop: Any, /
    ) -> int: ...
    def bf_random_hands(self, seed: int, first_row: int, n: int, cards: Any, /) -> None: ...
    def bf_kernel_supported(self, kernel: int, /) -> int: ...
    def bf_rank_batch_kernel(self, kernel: int, cards: Any, n: int, out: Any, /) -> int: ...
    def bf_draw_simulate(
        self, spec: Any, seed: int, first_trial: int, trials: int, tally: Any, /
    ) -> int: ...
    def bf_draw_enumerate(self, spec: Any, max_paths: int, exact: Any, /) -> int: ...
    def bf_draw_first_throw(self, spec: Any, /) -> int: ...
    def bf_draw_keep(self, hand: Any, known: int, previous: int, /) -> int: ...
    def bf_policy_table_throw(
        self, policy: Any, hand: Any, known: int, previous: int, draws_left: int, cap: int, /
    ) -> int: ...
    def bf_solve_policy(
        self, utility: Any, draws: int, caps: Any, table: Any, ties: Any, values: Any, /
    ) -> int: ...
    def bf_solve_default_table(self, caps: Any, table: Any, /) -> int: ...
    def bf_solve_forward(
        self, table: Any, draws: int, caps: Any, start: Any, end: Any, /
    ) -> int: ...
    def bf_solve_options(self, level_values: Any, hand: Any, out: Any, /) -> int: ...
    def bf_draw_estimate_paths(self, spec: Any, probes: int, seed: int, /) -> float: ...
    def bf_game_deck(self, seed: int, hand: int, deck: Any, /) -> None: ...
    def bf_game_reshuffle(self, seed: int, hand: int, k: int, cards: Any, n: int, /) -> None: ...
    def bf_game_play(
        self, spec: Any, seed: int, first_hand: int, hands: int, profit: Any, final_hands: Any, /
    ) -> int: ...
    def bf_game_trace(
        self, spec: Any, seed: int, hand: int, profit: Any, trace: Any, capacity: int, /
    ) -> int: ...
    def bf_range_alias(self, n: int, hands: Any, weights: Any, table: Any, /) -> int: ...
    def bf_range_simulate(
        self, spec: Any, ranges: Any, seed: int, first_trial: int, trials: int, tally: Any, /
    ) -> int: ...
    def bf_range_enumerate(
        self, spec: Any, ranges: Any, max_paths: int, share: Any, win: Any, paths: Any, /
    ) -> int: ...
    def bf_format_lines(
        self,
        cards: Any,
        n: int,
        texts: Any,
        first_number: int,
        out: Any,
        capacity: int,
        rows_done: Any,
        used: Any,
        /,
    ) -> int: ...

lib: _Lib
