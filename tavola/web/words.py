"""The web page's words: English here, every other language in the `web` catalogs.

The page (tavola/web/static/i18n.js) holds no words of its own: the server sends it one
language's table as JSON (`GET /i18n/{lang}.json`), made from these tables and the gettext
catalogs in locale/ beside this module (tavola.core.catalogs, docs/translating.md). `WORDS`
holds the page's texts by the key the page looks them up by; `COUNTED` its texts that agree
with a number, as gettext plural messages (English one, other). `{name}` placeholders are
filled by the page.

Each game's board (tavola/web/static/games/) reads its words from the same JSON, under
`games`: the game's `PAGE_BOARD` table, whose English is in the game's text module and whose
other languages are in the game's own catalogs (docs/translating.md).
"""

from __future__ import annotations

import hashlib
import html
import json
from functools import cache
from pathlib import Path
from typing import Any

from tavola.core import LANGUAGES
from tavola.core.catalogs import Domain, Translated
from tavola.games.intrige.text import PAGE_BOARD as INTRIGE_BOARD
from tavola.games.notre_dame.text import PAGE_BOARD as NOTRE_DAME_BOARD
from tavola.games.nottingham.text import PAGE_BOARD as NOTTINGHAM_BOARD
from tavola.games.rattus.text import PAGE_BOARD as RATTUS_BOARD
from tavola.web import STATIC

DOMAIN = Domain("web", Path(__file__).parent, tuple(x for x in LANGUAGES if x != "en"))

WORDS: Translated[dict[str, str]] = Translated(DOMAIN, "WORDS", {
    "skip": "Skip to the page",
    "nav.lobby": "Lobby",
    "header.sound": "Sound on my turn",
    "header.language": "Language",
    "title.lobby": "tavola · lobby",
    "title.table": "{game} · tavola",
    "title.your_turn": "Your turn · {game} · tavola",
    "error.line": "Refused: {message}",
    "lang.failed": "The page's words in {language} could not be loaded ({reason}).",
    "lang.none": "The page's words could not be loaded ({reason}). Reload the page to try "
                 "again.",
    "lobby.title": "Play a game",
    "lobby.lead": "Pick a game, choose who sits at each seat, and send the links to your friends.",
    "lobby.your_name": "Your name",
    "lobby.name_needed": "Please write your name first.",
    "lobby.games": "Games",
    "lobby.players_range": "{min}–{max} players",
    "lobby.minutes": "about {minutes} minutes",
    "lobby.set_up": "Set up a table of {game}",
    "lobby.new_table": "New table",
    "lobby.game": "Game",
    "lobby.player_count": "Number of players",
    "lobby.options": "Options",
    "lobby.no_options": "This game has no options.",
    "lobby.default_ruling": "(default)",
    "lobby.seats": "Seats",
    "lobby.seat_label": "Seat {seat}",
    "lobby.seat_you": "Me",
    "lobby.seat_person": "A person (invitation link)",
    "lobby.seat_bot": "Bot: {bot}",
    "lobby.seat_bot_about": "Bot: {bot}, {about}",
    "bot.random": "plays at random",
    "bot.greedy": "takes the move that looks best right now",
    "bot.ismcts": "thinks ahead by playing many games out",
    "bot.pimc": "thinks ahead as if every hidden card were shown",
    "bot.strong": "the strongest bot we have measured for this game",
    "bot.easy": "a quick opponent that thinks only a moment a move: good for learning the game",
    "bot.medium": "a fair opponent that takes a little longer over each move",
    "bot.hard": "a tough opponent that thinks longer about every move",
    "botname.easy": "easy",
    "botname.medium": "medium",
    "botname.hard": "hard",
    "botname.strong": "strong",
    "botname.random": "random",
    "botname.greedy": "greedy",
    "botname.ismcts": "thinking ahead",
    "botname.pimc": "cards shown",
    "seat.bot_name": "Bot ({bot})",
    "lobby.seat_free": "free seat",
    "lobby.seat_reserved": "reserved for {name}",
    "lobby.waiting_for": "waiting for {who}",
    "lobby.more_settings": "More settings",
    "lobby.spectators": "Spectators may watch",
    "lobby.spectator_chat": "Spectators may chat among themselves",
    "lobby.undo": "Players may take back a decision (when nothing new was revealed)",
    "lobby.public": "List the table in the lobby: anyone may take a seat nobody has taken yet",
    "lobby.bot_seconds": "Bot thinking time (seconds)",
    "lobby.zombie_bot": "Bot that stands in for an absent player",
    "lobby.create": "Create the table",
    "lobby.created": "Table {table} is ready",
    "lobby.your_seat": "Your seat: {seat}",
    "lobby.open_table": "Go to my seat",
    "lobby.invite_for": "Invitation link for {seat}",
    "lobby.copy": "Copy",
    "lobby.copied": "Copied",
    "lobby.watch_link": "Link for spectators",
    "lobby.open_tables": "Open tables",
    "lobby.no_open_tables": "No table is waiting for players right now.",
    "lobby.take_seat": "Take seat {seat}",
    "lobby.watch": "Watch",
    "lobby.my_tables": "My tables",
    "lobby.no_my_tables": "Tables you create or join appear here.",
    "lobby.as_host": "host",
    "lobby.as_seat": "you play {seat}",
    "lobby.finished": "finished",
    "lobby.in_progress": "in play, {moves} moves made",
    "lobby.open": "Open",
    "lobby.forget": "Forget",
    "game.notre-dame.minutes": "60–90",
    "game.rattus.minutes": "45",
    "game.nottingham.minutes": "45",
    "game.intrige.minutes": "60–90",
    "table.table": "table {table}",
    "table.board": "Board",
    "table.choices": "Your choices",
    "table.keys": "Press a choice's number on the keyboard to play it.",
    "table.undo": "Take back my last decision",
    "table.skip_moves": "Skip to the latest move",
    "board.zoom_in": "Zoom the map in",
    "board.zoom_out": "Zoom the map out",
    "table.players": "Players",
    "table.log": "Game log",
    "log.unfold": "Show this turn's other lines ({count})",
    "log.fold": "Hide this turn's other lines ({count})",
    "table.chat": "Chat",
    "table.message": "Message",
    "table.send": "Send",
    "table.leave": "Leave for now (a bot plays for me)",
    "table.back": "I am back",
    "table.your_turn": "Your turn",
    "status.label": "Game status",
    "status.you_must": "Your turn: {prompt}",
    "status.also": "also deciding: {who}",
    "status.to_choices_count": "Your choices ({count})",
    "status.to_result": "Final scores",
    "status.show_choices": "Show",
    "status.hide_choices": "Hide",
    "table.working": "The table is moving on…",
    "table.over": "The game is over",
    "table.nothing_to_choose": "Nothing to choose now.",
    "table.clock": "{seat}: {time} left",
    "clock.hours": "{hours} h {minutes} min",
    "clock.days": "{days} d {hours} h",
    "live.waiting": "The game begins once every seat is taken (still open: {seats}).",
    "live.start_now": "Begin without them",
    "status.waiting": "Waiting for the players",
    "seat.clock": "clock {time}",
    "live.bot": "{seat}'s bot ({bot}) is thinking…",
    "live.standin": "A stand-in bot is thinking for {seat}…",
    "live.seconds_of": "{seconds} s of {budget} s",
    "live.seconds_left": "{seconds} s left",
    "live.you_out": (
        "Your time has run out: the other players may hand your seat to a stand-in bot. Decide "
        "now to keep it."),
    "live.out_vote": (
        "{seat}'s time has run out. A stand-in bot plays for them unless you choose to wait:"),
    "live.out_waited": "{seat}'s time has run out; the table waits for them.",
    "live.vote_standin": "Let a bot play {seat}",
    "live.vote_wait": "Wait for them",
    "live.replaced": (
        "{seat}'s bot did not answer in time; a simple policy chose for it (this game: {count}, "
        "for {seats})."),
    "lobby.clock": "Clock",
    "lobby.clock_realtime": "Real time: 3 minutes + 20 seconds a decision",
    "lobby.clock_turn": "Turn based: a day for each decision",
    "lobby.clock_off": "No clock",
    "lobby.wait": "Begin only when every seat is taken",
    "conn.connecting": "Connecting…",
    "conn.connected": "Connected",
    "conn.reconnecting": "Connection lost; trying again in {seconds} s",
    "conn.refused": "The server refused this link.",
    "conn.closed": "Disconnected",
    "seat.you": "you",
    "seat.to_play": "to play",
    "seat.bot": "bot {bot}",
    "seat.not_joined": "not joined yet",
    "seat.reserved": "reserved: awaiting its invitee",
    "seat.online": "online",
    "seat.offline": "away",
    "seat.zombie": "a bot is playing for them",
    "chat.spectator": "{name} (spectator)",
    "chat.table_talk": "table talk",
    "chat.spectators": "spectators only",
    "join.lead": "You are invited to seat {seat} of a game of {game}. Under which name?",
    "join.button": "Take my seat",
    "result.title": "Final scores",
    "result.rank": "Rank",
    "result.player": "Player",
    "result.score": "Score",
    "result.tiebreak": "Tie-break",
    "result.winner": "winner",
    "result.again": "New table with the same settings",
    "result.rematch": "Rematch",
    "result.rematch_ready": "Rematch ready: join",
    "result.rematch_watch": "Rematch: watch",
    "title.replay": "Replay · {game} · tavola",
    "lobby.rules": "Rules of {game}",
    "lobby.replay": "Replay",
    "result.replay": "Watch the replay",
    "result.breakdown": "How each score adds up",
    "result.source": "Source",
    "result.total": "Total",
    "breakdown.notre-dame.residence": "Residence",
    "breakdown.notre-dame.characters": "Characters",
    "breakdown.notre-dame.messages": "Messages",
    "breakdown.notre-dame.notre_dame": "Notre Dame",
    "breakdown.notre-dame.park": "Park bonus",
    "breakdown.notre-dame.plague": "Plague losses",
    "breakdown.rattus.board": "Cubes on the board",
    "breakdown.rattus.palace": "Cubes in the palace",
    "breakdown.nottingham.winnings": "Winnings",
    "breakdown.nottingham.commissions": "Commissions",
    "breakdown.intrige.start": "Starting money",
    "breakdown.intrige.income": "Income",
    "breakdown.intrige.bribes_received": "Bribes received",
    "breakdown.intrige.bribes_paid": "Bribes paid",
    "rules.open": "Rules",
    "rules.title": "Rules",
    "rules.title_of": "Rules of {game}",
    "rules.close": "Close",
    "rules.loading": "Loading the rules…",
    "rules.find": "Find a topic",
    "rules.none": "No topic matches.",
    "rules.about": "Help: {topic}",
    "replay.title": "Replay",
    "replay.download": "Download the game file",
    "replay.controls": "Replay controls",
    "replay.first": "First step",
    "replay.back": "Step back",
    "replay.play": "Play",
    "replay.pause": "Pause",
    "replay.next": "Step forward",
    "replay.last": "Last step",
    "replay.jump": "Jump to a step",
    "replay.step": "Step {step} of {steps}",
    "replay.by_stand_in": "A stand-in bot decided for the absent player.",
    "replay.by_replacement": "The bot did not answer in time; the game's simple policy decided.",
    "replay.perspective": "Seen by",
    "replay.spectator": "a spectator (public information only)",
    "replay.to_act": "To act: {who}",
    "replay.not_over": "This game is not over yet; its replay opens once it is.",
    "replay.to_table": "Back to the table",
    "option.yes": "yes",
    "option.no": "no",
    "option.intrige.edition": "Edition",
    "option.intrige.edition.help": "Whose rules: the 1994 board game or the 2003/04 card edition.",
    "option.intrige.edition.1994": "1994 board game",
    "option.intrige.edition.amigo": "2003/04 card edition",
    "option.intrige.bribe_order": "Order of bribes",
    "option.intrige.bribe_order.help": "Who pays first in a palace with conflicts.",
    "option.intrige.bribe_order.conflicts_first": "conflicts first",
    "option.intrige.bribe_order.turn_order": "in turn order",
    "option.notre-dame.gold": "Gold",
    "option.notre-dame.gold.help": (
        "The bank's 25 gold: when limited, a shortfall is taken from the richest other player; "
        "when unlimited, it never runs out."),
    "option.notre-dame.gold.limited": "limited",
    "option.notre-dame.gold.unlimited": "unlimited",
    "option.nottingham.track": "Sheriff's track",
    "option.nottingham.track.help": (
        "The order of the numbers on the sheriff's track (the printed track is not known, so we "
        "chose one): the long one has each number from 2 to 8 twice, the distinct one each "
        "number once."),
    "option.nottingham.track.long": "long",
    "option.nottingham.track.distinct": "distinct",
    "option.nottingham.rob_shows_card": "A Rob shows the card",
    "option.nottingham.rob_shows_card.help": (
        "After a Rob, everybody sees which card the robber took."),
    "option.nottingham.several_ambushes_each": "Several ambushes each",
    "option.nottingham.several_ambushes_each.help": (
        "One player may spring more than one Ambush card on the same exchange."),
    "option.rattus.ties": "Ties",
    "option.rattus.ties.help": "How a tie for the most cubes is broken.",
    "option.rattus.ties.next_player": "the next player in turn order",
    "option.rattus.ties.shared": "shared by the tied players",
    "option.rattus.rounds": "Rounds",
    "option.rattus.rounds.help": "Full rounds of regular turns after which the game ends.",
    "account.sign_in": "Sign in",
    "account.sign_up": "Create an account",
    "account.menu": "Account menu of {name}",
    "account.my_games": "My games",
    "account.profile": "My profile",
    "account.page": "My account",
    "account.sign_out": "Sign out",
    "account.user_name": "User name",
    "account.password": "Password",
    "account.password_help": (
        "At least 8 characters. Guests still play from an invitation link without an account."),
    "account.sign_in_title": "Your account",
    "account.sign_in_lead": (
        "With an account your games open on any device, and you can play rated tables."),
    "account.seat_moved": "this seat has a new link: it is no longer yours",
    "account.your_turn": "your turn",
    "account.rated": "rated",
    "account.rated_bots": "rated against bots",
    "account.bots_ratings": "Ratings against bots",
    "account.no_bots_ratings": "No games rated against bots yet.",
    "account.bots_rating_help": (
        "A ladder of its own: games rated against bots move only these ratings, measured against "
        "the bots' fixed ratings; they never move the ratings among people."),
    "account.people_ladder": "{game}: among people",
    "account.bots_ladder": "{game}: against bots",
    "account.no_bots_leaders": "Nobody has played this game rated against bots yet.",
    "account.bots_ladder_help": (
        "A separate ladder: players rated at tables against bots, whose ratings are fixed "
        "(below). It is not the ladder among people."),
    "account.bot_ratings": "The bots' fixed ratings",
    "account.no_bot_ratings": "This game's bots have no measured rating.",
    "account.level": "Level",
    "account.measured": "Games measured",
    "account.bot_ratings_help": (
        "Measured in games of four bots, one of each level. A new player starts at 25, the "
        "rating of the easy bot. These ratings do not move."),
    "account.by_clock": (
        "* Thinks by the clock: its rating holds for a server with a core to spare, and it plays "
        "weaker on a busy one."),
    "account.no_games": (
        "No games yet: take a seat in the lobby, or bring in this browser's seats below."),
    "account.guest_seats": "Seats this browser holds",
    "account.guest_seats_help": (
        "You played these as a guest in this browser. Add the ones that are yours to your "
        "account, to open them from any device."),
    "account.claim": "Add the chosen seats to my account",
    "account.claimed": "Seats added: {count}.",
    "account.sign_in_first": "Sign in to see this page.",
    "account.since": "{name}, playing since {date}.",
    "account.data": "Your data",
    "account.data_help": (
        "Download everything stored of your account: your games, your chat lines and your e-mail "
        "settings, as a JSON file."),
    "account.download": "Download my data",
    "account.delete": "Delete the account",
    "account.delete_help": (
        "Your name, password, e-mail address, sessions, ratings and chat lines are deleted. Your "
        "games stay, and your seats are then shown as a former player's."),
    "account.delete_button": "Delete my account for ever",
    "account.deleted": "The account is deleted.",
    "account.rated_table": "Rated",
    "account.rated_table_help": (
        "Every seat is for a person with an account; a clock runs and nothing can be taken back; "
        "the ratings move after the game."),
    "account.rated_bots_table": "Rated against bots",
    "account.rated_bots_table_help": (
        "The people's seats are for accounts, the bots are the game's levels (easy, medium, "
        "hard, strong) with their fixed ratings; a clock runs and nothing can be taken back; "
        "after the game the ratings against bots move, a ladder apart from the one among people."),
    "account.leaders": "Leaderboards",
    "account.rating_value": "{mu} ± {sigma}",
    "account.profile_of": "Player {name}",
    "account.profile_facts": (
        "Playing since {date}. Rated games among people: {played} played, {won} won."),
    "account.profile_bots_facts": "Rated games against bots: {played} played, {won} won.",
    "account.ratings": "Ratings among people",
    "account.no_ratings": "No rated games yet.",
    "account.game": "Game",
    "account.rating": "Rating",
    "account.played": "Played",
    "account.won": "Won",
    "account.rating_help": (
        "A rating is an estimate and its uncertainty (OpenSkill): it starts at 25 ± 8.3 and the "
        "uncertainty shrinks with every rated game."),
    "account.recent": "Recent games",
    "account.no_recent": "No finished games to show.",
    "account.abandoned": "abandoned",
    "account.place": "place {rank}",
    "account.change": "rating {change}",
    "account.no_leaders": "Nobody has played this game rated yet.",
    "account.place_head": "Place",
    "account.player": "Player",
    "account.leaders_help": (
        "Ranked by the rating less three times its uncertainty, so a player with few games does "
        "not lead by luck."),
    "account.seat_of": "seat {seat} of {players}",
    "account.change_password": "Change the password",
    "account.new_password": "New password",
    "account.change_password_help": "At least 8 characters. Your other devices are signed out.",
    "account.password_changed": "The password is changed.",
    "mail.title": "E-mail",
    "mail.help": (
        "Optional: used only to tell you when a turn-based game waits for you and to choose a "
        "new password if you forget yours. Nobody else sees it."),
    "mail.address": "E-mail address",
    "mail.notices": (
        "Mail me when a turn-based game waits for me (at most one mail an hour per table)"),
    "mail.save": "Save",
    "mail.saved": "Saved.",
    "mail.sent": "Saved. A link was mailed to {address}: open it to confirm the address.",
    "mail.verified": "Confirmed.",
    "mail.unverified": (
        "Not confirmed yet: open the link mailed to it. Nothing else is sent to it before."),
    "mail.off": "This server sends no mail.",
    "mail.forgot": "Forgot your password?",
    "mail.forgot_help": (
        "Give your user name or your confirmed e-mail address: if an account has them, a link to "
        "choose a new password is mailed to it."),
    "mail.who": "User name or e-mail address",
    "mail.send_link": "Mail me a link",
    "mail.asked": (
        "If that account has a confirmed address, a link is on its way. It works once, for an "
        "hour."),
    "mail.working": "One moment…",
    "mail.verify_title": "Confirm your e-mail address",
    "mail.verify_done": "Your e-mail address is confirmed.",
    "mail.reset_title": "Choose a new password",
    "mail.reset_done": "The password is changed. Sign in with it.",
    "mail.unsubscribe_title": "Turn notices",
    "mail.unsubscribe_done": (
        "You will get no more turn notices by mail. You can turn them on again on your account "
        "page."),
    "mail.open_title": "Opening your seat…",
    "account.present_password": "Present password",
    "operators.page": "Operators",
    "operators.accounts": "Accounts",
    "operators.accounts_help": (
        "A disabled account cannot sign in, and its sessions end. Its games and seats stay."),
    "operators.created": "Since",
    "operators.seats": "Seats",
    "operators.state": "State",
    "operators.operator": "operator",
    "operators.active": "active",
    "operators.disabled": "disabled",
    "operators.disable": "Disable",
    "operators.enable": "Enable",
    "operators.done_disabled": "{name} is disabled.",
    "operators.done_enabled": "{name} is enabled again.",
    "operators.only": "Only a server operator can see this page.",
    "operators.tools": "Operator",
    "operators.end_table": "End this table",
    "operators.end_confirm": "End this table for everyone? Its moves and chat are deleted.",
    "operators.ended": "The table is ended.",
    "operators.remove_line": "Remove this chat line",
    "lobby.play_now": "Play now",
    "lobby.play_now_game": "Play now: {game}",
    "lobby.play_now_speed": "Speed for “Play now”",
    "lobby.play_now_players": (
        "{game} is played by {least} to {most}: choose another number of players in the filters "
        "for “Play now”"),
    "lobby.play_now_clock": (
        "“Play now” plays only with a clock: choose real time or turn based in the filters"),
    "lobby.speed_realtime": "Real time",
    "lobby.speed_turn": "Turn based",
    "lobby.speed_off": "No clock",
    "lobby.filters": "Filter the open tables",
    "lobby.filter_speed": "Speed",
    "lobby.filter_rated_label": "Rated",
    "lobby.filter_any_game": "Every game",
    "lobby.filter_any_players": "Any number",
    "lobby.filter_players": "{count} players",
    "lobby.filter_any_speed": "Any speed",
    "lobby.filter_any_rated": "Rated or not",
    "lobby.filter_rated": "Rated only",
    "lobby.filter_unrated": "Unrated only",
    "lobby.no_open_tables_filtered": "No open table matches these filters.",
    "friends.title": "Friends",
    "friends.follow_name": "Follow a player (user name)",
    "friends.follow": "Follow",
    "friends.following": "You follow {name}.",
    "friends.none": "You follow nobody yet.",
    "friends.unfollow": "Unfollow",
    "friends.tables": "Your friends' open tables",
    "friends.no_tables": "None of the players you follow sits at an open table.",
    "friends.invite_to_seat": "Or keep it for a player you follow",
    "friends.invite": "Invite",
    "friends.invited": "{name} is invited: the seat is kept for them.",
    "friends.invites": "Invitations",
    "friends.invited_by": "{name} invites you to this table.",
    "friends.take_seat": "Take a seat",
    "friends.no_seat_left": "No seat is left at that table.",
    "friends.dismiss": "Dismiss",
    "friends.invites_waiting": "Invitations to play are waiting for you ({count}): see My games.",
    "turns.waiting": "Your turn at:",
    "turns.open": "{game} · table {table}",
    "turns.dismiss": "Hide",
})

COUNTED: Translated[dict[str, tuple[str, ...]]] = Translated(DOMAIN, "COUNTED", {
    "status.deciding": ("{who} is deciding", "{who} are deciding"),
}, plurals=frozenset({""}))

BOARDS: dict[str, Translated[dict[str, Any]]] = {
    "intrige": INTRIGE_BOARD,
    "notre-dame": NOTRE_DAME_BOARD,
    "nottingham": NOTTINGHAM_BOARD,
    "rattus": RATTUS_BOARD,
}
"""Each game's board words on the page, by the game's name on the page (its board module's
name): the game's `PAGE_BOARD` table, from the game's catalogs."""

_CATEGORIES = ("zero", "one", "two", "few", "many", "other")


def categories(lang: str) -> tuple[str, ...]:
    """Return CLDR's plural categories of `lang` in the order of its catalog's plural forms
    (the order tavola.core.words picks a form in): English one, other; Polish one, few,
    many, other."""
    from babel import Locale

    tags = Locale.parse(lang).plural_form.tags
    return tuple(tag for tag in _CATEGORIES if tag in tags or tag == "other")


def language_name(lang: str) -> str:
    """Return a language's name in itself, as its speakers look for it in a list
    ("Italiano", "Polski")."""
    from babel import Locale

    name = str(Locale.parse(lang).get_display_name(lang))
    return name[:1].upper() + name[1:]


def table(lang: str) -> dict[str, object]:
    """Return everything the page needs to speak `lang` (one of `tavola.core.LANGUAGES`):
    its words by key, each counted text's forms by CLDR plural category (the page picks one
    with the browser's `Intl.PluralRules`; a category the language's catalog has no form of
    takes the last form, as gettext does), the languages the server speaks, each named
    in itself, and each game's board words by the game's name (`games`)."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    order = categories(lang)
    counted = {key: {tag: forms[min(i, len(forms) - 1)] for i, tag in enumerate(order)}
               for key, forms in COUNTED[lang].items()}
    return {
        "lang": lang,
        "languages": [{"code": code, "name": language_name(code)} for code in LANGUAGES],
        "words": dict(WORDS[lang]),
        "counted": counted,
        "games": {game: board[lang] for game, board in BOARDS.items()},
    }


@cache
def table_json(lang: str) -> tuple[bytes, str]:
    """Return the page's table of `lang` as JSON and its entity tag (a digest of it), made
    once per process: the catalogs do not change while a server runs."""
    body = json.dumps(table(lang), ensure_ascii=False, sort_keys=True,
                      separators=(",", ":")).encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


SWITCH = '<select id="lang"></select>'
"""The page's language switch in index.html, which the server fills with its languages."""


@cache
def page_html() -> tuple[bytes, str]:
    """Return the page (index.html) with its language switch listing the languages the
    server speaks, each named in itself, and its entity tag, made once per process. Each
    language's option carries that language's line for words that cannot be had at all
    (`data-none`, `lang.none`): before its words arrive the page has no other words to say
    it in."""
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    if page.count(SWITCH) != 1:
        raise RuntimeError(f"index.html has no language switch {SWITCH} to fill")
    options = "".join(f'<option value="{code}" lang="{code}" '
                      f'data-none="{html.escape(WORDS[code]["lang.none"])}">'
                      f"{html.escape(language_name(code))}</option>"
                      for code in LANGUAGES)
    body = page.replace(SWITCH, f'<select id="lang">{options}</select>').encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
