"""The success answers of the HTTP routes, as the OpenAPI document describes them
(docs/protocol.md, "HTTP routes"): a table's summary with its seats, settings and clock, and
the small answers that confirm a change. They describe what the server builds
(`table_frames.summary_json`, `seat_json`, `Settings.to_json`, `Clock.to_json`); an answer
that does not fit its model is the server's error, never sent silently changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tavola.core.game import LANGUAGES


class Answer(BaseModel):
    """An answer of the server: exactly its fields, no others."""

    model_config = ConfigDict(extra="forbid")


class ClockOut(Answer):
    """A table's clock: `realtime`, a bank of `seconds` for the whole game plus `increment`
    per decision; `turn`, `seconds` for each decision; `off`, no clock."""

    kind: Literal["realtime", "turn", "off"]
    seconds: float = Field(description="realtime: the bank; turn: each decision's time")
    increment: float = Field(description="realtime: added with each decision made")


class SettingsOut(Answer):
    """A table's settings, as chosen at its creation."""

    spectators: bool = Field(description="may anyone watch the table")
    spectator_chat: bool = Field(description="may spectators talk at the table")
    clock: ClockOut
    bot_seconds: float = Field(description="a bot's think time per decision")
    zombie_bot: str = Field(description="the bot spec of a stand-in for a person away")
    undo: bool = Field(description="may a player take back a decision")
    public: bool = Field(description="listed in the lobby")
    wait: bool = Field(description="play begins only once every person's seat is taken")
    rated: bool = Field(description="the players' ratings move after the game")
    rated_bots: bool = Field(description="rated against bots: the people's vs-bots "
                                         "ratings move after the game")


class SeatPublic(Answer):
    """The public facts of one seat."""

    seat: int = Field(description="the seat's number, 0 first")
    label: str = Field(description="P1, P2, ...")
    player: str = Field(description="the game's name of the seat, in the asked language")
    colour: Literal["red", "blue", "green", "yellow", "purple", "white", "grey"] | None = \
        Field(description="the colour the game names the seat by; null: not a colour")
    kind: Literal["human", "bot"]
    bot: str | None = Field(description="a bot seat's spec")
    name: str | None = Field(description="the display name of its player, or the name it "
                                         "is reserved for")
    reserved: bool = Field(description="the seat is reserved for a name")
    joined: bool = Field(description="its player joined under a display name")
    taken: bool = Field(description="its link has been used (joined, played or claimed): "
                                    "the seat is someone's")
    connected: bool = Field(description="a connection of the seat is open")
    zombie: bool = Field(description="a bot plays this person's seat for now")
    seconds_left: float | None = Field(description="on the seat's clock (a person's seat at "
                                                   "a table with a clock); null: none")
    out_of_time: bool = Field(description="the seat's clock ran out and no stand-in plays "
                                          "it yet")
    vote_seconds: float | None = Field(description="out of time: how long the other "
                                                   "players have left to answer before a "
                                                   "stand-in plays the seat; null: no "
                                                   "answer is awaited")
    waited: bool = Field(description="the players chose to wait for this seat out of time")


class TableSummary(Answer):
    """What anybody may know of a table (the lobby's entry)."""

    table: str = Field(description="the table's id")
    game: str = Field(description="the game's name")
    title: str = Field(description="the game's title")
    players: int = Field(description="the player count")
    options: dict[str, Any] = Field(description="the game's options as played here (each "
                                                "game's own names and values)")
    seats: list[SeatPublic]
    free: list[int] = Field(description="the seats anyone may take from the lobby")
    state: int = Field(description="the number of moves made")
    finished: bool = Field(description="the game is over")
    begun: bool = Field(description="play began (false: the table waits for its players)")
    settings: SettingsOut


class MineSummary(TableSummary):
    """A table a browser's token opens: its summary and what the token is for."""

    you: int | None = Field(description="the token's seat; null for the host token")
    host: bool = Field(description="the token is the table's host token")


class AccountSummary(TableSummary):
    """A table of the signed-in account ("my tables"): its summary and the account's seat."""

    you: int = Field(description="the account's seat")
    host: Literal[False] = Field(description="always false: no host token is kept")
    held: bool = Field(description="the seat is still the account's")
    waiting: bool = Field(description="the game waits for the account's seat to decide")
    added: float = Field(description="when the seat was attached (Unix seconds)")


class SignedOut(Answer):
    """The session ended."""

    signed_in: Literal[False]


class PasswordChanged(Answer):
    """The password was changed."""

    changed: Literal[True]


class AccountDeleted(Answer):
    """The account was deleted."""

    deleted: Literal[True]


class Unfollowed(Answer):
    """The account is no longer followed."""

    following: Literal[False]


class Dismissed(Answer):
    """The invitation was forgotten."""

    dismissed: Literal[True]


class ChatRemoved(Answer):
    """The chat line was removed."""

    removed: Literal[True]


class TableEnded(Answer):
    """The table was ended."""

    ended: Literal[True]


class Verified(Answer):
    """The address was verified."""

    verified: Literal[True]


class NoticesStopped(Answer):
    """The turn notices stopped."""

    notices: Literal[False]


class ResetAsked(Answer):
    """A reset link is sent if the account exists and has a verified address."""

    asked: Literal[True]


if TYPE_CHECKING:
    Language = str
else:
    # The schema names each language the server speaks (`tavola.core.LANGUAGES`, found from
    # the catalogs present), so a language added by its catalogs is in the document too.
    Language = Literal[LANGUAGES]
Colour = Literal["red", "blue", "green", "yellow", "purple", "white", "grey"]


class GameSummaryText(Answer):
    """A game's description and the language it is in (English where the game has none in
    the language asked)."""

    text: str
    lang: Language


class OptionOut(Answer):
    """One option of a game."""

    name: str
    default: Any = Field(description="the value when the option is not given")
    choices: list[Any] = Field(description="the values it takes")
    help: str = Field(description="the game's English declaration of the option")


class GameOut(Answer):
    """A game the server offers."""

    name: str
    title: str
    version: int = Field(description="the version of the game's rules engine")
    summary: GameSummaryText
    min_players: int
    max_players: int
    options: list[OptionOut]
    bots: list[str] = Field(description="the bot specs the game's seats may take")
    seat_names: dict[str, list[str]] = Field(description="player count (as text): the "
                                                         "game's name of each seat")


class SeatName(Answer):
    """The game's own name and colour of one seat."""

    seat: int
    label: str = Field(description="P1, P2, ...")
    player: str = Field(description="the game's name of the seat in the language asked")
    colour: Colour | None = Field(description="the colour the game names the seat by; "
                                              "null: not a colour")


class GameSeats(Answer):
    """The seats of a table of a game, player count and options."""

    game: str
    players: int
    options: dict[str, Any] = Field(description="the game's options (each game's own)")
    lang: Language
    seats: list[SeatName]


class Topic(Answer):
    """One help topic."""

    topic: str = Field(description="the topic's name in the language asked")
    text: str


class HelpOut(Answer):
    """A game's rules help, for its player count and options."""

    game: str
    title: str
    players: int
    options: dict[str, Any] = Field(description="the game's options (each game's own)")
    lang: Language
    summary: GameSummaryText
    topics: list[Topic] = Field(description="in the game's own order")


class Joined(Answer):
    """The seat taken, under its display name."""

    table: str
    seat: int
    label: str = Field(description="P1, P2, ...")
    name: str = Field(description="the display name (an account's name at a rated table)")


class RematchSeat(Answer):
    """The caller's seat at the rematch table and its seat token."""

    table: str = Field(description="the new table's id")
    seat: int
    label: str = Field(description="P1, P2, ...")
    token: str = Field(description="the seat's token at the new table")
    invite: str = Field(description="the seat's link at the new table")


class ReplayStep(Answer):
    """A finished game after `step` actions, as a seat (or a spectator) saw it."""

    table: str
    step: int
    steps: int = Field(description="the number of actions of the whole game")
    seat: int | None = Field(description="the seat whose view this is; null: a spectator")
    by: Literal["person", "bot", "stand-in", "replacement"] | None = Field(
        description="who made the step's decision; null at step 0")
    view: dict[str, Any] = Field(description="the game's own view of that seat (each "
                                             "game's open object)")
    to_act: list[int] = Field(description="the seats to decide at that step")
    log: list[dict[str, Any]] = Field(description="the events that seat could see, each "
                                                  "the game's own event with its `text` in "
                                                  "the language asked")
