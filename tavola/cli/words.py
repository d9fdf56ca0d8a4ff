"""The terminal's own words while a game is played, in every language the games speak.

The games bring their own texts (log, prompts, labels, board, help topics) in each language;
these are the few lines the terminal adds around them: the result table at the end, the
line-up before the game, how it stopped and where it is saved, and `tavola replay`'s own
lines. A counted noun (PLURALS) holds its forms split by "|".
`--lang` picks the language; without it, a saved game goes on (and is replayed) in the
language it was played in, and anything else follows the system's (`LC_ALL`,
`LC_MESSAGES`, `LANG`), else English.
"""

from __future__ import annotations

import os
from typing import Any

from tavola.core import LANGUAGES
from tavola.core.words import plural

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
                "choices, l the whole log, u takes back your last decision where the rules "
                "allow, q leaves the game (it is saved to go on with "
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
        "keys": "number, Enter: play · u: take back · q: leave · ?: help · b/e/l/c: "
                "board/events/log/choices",
        "keys_small": "Enter play · ←→ pages · e events · l log · u take back · q leave · "
                      "? help",
        "board_page": "Board {page}/{pages} (←/→)",
        "new_events": "new events: {count} (e)",
        "more_choices": "{count} in all: ↑/↓, PgUp/PgDn",
        "nothing_new": "Nothing new since your last decision.",
        "waiting": "The other players are playing...",
        "leave_end": "Enter or q leaves.",
        "sum_hint": "type a number from 1 to {count}, or the sum itself (q quits, ? help)",
        "no_sum": "{text} is not a sum you can name now: {hint}.",
        "screen_hint": "type a number from 1 to {count}, or pick one with ↑/↓; then Enter",
        "screen_sum_hint": "type a number from 1 to {count} or the sum itself, or pick one "
                           "with ↑/↓; then Enter",
        "taken_back": "Your last decision is taken back: decide again.",
        "no_take_back": "Nothing taken back: {reason}.",
        "take_back_offered": "u takes back your last decision",
        "thinking": "{name} (bot: {bot}) is thinking… {elapsed} s of {budget} s",
        "thinking_open": "{name} (bot: {bot}) is thinking… {elapsed} s",
        "enter_plays": "Enter plays choice {number}.",
        "chose_highlighted": "You chose {number}, the highlighted choice.",
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
        "deciders": "Decided for a seat: {parts}.",
        "decider_stand-in": (
            "{count} decision by a stand-in bot playing for an absent person|{count} "
            "decisions by a stand-in bot playing for an absent person"
        ),
        "decider_replacement": (
            "{count} decision by the game's simple policy, a bot not having answered in "
            "time|{count} decisions by the game's simple policy, a bot not having answered "
            "in time"
        ),
        "step_stand-in": "This decision was made by a stand-in bot playing for the absent person.",
        "step_replacement": (
            "This decision was made by the game's simple policy: the seat's bot did not "
            "answer in time."
        ),
        "banner": "{title}: {players}, seed {seed}",
        "players": "{count} player|{count} players",
        "resumed": "Resumed after {decisions} from {path}",
        "resumed_decisions": "{count} decision|{count} decisions",
        "options": "Options: {options}",
        "seat_you": "you",
        "seat_person": "a person",
        "quit_left": "You left the game.",
        "quit_input": "Input ended, so the game stops here.",
        "quit_interrupted": "Interrupted, so the game stops here.",
        "quit_closed": "The screen closed, so the game stops here.",
        "stopped": "{reason} ({decisions} played)",
        "stopped_decisions": "{count} decision|{count} decisions",
        "go_on": "Go on with it with: tavola play --resume {path}",
        "autosaved": "The game is saved as you play, in {path}",
        "autosave_failed": "The game is not saved as you play: {reason}",
        "unfinished": "Unfinished: {title} ({decisions}); go on with it with: tavola play "
                      "--resume {path}",
        "bug": "tavola failed; this is a bug.",
        "not_saved": "The game could not be saved: {reason}",
        "save_failed": "cannot write {path}: {reason}; the game stops here and the file keeps "
                       "the last save",
        "saved_game": "Saved the game to {path}",
        "saved_unfinished": "Saved the unfinished game to {path}",
        "replay_it": "Replay it with: tavola replay {path}",
        "replay_header": "{title}: {players}, seed {seed}, {decisions} - {verdict}",
        "replay_decisions": "{count} decision|{count} decisions",
        "verified": "replayed and verified",
        "not_verified": "replayed, NOT verified",
        "checked": "Checked: {summary}.",
        "check_replayed": "{count} actions replayed, each legal",
        "check_result": "the result matches the file",
        "check_digest": "the final position matches the file",
        "check_unfinished": "the game is not over",
        "check_no_digest": "the file holds no digest, so nothing proves it is unedited",
        "step_heading": "{title} - step {at} of {last}, seen by {who}",
        "spectator": "a spectator",
        "step_asked": "{seat} was asked: {prompt}",
        "step_help": "Enter or n: next step; p: previous; a number: go to that step; f: first; "
                     "e: end; b: the board again; q: quit",
        "step_prompt": "Step {at}/{last} [n/p/number/q]: ",
        "not_command": "{text} is not a command: {help}.",
        "already_at": "Already at step {at} (steps go from 0 to {last}).",
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
                "tabellone, c le scelte, l tutto il registro, u ritira la tua ultima "
                "decisione dove le regole lo permettono, q lascia la partita (viene "
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
        "keys": "numero, Invio: gioca · u: ritira · q: esci · ?: aiuto · b/e/l/c: "
                "tabellone/eventi/registro/scelte",
        "keys_small": "Invio gioca · ←→ pagine · e eventi · l registro · u ritira · q esci · "
                      "? aiuto",
        "board_page": "Tabellone {page}/{pages} (←/→)",
        "new_events": "eventi nuovi: {count} (e)",
        "more_choices": "{count} in tutto: ↑/↓, PagSu/PagGiù",
        "nothing_new": "Niente di nuovo dalla tua ultima decisione.",
        "waiting": "Gli altri giocatori stanno giocando...",
        "leave_end": "Invio o q per uscire.",
        "sum_hint": "scrivi un numero da 1 a {count}, oppure la somma stessa (q per uscire, ? "
                    "per l'aiuto)",
        "no_sum": "{text} non è una somma che puoi indicare ora: {hint}.",
        "screen_hint": "scrivi un numero da 1 a {count}, oppure scegli con ↑/↓; poi Invio",
        "screen_sum_hint": "scrivi un numero da 1 a {count} o la somma stessa, oppure scegli "
                           "con ↑/↓; poi Invio",
        "taken_back": "La tua ultima decisione è ritirata: decidi di nuovo.",
        "no_take_back": "Nessuna decisione ritirata: {reason}.",
        "take_back_offered": "u ritira la tua ultima decisione",
        "thinking": "{name} (bot: {bot}) sta pensando… {elapsed} s su {budget} s",
        "thinking_open": "{name} (bot: {bot}) sta pensando… {elapsed} s",
        "enter_plays": "Invio gioca la scelta {number}.",
        "chose_highlighted": "Hai scelto la {number}, quella evidenziata.",
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
        "deciders": "Decisioni prese per un posto: {parts}.",
        "decider_stand-in": (
            "{count} decisione di un bot sostituto che gioca per una persona "
            "assente|{count} decisioni di un bot sostituto che gioca per una persona "
            "assente"
        ),
        "decider_replacement": (
            "{count} decisione della strategia semplice del gioco, perché un bot non ha "
            "risposto in tempo|{count} decisioni della strategia semplice del gioco, perché"
            " un bot non ha risposto in tempo"
        ),
        "step_stand-in": "Questa decisione è di un bot sostituto che gioca per la persona assente.",
        "step_replacement": (
            "Questa decisione è della strategia semplice del gioco: il bot del posto non ha"
            " risposto in tempo."
        ),
        "banner": "{title}: {players}, seme {seed}",
        "players": "{count} giocatore|{count} giocatori",
        "resumed": "Partita ripresa dopo {decisions} da {path}",
        "resumed_decisions": "{count} decisione|{count} decisioni",
        "options": "Opzioni: {options}",
        "seat_you": "tu",
        "seat_person": "una persona",
        "quit_left": "Hai lasciato la partita.",
        "quit_input": "I dati in ingresso sono finiti, quindi la partita si ferma qui.",
        "quit_interrupted": "Interruzione, quindi la partita si ferma qui.",
        "quit_closed": "Lo schermo si è chiuso, quindi la partita si ferma qui.",
        "stopped": "{reason} ({decisions})",
        "stopped_decisions": "{count} decisione presa|{count} decisioni prese",
        "go_on": "Per riprenderla: tavola play --resume {path}",
        "autosaved": "La partita viene salvata mentre giochi, in {path}",
        "autosave_failed": "La partita non viene salvata mentre giochi: {reason}",
        "unfinished": "Partita non finita: {title} ({decisions}); per riprenderla: tavola "
                      "play --resume {path}",
        "bug": "tavola si è fermato per un errore del programma.",
        "not_saved": "Non è stato possibile salvare la partita: {reason}",
        "save_failed": "impossibile scrivere {path}: {reason}; la partita si ferma qui e il "
                       "file conserva l'ultimo salvataggio",
        "saved_game": "Partita salvata in {path}",
        "saved_unfinished": "Partita non finita salvata in {path}",
        "replay_it": "Per rivederla: tavola replay {path}",
        "replay_header": "{title}: {players}, seme {seed}, {decisions} - {verdict}",
        "replay_decisions": "{count} decisione|{count} decisioni",
        "verified": "rigiocata e verificata",
        "not_verified": "rigiocata, NON verificata",
        "checked": "Verifiche: {summary}.",
        "check_replayed": "azioni rigiocate: {count}, tutte lecite",
        "check_result": "il risultato corrisponde al file",
        "check_digest": "la posizione finale corrisponde al file",
        "check_unfinished": "la partita non è finita",
        "check_no_digest": "il file non ha un'impronta (digest), quindi nulla prova che non "
                           "sia stato modificato",
        "step_heading": "{title} - passo {at} di {last}, visto da {who}",
        "spectator": "uno spettatore",
        "step_asked": "Domanda per {seat}: {prompt}",
        "step_help": "Invio o n: passo successivo; p: precedente; un numero: vai a quel passo; "
                     "f: primo; e: fine; b: di nuovo il tabellone; q: esci",
        "step_prompt": "Passo {at}/{last} [n/p/numero/q]: ",
        "not_command": "{text} non è un comando: {help}.",
        "already_at": "Sei già al passo {at} (i passi vanno da 0 a {last}).",
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
                "wybory, l cały dziennik, u cofa twoją ostatnią decyzję, gdy zasady na to "
                "pozwalają, q opuszcza grę (zostaje zapisana, by ją później "
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
        "keys": "numer, Enter: wybór · u: cofnij · q: wyjście · ?: pomoc · b/e/l/c: "
                "plansza/zdarzenia/dziennik/wybory",
        "keys_small": "Enter wybór · ←→ strony · e nowe · l dziennik · u cofnij · q wyjdź · "
                      "? pomoc",
        "board_page": "Plansza {page}/{pages} (←/→)",
        "new_events": "nowe zdarzenia: {count} (e)",
        "more_choices": "razem {count}: ↑/↓, PgUp/PgDn",
        "nothing_new": "Nic nowego od twojej ostatniej decyzji.",
        "waiting": "Pozostali gracze grają...",
        "leave_end": "Enter lub q kończy.",
        "sum_hint": "wpisz liczbę od 1 do {count} albo samą kwotę (q kończy, ? pomoc)",
        "no_sum": "{text} nie jest kwotą, którą możesz teraz podać: {hint}.",
        "screen_hint": "wpisz liczbę od 1 do {count} albo wybierz strzałkami ↑/↓; potem Enter",
        "screen_sum_hint": "wpisz liczbę od 1 do {count} albo samą kwotę, lub wybierz "
                           "strzałkami ↑/↓; potem Enter",
        "taken_back": "Twoja ostatnia decyzja została cofnięta: zdecyduj jeszcze raz.",
        "no_take_back": "Nic nie cofnięto: {reason}.",
        "take_back_offered": "u cofa twoją ostatnią decyzję",
        "thinking": "{name} (bot: {bot}) myśli… {elapsed} s z {budget} s",
        "thinking_open": "{name} (bot: {bot}) myśli… {elapsed} s",
        "enter_plays": "Enter zagrywa wybór {number}.",
        "chose_highlighted": "Wybrano {number}, podświetlony wybór.",
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
        "deciders": "Decyzje podjęte za miejsce: {parts}.",
        "decider_stand-in": (
            "{count} decyzja bota zastępczego grającego za nieobecną osobę|{count} decyzje "
            "bota zastępczego grającego za nieobecną osobę|{count} decyzji bota zastępczego"
            " grającego za nieobecną osobę"
        ),
        "decider_replacement": (
            "{count} decyzja prostej strategii gry, bo bot nie odpowiedział na czas|{count}"
            " decyzje prostej strategii gry, bo bot nie odpowiedział na czas|{count} "
            "decyzji prostej strategii gry, bo bot nie odpowiedział na czas"
        ),
        "step_stand-in": "Tę decyzję podjął bot zastępczy grający za nieobecną osobę.",
        "step_replacement": (
            "Tę decyzję podjęła prosta strategia gry: bot tego miejsca nie odpowiedział na "
            "czas."
        ),
        "banner": "{title}: {players}, ziarno {seed}",
        "players": "{count} gracz|{count} gracze|{count} graczy",
        "resumed": "Wznowiono po {decisions} z pliku {path}",
        "resumed_decisions": "{count} decyzji|{count} decyzjach|{count} decyzjach",
        "options": "Opcje: {options}",
        "seat_you": "ty",
        "seat_person": "osoba",
        "quit_left": "Gra została opuszczona.",
        "quit_input": "Dane wejściowe się skończyły, więc gra zatrzymuje się w tym miejscu.",
        "quit_interrupted": "Przerwano, więc gra zatrzymuje się w tym miejscu.",
        "quit_closed": "Ekran został zamknięty, więc gra zatrzymuje się w tym miejscu.",
        "stopped": "{reason} ({decisions})",
        "stopped_decisions": "{count} decyzja podjęta|{count} decyzje podjęte|{count} decyzji "
                             "podjętych",
        "go_on": "Aby ją dokończyć: tavola play --resume {path}",
        "autosaved": "Gra jest zapisywana na bieżąco w {path}",
        "autosave_failed": "Gra nie jest zapisywana na bieżąco: {reason}",
        "unfinished": "Niedokończona gra: {title} ({decisions}); aby ją dokończyć: tavola "
                      "play --resume {path}",
        "bug": "tavola przerwała działanie z powodu błędu w programie.",
        "not_saved": "Nie udało się zapisać gry: {reason}",
        "save_failed": "nie można zapisać {path}: {reason}; gra zatrzymuje się w tym miejscu, "
                       "a plik zawiera ostatni zapis",
        "saved_game": "Gra zapisana w {path}",
        "saved_unfinished": "Niedokończona gra zapisana w {path}",
        "replay_it": "Aby ją odtworzyć: tavola replay {path}",
        "replay_header": "{title}: {players}, ziarno {seed}, {decisions} - {verdict}",
        "replay_decisions": "{count} decyzja|{count} decyzje|{count} decyzji",
        "verified": "odtworzona i zweryfikowana",
        "not_verified": "odtworzona, NIE zweryfikowana",
        "checked": "Sprawdzono: {summary}.",
        "check_replayed": "odtworzone ruchy: {count}, każdy zgodny z zasadami",
        "check_result": "wynik zgadza się z plikiem",
        "check_digest": "końcowa pozycja zgadza się z plikiem",
        "check_unfinished": "gra nie jest skończona",
        "check_no_digest": "plik nie zawiera skrótu (digest), więc nic nie dowodzi, że nie był "
                           "zmieniany",
        "step_heading": "{title} - krok {at} z {last}, z perspektywy {who}",
        "spectator": "widza",
        "step_asked": "Pytanie do {seat}: {prompt}",
        "step_help": "Enter lub n: następny krok; p: poprzedni; liczba: przejdź do tego kroku; "
                     "f: pierwszy; e: koniec; b: znowu plansza; q: wyjście",
        "step_prompt": "Krok {at}/{last} [n/p/liczba/q]: ",
        "not_command": "{text} nie jest poleceniem: {help}.",
        "already_at": "To już krok {at} (kroki idą od 0 do {last}).",
    },
}


# The games' options as the terminal names them (the web page says the same in
# tavola/web/static/i18n.js): "GAME.OPTION" its name, "GAME.OPTION.VALUE" a value's words;
# yes/no for a switch, a number as it is.
OPTION_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "yes": "yes",
        "no": "no",
        "intrige.edition": "Edition",
        "intrige.edition.1994": "1994 board game",
        "intrige.edition.amigo": "2003/04 card edition",
        "intrige.bribe_order": "Order of bribes",
        "intrige.bribe_order.conflicts_first": "conflicts first",
        "intrige.bribe_order.turn_order": "in turn order",
        "notre-dame.gold": "Gold",
        "notre-dame.gold.limited": "limited",
        "notre-dame.gold.unlimited": "unlimited",
        "nottingham.track": "Sheriff's track",
        "nottingham.track.long": "long",
        "nottingham.track.distinct": "distinct",
        "nottingham.rob_shows_card": "A Rob shows the card",
        "nottingham.several_ambushes_each": "Several ambushes each",
        "rattus.ties": "Ties",
        "rattus.ties.next_player": "the next player in turn order",
        "rattus.ties.shared": "shared by the tied players",
        "rattus.rounds": "Rounds",
    },
    "it": {
        "yes": "sì",
        "no": "no",
        "intrige.edition": "Edizione",
        "intrige.edition.1994": "gioco da tavolo del 1994",
        "intrige.edition.amigo": "edizione di carte del 2003/04",
        "intrige.bribe_order": "Ordine delle offerte",
        "intrige.bribe_order.conflicts_first": "prima i conflitti",
        "intrige.bribe_order.turn_order": "in ordine di turno",
        "notre-dame.gold": "Oro",
        "notre-dame.gold.limited": "limitato",
        "notre-dame.gold.unlimited": "illimitato",
        "nottingham.track": "Percorso dello Sceriffo",
        "nottingham.track.long": "lungo",
        "nottingham.track.distinct": "distinto",
        "nottingham.rob_shows_card": "Trafugare mostra la carta",
        "nottingham.several_ambushes_each": "Più imboscate a testa",
        "rattus.ties": "Parità",
        "rattus.ties.next_player": "il prossimo giocatore nell'ordine di turno",
        "rattus.ties.shared": "condivisa tra i giocatori in parità",
        "rattus.rounds": "Giri",
    },
    "pl": {
        "yes": "tak",
        "no": "nie",
        "intrige.edition": "Wydanie",
        "intrige.edition.1994": "gra planszowa z 1994 roku",
        "intrige.edition.amigo": "edycja karciana z lat 2003/04",
        "intrige.bribe_order": "Kolejność łapówek",
        "intrige.bribe_order.conflicts_first": "najpierw konflikty",
        "intrige.bribe_order.turn_order": "w kolejności tur",
        "notre-dame.gold": "Złoto",
        "notre-dame.gold.limited": "ograniczone",
        "notre-dame.gold.unlimited": "nieograniczone",
        "nottingham.track": "Tor szeryfa",
        "nottingham.track.long": "długi",
        "nottingham.track.distinct": "różnorodny",
        "nottingham.rob_shows_card": "Kradzież odsłania kartę",
        "nottingham.several_ambushes_each": "Kilka zasadzek na gracza",
        "rattus.ties": "Remisy",
        "rattus.ties.next_player": "następny gracz w kolejności tur",
        "rattus.ties.shared": "dzielony przez remisujących",
        "rattus.rounds": "Rundy",
    },
}


def options_line(lang: str, game: str, options: dict[str, Any]) -> str:
    """Return a game's options in `lang`, each with the KEY=VALUE that --option takes:
    "Oro: limitato (gold=limited)"; an option without words here is KEY=VALUE alone."""
    named = OPTION_WORDS[lang]
    parts = []
    for key, value in sorted(options.items()):
        raw = ("true" if value else "false") if isinstance(value, bool) else str(value)
        name = named.get(f"{game}.{key}")
        if name is None:
            parts.append(f"{key}={raw}")
            continue
        if isinstance(value, bool):
            shown = named["yes" if value else "no"]
        else:
            shown = named.get(f"{game}.{key}.{raw}", raw)
        parts.append(f"{name}: {shown} ({key}={raw})")
    return "; ".join(parts)


PLURALS = ("players", "resumed_decisions", "stopped_decisions", "replay_decisions",
           "decider_stand-in", "decider_replacement")
"""The words that are a counted noun: their forms (one|few[|many], as in
tavola.core.words) are split by "|", and `counted` picks the one that agrees."""


def say(lang: str, key: str, **args: object) -> str:
    """Return the terminal's line `key` in `lang`, filled with `args`."""
    return WORDS[lang][key].format(**args)


def counted(lang: str, key: str, count: int) -> str:
    """Return the counted noun `key` in `lang` in the form that agrees with `count`."""
    return plural(lang, count, WORDS[lang][key].split("|")).format(count=count)


DECIMAL = {"en": ".", "it": ",", "pl": ","}
"""How each language writes the decimal point."""

GROUPS = {"en": ",", "it": ".", "pl": " "}
"""How each language separates the thousands of a large number (1,120,000 / 1.120.000 /
1 120 000), as the games write their sums."""


def decimal(lang: str, value: float, places: int = 1, fixed: bool = False) -> str:
    """Return `value` with `places` decimals as `lang` writes it (0.6 / 0,6); unless
    `fixed`, without trailing zeros (1 s, 1.5 s)."""
    text = f"{value:.{places}f}"
    if not fixed and "." in text:
        text = text.rstrip("0").rstrip(".")
    return text.replace(".", DECIMAL[lang])


def grouped(lang: str, value: int) -> str:
    """Return a whole number with its thousands grouped as `lang` writes them."""
    return f"{value:,}".replace(",", GROUPS[lang])


GROUPED_FROM = 10_000
"""From this size a whole number has its thousands grouped (sums of money: 320,000)."""


def number(lang: str, value: object) -> str:
    """Return a score as `lang` writes it: a large whole number grouped (1,120,000 /
    1.120.000 / 1 120 000), a fraction with its decimal comma or point, else as it is."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, float):
        return decimal(lang, value, 2)
    return grouped(lang, value) if abs(value) >= GROUPED_FROM else str(value)


def system_language() -> str:
    """Return the language the system asks for, if the games speak it, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            code = value[:2].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def language(asked: str | None, saved: str | None = None) -> str:
    """Return the language to speak: the one asked for (--lang), else the one a saved game
    was played in when the games speak it, else the system's."""
    if asked is not None:
        return asked
    return saved if saved in LANGUAGES else system_language()
