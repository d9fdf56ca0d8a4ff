"""Write golden playthroughs: `python3 -m tests.playthroughs.regenerate GAME [PLAYERS...]
[KEY=VALUE...]`.

Each transcript is a whole game played by the `random` bot from a fixed seed. Options given
as KEY=VALUE are typed by the game's option defaults and named in the file name.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from tavola.core import info, make
from tavola.core.playthrough import transcript

HERE = Path(__file__).parent


def write(name: str, players: int, seed: int, **options: Any) -> Path:
    """Play one seeded random game and write its transcript."""
    state = make(name, players, seed, **options)
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
    suffix = "".join(f"-{v}" for _, v in sorted(options.items()))
    path = folder / f"{players}p-seed{seed}{suffix}.txt"
    path.write_text("\n".join(transcript(state, seed, actions)) + "\n", encoding="utf-8")
    return path


def typed_options(game: str, pairs: list[str]) -> dict[str, Any]:
    """Parse KEY=VALUE pairs using the types of the game's option defaults."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, text = pair.partition("=")
        default = info(game).option(key).default
        out[key] = type(default)(text) if not isinstance(default, bool) else text == "true"
    return out


if __name__ == "__main__":
    game = sys.argv[1]
    counts = [int(a) for a in sys.argv[2:] if a.isdigit()]
    options = typed_options(game, [a for a in sys.argv[2:] if "=" in a])
    counts = counts or [info(game).min_players, info(game).max_players]
    for n in counts:
        print(write(game, n, 1000 + n, **options))
