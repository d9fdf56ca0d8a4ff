"""Scenario helpers: build exact Notre Dame positions instead of hoping for a lucky shuffle."""

from __future__ import annotations

from collections.abc import Callable

import tavola
from tavola.games.notre_dame.actions import CARD_OF_TOKEN
from tavola.games.notre_dame.components import card_id
from tavola.games.notre_dame.state import PLAY, NDState

SECTOR = {"convent_school": 0, "bank": 1, "residence": 2, "carriage_house": 3, "hotel": 4,
          "park": 5, "hospital": 6, "notre_dame": 7, "trusted_friend": 8}


def fresh(players: int = 4, seed: int = 0, **options: object) -> NDState:
    """A new game."""
    s = tavola.make("notre-dame", players, seed, **options)
    assert isinstance(s, NDState)
    return s


def edit(s: NDState, change: Callable[[NDState], None]) -> NDState:
    """Return a copy of `s` changed by `change` (never touches `s`)."""
    c = s.clone()
    c.own_cards()
    change(c)
    return c


def take_card(s: NDState, card: int) -> None:
    """Remove a card from wherever it lies."""
    for zones in (s.deck, s.hand, s.received, s.facedown, s.played):
        for cards in zones:
            if card in cards:
                cards.remove(card)
                return


def set_quarter(s: NDState, p: int, **counts: int) -> None:
    """Set a player's cube counts by sector name, moving cubes to or from the general supply."""
    for name, n in counts.items():
        if name == "notre_dame":
            s.general[p] += s.nd[p] - n
            s.nd[p] = n
        else:
            t = SECTOR[name]
            s.general[p] += s.sectors[p][t] - n
            s.sectors[p][t] = n


def playing(s: NDState, p: int, *cards: str, second: bool = False) -> NDState:
    """Return a copy where `p` must play a card now and holds `cards` (tokens like 'red.bank'
    or kinds like 'bank', meaning p's own colour)."""
    def change(c: NDState) -> None:
        hand = []
        for token in cards:
            card = CARD_OF_TOKEN[token] if "." in token else card_id(p, SECTOR[token])
            take_card(c, card)
            hand.append(card)
        c.hand[p] = hand
        c.phase = PLAY
        c.stack = []
        n = len(c.gold)
        c.turn = n if second else 0
        c.first = p
        c.choice = [-1] * n
    return edit(s, change)


def run(s: NDState, p: int, *actions: str) -> NDState:
    """Apply `p`'s actions in order through the public boundary."""
    out: tavola.State = s
    for a in actions:
        out = out.apply(p, a)
    assert isinstance(out, NDState)
    return out


def events(s: NDState, key: str) -> list[dict[str, object]]:
    """The arguments of every public log event with `key`."""
    return [dict(e.args) for e in s.log(None) if e.key == key]
