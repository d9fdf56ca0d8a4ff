"""Message catalogs (the games' and other parts'): extract, update and check them.

    python -m tavola.catalogs extract [DOMAIN ...]   write locale/<domain>.pot from the English
    python -m tavola.catalogs update [DOMAIN ...]    merge the template into every language's .po
    python -m tavola.catalogs check [DOMAIN ...]     every message translated, placeholders kept
    python -m tavola.catalogs seed DOMAIN OLD_TEXT  each language's .po from a text module
                                                   that still holds every language (moving a
                                                   game's words into catalogs)

Each domain's module (a game's text module, tavola.server.text, tavola.cli.words: `MODULES`)
names its domain (`DOMAIN`) and wraps its tables in `Translated` (tavola.core.catalogs); the
English in those tables is the source. Built on Babel's
`babel.messages` (Catalog, read_po, write_po); docs/translating.md is the translator's guide.
"""

from __future__ import annotations

import dataclasses
import datetime
import importlib
import importlib.metadata
import importlib.util
import string
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from tavola.core.catalogs import TITLE, Domain, Translated, _join

GAMES = ("intrige", "notre_dame", "nottingham", "rattus")
"""The games whose words live in catalogs."""

MODULES: dict[str, str] = {
    **{game: f"tavola.games.{game}.text" for game in GAMES},
    "server": "tavola.server.text",
    "terminal": "tavola.cli.words",
    "web": "tavola.web.words",
}
"""Every catalog domain by name, and the module that holds its English tables and names
its `DOMAIN`: each game's text module, and the other parts whose words live in catalogs."""

DOMAINS = tuple(MODULES)

WIDTH = 100


def text_module(game: str) -> Any:
    """Return the module that holds a domain's English tables (a game's text module)."""
    return importlib.import_module(MODULES[game.replace("-", "_")])


def tables(game: str) -> list[Translated[Any]]:
    """Return the translated tables of a game, in the order its module defines them."""
    module = text_module(game)
    return [v for v in vars(module).values()
            if isinstance(v, Translated) and v.domain is module.DOMAIN]


def domain(game: str) -> Domain:
    """Return a game's catalog domain."""
    found: Domain = text_module(game).DOMAIN
    return found


def messages(game: str) -> Iterator[tuple[str, str | tuple[str, ...]]]:
    """Yield every message of a game's English tables: (context, text or plural forms)."""
    for table in tables(game):
        yield from table.entries()


TEAM = "tavola translators"
"""Who the catalogs name as their translators, last translator and address for reports on
a message (the project's issues): no one person, and no placeholder of Babel's."""

HEADER = """# {what} of tavola's {game} words.
# Copyright (C) the tavola authors
# This file is distributed under the same license as the tavola project.
#"""


def header(catalog: Catalog, game: str, lang: str | None = None) -> Catalog:
    """Fill a catalog's header with the project's name and version and its translators
    (never Babel's "FIRST AUTHOR"/"ORGANIZATION" placeholders), dated now, as it is
    written."""
    name = "Translations template" if lang is None else f"{_language(lang)} translations"
    catalog.header_comment = HEADER.format(what=name, game=domain(game).name)
    catalog.project = "tavola"
    catalog.version = importlib.metadata.version("tavola")
    catalog.copyright_holder = "the tavola authors"
    catalog.msgid_bugs_address = TEAM
    catalog.last_translator = TEAM
    catalog.language_team = TEAM
    catalog.revision_date = datetime.datetime.now(datetime.UTC)
    return catalog


def _language(lang: str) -> str:
    from babel import Locale

    return str(Locale.parse(lang).get_display_name("en"))


def template(game: str) -> Catalog:
    """Return the template catalog of a game: every message, untranslated."""
    catalog = header(Catalog(domain=domain(game).name, fuzzy=False), game)
    for context, text in messages(game):
        catalog.add(_msgid(text), context=context, flags=_flags(text))
    return catalog


def _flags(text: str | tuple[str, ...]) -> tuple[str, ...]:
    return ("python-brace-format",) if fields(text) else ()


def fields(text: str | tuple[str, ...] | list[str]) -> set[str]:
    """Return the names of the `{placeholders}` of a message (every form of a plural)."""
    found: set[str] = set()
    for one in (text,) if isinstance(text, str) else text:
        for _, name, _, _ in string.Formatter().parse(one):
            if name is not None:
                found.add(name)
    return found


DERIVED = ("{}_n", "{}_of", "{}_acc", "{}_dat", "{}_gen", "to_{}")
"""The forms of a placeholder a game's `localize` adds for languages that need them: `x_n`
the count `x` with its noun in the form the number asks for, `x_of`/`x_gen` the name `x` in
the genitive, `x_acc` in the accusative, `x_dat` in the dative, `to_x` "to `x`" joined by
the language's rule (docs/translating.md). A domain names more in `Domain.derived`."""


def placeholder_problems(english: str | tuple[str, ...],
                         text: str | tuple[str, ...] | list[str],
                         derived: Mapping[str, tuple[str, ...]] | None = None,
                         forms: Sequence[str] = DERIVED) -> list[str]:
    """Return what is wrong with a translation's placeholders: each of the English one's
    must be there, as it is or in a derived form (of `forms`, or named in `derived`), and
    no other may be."""
    source, given = fields(english), fields(text)
    # `{count:item}` (Nottingham: the count with the item's name in the agreeing form)
    # gives the placeholder its format names too, when that is one of the English ones.
    given |= {spec for one in ((text,) if isinstance(text, str) else text)
              for _, name, spec, _ in string.Formatter().parse(one)
              if name is not None and spec in source}
    allowed = {form.format(name): name for name in source for form in ("{}", *forms)}
    for name in source:
        allowed.update(dict.fromkeys((derived or {}).get(name, ()), name))
    found = [f"placeholder {{{name}}} missing" for name in sorted(source)
             if not any(allowed.get(g) == name for g in given)]
    found += [f"placeholder {{{g}}} is not the English one's" for g in sorted(given)
              if g not in allowed]
    return found


def extract(game: str, dom: Domain | None = None) -> None:
    """Write a game's template (.pot); `dom` writes it elsewhere (the game's own place by
    default)."""
    path = (dom or domain(game)).pot_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, template(game), width=WIDTH, omit_header=False)


def update(game: str, dom: Domain | None = None) -> None:
    """Merge a game's template into every language's catalog: new messages come in empty,
    changed ones are marked fuzzy (to review), removed ones are kept as obsolete. `dom`
    updates the catalogs elsewhere (the game's own by default)."""
    dom = dom or domain(game)
    pot = template(game)
    for lang in dom.languages:
        path = dom.po_path(lang)
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang, domain=dom.name)
        catalog.update(pot, update_header_comment=False)
        header(catalog, game, lang)
        with path.open("wb") as f:  # a changed message shows the English it was made from
            write_po(f, catalog, width=WIDTH, include_previous=True)


def problems(game: str, dom: Domain | None = None) -> list[str]:
    """Return what is wrong with a game's catalogs: a message missing, untranslated, fuzzy
    or obsolete; a translation whose placeholders differ from the English; a plural message
    without a form for each of the language's plural forms. `dom` reads the catalogs from
    elsewhere (the game's own by default)."""
    dom = dom or domain(game)
    wanted = dict(messages(game))
    found: list[str] = []
    for lang in dom.languages:
        if not dom.po_path(lang).exists():
            found.append(f"{dom.name} {lang}: no catalog {dom.po_path(lang)}")
            continue
        with dom.po_path(lang).open("rb") as f:
            catalog = read_po(f, locale=lang, domain=dom.name)
        seen: dict[str, Message] = {}
        for entry in catalog:
            if entry.id and entry.context is not None:
                seen[entry.context] = entry
        for old in catalog.obsolete.values():
            found.append(f"{dom.name} {lang}: obsolete message {old.context}")
        for context, english in wanted.items():
            message = seen.get(context)
            where = f"{dom.name} {lang} {context}"
            if message is None:
                found.append(f"{where}: missing")
                continue
            if message.id != _msgid(english):
                found.append(f"{where}: made from other English (run update, then review)")
                continue
            text = message.string
            if message.fuzzy or not text or (not isinstance(text, str) and not all(text)):
                found.append(f"{where}: not translated (or fuzzy)")
                continue
            if isinstance(english, tuple) != (not isinstance(text, str)):
                found.append(f"{where}: plural and singular mixed")
                continue
            if not isinstance(text, str) and len(text) != catalog.num_plurals:
                found.append(f"{where}: {len(text)} forms, the language has "
                             f"{catalog.num_plurals}")
            found.extend(f"{where}: {line}"
                         for line in placeholder_problems(
                             english, text, dom.derived,
                             DERIVED if dom.forms is None else dom.forms))
        for context in seen.keys() - wanted.keys():
            found.append(f"{dom.name} {lang} {context}: not in the English tables")
    pot = dom.pot_path()
    if not pot.exists():
        found.append(f"{dom.name}: no template {pot.name} (run extract)")
    else:
        with pot.open("rb") as f:
            kept = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id))
                    for m in read_po(f, domain=dom.name) if m.id}
        if kept != {(c, _msgid(e)) for c, e in wanted.items()}:
            found.append(f"{dom.name}: the template {pot.name} is not the English tables' "
                         f"(run extract)")
    return found


def _msgid(english: str | tuple[str, ...]) -> str | tuple[str, str]:
    """Return the msgid of a message: its text, or a plural's (one, other) forms."""
    return english if isinstance(english, str) else (english[0], english[-1])


def _pair(english: Any, old: Any, context: str, path: str, table: Translated[Any],
          out: dict[str, Any]) -> None:
    """Record in `out`, by context, the old table's text for each message of the English
    one (a help title by its position, as the old tables kept them in one order)."""
    if isinstance(english, str):
        out[context] = old if isinstance(old, str) else None
    elif isinstance(english, dict):
        keys = list(old) if isinstance(old, dict) else []
        for pos, (key, item) in enumerate(english.items()):
            here = _join(context, key)
            if path in table.titles:
                title = keys[pos] if pos < len(keys) else None
                out[f"{here}/{TITLE}"] = title
                _pair(item, old.get(title) if title is not None else None, here,
                      _join(path, key), table, out)
            elif path in table.plurals:
                out[here] = tuple(old[key]) if isinstance(old, dict) and key in old else None
            else:
                _pair(item, old.get(key) if isinstance(old, dict) else None, here,
                      _join(path, key), table, out)
    elif isinstance(english, (tuple, list)):
        for i, item in enumerate(english):
            inner = old[i] if isinstance(old, (tuple, list)) and i < len(old) else None
            _pair(item, inner, _join(context, i), _join(path, i), table, out)
    elif dataclasses.is_dataclass(english):
        for field in dataclasses.fields(english):
            _pair(getattr(english, field.name), getattr(old, field.name, None),
                  _join(context, field.name), _join(path, field.name), table, out)


def seed(game: str, old_text: str, dom: Domain | None = None) -> list[str]:
    """Write each language's catalog of a game from `old_text`, the path of its text module
    as it was while its tables held every language; return the contexts it lacked. `dom`
    writes the catalogs elsewhere (the game's own place by default)."""
    spec = importlib.util.spec_from_file_location(f"_old_{game}_text", old_text)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot read {old_text}")
    old = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = old  # dataclasses look their module up
    spec.loader.exec_module(old)
    dom = dom or domain(game)
    lacking: list[str] = []
    for lang in dom.languages:
        found: dict[str, Any] = {}
        for table in tables(game):
            _pair(dict.__getitem__(table, "en"), getattr(old, table.name)[lang], table.name,
                  "", table, found)
        catalog = header(Catalog(locale=lang, domain=dom.name, fuzzy=False), game, lang)
        for context, english in messages(game):
            text = found.get(context)
            if not text:
                lacking.append(f"{lang} {context}")
            msgid = _msgid(english)
            translated: Any = text or ""
            if isinstance(english, tuple):
                # the old forms (one, other; Polish one, few, many) in the catalog's order
                translated = (tuple(text[min(i, len(text) - 1)] for i in
                                range(catalog.num_plurals))
                          if text else ("",) * catalog.num_plurals)
            catalog.add(msgid, translated, context=context, flags=_flags(english))
        path = dom.po_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, catalog, width=WIDTH)
    return lacking


def unspoken(locales: Mapping[str, Path] | None = None) -> list[str]:
    """Return a line for each language some domains have a catalog of and others lack: it
    is not spoken (tavola.core.LANGUAGES) until every domain has one. `locales`: each
    domain's `locale` folder (by default the package's)."""
    from tavola.core import LANGUAGES

    if locales is None:
        locales = {name: domain(name).pot_path().parent for name in DOMAINS}
    having: dict[str, list[str]] = {}
    for name, locale in locales.items():
        for folder in sorted(locale.iterdir()):
            if (folder / "LC_MESSAGES" / f"{name}.po").is_file():
                having.setdefault(folder.name, []).append(name)
    return [f"{lang}: no catalog yet for {', '.join(d for d in locales if d not in found)} "
            f"(the language is spoken once every domain has one)"
            for lang, found in sorted(having.items()) if lang not in LANGUAGES]


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command on the domains named (all by default); return the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    commands = {"extract", "update", "check", "seed"}
    if not args or args[0] not in commands:
        print(__doc__, file=sys.stderr)
        return 2
    if args[:1] == ["seed"]:
        if len(args) != 3 or args[1] not in DOMAINS:
            print(f"usage: seed DOMAIN OLD_TEXT_PY (domains: {', '.join(DOMAINS)})",
                  file=sys.stderr)
            return 2
        lacking = seed(args[1], args[2])
        for line in lacking:
            print(f"{args[1]} {line}: no text in the old tables")
        return 1 if lacking else 0
    command, games = args[0], args[1:] or list(DOMAINS)
    unknown = [g for g in games if g not in DOMAINS]
    if unknown:
        print(f"no catalogs for {', '.join(unknown)} (domains: {', '.join(DOMAINS)})",
              file=sys.stderr)
        return 2
    status = 0
    for game in games:
        if command == "extract":
            extract(game)
            print(f"{game}: {domain(game).pot_path()}")
        elif command == "update":
            update(game)
            print(f"{game}: updated {', '.join(domain(game).languages)}")
        else:
            found = problems(game)
            for line in found:
                print(line)
            print(f"{game}: {len(found)} problems")
            status = status or (1 if found else 0)
    if command == "check" and not args[1:]:
        waiting = unspoken()
        for line in waiting:
            print(line)
        status = status or (1 if waiting else 0)
    return status


if __name__ == "__main__":
    sys.exit(main())
