"""The terminal's own words while a game is played, in every language the games speak.

The games bring their own texts (log, prompts, labels, board, help topics) in each language;
these are the few lines the terminal adds around them: the result table at the end, the
line-up before the game, how it stopped and where it is saved, and `tavola replay`'s own
lines. The tables below hold the English; the other languages are read from the gettext
catalogs of the `terminal` domain, locale/<lang>/LC_MESSAGES/terminal.po beside this module,
the first time they are needed (tavola.core.catalogs, docs/translating.md). A line that
counts something (`COUNTED`) is a plural message with a form for each of the language's
plural forms (CLDR's, through Babel). Numbers are written as each language writes them
(CLDR's grouping and decimal sign, through Babel: tavola.core.words).
`--lang` picks the language; without it, a saved game goes on (and is replayed) in the
language it was played in, and anything else follows the system's (`LC_ALL`,
`LC_MESSAGES`, `LANG`), else English.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tavola.core import LANGUAGES
from tavola.core.catalogs import Domain, Translated
from tavola.core.words import decimal_sign, plural
from tavola.core.words import number as whole_number

DOMAIN = Domain("terminal", Path(__file__).parent, tuple(x for x in LANGUAGES if x != "en"),
                forms=())
"""The terminal's catalogs: locale/<lang>/LC_MESSAGES/terminal.po beside this module."""


WORDS: Translated[dict[str, str]] = Translated(DOMAIN, "WORDS", {
    "choice": "Your choice [1-{count}]: ",
    "hint": "type a number from 1 to {count} (q quits, ? help)",
    "nothing": "Nothing typed: {hint}.",
    "not_number": "{text} is not a number: {hint}.",
    "not_choice": "{number} is not a choice: {hint}.",
    "only": "{prompt}: {label} (your only choice)",
    "you_are": "{title} - you are {name}",
    "help": "Type a number from 1 to {count} to choose; b shows the board again, c the "
            "choices, l the whole log, u takes back your last decision where the rules "
            "allow, q leaves the game (it is saved to go on with "
            "later). ? TOPIC explains a thing of the game; the topics are:",
    "no_topic": "No help topic matches {text}. The topics are:",
    "leave": "Leave the game? ({where}, to go on with later) [y/N]: ",
    "saved_in": "the game is saved in {path}",
    "saved_here": "the game will be saved in this folder",
    "yes": "y yes",
    # What goes between the parts of a list a line gives ("8 actions replayed; the result
    # matches the file"): French writes a no-break space before its ";".
    "list_separator": "; ",
    # One game option, named, with the KEY=VALUE that --option takes.
    "option_named": "{name}: {value} ({typed})",
    "playing_on": "Playing on.",
    "pass": "Pass the keyboard to {name}. {name}: press Enter when you are ready "
            "(q leaves the game).",
    "ready": "{name} ready? ",
    "played": "decisions played: {count}",
    "over": "Game over",
    "board": "Board",
    "help_pane": "Help",
    "events": "Since your last decision",
    "log": "Log",
    "choices": "Your choices",
    "search": "search the help topics (Esc goes back)",
    "keys": "number, Enter: play · u: take back · q: leave · ?: help · b/e/l/c: "
            "board/events/log/choices",
    "keys_small": "Enter play · ←→ pages · e events · l log · u take back · q leave · "
                  "? help",
    "board_page": "Board {page}/{pages} (←/→)",
    "new_events": "new events: {count} (e)",
    "more_choices": "{count} in all: ↑/↓, PgUp/PgDn",
    "nothing_new": "Nothing new since your last decision.",
    "waiting": "The other players are playing...",
    "leave_end": "Enter or q leaves.",
    "sum_hint": "type a number from 1 to {count}, or the sum itself (q quits, ? help)",
    "no_sum": "{text} is not a sum you can name now: {hint}.",
    "screen_hint": "type a number from 1 to {count}, or pick one with ↑/↓; then Enter",
    "screen_sum_hint": "type a number from 1 to {count} or the sum itself, or pick one "
                       "with ↑/↓; then Enter",
    "taken_back": "Your last decision is taken back: decide again.",
    "no_take_back": "Nothing taken back: {reason}.",
    "take_back_offered": "u takes back your last decision",
    "thinking": "{name} (bot: {bot}) is thinking… {elapsed} s of {budget} s",
    "thinking_open": "{name} (bot: {bot}) is thinking… {elapsed} s",
    "enter_plays": "Enter plays choice {number}.",
    "chose_highlighted": "You chose {number}, the highlighted choice.",
    "final_board": "{title} - final board",
    "result": "Result",
    "col_player": "Player",
    "col_bot": "Played by",
    "col_score": "Score",
    "col_rank": "Rank",
    "col_tiebreak": "Tie-break",
    "you_cell": "you",
    "human_cell": "human",
    "you_win": "You win!",
    "winner": "Winner: {name}.",
    "shared_win": "Shared win: {names}.",
    "connect_over": "Game over. {lines}",
    "connect_line": "{seat}: {score} points, rank {rank}",
    "replay_final": "Final board",
    "replay_left": "Board when the game was left",
    "not_finished": "The game was not finished.",
    "deciders": "Decided for a seat: {parts}.",
    "step_stand-in": "This decision was made by a stand-in bot playing for the absent person.",
    "step_replacement": (
        "This decision was made by the game's simple policy: the seat's bot did not "
        "answer in time."
    ),
    "banner": "{title}: {players}, seed {seed}",
    "resumed": "Resumed after {decisions} from {path}",
    "options": "Options: {options}",
    "seat_you": "you",
    "seat_person": "a person",
    "quit_left": "You left the game.",
    "quit_input": "Input ended, so the game stops here.",
    "quit_interrupted": "Interrupted, so the game stops here.",
    "quit_closed": "The screen closed, so the game stops here.",
    "stopped": "{reason} ({decisions} played)",
    "go_on": "Go on with it with: tavola play --resume {path}",
    "autosaved": "The game is saved as you play, in {path}",
    "autosave_failed": "The game is not saved as you play: {reason}",
    "unfinished": "Unfinished: {title} ({decisions}); go on with it with: tavola play "
                  "--resume {path}",
    "bug": "tavola failed; this is a bug.",
    "not_saved": "The game could not be saved: {reason}",
    "save_failed": "cannot write {path}: {reason}; the game stops here and the file keeps "
                   "the last save",
    "saved_game": "Saved the game to {path}",
    "saved_unfinished": "Saved the unfinished game to {path}",
    "replay_it": "Replay it with: tavola replay {path}",
    "replay_header": "{title}: {players}, seed {seed}, {decisions} - {verdict}",
    "verified": "replayed and verified",
    "not_verified": "replayed, NOT verified",
    "checked": "Checked: {summary}.",
    "check_replayed": "{count} actions replayed, each legal",
    "check_result": "the result matches the file",
    "check_digest": "the final position matches the file",
    "check_unfinished": "the game is not over",
    "check_no_digest": "the file holds no digest, so nothing proves it is unedited",
    "step_heading": "{title} - step {at} of {last}, seen by {who}",
    "spectator": "a spectator",
    "step_asked": "{seat} was asked: {prompt}",
    "step_help": "Enter or n: next step; p: previous; a number: go to that step; f: first; "
                 "e: end; b: the board again; q: quit",
    "step_prompt": "Step {at}/{last} [n/p/number/q]: ",
    "not_command": "{text} is not a command: {help}.",
    "already_at": "Already at step {at} (steps go from 0 to {last}).",
})
"""The terminal's lines by key (`WORDS[lang][key]`, filled by `say`)."""

COUNTED: Translated[dict[str, tuple[str, ...]]] = Translated(DOMAIN, "COUNTED", {
    "players": ("{count} player", "{count} players"),
    "resumed_decisions": ("{count} decision", "{count} decisions"),
    "stopped_decisions": ("{count} decision", "{count} decisions"),
    "replay_decisions": ("{count} decision", "{count} decisions"),
    "decider_stand-in": (
        "{count} decision by a stand-in bot playing for an absent person",
        "{count} decisions by a stand-in bot playing for an absent person",
    ),
    "decider_replacement": (
        "{count} decision by the game's simple policy, a bot not having answered in time",
        "{count} decisions by the game's simple policy, a bot not having answered in time",
    ),
}, plurals=frozenset({""}))
"""The lines that count something, each a plural message: its forms in the order of the
language's plural forms (English one, other), of which `counted` picks the one that agrees."""


# The games' options as the terminal names them (the web page says the same in
# tavola/web/static/i18n.js): "GAME.OPTION" its name, "GAME.OPTION.VALUE" a value's words;
# yes/no for a switch, a number as it is.
OPTION_WORDS: Translated[dict[str, str]] = Translated(DOMAIN, "OPTION_WORDS", {
    "yes": "yes",
    "no": "no",
    "intrige.edition": "Edition",
    "intrige.edition.1994": "1994 board game",
    "intrige.edition.amigo": "2003/04 card edition",
    "intrige.bribe_order": "Order of bribes",
    "intrige.bribe_order.conflicts_first": "conflicts first",
    "intrige.bribe_order.turn_order": "in turn order",
    "notre-dame.gold": "Gold",
    "notre-dame.gold.limited": "limited",
    "notre-dame.gold.unlimited": "unlimited",
    "nottingham.track": "Sheriff's track",
    "nottingham.track.long": "long",
    "nottingham.track.distinct": "distinct",
    "nottingham.rob_shows_card": "A Rob shows the card",
    "nottingham.several_ambushes_each": "Several ambushes each",
    "rattus.ties": "Ties",
    "rattus.ties.next_player": "the next player in turn order",
    "rattus.ties.shared": "shared by the tied players",
    "rattus.rounds": "Rounds",
})


def options_line(lang: str, game: str, options: dict[str, Any]) -> str:
    """Return a game's options in `lang`, each with the KEY=VALUE that --option takes:
    "Oro: limitato (gold=limited)"; an option without words here is KEY=VALUE alone."""
    named = OPTION_WORDS[lang]
    parts = []
    for key, value in sorted(options.items()):
        raw = ("true" if value else "false") if isinstance(value, bool) else str(value)
        name = named.get(f"{game}.{key}")
        if name is None:
            parts.append(f"{key}={raw}")
            continue
        if isinstance(value, bool):
            shown = named["yes" if value else "no"]
        else:
            shown = named.get(f"{game}.{key}.{raw}", raw)
        parts.append(say(lang, "option_named", name=name, value=shown, typed=f"{key}={raw}"))
    return say(lang, "list_separator").join(parts)


LANGUAGE_LIST = f"{', '.join(LANGUAGES[:-1])} or {LANGUAGES[-1]}"
"""The languages offered, as the commands' help names them ("en, it or pl")."""

PLURALS = tuple(COUNTED["en"])
"""The keys of the lines that count something (`counted` says them)."""


def say(lang: str, key: str, **args: object) -> str:
    """Return the terminal's line `key` in `lang`, filled with `args`."""
    return WORDS[lang][key].format(**args)


def counted(lang: str, key: str, count: int) -> str:
    """Return the counted noun `key` in `lang` in the form that agrees with `count`."""
    return plural(lang, count, COUNTED[lang][key]).format(count=count)


def decimal(lang: str, value: float, places: int = 1, fixed: bool = False) -> str:
    """Return `value` with `places` decimals as `lang` writes it (0.6 / 0,6); unless
    `fixed`, without trailing zeros (1 s, 1.5 s)."""
    text = f"{value:.{places}f}"
    if not fixed and "." in text:
        text = text.rstrip("0").rstrip(".")
    return text.replace(".", decimal_sign(lang))


def grouped(lang: str, value: int) -> str:
    """Return a whole number with its thousands grouped as `lang` writes them (CLDR's
    grouping, as the games write their sums: tavola.core.words.number)."""
    return whole_number(value, lang)


GROUPED_FROM = 10_000
"""From this size a whole number has its thousands grouped (sums of money: 320,000)."""


def number(lang: str, value: object) -> str:
    """Return a score as `lang` writes it: a large whole number grouped (1,120,000 /
    1.120.000 / 1 120 000), a fraction with its decimal comma or point, else as it is."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, float):
        return decimal(lang, value, 2)
    return grouped(lang, value) if abs(value) >= GROUPED_FROM else str(value)


def system_language() -> str:
    """Return the language the system asks for, if the games speak it, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            code = value[:2].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def language(asked: str | None, saved: str | None = None) -> str:
    """Return the language to speak: the one asked for (--lang), else the one a saved game
    was played in when the games speak it, else the system's."""
    if asked is not None:
        return asked
    return saved if saved in LANGUAGES else system_language()
