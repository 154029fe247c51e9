"""The table's words in English and Korean, for `play` and `replay`: one place for each phrase.

Korean as the seed documents speak it: 아침/점심/저녁 for the three draws, 선 for the first to
act, 족보 names for hands, 콜/다이/체크/삥/따당/쿼터/하프/풀 for actions.
"""

from __future__ import annotations

import unicodedata

from ..game.actions import KO_NAMES
from ..hands.hand import describe

SOLVE_COLUMNS = {False: ("class", "hands", "share"), True: ("족보", "패 수", "비중")}
DRAW_NAMES = {False: ("first draw", "second draw", "third draw"), True: ("아침", "점심", "저녁")}

PHRASES: dict[str, tuple[str, str]] = {
    "seat": ("seat {n}", "{n}번"),
    "you": ("you", "나"),
    "hand_start": (
        "-- hand {number}: you are seat {seat}; {where}",
        "-- 제{number}판: 나는 {seat}번 자리; {where}",
    ),
    "button": ("the button is seat {seat}", "버튼(딜러)은 {seat}번"),
    "first": ("선 (first to act) is seat {seat}", "선은 {seat}번"),
    "players": ("players: {names}", "참가자: {names}"),
    "stacks": ("stacks: {stacks}", "칩: {stacks}"),
    "posts": ("{who} posts {amount}", "{who} {kind} {amount}"),
    "pat": ("{who} stands pat", "{who} 패스 (안 바꿈)"),
    "draws": ("{who} draws {amount}", "{who} {amount}장 바꿈"),
    "received": (" (got {cards})", " (받은 패 {cards})"),
    "shows": ("{who} shows {cards}: {name}", "{who} 패 공개 {cards}: {name}"),
    "mucks": ("{who} mucks (the hand is not shown)", "{who} 패를 보여주지 않고 버림"),
    "show_anyway": (
        "your hand is beaten by a hand shown: show it anyway? [y/N]",
        "이미 공개된 패에 졌습니다. 패를 보여줄까요? [y/N]",
    ),
    "wins": ("{who} wins {amount}", "{who} {amount}칩 획득"),
    "reshuffle": ("the discards are shuffled into a new stub", "버린 패를 섞어 다시 씀"),
    "burn": ("the dealer burns a card", "딜러가 한 장 버림"),
    "acts": ("{who} {action}", "{who} {action}"),
    "your_hand": ("your hand {hand} ({name})", "내 패 {hand} ({name})"),
    "to_act": (
        "pot {pot}, to call {to_call}; you may: {options}",
        "팟 {pot}, 콜 금액 {to_call}; 가능: {options}",
    ),
    "to_draw": (
        "{draw}: draw up to {most} cards (draw CARDS, or pat)",
        "{draw}: 최대 {most}장까지 바꿀 수 있음 (바꿀 카드 입력, 또는 패스)",
    ),
    "not_allowed": ("  not allowed: {error}", "  할 수 없음: {error}"),
    "unknown_word": (
        "type one of: {options}; or help, quit",
        "다음 중 하나를 입력: {options}; 또는 help, quit",
    ),
    "draw_words": (
        "type draw CARDS (e.g. draw Kh Qs), or pat",
        "바꿀 카드를 입력 (예: Kh Qs), 또는 패스",
    ),
    "means": (
        "{action}: puts in {amount} now; your bet this round becomes {total}",
        "{action}: 지금 {amount}칩을 내고, 이번 라운드 내 베팅은 {total}",
    ),
    "help_draw": (
        "draw up to {most}: draw CARDS (the cards to throw) or pat",
        "최대 {most}장: 바꿀 카드를 입력, 또는 패스",
    ),
    "result": ("-- you {verb} {amount}", "-- 이번 판 결과: {signed:+d}칩"),
    "total": ("total over {hands} hand(s): {chips:+d} chips", "{hands}판 합계: {chips:+d}칩"),
    "saved": ("saved {path}", "저장: {path}"),
    "seed": (
        "seed {seed} (repeat with --seed {seed})",
        "시드 {seed} (같은 판 다시: --seed {seed})",
    ),
    "left": (
        "-- you left hand {number}: the {amount} chip(s) you put in are lost",
        "-- 제{number}판 중간에 나감: 낸 {amount}칩은 잃음",
    ),
    "fixed_size": (
        "  {action} puts in {amount} here, not {typed}: the limit sets the size",
        "  {action}: 여기서는 {amount}칩 ({typed}칩이 아님): 금액은 리밋이 정함",
    ),
    "not_in_hand": (
        "you can throw only cards of your hand ({cards} not in it)",
        "내 패에 있는 카드만 바꿀 수 있음 ({cards} 없음)",
    ),
    "replay_rules": ("rules: {rules}", "규칙: {rules}"),
    # badugi solve
    "solve_value": (
        "value: player 1 {first:.4f}, player 2 {second:.4f} chips (pot {pot}, from the round's "
        "start)",
        "가치: 1번 {first:.4f}, 2번 {second:.4f}칩 (팟 {pot}, 라운드 시작부터)",
    ),
    "solve_exploitability": (
        "exploitability: {chips:.4f} chips per hand, {share} of the pot, after {iterations} "
        "iterations",
        "착취 가능성: 한 판에 {chips:.4f}칩, 팟의 {share}, {iterations}회 반복 후",
    ),
    "solve_root": (
        "player 1 at the root, by hand class (hands, share of the range, then each action):",
        "1번의 첫 결정, 족보별 (패 수, 레인지 비중, 그다음 각 행동):",
    ),
}


def display_width(text: str) -> int:
    """Columns ``text`` takes on a terminal: two for a wide character (Hangul, CJK), one else."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int, *, right: bool = False) -> str:
    """``text`` padded with spaces to ``width`` display columns (``right``: aligned right), as
    f"{text:<width}" pads it when every character takes one column."""
    fill = " " * max(0, width - display_width(text))
    return fill + text if right else text + fill


def say(key: str, korean: bool, **values: object) -> str:
    return PHRASES[key][korean].format(**values)


def action_name(kind: str, korean: bool) -> str:
    if not korean:
        return str(kind)
    return KO_NAMES.get(kind, str(kind))


def hand_name(cards: tuple[object, ...] | list[object], korean: bool) -> str:
    hand = describe(cards)  # type: ignore[arg-type]
    return hand.name_ko if korean else hand.name


def who(seat: int | None, you: int | None, names: list[str] | None, korean: bool) -> str:
    """``seat 1 (drawer)``, ``seat 0 (you)``; ``1번 (drawer)``, ``0번 (나)``."""
    if seat is None:
        return "딜러" if korean else "dealer"
    label = say("seat", korean, n=seat)
    if seat == you:
        return f"{label} ({say('you', korean)})"
    return f"{label} ({names[seat]})" if names and names[seat] else label
