"""Refusals in the reader's language: every code has its line in English, Italian and
Polish with the same arguments; a websocket client reads its refusals in its hello's
language, an HTTP client in its `?lang=`; the English lines are those of before."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from tavola.core import LANGUAGES
from tavola.server.messages import CODES, DETAILED, MESSAGES, Refusal, fields, render
from tavola.server.undo import REASONS
from tests.server.helpers import API, connect, create, kind, until

SERVER = Path(__file__).resolve().parents[2] / "tavola" / "server"


def test_every_code_has_a_line_in_every_language_with_the_same_arguments() -> None:
    assert set(MESSAGES) == set(LANGUAGES)
    for lang, table in MESSAGES.items():
        assert set(table) == CODES, (lang, sorted(CODES ^ set(table)))
        for code, template in table.items():
            assert template.strip() and "\n" not in template, (lang, code)
            # Every language fills the English line's arguments, never anything else (the
            # catalog check holds the translations to it, tests/server/test_server_catalog.py).
            assert fields(template) == fields(MESSAGES["en"][code]), (lang, code)
            if lang != "en":
                assert template != MESSAGES["en"][code], (lang, code, "not translated")
    # A refusal that wraps an English explanation shows it whole in English; its line in
    # every language (English too) says what kind of refusal it is, from the arguments
    # every language has.
    for code, english in DETAILED.items():
        assert "detail" in fields(english) and "detail" not in fields(MESSAGES["en"][code])
        assert render(code, {"detail": "Expecting value", "field": "seats", "table": "t1",
                             "action": "x", "spec": "y", "status": 405}, "en") in (
            "Expecting value", "seats: Expecting value",
            "that is not an e-mail address: Expecting value")


def test_every_code_the_server_raises_has_its_lines() -> None:
    source = "\n".join(p.read_text() for p in SERVER.glob("*.py"))
    raised = set(re.findall(r'(?:Refused|Refusal|FrameError)\(\s*"([a-z_]+)"', source))
    raised |= set(re.findall(r'Problem\(\d+, "([a-z_]+)"', source))
    raised |= set(REASONS)
    raised |= {f"{what}_{how}" for what in ("chat", "name", "reserved")
               for how in ("empty", "too_long")}
    assert raised - CODES == set()
    assert len(raised) > 60


def test_a_missing_template_cannot_pass() -> None:
    with pytest.raises(KeyError):
        Refusal("no_such_code")
    with pytest.raises(KeyError):
        Refusal("not_your_turn", seat="P1")
    # A stale decision is told in a player's words, without the table's internal state ids.
    refusal = Refusal("stale_state", state=3, current=5)
    assert str(refusal) == "the table moved on while you decided; here it is now: decide again"
    assert refusal.line("it").startswith("il tavolo è andato avanti")
    assert render("stale_state", {"state": 3, "current": 5}, "pl").startswith(
        "stół poszedł dalej")
    for code in ("stale_state", "action_conflict", "undo_stale"):
        for lang in LANGUAGES:
            line = render(code, {"state": 3, "current": 5}, lang)
            assert "3" not in line and "5" not in line, (code, lang, line)


def greet(ws: WebSocketTestSession, token: str | None, lang: str) -> dict[str, Any]:
    ws.send_json({"type": "hello", "protocol": 1, "token": token, "lang": lang})
    return until(ws, kind("state"))


def test_an_italian_client_reads_its_refusals_in_italian(client: TestClient) -> None:
    table = create(client, game="intrige", players=3)
    tid = table["table"]
    with connect(client, tid) as it, connect(client, tid) as en, connect(client, tid) as pl:
        first = greet(it, table["seats"][0]["token"], "it")
        greet(en, table["seats"][0]["token"], "en")
        greet(pl, table["seats"][0]["token"], "pl")
        seat = first["you"]
        assert seat == 0 and first["to_act"] == [0]
        state = client.app.state.hub.tables[tid].state  # type: ignore[attr-defined]
        illegal = {"type": "action", "seat": 0, "state": 0, "action": "room:99"}
        answers = {}
        for lang, ws in (("it", it), ("en", en), ("pl", pl)):
            ws.send_json(illegal)
            answers[lang] = until(ws, kind("error"))
        for lang, answer in answers.items():
            assert answer["code"] == "illegal_action"
            assert answer["args"] == {"action": "room:99"}
            # The game's own prompt, from its text layer, in the client's language.
            assert state.prompt(0, lang) in answer["message"]
        assert answers["en"]["message"] == (
            f"room:99 is not a legal action now ({state.prompt(0, 'en')})")
        assert answers["it"]["message"].startswith("room:99 ora non è una mossa consentita")
        assert answers["pl"]["message"].startswith("room:99 nie jest teraz dozwolonym ruchem")
        # A malformed frame.
        it.send_text("{")
        bad = until(it, kind("error"))
        assert bad["code"] == "bad_json" and bad["message"] == "il messaggio non è JSON valido"
        assert bad["args"]["detail"].startswith("the frame is not valid JSON")
        it.send_text('{"type": "dance"}')
        assert until(it, kind("error"))["message"].startswith(
            "tipo di messaggio sconosciuto 'dance'")
        # Not this seat's turn, in Polish; the same code and arguments in every language.
        pl.send_json({"type": "action", "seat": 1, "state": 0, "action": "room:1"})
        wrong = until(pl, kind("error"))
        assert wrong["code"] == "wrong_seat" and wrong["args"] == {"yours": "P1", "seat": 1}
        assert wrong["message"] == "twój kod jest dla P1, a nie dla miejsca 1"
        # Switching language switches the refusals too.
        it.send_json({"type": "lang", "lang": "en"})
        until(it, kind("state"))
        it.send_text("[1]")
        assert until(it, kind("error"))["message"] == "a frame is a JSON object with a 'type'"


def test_a_refused_hello_is_in_the_hellos_language(client: TestClient) -> None:
    table = create(client, spectators=False)
    with connect(client, table["table"]) as ws:
        ws.send_json({"type": "hello", "protocol": 1, "token": None, "lang": "it"})
        refused = until(ws, kind("error"))
    assert refused["code"] == "no_spectators"
    assert refused["message"] == "questo tavolo non ammette spettatori"
    with connect(client, table["table"]) as ws:
        ws.send_json({"type": "hello", "protocol": 1, "token": "x" * 30, "lang": "pl"})
        assert until(ws, kind("error"))["message"] == "ten kod dostępu nie pasuje do tego stołu"


@pytest.mark.parametrize("lang, words", [
    (None, "that link is not for a seat of this table"),
    ("en", "that link is not for a seat of this table"),
    ("it", "quel link non è per un posto di questo tavolo"),
    ("pl", "ten link nie prowadzi do miejsca przy tym stole"),
    ("de", "dieser Link gehört zu keinem Platz an diesem Tisch"),
    ("fr", "ce lien ne mène à aucune place de cette table"),
    ("es", "that link is not for a seat of this table"),
])
def test_an_http_refusal_honours_lang(client: TestClient, lang: str | None, words: str) -> None:
    table = create(client)
    params = {} if lang is None else {"lang": lang}
    answer = client.post(f"{API}/tables/{table['table']}/join", params=params,
                         json={"token": "nope", "name": "Eve"})
    assert answer.status_code == 403
    assert answer.json() == {"error": words, "code": "link_not_for_table", "args": {}}


def test_http_refusals_of_every_kind_carry_a_code(client: TestClient) -> None:
    cases = [
        (client.post(f"{API}/tables", params={"lang": "it"},
                     json={"game": "toy", "players": 3, "seats": [{"kind": "human"}]}),
         400, "seat_count", "servono esattamente 3 posti, non 1"),
        (client.post(f"{API}/tables", params={"lang": "pl"},
                     json={"game": "toy", "players": 3}),
         422, "field_missing", "seats: brak pola"),
        (client.post(f"{API}/tables", params={"lang": "it"},
                     json={"game": "toy", "players": 3, "seats": [], "colour": 1}),
         422, "field_unknown", "colour: campo sconosciuto"),
        (client.post(f"{API}/tables", params={"lang": "it"},
                     json={"game": "toy", "players": 3, "options": {"speed": 1},
                           "seats": [{"kind": "human"}] * 3}),
         400, "unknown_option", "toy non ha l'opzione 'speed'"),
        (client.post(f"{API}/tables", params={"lang": "pl"},
                     json={"game": "intrige", "players": 9, "seats": [{"kind": "human"}] * 9}),
         400, "player_count", "w intrige gra się w 3-5 osób, nie w 9"),
        (client.get(f"{API}/nowhere", params={"lang": "it"}), 404, "http_error",
         "richiesta non servita (404)"),
        (client.get(f"{API}/tables/nosuch/record", params={"lang": "it"}), 404,
         "unknown_table", "questo tavolo non esiste"),
    ]
    for answer, status, code, line in cases:
        assert answer.status_code == status, answer.text
        body = answer.json()
        assert body["code"] == code and line in body["error"], body
    english = client.post(f"{API}/tables", json={"game": "toy", "players": 3, "seats": [
        {"kind": "human"}] * 3, "options": {"speed": 1}}).json()
    assert english["error"].startswith("toy has no option 'speed' (options: ")


def test_a_too_large_body_is_refused_with_a_code(client: TestClient) -> None:
    answer = client.post(f"{API}/tables?lang=it", content=b"{" + b" " * 70_000 + b"}",
                         headers={"Content-Type": "application/json"})
    assert answer.status_code == 413
    assert answer.json() == {"error": "una richiesta non può superare 64 kB",
                             "code": "body_too_large", "args": {"kb": 64}}


def test_refusals_before_a_hello_follow_the_addresss_lang(client: TestClient) -> None:
    """Before a hello names a language, the websocket's address does (`?lang=`, as the page
    sends it): an unknown table, a frame that is not JSON, a first frame that is no hello.
    Without it, or with a language the server does not speak, English."""
    said = {lang: {code: render(code, {}, lang) for code in ("unknown_table", "hello_first")}
            for lang in ("en", "de", "fr")}
    assert said["de"]["unknown_table"] != said["en"]["unknown_table"]
    table = create(client)["table"]
    for asked, lang in (("de", "de"), ("fr", "fr"), ("es", "en"), (None, "en")):
        query = "" if asked is None else f"?lang={asked}"
        with client.websocket_connect(f"{API}/tables/nosuch/ws{query}") as ws:
            assert ws.receive_json()["message"] == said[lang]["unknown_table"]
        with client.websocket_connect(f"{API}/tables/{table}/ws{query}") as ws:
            ws.send_text("{")
            bad = until(ws, kind("error"))
            assert bad["code"] == "bad_json"
            assert bad["message"] == render("bad_json", bad["args"], lang)
            assert (lang == "en") == bad["message"].startswith("the frame is not valid JSON")
        with client.websocket_connect(f"{API}/tables/{table}/ws{query}") as ws:
            ws.send_json({"type": "ping"})
            assert until(ws, kind("error"))["message"] == said[lang]["hello_first"]
