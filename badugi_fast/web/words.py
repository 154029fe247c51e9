"""The pages' own words in English and Korean (the hands' names, and the words of the drawings,
are the library's: ``hands/html.py``, ``draws/html.py``)."""

from __future__ import annotations

from ..hands.html import LANGUAGES

WORDS: dict[str, tuple[str, str]] = {
    "title": ("badugi_fast", "badugi_fast 바둑이"),
    "toggle": ("한국어", "English"),
    "home": ("home", "처음"),
    "hands": ("Hands", "패 보기"),
    "hands_about": (
        "rank and names of hands, the badugi's cards marked, hands compared",
        "패의 순위와 족보, 살아 있는 카드 표시, 여러 패 비교",
    ),
    "ranges": ("Ranges", "레인지"),
    "ranges_about": (
        "a range's hands and share; the starting-hand chart as a heat map",
        "레인지의 패와 비중; 스타팅 핸드 차트 히트맵",
    ),
    "odds": ("Draw odds", "드로우 확률"),
    "odds_about": (
        "draw odds, the best discard, the final size and rank",
        "드로우 확률, 버릴 카드, 최종 장수와 순위",
    ),
    "hands_label": (
        "hands, one per line (or separated by ;)",
        "패 (한 줄에 하나, 또는 ;로 구분)",
    ),
    "deck": ("or click cards to add them to the last line", "또는 카드를 눌러 마지막 줄에 추가"),
    "clear_hands": ("clear", "지우기"),
    "show": ("show", "보기"),
    "range_label": ("range", "레인지"),
    "range_help": (
        "e.g. 8-, 0.5:A23x, !골프, top 15%",
        "예: 8-, 0.5:A23x, !골프, top 15%",
    ),
    "hand_label": ("hand", "패"),
    "draws_label": ("draws", "드로우 횟수"),
    "error": ("cannot show that", "보여줄 수 없음"),
    "not_found": ("no such page", "없는 페이지"),
    "running": ("computing", "계산 중"),
    "cancel": ("cancel", "취소"),
    "cancelled": ("cancelled", "취소됨"),
    "chart": ("starting-hand chart", "스타팅 핸드 차트"),
    "vs_label": ("against a range (optional)", "상대 레인지 (선택)"),
    "best_discard": (
        "the best discard (equity vs a random hand)",
        "가장 좋은 버릴 카드 (무작위 패 상대)",
    ),
    "equity": ("equity against the range", "레인지 상대 승률"),
    "best_discard_vs": ("the best discard against the range", "레인지 상대 가장 좋은 버릴 카드"),
    "done": ("done", "완료"),
    "noscript": (
        "the longer answers need JavaScript (this server's own script)",
        "나머지 계산 결과는 자바스크립트가 필요합니다",
    ),
    # /play
    "play": ("Play", "게임"),
    "play_about": (
        "heads-up against the blueprint or a search bot; its belief over your hand at the end",
        "블루프린트나 서치 봇과 1대1; 끝나면 봇이 본 내 패의 분포",
    ),
    "play_vs": ("opponent", "상대"),
    "play_vs_blueprint": ("the blueprint", "블루프린트"),
    "play_vs_search": ("the search bot", "서치 봇"),
    "play_vs_unsafe:0.2": ("the unsafe search bot", "안전장치 없는 서치 봇"),
    "play_rules": ("rules", "규칙"),
    "play_rules_casino": ("casino fixed limit", "카지노 리밋"),
    "play_rules_korean": ("Korean rooms", "한국식"),
    "play_seed": ("seed", "시드"),
    "play_new_table": ("new table", "새 테이블"),
    "play_refused": (
        "This opponent does not play these rules. The blueprint and the search bots play only "
        "the game they were trained for, casino fixed limit heads-up; the library says:",
        "이 상대는 이 규칙으로 두지 않습니다. 블루프린트와 서치 봇은 학습한 게임(카지노 리밋 "
        "1대1)만 둡니다. 라이브러리의 메시지:",
    ),
    "play_casino_instead": ("play casino fixed limit instead", "카지노 리밋으로 하기"),
    "play_hand_no": ("hand {number}", "제{number}판"),
    "play_you": ("you", "나"),
    "play_bot": ("bot", "봇"),
    "play_dealer": ("dealer", "딜러"),
    "play_button_you": ("you are the button", "내가 버튼(딜러)"),
    "play_big_blind_you": ("you are the big blind", "내가 빅 블라인드"),
    "play_pot": ("pot", "팟"),
    "play_stack": ("chips", "칩"),
    "play_bet": ("bet this round", "이번 라운드 베팅"),
    "play_your_turn": ("your turn", "내 차례"),
    "play_over": ("the hand is over", "판이 끝났습니다"),
    "play_your_hand": ("your hand", "내 패"),
    "play_their_hand": ("the bot's hand", "봇의 패"),
    "play_throw_help": (
        "click the cards to throw (at most {most}), then draw",
        "바꿀 카드를 누르고 (최대 {most}장) 바꾸기",
    ),
    "play_draw_button": ("draw", "바꾸기"),
    "play_pat": ("stand pat", "패스 (안 바꿈)"),
    "play_draws": ("draw {count}", "{count}장 바꿈"),
    "play_log": ("the action log", "진행 기록"),
    "play_won": ("you won {amount}", "{amount}칩 땄습니다"),
    "play_lost": ("you lost {amount}", "{amount}칩 잃었습니다"),
    "play_total": ("total over {hands} hand(s): {chips:+d}", "{hands}판 합계: {chips:+d}칩"),
    "play_belief": (
        "the bot's belief over your hand (its likeliest classes)",
        "봇이 본 내 패 (가능성이 높은 족보)",
    ),
    "play_belief_held": (
        "your hand's class, {name}, had {share} of its belief",
        "내 패의 족보 {name}의 비중: {share}",
    ),
    "play_class": ("class", "족보"),
    "play_share": ("share", "비중"),
    "play_download": ("download PHH", "PHH 받기"),
    "play_hands": ("hands played", "지난 판"),
    "play_next": ("next hand", "다음 판"),
    "play_no_table": (
        "no table for this browser (it was idle too long, or cookies are off): open /play",
        "이 브라우저의 테이블이 없습니다 (오래 쉬었거나 쿠키가 꺼짐): /play 를 여세요",
    ),
    "play_kind_show": ("show", "패 공개"),
    "play_kind_muck": ("muck", "패 안 보여줌"),
    "play_kind_win": ("win", "획득"),
    "play_kind_burn": ("burn a card", "한 장 버림"),
    "play_kind_reshuffle": ("shuffle the discards into a new stub", "버린 패를 섞음"),
    "solve": ("Solver", "솔버"),
    "solve_about": (
        "the last betting round solved: value, exploitability, strategy by hand class",
        "마지막 베팅 라운드 풀이: 기대값, 익스플로잇, 족보별 전략",
    ),
    "solve_ranges_label": (
        "two ranges, the first acts first (separated by ;)",
        "두 레인지, 첫 레인지가 먼저 행동 (;로 구분)",
    ),
    "pot_label": ("pot", "팟"),
    "stacks_label": ("stacks (one for both, or two)", "스택 (둘 다 같으면 하나, 아니면 둘)"),
    "rules_label": ("rules", "규칙"),
    "casino": ("casino (fixed limit, bet 4)", "카지노 (리밋, 베팅 4)"),
    "korean": ("Korean (ante 1)", "한국식 (앤티 1)"),
    "raises_label": ("raises after the bet (at most)", "베팅 후 레이즈 (최대)"),
    "iterations_label": ("iterations (at most)", "반복 횟수 (최대)"),
    "target_label": ("target (share of the pot)", "목표 (팟 대비)"),
    "solve_start": ("the uniform start", "균등 전략에서 시작"),
    "solve_block": ("iterating", "반복 계산 중"),
    "solve_solution": ("the solution", "풀이 결과"),
    "solve_node": ("node", "노드"),
    "solve_button": ("solve", "풀기"),
}


def page_words(lang: str) -> dict[str, str]:
    """Every word of the pages in ``lang``."""
    i = LANGUAGES.index(lang)
    return {key: pair[i] for key, pair in WORDS.items()}


WORDS.update({
    "review": ("Review", "핸드 리뷰"),
    "review_about": (
        "a history file: each player's figures, the hero's hands replayed beside the blueprint",
        "핸드 히스토리 파일: 플레이어별 통계, 블루프린트와 함께 보는 핸드 다시보기",
    ),
    "review_file": ("a hand-history file (PokerStars, Full Tilt, KingsClub, Merge or PHH)",
                    "핸드 히스토리 파일 (PokerStars, Full Tilt, KingsClub, Merge, PHH)"),
    "review_limit": ("at most", "최대"),
    "review_hero": ("hero", "히어로"),
    "review_counts": ("hands read / imported / skipped", "읽은 / 가져온 / 건너뛴 핸드"),
    "review_shown": ("the hero's hands replayed", "다시보기 핸드"),
    "review_problems": ("hands skipped", "건너뛴 핸드"),
    "review_noscript": ("uploading needs JavaScript (this server's own script)",
                        "업로드에는 자바스크립트가 필요합니다"),
})  # fmt: skip
