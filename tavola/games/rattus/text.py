"""Rattus in words: log templates, prompts, action labels and the terminal map."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Action, Catalog
from tavola.games.rattus.components import COLOURS, REGION_INDEX
from tavola.games.rattus.state import (
    FINAL,
    KNIGHT_DECISION,
    SETUP,
    SPREAD,
    TURN,
    WITCH_SECOND,
    WITCH_SWAP,
    RattusState,
)

CATALOG = Catalog({"en": {
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
    "end": "The game ends after {player}'s turn ({reason})",
    "final.turn": "Final class round: {player}",
    "final.resolution": "Every remaining token is resolved",
    "result": "Cubes on the board: {scores}. Winner: {winners}",
}})


def player_name(player: int) -> str:
    """Return a seat's display name: its cube colour."""
    return COLOURS[player].capitalize()


def prompt(s: RattusState, player: int) -> str:
    """Return what the active player is asked (never naming a face-down token's front)."""
    phase = s.phase
    if phase == SETUP:
        return "Place 2 cubes in a region"
    if phase == TURN:
        parts = []
        if not s.took:
            parts.append("take a class card")
        if not s.b_closed:
            parts.append("place cubes or use class powers")
        parts.append("move the plague piece")
        return "Your turn: " + ", ".join(parts)
    if phase == SPREAD:
        return f"Choose where a spreading rat token goes ({s.spread_left} to place)"
    if phase == KNIGHT_DECISION:
        return "Knight: count the plague piece as 2 neutral cubes in this devastation?"
    if phase == WITCH_SECOND:
        return "Witch: choose the second token to look at"
    if phase == WITCH_SWAP:
        return "Witch: swap the two tokens you looked at, or keep them"
    if phase == FINAL:
        return "Final round: use your class powers, then done"
    return "The game is over"


def describe(s: RattusState, player: int, action: Action) -> str:
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
        extra = " (with the Peasant's extra cube)" if len(a) > 1 else ""
        return f"place cubes in {a[0]}{extra}"
    template = simple.get(k)
    return template.format(*a) if template is not None else str(action)


def _arg_label(arg: str) -> str:
    """Return an action argument for people: regions capitalised, tokens counted from 1."""
    name, dot, slot = arg.partition(".")
    if name in REGION_INDEX:
        return f"{name.capitalize()} token {int(slot) + 1}" if dot else name.capitalize()
    return arg


def _token_label(slot: Mapping[str, Any], names: list[str]) -> str:
    front = slot["front"]
    back = "*" if slot["starting"] else ""
    seen = "".join(f"({names[q]})" for q in slot["seen_by"]) if front is None else ""
    if front is None:
        return f"?{back}{seen}"
    return f"[{front['threshold']} {front['symbols']}]{back}"


def render_view(view: Mapping[str, Any]) -> str:
    """Return the map as text: regions with cubes by colour, tokens, plague, palace, cards."""
    n = view["players"]
    names = [player_name(p) for p in range(n)]
    lines = [f"Rattus - turn {view['turn']}, {view['phase']}"
             + (f", {names[view['active']]} to act" if view["active"] is not None else "")]
    width = max(len(r["name"]) for r in view["regions"])
    for r in view["regions"]:
        cubes = "  ".join(f"{names[p].lower()} {c}" for p, c in enumerate(r["cubes"]) if c)
        tokens = " ".join(_token_label(t, names) for t in r["tokens"]) or "-"
        plague = " PLAGUE" if r["plague"] else ""
        lines.append(f"  {r['name'].capitalize():<{width}}  rats {len(r['tokens'])}: "
                     f"{tokens:<24} cubes: {cubes or '-'}{plague}")
    lines.append("  Palace: " + "  ".join(f"{names[p].lower()} {c}"
                                          for p, c in enumerate(view["palace"])))
    lines.append("  Reserve: " + "  ".join(f"{names[p].lower()} {c}"
                                           for p, c in enumerate(view["reserve"])))
    holders: dict[str, list[str]] = {}
    for card, h in view["cards"].items():
        holders.setdefault(names[h] if h is not None else "beside the board", []).append(card)
    lines.append("  Class cards: " + "; ".join(f"{who}: {', '.join(cards)}"
                                               for who, cards in holders.items()))
    sup = view["supply"]
    lines.append(f"  Token supply: {sup['starting'] + sup['other']} "
                 f"({sup['starting']} starting), out of the game: {len(view['out_of_game'])}")
    lines.append("  (? face-down token, * starting token, (Colour) seen by that player, "
                 "[threshold symbols] seen by you)")
    return "\n".join(lines)
