"""Every tavola game as an OpenSpiel python game: `register()`, then
``pyspiel.load_game("python_tavola_rattus", {"players": 3})``.

How a tavola game is described to OpenSpiel:

- **Dynamics: sequential.** A simultaneous step (Notre Dame's draft, Nottingham's face-down
  offers) is taken one seat at a time, the current player being `state.to_act[0]`, as in
  the PettingZoo AEC env. This is exact: within such a step a choice made stays hidden from
  the other pending seats until the step resolves, their legal actions do not depend on it,
  and the outcome does not depend on the order.
- **Chance: explicit stochastic, with the set-up seed as the only chance.** A tavola state
  carries its own seeded generator, so once a game is set up every later draw follows from
  the seed. A game with chance therefore opens with `SEED_NODES` chance nodes of
  `SEED_OUTCOMES` equally likely outcomes each, which pick the seed (one of 2**32 set-ups);
  after them every `apply_action` is deterministic, which is what OpenSpiel's explicit
  stochastic mode promises. Sampled stochastic would also describe the game, but OpenSpiel
  cannot serialize such a game's states (`SerializeGameAndState` needs the game's generator
  state, which python games cannot give), so `pyspiel.random_sim_test` with serialization
  fails; the seed nodes make the chance explicit and the tests pass. A game without chance
  (Intrige) is deterministic and has no chance nodes.
- **Information: imperfect** for games with hidden information. The information-state
  string of a seat is a key of what the seat knows and remembers: the BLAKE2b digest
  (`KEY_BYTES` bytes, in hex) of the canonical JSON of its view and its log as it may read
  them; the observation string is the digest of the JSON of its view. Two states give the
  same key exactly when they give the same JSON, so the keys split histories into the same
  information sets as the JSON would, in 32 characters instead of thousands (OpenSpiel's
  IS-MCTS keeps one per node). The game parameter ``readable_keys=True`` gives the JSON
  itself instead, for debugging; `TavolaState.information_state_json` and
  `observation_json` give it in either mode. The observation tensor is the game's
  `Encoding` tensor (`state.observation`), its slices named in the observer's ``dict``.
  Public-only observers (``private_info=NONE``) give the spectator's view and log.
- **Utility: zero-sum**, rank based (`Result.utilities()`: +1 first ... -1 last, ties
  averaged), paid at the end (terminal reward model), so min/max utility are -1/+1.
- `resample_from_infostate(player, sampler)` draws a full state from the seat's information
  set through the contract's sampling (`state.determinize`, i.e. `game.sample`), so
  OpenSpiel's IS-MCTS never searches the true future. Algorithms that clone the true state
  and simulate (perfect-information MCTS) see the real future draws, as they would in any
  explicit-chance game after its deal.
- Serialization: the tavola state is kept in the pyspiel state as its JSON
  (`state.to_json()`, read back with `tavola.state_from_json`).
- **Engines**: the game parameter ``engine`` is ``auto`` (the default: the native core
  where it is installed and plays the game's rules version, `tavola.native.plays`, else
  the Python reference), ``native`` (refused with ValueError, saying how to build the
  core, where it cannot run) or ``python``; `TavolaGame.engine` says which runs. On the
  native engine the seat to act, the legal actions, the moves, the returns and the
  observation tensors are the native core's; the strings and keys (made from the view and
  log, which only the reference writes), the actions' text, resampling and serialization
  come from the reference state, made when first asked for by replaying the actions played
  since the last one made (`_Held.state`). Both engines give the same answers at every step
  (tests/native/test_openspiel_engines.py); a loop that asks for no string (random
  playouts, tensor-based learners) never touches the reference.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, ClassVar

import numpy as np
import pyspiel

from tavola.core import (
    BadOptions,
    Game,
    OptionSpec,
    State,
    TavolaError,
    game_class,
    game_names,
    load,
    state_from_json,
)
from tavola.native import plays
from tavola.native.position import NativePosition

SEED_NODES = 4
SEED_OUTCOMES = 256
_CHANCE = [(outcome, 1.0 / SEED_OUTCOMES) for outcome in range(SEED_OUTCOMES)]
SETTING_UP = "setting up"
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
KEY_BYTES = 16
READABLE = "readable_keys"
ENGINE = "engine"
ENGINES = ("auto", "native", "python")
_NATIVE: dict[str, tuple[str, str, bool]] = {
    "rattus": ("tavola.native.rattus", "NativeRattus", False),
    "notre-dame": ("tavola.native.notre_dame", "NativeNotreDame", True),
    "intrige": ("tavola.native.intrige", "NativeIntrige", False),
    "nottingham": ("tavola.native.nottingham", "NativeNottingham", True),
}
"""Each game's native position (module, class) and whether its `legal_indices` and
`apply` take the acting seat (a game where several seats may be pending at once)."""


def short_name(game: str) -> str:
    """Return the OpenSpiel name of a game, e.g. ``python_tavola_notre_dame``."""
    return "python_tavola_" + game.replace("-", "_")


def _plain(text: str) -> bool:
    """Return True if OpenSpiel reads `text` back as that string from a game's name
    (``python_tavola_intrige(edition=1994)`` would give the number 1994)."""
    return (bool(text) and text not in ("True", "true", "False", "false")
            and text.strip("+-0123456789.") != "" and not text.endswith(")")
            and not any(c in text for c in ",(="))


def _spelled(spec: OptionSpec) -> bool:
    """Return True for a text option whose values must be spelled with its name in front
    as OpenSpiel parameters (``edition=edition_1994``), so they stay text."""
    return isinstance(spec.default, str) and not all(_plain(c) for c in spec.choices)


def to_parameter(spec: OptionSpec, value: Any) -> Any:
    """Return an option's value as an OpenSpiel game parameter."""
    return f"{spec.name}_{value}" if _spelled(spec) else value


def from_parameter(spec: OptionSpec, value: Any) -> Any:
    """Return the option value an OpenSpiel game parameter stands for."""
    prefix = f"{spec.name}_"
    if _spelled(spec) and isinstance(value, str) and value.startswith(prefix):
        return value[len(prefix):]
    return value


def game_type(game: str) -> pyspiel.GameType:
    """Return the OpenSpiel description of a tavola game (see the module's notes)."""
    info = game_class(game).info
    chance = (pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if info.chance
              else pyspiel.GameType.ChanceMode.DETERMINISTIC)
    information = (pyspiel.GameType.Information.IMPERFECT_INFORMATION
                   if info.hidden_information or info.simultaneous
                   else pyspiel.GameType.Information.PERFECT_INFORMATION)
    parameters: dict[str, Any] = {"players": info.min_players}
    parameters.update((spec.name, to_parameter(spec, spec.default)) for spec in info.options)
    parameters[READABLE] = False
    parameters[ENGINE] = "auto"
    return pyspiel.GameType(
        short_name=short_name(game), long_name=f"Python tavola {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL, chance_mode=chance,
        information=information, utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players, min_num_players=info.min_players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=parameters)


class _Held:
    """A tavola state inside a pyspiel state's attributes. OpenSpiel copies those
    attributes with `copy.deepcopy` on every clone and pickles them to serialize: a state
    is a value, so a copy shares it (and the strings already made from it), and it is
    pickled as its JSON.

    On the native engine the position is also held in the native core (`native`), which
    answers the legal actions, the seat to act, the returns and the observation tensors;
    the reference state (`state`) is then made only when asked for (the strings and keys,
    which are made from its view and log, the actions' text, resampling, serialization):
    from the last reference state made on the way here (or the set-up's seed), replaying
    the actions played since, so it is exactly the state the Python engine holds."""

    __slots__ = ("_base", "_moves", "_player", "_state", "keys", "native", "strings")

    def __init__(self, state: State | None, native: NativePosition | None = None,
                 base: State | Callable[[], State] | None = None,
                 moves: tuple[Any, int, int] | None = None) -> None:
        self._state = state
        self._base = base
        self._moves = moves  # (earlier moves, seat, index), or None: a list of moves
        self.native = native
        self._player: int | None = None
        self.strings: dict[tuple[str, int | None], str] = {}
        self.keys: dict[tuple[str, int | None], str] = {}

    @property
    def state(self) -> State:
        """The reference state (made now if only the native position was held)."""
        state = self._state
        if state is None:
            base = self._base
            assert base is not None
            state = base if isinstance(base, State) else base()
            moves: list[tuple[int, int]] = []
            node = self._moves
            while node is not None:
                node, seat, index = node
                moves.append((seat, index))
            for seat, index in reversed(moves):
                state = state.apply(seat, state.action_at(seat, index))
            self._state, self._base, self._moves = state, None, None
        return state

    @property
    def player(self) -> int:
        """The seat to act (the first of them), or OpenSpiel's TERMINAL at the end (found
        once: OpenSpiel asks for it several times a move)."""
        player = self._player
        if player is None:
            native: Any = self.native
            if native is not None:
                player = (int(pyspiel.PlayerId.TERMINAL) if native.is_terminal
                          else native.to_act[0])
            else:
                state = self.state
                player = (int(pyspiel.PlayerId.TERMINAL) if state.is_terminal
                          else state.to_act[0])
            self._player = player
        return player

    def after(self, seat: int, index: int, seated: bool) -> _Held:
        """Return the native holding after `seat` plays `index` (raise ValueError, nothing
        changed, if the native core finds it illegal)."""
        assert self.native is not None
        native: Any = self.native.copy()  # its game's class: `apply` takes the seat or not
        if seated:
            native.apply(index, seat)
        else:
            native.apply(index)
        if self._state is not None:
            return _Held(None, native, self._state, (None, seat, index))
        return _Held(None, native, self._base, (self._moves, seat, index))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, bool]]:
        return _thaw, (json.dumps(self.state.to_json(), separators=(",", ":")),
                       self.native is not None)

    def text(self, kind: str, viewer: int | None, keep: bool = True) -> str:
        """Return a string of the state, made once (when `keep`): the whole state
        (``state``), a view (``view``) or a view and log (``recall``) as `viewer` may read
        them. The JSON is canonical (sorted keys, no spaces), so equal data give equal text."""
        key = (kind, viewer)
        found = self.strings.get(key)
        if found is None:
            state = self.state
            data: dict[str, Any]
            if kind == "state":
                # The game's own data without the log (which adds nothing a clone could
                # differ in, and costs the most to write).
                data = {"game": state.game.info.name, "players": state.game.players,
                        "options": state.game.options, "state": state._data()}
            else:
                data = {"view": state.view(viewer)}
                if kind == "recall":
                    data["log"] = [event.to_json() for event in state.log(viewer)]
            # The data are fresh trees of dicts and lists, never circular: skipping the
            # check writes the same text, a quarter faster.
            found = json.dumps(data, sort_keys=True, separators=(",", ":"),
                               check_circular=False)
            if keep:
                self.strings[key] = found
        return found

    def key(self, kind: str, viewer: int | None) -> str:
        """Return the compact key of `text(kind, viewer)`: its BLAKE2b digest in hex, made
        once (the text itself is not kept)."""
        key = (kind, viewer)
        found = self.keys.get(key)
        if found is None:
            text = self.text(kind, viewer, keep=False)
            found = self.keys[key] = hashlib.blake2b(
                text.encode(), digest_size=KEY_BYTES).hexdigest()
        return found


def _thaw(text: str, native: bool = False) -> _Held:
    """Rebuild a pickled `_Held` from its JSON (every check of `state_from_json` applies),
    on the native engine again if it was and the core plays the game here (the game read
    back with it, engine ``auto``, then says ``python`` too; either holding answers alike)."""
    state = state_from_json(json.loads(text))
    if not native or not plays(state.game):
        return _Held(state)
    return _Held(state, native_class(state.game.info.name).from_state(state))


def native_class(name: str) -> type[NativePosition]:
    """Return the native position class of game `name`."""
    module, cls, _ = _NATIVE[name]
    found: type[NativePosition] = getattr(importlib.import_module(module), cls)
    return found


class TavolaGame(pyspiel.Game):  # type: ignore[misc]
    """A tavola game with its player count and options, as an OpenSpiel game; `register`
    makes one subclass per game, naming it in `tavola_name`."""

    tavola_name: ClassVar[str]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        name = self.tavola_name
        info = game_class(name).info
        options = dict(params or {})
        players = options.pop("players", info.min_players)
        readable = options.pop(READABLE, False)
        if not isinstance(readable, bool):
            raise ValueError(f"{short_name(name)}: {READABLE} is True or False, "
                             f"not {readable!r}")
        engine = options.pop(ENGINE, "auto")
        if engine not in ENGINES:
            raise ValueError(f"{short_name(name)}: {ENGINE} is one of {', '.join(ENGINES)}, "
                             f"not {engine!r}")
        for spec in info.options:
            if spec.name in options:
                options[spec.name] = from_parameter(spec, options[spec.name])
        try:
            rules = load(name, players, **options)
        except BadOptions as exc:
            raise ValueError(f"{short_name(name)}: {exc}") from None
        encoding = rules.encoding()
        game_info = pyspiel.GameInfo(
            num_distinct_actions=encoding.size,
            max_chance_outcomes=SEED_OUTCOMES if info.chance else 0,
            num_players=players, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            max_game_length=info.max_decisions)
        parameters = {spec.name: to_parameter(spec, rules.options[spec.name])
                      for spec in info.options}
        if engine == "native" and not plays(rules):
            raise ValueError(f"{short_name(name)}: {ENGINE}=native needs the native core "
                             f"playing {info.title} (pip install ./native in a tavola "
                             f"checkout; docs/native.md)")
        native = plays(rules) if engine == "auto" else engine == "native"
        super().__init__(game_type(name), game_info,
                         {"players": players, **parameters, READABLE: readable,
                          ENGINE: engine})
        self.tavola = rules
        self.readable_keys = readable
        self.engine = "native" if native else "python"
        """The engine this game's states step on: ``native`` (the native core) or
        ``python`` (the reference)."""
        self.native: type[NativePosition] | None = native_class(name) if native else None
        self.seated = _NATIVE[name][2] if native else False
        # Without chance every game starts alike, and a state is a value: build it once.
        self._first: State | None = None if info.chance else rules.new_state(0)
        self._first_native: NativePosition | None = (
            None if self._first is None or self.native is None
            else self.native.from_state(self._first))

    def new_initial_state(self, *args: Any) -> TavolaState:
        """Return the start: the seed's chance nodes, or the set-up when there is no chance."""
        return TavolaState(self, self._first)

    def held(self, state: State) -> _Held:
        """Return `state` held for this game's engine."""
        if self.native is None:
            return _Held(state)
        if state is self._first and self._first_native is not None:
            return _Held(state, self._first_native)  # never changed: moves copy it
        return _Held(state, self.native.from_state(state))

    def set_up(self, seed: int) -> _Held:
        """Return the set-up of `seed` held for this game's engine (on the native engine the
        reference state is made only when asked for)."""
        if self.native is None:
            return _Held(self.tavola.new_state(seed))
        native = self.native.new(self.tavola, seed)  # type: ignore[attr-defined]
        return _Held(None, native, partial(self.tavola.new_state, seed))

    def make_py_observer(self, iig_obs_type: pyspiel.IIGObservationType | None = None,
                         params: Mapping[str, Any] | None = None) -> TavolaObserver:
        """Return an observer of the kind asked (see `TavolaObserver`)."""
        return TavolaObserver(self, iig_obs_type or
                              pyspiel.IIGObservationType(perfect_recall=False), params)

    def max_chance_nodes_in_history(self) -> int:
        """Return how many chance nodes a history holds: the seed's."""
        return SEED_NODES if self.tavola.info.chance else 0

    def state_of(self, state: State) -> TavolaState:
        """Return an OpenSpiel state holding a tavola state of this game (to start from a
        given position; its OpenSpiel history is empty)."""
        if (state.game.info.name != self.tavola.info.name
                or state.game.players != self.tavola.players
                or state.game.options != self.tavola.options):
            raise BadOptions(f"not a state of {self}")
        return TavolaState(self, state)


class TavolaState(pyspiel.State):  # type: ignore[misc]
    """One position of a tavola game for OpenSpiel (it changes in place, as OpenSpiel's
    states do, by holding a new tavola state after each action). On the native engine
    (`TavolaGame.engine`) the legal actions, the seat to act, the moves, the returns and the
    observation tensors are the native core's; everything made from the reference state
    (the strings and keys, the actions' text, resampling, serialization) is the reference's,
    made when asked for: both engines give the same answers
    (tests/native/test_openspiel_engines.py)."""

    def __init__(self, game: TavolaGame, state: State | None) -> None:
        super().__init__(game)
        self._tavola_game = _Ref(game.tavola)
        self._seated = game.seated
        self._held: _Held | None = None if state is None else game.held(state)
        self._seed = 0
        self._seed_nodes = 0

    @property
    def tavola(self) -> State | None:
        """The tavola state (None while the seed is drawn): the truth, every seat's
        secrets included."""
        return None if self._held is None else self._held.state

    def current_player(self) -> int:
        """Return the seat to act, CHANCE while the seed is drawn, TERMINAL at the end."""
        held = self._held
        return int(pyspiel.PlayerId.CHANCE) if held is None else held.player

    def is_terminal(self) -> bool:
        """Return True once the game is over."""
        held = self._held
        return held is not None and held.player == _TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        """Return the player's legal action indices, ascending."""
        held = self._held
        assert held is not None
        native: Any = held.native
        if native is not None and not native.is_terminal and player in native.to_act:
            legal = native.legal_indices(player) if self._seated else native.legal_indices()
            return sorted(legal)
        return sorted(held.state.legal_indices(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return the outcomes of a seed node: every byte, equally likely."""
        return list(_CHANCE)

    def _apply_action(self, action: int) -> None:
        """Apply a seed byte, or the current player's action index."""
        held = self._held
        if held is None:
            self._seed = self._seed * SEED_OUTCOMES + action
            self._seed_nodes += 1
            if self._seed_nodes == SEED_NODES:
                self._held = self.get_game().set_up(self._seed)
            return
        if held.native is not None:
            seat = held.player
            try:
                self._held = held.after(seat, action, self._seated)
                return
            except ValueError:
                pass
            # Refused by the core: the reference says why (IllegalAction), nothing changed.
            state = held.state
            state.action_at(seat, action)
            raise TavolaError(f"the native core refused action index {action}, which the "
                              f"reference allows: please report it")
        state = held.state
        seat = state.to_act[0]
        self._held = _Held(state.apply(seat, state.action_at(seat, action)))

    def _action_to_string(self, player: int, action: int) -> str:
        """Return the action's text form (unique among the legal actions)."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        if self._held is not None:
            try:
                return str(self._held.state.action_at(player, action))
            except TavolaError:
                pass
        return f"action index {action}"

    def returns(self) -> list[float]:
        """Return each seat's utility at the end, 0 before."""
        held = self._held
        if held is not None and held.native is not None:
            return list(held.native.returns()) if held.native.is_terminal else \
                [0.0] * self._tavola_game.value.players
        if held is None or not held.state.is_terminal:
            return [0.0] * self._tavola_game.value.players
        return list(held.state.result().utilities())

    def observation_of(self, player: int) -> list[float]:
        """Return `player`'s observation tensor (the game's `state.observation`)."""
        assert self._held is not None
        native = self._held.native
        if native is not None:
            return native.observation(player)
        return self._held.state.observation(player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any
                                ) -> TavolaState:
        """Return a state drawn from `player_id`'s information set (`state.determinize`),
        seeded from `probability_sampler`."""
        out = self.get_game().new_initial_state()
        if self._held is None:
            out._seed_nodes = self._seed_nodes
            return out  # type: ignore[no-any-return]
        rng = random.Random(int(probability_sampler() * 2**53))
        out._held = self.get_game().held(self._held.state.determinize(player_id, rng))
        out._seed_nodes = self._seed_nodes
        return out  # type: ignore[no-any-return]

    def information_state_json(self, player: int) -> str:
        """Return `player`'s information state as readable JSON (its view and log as it
        may read them), whose digest is `information_state_string` unless the game has
        ``readable_keys=True``, where they are the same."""
        return SETTING_UP if self._held is None else self._held.text("recall", player)

    def observation_json(self, player: int) -> str:
        """Return `player`'s observation as readable JSON (its view), whose digest is
        `observation_string` unless the game has ``readable_keys=True``."""
        return SETTING_UP if self._held is None else self._held.text("view", player)

    def __str__(self) -> str:
        """Return the full state as JSON (for debugging: it shows every seat's secrets)."""
        if self._held is None:
            return f"{SETTING_UP}: {self._seed_nodes} of {SEED_NODES} seed bytes drawn"
        return self._held.text("state", None)


class _Ref:
    """The tavola rules a pyspiel state belongs to: shared, never copied, pickled by name,
    player count and options."""

    __slots__ = ("value",)

    def __init__(self, value: Game) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Ref:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, int, str]]:
        game = self.value
        return _rules, (game.info.name, game.players, json.dumps(game.options))


def _rules(name: str, players: int, options: str) -> _Ref:
    """Rebuild a pickled `_Ref`."""
    return _Ref(load(name, players, **json.loads(options)))


class TavolaObserver:
    """OpenSpiel's observer interface (`tensor`, `dict`, `set_from`, `string_from`).

    With ``perfect_recall=False`` and the seat's private information (OpenSpiel's default
    observation) the tensor is the game's observation tensor, its slices named in `dict`
    as the encoding's layout names them, and the string the JSON of the seat's view. With
    ``perfect_recall=True`` (the information state) the string adds the seat's log and there
    is no tensor. With ``private_info=NONE`` the strings are the spectator's (public) view
    and log. Other kinds raise ValueError. The strings are compact keys (digests of that
    JSON), or the JSON itself when the game has ``readable_keys=True``.
    """

    def __init__(self, game: TavolaGame, iig_obs_type: pyspiel.IIGObservationType,
                 params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observers of {game} take no parameters, not {dict(params)}")
        private = iig_obs_type.private_info
        if not iig_obs_type.public_info or private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("tavola observers show public information and the seat's own "
                             "private information, or public information alone")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.readable = game.readable_keys
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        if self.private and not self.perfect_recall:
            encoding = game.tavola.encoding()
            self.tensor = np.zeros(encoding.length, np.float32)
            offsets = encoding.offsets()
            self.dict = {s.name: self.tensor[slice(*offsets[s.name])] for s in encoding.layout}

    def set_from(self, state: TavolaState, player: int) -> None:
        """Write `player`'s observation tensor of `state` (zeros while the seed is drawn)."""
        if self.tensor is None:
            return
        if state._held is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = state.observation_of(player)

    def string_from(self, state: TavolaState, player: int) -> str:
        """Return `player`'s observation or information-state string."""
        held = state._held
        if held is None:
            return SETTING_UP
        kind = "recall" if self.perfect_recall else "view"
        viewer = player if self.private else None
        return held.text(kind, viewer) if self.readable else held.key(kind, viewer)


def game_class_for(name: str) -> type[TavolaGame]:
    """Return the `TavolaGame` subclass of one tavola game (made once)."""
    cls = _CLASSES.get(name)
    if cls is None:
        game_class(name)
        title = "".join(part.title() for part in name.replace("_", "-").split("-"))
        cls = _CLASSES[name] = type(f"Tavola{title}Game", (TavolaGame,), {"tavola_name": name})
    return cls


_CLASSES: dict[str, type[TavolaGame]] = {}


def register() -> list[str]:
    """Register every tavola game with pyspiel (again is harmless); return their names."""
    known = set(pyspiel.registered_names())
    names = []
    for name in game_names():
        short = short_name(name)
        if short not in known:
            # The creator is a class: pyspiel keeps it to the very end of the process, and a
            # class outlives interpreter shutdown where a function object would crash it.
            pyspiel.register_game(game_type(name), game_class_for(name))
        names.append(short)
    return names
