"""The engine keeps no dependency on the learners' libraries: playing, the bots and the
observation tensors import none of them; only `tavola.rl`'s adapter modules do."""

from __future__ import annotations

import subprocess
import sys

PROGRAM = """
import sys
import tavola, tavola.agents, tavola.rl
from tavola.core import game_class, game_names
for name in game_names():
    state = tavola.make(name, game_class(name).info.min_players, 1)
    state.observation(state.to_act[0]), state.legal_indices(state.to_act[0])
print(sorted(m for m in ("numpy", "pettingzoo", "gymnasium", "pyspiel", "torch")
             if m in sys.modules))
"""


def test_playing_and_encoding_import_no_learning_library() -> None:
    out = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.strip() == "[]"
