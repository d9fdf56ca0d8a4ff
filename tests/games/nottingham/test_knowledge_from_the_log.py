"""Hidden information end to end: what a view says a player knows of each opponent's hand is
exactly what that player can work out from the log as they read it (issue 4,
"Information"). A view that knew more would leak; one that knew less would hide what the
table saw. The bookkeeping here is written from the events alone, independently of the
knowledge table in state.py."""

from __future__ import annotations

import pytest

from tavola.core import Event
from tavola.games.nottingham.components import (
    CANDLESTICK,
    CHEST,
    COPPER,
    GOLD,
    ITEM_TYPES,
    ITEMS,
    NECKLACE,
    PEARLS,
)
from tavola.games.nottingham.game import NottinghamState
from tests.conformance.harness import random_game
from tests.games.nottingham.scenario import legal, play, table

ITEM = {name: i for i, name in enumerate(ITEMS)}


class Reader:
    """What one reader of the log (a seat, or None for a spectator) is sure each hand holds:
    a count per item, which is how the table sees cards (one gold is like another)."""

    def __init__(self, players: int, viewer: int | None) -> None:
        self.viewer = viewer
        self.sure = [[0] * ITEM_TYPES for _ in range(players)]
        self.exchanged = -1

    def add(self, h: int, item: str | int, n: int = 1) -> None:
        self.sure[h][ITEM[item] if isinstance(item, str) else item] += n

    def remove(self, h: int, item: str | int, n: int = 1) -> None:
        i = ITEM[item] if isinstance(item, str) else item
        self.sure[h][i] = max(0, self.sure[h][i] - n)

    def lose_one_unseen(self, h: int) -> None:
        """A card left `h`'s hand and the reader did not see which: of every item, one
        fewer is certain."""
        self.sure[h] = [max(0, n - 1) for n in self.sure[h]]

    def show(self, h: int, items: list[str]) -> None:
        self.sure[h] = [items.count(name) for name in ITEMS]

    def read(self, e: Event) -> None:
        a = e.args
        k = e.key
        if k == "keep":
            self.add(a["player"], a["item"])
        elif k in ("announce", "open"):
            self.show(a["player"], a["items"])
        elif k == "look.secret":
            self.show(a["target"], a["items"])
        elif k == "offers.revealed":
            for entry in a["offers"]:
                seat, _, item = entry.partition(":")
                q = int(seat)
                self.sure[q][ITEM[item]] = max(self.sure[q][ITEM[item]], 1)
        elif k == "offer.open":
            for item in set(a["items"]):
                i = ITEM[item]
                self.sure[a["player"]][i] = max(self.sure[a["player"]][i],
                                                a["items"].count(item))
        elif k == "purchase":
            self.remove(a["target"], a["item"])
            self.add(a["player"], a["item"])
            self.add(a["target"], COPPER)
        elif k == "refuse":
            self.add(a["player"], COPPER)
        elif k == "defend":
            self.remove(a["player"], NECKLACE)
            self.add(a["target"], NECKLACE)
            self.add(a["player"], a["item"])
        elif k in ("steal.secret", "rob.secret"):
            thief, victim = a["player"], a["target"]
            if self.viewer == thief:
                self.remove(victim, a["item"])
            else:
                self.lose_one_unseen(victim)
                self.add(thief, a["item"])
            self.add(victim, CANDLESTICK if k == "steal.secret" else PEARLS)
        elif k in ("steal.hidden", "rob.hidden"):
            self.lose_one_unseen(a["target"])
            self.add(a["target"], CANDLESTICK if k == "steal.hidden" else PEARLS)
        elif k == "take.open":
            self.remove(a["target"], a["item"])
            self.add(a["player"], a["item"])
            self.add(a["target"], a["paid"])
        elif k == "trade.none":
            self.add(a["player"], CHEST)
        elif k == "accept":
            for item in a["items"]:
                self.remove(a["target"], item)
                self.add(a["player"], item)
            self.add(a["target"], CHEST)
        elif k == "exchange":
            self.exchanged = ITEM[a["item"]]
            self.remove(a["player"], a["item"], a["count"])
        elif k == "spring":
            self.add(a["player"], a["item"])
            self.add(a["target"], GOLD)
        elif k == "exchange.failed":
            self.add(a["player"], self.exchanged, a["count"])
        elif k == "commission":
            for item in a["items"]:
                self.remove(a["player"], item)
        elif k == "discard":
            self.remove(a["player"], a["item"])


def check_every_view_matches_the_log(states: list[NottinghamState]) -> int:
    """Read the final log once per reader and compare, state by state, what each view says
    with what the log said so far; return the number of comparisons."""
    players = states[-1].players
    compared = 0
    for viewer in [None, *range(players)]:
        events = states[-1].log(viewer)
        reader = Reader(players, viewer)
        read = 0
        for s in states:
            upto = len(s.log(viewer))
            for event in events[read:upto]:
                reader.read(event)
            read = upto
            seats = s.view(viewer)["seats"]
            for h in range(players):
                if h != viewer:
                    assert seats[h]["known"] == reader.sure[h], (
                        viewer, h, s.log_text(viewer)[-5:])
                    compared += 1
    return compared


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_what_a_view_knows_of_each_hand_is_what_the_log_told_that_player(players: int) -> None:
    for seed in range(3):
        states, _ = random_game("nottingham", players, 300 + seed)
        assert check_every_view_matches_the_log(
            [s for s in states if isinstance(s, NottinghamState)]) > 0


def test_what_a_view_knows_matches_the_log_through_every_action() -> None:
    s = table(4, hands={0: ["gold"], 1: ["gold", "chest", "jewels"], 2: ["necklace", "copper"],
                        3: ["pearls", "pearls", "chest"]}, drawn="pearls",
              deck_top=["candlestick", "copper", "chest", "jewels"])
    states = [s]
    moves: list[tuple[int, str]] = [
        (0, "rob:1"), (1, "decline"), (0, "take:chest"), (0, "pass"),
        (1, "steal:2"), (2, "decline"), (1, "pass"),
        (2, "buy"), (3, "?"), (0, "?"), (1, "?"), (2, "purchase:1"), (2, "pass"),
        (3, "trade"), (0, "?"), (1, "?"), (2, "?"), (3, "accept:2"), (3, "pass"),
        (0, "raid:3"), (3, "decline"), (0, "take:pearls"), (0, "pass")]
    for player, action in moves:
        if action == "?":
            action = legal(states[-1], player)[-1]
        states.append(play(states[-1], (player, action)))
    keys = {e.key for e in states[-1].log(None)}
    assert {"rob.hidden", "steal.hidden", "offers.revealed", "purchase", "offer.open",
            "accept", "open", "take.open"} <= keys
    assert check_every_view_matches_the_log(states) > 0


def test_the_log_names_the_cards_of_a_commission_as_they_go_face_up_to_the_discard() -> None:
    s = table(3, hands={0: ["gold", "gold", "pearls", "pearls", "chest", "chest", "jewels"]})
    s = play(s, (0, "commission:pairs3,gold,pearls,chest"))
    line = next(t for t in s.log_text(1) if "commission" in t)
    assert line == ("P1 (red) completes the commission 'three different pairs' with gold, "
                    "gold, pearls, pearls, chest, chest (card 1 of 2).")
