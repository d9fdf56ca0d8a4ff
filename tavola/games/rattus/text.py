"""Rattus in words: log templates (and who may read the private ones), prompts, action
labels and the terminal map."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Action, Catalog
from tavola.core.events import Private
from tavola.games.rattus.components import COLOUR_NAMES, COLOURS, REGION_INDEX, REGION_NAMES
from tavola.games.rattus.state import (
    FINAL,
    KNIGHT_DECISION,
    MERCHANT_TO,
    MONK_TO,
    SETUP,
    SPREAD,
    TURN,
    WITCH_SECOND,
    WITCH_SWAP,
    Position,
)


def _seat(args: Mapping[str, Any]) -> frozenset[int]:
    """Return the audience of an event read by the seat it names in `seat`."""
    seat = args["seat"]
    if type(seat) is not int:
        raise TypeError("an event's seat is a whole number")
    return frozenset({seat})


TEMPLATES: dict[str, str] = {
    "setup": "Setup: {regions} regions in play, {supply} tokens in the supply, {aside} set "
             "aside; the plague starts in {plague}",
    "setup.place": "{player} places {cubes} cubes in {region}",
    "turn": "Turn {turn}: {player}",
    "take": "{player} takes the {card} ({source})",
    "place": "{player} places {cubes} cubes in {region}",
    "place.one": "{player} places 1 cube in {region}",
    "king": "{player} (King) moves a cube from {region} to the palace",
    "merchant": "{player} (Merchant) moves {cubes} cubes from {source} to {target}",
    "merchant.one": "{player} (Merchant) moves 1 cube from {source} to {target}",
    "monk": "{player} (Monk) moves {source} to {target}",
    "witch.look": "{player} (Witch) looks at {first} [{first_token}] and {second} "
                  "[{second_token}]",
    "witch.look.public": "{player} (Witch) looks at {first} and {second}",
    "witch.swap": "{player} swaps the tokens {first} and {second}",
    "witch.keep": "{player} leaves the tokens {first} and {second} in place",
    "plague": "{player} moves the plague to {region} ({spread} tokens spread)",
    "plague.one": "{player} moves the plague to {region} (1 token spreads)",
    "plague.none": "{player} moves the plague to {region} (no token spreads)",
    "plague.final": "{player} (Knight) moves the plague to {region}",
    "spread": "A face-down rat token spreads to {region} ({supply} left in the supply)",
    "knight": "{player} (Knight) counts the plague as 2 cubes: {boost}",
    "reveal": "Revealed in {region}: threshold {threshold}, {symbols} (population "
              "{population}: {outcome})",
    "lose": "{player} loses a cube in {region} ({symbol})",
    "end": "The game ends after {player}'s turn: the rat token supply is empty",
    "end.cubes": "The game ends after {player}'s turn: every cube of {players} is on the board",
    "round.last": "Round {round} begins, the last one: the turn limit ends the game after it",
    "end.limit": "The game ends after {player}'s turn: {rounds} rounds have been played, the "
                 "turn limit",
    "final.turn": "Final class round: {player}",
    "final.resolution": "Every remaining token is resolved",
    "result": "Cubes on the board: {scores}. Winner: {winners}",
}

# The Witch's look is read whole by her seat only (ruling R13); the others read where she
# looked, not what she saw.
CATALOG = Catalog({"en": TEMPLATES},
                  private={"witch.look": Private(_seat, "witch.look.public")},
                  unprinted={"plague.one": frozenset({"spread"}),
                             "plague.none": frozenset({"spread"}),
                             "place.one": frozenset({"cubes"}),
                             "merchant.one": frozenset({"cubes"}),
                             "witch.look": frozenset({"seat"})})


PHASE_WORDS: dict[str, str] = {
    "setup": "initial placement", "turn": "class card, cubes and powers, plague",
    "spread": "the plague spreads", "knight": "the Knight's decision",
    "witch_second": "the Witch looks", "witch_swap": "the Witch looks",
    "merchant_to": "the Merchant moves cubes", "monk_to": "the Monk moves a token",
    "final": "final class round", "over": "game over",
}


INITIALS: tuple[str, ...] = tuple(c[0].upper() for c in COLOURS)


def player_name(player: int) -> str:
    """Return a seat's display name: its cube colour."""
    return COLOUR_NAMES[player]


def prompt(s: Position, player: int) -> str:
    """Return what the active player is asked (never naming a face-down token's front)."""
    phase = s.phase
    if phase == SETUP:
        return "Place 2 cubes in a region"
    if phase == TURN:
        parts = []
        if not s.took:
            parts.append("take a card (A)")
        if not s.b_closed:
            parts.append("place cubes or use powers (B)")
        parts.append("move the plague (C)")
        return "Your turn: " + ", ".join(parts)
    if phase == SPREAD:
        return (f"Plague in {_arg_label(_region(s.spread_from))}: where does a face-down "
                f"rat token spread? ({s.spread_left} to place)")
    if phase == KNIGHT_DECISION:
        where = _arg_label(_region(s.plague))
        return f"Knight: before {where} is devastated, count the plague as 2 neutral cubes?"
    if phase == WITCH_SECOND:
        return "Witch: choose the second token to look at"
    if phase == WITCH_SWAP:
        return "Witch: swap the two tokens you looked at, or keep them"
    if phase == MERCHANT_TO:
        return (f"Merchant: move up to 3 of your cubes from {_arg_label(_region(s.pick))} "
                "to an adjacent region")
    if phase == MONK_TO:
        return (f"Monk: choose a token in {_arg_label(_region(s.pick))} and the adjacent "
                "region it goes to")
    if phase == FINAL:
        return "Final round: use your class powers, then done"
    return "The game is over"


def describe(s: Position, player: int, action: Action) -> str:
    """Return a human label for a legal action."""
    k, a = action.kind, [_arg_label(x) for x in action.args]
    simple = {
        "setup": "place 2 cubes in {0}", "take": "take the {0} card",
        "king": "King: a cube from {0} to the palace",
        "merchant": "Merchant: move {2} cubes from {0} to {1}",
        "monk": "Monk: move {0} to {1}", "witch": "Witch: look at {0}",
        "swap": "Witch: swap the two tokens", "keep": "Witch: leave the tokens where they are",
        "peasant": "Peasant: one cube in {0}", "plague": "move the plague piece to {0}",
        "spread": "the rat token goes to {0}", "boost": "Knight: the plague counts as 2 cubes",
        "no_boost": "Knight: the plague does not count", "done": "done",
    }
    if k == "place":
        r = REGION_INDEX[action.args[0]]
        extra = 1 if len(a) > 1 else 0
        count = min(len(s.tokens[r]) + extra, s.reserve[player])
        cubes = "1 cube" if count == 1 else f"{count} cubes"
        return f"place {cubes} in {a[0]}" + (" (Peasant: one more)" if extra else "")
    if k == "take" and s.phase == TURN and (s.placed or s.used) and not s.b_closed:
        return f"take the {a[0]} card (this ends your placing and class powers this turn)"
    if k == "merchant" and len(a) == 1:
        return f"Merchant: move some of your cubes out of {a[0]}"
    if k == "merchant" and a[2] == "1":
        return f"Merchant: move 1 cube from {a[0]} to {a[1]}"
    if k == "monk" and len(a) == 1:
        return f"Monk: move a rat token out of {a[0]}"
    template = simple.get(k)
    return template.format(*a) if template is not None else str(action)


def _region(r: int) -> str:
    return REGION_NAMES[r]


def _arg_label(arg: str) -> str:
    """Return an action argument for people: regions capitalised, tokens counted from 1."""
    name, dot, slot = arg.partition(".")
    if name in REGION_INDEX:
        return f"{name.capitalize()} token {int(slot) + 1}" if dot else name.capitalize()
    return arg


def _token_label(slot: Mapping[str, Any], you: int | None) -> str:
    front = slot["front"]
    back = "*" if slot["starting"] else ""
    # Who else knows the token matters to a person even when they know it themselves.
    seen = "".join(f"({INITIALS[q]})" for q in slot["seen_by"] if q != you)
    face = "?" if front is None else f"[{front['threshold']} {front['symbols']}]"
    return f"{face}{back}{seen}"


def _by_colour(counts: list[int]) -> str:
    return " ".join(f"{INITIALS[p]}{c}" for p, c in enumerate(counts) if c) or "-"


def render_view(view: Mapping[str, Any]) -> str:
    """Return the map as text within 80 columns: per region the plague piece, the cubes by
    colour, the neighbouring regions and the rat tokens; then palace, reserves, class cards
    and the token supply."""
    n = view["players"]
    names = [player_name(p) for p in range(n)]
    active = view["active"]
    turn = view["turn"]
    lines = [f"Rattus - turn {turn}"
             + (f", {names[active]} to act" if active is not None else "")
             + f" ({PHASE_WORDS.get(view['phase'], view['phase'])})",
             f"  {'region':<10}{'':<8}{'cubes':<17}{'next to':<25}rat tokens"]
    for r in view["regions"]:
        tokens = " ".join(_token_label(t, view["you"]) for t in r["tokens"]) or "-"
        plague = "PLAGUE" if r["plague"] else ""
        near = " ".join(x[:3].capitalize() for x in r["neighbours"])
        # Tokens come last: a long front the viewer knows only makes its own line longer.
        lines.append(f"  {r['name'].capitalize():<10}{plague:<8}{_by_colour(r['cubes']):<17}"
                     f"{near:<25}{tokens}")
    lines.append("  Palace: " + "  ".join(f"{names[p].lower()} {c}"
                                          for p, c in enumerate(view["palace"])))
    lines.append("  Reserve: " + "  ".join(f"{names[p].lower()} {c}"
                                           for p, c in enumerate(view["reserve"])))
    held: dict[int, list[str]] = {}
    for card, h in view["cards"].items():
        held.setdefault(n if h is None else h, []).append(card)
    groups = [f"{names[h] if h < n else 'free'} {', '.join(held[h])}" for h in sorted(held)]
    cards = "  Class cards: " + "; ".join(groups)
    if len(cards) > 80:
        cards = "  Class cards: " + "; ".join(groups[:2]) + ";\n    " + "; ".join(groups[2:])
    lines.append(cards)
    sup = view["supply"]
    # The round limit (ruling R17) is shown so that nobody is surprised when it is reached.
    rounds = f", round {(turn - 1) // n + 1} of at most {view['round_limit']}" if turn else ""
    lines.append(f"  Token supply: {sup['starting'] + sup['other']} "
                 f"({sup['starting']} starting), out of the game: {len(view['out_of_game'])}"
                 + rounds)
    legend = ", ".join(f"{INITIALS[p]} {names[p].lower()}" for p in range(n))
    lines.append(f"  Cubes: {legend}. Tokens: ? face down, * starting,")
    lines.append("  (B) Blue has seen it, [2 M] a front you have seen: threshold, symbols.")
    return "\n".join(lines)
