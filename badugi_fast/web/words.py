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
