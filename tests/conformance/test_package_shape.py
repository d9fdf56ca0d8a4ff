"""One shape for every game: the same files, and imports that run one way.

A reader who knows one game package knows where everything is in the others
(docs/adding-a-game.md has the table this test enforces).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tavola.games

LAYERS: dict[str, int] = {
    "components": 0, "config": 1, "state": 2, "actions": 2, "rules": 3, "view": 4,
    "text": 4, "schema": 4, "heuristics": 5, "encoding": 5, "game": 6, "__init__": 7,
}
ROOT = Path(tavola.games.__file__).parent
PACKAGES = sorted(p for p in ROOT.iterdir() if (p / "__init__.py").exists())


@pytest.mark.parametrize("package", PACKAGES, ids=[p.name for p in PACKAGES])
def test_every_game_package_has_the_same_files(package: Path) -> None:
    files = {p.stem for p in package.glob("*.py")}
    assert files == set(LAYERS), f"{package.name}: {sorted(files ^ set(LAYERS))}"


def _imports(path: Path, package: str) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[str, int]] = []
    prefix = f"tavola.games.{package}"
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == prefix:
                out.extend((alias.name, node.lineno) for alias in node.names)
            elif node.module.startswith(prefix + "."):
                out.append((node.module.split(".")[3], node.lineno))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(prefix + "."):
                    out.append((alias.name.split(".")[3], node.lineno))
    return out


@pytest.mark.parametrize("package", PACKAGES, ids=[p.name for p in PACKAGES])
def test_imports_inside_a_game_run_one_way(package: Path) -> None:
    for path in package.glob("*.py"):
        mine = LAYERS[path.stem]
        for module, line in _imports(path, package.name):
            assert module in LAYERS, f"{path.name}:{line} imports unknown module {module}"
            assert LAYERS[module] < mine or (module == path.stem), (
                f"{package.name}/{path.name}:{line} imports {module}, which sits above it")


@pytest.mark.parametrize("package", PACKAGES, ids=[p.name for p in PACKAGES])
def test_no_game_imports_another_game_or_the_tools_above_the_contract(package: Path) -> None:
    for path in package.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for other in PACKAGES:
            if other != package:
                assert f"tavola.games.{other.name}" not in text, f"{path} imports {other.name}"
        for tool in ("tavola.agents", "tavola.arena", "tavola.cli", "tavola.server",
                     "tavola.rl"):
            assert tool not in text, f"{path} imports {tool}"
