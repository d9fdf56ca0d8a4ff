"""Rattus components as data: the regions of the map, their adjacency, the 49 rat tokens
and the six class cards.

Printed values the rulebook leaves out are *reconstructions*: the adjacency map and the
tokens' thresholds and symbols. Each is marked where it is defined, with the constraints it
satisfies; `docs/games/rattus.md` ("Reconstructions") explains them in full and the tests in
`tests/games/rattus/test_components.py` check the constraints.
"""

from __future__ import annotations

from dataclasses import dataclass

# -- regions -----------------------------------------------------------------------------
# Order matters: the first 8 are the light regions (2 players), then the two medium-brown
# regions added for 3 players, then the two added for 4 players (rulebook, "Setup" 2).
REGION_NAMES: tuple[str, ...] = (
    "anglia", "gallia", "germania", "hispania", "hungaria", "italia", "polonia", "scandia",
    "bulgaria", "turcia",
    "russia", "tartaria",
)
REGION_INDEX: dict[str, int] = {name: i for i, name in enumerate(REGION_NAMES)}
LIGHT_REGIONS = 8
REGION_COUNT = len(REGION_NAMES)

# RECONSTRUCTION (docs/games/rattus.md, "Reconstructions: map"): the printed map is not
# known. This graph follows the geography of medieval Europe, with sea arrows Anglia-Gallia,
# Anglia-Scandia and Hispania-Italia, and satisfies the known constraints:
#   * Anglia, Gallia and Hispania form a connected group;
#   * Russia and Tartaria are neighbours;
#   * Germania and Turcia are not neighbours;
#   * among Hispania, Italia and Polonia exactly one pair (Hispania-Italia) are neighbours;
#   * the regions in play for 2, 3 and 4 players each form a connected map, so the plague
#     piece always has somewhere to go.
ADJACENT_PAIRS: tuple[tuple[str, str], ...] = (
    ("anglia", "gallia"), ("anglia", "scandia"),
    ("gallia", "hispania"), ("gallia", "germania"), ("gallia", "italia"),
    ("hispania", "italia"),
    ("germania", "italia"), ("germania", "scandia"), ("germania", "polonia"),
    ("germania", "hungaria"),
    ("italia", "hungaria"),
    ("scandia", "polonia"), ("scandia", "russia"),
    ("polonia", "hungaria"), ("polonia", "russia"),
    ("hungaria", "bulgaria"), ("hungaria", "turcia"), ("hungaria", "tartaria"),
    ("bulgaria", "turcia"), ("bulgaria", "tartaria"),
    ("turcia", "tartaria"),
    ("russia", "tartaria"),
)


def _adjacency() -> tuple[tuple[int, ...], ...]:
    table: list[set[int]] = [set() for _ in REGION_NAMES]
    for a, b in ADJACENT_PAIRS:
        table[REGION_INDEX[a]].add(REGION_INDEX[b])
        table[REGION_INDEX[b]].add(REGION_INDEX[a])
    return tuple(tuple(sorted(s)) for s in table)


ADJACENT: tuple[tuple[int, ...], ...] = _adjacency()

# -- class cards -------------------------------------------------------------------------
KING, MERCHANT, MONK, PEASANT, WITCH, KNIGHT = range(6)
CLASS_NAMES: tuple[str, ...] = ("king", "merchant", "monk", "peasant", "witch", "knight")
CLASS_INDEX: dict[str, int] = {name: i for i, name in enumerate(CLASS_NAMES)}
# The social class each card stands for; its icon is what appears on the rat tokens.
CLASS_ICONS: tuple[str, ...] = (
    "royalty", "bourgeoisie", "clergy", "peasantry", "magic", "chivalry")
CLASS_CODES: dict[str, int] = {"ki": KING, "me": MERCHANT, "mo": MONK, "pe": PEASANT,
                               "wi": WITCH, "kn": KNIGHT}


# -- rat tokens --------------------------------------------------------------------------
@dataclass(frozen=True)
class RatToken:
    """One rat token's front: threshold, majority hits (M or MM), A, and class icons."""

    threshold: int
    majority: int
    everyone: bool
    classes: tuple[int, ...]
    starting: bool

    @property
    def symbols(self) -> str:
        """Return the symbols as short text, e.g. ``MM A king``."""
        parts = ["M" * self.majority] if self.majority else []
        if self.everyone:
            parts.append("A")
        parts.extend(CLASS_NAMES[c] for c in self.classes)
        return " ".join(parts)


# RECONSTRUCTION (docs/games/rattus.md, "Reconstructions: the 49 tokens"): the printed
# tokens are not known. Design rule of this set:
#   * every token shows a threshold of 1 to 5 and at least one symbol;
#   * thresholds are mostly 2-3 (a region holding a few cubes is at risk, one holding many is
#     at risk from almost every token), with a few 1s and a few 4-5s;
#   * the heavier the penalty (MM, A, several icons), the higher the threshold tends to be;
#   * M, MM, A and class icons are all mixed; every class icon appears on at least 5 tokens;
#   * the 12 starting tokens (purple border) are gentler: thresholds 1-3, one or two hits.
# Each entry is "threshold symbols": M / MM majority, A all, two-letter class codes
# (ki king, me merchant, mo monk, pe peasant, wi witch, kn knight).
STARTING_CODES: tuple[str, ...] = (
    "1 M", "1 ki", "1 me", "2 M", "2 mo", "2 pe",
    "2 A", "2 wi", "2 kn", "3 M", "3 MM", "3 ki me",
)
OTHER_CODES: tuple[str, ...] = (
    "1 ki", "1 me", "1 mo", "1 pe", "1 wi",
    "2 M", "2 M", "2 A", "2 kn", "2 M ki", "2 M pe", "2 me mo", "2 wi kn", "2 M", "2 pe",
    "3 MM", "3 M", "3 A", "3 M me", "3 M kn", "3 A", "3 ki wi", "3 MM", "3 mo pe",
    "3 M wi", "3 M mo",
    "4 MM", "4 A", "4 MM ki", "4 M A", "4 A kn", "4 MM", "4 M me pe", "4 A wi",
    "5 MM A", "5 A mo kn", "5 MM me",
)


def _token(code: str, starting: bool) -> RatToken:
    words = code.split()
    majority = everyone = 0
    classes: list[int] = []
    for w in words[1:]:
        if w in ("M", "MM"):
            majority = len(w)
        elif w == "A":
            everyone = 1
        else:
            classes.append(CLASS_CODES[w])
    return RatToken(int(words[0]), majority, bool(everyone), tuple(classes), starting)


# Token ids: 0-11 are the starting tokens, 12-48 the others. An id names one physical token
# for the whole game; its front is TOKENS[id].
TOKENS: tuple[RatToken, ...] = tuple(
    [_token(c, True) for c in STARTING_CODES] + [_token(c, False) for c in OTHER_CODES])
STARTING_COUNT = len(STARTING_CODES)
TOKEN_COUNT = len(TOKENS)

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")
# A seat's display name in the log and on the map: its cube colour.
COLOUR_NAMES: tuple[str, ...] = tuple(c.capitalize() for c in COLOURS)
