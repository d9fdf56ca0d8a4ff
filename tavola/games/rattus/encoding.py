"""The fixed action space and observation tensor of Rattus, for learners.

Action space: every action the game can ever offer a seat of a game of this player count
gets its own index, in blocks that follow `actions.py` (initial placement, class card,
placement, placement with the Peasant, King, Merchant's region, Merchant's move, Monk's
region, Monk's move, Witch's look, swap or keep, the Peasant's final cube, plague move,
spreading, the Knight's decision, done, then no card in step A and the end of step B). Only
regions in play and moves between neighbouring regions in play are counted, so K is 265 /
325 / 421 for 2 / 3 / 4 players. The two actions of the separate steps come last so that
every older index keeps its meaning.
No Rattus action names a seat (a card is taken by its name, wherever it lies), so the
indices are the same for every seat and ignore the state.

Observation: floats in [0, 1] read from one seat's view alone, seats ordered from the
observer round the table. Each region in play is one slice (cubes, the plague piece, the
spreading source, the Merchant's or Monk's chosen region, then three token slots with back,
who has seen the token, the Witch's picks and the front if the observer knows it); then
the tokens out of the game by kind, the class cards, the cubes off the board, the supply
and the stage of the turn (step A, B or C among it). docs/games/rattus.md ("For
learners") tabulates the layout.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tavola.core import Action
from tavola.core.encoding import Encoding, Slice
from tavola.games.rattus import actions as A
from tavola.games.rattus.components import (
    CLASS_NAMES,
    REGION_NAMES,
    STARTING_COUNT,
    TOKEN_COUNT,
    TOKENS,
)
from tavola.games.rattus.config import (
    CUBES_PER_PLAYER,
    MAX_TOKENS_PER_REGION,
    MERCHANT_MAX_CUBES,
    NEIGHBOURS,
    NON_STARTING_REMOVED,
    REGIONS_IN_PLAY,
    ROUND_LIMITS,
    SETUP_ROUNDS,
    SPREAD_BY_TOKENS,
)
from tavola.games.rattus.state import PHASE_NAMES, STAGE_NAMES
from tavola.games.rattus.view import IDS_BY_FRONT

if TYPE_CHECKING:
    from tavola.core import Game, State

CLASS_COUNT = len(CLASS_NAMES)
# A token's front as floats: threshold / 5, M hits / 2, A, then one flag per class icon.
FRONT_LENGTH = 3 + CLASS_COUNT
MOST_THRESHOLD = max(t.threshold for t in TOKENS)
MOST_MAJORITY = max(t.majority for t in TOKENS)
# Tokens out of the game are counted by kind: a front with its back, twins together.
KINDS: tuple[tuple[int, str, bool], ...] = tuple(
    sorted(IDS_BY_FRONT, key=lambda key: IDS_BY_FRONT[key][0]))
KIND_INDEX: dict[tuple[int, str, bool], int] = {key: i for i, key in enumerate(KINDS)}
KIND_SHARE: tuple[float, ...] = tuple(1.0 / len(IDS_BY_FRONT[key]) for key in KINDS)
OTHER_COUNT = TOKEN_COUNT - STARTING_COUNT
MOST_ASIDE = max(NON_STARTING_REMOVED.values())
MOST_SPREAD = max(SPREAD_BY_TOKENS)
MOST_ROUNDS = max(ROUND_LIMITS)
# A count of cubes as a float, by count: cubes never exceed one player's set.
CUBE_SHARE: tuple[float, ...] = tuple(k / CUBES_PER_PLAYER for k in range(CUBES_PER_PLAYER + 1))


def _front_floats(threshold: int, symbols: str) -> tuple[float, ...]:
    """Return the floats of a front from its threshold and symbols (as a view shows them)."""
    words = symbols.split()
    majority = sum(len(w) for w in words if w in ("M", "MM"))
    classes = [1.0 if name in words else 0.0 for name in CLASS_NAMES]
    return (threshold / MOST_THRESHOLD, majority / MOST_MAJORITY,
            1.0 if "A" in words else 0.0, *classes)


# Every front the game has, by (threshold, symbols): a known token's floats are one lookup.
FRONT_FLOATS: dict[tuple[int, str], tuple[float, ...]] = {
    (t.threshold, t.symbols): _front_floats(t.threshold, t.symbols) for t in TOKENS}


def action_table(players: int) -> tuple[Action, ...]:
    """Return every action a seat of a `players`-player game can be offered, in index order."""
    count = REGIONS_IN_PLAY[players]
    near = NEIGHBOURS[players]
    regions = range(count)
    moves = [(a, b) for a in regions for b in near[a]]
    return (
        *A.SETUP[:count],
        *A.TAKE,
        *A.PLACE[:count],
        *A.PLACE_PEASANT[:count],
        *A.KING_MOVE[:count],
        *A.MERCHANT_FROM[:count],
        *(A.MERCHANT_MOVE[a, b, k] for a, b in moves for k in range(1, MERCHANT_MAX_CUBES + 1)),
        *A.MONK_FROM[:count],
        *(A.MONK_MOVE[a, s, b] for a, b in moves for s in range(MAX_TOKENS_PER_REGION)),
        *(A.WITCH_LOOK[r, s] for r in regions for s in range(MAX_TOKENS_PER_REGION)),
        A.SWAP, A.KEEP,
        *A.PEASANT_CUBE[:count],
        *A.PLAGUE[:count],
        *A.SPREAD[:count],
        A.BOOST, A.NO_BOOST,
        A.DONE,
        A.NO_CARD, A.END_B,
    )


class RattusEncoding(Encoding):
    """Rattus's absolute action indices and its observation tensor for one player count."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = game.players
        count = REGIONS_IN_PLAY[n]
        self._players = n
        self._regions = count
        self._actions = action_table(n)
        self._index: dict[Action, int] = {a: i for i, a in enumerate(self._actions)}
        # Where each seat sits counted from each observer: _relative[observer][seat].
        self._relative = tuple(tuple((q - p) % n for q in range(n)) for p in range(n))
        self._turn_limit = game.options["rounds"] * n
        self._round_share = game.options["rounds"] / MOST_ROUNDS
        self._layout = self._build_layout()
        offsets = self.offsets()
        self._region_at = tuple(offsets[f"region.{REGION_NAMES[r]}"][0] for r in range(count))
        self._region_of = {REGION_NAMES[r]: r for r in range(count)}
        self._slot_length = 4 + n + FRONT_LENGTH
        self._slot_base = 3 + n  # after the cubes, the plague, the source and the pick
        self._out_at = offsets["out_of_game"][0]
        self._cards_at = offsets["cards"][0]
        self._cubes_at = offsets["cubes_off_board"][0]
        self._supply_at = offsets["supply"][0]
        self._stage_at = offsets["stage"][0]
        self._phase_of = {name: i for i, name in enumerate(PHASE_NAMES)}
        self._stage_of = {name: i for i, name in enumerate(STAGE_NAMES)}
        self._used_bit = {name: i for i, name in enumerate(CLASS_NAMES)}
        self._zeros = [0.0] * self.length

    # -- the action space ---------------------------------------------------------------
    @property
    def size(self) -> int:
        return len(self._actions)

    def index(self, state: State, player: int, action: Action) -> int:
        """Return the action's index: absolute, the same for every seat and position."""
        return self._index[action]

    def action(self, state: State, player: int, index: int) -> Action:
        """Return the action at `index` (the caller checks it is legal now)."""
        if not 0 <= index < len(self._actions):
            raise IndexError(f"no Rattus action index {index}")
        return self._actions[index]

    # -- the observation ----------------------------------------------------------------
    @property
    def layout(self) -> tuple[Slice, ...]:
        return self._layout

    def _build_layout(self) -> tuple[Slice, ...]:
        """Return the slices in order; docs/games/rattus.md tabulates them."""
        n, count = self._players, self._regions
        slot = 4 + n + FRONT_LENGTH
        region = 3 + n + MAX_TOKENS_PER_REGION * slot
        regions = tuple(
            Slice(f"region.{REGION_NAMES[r]}", region,
                  f"{REGION_NAMES[r]}: cubes per seat from the observer / {CUBES_PER_PLAYER} "
                  f"({n}), plague piece here, spreading from here, Merchant's or Monk's "
                  f"chosen region, then {MAX_TOKENS_PER_REGION} token slots of {slot} "
                  f"(present, starting back, seen by each seat from the observer, the "
                  f"Witch's first and second pick, the front if the observer knows it: "
                  f"threshold / {MOST_THRESHOLD}, M hits / {MOST_MAJORITY}, A, one flag "
                  f"per class icon)")
            for r in range(count))
        return (
            *regions,
            Slice("out_of_game", len(KINDS),
                  "tokens out of the game per kind (front and back) / tokens of that kind"),
            Slice("cards", CLASS_COUNT * (n + 1),
                  "per class card in rulebook order, one-hot: beside the board, then the "
                  "holding seat from the observer"),
            Slice("cubes_off_board", 4 * n,
                  f"per seat from the observer / {CUBES_PER_PLAYER}: palace, reserve, lost, "
                  f"then score (cubes on the board and in the palace), each block {n} long"),
            Slice("supply", 3,
                  f"face-down supply: starting tokens / {STARTING_COUNT}, other tokens / "
                  f"{OTHER_COUNT}; tokens set aside at setup / {MOST_ASIDE}"),
            Slice("stage", len(PHASE_NAMES) + 3 * n + 15,
                  "one-hot phase; active seat from the observer (one-hot, none when over); "
                  f"regular turns started / {self._turn_limit}; setup placements made / "
                  f"{SETUP_ROUNDS * n}; card taken, B placement made; step A, B, C of the "
                  f"regular turn (one-hot, none outside the regular turns); class powers "
                  f"used (6 flags); spreading tokens left / {MOST_SPREAD}; seats still to act "
                  f"in the final round, from the observer; last regular player from the "
                  f"observer (one-hot); round limit / {MOST_ROUNDS}"),
        )

    def observe(self, player: int, view: Mapping[str, Any]) -> list[float]:
        """Return the observer's tensor from its view (the layout above)."""
        out = self._zeros[:]
        n = self._players
        rel = self._relative[player]
        cube = CUBE_SHARE
        slot_length, slot_base = self._slot_length, self._slot_base
        front_at = 4 + n
        for at, region in zip(self._region_at, view["regions"], strict=True):
            for q, c in enumerate(region["cubes"]):
                if c:
                    out[at + rel[q]] = cube[c]
            if region["plague"]:
                out[at + n] = 1.0
            s = at + slot_base
            for slot in region["tokens"]:
                out[s] = 1.0
                if slot["starting"]:
                    out[s + 1] = 1.0
                for q in slot["seen_by"]:
                    out[s + 2 + rel[q]] = 1.0
                front = slot["front"]
                if front is not None:
                    f = s + front_at
                    out[f:f + FRONT_LENGTH] = FRONT_FLOATS[front["threshold"], front["symbols"]]
                s += slot_length
        stage = view["stage"]
        region_of, region_at = self._region_of, self._region_at
        spread_from = stage["spread_from"]
        if spread_from is not None:
            out[region_at[region_of[spread_from]] + n + 1] = 1.0
        picked = stage["picked"]
        if picked is not None:
            out[region_at[region_of[picked]] + n + 2] = 1.0
        for key, bit in (("witch_first", 2 + n), ("witch_second", 3 + n)):
            pick = stage[key]
            if pick is not None:
                name, _, number = pick.partition(".")
                out[region_at[region_of[name]] + slot_base + int(number) * slot_length
                    + bit] = 1.0

        at = self._out_at
        kind_index, share = KIND_INDEX, KIND_SHARE
        for front in view["out_of_game"]:
            k = kind_index[front["threshold"], front["symbols"], front["starting"]]
            out[at + k] += share[k]

        at = self._cards_at
        for c, holder in enumerate(view["cards"].values()):
            out[at + c * (n + 1) + (0 if holder is None else 1 + rel[holder])] = 1.0

        at = self._cubes_at
        for block, key in enumerate(("palace", "reserve", "lost", "scores")):
            base = at + block * n
            for q, c in enumerate(view[key]):
                if c:
                    out[base + rel[q]] = cube[c]

        at = self._supply_at
        supply = view["supply"]
        out[at] = supply["starting"] / STARTING_COUNT
        out[at + 1] = supply["other"] / OTHER_COUNT
        out[at + 2] = view["set_aside"] / MOST_ASIDE

        at = self._stage_at
        out[at + self._phase_of[view["phase"]]] = 1.0
        at += len(PHASE_NAMES)
        active = view["active"]
        if active is not None:
            out[at + rel[active]] = 1.0
        at += n
        out[at] = min(1.0, view["turn"] / self._turn_limit)
        out[at + 1] = stage["setup_placements"] / (SETUP_ROUNDS * n)
        if stage["took_card"]:
            out[at + 2] = 1.0
        if stage["placed"]:
            out[at + 3] = 1.0
        letter = stage["turn_phase"]
        if letter is not None:
            out[at + 4 + self._stage_of[letter]] = 1.0
        used_bit = self._used_bit
        for name in stage["used"]:
            out[at + 7 + used_bit[name]] = 1.0
        out[at + 13] = stage["spread_left"] / MOST_SPREAD
        at += 14
        for q in stage["final_queue"]:
            out[at + rel[q]] = 1.0
        at += n
        last = stage["last_player"]
        if last is not None:
            out[at + rel[last]] = 1.0
        out[at + n] = self._round_share
        return out
