"""The documentation names only files this repository holds, and links nowhere outside it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", *ROOT.glob("docs/**/*.md"), ROOT / "benchmarks/README.md"])
# A repository path as the pages write it: `docs/protocol.md`, `tavola/core/game.py`.
PATH = re.compile(r"`((?:docs|tavola|tests|benchmarks|examples)/[\w./-]+\.(?:md|py|txt))`")
LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_file_a_page_names_is_in_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for name in PATH.findall(text):
        assert (ROOT / name).exists(), f"{page.name} names {name}, which is not here"
    for target in LINK.findall(text):
        assert not target.startswith(("../", "/", "file:")), f"{page.name} links {target}"
        if "://" not in target:
            assert (page.parent / target.split("#")[0]).exists(), f"{page.name}: {target}"
    assert "shared/rules" not in text and "RULINGS.md" not in text
    assert "COMPONENTS.md" not in text


def test_the_index_lists_every_page() -> None:
    index = (ROOT / "docs/README.md").read_text(encoding="utf-8")
    for page in ROOT.glob("docs/**/*.md"):
        name = str(page.relative_to(ROOT))
        assert name == "docs/README.md" or f"`{name}`" in index, f"the index misses {name}"
