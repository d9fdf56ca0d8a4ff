"""Bot specs: how a bot is named, found and built.

A spec is ``name[:key=value[:key=value...]]``, e.g. ``ismcts:iterations=400`` or
``ismcts:seconds=1.5:rollout=greedy``; ``module.path:ClassName[:key=value...]`` builds a
user's own `Agent` subclass from an importable module. Several specs are separated by
commas. A class is told from an option by its capital initial (``ClassName``, never
``key=value``). The bots a game offers are, in order: the built-in ones (`random`, `ismcts`,
`pimc`), the levels `easy`, `medium`, `hard` and `strong` (searching bots defined by their
think time, each game naming its own tuned spec for each in `GameInfo.levels`, so a player
need not know the tuning: `tavola.agents.levels`), the policies the game declares (such as
`greedy`), and bots that installed packages add through the ``tavola.bots`` entry-point
group (the entry point's name is the bot's name, its value an `Agent` subclass). A name
already taken by an earlier source is not overridden. Every mistake in a spec raises
BadOptions with one line saying what is wrong and what exists.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from tavola.agents.base import Agent, PolicyAgent, RandomAgent
from tavola.agents.ismcts import IsmctsAgent
from tavola.agents.levels import HELP, LEVELS, level_spec
from tavola.agents.params import Param
from tavola.agents.pimc import PimcAgent
from tavola.core import BadOptions, info
from tavola.core.action import quote

ENTRY_POINT_GROUP = "tavola.bots"
MAX_SPEC = 200
"""The longest spec text accepted."""

_NAME = re.compile(r"[a-z0-9][a-z0-9_.+-]{0,39}")
_MODULE = re.compile(r"[A-Za-z_]\w{0,99}(\.[A-Za-z_]\w{0,99}){0,20}", re.ASCII)
_CLASS = re.compile(r"[A-Z]\w{0,99}", re.ASCII)
_KEY = re.compile(r"[a-z_][a-z0-9_]{0,39}")
_VALUE = re.compile(r"[A-Za-z0-9_.+-]{1,40}")

Factory = Callable[[str, Mapping[str, Any]], Agent]


@dataclass(frozen=True)
class BotSpec:
    """A parsed spec: a bot name (or ``module.path:ClassName``) and its raw options."""

    name: str
    options: tuple[tuple[str, str], ...] = ()

    @property
    def is_class(self) -> bool:
        """True when the spec names a user's Agent class rather than a bot."""
        return ":" in self.name

    def __str__(self) -> str:
        return self.name + "".join(f":{k}={v}" for k, v in self.options)


@dataclass(frozen=True)
class BotInfo:
    """A bot a game offers: its name, what it does, its parameters and how it is built.
    `problem` says why it cannot be built (a package whose bot does not load); `ours` is
    true for tavola's own bots, whose failures are bugs to show in full, not one line."""

    name: str
    help: str
    params: tuple[Param, ...]
    origin: str
    factory: Factory | None
    problem: str = ""
    ours: bool = False

    def usage(self) -> str:
        """Return the spec form, e.g. ``ismcts[:iterations=N][:c=X]``."""
        return self.name + "".join(f"[:{p.name}=...]" for p in self.params)


def parse_spec(text: str) -> BotSpec:
    """Parse one spec; raise BadOptions saying what is wrong with it."""
    if not isinstance(text, str):
        raise BadOptions(f"a bot spec is text like 'ismcts:iterations=400', not "
                         f"{type(text).__name__}")
    spec = text.strip()
    if not spec:
        raise BadOptions("empty bot spec: give a bot name such as 'random'")
    if len(spec) > MAX_SPEC:
        raise BadOptions(f"bot spec too long ({len(spec)} characters, at most {MAX_SPEC})")
    parts = spec.split(":")
    if len(parts) > 1 and parts[1][:1].isupper() and "=" not in parts[1]:
        module, cls, rest = parts[0], parts[1], parts[2:]
        if not _MODULE.fullmatch(module) or not _CLASS.fullmatch(cls):
            raise BadOptions(f"bad bot spec {quote(spec)}: a class is named "
                             f"'module.path:ClassName'")
        name = f"{module}:{cls}"
    else:
        name, rest = parts[0], parts[1:]
        if not _NAME.fullmatch(name):
            raise BadOptions(f"bad bot spec {quote(spec)}: {quote(name, 30)} is not a bot name "
                             f"(lower-case letters, digits and _ . + -)")
    options: list[tuple[str, str]] = []
    for part in rest:
        key, eq, value = part.partition("=")
        if not eq or not _KEY.fullmatch(key) or not _VALUE.fullmatch(value):
            raise BadOptions(f"bad bot spec {quote(spec)}: {quote(part, 30)} is not "
                             f"key=value (letters, digits and _ . + -)")
        if any(k == key for k, _ in options):
            raise BadOptions(f"bad bot spec {quote(spec)}: option {key} given twice")
        options.append((key, value))
    return BotSpec(name, tuple(options))


def split_specs(text: str) -> list[BotSpec]:
    """Parse a comma-separated list of specs."""
    if not isinstance(text, str) or not text.strip():
        raise BadOptions("no bot given: name one bot, or several separated by commas")
    parts = text.split(",")
    if any(not p.strip() for p in parts):
        raise BadOptions(f"bad bot list {quote(text)}: give specs separated by commas")
    return [parse_spec(p) for p in parts]


_BUILT_IN: tuple[type[Agent], ...] = (RandomAgent, IsmctsAgent, PimcAgent)


def _oneline(exc: Exception) -> str:
    """Return an exception from someone else's code as a short single line."""
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text[:80]}"


def _class_info(name: str, cls: type[Agent], origin: str, ours: bool = False) -> BotInfo:
    doc = (cls.__doc__ or "").strip().splitlines()
    text = cls.help or (doc[0] if doc else "")
    return BotInfo(name, text, tuple(cls.params), origin, cls.build, ours=ours)


def _policy_info(game: str, name: str) -> BotInfo:
    policy = info(game).policies[name]
    doc = (policy.__doc__ or "").strip().splitlines()

    def build(game: str, options: Mapping[str, Any]) -> Agent:
        return PolicyAgent(name, policy())

    return BotInfo(name, doc[0] if doc else f"{game}'s {name} policy", (),
                   f"declared by {game}", build, ours=True)


def _level_info(game: str, level: str) -> BotInfo:
    spec = level_spec(game, level)
    seconds = dict(parse_spec(spec).options).get("seconds", "?")

    def build(game: str, options: Mapping[str, Any]) -> Agent:
        agent = make_agent(spec, game)
        if getattr(agent, "seconds", None) is None:
            raise BadOptions(f"{game}'s level {level} is {spec!r}, which sets no think time "
                             f"(seconds=)")
        return agent

    return BotInfo(level, f"{HELP['en'][level]} (at most {seconds} s a decision: {spec})", (),
                   f"a level of {game}", build, ours=True)


def _plugin_entries(taken: Sequence[str]) -> list[EntryPoint]:
    seen = set(taken)
    found = []
    for entry in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        if _NAME.fullmatch(entry.name) and entry.name not in seen:
            seen.add(entry.name)
            found.append(entry)
    return found


def _plugin_info(entry: EntryPoint) -> BotInfo:
    package = entry.dist.name if entry.dist is not None else entry.value
    origin = f"from {package}"
    try:
        cls = entry.load()
    except Exception as exc:  # a broken package must not break tavola: report it in one line
        return BotInfo(entry.name, "", (), origin, None,
                       f"cannot load {entry.value} ({_oneline(exc)})")
    if not (isinstance(cls, type) and issubclass(cls, Agent)):
        return BotInfo(entry.name, "", (), origin, None,
                       f"{entry.value} is not an Agent subclass")
    return _class_info(entry.name, cls, origin)


def _local_names(game: str) -> list[str]:
    names = [cls.name for cls in _BUILT_IN] + list(LEVELS)
    names += [n for n in sorted(info(game).policies) if n not in names]
    return names


def bots(game: str) -> list[BotInfo]:
    """Return every bot `game` offers, with its parameters (raise UnknownGame)."""
    found = [_class_info(cls.name, cls, "built in", ours=True) for cls in _BUILT_IN]
    found += [_level_info(game, n) if n in LEVELS else _policy_info(game, n)
              for n in _local_names(game)[len(_BUILT_IN):]]
    found += [_plugin_info(e) for e in _plugin_entries(_local_names(game))]
    return found


def agent_names(game: str) -> list[str]:
    """Return the names of the bots available for `game`, sorted (raise UnknownGame)."""
    local = _local_names(game)
    return sorted(local + [e.name for e in _plugin_entries(local)])


def _bot(spec: BotSpec, game: str, user_classes: bool) -> BotInfo:
    if spec.is_class:
        if not user_classes:
            raise BadOptions(f"bot classes from modules are not accepted here: {spec.name} "
                             f"(bots: {', '.join(agent_names(game))})")
        return _user_class(spec.name)
    local = _local_names(game)
    if spec.name in local[:len(_BUILT_IN)]:
        cls = _BUILT_IN[local.index(spec.name)]
        return _class_info(cls.name, cls, "built in", ours=True)
    if spec.name in LEVELS:
        return _level_info(game, spec.name)
    if spec.name in local:
        return _policy_info(game, spec.name)
    for entry in _plugin_entries(local):
        if entry.name == spec.name:
            return _plugin_info(entry)
    raise BadOptions(f"no bot {spec.name!r} for {game} (bots: {', '.join(agent_names(game))}; "
                     f"or module.path:ClassName)")


def _user_class(name: str) -> BotInfo:
    module_name, _, class_name = name.partition(":")
    # As `python -m` and uvicorn do, a bot module in the folder the command runs from is
    # found without setting PYTHONPATH (the `tavola` script does not put that folder first).
    here = os.getcwd()
    if here not in sys.path:
        sys.path.insert(0, here)
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # the user's module: any failure is one line, not a traceback
        raise BadOptions(f"bot {name}: cannot import {module_name} "
                         f"({_oneline(exc)})") from None
    cls = getattr(module, class_name, None)
    if not (isinstance(cls, type) and issubclass(cls, Agent)):
        raise BadOptions(f"bot {name}: {module_name} has no Agent subclass {class_name}")
    return _class_info(name, cls, f"class {name}")


def typed_options(bot: BotInfo, given: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """Return every declared parameter of `bot`: the given ones parsed, the rest defaults."""
    declared = {p.name: p for p in bot.params}
    values: dict[str, Any] = {p.name: p.default for p in bot.params}
    for key, text in given:
        param = declared.get(key)
        if param is None:
            known = ", ".join(declared) or "none"
            raise BadOptions(f"bot {bot.name!r} has no option {key!r} (options: {known})")
        values[key] = param.parse(text, bot.name)
    return values


def _builder(spec: BotSpec | str, game: str, user_classes: bool) -> Callable[[], Agent]:
    parsed = spec if isinstance(spec, BotSpec) else parse_spec(spec)
    info(game)
    bot = _bot(parsed, game, user_classes)
    factory = bot.factory
    if factory is None:
        raise BadOptions(f"bot {bot.name!r} ({bot.origin}): {bot.problem}")
    options = typed_options(bot, parsed.options)

    def build() -> Agent:
        try:
            agent = factory(game, options)
        except BadOptions:
            raise
        except Exception as exc:
            if bot.ours:
                raise
            raise BadOptions(f"bot {bot.name!r} ({bot.origin}) could not be built "
                             f"({_oneline(exc)})") from None
        if not isinstance(agent, Agent):
            raise BadOptions(f"bot {bot.name!r} ({bot.origin}) did not build an Agent")
        agent.name = bot.name
        return agent

    return build


def make_agent(spec: BotSpec | str, game: str, *, user_classes: bool = False) -> Agent:
    """Return a new agent for `game` from one spec (raise UnknownGame or BadOptions).

    ``module.path:ClassName`` specs import the module named, so they are refused unless
    `user_classes` is true: pass true where the specs come from the machine's own user (the
    command line); a server taking specs from its clients keeps the default, so no client
    can make it import anything.
    """
    return _builder(spec, game, user_classes)()


def make_agents(specs: str, game: str, players: int, *,
                user_classes: bool = False) -> list[Agent]:
    """Return `players` new agents from comma-separated specs: one spec gives every seat
    its own agent of that spec; `players` specs give one each, in seat order. Any other
    count raises BadOptions (as does any bad spec). `user_classes` as for `make_agent`."""
    if type(players) is not int or players < 1:
        raise BadOptions(f"bots are made for a whole number of seats, not {quote(players)}")
    parsed = split_specs(specs)
    if len(parsed) not in (1, players):
        raise BadOptions(f"give one bot spec for every seat or one per seat ({players}), "
                         f"not {len(parsed)}")
    if len(parsed) == 1:
        build = _builder(parsed[0], game, user_classes)
        return [build() for _ in range(players)]
    return [_builder(spec, game, user_classes)() for spec in parsed]
