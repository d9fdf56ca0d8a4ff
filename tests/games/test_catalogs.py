"""The games' words in gettext catalogs: the catalogs are complete, the games say exactly
what they said before the words moved there, counts agree by CLDR's rules and numbers are
grouped as each language writes them."""

from __future__ import annotations

import gettext
import re
import shutil
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from tavola import catalogs
from tavola.core.catalogs import TITLE, Domain, Translated
from tavola.core.game import LANGUAGES, served_languages
from tavola.core.words import number, plural, plural_index
from tavola.games.rattus.text import WORDS
from tests.games.words_render import digest, render

# The digest of everything each game said (tests/games/words_render.py) in English, Italian
# and Polish, taken before the words moved into catalogs: moving them changes no byte. Two
# changes since, each re-recorded with nothing else differing: Rattus's Knight prompt names
# the region in Italian and Polish too, and Intrige's Polish help on a profession names its
# plural (the catalog check wants every placeholder of the English); Intrige's sums are
# grouped by CLDR (through Babel), which writes them as before. Nottingham and Notre Dame
# moved with no byte changed.
DIGESTS = {
    ('intrige', 3, 1): 'dd5425eb074c4c7ea349a2d4ac28e4ccf265503fdd966d8f306cefefa8805583',
    ('intrige', 3, 2): '2931295d34b4f6d84c8a2a4ccaadb0b22dd9324df7944417dab2214a549d46df',
    ('intrige', 4, 1): 'b87ac09ab5c89b99bfbd9cf8671fb42a1e0e155d08d7d0ef24320bdd7bede139',
    ('intrige', 4, 2): '2d18b53ac2eb773c3fe6b8f3728163a046f5c8b82b009a225baa86a038d3ed80',
    ('intrige', 5, 1): 'db5b83e44a1eead1300ec2070456ad7b3d1c45e26dfdbffbc655a0bded81de67',
    ('intrige', 5, 2): 'bd77e0e8170986645db8a7e189383b0170c534123ff84b2aa4d595798d317e46',
    ('notre-dame', 2, 1): '587ecf1e553e561def478364d78e561bd7f187c345d8f3d0be39069a869fbbc8',
    ('notre-dame', 2, 2): '68d416cb1d3a3fe7e52fa905b424c3d3cb30a55b8f13f965ef9b37b0ad298c69',
    ('notre-dame', 3, 1): 'ff74d5dde0a163c9bf039673b47bc48dcba75737174d5f50800aa98a21eb3f30',
    ('notre-dame', 3, 2): '278957f2553629c6facea8cf0c3a4f92737e4fd2953d8d2988b284360aa65ca1',
    ('notre-dame', 4, 1): '00c40b23bafac7362dadb4060f2d6879c7756f3954f0b9d78335a90f70dc271f',
    ('notre-dame', 4, 2): '88e432fcc0e60e71194bd40c1408294e5b57aa7c3be3a8ca2e9b6a5ab88496be',
    ('notre-dame', 5, 1): 'e7f22bc73f41c7ac280590d8acc8bda126c19ea4dcf0c035eba4602bb68f5220',
    ('notre-dame', 5, 2): 'b8831ffc7ac060d3f8992d82c917ad16ce2f0a6a47130aefa5ac357879987aee',
    ('nottingham', 3, 1): 'd212917f47233c56c8b835abdefbc9fef8b83c6504e5c7a5ccb2655f232f44a3',
    ('nottingham', 3, 2): 'cb54be976af41184fdd06471cfc46d90416c9a5cc0fc47f77b04344c48f77098',
    ('nottingham', 4, 1): '5e3a4e50bc8fd62c2b2783bfd33131599e4ce2d4ecbdb8677da1fbf5dc8fa81e',
    ('nottingham', 4, 2): '55164878aa6485b9e6a4ffd926a1240abd9b76db2f54170f4ce5e269ce743cb4',
    ('nottingham', 5, 1): '33f0762552cddd87433c37e6c141633f2650ac7b066a8b3bc40eeef0e6ea1028',
    ('nottingham', 5, 2): '600aeb3693adeebf3861ef89c98067dc5dbb37028d973345a07a65fd7e658753',
    ('nottingham', 6, 1): 'b65ec9ec495078e260c7dc2738e3093346ebf54d15a0d96040e645e8cfea7100',
    ('nottingham', 6, 2): '37b8deaeb6060c53a7240d3f0f1b4f3e3c9f2a75d298d29b9369b11aac0aa6aa',
    ('nottingham', 7, 1): 'b08f6ddcac14ddb01526efb90241b32d30c66a8c4aa9978f99bd3aa35891e448',
    ('nottingham', 7, 2): '946fdea3beefa9e29041d653ee1b68bda88054c400e34e16569b75f21e31f75b',
    ('rattus', 2, 1): '15aa067d24d04fc3ccd900d0e16bbba1faadc1a06c4f88279611cead899ebb66',
    ('rattus', 2, 2): '7cc541cf3ed69a09963d890fa3612e144b44ee876e71ec4c3785bacc31550229',
    ('rattus', 3, 1): 'ac11c87c59be8086745ba0e3bb1e6b3e26759e4ac80be43be84605f166348129',
    ('rattus', 3, 2): 'ccfc9a437ee5618a01f5e1f580e403f290c3e4adfdce0a673161758bf269450c',
    ('rattus', 4, 1): 'bfdeaca62b25782d0a04781cb4b46874286e1eae9d46ca1957558ff3f63ad5a8',
    ('rattus', 4, 2): '500e5b7d703be4afbc393bb3dcdde2625ae92c3decb2c746cd9c174a22f96549',
}


@pytest.mark.parametrize("case", sorted(DIGESTS), ids=lambda c: "-".join(map(str, c)))
def test_the_games_say_what_they_said_before_the_catalogs(case: tuple[str, int, int]) -> None:
    assert digest(*case) == DIGESTS[case], (
        f"{case}: the words changed; `python -m tests.games.words_render dump "
        f"{' '.join(map(str, case))}` shows them")


@pytest.mark.parametrize("game", catalogs.DOMAINS)
def test_every_message_is_translated_with_its_placeholders(game: str) -> None:
    assert catalogs.problems(game) == []


# "tu" and its forms (a pronoun, a possessive, an imperative's "-toi"): every French catalog
# addresses the player as "vous" (docs/translating.md, "French says vous").
FAMILIAR = re.compile(r"(?<![\w'-])(?:tu|toi|te|ton|ta|tes|tien|tienne|tiens|tiennes)(?![\w'-])"
                      r"|(?<![\w'-])t'|-toi\b", re.IGNORECASE)


@pytest.mark.parametrize("game", catalogs.DOMAINS)
def test_french_addresses_the_player_as_vous(game: str) -> None:
    with catalogs.domain(game).po_path("fr").open("rb") as f:
        catalog = read_po(f)
    familiar = [f"{message.context}: {text}" for message in catalog if message.id
                for text in (message.string if isinstance(message.string, tuple)
                             else (message.string,))
                if FAMILIAR.search(text)]
    assert familiar == [], familiar[:5]


# French puts a no-break space before ":" and ";" (docs/translating.md); a plain one lets a
# line break before the sign. A help topic's name is left as a player types it.
PLAIN_BEFORE_SIGN = re.compile(r" [:;](?=[\s»]|$)")


@pytest.mark.parametrize("game", catalogs.DOMAINS)
def test_french_keeps_a_no_break_space_before_colons_and_semicolons(game: str) -> None:
    with catalogs.domain(game).po_path("fr").open("rb") as f:
        catalog = read_po(f)
    plain = [f"{message.context}: {text}" for message in catalog
             if message.id and not (message.context or "").endswith(TITLE)
             for text in (message.string if isinstance(message.string, tuple)
                          else (message.string,))
             if PLAIN_BEFORE_SIGN.search(text)]
    assert plain == [], plain[:5]


@pytest.mark.parametrize("game", catalogs.GAMES)
def test_every_table_builds_from_its_catalog_with_nothing_missing(game: str) -> None:
    for table in catalogs.tables(game):
        english = dict.__getitem__(table, "en")
        for lang in table.domain.languages:
            missing: list[str] = []
            table.build(english, table.domain.messages(lang), missing)
            assert missing == [], f"{game} {lang}: {missing[:5]}"


PLACEHOLDER = re.compile(r"\{[A-Za-z_0-9]*\}")


@pytest.mark.parametrize("game", catalogs.GAMES)
def test_a_whole_game_in_every_language_has_no_english_left_and_no_placeholder(
        game: str) -> None:
    """Every line a random game renders in a language other than English differs from the
    English line where that one is prose, and no `{field}` is left unfilled in any language."""
    text = render(game.replace("_", "-"), 3, 5)
    assert not PLACEHOLDER.search(text), PLACEHOLDER.search(text)
    english = {m for _, m in catalogs.messages(game) if isinstance(m, str)
               and len(m) > 12 and not PLACEHOLDER.search(m) and " " in m}
    for line in text.splitlines():
        if line.startswith(("prompt", "label", "help", "log")) and " en" not in line[:30]:
            lang = line.split(":")[0].split()[-1]
            if lang != "en":
                body = line.partition(": ")[2]
                assert body not in english, f"{game}: English left in {line!r}"


@pytest.mark.parametrize("game", ["rattus", "nottingham", "notre_dame"])
def test_babel_and_the_catalogs_are_loaded_only_where_words_are_made(game: str) -> None:
    """A game played and searched without words never imports Babel; English words read
    no catalog; the first Italian word reads them."""
    script = textwrap.dedent("""
        import sys
        from tavola.core import make
        from tavola.games.GAME import text
        state = make("GAME".replace("_", "-"), 3, 1)
        while not state.is_terminal:
            seat = state.to_act[0]
            state.view(seat)
            state = state.for_search().apply_index(seat, len(state.legal_actions(seat)) // 2)
        assert "babel" not in sys.modules, "Babel loaded without words"
        state.game.render_view(state.view(None), "en")
        state.log_text(None, "en")
        assert not text.WORDS._loaded and not text.TEMPLATES._loaded, "a catalog read"
        state.log_text(None, "it")
        assert "babel" in sys.modules and text.TEMPLATES._loaded
        print("ok")
    """).replace("GAME", game)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.stdout.strip() == "ok", done.stderr[-2000:]


def old_rule(lang: str, n: int) -> int:
    """The hand-written rule the games used before CLDR's (tavola/core/words.py until
    issue 24): Polish one/few/many, English and Italian one/other."""
    if lang == "pl":
        if n == 1:
            return 0
        return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2
    return 0 if n == 1 else 1


# A noun's forms in the old order (one, other; Polish one, few, many) and in the catalogs'
# order, Babel's (Italian: one, many, other since CLDR gave Italian a form for millions).
OLD_FORMS = {"en": ("1", "2"), "it": ("1", "2"), "pl": ("1", "2", "5")}
NEW_FORMS = {"en": ("1", "2"), "it": ("1", "2", "2"), "pl": ("1", "2", "5")}


@pytest.mark.parametrize("lang", ("en", "it", "pl"))
def test_cldr_plural_rules_agree_with_the_old_rule_from_0_to_200(lang: str) -> None:
    assert [plural(lang, n, NEW_FORMS[lang]) for n in range(201)] == [
        OLD_FORMS[lang][old_rule(lang, n)] for n in range(201)]
    # a table still in the old order picks the same form
    assert [plural(lang, n, OLD_FORMS[lang]) for n in range(201)] == [
        OLD_FORMS[lang][old_rule(lang, n)] for n in range(201)]


def test_german_and_french_count_as_cldr_says() -> None:
    # German: one for 1 alone; French: one for 0 and 1, a form of its own for whole millions
    # ("1 million de ducats"), other for the rest.
    assert [plural("de", n, ("one", "other")) for n in (0, 1, 2, 21, 10**6)] == [
        "other", "one", "other", "other", "other"]
    assert [plural("fr", n, ("one", "many", "other")) for n in (0, 1, 2, 21, 10**6, 2 * 10**6,
                                                                 10**6 + 1)] == [
        "one", "one", "other", "other", "many", "many", "other"]


@pytest.mark.parametrize("lang", ("it", "pl"))
def test_the_plural_index_is_the_catalogs_plural_forms(lang: str) -> None:
    """The form `plural` picks is the one gettext's Plural-Forms of the catalog picks."""
    from babel.messages.plurals import get_plural

    rule = gettext.c2py(get_plural(lang).plural_expr)
    numbers = [*range(2001), 10_000, 1_000_000, 1_000_001, 2_000_000, 12_000_000]
    assert [plural_index(lang, n) for n in numbers] == [rule(n) for n in numbers]


def test_counted_nouns_take_the_cldr_form() -> None:
    forms = ("kostka", "kostki", "kostek")
    assert [plural("pl", n, forms) for n in (0, 1, 2, 5, 12, 22, 112, 1002)] == [
        "kostek", "kostka", "kostki", "kostek", "kostek", "kostki", "kostek", "kostki"]
    assert [plural("it", n, ("ducato", "ducati")) for n in (0, 1, 2, 1_000_000)] == [
        "ducati", "ducato", "ducati", "ducati"]
    assert plural("en", -1, ("cube", "cubes")) == "cube"


def test_large_numbers_are_grouped_as_each_language_writes_them() -> None:
    assert number(1_120_000, "en") == "1,120,000"
    assert number(1_120_000, "it") == "1.120.000"
    # a plain space, as the terminal and the page write it (tavola.core.words.number)
    assert number(1_120_000, "pl") == "1 120 000"
    assert number(15, "pl") == "15"


def broken(tmp_path: Path, changes: dict[str, str | None]) -> Domain:
    """Return a copy of Rattus's catalogs whose Polish messages by context are changed:
    to the text given, or to fuzzy (None)."""
    real = catalogs.domain("rattus")
    copy = Domain(real.name, tmp_path, real.languages, real.derived, real.forms)
    for lang in real.languages:
        with real.po_path(lang).open("rb") as f:
            catalog = read_po(f, locale=lang, domain=real.name)
        if lang == "pl":
            for message in catalog:
                if message.context in changes:
                    change = changes[message.context]
                    if change is None:
                        message.flags.add("fuzzy")
                    else:
                        message.string = change
        copy.po_path(lang).parent.mkdir(parents=True)
        with copy.po_path(lang).open("wb") as f:
            write_po(f, catalog)
    shutil.copy(real.pot_path(), copy.pot_path())
    return copy


def test_a_broken_catalog_is_reported(tmp_path: Path) -> None:
    """The check finds a lost placeholder, a foreign one, an empty message and a fuzzy one;
    a table built from that catalog shows those in English and says so."""
    copy = broken(tmp_path, {"TEMPLATES/turn": "Tura {turn}", "TEMPLATES/take": "{secret}",
                             "HELP/Turn": "", "WORDS/p.A": None})
    found = catalogs.problems("rattus", copy)
    assert sorted(found) == [
        "rattus pl HELP/Turn: not translated (or fuzzy)",
        "rattus pl TEMPLATES/take: placeholder {card} missing",
        "rattus pl TEMPLATES/take: placeholder {player} missing",
        "rattus pl TEMPLATES/take: placeholder {secret} is not the English one's",
        "rattus pl TEMPLATES/take: placeholder {source} missing",
        "rattus pl TEMPLATES/turn: placeholder {player} missing",
        "rattus pl WORDS/p.A: not translated (or fuzzy)",
    ]
    table = Translated(copy, "WORDS", dict.__getitem__(WORDS, "en"), plurals=WORDS.plurals)
    with pytest.warns(UserWarning, match=r"rattus pl: 1 messages of WORDS are not "
                                         r"translated .*WORDS/p\.A"):
        assert table["pl"]["p.A"] == WORDS["en"]["p.A"]
    assert table["pl"]["p.B"] == WORDS["pl"]["p.B"] != WORDS["en"]["p.B"]


def test_a_language_without_its_catalog_shows_english_and_says_so(tmp_path: Path) -> None:
    """A language switched on before a domain's catalog exists is no crash (a server's
    500): every table of the domain shows English in it and warns; the check names the
    missing file."""
    empty = Domain("rattus", tmp_path, ("xx",))
    table = Translated(empty, "WORDS", dict.__getitem__(WORDS, "en"), plurals=WORDS.plurals)
    with pytest.warns(UserWarning, match=r"rattus xx: \d+ messages of WORDS are not "
                                         r"translated and show in English"):
        assert table["xx"] == WORDS["en"]
    assert catalogs.problems("rattus", empty)[0].startswith("rattus xx: no catalog ")


def test_english_changed_since_a_catalog_or_its_template_is_reported(tmp_path: Path) -> None:
    copy = broken(tmp_path, {})
    po = copy.po_path("it")
    po.write_text(po.read_text(encoding="utf-8").replace(
        'msgid "Turn {turn}: {player}"', 'msgid "Turn {turn} - {player}"'), encoding="utf-8")
    pot = copy.pot_path()
    pot.write_text(pot.read_text(encoding="utf-8").replace(
        'msgid "Turn {turn}: {player}"', 'msgid "Turn {turn}"'), encoding="utf-8")
    assert sorted(catalogs.problems("rattus", copy)) == [
        "rattus it TEMPLATES/turn: made from other English (run update, then review)",
        "rattus: the template rattus.pot is not the English tables' (run extract)",
    ]


def test_the_catalog_command_checks_and_refuses_unknown_games() -> None:
    ok = subprocess.run([sys.executable, "-m", "tavola.catalogs", "check"],
                        capture_output=True, text=True, check=False, timeout=120)
    assert ok.returncode == 0, ok.stdout[-2000:]
    bad = subprocess.run([sys.executable, "-m", "tavola.catalogs", "check", "chess"],
                         capture_output=True, text=True, check=False, timeout=120)
    assert bad.returncode == 2 and "no catalogs for chess" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_threads_asking_at_once_all_get_the_built_table() -> None:
    real = catalogs.domain("rattus")
    fresh = Domain(real.name, real.directory, real.languages, real.derived, real.forms)
    table = Translated(fresh, "WORDS", dict.__getitem__(WORDS, "en"), plurals=WORDS.plurals)
    got: list[str] = []
    start = threading.Barrier(6)

    def ask() -> None:
        start.wait()
        got.append(table["pl"]["p.setup"])

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert got == [WORDS["pl"]["p.setup"]] * 6


def _translations(path: Path, lang: str) -> dict[str | None, object]:
    """Return a catalog's translations by context (plural forms as tuples; fuzzy marked)."""
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    return {m.context: (tuple(m.string) if isinstance(m.string, (tuple, list)) else m.string,
                        m.fuzzy)
            for m in catalog if m.id}


OLD_TEXT = '''"""Rattus's tables as they were before the catalogs: every language beside English."""
from tavola.core.catalogs import Translated
from tavola.games.rattus import text as _text

for _name, _table in list(vars(_text).items()):
    if isinstance(_table, Translated):
        globals()[_name] = {lang: _table[lang] for lang in ("en", *_text.DOMAIN.languages)}
'''


def test_seed_writes_each_language_from_tables_that_held_them_all(tmp_path: Path) -> None:
    """A text module that still holds every language seeds catalogs with exactly the
    translations the game has; a message the old tables lack is named and left for a
    translator, and the check then finds it."""
    real = catalogs.domain("rattus")
    copy = Domain(real.name, tmp_path / "seeded", real.languages, real.derived, real.forms)
    old = tmp_path / "old_text.py"
    old.write_text(OLD_TEXT, encoding="utf-8")
    assert catalogs.seed("rattus", str(old), copy) == []
    shutil.copy(real.pot_path(), copy.pot_path())
    assert catalogs.problems("rattus", copy) == []
    for lang in real.languages:
        assert (_translations(copy.po_path(lang), lang)
                == _translations(real.po_path(lang), lang))
        head = copy.po_path(lang).read_text(encoding="utf-8").split('msgctxt', 1)[0]
        for placeholder in ("FIRST AUTHOR", "ORGANIZATION", "EMAIL@ADDRESS", "FULL NAME",
                            "YEAR-MO-DA", "PROJECT"):
            assert placeholder not in head, head
        assert '"Language-Team: tavola translators\\n"' in head
        assert f'"Language: {lang}\\n"' in head

    lacking = tmp_path / "lacking_text.py"
    lacking.write_text(OLD_TEXT + 'TEMPLATES = {**TEMPLATES, "it": {**TEMPLATES["it"], '
                       '"turn": ""}}\n', encoding="utf-8")
    again = Domain(real.name, tmp_path / "lacking", real.languages, real.derived,
                   real.forms)
    assert catalogs.seed("rattus", str(lacking), again) == ["it TEMPLATES/turn"]
    shutil.copy(real.pot_path(), again.pot_path())
    assert catalogs.problems("rattus", again) == [
        "rattus it TEMPLATES/turn: not translated (or fuzzy)"]
    status = subprocess.run([sys.executable, "-m", "tavola.catalogs", "seed", "chess",
                             str(old)], capture_output=True, text=True, check=False,
                            timeout=120)
    assert status.returncode == 2 and "usage: seed DOMAIN" in status.stderr
    assert "Traceback" not in status.stderr


def test_update_brings_new_changed_and_removed_messages_to_review(tmp_path: Path) -> None:
    """After the English changed, `update` adds a new message empty, marks a changed one
    fuzzy with its old translation kept as the suggestion, keeps a removed one as obsolete,
    and leaves every other translation as it was; the check names each of the three."""
    copy = broken(tmp_path, {})
    before = _translations(copy.po_path("pl"), "pl")
    po = copy.po_path("pl")
    text = po.read_text(encoding="utf-8")
    # As if the English of TEMPLATES/turn had been "Turn {turn} - {player}", HELP/Turn had
    # not existed yet and a message TEMPLATES/gone had since been removed.
    text = text.replace('msgid "Turn {turn}: {player}"', 'msgid "Turn {turn} - {player}"')
    start = text.index('msgctxt "HELP/Turn"\n')
    text = text[:start] + text[text.index("\n\n", start) + 2:]
    text += '\nmsgctxt "TEMPLATES/gone"\nmsgid "Gone"\nmsgstr "Nie ma"\n'
    po.write_text(text, encoding="utf-8")
    catalogs.update("rattus", copy)

    after = _translations(po, "pl")
    assert after["HELP/Turn"] == ("", False)
    assert after["TEMPLATES/turn"] == (before["TEMPLATES/turn"][0], True)
    assert "TEMPLATES/gone" not in after
    assert {c: v for c, v in after.items() if c not in ("HELP/Turn", "TEMPLATES/turn")} == {
        c: v for c, v in before.items() if c not in ("HELP/Turn", "TEMPLATES/turn")}
    updated = po.read_text(encoding="utf-8")
    assert '#~ msgctxt "TEMPLATES/gone"' in updated
    assert '#| msgid "Turn {turn} - {player}"' in updated
    assert "FIRST AUTHOR" not in updated and "EMAIL@ADDRESS" not in updated
    assert sorted(catalogs.problems("rattus", copy)) == [
        "rattus pl HELP/Turn: not translated (or fuzzy)",
        "rattus pl TEMPLATES/turn: not translated (or fuzzy)",
        "rattus pl: obsolete message TEMPLATES/gone",
    ]
    assert _translations(copy.po_path("it"), "it") == _translations(
        catalogs.domain("rattus").po_path("it"), "it")


def test_a_language_is_spoken_once_every_domain_has_its_catalog(tmp_path: Path) -> None:
    """Adding a language takes catalogs alone: `LANGUAGES` is English and every language
    each domain (a `locale` folder with its template) has a catalog of; `check` names a
    language some domains still lack."""
    def catalog(part: str, lang: str) -> Path:
        path = tmp_path / part / "locale" / lang / "LC_MESSAGES" / f"{part}.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("", encoding="utf-8")
        return path

    for part in ("alpha", "beta"):
        (tmp_path / part / "locale").mkdir(parents=True)
        (tmp_path / part / "locale" / f"{part}.pot").write_text("", encoding="utf-8")
        catalog(part, "it")
    catalog("alpha", "xx")
    (tmp_path / "static" / "locale").mkdir(parents=True)  # no template: not a domain
    assert served_languages(tmp_path) == ("en", "it")
    locales = {part: tmp_path / part / "locale" for part in ("alpha", "beta")}
    assert catalogs.unspoken(locales) == [
        "xx: no catalog yet for beta (the language is spoken once every domain has one)"]
    catalog("beta", "xx")
    assert served_languages(tmp_path) == ("en", "it", "xx")
    # The package's: every shipped language, English first.
    assert served_languages(Path(catalogs.__file__).parent) == LANGUAGES
    assert set(LANGUAGES) == {"en", "it", "pl", "de", "fr"} and LANGUAGES[0] == "en"
    assert catalogs.unspoken() == []
