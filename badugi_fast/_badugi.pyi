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
    BF_BEST_MAX_OPTIONS: int
    BF_MAX_DRAWS: int
    BF_POLICY_TABLE_LEN: int
    BF_OPTIMAL_BAD_ARGS: int
    BF_GAME_MAX_STACK: int
    BF_GAME_MAX_BETS: int
    BF_GAME_CASINO: int
    BF_GAME_KOREAN: int
    BF_GAME_FIXED_LIMIT: int
    BF_GAME_POT_LIMIT: int
    BF_GAME_NO_LIMIT: int
    BF_GAME_HALF_POT_LIMIT: int
    BF_HISTORY_OK: int
    BF_HISTORY_PYTHON: int
    BF_HISTORY_DONE: int
    BF_HISTORY_MORE: int
    BF_HISTORY_FULL: int
    BF_HISTORY_REST: int
    BF_HISTORY_BAD_ARGS: int
    BF_HISTORY_MAX_LINE: int
    BF_HISTORY_MAX_LINES: int
    BF_HISTORY_OUT_MIN: int
    BF_HISTORY_ROW: int
    BF_HR_STATUS: int
    BF_HR_BEGIN: int
    BF_HR_END: int
    BF_HR_LINE: int
    BF_HR_PHH: int
    BF_HR_PHH_TAIL: int
    BF_HR_ID: int
    BF_HR_CURRENCY: int
    BF_HR_RAKE: int
    BF_HR_BIG_BLIND: int
    BF_HR_SEATS: int
    BF_HR_SEAT: int
    BF_HR_WON: int
    BF_HR_LABELS: int
    BF_HR_FIGURES: int
    BF_HR_FIGURE_WIDTH: int
    BF_HF_VOLUNTARY: int
    BF_HF_RAISED: int
    BF_HF_SAW_DRAW: int
    BF_HF_SHOWDOWN: int
    BF_HF_WON: int
    BF_HF_SNOWED: int
    BF_GAME_BAD_SPEC: int
    BF_GAME_REFUSED: int
    BF_GAME_NO_MEMORY: int
    BF_TABLE_MAX_NODES: int
    BF_ACT_FULL: int
    BF_REFUSE_NOT_HEADS_UP: int
    BF_REFUSE_OTHER_SPOT: int
    BF_REFUSE_OFF_TREE: int
    BF_REFUSE_NOT_ITS_TURN: int
    BF_REFUSE_OUTSIDE_RANGE: int
    BF_REFUSE_BAD_TABLE: int
    BF_REFUSE_OTHER_RULES: int
    BF_VEC_DISCARDS: int
    BF_VEC_FOLD: int
    BF_VEC_CHECK_CALL: int
    BF_VEC_BET: int
    BF_VEC_QUARTER: int
    BF_VEC_HALF: int
    BF_VEC_POT: int
    BF_VEC_TTADANG: int
    BF_VEC_ALL_IN: int
    BF_VEC_EXACT: int
    BF_VEC_ACTIONS: int
    BF_VEC_NO_ACTION: int
    BF_VEC_MAX_TABLES: int
    BF_VEC_HAND_BITS: int
    BF_VEC_MAX_FIRST_TABLE: int
    BF_VEC_LOG_ACTIONS: int
    BF_VEC_LOG_EXACT: int
    BF_VEC_PLAYS: int
    BF_VEC_WAITS: int
    BF_VEC_OUT_OF_RANGE: int
    BF_VEC_ILLEGAL: int
    BF_VEC_BAD_AMOUNT: int
    BF_VEC_FIELDS: int
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
    BF_FORMAT_MAX_DIGITS: int
    BF_FORMAT_OK: int
    BF_FORMAT_BAD_ARGUMENTS: int
    BF_FORMAT_BAD_ROW: int
    BF_BELIEF_HANDS: int
    BF_BELIEF_BAD_ARGS: int
    BF_BELIEF_NO_MEMORY: int
    BF_LR_BAD_ARGS: int
    BF_LR_NO_MEMORY: int
    BF_LR_SUBSETS: int
    BF_LR_MAX_LANES: int
    BF_LR_DECISION: int
    BF_LR_FOLD: int
    BF_LR_SHOWDOWN: int
    BF_BP_BUCKETS: int
    BF_BP_SLOTS: int
    BF_BP_PUBLIC: int
    BF_BP_PUBLIC_2: int
    BF_BP_PUBLIC_3: int
    BF_BP_ABSTRACTIONS: int
    BF_BP_INFOSETS: int
    BF_BP_MAX_DRAWS: int
    BF_BP_BAD: int
    BF_BP_ONE: int
    BF_BP_ROW: int
    BF_BP_REGRET_ONE: int
    BF_BP_STRATEGY_ONE: int
    BF_BP_MAX_SMALL_BET: int
    BF_BP_SHORT: int
    BF_BP_FOLD: int
    BF_BP_CHECK: int
    BF_BP_CALL: int
    BF_BP_BET: int
    BF_BP_RAISE: int
    BF_BP_DRAW: int
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
    def bf_draw_branch_rows(self, spec: Any, /) -> int: ...
    def bf_draw_enumerate_rows(
        self, spec: Any, max_paths: int, row_lo: int, row_hi: int, exact: Any, /
    ) -> int: ...
    def bf_draw_enumerate_plays_rows(
        self, spec: Any, max_paths: int, row_lo: int, row_hi: int, exact: Any, /
    ) -> int: ...
    def bf_draw_exact_add(self, total: Any, part: Any, /) -> int: ...
    def bf_add_repeated(self, s: float, v: float, n: int, /) -> float: ...
    def bf_best_fits(self, spec: Any, dealt: int, /) -> int: ...
    def bf_best_enumerate(self, spec: Any, mask: int, max_paths: int, out: Any, /) -> int: ...
    def bf_best_simulate(
        self,
        spec: Any,
        n_options: int,
        masks: Any,
        starts: Any,
        limits: Any,
        seed: int,
        first_trial: int,
        trials: int,
        dealt_hands: Any,
        dealt: int,
        out: Any,
        /,
    ) -> int: ...
    def bf_draw_keep(self, hand: Any, known: int, previous: int, /) -> int: ...
    def bf_policy_table_throw(
        self, policy: Any, hand: Any, known: int, previous: int, draws_left: int, cap: int, /
    ) -> int: ...
    def bf_optimal_policy(
        self, utility: Any, draws: int, caps: Any, table: Any, ties: Any, values: Any, /
    ) -> int: ...
    def bf_optimal_default_table(self, caps: Any, table: Any, /) -> int: ...
    def bf_optimal_forward(
        self, table: Any, draws: int, caps: Any, start: Any, end: Any, /
    ) -> int: ...
    def bf_optimal_options(self, level_values: Any, hand: Any, out: Any, /) -> int: ...
    def bf_draw_estimate_paths(self, spec: Any, probes: int, seed: int, /) -> float: ...
    def bf_deal_deck(self, seed: int, hand: int, deck: Any, /) -> None: ...
    def bf_deal_reshuffle(self, seed: int, hand: int, k: int, cards: Any, n: int, /) -> None: ...
    def bf_game_play(
        self,
        spec: Any,
        seed: int,
        first_hand: int,
        hands: int,
        profit: Any,
        final_hands: Any,
        refusal: Any,
        /,
    ) -> int: ...
    def bf_history_scan(
        self,
        text: bytes,
        len: int,
        final: bool,
        first_line: int,
        rows: Any,
        max_rows: int,
        out: Any,
        out_cap: int,
        progress: Any,
        /,
    ) -> int: ...
    def bf_game_trace(
        self,
        spec: Any,
        seed: int,
        hand: int,
        profit: Any,
        trace: Any,
        capacity: int,
        refusal: Any,
        /,
    ) -> int: ...
    def bf_decision_bits(self, seed: int, number: int, seat: int, step: int, /) -> int: ...
    def bf_round_strategy_valid(self, table: Any, /) -> int: ...
    def bf_vector_new(
        self, spec: Any, seed: int, first_table: int, tables: int, bots: int, /
    ) -> Any: ...
    def bf_vector_refused(self, v: Any, refusal: Any, /) -> int: ...
    def bf_vector_free(self, v: Any, /) -> None: ...
    def bf_vector_tables(self, v: Any, /) -> int: ...
    def bf_vector_number_hands(
        self, v: Any, first: int, table_step: int, hand_step: int, /
    ) -> int: ...
    def bf_vector_layout(self, tables: int, seats: int, offsets: Any, /) -> int: ...
    def bf_vector_restart(self, v: Any, lo: int, hi: int, from_zero: int, /) -> None: ...
    def bf_vector_decode(
        self, v: Any, actions: Any, amounts: Any, fallback: int, status: Any, /
    ) -> int: ...
    def bf_vector_apply(self, v: Any, lo: int, hi: int, out: Any, /) -> None: ...
    def bf_vector_observe(
        self, v: Any, lo: int, hi: int, seats: Any, finished: int, out: Any, /
    ) -> None: ...
    def bf_vector_finished_actions(
        self, v: Any, t: int, number: Any, indices: Any, exact: Any, /
    ) -> int: ...
    def bf_vector_current_actions(
        self, v: Any, t: int, number: Any, indices: Any, exact: Any, /
    ) -> int: ...
    def bf_vector_bot_draws(
        self,
        policy: Any,
        cards: Any,
        discards: Any,
        cutting: Any,
        draws_left: Any,
        rows: Any,
        count: int,
        actions: Any,
        /,
    ) -> None: ...
    def bf_range_alias(self, n: int, hands: Any, weights: Any, table: Any, /) -> int: ...
    def bf_range_simulate(
        self, spec: Any, ranges: Any, seed: int, first_trial: int, trials: int, tally: Any, /
    ) -> int: ...
    def bf_range_enumerate_rows(
        self, spec: Any, ranges: Any, max_paths: int, row_lo: int, row_hi: int, sums: Any, /
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
    def bf_lr_check(self, g: Any, /) -> int: ...
    def bf_lr_showdown(
        self, g: Any, player: int, lanes: int, opp_reach: Any, pay: Any, out: Any, /
    ) -> int: ...
    def bf_belief_draw(
        self,
        n: int,
        cards: Any,
        weight: Any,
        throw_probs: Any,
        count: int,
        blocked: int,
        after: Any,
        /,
    ) -> int: ...
    def bf_lr_iterate(self, g: Any, first: int, iterations: int, threads: int, /) -> int: ...
    def bf_lr_work_new(self, g: Any, /) -> Any: ...
    def bf_lr_work_free(self, w: Any, /) -> None: ...
    def bf_lr_run(
        self, g: Any, w: Any, first: int, iterations: int, threads: int, measure: Any, /
    ) -> int: ...
    def bf_lr_average(self, g: Any, player: int, out: Any, /) -> int: ...
    def bf_lr_current(self, g: Any, player: int, regret: Any, out: Any, /) -> int: ...
    def bf_lr_values(
        self,
        g: Any,
        player: int,
        opponent: Any,
        own: Any,
        node_values: Any,
        root: Any,
        best: Any,
        mass: Any,
        threads: int,
        /,
    ) -> int: ...
    def bf_bp_bucket(self, hand: bytes, /) -> int: ...
    def bf_bp_hand(self, hand: bytes, thrown: Any, /) -> int: ...
    def bf_bp_hands(self, cards: Any, n: int, buckets: Any, thrown: Any, /) -> int: ...
    def bf_bp_thrown(self, hand: bytes, slot: int, /) -> int: ...
    def bf_bp_public_count(self, abstraction: int, /) -> int: ...
    def bf_bp_infosets(self, abstraction: int, /) -> int: ...
    def bf_bp_mine(self, count: int, /) -> int: ...
    def bf_bp_public_betting(
        self,
        abstraction: int,
        round: int,
        node: int,
        pot: int,
        aggressor: int,
        opp_drew: int,
        mine: int,
        opp_earlier: int,
        /,
    ) -> int: ...
    def bf_bp_public_draw(
        self,
        abstraction: int,
        k: int,
        pot: int,
        aggressor: int,
        opp_before: int,
        opp_now: int,
        mine: int,
        /,
    ) -> int: ...
    def bf_bp_betting_start(
        self, history: Any, button: int, blind0: int, blind1: int, /
    ) -> None: ...
    def bf_bp_betting_bet(self, history: Any, player: int, kind: int, amount: int, /) -> None: ...
    def bf_bp_betting_draw(self, history: Any, player: int, count: int, /) -> None: ...
    def bf_bp_betting_actor(self, history: Any, /) -> int: ...
    def bf_bp_betting_public(
        self, history: Any, abstraction: int, player: int, draw: int, small_bet: int, /
    ) -> int: ...
    def bf_bp_strategy_valid(self, strategy: Any, /) -> int: ...
    def bf_bp_row(self, strategy: Any, infoset: int, legal: int, probs: Any, /) -> int: ...
    def bf_blueprint_seat(self, seat: Any, strategy: Any, /) -> Any: ...
    def bf_blueprint_audit(
        self, spec: Any, seed: int, first_hand: int, hands: int, audit: Any, refusal: Any, /
    ) -> int: ...
    def bf_bp_table_len(self, abstraction: int, /) -> int: ...
    def bf_bp_rules_valid(self, rules: Any, /) -> int: ...
    def bf_bp_iterate(self, trainer: Any, first: int, count: int, /) -> int: ...
    def bf_bp_replay(
        self,
        rules: Any,
        deck: bytes,
        n_cards: int,
        seed: int,
        slots: bytes,
        n_slots: int,
        steps: Any,
        net: Any,
        /,
    ) -> int: ...

lib: _Lib
