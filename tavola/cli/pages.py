"""The board cut into pages that fit a pane, for screens too small to show it whole.

A game draws its board as lines of text at most 80 columns wide. On a small screen the
board pane has fewer rows than the board has lines, so the board is shown a page at a time
(the person flips pages with keys), never scrolled sideways: every line on a page is whole.
A page holds whole regions where they fit: a region is a run of lines between blank lines,
or a heading at the left edge with the indented lines under it (a player's line, a palace).
A region longer than a page goes on over several pages, each repeating its first line (a
table's column heads, a palace's name; a heading and the column heads under it), so no
page shows numbers without their labels.
"""

from __future__ import annotations

import textwrap

HANGING = "    "
"""How a line wider than the pane goes on, on the rows below it."""


def regions(board: str, width: int) -> list[tuple[bool, list[str]]]:
    """Return the board's regions, each a list of lines no wider than `width`, with
    whether a blank line stands before it."""
    found: list[tuple[bool, list[str]]] = []
    current: list[str] = []
    blank = False
    for line in board.splitlines():
        if not line.strip():
            if current:
                found.append((blank, current))
                blank = True
            current = []
            continue
        # A heading at the left edge after the indented lines of another heading starts a
        # region (a table, whose first line is indented, stays whole).
        heading = not line[:1].isspace()
        if (current and heading and current[-1][:1].isspace()
                and not current[0][:1].isspace()):
            found.append((blank, current))
            blank = False
            current = []
        current.extend(fit(line.rstrip(), width))
    if current:
        found.append((blank, current))
    return found


def fit(line: str, width: int) -> list[str]:
    """Return `line` as rows no wider than `width` (wrapped with a hanging indent)."""
    if len(line) <= width:
        return [line]
    indent = line[:len(line) - len(line.lstrip())]
    return textwrap.wrap(line, max(width, 8), initial_indent="", subsequent_indent=indent
                         + HANGING, break_long_words=True, drop_whitespace=True) or [line]


def head_lines(region: list[str], rows: int) -> list[str]:
    """Return the lines a region repeats on every page it goes on to: its first line, and
    the line under a heading when it reads as a table's column heads (indented, no
    digits), when a page has room for them and more."""
    heads = region[:1]
    if (len(region) > 2 and rows >= 4 and not region[0][:1].isspace()
            and region[1][:1].isspace() and not any(c.isdigit() for c in region[1])):
        heads = region[:2]
    return heads


def pages(board: str, rows: int, width: int) -> list[list[str]]:
    """Return the board cut into pages of at most `rows` lines no wider than `width`."""
    rows = max(rows, 1)
    out: list[list[str]] = []
    page: list[str] = []
    for blank, region in regions(board, width):
        gap = 1 if page and blank else 0
        if len(page) + gap + len(region) <= rows:
            page.extend([""] * gap + region)
            continue
        if page and len(region) <= rows:
            out.append(page)
            page = list(region)
            continue
        # A region longer than a page: start it on a page of its own, and repeat its
        # first line at the top of every page it goes on to (when there is room to).
        if page:
            out.append(page)
        heads = head_lines(region, rows)
        page = list(region[:len(heads)])
        for line in region[len(heads):]:
            if len(page) == rows:
                out.append(page)
                page = list(heads) if rows > len(heads) + 1 else []
            page.append(line)
    if page or not out:
        out.append(page)
    return out
