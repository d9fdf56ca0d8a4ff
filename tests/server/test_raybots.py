"""Bots thinking on a Ray cluster (`tavola serve --bots ray://...`), tried on a Ray instance
started on this machine: every decision is the bot's own, made from the seat's information
set in a Ray worker, and a bot that overruns is cut off and replaced for that decision."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from starlette.testclient import TestClient

from tavola.cli import main
from tavola.server.app import create_app
from tavola.server.raybots import LOCAL, RayWorkers, is_ray_address
from tests.server.games import register_server_toys
from tests.server.helpers import connect, create, hello, until

SETUP = ("tests.server.games:register_server_toys",)


def test_ray_addresses_are_told_from_anything_else() -> None:
    assert is_ray_address("ray://10.0.0.5:10001") and is_ray_address(LOCAL)
    assert not is_ray_address("ray://") and not is_ray_address("10.0.0.5:10001")
    result = CliRunner().invoke(main, ["serve", "--bots", "redis://x"])
    assert result.exit_code == 2 and "--bots is a Ray address" in result.output
    assert "Traceback" not in result.output


def test_bots_on_a_ray_cluster_play_a_whole_game_each_decision_their_own(
        tmp_path: Path) -> None:
    register_server_toys()
    app = create_app(f"sqlite:///{tmp_path / 'tavola.db'}", bots=LOCAL, worker_setup=SETUP)
    with TestClient(app) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert isinstance(hub.workers, RayWorkers)
        # Ray starts within the generous think time of the first decision.
        table = create(client, players=3, options={"rounds": 2}, bot_seconds=30.0,
                       seats=[{"kind": "bot", "bot": "random"},
                              {"kind": "bot", "bot": "ismcts:iterations=20"},
                              {"kind": "bot", "bot": "random"}])
        with connect(client, table["table"]) as ws:
            if not hello(ws, None)["finished"]:
                until(ws, lambda f: f["type"] == "state" and f["finished"], timeout=180)
        rows = hub.storage.actions(table["table"])
        assert rows and {r.by for r in rows} == {"bot"}
        # An overrunning bot is cut off on the cluster and replaced for that decision.
        slow = create(client, game="toy-faulty", players=2, options={"rounds": 1},
                      bot_seconds=0.3, seats=[{"kind": "bot", "bot": "stuck"},
                                              {"kind": "bot", "bot": "random"}])
        with connect(client, slow["table"]) as ws:
            if not hello(ws, None)["finished"]:
                until(ws, lambda f: f["type"] == "state" and f["finished"], timeout=60)
        assert {r.by for r in hub.storage.actions(slow["table"]) if r.seat == 0} == {"fallback"}
        assert hub.workers.replaced >= 1
