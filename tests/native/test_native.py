"""The native core is installed where CI runs, and `tavola.native` says which engine runs."""

from __future__ import annotations

import os

import pytest

from tavola import native


def test_the_native_core_is_available_where_ci_runs() -> None:
    if os.environ.get("CI") != "true" and not native.available():
        pytest.skip("outside CI without a built native core")
    assert native.available(), "CI must build the native core (pip install ./native)"
    assert native.engine() == "native"
    assert native.core().ABI == native.ABI


def test_without_the_native_core_the_engine_is_python_and_core_says_how_to_build_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "_CORE", None)
    assert not native.available() and native.engine() == "python"
    with pytest.raises(native.NativeUnavailable, match=r"pip install \./native"):
        native.core()


def test_tavola_native_0_in_the_environment_selects_the_python_engine() -> None:
    import subprocess
    import sys
    code = "import tavola.native as n; print(n.engine(), n.available())"
    env = {**os.environ, "TAVOLA_NATIVE": "0"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True)
    assert done.stdout.split() == ["python", "False"]


def test_a_core_built_for_other_rules_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """The native game is used only at the reference's rules version: otherwise the bots
    roll out in Python and the native positions refuse to start, saying why."""
    if not native.available():
        pytest.skip("outside CI without a built native core")
    from tavola.agents.search import Rollout
    from tavola.games.rattus.game import RattusGame
    from tavola.native.rattus import NativeRattus
    game = RattusGame(3, {})
    assert native.plays(game) and Rollout(game, "random", 0).native is not None
    monkeypatch.setattr(native.core(), "RATTUS_VERSION", game.info.version - 1)
    assert not native.plays(game) and Rollout(game, "random", 0).native is None
    with pytest.raises(native.NativeUnavailable, match="other Rattus rules"):
        NativeRattus.new(game, 1)
