"""The server's refusals in every language the games speak.

Every refusal — a websocket `error` frame, an HTTP `{"error": ...}` body — carries a stable
machine-readable `code` and its arguments (`args`), and its line rendered in the reader's
language: English from tavola.server.text, the other languages from the server's gettext
catalogs (docs/translating.md). A client may show the line as it is or build its own from
the code and the arguments.

Arguments are only what the reader already knows: what it sent, seat labels, state ids,
limits. A refusal that quotes the game's text (an illegal action is refused with the
seat's own prompt) takes it from the game's text layer in each language (`texts`); those
texts are not arguments, as they are not machine-readable.

Some refusals wrap a one-line English explanation from elsewhere (the JSON reader, the
request validator, a game's option check): English shows it whole (`detail`, `DETAILED`),
as before; the other languages say what kind of refusal it is in their own words.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

from tavola.core.errors import TavolaError
from tavola.core.game import LANGUAGES
from tavola.server.text import REFUSALS

MESSAGES = REFUSALS
"""Every refusal's template by language (`MESSAGES[lang][code]`): English in
tavola.server.text, the other languages from the server's catalogs."""

CODES = frozenset(REFUSALS["en"])

DETAILED: dict[str, str] = {
    "bad_json": "{detail}",
    "table_broken": "{detail}",
    "malformed_action": "{detail}",
    "bad_options": "{detail}",
    "bad_bot": "{detail}",
    "field_missing": "{field}: {detail}",
    "field_unknown": "{field}: {detail}",
    "field_invalid": "{field}: {detail}",
    "http_error": "{detail}",
    "invalid": "{detail}",
    "mail_address_bad": "that is not an e-mail address: {detail}",
}
"""The English line of the refusals that wrap a one-line English explanation (`detail`):
English shows it whole, the other languages their line of `REFUSALS` (what kind of
refusal it is, in their words)."""


def fields(template: str) -> set[str]:
    """Return the names a template fills in."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def render(code: str, args: Mapping[str, Any], lang: str = "en",
           texts: Mapping[str, Mapping[str, str]] | None = None) -> str:
    """Return the line of refusal `code` in `lang` (English for a language not offered)."""
    if lang == "en" or lang not in LANGUAGES:
        lang = "en"
        template = DETAILED.get(code) or REFUSALS["en"][code]
    else:
        template = REFUSALS[lang][code]
    values = dict(args)
    for name, by_lang in (texts or {}).items():
        values[name] = by_lang.get(lang, by_lang.get("en", ""))
    return template.format(**values)


class Refusal(TavolaError):
    """A request refused with a code: its arguments and the game texts it quotes; `str()` is
    the English line."""

    def __init__(self, code: str, *, texts: Mapping[str, Mapping[str, str]] | None = None,
                 **args: Any) -> None:
        if code not in CODES:
            raise KeyError(f"no refusal {code!r} in tavola.server.messages")
        # Every language's line fills only the English one's fields (the catalog check
        # holds them to it), so the English lines name every argument a refusal needs.
        wanted = fields(REFUSALS["en"][code]) | fields(DETAILED.get(code, ""))
        missing = wanted - set(args) - set(texts or {})
        if missing:
            raise KeyError(f"refusal {code!r} needs {', '.join(sorted(missing))}")
        self.code = code
        self.args_ = {k: v for k, v in args.items() if v is not None}
        self.texts = {k: dict(v) for k, v in (texts or {}).items()}
        super().__init__(render(code, self.args_, "en", self.texts))

    def line(self, lang: str) -> str:
        """Return the refusal's line in `lang`."""
        return render(self.code, self.args_, lang, self.texts)


def refusal_of(exc: TavolaError) -> Refusal:
    """Return `exc` if it has a code, else a refusal quoting its English line."""
    return exc if isinstance(exc, Refusal) else Refusal("invalid", detail=str(exc))


FORMER_PLAYER = "a former player"
"""The name a deleted account's seats keep: stored as this English text, shown in each
reader's language (`shown_name`)."""


def shown_name(name: str | None, lang: str) -> str | None:
    """Return a seat's or chat line's stored name as a reader of `lang` sees it (a former
    player's in that language)."""
    return render("former_player", {}, lang) if name == FORMER_PLAYER else name


LANGUAGE_LIST = f"{', '.join(LANGUAGES[:-1])} or {LANGUAGES[-1]}"
"""The languages offered, as the routes' documentation names them ("en, it or pl")."""


def language_or_english(lang: object) -> str:
    """Return `lang` if it is one of the languages offered, else English."""
    return lang if isinstance(lang, str) and lang in LANGUAGES else "en"
