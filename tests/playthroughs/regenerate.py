"""Write golden playthroughs: `python3 -m tests.playthroughs.regenerate GAME [PLAYERS...]`.

Each transcript is a whole game played by the `random` bot from a fixed seed.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from tavola.core import info, make
from tavola.core.playthrough import transcript

HERE = Path(__file__).parent


def write(name: str, players: int, seed: int) -> Path:
    """Play one seeded random game and write its transcript."""
    state = make(name, players, seed)
    rng = random.Random(seed)
    actions = []
    s = state
    while not s.is_terminal:
        p = s.to_act[0]
        a = rng.choice(s.legal_actions(p))
        actions.append((p, a))
        s = s.apply(p, a)
    folder = HERE / name
    folder.mkdir(exist_ok=True)
    path = folder / f"{players}p-seed{seed}.txt"
    path.write_text("\n".join(transcript(state, seed, actions)) + "\n", encoding="utf-8")
    return path


if __name__ == "__main__":
    game = sys.argv[1]
    counts = [int(a) for a in sys.argv[2:]] or [info(game).min_players, info(game).max_players]
    for n in counts:
        print(write(game, n, 1000 + n))
