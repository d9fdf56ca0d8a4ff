"""Every rule number of Nottingham and the game's options.

Source: seed 002_227dadd6f08061b8.txt, sections "PREPARAZIONE", "Scambiare carte per punti
vittoria", "LE AZIONI"; RULINGS.md (Nottingham).
"""

from __future__ import annotations

from tavola.core import OptionSpec
from tavola.games.nottingham.components import TRACKS

MIN_PLAYERS = 3
MAX_PLAYERS = 7
STARTING_HAND = 3  # "PREPARAZIONE": 3 item cards each
EXCHANGE_MINIMUM = 3  # "Scambiare 3 o più carte oggetto"
AMBUSH_DRAW = 2  # "Imboscata": the top two ambush cards
TRADE_OFFER_MAX = 2  # "Commercio": 1 or 2 cards
# Seven players in one game: a safe ceiling on decisions for any line of play (the track
# bounds the sheriff's moves; every deck exhaustion moves him too).
MAX_DECISIONS = 40_000

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "track", "long", tuple(TRACKS),
        "the sheriff's track (a reconstruction): 'long' has each number 2-8 twice, "
        "'distinct' has each once",
        ruling="COMPONENTS.md: track numbers are not known; 'distinct' is the reviews' hint"),
    OptionSpec(
        "rob_shows_card", False, (False, True),
        "after a Rob, show everybody which card the robber took",
        ruling="the seed keeps the look private and says nothing of the pick; default: "
               "only the two players see it"),
    OptionSpec(
        "several_ambushes_each", False, (False, True),
        "let one player spring more than one ambush card on the same exchange",
        ruling="the seed lets a player spring 'one of their ambush cards'; default: one each"),
)
