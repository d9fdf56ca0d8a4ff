"""How a table is run and what a server allows: a table's `Settings`, the server's `Limits`,
the seats a new table asks for, and the checks of a new table's game, options and settings
(each refused with the code of what is wrong)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tavola.core import Game, TavolaError, UnknownGame, game_names, info, load
from tavola.server.bots import network_bot
from tavola.server.clocks import MAX_INCREMENT, MAX_SECONDS, VOTE_SECONDS, Clock
from tavola.server.table_core import Refused

STANDIN_BOT = "medium"
"""The bot that plays a person's seat while they are away, unless the table names another."""


@dataclass
class Settings:
    """How a table is run, chosen by its creator."""

    spectators: bool = True
    spectator_chat: bool = True
    clock: Clock = field(default_factory=Clock)
    """The people's clock (see `tavola.server.clocks`); off by default here, on by default
    for tables made through the API with a seat for a person."""
    bot_seconds: float = 5.0
    zombie_bot: str = STANDIN_BOT
    undo: bool = True
    public: bool = False
    """Listed in the lobby, where anyone may take an open seat (one neither reserved nor
    taken); a private table is reached by its invitations only."""
    wait: bool = True
    """Play begins only once every person's seat is taken (False: at once)."""
    rated: bool = False
    """A rated table (`tavola.server.ratings`): accounts only, no take-backs, a clock."""
    rated_bots: bool = False
    """A table rated against bots (with `rated`): its people's seats are accounts', its
    other seats the game's rated bot levels, and the result moves the vs-bots ladder."""

    def to_json(self) -> dict[str, Any]:
        """Return the settings as JSON data."""
        return {"spectators": self.spectators, "spectator_chat": self.spectator_chat,
                "clock": self.clock.to_json(), "bot_seconds": self.bot_seconds,
                "zombie_bot": self.zombie_bot, "undo": self.undo, "public": self.public,
                "wait": self.wait, "rated": self.rated, "rated_bots": self.rated_bots}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Settings:
        """Read stored settings (a table stored before tables could be private is private:
        nobody chose to open its seats to strangers; one stored before clocks had speeds
        and `timer` seconds per decision has a turn-based clock of that time)."""
        return Settings(spectators=bool(data.get("spectators", True)),
                        spectator_chat=bool(data.get("spectator_chat", True)),
                        clock=Clock.from_json(data.get("clock"), data.get("timer")),
                        bot_seconds=float(data.get("bot_seconds", 5.0)),
                        zombie_bot=str(data.get("zombie_bot", "random")),
                        undo=bool(data.get("undo", True)),
                        public=bool(data.get("public", False)),
                        wait=bool(data.get("wait", False)),
                        rated=bool(data.get("rated", False)),
                        rated_bots=bool(data.get("rated_bots", False)))


@dataclass(frozen=True)
class Limits:
    """What a server allows anybody, whoever asks (`tavola serve` sets them)."""

    think: float = 30.0
    """The longest bot time a table may set: seconds a bot thinks a decision."""
    lobby: int = 100
    """The most tables the lobby lists (the newest)."""
    expire_hours: float | None = 24.0
    """Tables none of whose seats for people was ever taken are deleted this long after
    they were made (None: never)."""
    spectators: int = 100
    """The most spectators one table has at once."""
    creations: int = 20
    creation_seconds: float = 600.0
    """Each client (address) may create `creations` tables in any `creation_seconds`."""
    sign_ups: int = 5
    sign_up_seconds: float = 600.0
    """Each client (address) may create `sign_ups` accounts in any `sign_up_seconds`."""
    vote: float = VOTE_SECONDS
    """How long the players have to answer for a seat out of time before a stand-in plays
    it."""


@dataclass
class SeatRequest:
    """One seat of a table to create: a person (open or reserved by name) or a bot."""

    kind: str
    bot: str | None = None
    reserved: str | None = None


def set_up(game_name: str, players: int, options: dict[str, Any]) -> Game:
    """Return the game a new table asks for, or refuse with the code of what is wrong."""
    try:
        facts = info(game_name)
    except UnknownGame:
        raise Refused("unknown_game", game=game_name[:40],
                      games=", ".join(game_names())) from None
    if not facts.min_players <= players <= facts.max_players:
        raise Refused("player_count", game=facts.name, least=facts.min_players,
                      most=facts.max_players, players=players)
    known = {spec.name: spec for spec in facts.options}
    for name, value in options.items():
        spec = known.get(name)
        if spec is None:
            raise Refused("unknown_option", game=facts.name, option=name[:40],
                          options=", ".join(known) or "none")
        if value not in spec.choices or type(value) is not type(spec.default):
            raise Refused("bad_option", option=name,
                          choices=", ".join(repr(c) for c in spec.choices), value=value)
    try:
        return load(game_name, players, **options)
    except TavolaError as exc:
        raise Refused("bad_options", detail=str(exc)) from None


def checked_bot(spec: str, game_name: str, think: float) -> None:
    """Refuse a bot spec that names no bot of the game or goes beyond the server's bounds
    (`tavola.server.bots.network_bot`; `think`: the table's bot time)."""
    try:
        network_bot(spec, game_name, think)
    except TavolaError as exc:
        raise Refused("bad_bot", spec=spec[:60], detail=str(exc)) from None


def check_settings(settings: Settings, game_name: str, limits: Limits) -> None:
    """Refuse settings out of their bounds (the bot time within the server's `limits`)."""
    problem = settings.clock.problem()
    if problem is not None:
        raise Refused(problem, most=f"{MAX_SECONDS / 86400:g}",
                      increment=f"{MAX_INCREMENT:g}")
    if not 0.05 <= settings.bot_seconds <= limits.think:
        raise Refused("bot_seconds_range", most=f"{limits.think:g}")
    checked_bot(settings.zombie_bot, game_name, settings.bot_seconds)
