"""The words the server says, in English: the source of their translations.

Every line a person reads that the server makes, besides a game's own texts: its refusals
(`REFUSALS`, rendered by tavola.server.messages), its mails (`MAIL`, tavola.server.mail), and
two tables of the parts below it that the server shows, kept in this domain as well (the
line a seat reads when it has nothing to decide, tavola.core.game, and each bot level's
description, tavola.agents.levels). Each table is `Translated` (tavola.core.catalogs): the
other languages are read from the gettext catalogs of the `server` domain,
locale/<lang>/LC_MESSAGES/server.po beside this module (docs/translating.md).

A refusal that wraps a one-line English explanation from elsewhere (the JSON reader, the
request validator, a game's option check) shows that explanation to an English reader
(`tavola.server.messages.DETAILED`); its line here says what kind of refusal it is, in
words every language translates.
"""

from __future__ import annotations

from tavola.agents.levels import HELP as LEVEL_HELP
from tavola.core.catalogs import Translated
from tavola.core.game import NOTHING_TO_DECIDE, SERVER_WORDS

DOMAIN = SERVER_WORDS
"""The server's catalogs: locale/<lang>/LC_MESSAGES/server.po beside this module."""

OTHER_TABLES = (NOTHING_TO_DECIDE, LEVEL_HELP)
"""The tables of this domain that other parts keep (named here so that the catalog command
finds every table of the domain in this module)."""

REFUSALS: Translated[dict[str, str]] = Translated(DOMAIN, "REFUSALS", {
    # The frame itself (docs/protocol.md, "Client → server").
    "frame_too_large": "the frame is larger than {kb} kB",
    "not_utf8": "the frame is not UTF-8 text",
    "bad_json": "the frame is not valid JSON",
    "not_an_object": "a frame is a JSON object with a 'type'",
    "unknown_frame": "unknown frame type {type} (types: {types})",
    "unknown_field": "a {frame} frame has no field {field!r}",
    "missing_field": "a {frame} frame needs '{field}'",
    "wrong_type": "'{field}' of a {frame} frame is a {wanted}, not {got}",
    "action_too_long": "the action is too long",
    "not_a_token": "that is not a token of this server",
    "unknown_language": "no language {lang!r} (languages: {languages})",
    "unknown_channel": "chat channels are {channels}",
    "chat_empty": "a chat message cannot be empty",
    "chat_too_long": "a chat message is longer than {limit} characters",
    "name_empty": "a name cannot be empty",
    "name_too_long": "a name is longer than {limit} characters",
    "reserved_empty": "{seat}: a reserved name cannot be empty",
    "reserved_too_long": "{seat}: a reserved name is longer than {limit} characters",
    "too_many_frames": "too many frames: slow down",
    "too_many_frames_closing": "too many frames: closing",
    "server_error": "the server could not handle that frame",
    # Saying hello.
    "hello_timeout": "say hello first",
    "hello_first": "the first frame is a hello",
    "hello_once": "say hello only once",
    "wrong_protocol": "this server speaks protocol {protocol}",
    "no_spectators": "this table has no spectators",
    "token_not_for_table": "that token is not for this table",
    "unknown_table": "no such table",
    "table_broken": "table {table} cannot be resumed on this server",
    # Acting, in the order the checks are made.
    "spectator_cannot_act": "this connection holds no seat token: spectators cannot act",
    "link_replaced": "this seat's link is no longer valid; ask the host for a new one",
    "wrong_seat": "your token is for {yours}, not for seat {seat}",
    "game_over": "the game is over",
    "not_your_turn": "{seat} is not asked to act now (waiting for: {waiting})",
    "stale_state": "the table moved on while you decided; here it is now: decide again",
    "malformed_action": "not an action: {action!r}",
    "illegal_action": "{action} is not a legal action now ({prompt})",
    "action_conflict": "another decision came first, so the table moved on; here it is "
                       "now: decide again",
    "spectator_no_seat": "spectators have no seat to leave or come back to",
    # Take-backs.
    "undo_off": "take-backs are off at this table",
    "undo_not_yours": "only your own last decision can be taken back, and only while "
                      "nobody has acted since",
    "undo_stale": "the table moved on; here it is now",
    "undo_game_over": "that decision cannot be taken back: the game is over, and its end is final",
    "undo_chance_unknown": "that decision cannot be taken back: "
                           "this game does not say whether chance was involved",
    "undo_chance": "that decision cannot be taken back: "
                   "chance was involved (something was drawn or shuffled)",
    "undo_unchecked": "that decision cannot be taken back: the decision cannot be checked",
    "undo_revealed_you": "that decision cannot be taken back: "
                         "it revealed something you could not know before",
    "undo_revealed_other": "that decision cannot be taken back: "
                           "it revealed something to another player",
    "undo_told_other": "that decision cannot be taken back: "
                       "it told another player something in private",
    "undo_conflict": "the table changed before the take-back was stored",
    # Chat.
    "spectators_channel": "spectators write in the spectators' channel",
    "spectator_chat_off": "spectator chat is off at this table",
    "players_channel": "players write in the players' channel",
    # Setting up a table.
    "unknown_game": "no game called {game!r} (games: {games})",
    "player_count": "{game} is for {least}-{most} players, not {players}",
    "unknown_option": "{game} has no option {option!r} (options: {options})",
    "bad_option": "option {option!r} takes one of {choices}, not {value!r}",
    "options_query": "options: a JSON object of option names and values (true, false, a "
                     "whole number or a text)",
    "bad_options": "these game options are not valid",
    "seat_count": "give exactly {players} seats, not {given}",
    "bot_spec_missing": "{seat}: a bot seat needs a bot spec",
    "bad_bot": "not a bot: {spec!r}",
    "clock_kind": "a clock is 'realtime', 'turn' or 'off'",
    "clock_seconds": "a clock's time is between 1 second and {most} days",
    "clock_increment": "a real-time clock adds between 0 and {increment} seconds a "
                       "decision; a turn-based one adds nothing",
    "waiting_for_players": "the game begins once every seat is taken (still open: {seats})",
    "start_host_only": "only the table's host can begin the game without waiting",
    "started_already": "the game has begun already",
    "vote_own_seat": "you cannot answer for your own seat",
    "not_out_of_time": "{seat} still has time on the clock",
    "bot_seconds_range": "a bot's think time is between 0.05 and {most} seconds",
    # The HTTP routes.
    "link_not_for_table": "that link is not for a seat of this table",
    "no_such_seat": "no such seat",
    "seat_not_open": "that seat is not open",
    "table_private": "this table is private: its seats are taken by invitation only",
    "host_only": "only the host of this table may do that",
    "seat_not_a_person": "{seat} is played by a bot: it has no link",
    "too_many_tables": "too many new tables from you: try again in {seconds} s",
    "spectators_full": "this table has {limit} spectators already",
    "lang_too_often": "the language was changed too often: wait a moment",
    "not_a_reader": "only the players of this table may read it",
    "record_not_over": "the game file is available once the game is over",
    "replay_not_over": "a game is replayed once it is over",
    "seat_range": "seats are 0-{last}",
    "step_range": "the game has {steps} steps",
    "body_too_large": "a request body is at most {kb} kB",
    "field_missing": "{field}: the field is missing",
    "field_unknown": "{field}: no such field",
    "field_invalid": "{field}: not a valid value",
    "http_error": "the request was not served ({status})",
    "invalid": "the request is not valid",
    # Rematch.
    "rematch_not_a_seat": "only a player of this table may start its rematch",
    "rematch_not_over": "a rematch starts once the game is over",
    "rematch_seat_taken": "your seat at the rematch was taken by someone else",
    # Accounts.
    "account_name_length": "a user name has {least}-{most} characters",
    "account_name_chars": "a user name has no control characters and no space at either end",
    "account_name_taken": "that user name is taken",
    "password_length": "a password has {least}-{most} characters",
    "wrong_password": "wrong user name or password",
    "too_many_sign_ins": "too many sign-in attempts: try again in {seconds} s",
    "too_many_sign_ups": "too many new accounts from you: try again in {seconds} s",
    "cross_site": "this request did not come from this server's own page",
    "not_signed_in": "sign in first",
    "seat_of_another_account": "that seat belongs to another account",
    "not_your_seat": "that seat is not one of your account's",
    "seat_moved": "that seat has a new link from the host: it is no longer your account's",
    # Rated tables and profiles (tavola.server.ratings); former_player is a name.
    "rated_needs_clock": "a rated table runs a clock: choose real time or turn based",
    "rated_people_only": "every seat of a rated table is for a person with an account",
    "rated_needs_account": "sign in to sit at a rated table",
    "rated_waits": "a rated table begins once every seat is taken by an account",
    "rated_bots_mix": "a table rated against bots has a seat for a person and a bot seat "
                      "at least",
    "rated_bots_levels": "a table rated against bots seats only the game's rated bot "
                         "levels, by name: {levels}",
    "rated_bots_think": "a table rated against bots gives its bots {seconds} s a decision "
                        "at least, so each level plays as it was measured",
    "rated_or_rated_bots": "a table is rated among people or rated against bots, not both",
    "unknown_player": "no player is called {name}",
    "former_player": "a former player",
    "account_disabled": "an operator disabled this account",
    # Operators (tavola.server.routes_admin).
    "operator_only": "only a server operator may do that",
    "no_chat_line": "table {table} has no chat line {line} a person wrote",
    "no_unfinished_table": "there is no unfinished table {table}",
    "table_ended": "an operator ended this table",
    "own_account": "an operator cannot disable their own account",
    # Mail (tavola.server.mail).
    "mail_address_bad": "that is not a valid e-mail address",
    "mail_off": "this server sends no mail",
    "mail_link_bad": "that link is unknown, already used or expired: ask for a new one",
    "too_many_mails": "too many mails asked for: try again in {seconds} s",
    # The lobby and friends (tavola.server.routes_lobby).
    "follow_self": "you cannot follow yourself",
    "not_following": "follow {name} first: you may invite only the players you follow",
    "invite_seat_needed": ("that table has no open seat: keep one of its free seats for {name} "
                           "(the host's link authorises)"),
    "invite_unknown": "you have no such invitation",
    "play_now_rated_needs_account": "sign in to play now at a rated table",
})
"""Every refusal's line by its code (`str.format` fields: its arguments and the game texts
it quotes)."""

MAIL: Translated[dict[str, str]] = Translated(DOMAIN, "MAIL", {
    "verify_subject": "tavola: confirm your e-mail address",
    "verify_body": "Hello {name},\n\nto receive tavola's mails at this address, open "
                   "this link within {hours} hours:\n\n{link}\n\nIf you did not ask for "
                   "this, ignore this mail: nothing more will be sent to you.\n",
    "reset_subject": "tavola: choose a new password",
    "reset_body": "Hello {name},\n\nsomeone asked to choose a new password for your "
                  "tavola account. To do so, open this link within {minutes} minutes "
                  "(it works once):\n\n{link}\n\nIf it was not you, ignore this mail: "
                  "your password stays as it is.\n",
    "notice_subject": "tavola: your turn at {game} ({table})",
    "notice_body": "Hello {name},\n\nthe {game} game at table {table} is waiting for "
                   "you. Play on:\n\n{link}\n\nYou get at most one mail an hour about "
                   "this table. To get no more turn notices, open:\n{unsubscribe}\n",
})
"""The mails' subjects and bodies (tavola.server.mail)."""
