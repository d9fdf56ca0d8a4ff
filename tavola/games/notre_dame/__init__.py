"""Notre Dame (Stefan Feld, alea 2007) for 2 to 5 players.

Rules in our words (the Notre Dame rulebook, in its Italian and Polish editions; sections
cited by their English names): each player runs a quarter of Paris around the cathedral.
The game has 3 periods (A, B, C) of 3 rounds; every round has five phases ("Course of
play"):

1. three characters are revealed (two brown, one grey of the period);
2. draft: everyone draws 3 of their 9 action cards, keeps 1 and passes 2 to the left, keeps
   1 of the 2 received and passes the other on (2 players: it goes back);
3. in turn order from the bell ringer each plays a card and carries out its action, twice;
   the third card goes face down without effect;
4. in turn order each may pay 1 gold for one of the three characters ("The characters");
5. plague: rat markers advance by the rats on the three characters, less the Hospital
   ("The plague").

Actions ("The action cards") place a cube from the personal supply in a quarter sector and
pay by the sector's count: Convent school (cubes), Bank (gold), Residence (prestige),
Carriage house (drive and collect messages), Hotel (gold / cube / rat back, twice from the
4th cube), Park (rat back; +1 prestige per 2 park pieces on every gain), Hospital (rat back;
reduces the plague), Notre Dame (give 1/2/3 gold for 1/3/6 prestige; a share of 6/8/10/12
prestige at period end), and the Trusted friend (a roaming piece that counts as a cube).
After 9 rounds the most prestige wins; ties go to gold + personal cubes ("End of the game").

Size: 140-350 decisions per random game (2-5 players), at most 16 per player per round
(config.py derives the bound); 45 action cards, 15 characters, 20 messages, 2-5 quarters of
5 market squares.

| option | default | values | ruling |
|---|---|---|---|
| gold | limited | limited, unlimited | 'Bank shortfall' |

Rulings (docs/rulings.md, by name): 'Bank shortfall', 'General supply runs out', 'Prestige
never below zero', 'Park bonus on every gain', 'Park or Hospital at rat zero', 'Plague
overflow', 'Carriage move', 'Two-player draft', 'Trusted friend moves', 'Out of personal
cubes', 'End-game ties'; and where the rulebook is silent: 'Any card for nothing', 'Notre
Dame needs gold', 'A carriage that stays takes no message', 'The message's rat step is
always taken', 'No gold, no character', 'Grey characters shuffled within their letter',
'Public record as a memory aid', 'Plague in turn order'.

Reconstructions (components.py; docs/reconstructions.md): the rats on each character card
and the road network between market squares.

The package has the one shape every tavola game has: components and config (data), state
(the position's fields), actions, rules, view (views and sampling), text, heuristics,
encoding (action indices and observation tensors), schema (loading) and game (the contract
binding).
"""

from __future__ import annotations

from tavola.core import register
from tavola.games.notre_dame.game import NotreDame

register(NotreDame)
