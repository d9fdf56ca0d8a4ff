"""The terminal's own words while a game is played, in every language the games speak.

The games bring their own texts (log, prompts, labels, board, help topics) in each language;
these are the few lines the terminal adds around them. `--lang` picks the language; without
it, the terminal follows the system's (`LC_ALL`, `LC_MESSAGES`, `LANG`), else English.
"""

from __future__ import annotations

import os

from tavola.core import LANGUAGES

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "choice": "Your choice [1-{count}]: ",
        "hint": "type a number from 1 to {count} (q quits, ? help)",
        "nothing": "Nothing typed: {hint}.",
        "not_number": "{text} is not a number: {hint}.",
        "not_choice": "{number} is not a choice: {hint}.",
        "only": "{prompt}: {label} (your only choice)",
        "you_are": "{title} - you are {name}",
        "help": "Type a number from 1 to {count} to choose; b shows the board again, c the "
                "choices, l the whole log, q leaves the game (it is saved to go on with "
                "later). ? TOPIC explains a thing of the game; the topics are:",
        "no_topic": "No help topic matches {text}. The topics are:",
        "leave": "Leave the game? ({where}, to go on with later) [y/N]: ",
        "saved_in": "the game is saved in {path}",
        "saved_here": "the game will be saved in this folder",
        "yes": "y yes",
        "playing_on": "Playing on.",
        "pass": "Pass the keyboard to {name}. {name}: press Enter when you are ready "
                "(q leaves the game).",
        "ready": "{name} ready? ",
        "played": "decisions played: {count}",
        "over": "Game over",
        "board": "Board",
        "help_pane": "Help",
        "events": "Since your last decision",
        "log": "Log",
        "choices": "Your choices",
        "search": "search the help topics (Esc goes back)",
        "keys": "number, Enter: play · q: leave · ?: help · b/e/l/c: board/events/log/choices",
        "nothing_new": "Nothing new since your last decision.",
        "waiting": "The other players are playing...",
        "leave_end": "Enter or q leaves.",
    },
    "it": {
        "choice": "La tua scelta [1-{count}]: ",
        "hint": "scrivi un numero da 1 a {count} (q per uscire, ? per l'aiuto)",
        "nothing": "Non hai scritto nulla: {hint}.",
        "not_number": "{text} non è un numero: {hint}.",
        "not_choice": "{number} non è tra le scelte: {hint}.",
        "only": "{prompt}: {label} (l'unica scelta possibile)",
        "you_are": "{title} - giochi come {name}",
        "help": "Scrivi un numero da 1 a {count} per scegliere; b mostra di nuovo il "
                "tabellone, c le scelte, l tutto il registro, q lascia la partita (viene "
                "salvata per riprenderla). ? ARGOMENTO spiega un elemento del gioco; gli "
                "argomenti sono:",
        "no_topic": "Nessun argomento corrisponde a {text}. Gli argomenti sono:",
        "leave": "Lasciare la partita? ({where}, per riprenderla più tardi) [s/N]: ",
        "saved_in": "la partita è salvata in {path}",
        "saved_here": "la partita verrà salvata in questa cartella",
        "yes": "s si sì y yes",
        "playing_on": "Si continua.",
        "pass": "Passa la tastiera a {name}. {name}: premi Invio quando sei pronto "
                "(q lascia la partita).",
        "ready": "{name}, pronto? ",
        "played": "decisioni prese: {count}",
        "over": "Partita finita",
        "board": "Tabellone",
        "help_pane": "Aiuto",
        "events": "Dalla tua ultima decisione",
        "log": "Registro",
        "choices": "Le tue scelte",
        "search": "cerca tra gli argomenti dell'aiuto (Esc per tornare)",
        "keys": "numero, Invio: gioca · q: esci · ?: aiuto · b/e/l/c: tabellone/eventi/"
                "registro/scelte",
        "nothing_new": "Niente di nuovo dalla tua ultima decisione.",
        "waiting": "Gli altri giocatori stanno giocando...",
        "leave_end": "Invio o q per uscire.",
    },
    "pl": {
        "choice": "Twój wybór [1-{count}]: ",
        "hint": "wpisz liczbę od 1 do {count} (q kończy, ? pomoc)",
        "nothing": "Nic nie wpisano: {hint}.",
        "not_number": "{text} nie jest liczbą: {hint}.",
        "not_choice": "{number} nie jest jednym z wyborów: {hint}.",
        "only": "{prompt}: {label} (jedyny możliwy wybór)",
        "you_are": "{title} - grasz jako {name}",
        "help": "Wpisz liczbę od 1 do {count}, aby wybrać; b pokazuje znowu planszę, c "
                "wybory, l cały dziennik, q opuszcza grę (zostaje zapisana, by ją później "
                "dokończyć). ? TEMAT wyjaśnia element gry; tematy to:",
        "no_topic": "Żaden temat pomocy nie pasuje do {text}. Tematy to:",
        "leave": "Opuścić grę? ({where}, by dokończyć ją później) [t/N]: ",
        "saved_in": "gra jest zapisana w {path}",
        "saved_here": "gra zostanie zapisana w tym folderze",
        "yes": "t tak y yes",
        "playing_on": "Gramy dalej.",
        "pass": "Przekaż klawiaturę graczowi {name}. {name}: naciśnij Enter, gdy będziesz "
                "gotowy (q opuszcza grę).",
        "ready": "{name} gotowy? ",
        "played": "podjęte decyzje: {count}",
        "over": "Koniec gry",
        "board": "Plansza",
        "help_pane": "Pomoc",
        "events": "Od twojej ostatniej decyzji",
        "log": "Dziennik",
        "choices": "Twoje wybory",
        "search": "szukaj w tematach pomocy (Esc wraca)",
        "keys": "numer, Enter: wybór · q: wyjście · ?: pomoc · b/e/l/c: plansza/zdarzenia/"
                "dziennik/wybory",
        "nothing_new": "Nic nowego od twojej ostatniej decyzji.",
        "waiting": "Pozostali gracze grają...",
        "leave_end": "Enter lub q kończy.",
    },
}


def say(lang: str, key: str, **args: object) -> str:
    """Return the terminal's line `key` in `lang`, filled with `args`."""
    return WORDS[lang][key].format(**args)


def system_language() -> str:
    """Return the language the system asks for, if the games speak it, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            code = value[:2].lower()
            return code if code in LANGUAGES else "en"
    return "en"
