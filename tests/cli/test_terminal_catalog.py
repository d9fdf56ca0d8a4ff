"""The terminal's words in the gettext catalogs of the `terminal` domain: the catalogs are
complete and agree with the English, its counted lines are plural messages that agree by
CLDR's rules, and every line reads in English, Italian and Polish exactly as before the
words moved there."""

from __future__ import annotations

import hashlib
import sys

import pytest

from tavola import catalogs
from tavola.cli import words
from tavola.cli.tui import WIDE
from tavola.core.catalogs import Domain
from tavola.core.words import plural

NAMES = ("count", "hint", "text", "number", "prompt", "label", "title", "name", "where",
         "path", "page", "pages", "reason", "elapsed", "budget", "bot", "names", "lines",
         "seat", "score", "rank", "parts", "players", "seed", "decisions", "options",
         "verdict", "summary", "at", "last", "who", "help", "value", "typed")
"""Every argument a line of the terminal fills (each filled with its name in brackets)."""

ARGS = {name: f"<{name}>" for name in NAMES}

COUNTS = (*range(30), 100, 101, 102, 104, 105, 111, 112, 121, 122, 1000, 1001, 1002, 1005,
          1_000_000, 2_000_000)
"""The counts each counted line is said with: every plural form of the three languages."""

NUMBERS = (0, 45, 9999, 10_000, 123_456, 1_120_000, -20_000, 2.5, 0.125, 3.0)

# The digest of every line below in each language, taken from the tables as they were
# before the words moved into catalogs (tavola/cli/words.py's WORDS and OPTION_WORDS by
# language, its counted nouns split by "|", its numbers grouped by hand): the move changed
# no byte.
DIGESTS = {
    "en": "7f8ca35db78bfb40c37aca92aa33c15d513bd1512983d6398ce0eaf3e69be4a4",
    "it": "d1694dee7a58364f1d4f1e6784bfbce203a3b476551efa15b3127b6767f565cc",
    "pl": "198e5a14139eef9e1036d342322ac2777b94aa5778309f9db275c2637d957ba5",
}

SINCE = {"list_separator": "; ", "option_named": "{name}: {value} ({typed})"}
"""Lines added after the digests were taken, which English, Italian and Polish write as the
code wrote them before (a list joined by "; ", an option as "NAME: VALUE (KEY=VALUE)"), so
that the lines they make read as before too; French puts a no-break space before ";" and
":"."""


def test_the_lines_added_since_read_as_the_code_wrote_them() -> None:
    for lang in ("en", "it", "pl", "de"):
        assert {key: words.WORDS[lang][key] for key in SINCE} == SINCE, lang
    assert words.WORDS["fr"]["list_separator"] == "\u00a0; "
    assert words.WORDS["fr"]["option_named"] == "{name}\u00a0: {value} ({typed})"


def lines(lang: str) -> list[str]:
    """Return every line of the terminal's words in `lang`: each line, each counted line
    with every count of `COUNTS`, each option's words and numbers as the results show
    them."""
    found = []
    for key in sorted({*words.WORDS["en"], *words.COUNTED["en"]} - set(SINCE)):
        if key in words.PLURALS:
            found += [f"counted {key} {n}: " + words.counted(lang, key, n) for n in COUNTS]
        else:
            found.append(f"say {key}: " + words.say(lang, key, **ARGS))
    found += [f"option {key}: " + words.OPTION_WORDS[lang][key]
              for key in sorted(words.OPTION_WORDS["en"])]
    found += [f"number {value}: " + words.number(lang, value) for value in NUMBERS]
    return found


def digest(lang: str) -> str:
    """Return the digest of every line of the terminal's words in `lang`."""
    return hashlib.sha256("\n".join(lines(lang)).encode()).hexdigest()


@pytest.mark.parametrize("lang", sorted(DIGESTS))
def test_the_terminal_says_what_it_said_before_the_catalogs(lang: str) -> None:
    assert digest(lang) == DIGESTS[lang], (
        f"the terminal's words in {lang} changed; `python -m tests.cli.test_terminal_catalog "
        f"{lang}` prints them")


def test_the_english_source_and_the_catalogs_agree() -> None:
    assert "terminal" in catalogs.DOMAINS
    assert catalogs.problems("terminal") == []
    names = {table.name for table in catalogs.tables("terminal")}
    assert names == {"WORDS", "COUNTED", "OPTION_WORDS"}


def test_german_and_french_are_complete() -> None:
    dom = catalogs.domain("terminal")
    assert catalogs.problems("terminal", Domain(dom.name, dom.directory, ("de", "fr"),
                                                dom.derived, dom.forms)) == []


def test_counted_lines_are_plural_messages_with_the_forms_of_each_language() -> None:
    template = catalogs.template("terminal")
    plural = {m.context: m for m in template if m.id and isinstance(m.id, tuple)}
    assert set(plural) == {f"COUNTED/{key}" for key in words.PLURALS}
    for key in words.PLURALS:
        assert all("|" not in form for form in words.COUNTED["en"][key])
        assert len(words.COUNTED["pl"][key]) == 3  # one, few, many
        assert len(words.COUNTED["it"][key]) == 3  # one, many (whole millions), other


@pytest.mark.parametrize("lang", ["it", "pl", "de", "fr"])
def test_the_key_lines_of_a_small_screen_fit_80_columns(lang: str) -> None:
    # The full screen's last line (tavola/cli/tui.py) shows the keys on one line, after a
    # space: a longer line loses its end (the English ones have 73 and 91 characters).
    dom = catalogs.domain("terminal")
    table = Domain(dom.name, dom.directory, (lang,), dom.derived, dom.forms).messages(lang)
    assert len(str(table["WORDS/keys_small"])) <= 78
    assert len(str(table["WORDS/keys"])) <= WIDE - 2  # a wide screen's line


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_german_and_french_count_and_write_numbers_by_cldr(lang: str) -> None:
    dom = catalogs.domain("terminal")
    table = Domain(dom.name, dom.directory, (lang,), dom.derived, dom.forms).messages(lang)
    forms = table["COUNTED/stopped_decisions"]
    # German one, other; French one (0 and 1), many (whole millions), other.
    assert isinstance(forms, tuple) and len(forms) == {"de": 2, "fr": 3}[lang]
    said = {n: plural(lang, n, forms).format(count=n) for n in (0, 1, 2, 1_000_000)}
    assert said[1] == said[0].replace("0", "1", 1) if lang == "fr" else said[0] != said[1]
    assert said[2] != said[1] and said[2].startswith("2 ")
    if lang == "fr":
        assert said[1_000_000] == "1000000 de décisions jouées"
    assert words.number(lang, 1_120_000) == {"de": "1.120.000", "fr": "1 120 000"}[lang]
    assert words.decimal(lang, 2.5) == "2,5"


def test_a_placeholder_the_terminal_does_not_fill_fails_the_check() -> None:
    # A game fills derived forms ({count_n}, {name_of}...); the terminal fills only the
    # English placeholders, so a translation that wrote one would fail at run time.
    assert catalogs.placeholder_problems("{count} decisions", "{count_n}", None, ()) == [
        "placeholder {count} missing", "placeholder {count_n} is not the English one's"]
    assert catalogs.placeholder_problems("{count} decisions", "{count_n}") == []


if __name__ == "__main__":
    print("\n".join(lines(sys.argv[1] if len(sys.argv) > 1 else "en")))
