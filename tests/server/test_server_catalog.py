"""The server's words in the gettext catalogs of the `server` domain: the catalogs are
complete and agree with the English, and every refusal, mail and line the server shows
reads in English, Italian and Polish exactly as before the words moved there."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import textwrap

import pytest

from tavola import catalogs
from tavola.agents.levels import HELP, LEVELS
from tavola.core.catalogs import Domain
from tavola.core.game import NOTHING_TO_DECIDE
from tavola.server import mail, messages, text

NAMES = ("kb", "detail", "type", "types", "frame", "field", "wanted", "got", "languages",
         "channels", "limit", "seat", "protocol", "yours", "waiting", "action", "prompt",
         "game", "games", "least", "most", "players", "option", "options", "choices",
         "value", "given", "seats", "increment", "seconds", "last", "steps", "levels", "name",
         "table", "line", "spec", "status", "hours", "minutes", "link", "unsubscribe")
"""Every argument a refusal or a mail fills (each filled with its name in brackets)."""

ARGS = {name: f"<{name}>" for name in NAMES}

# The digest of every line below in each language, taken from the tables as they were
# before the words moved into catalogs (tavola/server/messages.py's EN/IT/PL,
# tavola/server/mail.py's TEXTS, tavola/core/game.py's and tavola/agents/levels.py's
# dicts): the move changed no byte.
DIGESTS = {
    "en": "059e9019cacde95eaf079028e171b3959a0ba9890e9651262bdce75436cad7df",
    "it": "468834852b94e68721952bb4e9100c60808b161360777187430fca9251bb7f92",
    "pl": "470a930591b5e890666c1dbbcdac5fc12d1ee250ff1520f3191656eff6a16f96",
}


def lines(lang: str) -> list[str]:
    """Return every line the server's words make in `lang`: each refusal, a former player's
    name, each mail, what a seat with nothing to decide reads and each bot level."""
    found = [f"refusal {code}: " + messages.render(code, dict(ARGS, lang="<lang>"), lang)
             for code in sorted(messages.CODES)]
    found.append("former: " + str(messages.shown_name(messages.FORMER_PLAYER, lang)))
    found += [f"mail {key}: " + mail.text(lang, key, **ARGS) for key in sorted(text.MAIL["en"])]
    found.append("nothing: " + NOTHING_TO_DECIDE[lang])
    found += [f"level {level}: " + HELP[lang][level] for level in LEVELS]
    return found


def digest(lang: str) -> str:
    """Return the digest of every line of the server's words in `lang`."""
    return hashlib.sha256("\n".join(lines(lang)).encode()).hexdigest()


@pytest.mark.parametrize("lang", sorted(DIGESTS))
def test_the_server_says_what_it_said_before_the_catalogs(lang: str) -> None:
    assert digest(lang) == DIGESTS[lang], (
        f"the server's words in {lang} changed; `python -m tests.server.test_server_catalog "
        f"{lang}` prints them")


def test_the_english_source_and_the_catalogs_agree() -> None:
    assert "server" in catalogs.DOMAINS
    assert catalogs.problems("server") == []
    # Every table of the domain is found, the parts' below the server too.
    names = {table.name for table in catalogs.tables("server")}
    assert names == {"REFUSALS", "MAIL", "NOTHING_TO_DECIDE", "LEVELS"}


def test_german_and_french_are_complete() -> None:
    dom = catalogs.domain("server")
    assert catalogs.problems("server", Domain(dom.name, dom.directory, ("de", "fr"),
                                              dom.derived, dom.forms)) == []


if __name__ == "__main__":
    print("\n".join(lines(sys.argv[1] if len(sys.argv) > 1 else "en")))


def test_english_refusals_and_mails_read_no_catalog() -> None:
    """An English reader's refusals and mails never load Babel or a catalog; the first
    Italian line reads the server's catalog once."""
    script = textwrap.dedent("""
        import sys
        from tavola.server import mail, messages, text
        line = messages.Refusal("not_your_turn", seat="P2", waiting="P1").line("en")
        assert line == "P2 is not asked to act now (waiting for: P1)", line
        assert messages.render("bad_json", {"detail": "Expecting value"}, "en") == \\
            "Expecting value"
        mail.text("en", "verify_subject")
        messages.render("unknown_table", {}, "es")  # not offered: English
        assert "babel" not in sys.modules and not text.REFUSALS._loaded, "a catalog read"
        assert messages.render("unknown_table", {}, "it") == "questo tavolo non esiste"
        assert "babel" in sys.modules and text.REFUSALS._loaded
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.stdout.strip() == "ok", done.stderr[-2000:]
