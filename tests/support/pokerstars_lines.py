"""Hands written in PokerStars' line shapes for the lines real files hold beyond the format
notes (issue 32): a tournament player sitting out, ``Betting is capped``, ``stands pat on
[..]``, a short all-in completed to the next level, a fold where checking was free, blinds
posted out of turn, hands without a small blind (its seat emptied), rebuys and add-ons, other
tournament notices (bounties, entries won, finishes, timeouts). The tests of the importers
(tests/notation/histories/) vary them; the C reader's sanitizer run (tests/c/) reads every one
of ``HANDS``."""

from __future__ import annotations

# A sit-and-go hand, three players and one seat sitting out (in the variants below): Choi's
# small blind, the hero standing pat on a badugi, a capped first round.
TOURNAMENT = """\
PokerStars Hand #200000001: Tournament #900001, $2.00+$0.20 USD Badugi Limit - Level III \
(30/60) - 2012/03/04 21:10:05 ET
Table '900001 4' 8-max Seat #2 is the button
Seat 1: Ahn (2000 in chips)
Seat 2: Baek (1500 in chips)
Seat 3: Choi (1140 in chips)
Seat 5: Hero (1800 in chips)
Choi: posts small blind 15
Hero: posts big blind 30
*** DEALING HANDS ***
Dealt to Hero [4h 3s 8c 9d]
Ahn: raises 30 to 60
Baek: calls 60
Choi: folds
Hero: calls 30
*** FIRST DRAW ***
Hero: stands pat
Ahn: discards 1 card
Baek: discards 2 cards
Hero: bets 30
Ahn: raises 30 to 60
Baek: raises 30 to 90
Hero: raises 30 to 120
Ahn: calls 60
Baek: calls 30
*** SECOND DRAW ***
Hero: stands pat
Ahn: stands pat
Baek: discards 1 card
Hero: bets 60
Ahn: folds
Baek: calls 60
*** THIRD DRAW ***
Hero: stands pat
Baek: discards 1 card
Hero: bets 60
Baek: folds
Uncalled bet (60) returned to Hero
Hero collected 675 from pot
*** SUMMARY ***
Total pot 675 | Rake 0
Seat 1: Ahn folded on the Second Draw
Seat 2: Baek (button) folded on the Third Draw
Seat 3: Choi (small blind) folded before the Draw
Seat 5: Hero (big blind) collected (675)
"""

# Fixed limit, 100/200: Hero raises to 200, Dae all-in to 270 (short of a full raise), Ahn
# completes to the next level, 300; Dae wins the main pot, Hero the side pot Ahn folded out of.
SHORT_ALL_IN = """\
PokerStars Hand #200000011: Tournament #900002, $5.00+$0.50 USD Badugi Limit - Level V \
(100/200) - 2012/03/05 22:00:00 ET
Table '900002 1' 6-max Seat #1 is the button
Seat 1: Ahn (3000 in chips)
Seat 2: Baek (3000 in chips)
Seat 3: Choi (3000 in chips)
Seat 4: Hero (3000 in chips)
Seat 5: Dae (270 in chips)
Baek: posts small blind 50
Choi: posts big blind 100
*** DEALING HANDS ***
Dealt to Hero [2c 5d 9h Kc]
Hero: raises 100 to 200
Dae: raises 70 to 270 and is all-in
Ahn: raises 30 to 300
Baek: folds
Choi: folds
Hero: calls 100
*** FIRST DRAW ***
Hero: discards 1 card [Kc]
Dealt to Hero [2c 5d 9h] [7s]
Dae: discards 2 cards
Ahn: discards 1 card
Hero: checks
Ahn: bets 100
Hero: calls 100
*** SECOND DRAW ***
Hero: stands pat on [2c 5d 9h 7s]
Dae: discards 1 card
Ahn: stands pat
Hero: checks
Ahn: checks
*** THIRD DRAW ***
Hero: stands pat on [2c 5d 9h 7s]
Dae: stands pat
Ahn: discards 1 card
Hero: bets 200
Ahn: folds
Uncalled bet (200) returned to Hero
*** SHOW DOWN ***
Hero: shows [2c 5d 9h 7s] (Badugi: 9,7,5,2)
Dae: shows [Ac 3d 4h 6s] (Badugi: 6,4,3,A)
Hero collected 260 from side pot
Dae collected 960 from main pot
*** SUMMARY ***
Total pot 1220 Main pot 960. Side pot 260. | Rake 0
"""

CHECKED_AROUND = """\
PokerStars Game #200000021:  Badugi Limit ($0.10/$0.20 USD) - 2012/03/06 10:00:00 ET
Table 'Beta' 6-max Seat #1 is the button
Seat 1: Ahn ($4 in chips)
Seat 2: Baek ($4 in chips)
Seat 3: Hero ($4 in chips)
Baek: posts small blind $0.05
Hero: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [Kc Kd Qh Js]
Ahn: calls $0.10
Baek: calls $0.05
Hero: checks
*** FIRST DRAW ***
Baek: discards 1 card
Hero: discards 2 cards [Kd Js]
Dealt to Hero [Kc Qh] [2d 3s]
Ahn: stands pat
Baek: bets $0.10
Hero: folds
Ahn: folds
Uncalled bet ($0.10) returned to Baek
Baek collected $0.30 from pot
*** SUMMARY ***
Total pot $0.30 | Rake $0
"""

# A cash game: Hero posts a big blind out of turn (live: Hero checks it, then calls the raise
# with 0.25 more), Dae posts small and big blinds (0.25 live, the 0.10 small blind dead).
OUT_OF_TURN = """\
PokerStars Game #200000031:  Badugi Limit ($0.25/$0.50 USD) - 2012/03/07 11:00:00 ET
Table 'Gamma' 6-max Seat #1 is the button
Seat 1: Ahn ($10 in chips)
Seat 2: Baek ($10 in chips)
Seat 3: Choi ($10 in chips)
Seat 4: Hero ($10 in chips)
Seat 5: Dae ($10 in chips)
Baek: posts small blind $0.10
Choi: posts big blind $0.25
Hero: posts big blind $0.25
Dae: posts small & big blinds $0.35
*** DEALING HANDS ***
Dealt to Hero [Ah 2c 3d Ks]
Hero: checks
Dae: checks
Ahn: raises $0.25 to $0.50
Baek: calls $0.40
Choi: calls $0.25
Hero: calls $0.25
Dae: calls $0.25
*** FIRST DRAW ***
Baek: discards 2 cards
Choi: discards 1 card
Hero: discards 1 card [Ks]
Dealt to Hero [Ah 2c 3d] [4s]
Dae: discards 3 cards
Ahn: stands pat
Baek: checks
Choi: checks
Hero: bets $0.25
Dae: folds
Ahn: folds
Baek: folds
Choi: folds
Uncalled bet ($0.25) returned to Hero
Hero collected $2.50 from pot
*** SUMMARY ***
Total pot $2.60 | Rake $0.10
"""

# Hands without a small blind: its player left the seat between hands (Robert's Rules' dead
# button), so the big blind posts alone, left of the button, and the first round starts after it.
# A cash game at four seats (seat 2 emptied; Choi's big blind; rake taken), a tournament at three
# (seats 5 and 6 emptied; the showdown), a cash game heads-up (the button posts nothing and acts
# first) and a tournament heads-up.
NO_SMALL_BLIND = """\
PokerStars Game #200000041:  Badugi Limit ($0.25/$0.50 USD) - 2012/03/08 12:00:00 ET
Table 'Delta' 6-max Seat #1 is the button
Seat 1: Ahn ($10 in chips)
Seat 3: Choi ($10 in chips)
Seat 4: Hero ($10 in chips)
Seat 5: Dae ($10 in chips)
Choi: posts big blind $0.25
*** DEALING HANDS ***
Dealt to Hero [Ah 2c 3d Ks]
Hero: raises $0.25 to $0.50
Dae: folds
Ahn: calls $0.50
Choi: calls $0.25
*** FIRST DRAW ***
Choi: discards 1 card
Hero: discards 1 card [Ks]
Dealt to Hero [Ah 2c 3d] [4s]
Ahn: discards 2 cards
Choi: checks
Hero: bets $0.25
Ahn: calls $0.25
Choi: folds
*** SECOND DRAW ***
Hero: stands pat on [Ah 2c 3d 4s]
Ahn: discards 1 card
Hero: bets $0.50
Ahn: folds
Uncalled bet ($0.50) returned to Hero
Hero collected $1.90 from pot
*** SUMMARY ***
Total pot $2 | Rake $0.10
Seat 1: Ahn (button) folded on the Second Draw
Seat 3: Choi (big blind) folded on the First Draw
Seat 4: Hero collected ($1.90)
Seat 5: Dae folded before the Draw (didn't bet)
"""

NO_SMALL_BLIND_TOURNAMENT = """\
PokerStars Hand #200000051: Tournament #900003, $2.00+$0.20 USD Badugi Limit - Level II \
(20/40) - 2012/03/09 20:00:00 ET
Table '900003 1' 6-max Seat #4 is the button
Seat 1: Hero (1520 in chips)
Seat 2: Baek (1310 in chips)
Seat 4: Dae (1630 in chips)
Hero: posts big blind 20
*** DEALING HANDS ***
Dealt to Hero [Kh Qh 5c 2s]
Baek: calls 20
Dae: calls 20
Hero: checks
*** FIRST DRAW ***
Hero: discards 2 cards [Kh Qh]
Dealt to Hero [5c 2s] [7d 3h]
Baek: discards 1 card
Dae: discards 3 cards
Hero: checks
Baek: bets 20
Dae: folds
Hero: calls 20
*** SECOND DRAW ***
Hero: stands pat on [5c 2s 7d 3h]
Baek: discards 1 card
Hero: bets 40
Baek: calls 40
*** THIRD DRAW ***
Hero: stands pat on [5c 2s 7d 3h]
Baek: stands pat
Hero: bets 40
Baek: raises 40 to 80
Hero: calls 40
*** SHOW DOWN ***
Baek: shows [6d 4h 3c As] (Badugi: 6,4,3,A)
Hero: mucks hand
Baek collected 340 from pot
*** SUMMARY ***
Total pot 340 | Rake 0
Seat 1: Hero (big blind) mucked [5c 2s 7d 3h]
Seat 2: Baek showed [6d 4h 3c As] and won (340) with a Badugi: 6,4,3,A
Seat 4: Dae (button) folded on the First Draw
"""

NO_SMALL_BLIND_HEADS_UP = """\
PokerStars Game #200000061:  Badugi Limit ($0.10/$0.20 USD) - 2012/03/10 09:00:00 ET
Table 'Epsilon' 6-max Seat #5 is the button
Seat 2: Hero ($4 in chips)
Seat 5: Baek ($4.60 in chips)
Hero: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [9c 8d 2h Kh]
Baek: raises $0.10 to $0.20
Hero: calls $0.10
*** FIRST DRAW ***
Hero: discards 1 card [Kh]
Dealt to Hero [9c 8d 2h] [Qh]
Baek: discards 1 card
Hero: checks
Baek: bets $0.10
Hero: folds
Uncalled bet ($0.10) returned to Baek
Baek collected $0.38 from pot
*** SUMMARY ***
Total pot $0.40 | Rake $0.02
Seat 2: Hero (big blind) folded on the First Draw
Seat 5: Baek (button) collected ($0.38)
"""

NO_SMALL_BLIND_TOURNAMENT_HEADS_UP = """\
PokerStars Hand #200000071: Tournament #900004, $1.00+$0.10 USD Badugi Limit - Level IV \
(50/100) - 2012/03/11 23:30:00 ET
Table '900004 1' 3-max Seat #1 is the button
Seat 1: Ahn (2100 in chips)
Seat 3: Hero (2400 in chips)
Hero: posts big blind 50
*** DEALING HANDS ***
Dealt to Hero [As 2d 7h 7c]
Ahn: calls 50
Hero: raises 50 to 100
Ahn: calls 50
*** FIRST DRAW ***
Hero: discards 1 card [7c]
Dealt to Hero [As 2d 7h] [Kc]
Ahn: discards 2 cards
Hero: bets 50
Ahn: calls 50
*** SECOND DRAW ***
Hero: discards 1 card [Kc]
Dealt to Hero [As 2d 7h] [4c]
Ahn: discards 1 card
Hero: bets 100
Ahn: folds
Uncalled bet (100) returned to Hero
Hero collected 300 from pot
*** SUMMARY ***
Total pot 300 | Rake 0
Seat 1: Ahn (button) folded on the Second Draw
Seat 3: Hero (big blind) collected (300)
"""

# A rebuy tournament: Dae, all-in, loses and re-buys; Ahn re-buys too, and after the summary two
# players take the add-on (one for StarsCoin). The lines' shapes are public trackers' parsers'
# (the format notes give none); the chips are for later hands.
REBUYS = """\
PokerStars Hand #200000081: Tournament #900005, $1.00+$0.10 USD Badugi Limit - Level II \
(20/40) - 2012/03/12 21:00:00 ET
Table '900005 1' 6-max Seat #1 is the button
Seat 1: Ahn (1500 in chips)
Seat 2: Baek (1500 in chips)
Seat 3: Hero (1500 in chips)
Seat 4: Dae (60 in chips)
Baek: posts small blind 10
Hero: posts big blind 20
*** DEALING HANDS ***
Dealt to Hero [3c 5d 8h Ks]
Dae: raises 20 to 40
Ahn: folds
Baek: folds
Hero: calls 20
*** FIRST DRAW ***
Hero: discards 1 card [Ks]
Dealt to Hero [3c 5d 8h] [2s]
Dae: discards 1 card
Hero: bets 20
Dae: calls 20 and is all-in
*** SECOND DRAW ***
Hero: stands pat on [3c 5d 8h 2s]
Dae: discards 1 card
*** THIRD DRAW ***
Hero: stands pat on [3c 5d 8h 2s]
Dae: discards 2 cards
*** SHOW DOWN ***
Hero: shows [3c 5d 8h 2s] (Badugi: 8,5,3,2)
Dae: shows [Kc Qd 4h 7c] (3-card: Q,7,4)
Hero collected 130 from pot
Dae re-buys and receives 1500 chips for $1.00
Ahn re-buys and receives 1500 chips for $1.00
*** SUMMARY ***
Total pot 130 | Rake 0
Seat 1: Ahn (button) folded before the Draw (didn't bet)
Seat 2: Baek (small blind) folded before the Draw
Seat 3: Hero (big blind) showed [3c 5d 8h 2s] and won (130) with a Badugi: 8,5,3,2
Seat 4: Dae showed [Kc Qd 4h 7c] and lost with a 3-card: Q,7,4
Hero takes the add-on and receives 3000 chips for $1.00
Baek takes the add-on and receives 3000 chips for 100 StarsCoin
"""

# The format notes' line kinds no other hand here holds: two side pots (``from side pot-1``,
# ``Side pot-2``), the ``2-card`` and ``1-card`` labels; Bob all-in on his call, Cal on a call
# after the first draw. Bob's badugi takes the main pot, Cal's 3-card side pot 1, Hero's 2-card
# side pot 2 from Ann, who mucks (or shows a 1-card hand: SIDE_POTS_SHOWN).
SIDE_POTS = """\
PokerStars Hand #300000001: Tournament #800001, $2.00+$0.20 USD Badugi Limit - Level II \
(20/40) - 2012/03/12 21:00:00 ET
Table '800001 1' 6-max Seat #1 is the button
Seat 1: Ann (1000 in chips)
Seat 2: Bob (15 in chips)
Seat 3: Hero (1000 in chips)
Seat 4: Cal (50 in chips)
Bob: posts small blind 10
Hero: posts big blind 20
*** DEALING HANDS ***
Dealt to Hero [9h 3c 3h 9c]
Cal: raises 20 to 40
Ann: calls 40
Bob: calls 5 and is all-in
Hero: calls 20
*** FIRST DRAW ***
Bob: discards 1 card
Hero: stands pat
Cal: discards 2 cards
Ann: discards 3 cards
Hero: bets 20
Cal: calls 10 and is all-in
Ann: calls 20
*** SECOND DRAW ***
Bob: stands pat
Hero: stands pat
Cal: discards 1 card
Ann: discards 1 card
Hero: checks
Ann: checks
*** THIRD DRAW ***
Bob: stands pat
Hero: stands pat
Cal: stands pat
Ann: stands pat
Hero: checks
Ann: checks
*** SHOW DOWN ***
Bob: shows [Ad 2s 5h 7c] (Badugi: 7,5,2,A)
Hero: shows [9h 3c 3h 9c] (2-card: 9,3)
Cal: shows [4d 6s 8h Qh] (3-card: 8,6,4)
Ann: mucks hand
Hero collected 20 from side pot-2
Cal collected 105 from side pot-1
Bob collected 60 from main pot
*** SUMMARY ***
Total pot 185 Main pot 60. Side pot-1 105. Side pot-2 20. | Rake 0
"""
SIDE_POTS_SHOWN = SIDE_POTS.replace("Ann: mucks hand", "Ann: shows [Ks Kd Kc Kh] (1-card: K)")

# More of a tournament's notices (public trackers' parsers' shapes, as the rebuys'), before the
# seats, in the play and after the summary: the hand is REBUYS's.
NOTICES = (
    REBUYS.replace(
        "Seat 1: Ahn",
        "All players have agreed to skip the break. Game resuming.\nSeat 1: Ahn",
        1,
    )
    .replace(
        "*** DEALING HANDS ***",
        'Ahn [observer] said, "gl"\nDae has timed out while being disconnected\n'
        "*** DEALING HANDS ***",
        1,
    )
    .replace(
        "*** SUMMARY ***",
        "Hero wins the $5 bounty for eliminating Dae\n"
        "Hero wins $1.25 for eliminating Dae and their own bounty increases by $1.25 to $3.75\n"
        "Dae finished the tournament in 4th place and received 12 FPP.\n*** SUMMARY ***",
        1,
    )
    + "Hero wins an entry to tournament #900006\nBaek finished the tournament\n"
    "Choi was removed from the table for failing to post\n"
)

SITTING_OUT = ("Seat 3: Choi (1140 in chips)", "Seat 3: Choi (1140 in chips) is sitting out")
CAPPED = ("Hero: raises 30 to 120\n", "Hero: raises 30 to 120\nBetting is capped\n")
PAT_ON = ("Hero: stands pat\n", "Hero: stands pat on [4h 3s 8c 9d]\n")


def _all_of(text: str, *changes: tuple[str, str]) -> str:
    for old, new in changes:
        text = text.replace(old, new)
    return text


FOLDED_FREE = _all_of(
    CHECKED_AROUND,
    ("Hero: checks", "Hero: folds"),
    ("Hero: discards 2 cards [Kd Js]\n", ""),
    ("Dealt to Hero [Kc Qh] [2d 3s]\n", ""),
    ("Hero: folds\nAhn: folds", "Ahn: folds"),
)
# every hand, each class of line in it
HANDS = [
    _all_of(TOURNAMENT, SITTING_OUT, CAPPED, PAT_ON),
    SHORT_ALL_IN,
    CHECKED_AROUND,
    FOLDED_FREE,
    OUT_OF_TURN,
    NO_SMALL_BLIND,
    NO_SMALL_BLIND_TOURNAMENT,
    NO_SMALL_BLIND_HEADS_UP,
    NO_SMALL_BLIND_TOURNAMENT_HEADS_UP,
    REBUYS,
    SIDE_POTS,
    SIDE_POTS_SHOWN,
    NOTICES,
]
