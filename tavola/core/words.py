"""Number agreement and number formats for the languages the games speak, shared by every
game's text module, from Babel's CLDR data (no hand-written rules).

A counted noun comes as its forms in the order of the language's gettext plural forms
(the `Plural-Forms` of its catalog, also Babel's): English and Italian (one, other),
Polish (one, few, many) - "1 kostka", "2 kostki", "5 kostek", "12 kostek", "22 kostki".
`plural` asks CLDR which category a number falls in and picks that form; a category a
language's noun has no form of (CLDR's Polish `other`, only for fractions, or Italian
`many`, for whole millions) takes the last form, as gettext does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache

_ORDER = ("zero", "one", "two", "few", "many", "other")


@cache
def _category_index(lang: str) -> Callable[[int], int]:
    # Babel is imported where a count is first put in words, never at import time.
    from babel import Locale

    rule = Locale.parse(lang).plural_form
    order = [tag for tag in _ORDER if tag in rule.tags or tag == "other"]
    index = {tag: i for i, tag in enumerate(order)}
    return lambda n: index[rule(n)]


@lru_cache(maxsize=4096)
def plural_index(lang: str, n: int) -> int:
    """Return which of a noun's forms in `lang` agrees with `n` (CLDR's category of `n`,
    in the order of the language's plural forms)."""
    return _category_index(lang)(abs(n))


def plural(lang: str, n: int, forms: Sequence[str]) -> str:
    """Return the form of a noun, of `forms` (in the language's plural order), that agrees
    with `n`."""
    return forms[min(plural_index(lang, n), len(forms) - 1)]


def number(n: int, lang: str) -> str:
    """Return a whole number as `lang` writes it, grouped by CLDR's rule for the language:
    1,120,000 (English), 1.120.000 (Italian), 1 120 000 (Polish).

    CLDR groups Polish (and French) with a no-break space; the page still groups with a
    plain one (tavola/web/i18n.js), and a sum must read the same in the log, in the
    terminal's result table (which writes its numbers through this function) and on the
    page, so a plain space is written until the page moves to Babel as well."""
    return _format_number(n, lang).replace("\u00a0", " ").replace("\u202f", " ")


@cache
def _locale(lang: str) -> object:
    from babel import Locale

    return Locale.parse(lang)


def _format_number(n: int, lang: str) -> str:
    from babel.numbers import format_decimal

    return format_decimal(n, locale=_locale(lang))  # type: ignore[arg-type]


@cache
def decimal_sign(lang: str) -> str:
    """Return the sign `lang` writes between a number's whole part and its fraction, by
    CLDR (Babel): "." in English, "," in Italian and Polish."""
    from babel.numbers import get_decimal_symbol

    return str(get_decimal_symbol(_locale(lang)))  # type: ignore[arg-type]
