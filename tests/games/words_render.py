"""Everything the four games say, rendered from whole random games: the words' fingerprint.

`render(name, players, seed)` plays the harness's random game and writes, in every language
(or the ones named): every prompt and every legal action's label at every decision, the
board (every seat's and the spectator's view) every few decisions and at the end, the whole
log as every seat and the spectator read it, the seats' names and the help topics. The
catalogs' regression test (test_catalogs.py) keeps a digest of this text per game, player
count and seed, of the languages it covered when it was recorded (FINGERPRINT: English,
Italian and Polish; a language switched on later does not change it);
`python -m tests.games.words_render` prints the digests anew.
"""

from __future__ import annotations

import hashlib
import sys

from tavola.core import LANGUAGES
from tavola.core.registry import game_class
from tests.conformance.harness import random_states

GAMES = ("intrige", "notre-dame", "nottingham", "rattus")
SEEDS = (1, 2)
BOARD_EVERY = 9
FINGERPRINT = ("en", "it", "pl")


def render(name: str, players: int, seed: int,
           languages: tuple[str, ...] = LANGUAGES) -> str:
    """Return all the words of one random game, in every language (or those named)."""
    states = random_states(name, players, seed)
    out: list[str] = []
    for i, state in enumerate(states):
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            for lang in languages:
                out.append(f"prompt {i} {seat} {lang}: {state.prompt(seat, lang)}")
                out.extend(f"label {lang}: {state.describe(seat, a, lang)}" for a in legal)
        if i % BOARD_EVERY == 0 or i == len(states) - 1:
            for viewer in (None, *range(players)):
                view = state.view(viewer)
                for lang in languages:
                    out.append(f"board {i} {viewer} {lang}:")
                    out.append(state.game.render_view(view, lang))
    last = states[-1]
    for viewer in (None, *range(players)):
        for lang in languages:
            out.append(f"log {viewer} {lang}:")
            out.extend(last.log_text(viewer, lang))
    game = last.game
    for lang in languages:
        out.extend(f"name {p} {lang}: {game.player_name(p, lang)}" for p in range(players))
        for topic, text in game.glossary(lang).items():
            out.append(f"help {lang} {topic}: {text}")
    return "\n".join(out) + "\n"


def cases() -> list[tuple[str, int, int]]:
    """Return every (game, player count, seed) the fingerprint covers."""
    found = []
    for name in GAMES:
        info = game_class(name).info
        for players in range(info.min_players, info.max_players + 1):
            found.extend((name, players, seed) for seed in SEEDS)
    return found


def digest(name: str, players: int, seed: int,
           languages: tuple[str, ...] = FINGERPRINT) -> str:
    """Return the SHA-256 of `render(name, players, seed, languages)` (UTF-8), in hex."""
    return hashlib.sha256(render(name, players, seed, languages).encode()).hexdigest()


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "dump":
        sys.stdout.write(render(sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
    else:
        for case in cases():
            print(f"    {case!r}: {digest(*case)!r},")
