"""The board cut into pages that fit a pane, for screens too small to show it whole.

A game draws its board as lines of text at most 80 columns wide. On a small screen the
board pane has fewer rows than the board has lines, so the board is shown a page at a time
(the person flips pages with keys), never scrolled sideways: every line on a page is whole.

A page holds whole regions where they fit. A region is a run of lines between blank lines,
or a heading at the left edge with the indented lines under it (a player's line, a
palace). Under such a heading, an entry at the heading's first indentation that follows
deeper lines starts a region of its own (each player of a "Players:" list), which carries
the heading with it: a page that starts with it shows the heading first.

A region longer than a page goes on over several pages, each repeating its first line (a
table's column heads, a palace's name); a heading with the column heads of a table under it
repeats both while the table's rows go on. So no page shows numbers without their labels.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

HANGING = "    "
"""How a line wider than the pane goes on, on the rows below it."""


@dataclass
class Region:
    """Lines of the board that belong together, and what stands before them: a blank
    line, the heading they come under (shown first on a page they start)."""

    lines: list[str]
    blank: bool = False
    parent: str | None = None


def depth(line: str) -> int:
    """Return how far a line is indented."""
    return len(line) - len(line.lstrip())


def regions(board: str, width: int) -> list[Region]:
    """Return the board's regions, their lines no wider than `width`."""
    found: list[Region] = []
    current: Region | None = None
    heading: str | None = None  # the heading at the left edge the lines come under
    base = 0  # the indentation of the first line under it
    previous = ""
    blank = False
    for raw in board.splitlines():
        line = raw.rstrip()
        if not line.strip():
            blank = current is not None or blank
            current, heading = None, None
            continue
        indent = depth(line)
        if current is not None and indent == 0 and depth(previous) > 0 and heading:
            # A heading at the left edge after the lines of another heading.
            current = None
        if current is not None and heading and 0 < indent < depth(previous) and indent <= base:
            # An entry under the heading after the deeper lines of the entry before it.
            current = Region([], parent=heading)
            found.append(current)
        if current is None:
            current = Region([], blank=blank)
            found.append(current)
            blank = False
            heading = line if indent == 0 else None
            base = 0
        elif heading and not base:
            base = indent
        current.lines.extend(fit(line, width))
        previous = line
    return [region for region in found if region.lines]


def fit(line: str, width: int) -> list[str]:
    """Return `line` as rows no wider than `width` (wrapped with a hanging indent)."""
    if len(line) <= width:
        return [line]
    indent = line[:depth(line)]
    return textwrap.wrap(line, max(width, 8), initial_indent="", subsequent_indent=indent
                         + HANGING, break_long_words=True, drop_whitespace=True) or [line]


def is_row(line: str) -> bool:
    """Return whether a line reads as a row of a table: columns apart by two spaces."""
    return re.search(r"\S {2,}\S", line.strip()) is not None


def head_lines(region: list[str], rows: int) -> list[str]:
    """Return the lines a region may repeat on every page it goes on to: its first line,
    and the line under a heading when it reads as a table's column heads (indented, no
    digits, in columns), when a page has room for them and more."""
    heads = region[:1]
    if (len(region) > 2 and rows >= 4 and not region[0][:1].isspace()
            and region[1][:1].isspace() and not any(c.isdigit() for c in region[1])
            and is_row(region[1])):
        heads = region[:2]
    return heads


def pages(board: str, rows: int, width: int) -> list[list[str]]:
    """Return the board cut into pages of at most `rows` lines no wider than `width`."""
    rows = max(rows, 1)
    out: list[list[str]] = []
    page: list[str] = []
    for region in regions(board, width):
        lines = region.lines
        gap = 1 if page and region.blank else 0
        if len(page) + gap + len(lines) <= rows:
            page.extend([""] * gap + lines)
            continue
        if page:
            out.append(page)
        # A new page: an entry under a heading shows the heading first, room permitting.
        page = ([region.parent] if region.parent is not None and len(lines) < rows
                else [])
        if len(page) + len(lines) <= rows:
            page.extend(lines)
            continue
        # A region longer than a page: it goes on over pages, each repeating its first
        # line (and a table's column heads while its rows go on).
        heads = head_lines(lines, rows)
        page = list(lines[:len(heads)])
        for line in lines[len(heads):]:
            if len(page) == rows:
                out.append(page)
                again = heads if is_row(line) else heads[:1]
                page = list(again) if rows > len(again) + 1 else []
            page.append(line)
    if page or not out:
        out.append(page)
    return out
