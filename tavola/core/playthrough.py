"""Golden playthroughs: a whole game as a text transcript, replayed line by line.

A transcript starts with a header (game, version, players, seed, options) and then, for
every decision, who was asked, what they could do, what they did and the public log lines
it produced; it ends with the result. Regenerating the transcript from its own header and
actions must give the same text, line for line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence

from tavola.core.action import Action
from tavola.core.errors import CorruptRecord
from tavola.core.game import State
from tavola.core.registry import make


def transcript(state: State, seed: int, actions: Sequence[tuple[int, Action | str]]) -> list[str]:
    """Return the transcript of playing `actions` from `state` (set up with `seed`)."""
    g = state.game
    lines = [f"game {g.info.name} version {g.info.version} players {g.players} seed {seed}",
             "options " + json.dumps(g.options, sort_keys=True)]
    public = state.log(None)
    lines += [f"0 log {g.render_event(event)}" for event in public]
    seen = len(public)
    for n, (player, action) in enumerate(actions, 1):
        legal = state.legal_actions(player)
        lines.append(f"{n} ask {','.join(map(str, state.to_act))} | {state.prompt(player)}")
        lines.append(f"{n} legal {player} " + " ".join(str(a) for a in legal))
        state = state.apply(player, action)
        lines.append(f"{n} play {player} {action}")
        public = state.log(None)
        for event in public[seen:]:
            lines.append(f"{n} log {g.render_event(event)}")
        seen = len(public)
    if state.is_terminal:
        lines.append("result " + json.dumps(state.result().to_json(), sort_keys=True))
    else:
        lines.append("unfinished")
    return lines


def parse_header(lines: Sequence[str]) -> tuple[str, int, int, dict[str, object]]:
    """Return game name, players, seed and options from a transcript's first two lines."""
    try:
        words = lines[0].split()
        options = json.loads(lines[1].removeprefix("options "))
        return words[1], int(words[5]), int(words[7]), options
    except (IndexError, ValueError) as exc:
        raise CorruptRecord(f"not a transcript header: {exc}") from None


def actions_of(lines: Sequence[str]) -> Iterator[tuple[int, str]]:
    """Yield the (player, action) pairs recorded in a transcript."""
    for line in lines:
        parts = line.split(" ")
        if len(parts) == 4 and parts[1] == "play":
            yield int(parts[2]), parts[3]


def replay_transcript(lines: Sequence[str]) -> list[str]:
    """Regenerate a transcript from its header and actions."""
    name, players, seed, options = parse_header(lines)
    state = make(name, players, seed, **options)
    return transcript(state, seed, list(actions_of(lines)))
