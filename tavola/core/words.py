"""Number agreement for the languages the games speak, shared by every game's text module.

A counted noun comes in three forms, (one, few, many). English and Italian use `one` for
1 and `few` for every other number, so their `many` repeats `few` (or is left out). Polish
uses `one` for 1, `few` for numbers ending in 2-4 except 12-14 (2 kostki, 22 kostki) and
`many` for the rest (0 kostek, 5 kostek, 12 kostek).
"""

from __future__ import annotations

from collections.abc import Sequence


def polish_form(n: int) -> int:
    """Return which Polish form agrees with `n`: 0 one, 1 few, 2 many."""
    n = abs(n)
    if n == 1:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def plural(lang: str, n: int, forms: Sequence[str]) -> str:
    """Return the form of a noun, of `forms` (one, few[, many]), that agrees with `n`."""
    if lang == "pl":
        return forms[polish_form(n)]
    return forms[0] if abs(n) == 1 else forms[1]
