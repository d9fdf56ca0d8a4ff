"""Every rule number of Nottingham, the game's version and options, and the proven bound on
the length of a game.

Sources: Nottingham rulebook, "Preparazione" (set-up), "Scambiare carte per punti vittoria"
(exchanges), "Le azioni" (the seven actions); the rulings are explained in
docs/games/nottingham.md.
"""

from __future__ import annotations

from tavola.core import OptionSpec
from tavola.games.nottingham.components import CARDS_PER_ITEM, ITEM_CARDS, TRACKS

VERSION = 3
MIN_PLAYERS = 3
MAX_PLAYERS = 7
STARTING_HAND = 3  # "Preparazione": three item cards each
EXCHANGE_MINIMUM = 3  # "Scambiare 3 o più carte oggetto"
AMBUSH_DRAW = 2  # "Imboscata": the top two ambush cards
TRADE_OFFER_MAX = 2  # "Commercio": one or two cards
COMMISSION_TAKERS = 2  # "Completare un incarico": at most two players per commission


def max_turns(track_length: int) -> int:
    """Return the most turns a game on a track of `track_length` spaces can last.

    The sheriff moves one space at each exchange that scores (except the eighth commission,
    which ends the game) and at each deck exhaustion, and the game ends at his
    (`track_length` + 1)-th move, so there are at most `track_length` + 1 stretches between
    moves. Cards join deck and discard (the *pool*) only in the step that moves the sheriff
    (an exchange's other cards, a commission's cards, the cards discarded in an exhaustion);
    every turn starts by drawing one card from the pool, and that card leaves it (into a
    hand, or under an ambush card). So within one stretch the pool only shrinks, and at most
    `ITEM_CARDS` turns draw in it; a turn whose draw finds the pool empty moves the sheriff
    and draws again in the next stretch, or ends the game. Hence at most
    `ITEM_CARDS` * (`track_length` + 1) turns draw a card, plus the one that ends the game.
    """
    return ITEM_CARDS * (track_length + 1) + 1


def max_decisions(players: int, track_length: int) -> int:
    """Return a proven bound on the decisions of one game (docs/games/nottingham.md).

    One turn asks at most: 1 (keep or act) + `players` (the longest action: every other
    player offers once in a Buy or a Trade, then the active player picks one; an attack
    asks 2, an ambush 1) + 1 (exchange, commission or pass) + the ambush window: each
    opponent leaves it by declining once (`players` - 1) and each spring takes one card
    from the exchange, which fails below three, so at most `CARDS_PER_ITEM` - 2 springs.
    Discarding down after an exhaustion asks one decision per card discarded, at most
    `ITEM_CARDS` per exhaustion, and each exhaustion moves the sheriff.
    """
    springs = CARDS_PER_ITEM - (EXCHANGE_MINIMUM - 1)
    per_turn = 1 + players + 1 + (players - 1) + springs
    return max_turns(track_length) * per_turn + ITEM_CARDS * (track_length + 1)


MAX_DECISIONS = max(max_decisions(p, len(track)) for p in range(MIN_PLAYERS, MAX_PLAYERS + 1)
                    for track in TRACKS.values())

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "track", "long", tuple(TRACKS),
        "the sheriff's track (a reconstruction): 'long' has each number 2-8 twice, "
        "'distinct' has each once",
        ruling="the printed track is not known (docs/games/nottingham.md, Reconstructions)"),
    OptionSpec(
        "rob_shows_card", False, (False, True),
        "after a Rob, show everybody which card the robber took",
        ruling="the rulebook keeps the look private and says nothing of the pick; default: "
               "only the two players see it (docs/games/nottingham.md)"),
    OptionSpec(
        "several_ambushes_each", False, (False, True),
        "let one player spring more than one ambush card on the same exchange",
        ruling="the rulebook lets a player spring 'one of their ambush cards'; default: one "
               "each (docs/games/nottingham.md)"),
)
