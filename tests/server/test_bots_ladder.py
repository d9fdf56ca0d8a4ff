"""Tables rated against bots and the vs-bots ladder: an account's vs-bots rating moves as
OpenSkill says with the bots' fixed ratings, the bots' ratings do not move, the people's
ladder is untouched; what such a table refuses; the bots' public ratings; the migration.
Both databases."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from tavola.agents.levels import level_rating, level_ratings
from tavola.server.migrations import config, upgrade
from tavola.server.ratings import final_ranks, ordinal, rate_against_bots
from tavola.server.storage import Storage, normalise_url
from tests.server.helpers import API, connect
from tests.server.test_accounts import browser, other_device, sign_up
from tests.server.test_accounts_ratings import _settle, play_to_the_end, ratings

GAME = "rattus"


def vs_bots(client: TestClient, bots: tuple[str, ...] = ("easy",), people: int = 1,
            **settings: Any) -> Any:
    """Ask for a table of `GAME` rated against bots; return the server's answer."""
    body: dict[str, Any] = {
        "game": GAME, "players": people + len(bots), "rated_bots": True,
        "clock": {"kind": "turn"},
        "seats": [{"kind": "human"}] * people + [{"kind": "bot", "bot": b} for b in bots]}
    body.update(settings)
    return client.post(f"{API}/tables", json=body)


def board(client: TestClient, ladder: str) -> dict[str, tuple[float, float, int, int]]:
    answer = client.get(f"{API}/games/{GAME}/leaders?ladder={ladder}")
    assert answer.status_code == 200, answer.text
    assert answer.json()["ladder"] == ladder
    return {r["name"]: (r["mu"], r["sigma"], r["played"], r["won"])
            for r in answer.json()["leaders"]}


def fixed(client: TestClient) -> dict[str, tuple[float, float]]:
    answer = client.get(f"{API}/ratings/bots?lang=it")
    assert answer.status_code == 200, answer.text
    [game] = [g for g in answer.json()["games"] if g["game"] == GAME]
    return {r["level"]: (r["mu"], r["sigma"]) for r in game["levels"]}


def test_a_table_rated_against_bots_seats_only_accounts_and_rated_levels(
        db_client: TestClient) -> None:
    client = browser(db_client)
    refusals = [
        (vs_bots(client, ("random",)), "rated_bots_levels"),
        (vs_bots(client, ("easy:iterations=3",)), "rated_bots_levels"),
        (vs_bots(client, ()), "rated_bots_mix"),
        (vs_bots(client, ("easy", "hard"), people=0), "rated_bots_mix"),
        (vs_bots(client, ("strong",), bot_seconds=0.2), "rated_bots_think"),
        (vs_bots(client, clock={"kind": "off"}), "rated_needs_clock"),
        (vs_bots(client, rated=True), "rated_or_rated_bots"),
        (vs_bots(client, game="toy", players=2), "rated_bots_levels"),
    ]
    unknown = vs_bots(client, game="chess")
    assert unknown.status_code == 400 and unknown.json()["code"] == "unknown_game"
    for answer, code in refusals:
        assert answer.status_code == 400 and answer.json()["code"] == code, answer.text
        assert "Traceback" not in answer.text
    assert refusals[0][0].json()["error"].endswith(": easy, medium, hard, strong")
    polish = client.post(f"{API}/tables?lang=pl", json={
        "game": GAME, "players": 2, "rated_bots": True, "clock": {"kind": "turn"},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    assert polish.json()["error"].startswith("przy stole rankingowym przeciw botom")
    made = vs_bots(client, undo=True)
    assert made.status_code == 201, made.text
    table = made.json()
    tid = table["table"]
    settings = client.get(f"{API}/tables/{tid}").json()["settings"]
    assert settings["rated"] and settings["rated_bots"]
    assert not settings["undo"] and settings["wait"]
    # A guest cannot sit.
    guest = client.post(f"{API}/tables/{tid}/join",
                        json={"token": table["seats"][0]["token"], "name": "Guest"})
    assert guest.status_code == 401 and guest.json()["code"] == "rated_needs_account"


def test_a_game_against_bots_moves_the_vs_bots_rating_only(db_client: TestClient) -> None:
    client = browser(db_client)
    bots_before = fixed(client)
    easy = level_rating(GAME, "easy")
    assert easy is not None and bots_before["easy"] == pytest.approx((easy.mu, easy.sigma))
    made = vs_bots(client)
    assert made.status_code == 201, made.text
    table = made.json()
    tid = table["table"]
    assert sign_up(client, "Ada").status_code == 201
    joined = client.post(f"{API}/tables/{tid}/join",
                         json={"token": table["seats"][0]["token"], "name": "x"})
    assert joined.status_code == 200, joined.text
    with connect(client, tid) as ws:
        final = play_to_the_end({0: ws}, table, seconds=240)
    ranks = final["result"]["ranks"]
    [(before, after)] = rate_against_bots([None], [ranks[0]], [(easy.mu, easy.sigma)],
                                          [ranks[1]])
    moved = board(client, "bots")
    mu, sigma, played, won = moved["Ada"]
    assert (mu, sigma) == pytest.approx(after)
    assert (mu, sigma) != pytest.approx(before)
    assert played == 1 and won == (1 if ranks[0] == 1 else 0)
    # The bots' ratings did not move; the people's ladder is untouched.
    assert fixed(client) == bots_before
    assert board(client, "people") == {} == ratings(client, GAME)
    profile = client.get(f"{API}/players/Ada").json()
    assert profile["ratings"] == [] and profile["played"] == 0
    [rating] = profile["bots_ratings"]
    assert rating["game"] == GAME and rating["ordinal"] == pytest.approx(ordinal(*after))
    [game] = profile["recent"]
    assert game["ladder"] == "bots" and game["rank"] == ranks[0]
    assert game["change"] == pytest.approx(after[0] - 25.0)
    # Settling again changes nothing: the game is rated once.
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = client.portal.call(hub.get, tid)  # type: ignore[attr-defined]
    assert client.portal.call(_settle, live) is False  # type: ignore[attr-defined]
    assert board(client, "bots") == moved


def test_abandoning_a_game_against_bots_ranks_last(db_client: TestClient) -> None:
    client = browser(db_client)
    table = vs_bots(client).json()
    assert sign_up(client, "Bea").status_code == 201
    assert client.post(f"{API}/tables/{table['table']}/join", json={
        "token": table["seats"][0]["token"], "name": "x"}).status_code == 200
    with connect(client, table["table"]) as ws:
        final = play_to_the_end({0: ws}, table, leave=0, seconds=240)
    ranks = final_ranks(final["result"]["ranks"], {0})
    assert ranks[0] == 2
    easy = level_rating(GAME, "easy")
    assert easy is not None
    [(_, after)] = rate_against_bots([None], [2], [(easy.mu, easy.sigma)], [ranks[1]])
    assert board(client, "bots")["Bea"][:2] == pytest.approx(after)
    profile = client.get(f"{API}/players/Bea").json()
    assert profile["recent"][0]["abandoned"] and profile["bots_ratings"][0]["won"] == 0


def test_rating_against_bots_keeps_the_bots_fixed() -> None:
    """Only the people's ratings come back, and a bot that is beaten moves them up."""
    [(before, after)] = rate_against_bots([None], [1], [(30.0, 1.0)], [2])
    assert before == pytest.approx((25.0, 25 / 3)) and after[0] > 25.0
    [(_, lost)] = rate_against_bots([None], [2], [(30.0, 1.0)], [1])
    assert lost[0] < 25.0


def test_the_bots_ratings_are_public_in_every_language(db_client: TestClient) -> None:
    other_device(db_client)
    answer = db_client.get(f"{API}/ratings/bots")
    assert answer.status_code == 200
    body = answer.json()
    assert "easy" in body["anchor"]
    games = {g["game"]: g for g in body["games"]}
    assert {"notre-dame", "rattus", "nottingham", "intrige"} <= set(games)
    for name, game in games.items():
        shipped = level_ratings(name)
        assert [r["level"] for r in game["levels"]] == list(shipped)
        for r in game["levels"]:
            assert r["spec"] == shipped[r["level"]].spec
            assert r["by_clock"] == (r["level"] == "strong")
    assert db_client.get(f"{API}/ratings/bots?lang=xx").status_code == 400
    assert db_client.get(f"{API}/games/{GAME}/leaders?ladder=robots").status_code == 422


def test_the_bot_ladder_migration_upgrades_a_database_and_goes_back(db_url: str) -> None:
    from alembic import command

    engine_ = sa.create_engine(normalise_url(db_url))
    with engine_.begin() as conn:
        upgrade(conn, "r0010")
        assert not sa.inspect(conn).has_table("bot_ladder")
    engine_.dispose()
    store = Storage(db_url)
    try:
        with store.engine.connect() as conn:
            assert {"bot_ladder", "bot_ladder_results"} <= set(
                sa.inspect(conn).get_table_names())
        with store.engine.begin() as conn:
            command.downgrade(config(conn), "r0010")
        with store.engine.connect() as conn:
            assert not sa.inspect(conn).has_table("bot_ladder_results")
            assert sa.inspect(conn).has_table("rated_results")
    finally:
        store.close()


def test_play_now_rated_does_not_seat_a_person_at_a_table_rated_against_bots(
        db_client: TestClient) -> None:
    """Play now's rated search is for the people's ladder: a public table rated against
    bots with a free seat is rated too, but play now makes a people's table instead."""
    client = browser(db_client)
    made = vs_bots(client, people=2, public=True)
    assert made.status_code == 201, made.text
    vs = made.json()["table"]
    assert sign_up(client, "Ada").status_code == 201
    found = client.get(f"{API}/tables?game={GAME}&rated=true").json()
    assert [t["table"] for t in found] == [vs]
    answer = client.post(f"{API}/play", json={"game": GAME, "speed": "turn", "rated": True,
                                              "players": 3})
    assert answer.status_code in (200, 201), answer.text
    got = answer.json()
    assert got["created"] and got["table"] != vs
    settings = client.get(f"{API}/tables/{got['table']}").json()["settings"]
    assert settings["rated"] and not settings["rated_bots"]
