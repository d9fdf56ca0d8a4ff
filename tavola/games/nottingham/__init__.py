"""Nottingham (Uwe Rosenberg, Abacus 2006), 3-7 players: a card game of sheriff's assistants
who rob each other. Rules source: ../shared/rules/002_227dadd6f08061b8.txt (Italian, full),
COMPONENTS.md and RULINGS.md (Nottingham).

Rules in brief. 84 item cards, 12 each of seven items worth 7 to 13 points, each with an
action. Everyone starts with three unseen cards. On your turn you draw the top card and show
it; you either keep it or play it for its action:

- copper coin, *buy*: everyone else offers one card face down (never a copper coin; a hand
  with nothing else is shown to all); the offers are revealed together and you buy one with
  the coin or refuse them all and keep the coin;
- silver candlestick, *steal*: a random card from an opponent, who gets the candlestick;
- gold, *ambush*: draw two ambush cards, keep one (not your colour) face down with the gold
  under it, put the other under the ambush deck;
- pearls, *rob*: look at an opponent's hand in secret, take a card, give the pearls;
- jewels, *raid*: an opponent's hand is laid open to all, take a card, give the jewels;
- necklace, *defence*: never played when drawn; held in hand, it cancels a steal, rob or raid
  against you: you take the attacker's card and give them the necklace;
- chest, *trade*: from your left, everyone else offers one or two cards face up (never a
  chest); you must accept one offer for the chest.

Then you may make one exchange: three or more identical cards (one goes face down to your
winnings, the rest to the discard), or a commission (seven different items; five identical;
four different pairs; three different pairs), each at most once per player and twice in all,
the first completer scoring the higher single-pawn value unless a second completes it too.
Opponents' ambush cards can take cards from an exchange of 3+ (a card showing the item, or
showing the exchanger's colour); left with fewer than three, the exchange fails. After each
exchange the sheriff moves one space and everyone holding no more cards than its number draws
one card unseen. The game ends when the sheriff is back in Nottingham or the eighth commission
is taken; winnings plus commissions score, ties go to more winnings cards, then are shared.

Size: 84 item cards, 13 ambush cards (one per colour in play plus 6 two-item cards), 8
commissions; a game lasts about 15 exchanges on the default track, a few hundred decisions.
Hidden information: the starting hands, the sheriff's favours, cards that change hands
unseen (steal, rob), face-down offers and ambush cards; chance: shuffles and the steal.

| option | default | values | meaning |
|---|---|---|---|
| `track` | `long` | `long`, `distinct` | sheriff's track (reconstruction, see components.py) |
| `rob_shows_card` | `False` | `False`, `True` | everybody sees the card taken in a Rob |
| `several_ambushes_each` | `False` | `False`, `True` | one player may spring several ambushes |

Rulings (RULINGS.md, Nottingham): (1) Buy offers are collected hidden, revealed together;
(2) several ambushers act in turn order from the active player's left; (3) a commission is
an exchange (the sheriff moves, favours follow); (4) the game ends at the end of the exchange
that brings the sheriff home or takes the eighth commission (after the eighth, the sheriff
does not move). Project rulings (docs/games/nottingham.md): seat 0 starts; an attack needs a
target with a card in hand; an ambush needs two ambush cards in the deck; each player springs
at most one ambush per exchange (option `several_ambushes_each`), and asking stops once fewer
than three cards are left; a
failed exchange ends the turn and does not move the sheriff; favours go in turn order from
the active player; on the town of Nottingham (before the first move) there is no number, so
an exhaustion discards nothing; favours still due when the exhaustion rule interrupts them
are lost; a Trade nobody can answer leaves the chest with the active player; the card taken
in a Rob is seen only by the two players (option `rob_shows_card`); the Defence window is
offered to every attacked player and the ambush window to every opponent with an ambush card
in play, whatever they hold, so being asked reveals nothing.

Reconstructions (COMPONENTS.md): the track's numbers, the commission values, the item pairs of
the two-item ambush cards — all in components.py with their constraints.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Event, Game, GameInfo, register
from tavola.core.errors import CorruptState
from tavola.games.nottingham import text
from tavola.games.nottingham.components import TRACKS
from tavola.games.nottingham.config import MAX_DECISIONS, MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from tavola.games.nottingham.heuristics import GreedyPolicy
from tavola.games.nottingham.invariants import check_state
from tavola.games.nottingham.rules import setup
from tavola.games.nottingham.state import NottinghamState, state_from_data


@register
class NottinghamGame(Game):
    """Nottingham for 3-7 players."""

    info = GameInfo(
        name="nottingham", title="Nottingham", min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS, version=2, options=OPTIONS,
        summary="Collect and exchange item cards for points while robbing the other "
                "sheriff's assistants; offers, defences and ambushes by non-active players.",
        simultaneous=True, hidden_information=True, chance=True,
        max_decisions=MAX_DECISIONS, policies={"greedy": GreedyPolicy})
    catalog = text.CATALOG

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.track: tuple[int, ...] = TRACKS[self.options["track"]]

    def new_state(self, seed: int) -> NottinghamState:
        """Set up a new game from `seed`."""
        return setup(self, seed)

    def state_from_json(self, data: Mapping[str, Any]) -> NottinghamState:
        """Rebuild a state from `to_json` data; raise CorruptState if it is not consistent."""
        events = [Event.from_json(e) for e in data["log"]]
        state = state_from_data(self, dict(data["state"]), events)
        problem = check_state(state)
        if problem:
            raise CorruptState(f"not a consistent Nottingham state: {problem}")
        return state

    def render_event(self, event: Event, lang: str = "en") -> str:
        """Return the text of one event, seats and items by name."""
        return text.render_event(event, lang)

    def render_view(self, view: Mapping[str, Any]) -> str:
        """Return the legible table of a view."""
        return text.render_view(view)

    def player_name(self, player: int) -> str:
        """Return a seat's display name."""
        return text.player_name(player) if 0 <= player < MAX_PLAYERS else f"P{player + 1}"


__all__ = ["NottinghamGame"]
