"""The actions of Notre Dame, built once as constants.

Every decision is small: a card to keep or play, where its cube comes from, where the
carriage stops, whether to take a message, which Hotel benefit, which character to pay, and
so on. The text forms are stable: `keep:red.bank`, `play:blue.park`, `place`, `from:bank`,
`friend:hotel`, `move:2.3` (quarter 2, square 3), `take`, `benefit:gold`, `gold:2`,
`hire:doctor`, `pieces:2,friend`, `to:park`, `lose:bank`, `pass`, `forgo`, `stay`, `leave`.
"""

from __future__ import annotations

from tavola.core import Action
from tavola.games.notre_dame.components import (
    CHARACTER_NAMES,
    COLOURS,
    KIND_NAMES,
    SQUARES_PER_QUARTER,
    card_name,
)

ALL_CARDS = range(len(COLOURS) * 9)
KEEP = tuple(Action("keep", (card_name(c),)) for c in ALL_CARDS)
PLAY = tuple(Action("play", (card_name(c),)) for c in ALL_CARDS)
PLACE = Action("place")
FORGO = Action("forgo")
FROM_SECTOR = tuple(Action("from", (KIND_NAMES[s],)) for s in range(8))
"""`from:<sector>`; index 7 is `from:notre_dame`."""
FROM_FRIEND = Action("from", ("trusted_friend",))
FRIEND_TO = tuple(Action("friend", (KIND_NAMES[s],)) for s in range(7))
TO_SECTOR = tuple(Action("to", (KIND_NAMES[s],)) for s in range(7))
LOSE = tuple(Action("lose", (KIND_NAMES[s],)) for s in range(7))
STAY = Action("stay")
MAX_SQUARES = 5 * SQUARES_PER_QUARTER
MOVE = tuple(Action("move", (f"{sq // SQUARES_PER_QUARTER}.{sq % SQUARES_PER_QUARTER}",))
             for sq in range(MAX_SQUARES))
TAKE = Action("take")
LEAVE = Action("leave")
BENEFIT_GOLD = Action("benefit", ("gold",))
BENEFIT_CUBE = Action("benefit", ("cube",))
BENEFIT_RAT = Action("benefit", ("rat",))
GOLD = (Action("gold", ("0",)), Action("gold", ("1",)), Action("gold", ("2",)),
        Action("gold", ("3",)))
HIRE = tuple(Action("hire", (name,)) for name in CHARACTER_NAMES)
PASS = Action("pass")
PIECES = {(c, f): Action("pieces", (str(c), "friend") if f else (str(c),))
          for c in range(4) for f in (0, 1) if 1 <= c + f <= 3}
"""`pieces:<cubes>[,friend]` for the Minstrel."""

CARD_OF_TOKEN = {card_name(c): c for c in ALL_CARDS}
SECTOR_OF_TOKEN = {name: s for s, name in enumerate(KIND_NAMES[:8])}
SQUARE_OF_TOKEN = {a.args[0]: sq for sq, a in enumerate(MOVE)}
CHARACTER_OF_TOKEN = {name: c for c, name in enumerate(CHARACTER_NAMES)}
