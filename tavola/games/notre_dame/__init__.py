"""Notre Dame (Stefan Feld, alea 2007) for 2 to 5 players.

Rules (in our words; seeds 000_5dba4fcea6f02f9d.txt Italian and 003_d1b074b6f396f4ec.txt
Polish): each player runs a quarter of Paris around the cathedral. The game has 3 periods
(A, B, C) of 3 rounds; every round has five phases:

1. three characters are revealed (two brown, one grey of the period);
2. draft: everyone draws 3 of their 9 action cards, keeps 1 and passes 2 to the left, keeps
   1 of the 2 received and passes the other on (2 players: it goes back);
3. in turn order from the bell ringer each plays a card and carries out its action, twice;
   the third card goes face down without effect;
4. in turn order each may pay 1 gold for one of the three characters;
5. plague: rat markers advance by the rats on the three characters, less the Hospital.

Actions place a cube from the personal supply in a quarter sector and pay by the sector's
count: Convent school (cubes), Bank (gold), Residence (prestige), Carriage house (drive and
collect messages), Hotel (gold / cube / rat back, twice from the 4th cube), Park (rat back;
+1 prestige per 2 park pieces on every gain), Hospital (rat back; reduces the plague), Notre
Dame (give 1/2/3 gold for 1/3/6 prestige; a share of 6/8/10/12 prestige at period end), and
the Trusted friend (a roaming piece that counts as a cube). After 9 rounds the most prestige
wins; ties go to gold + personal cubes.

Size: about 90 decisions per player per game; 45 action cards, 15 characters, 20 messages,
2-5 quarters of 5 market squares.

| option | default | values | ruling |
|---|---|---|---|
| gold | limited | limited, unlimited | RULINGS.md Notre Dame 1 |

Rulings (all in docs/rulings.md): RULINGS.md Notre Dame 1-11 are the defaults; tavola adds
that a carriage that stays put takes no message, that the rat step of the 3-prestige
message is always taken, that any card may be played for nothing, that a bank shortfall is
taken from the richest other player first and then the next, and that prestige is public.

Reconstructions (components.py; docs/reconstructions.md): the rats on each character card
and the road network between market squares.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Catalog, Game, GameInfo, register
from tavola.games.notre_dame import config
from tavola.games.notre_dame.components import COLOURS, road_distances
from tavola.games.notre_dame.heuristics import GreedyPolicy
from tavola.games.notre_dame.state import NDState
from tavola.games.notre_dame.text import TEMPLATES, render_event_args, render_view


@register
class NotreDame(Game):
    """Notre Dame: the rules for a player count and options."""

    info = GameInfo(
        name="notre-dame",
        title="Notre Dame",
        min_players=2,
        max_players=5,
        version=config.VERSION,
        options=config.OPTIONS,
        summary="Influence in the quarters of Paris around the cathedral; 9 rounds.",
        simultaneous=True,
        hidden_information=True,
        chance=True,
        max_decisions=3000,
        policies={"greedy": GreedyPolicy},
    )
    catalog = Catalog(TEMPLATES, render_event_args)

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.unlimited_gold = self.options["gold"] == "unlimited"
        self.quarters = 4 if players == 2 else players
        self.player_quarter = (0, 2) if players == 2 else tuple(range(players))
        # Two players sit opposite; the empty quarters hold two unused colours' messages.
        self.message_quarters: tuple[tuple[int, int], ...] = (
            ((0, 0), (2, 1), (1, 2), (3, 3)) if players == 2
            else tuple((p, p) for p in range(players)))
        self.quarter_colour = {q: c for c, q in self.message_quarters}
        self.distances = road_distances(self.quarters)

    def new_state(self, seed: int) -> NDState:
        """Set up a new game."""
        from tavola.games.notre_dame.rules import setup

        return setup(self, seed)

    def state_from_json(self, data: Mapping[str, Any]) -> NDState:
        """Rebuild a state from its JSON form."""
        return NDState.from_data(self, data)

    def render_view(self, view: Mapping[str, Any]) -> str:
        """Draw a view as text."""
        return render_view(view)

    def player_name(self, player: int) -> str:
        """Seats are named by colour."""
        return f"{COLOURS[player].capitalize()} (P{player + 1})"
