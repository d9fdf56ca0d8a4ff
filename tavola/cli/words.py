"""The terminal's own words while a game is played, in every language the games speak.

The games bring their own texts (log, prompts, labels, board, help topics) in each language;
these are the few lines the terminal adds around them, the result table at the end included.
`--lang` picks the language; without it, the terminal follows the system's (`LC_ALL`,
`LC_MESSAGES`, `LANG`), else English.
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
        "sum_hint": "type a number from 1 to {count}, or the sum itself (q quits, ? help)",
        "no_sum": "{text} is not a sum you can name now: {hint}.",
        "final_board": "{title} - final board",
        "result": "Result",
        "col_player": "Player",
        "col_bot": "Played by",
        "col_score": "Score",
        "col_rank": "Rank",
        "col_tiebreak": "Tie-break",
        "you_cell": "you",
        "human_cell": "human",
        "you_win": "You win!",
        "winner": "Winner: {name}.",
        "shared_win": "Shared win: {names}.",
        "connect_over": "Game over. {lines}",
        "connect_line": "{seat}: {score} points, rank {rank}",
        "replay_final": "Final board",
        "replay_left": "Board when the game was left",
        "not_finished": "The game was not finished.",
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
        "sum_hint": "scrivi un numero da 1 a {count}, oppure la somma stessa (q per uscire, ? "
                    "per l'aiuto)",
        "no_sum": "{text} non è una somma che puoi indicare ora: {hint}.",
        "final_board": "{title} - situazione finale",
        "result": "Risultato",
        "col_player": "Giocatore",
        "col_bot": "Giocato da",
        "col_score": "Punteggio",
        "col_rank": "Posto",
        "col_tiebreak": "Spareggio",
        "you_cell": "tu",
        "human_cell": "persona",
        "you_win": "Hai vinto!",
        "winner": "Vince {name}.",
        "shared_win": "Vittoria condivisa: {names}.",
        "connect_over": "Partita finita. {lines}",
        "connect_line": "{seat}: {score} punti, {rank}° posto",
        "replay_final": "Situazione finale",
        "replay_left": "Situazione quando la partita è stata lasciata",
        "not_finished": "La partita non è stata finita.",
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
        "sum_hint": "wpisz liczbę od 1 do {count} albo samą kwotę (q kończy, ? pomoc)",
        "no_sum": "{text} nie jest kwotą, którą możesz teraz podać: {hint}.",
        "final_board": "{title} - stan końcowy",
        "result": "Wynik",
        "col_player": "Gracz",
        "col_bot": "Kto grał",
        "col_score": "Punkty",
        "col_rank": "Miejsce",
        "col_tiebreak": "Przy remisie",
        "you_cell": "ty",
        "human_cell": "człowiek",
        "you_win": "Wygrywasz!",
        "winner": "Wygrywa {name}.",
        "shared_win": "Wspólne zwycięstwo: {names}.",
        "connect_over": "Koniec gry. {lines}",
        "connect_line": "{seat}: {score} pkt, miejsce {rank}",
        "replay_final": "Stan końcowy",
        "replay_left": "Stan w chwili opuszczenia gry",
        "not_finished": "Gra nie została dokończona.",
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
