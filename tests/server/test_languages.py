"""The server speaks each client's language: the `lang` of the hello and the `lang` frame
choose the language of every text rendered from the game (prompts, action labels, log lines,
seat names, table talk), per client; a language no game speaks is refused and changes
nothing; the help routes serve each game's help topics in the language asked for."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tavola.core import LANGUAGES, Event, State, game_names, info, load
from tavola.server.tables import replay
from tests.server.helpers import API, connect, create, kind, until
from tests.server.test_protocol_doc import schemas_in, section, validator
from tests.server.test_table_talk import at, intrige_table, play_to_offer, talk

STEPS = 12
"""Intrige's first dozen decisions send figures, seat them and reach a bribe: prompts, labels
and log lines of several kinds."""


def greet(ws: Any, token: str | None, lang: str | None) -> dict[str, Any]:
    """Say hello in `lang` (None: leave the field out); return the first state frame."""
    hello: dict[str, Any] = {"type": "hello", "protocol": 1, "token": token}
    if lang is not None:
        hello["lang"] = lang
    ws.send_json(hello)
    return until(ws, kind("state"))


def server_state(client: TestClient, table: str) -> State:
    """Return the table's state rebuilt from what the server stored (seed and actions)."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    row = hub.storage.load_table(table)
    state, _ = replay(load(row.game, row.players, **row.options), row.seed, row.actions)
    result: State = state
    return result


def check_frame(frame: dict[str, Any], state: State, lang: str) -> None:
    """Assert that a state frame holds exactly the texts of `state` for its seat in `lang`."""
    seat = frame["you"]
    texts = [e["text"] for e in frame["log"]["events"]]
    assert frame["log"]["from"] == 0 or texts == state.log_text(seat, lang)[frame["log"]["from"]:]
    if frame["log"]["from"] == 0:
        assert texts == state.log_text(seat, lang)
    names = [s["player"] for s in frame["seats"]]
    assert names == [state.game.player_name(p, lang) for p in range(state.game.players)]
    if seat is None or seat not in state.to_act:
        assert frame["prompt"] is None and frame["legal"] == []
        return
    assert frame["prompt"] == state.prompt(seat, lang)
    assert [c["label"] for c in frame["legal"]] == [
        state.describe(seat, a, lang) for a in state.legal_actions(seat)]


def test_two_clients_at_one_table_each_read_their_own_language(client: TestClient) -> None:
    table = intrige_table(client)
    tid = table["table"]
    langs = ("it", "pl", None)
    with connect(client, tid) as p1, connect(client, tid) as p2, connect(client, tid) as p3:
        sockets = [p1, p2, p3]
        latest = [greet(ws, seat["token"], lang)
                  for ws, seat, lang in zip(sockets, table["seats"], langs, strict=True)]
        full_logs: list[list[str]] = [[], [], []]
        checked = {"it": 0, "pl": 0, "en": 0}
        for count in range(STEPS):
            state = server_state(client, tid)
            for n, ws in enumerate(sockets):
                if latest[n]["state"] != count:
                    latest[n] = until(ws, at(count))
                frame, lang = latest[n], langs[n] or "en"
                check_frame(frame, state, lang)
                events = frame["log"]["events"]
                del full_logs[n][frame["log"]["from"]:]
                full_logs[n].extend(e["text"] for e in events)
                assert full_logs[n] == state.log_text(n, lang)
                if n in state.to_act:
                    checked[lang] += 1
            seat = state.to_act[0]
            # The languages really differ here, so the comparison above can fail.
            if langs[seat] is not None:
                assert state.prompt(seat, langs[seat]) != state.prompt(seat, "en")
            action = latest[seat]["legal"][0]["action"]
            sockets[seat].send_json({"type": "action", "seat": seat, "state": count,
                                     "action": action})
            until(sockets[seat], kind("ack"))
    assert all(checked.values()), checked
    final = server_state(client, tid)
    assert full_logs[0] != full_logs[1]
    assert final.log_text(0, "it") != final.log_text(0, "en")


def test_the_welcome_and_seats_frames_name_the_seats_in_the_clients_language(
        client: TestClient) -> None:
    table = intrige_table(client)
    tid = table["table"]
    game = load("intrige", 3)
    with connect(client, tid) as it, connect(client, tid) as pl:
        it.send_json({"type": "hello", "protocol": 1, "token": None, "lang": "it"})
        welcome = until(it, kind("welcome"))
        assert [s["player"] for s in welcome["table"]["seats"]] == [
            game.player_name(p, "it") for p in range(3)]
        until(it, kind("state"))
        greet(pl, None, "pl")
        seats = until(it, kind("seats"))
    assert [s["player"] for s in seats["seats"]] == [game.player_name(p, "it") for p in range(3)]
    assert game.player_name(0, "it") != game.player_name(0, "pl")
    answer = client.get(f"{API}/tables/{tid}", params={"lang": "pl"}).json()
    assert [s["player"] for s in answer["seats"]] == [game.player_name(p, "pl") for p in range(3)]


def test_the_lang_frame_sends_everything_again_in_the_new_language(
        client: TestClient) -> None:
    table = intrige_table(client)
    tid = table["table"]
    with connect(client, tid) as p1, connect(client, tid) as p2, \
            connect(client, tid) as p3, connect(client, tid) as watcher:
        sockets = [p1, p2, p3]
        offerer, after = play_to_offer(
            [(ws, seat["token"]) for ws, seat in zip(sockets, table["seats"], strict=True)],
            watcher)
        # The state frame after the offer comes before the chat message posting it.
        english = until(watcher, talk)
        watcher.send_json({"type": "lang", "lang": "pl"})
        frame = until(watcher, kind("state"))
        polish = until(watcher, talk)
    state = server_state(client, tid)
    assert frame["state"] == after and frame["log"]["from"] == 0
    check_frame(frame, state, "pl")
    assert polish["id"] == english["id"] and polish["seat"] == offerer
    event = english["event"]
    expected = state.game.render_event(Event(event["key"], event["args"]), "pl")
    assert polish["text"] == polish["event"]["text"] == expected != english["text"]
    assert polish["event"]["args"] == event["args"]


def test_table_talk_is_posted_to_each_client_in_its_language(client: TestClient) -> None:
    table = intrige_table(client)
    tid = table["table"]
    with connect(client, tid) as p1, connect(client, tid) as p2, \
            connect(client, tid) as p3, connect(client, tid) as watcher, \
            connect(client, tid) as italian:
        greet(italian, None, "it")
        sockets = [p1, p2, p3]
        play_to_offer(
            [(ws, seat["token"]) for ws, seat in zip(sockets, table["seats"], strict=True)],
            watcher)
        english, said = until(watcher, talk), until(italian, talk)
    event = english["event"]
    game = load("intrige", 3)
    assert said["id"] == english["id"]
    assert said["text"] == game.render_event(Event(event["key"], event["args"]), "it")
    assert said["text"] != english["text"]
    # A newcomer reads the stored table talk in its own language too.
    with connect(client, tid) as late:
        greet(late, None, "it")
        again = until(late, talk)
    assert again == said


def test_a_language_no_game_speaks_is_refused_and_changes_nothing(client: TestClient) -> None:
    table = intrige_table(client)
    tid = table["table"]
    for bad in ("es", "", "IT", "x" * 300, 3, None):
        with connect(client, tid) as ws:
            ws.send_json({"type": "hello", "protocol": 1, "token": None, "lang": bad})
            refused = until(ws, kind("error"))
            assert until(ws, kind("closed"))["code"] == 1008
        assert "\n" not in refused["message"] and len(refused["message"]) <= 300
        if isinstance(bad, str):
            assert refused["message"].startswith("no language ")
            assert "(languages: en, de, fr, it, pl)" in refused["message"]
        else:
            assert "'lang' of a hello frame is a str" in refused["message"]
    with connect(client, tid) as p1, connect(client, tid) as p2:
        greet(p1, table["seats"][0]["token"], "it")
        greet(p2, table["seats"][1]["token"], None)
        for bad in ("es", "english", 1):
            p1.send_json({"type": "lang", "lang": bad})
            error = until(p1, kind("error"))
            assert error["state"] == 0
        p1.send_json({"type": "lang"})
        refused = until(p1, kind("error"))
        assert refused["code"] == "missing_field"
        assert refused["args"] == {"frame": "lang", "field": "lang"}
        assert refused["message"] == "a un messaggio lang serve il campo 'lang'"
        # Still Italian: the next state frame is rendered as before.
        action = server_state(client, tid).legal_actions(0)[0]
        p1.send_json({"type": "action", "seat": 0, "state": 0, "action": str(action)})
        frame = until(p1, at(1))
    state = server_state(client, tid)
    check_frame(frame, state, "it")
    assert frame["log"]["from"] > 0


def test_every_game_serves_its_help_topics_in_every_language(client: TestClient) -> None:
    (schema,) = schemas_in(section("`GET /api/v1/games/{name}/help"))
    documented = validator(schema)
    for name in ("intrige", "notre-dame", "nottingham", "rattus"):
        facts = info(name)
        for lang in LANGUAGES:
            answer = client.get(f"{API}/games/{name}/help", params={"lang": lang})
            assert answer.status_code == 200, answer.text
            data = answer.json()
            documented.validate(data)
            topics = load(name, facts.max_players).glossary(lang)
            assert data["topics"] == [{"topic": k, "text": v} for k, v in topics.items()]
            assert data["lang"] == lang and data["title"] == facts.title
            assert data["summary"] == {"text": facts.summary_in(lang)[0], "lang": lang}
        small = client.get(f"{API}/games/{name}/help",
                           params={"lang": "pl", "players": facts.min_players}).json()
        topics = load(name, facts.min_players).glossary("pl")
        assert small["topics"] == [{"topic": k, "text": v} for k, v in topics.items()]
        assert small["players"] == facts.min_players
    assert set(game_names()) >= {"intrige", "notre-dame", "nottingham", "rattus"}


def test_a_tables_help_is_its_own_games(client: TestClient) -> None:
    made = create(client, game="rattus", players=2)
    answer = client.get(f"{API}/tables/{made['table']}/help", params={"lang": "it"})
    assert answer.status_code == 200, answer.text
    topics = load("rattus", 2).glossary("it")
    assert answer.json()["topics"] == [{"topic": k, "text": v} for k, v in topics.items()]
    assert topics != load("rattus", 4).glossary("it")


def test_bad_help_requests_get_one_line(client: TestClient) -> None:
    # Each refusal in the language asked for (English when that is no language offered).
    cases = [(f"{API}/games/chess/help", {"lang": "it"}, 404, "nessun gioco si chiama 'chess'"),
             (f"{API}/games/chess/help", {}, 404, "no game called 'chess'"),
             (f"{API}/games/intrige/help", {"lang": "es"}, 400, "no language 'es'"),
             (f"{API}/games/intrige/help", {"lang": "it", "players": 9}, 400,
              "si gioca in 3-5"),
             (f"{API}/games/intrige/help", {"lang": "en", "players": 9}, 400, "3-5 players"),
             (f"{API}/games/intrige/help", {"lang": "x" * 40}, 422, "lang"),
             (f"{API}/tables/nosuch/help", {"lang": "it"}, 404, "questo tavolo non esiste"),
             (f"{API}/tables/nosuch/help", {"lang": "pl"}, 404, "nie ma takiego stołu"),
             (f"{API}/tables", {"lang": "nl"}, 400, "no language 'nl'")]
    for path, params, status, words in cases:
        answer = client.get(path, params=params)
        assert answer.status_code == status, (path, answer.text)
        message = answer.json()["error"]
        assert words in message and "\n" not in message, message


def test_the_replay_route_renders_the_log_in_the_language_asked_for(
        client: TestClient) -> None:
    made = create(client, players=2, seats=[{"kind": "human"}] * 2, options={"rounds": 1})
    tid = made["table"]
    with connect(client, tid) as a, connect(client, tid) as b:
        greet(a, made["seats"][0]["token"], "it")
        greet(b, made["seats"][1]["token"], "pl")
        a.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:3"})
        until(a, kind("ack"))
        b.send_json({"type": "action", "seat": 1, "state": 1, "action": "bid:1"})
        until(b, lambda f: f["type"] == "state" and f["finished"])
    state = server_state(client, tid)
    for lang in LANGUAGES:
        data = client.get(f"{API}/tables/{tid}/replay",
                          params={"step": 2, "seat": 1, "lang": lang}).json()
        assert [e["text"] for e in data["log"]] == state.log_text(1, lang)
    # Each step from each perspective is exactly what that seat (or a spectator) saw then.
    hub = client.app.state.hub  # type: ignore[attr-defined]
    row = hub.storage.load_table(tid)
    game = load(row.game, row.players, **row.options)
    for step in range(len(row.actions) + 1):
        then, _ = replay(game, row.seed, row.actions[:step])
        for seat in (None, 0, 1):
            params: dict[str, Any] = {"step": step, "lang": "it"}
            if seat is not None:
                params["seat"] = seat
            data = client.get(f"{API}/tables/{tid}/replay", params=params).json()
            assert data["view"] == then.view(seat)
            assert data["log"] == [dict(e.public_json(), text=game.render_event(e, "it"))
                                   for e in then.log(seat)]
    refused = client.get(f"{API}/tables/{tid}/replay", params={"step": 2, "lang": "es"})
    assert refused.status_code == 400 and "no language 'es'" in refused.json()["error"]


def test_a_finished_games_result_says_what_its_tie_break_counts_in_each_language(
        client: TestClient) -> None:
    table = create(client, game="rattus", players=2, bot_seconds=0.05,
                   seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}])
    with connect(client, table["table"]) as ws:
        frame = greet(ws, table["host_token"], "it")
        while not frame["finished"]:
            frame = until(ws, lambda f: f["type"] == "state", timeout=60)
        note = frame["result"]["tiebreak_note"]
        assert note == info("rattus").tiebreak["it"] and note.startswith("Spareggio")
        ws.send_json({"type": "lang", "lang": "pl"})
        polish = until(ws, lambda f: f["type"] == "state")
        assert polish["result"]["tiebreak_note"] == info("rattus").tiebreak["pl"]

