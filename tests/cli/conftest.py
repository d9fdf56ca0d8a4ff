"""Fixtures: `toys` registers the test games for the tests that use them."""

import pytest

from tests.arena.toys import toys as toys


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run every command as on a system set to English (the terminal follows LANG)."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
