"""Rattus (Åse & Henrik Berg, 2010) for 2-4 players: the plague sweeps medieval Europe.

Rules (seed `../shared/rules/001_fd664e5a4dc3eb03.txt`, in our own words)
-----------------------------------------------------------------------
Setup: 8 / 10 / 12 regions are in play for 2 / 3 / 4 players. Each region in play gets one
face-down starting rat token; the remaining starting tokens join the supply together with
the other tokens, of which 12 / 6 / 0 are first removed face down. The plague piece starts
on a random region in play. Each player has 20 cubes; the first player (seat 0) and then
clockwise everyone puts 2 cubes in a region, then from the last player counter-clockwise
everyone puts 2 more (possibly in the same region).

A turn: A) optionally take one class card, from beside the board or from another player;
B) optionally place in one region as many cubes as it has rat tokens, using the powers of
all held cards in any order; A and B may come in either order. C) move the plague piece
to an adjacent region (the Knight: up to 2 regions). The plague spreads from its new region:
1 token there sends 1 face-down token from the supply to an adjacent region, 2 or 3 send 2
(to one or two adjacent regions), never more than 3 tokens in a region. If the region holds a
token and a cube it is devastated: its tokens are revealed one by one until all are revealed
or no cube is left; a token whose threshold the population reaches hits: each M the
player(s) with most cubes there, A every player there, each class icon the card's holder if
present; every revealed token leaves the game. The Knight's holder, when active, first
decides whether the plague counts as 2 neutral cubes.

Powers: King, one own cube from a region without rats to the safe palace; Merchant, up to 3
own cubes to an adjacent region; Monk, one token to an adjacent region; Peasant, one cube
more when placing (also where there are no rats); Witch, look at two tokens and maybe swap
them; Knight, as above.

End: when, at the end of a turn, the supply is empty or a player has all cubes on the
board. From the last player's right-hand neighbour counter-clockwise, every other player
may use their cards once more (Peasant: 1 cube anywhere; Knight: plague up to 2 regions),
then every token on the board is resolved with the plague as 2 neutral cubes. Most cubes on
the board (palace included) wins; a tie goes to the tied player who would play next.

Size: 2-4 players; about 20-40 turns (random play: 70-180 decisions a game); each turn is
a chain of 2-10 small decisions with at most about 200 legal actions at a time (most from
the Merchant and the Monk).

Parameters (options of `tavola.make("rattus", players, seed, **options)`)
-------------------------------------------------------------------------
| option | default | choices | meaning |
|---|---|---|---|
| ties | "next_player" | "next_player", "shared" | tie-break (RULINGS.md Rattus 4) |

Rulings (full text and tests: docs/games/rattus.md)
---------------------------------------------------
RULINGS.md Rattus 1-4 (Witch on board tokens only, knowledge private; the active player
places spreading tokens, tokens that fit nowhere are lost; class icons hit holders with a
cube there, MM one M at a time; final round order and tie-break), and our R1-R10: powers
once per turn; A after B ends B; short reserves; the Knight's 2-step reach; reveal order;
the final Knight move neither spreads nor devastates; lost cubes leave the game; starting
tokens' backs are public; the Witch may look within one region; the final Peasant cube.

Reconstructions (components.py): the adjacency map and the 49 tokens' fronts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Game, GameInfo, register
from tavola.games.rattus import config, heuristics, rules, text
from tavola.games.rattus.state import RattusState


@register
class RattusGame(Game):
    """Rattus with a player count and options."""

    info = GameInfo(
        name="rattus", title="Rattus", min_players=config.MIN_PLAYERS,
        max_players=config.MAX_PLAYERS, version=1, options=config.OPTIONS,
        summary="Spread the plague across medieval Europe and keep your people alive.",
        simultaneous=False, hidden_information=True, chance=True, max_decisions=20_000,
        policies={"greedy": heuristics.GreedyPolicy})
    catalog = text.CATALOG

    def new_state(self, seed: int) -> RattusState:
        """Set up a new game from `seed`."""
        return rules.new_state(self, seed)

    def state_from_json(self, data: Mapping[str, Any]) -> RattusState:
        """Rebuild a state from `to_json` data."""
        return RattusState.from_data(self, data)

    def render_view(self, view: Mapping[str, Any]) -> str:
        """Return the legible map of a view."""
        return text.render_view(view)

    def player_name(self, player: int) -> str:
        """Return the seat's colour."""
        return text.player_name(player)
