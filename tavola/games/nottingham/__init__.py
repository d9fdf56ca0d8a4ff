"""Nottingham (Uwe Rosenberg, Abacus 2006), 3-7 players: a card game of sheriff's assistants
who rob each other. Rules source: the Nottingham rulebook (Italian edition); every rule
function cites its section, and docs/games/nottingham.md explains every ruling and
reconstruction in full.

Rules in brief ("Preparazione", "Svolgimento della partita", "Le azioni"). 84 item cards, 12
each of seven items worth 7 to 13 points, each with an action. Everyone starts with three
unseen cards. On your turn you draw the top card and show it; you either keep it or play it
for its action:

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

Then you may make one exchange ("Scambiare carte per punti vittoria"): three or more
identical cards (one goes face down to your winnings, the rest to the discard), or a
commission (seven different items; five identical; four different pairs; three different
pairs), each at most once per player and twice in all, the first completer scoring the
higher single-pawn value unless a second completes it too. Opponents' ambush cards can take
cards from an exchange of 3+ (a card showing the item, or showing the exchanger's colour);
left with fewer than three, the exchange fails. After each exchange the sheriff moves one
space and everyone holding no more cards than its number draws one card unseen. The game
ends when the sheriff is back in Nottingham or the eighth commission is taken; winnings plus
commissions score, ties go to more winnings cards, then are shared.

Size: 84 item cards, 13 ambush cards (one per colour in play plus 6 two-item cards), 8
commissions; a game lasts about 15 exchanges on the default track, a few hundred decisions.
Hidden information: the starting hands, the sheriff's favours, cards that change hands
unseen (steal, rob), face-down offers and ambush cards; chance: shuffles and the steal.

| option | default | values | meaning |
|---|---|---|---|
| `track` | `long` | `long`, `distinct` | sheriff's track (a reconstruction) |
| `rob_shows_card` | `False` | `False`, `True` | everybody sees the card taken in a Rob |
| `several_ambushes_each` | `False` | `False`, `True` | one player may spring several ambushes |

Default rulings: (1) Buy offers are collected hidden, revealed together; (2) several
ambushers act in turn order from the active player's left; (3) a commission is an exchange
(the sheriff moves, favours follow); (4) the game ends at the end of the exchange that
brings the sheriff home or takes the eighth commission (after the eighth, the sheriff does
not move). Project rulings: seat 0 starts; an attack needs a target with a card in hand; an
ambush needs two ambush cards in the deck; each player springs at most one ambush per
exchange (option `several_ambushes_each`), and asking stops once fewer than three cards are
left; a failed exchange ends the turn and does not move the sheriff; favours go in turn
order from the active player; on the town of Nottingham (before the first move) there is no
number, so an exhaustion discards nothing; a draw that still finds no card after an
exhaustion applies the exception again (in a real game someone always has cards to discard
by then, so the sheriff never moves twice in a row that way); favours still due when the
exhaustion rule interrupts them are lost; a Trade nobody can answer leaves the chest with
the active player; the card taken in a Rob is seen only by the two players (option
`rob_shows_card`); the Defence window is offered to every attacked player and the ambush
window to every opponent with an ambush card in play, whatever they hold, so being asked
reveals nothing.

Reconstructions (not printed in the rulebook): the track's numbers, the commission values,
the item pairs of the two-item ambush cards -- all in components.py with their constraints.
"""

from __future__ import annotations

from tavola.core import register
from tavola.games.nottingham.game import NottinghamGame

register(NottinghamGame)

__all__ = ["NottinghamGame"]
