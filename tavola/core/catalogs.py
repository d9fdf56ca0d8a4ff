"""The words of every language but English, read from a domain's gettext catalogs.

A game's text module keeps its English tables in Python (the source every translation is
made from) and wraps each in `Translated`: a dict keyed by language whose "en" is the table
given, and whose other languages are built, once and only when first asked for, from the
domain's catalogs `locale/<lang>/LC_MESSAGES/<domain>.po` beside the module. After that a
lookup is a plain dict lookup, so nothing on a search's path reads a catalog.

Each string of a table is one message: its context (`msgctxt`) is the table's name and the
key path to the string, joined by "/" (tuple members by index: "WORDS/steps/1", a
dataclass's fields by name); its `msgid` is the English text. Three shapes say more (see
docs/translating.md):

- a counted noun, a tuple at a path the table names in `plurals`, is one gettext plural
  message (`msgid`, `msgid_plural`; one `msgstr[i]` per plural form of the language, in the
  order of the catalog's `Plural-Forms`, which are Babel's CLDR ones);
- a dict whose keys are words (help topics keyed by their titles) names its path in
  `titles`: each key is a message of its own, context "<path>/<English key>/@title";
- a string the English table leaves as it is is written there anyway (English is complete),
  so that every translation has a message to fill; an empty string is no message (gettext
  keeps the empty `msgid` for the catalog's header) and stays empty in every language.

A message missing from a language's catalog, untranslated or fuzzy, shows its English text
and is reported by a warning naming the domain, language and count: the completeness test
(tests/games/test_catalogs.py) keeps the shipped catalogs free of them.
"""

from __future__ import annotations

import dataclasses
import threading
import warnings
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

V = TypeVar("V")

_LOADING = threading.RLock()

TITLE = "@title"
"""The last part of the context of a message that is a dict's key (a help topic's title)."""


class Domain:
    """One catalog set: the messages of one game (or other part) in every language."""

    def __init__(self, name: str, directory: Path, languages: tuple[str, ...],
                 derived: Mapping[str, tuple[str, ...]] | None = None,
                 forms: tuple[str, ...] | None = None) -> None:
        self.name = name
        self.directory = directory  # holds locale/<lang>/LC_MESSAGES/<name>.po
        self.languages = languages  # the languages other than English
        # Placeholders a translation may use instead of the English one's, beyond the
        # derived forms the domain's code fills: the game fills them.
        self.derived: Mapping[str, tuple[str, ...]] = derived or {}
        # The derived forms ("{}_n", "{}_of", ...) the domain's code fills for every
        # placeholder: None for a game's (tavola.catalogs.DERIVED); () for a part that fills
        # only the English placeholders (the server's, the terminal's).
        self.forms = forms
        self._messages: dict[str, dict[str, str | tuple[str, ...]]] = {}

    def po_path(self, lang: str) -> Path:
        """Return the path of the catalog of `lang`."""
        return self.directory / "locale" / lang / "LC_MESSAGES" / f"{self.name}.po"

    def pot_path(self) -> Path:
        """Return the path of the template every language's catalog is made from."""
        return self.directory / "locale" / f"{self.name}.pot"

    def messages(self, lang: str) -> dict[str, str | tuple[str, ...]]:
        """Return the translated messages of `lang` by context, read once: a string, or the
        forms of a plural message. Untranslated and fuzzy messages are left out."""
        found = self._messages.get(lang)
        if found is None:
            # Babel is imported here, where words in another language are first needed, so
            # an English-only or searching process never loads it.
            from babel.messages.pofile import read_po

            found = {}
            if not self.po_path(lang).exists():
                # A language switched on before this domain's catalog was written: its
                # words show in English, and each table says so (Translated._load).
                self._messages[lang] = found
                return found
            with self.po_path(lang).open("rb") as f:
                catalog = read_po(f, locale=lang, domain=self.name)
            for message in catalog:
                if not message.id or message.fuzzy or message.context is None:
                    continue
                text = message.string
                if isinstance(text, (tuple, list)):
                    if all(text):
                        found[message.context] = tuple(text)
                elif text:
                    found[message.context] = text
            self._messages[lang] = found
        return found


class Translated(dict[str, V]):
    """A table keyed by language: English as given, every other language built from the
    domain's catalog the first time any other language is asked for, then kept."""

    def __init__(self, domain: Domain, name: str, english: V,
                 plurals: frozenset[str] = frozenset(),
                 titles: frozenset[str] = frozenset()) -> None:
        super().__init__(en=english)
        self.domain = domain
        self.name = name
        self.plurals = plurals  # paths (below the table) of dicts of counted nouns
        self.titles = titles  # paths of dicts whose keys are words too
        self._loaded = False

    def _load(self) -> None:
        if self._loaded:
            return
        with _LOADING:  # threads of one server may ask at once: one builds, all wait
            if self._loaded:
                return
            english = dict.__getitem__(self, "en")
            for lang in self.domain.languages:
                missing: list[str] = []
                table = self.build(english, self.domain.messages(lang), missing)
                if missing:
                    warnings.warn(f"{self.domain.name} {lang}: {len(missing)} messages of "
                                  f"{self.name} are not translated and show in English "
                                  f"(first: {missing[0]})", stacklevel=3)
                dict.__setitem__(self, lang, table)
            self._loaded = True

    def build(self, english: V, messages: Mapping[str, str | tuple[str, ...]],
              missing: list[str]) -> V:
        """Return the table in the language of `messages` (each absent one, in English,
        its context added to `missing`)."""
        built: V = _build(english, self.name, "", messages, self, missing)
        return built

    def entries(self) -> Iterator[tuple[str, str | tuple[str, ...]]]:
        """Yield every message of the English table: (context, text or plural forms)."""
        yield from _entries(dict.__getitem__(self, "en"), self.name, "", self)

    # Every way of reading the languages loads them first.
    def __missing__(self, lang: str) -> V:
        self._load()
        if dict.__contains__(self, lang):
            return dict.__getitem__(self, lang)
        raise KeyError(lang)

    def get(self, lang: str, default: Any = None) -> Any:
        if not dict.__contains__(self, lang):  # English never loads the others
            self._load()
        return dict.get(self, lang, default)

    def __contains__(self, lang: object) -> bool:
        if not dict.__contains__(self, lang):
            self._load()
        return dict.__contains__(self, lang)

    def __iter__(self) -> Iterator[str]:
        self._load()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._load()
        return dict.__len__(self)

    def keys(self) -> Any:
        self._load()
        return dict.keys(self)

    def values(self) -> Any:
        self._load()
        return dict.values(self)

    def items(self) -> Any:
        self._load()
        return dict.items(self)


def _join(context: str, part: object) -> str:
    text = str(part)
    if "/" in text:
        raise ValueError(f"a table key holds '/': {text!r}")
    return f"{context}/{text}" if context else text


def _entries(value: Any, context: str, path: str,
             table: Translated[Any]) -> Iterator[tuple[str, str | tuple[str, ...]]]:
    if isinstance(value, str):
        if value:  # an empty string is no words, the same in every language
            yield context, value
    elif isinstance(value, dict):
        plural = path in table.plurals
        titled = path in table.titles
        for key, item in value.items():
            here = _join(context, key)
            if titled:
                yield f"{here}/{TITLE}", str(key)
            if plural:
                yield here, tuple(item)
            else:
                yield from _entries(item, here, _join(path, key), table)
    elif isinstance(value, (tuple, list)):
        for i, item in enumerate(value):
            yield from _entries(item, _join(context, i), _join(path, i), table)
    elif dataclasses.is_dataclass(value):  # a name in its grammatical forms, by field
        for field in dataclasses.fields(value):
            yield from _entries(getattr(value, field.name), _join(context, field.name),
                                _join(path, field.name), table)
    elif value is not None and not isinstance(value, (int, float)):
        raise TypeError(f"{context}: a table holds {type(value).__name__}")


def _build(value: Any, context: str, path: str, messages: Mapping[str, Any],
           table: Translated[Any], missing: list[str]) -> Any:
    if isinstance(value, str):
        if not value:
            return value
        found = messages.get(context)
        if isinstance(found, str):
            return found
        missing.append(context)
        return value
    if isinstance(value, dict):
        plural = path in table.plurals
        titled = path in table.titles
        out = {}
        for key, item in value.items():
            here = _join(context, key)
            name = key
            if titled:
                title = messages.get(f"{here}/{TITLE}")
                if isinstance(title, str):
                    name = title
                else:
                    missing.append(f"{here}/{TITLE}")
            if plural:
                forms = messages.get(here)
                if isinstance(forms, tuple):
                    out[name] = forms
                else:
                    missing.append(here)
                    out[name] = tuple(item)
            else:
                out[name] = _build(item, here, _join(path, key), messages, table, missing)
        return out
    if isinstance(value, (tuple, list)):
        items = [_build(item, _join(context, i), _join(path, i), messages, table, missing)
                 for i, item in enumerate(value)]
        if isinstance(value, list):
            return items
        if type(value) is tuple:
            return tuple(items)
        return type(value)(*items)  # a named tuple
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.replace(value, **{
            f.name: _build(getattr(value, f.name), _join(context, f.name),
                           _join(path, f.name), messages, table, missing)
            for f in dataclasses.fields(value)})
    return value
