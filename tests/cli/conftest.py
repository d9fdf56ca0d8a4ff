"""Fixtures: `toys` registers the test games for the tests that use them; every test runs
as on a system set to English, with a data folder of its own (where games are autosaved)."""

from pathlib import Path

import pytest

from tests.arena.toys import toys as toys


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run every command as on a system set to English (the terminal follows LANG)."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture(autouse=True)
def data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Give the test a user data folder of its own (platformdirs follows XDG_DATA_HOME)."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    return folder
