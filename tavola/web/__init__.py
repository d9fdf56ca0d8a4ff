"""The browser page of the game server: static files served as they are, no build step.

`tavola serve` sends `static/index.html` for `/` and for every invitation link
(`/play/TABLE#token=...`) and the rest of `static/` under `/static/` (docs/web.md).
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"
"""The directory of the page's files: HTML, CSS, ES modules and the board modules."""
