"""The server's refusals in every language the games speak.

Every refusal — a websocket `error` frame, an HTTP `{"error": ...}` body — carries a stable
machine-readable `code` and its arguments (`args`), and its line rendered in the reader's
language from one template table per language below. A client may show the line as it is
or build its own from the code and the arguments.

Arguments are only what the reader already knows: what it sent, seat labels, state ids,
limits. A refusal that quotes the game's text (an illegal action is refused with the
seat's own prompt) takes it from the game's text layer in each language (`texts`); those
texts are not arguments, as they are not machine-readable.

Some refusals wrap a one-line English explanation from elsewhere (the JSON reader, the
request validator, a game's option check): English shows it whole (`detail`), as before;
the other languages say what kind of refusal it is in their own words.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

from tavola.core.errors import TavolaError
from tavola.core.game import LANGUAGES

_UNDO = "that decision cannot be taken back: "
_UNDO_IT = "quella decisione non si può ritirare: "
_UNDO_PL = "tej decyzji nie można cofnąć: "

EN: dict[str, str] = {
    # The frame itself (docs/protocol.md, "Client → server").
    "frame_too_large": "the frame is larger than {kb} kB",
    "not_utf8": "the frame is not UTF-8 text",
    "bad_json": "{detail}",
    "not_an_object": "a frame is a JSON object with a 'type'",
    "unknown_frame": "unknown frame type {type} (types: {types})",
    "unknown_field": "a {frame} frame has no field {field!r}",
    "missing_field": "a {frame} frame needs '{field}'",
    "wrong_type": "'{field}' of a {frame} frame is a {wanted}, not {got}",
    "action_too_long": "the action is too long",
    "not_a_token": "that is not a token of this server",
    "unknown_language": "no language {lang!r} (languages: {languages})",
    "unknown_channel": "chat channels are {channels}",
    "chat_empty": "a chat message cannot be empty",
    "chat_too_long": "a chat message is longer than {limit} characters",
    "name_empty": "a name cannot be empty",
    "name_too_long": "a name is longer than {limit} characters",
    "reserved_empty": "{seat}: a reserved name cannot be empty",
    "reserved_too_long": "{seat}: a reserved name is longer than {limit} characters",
    "too_many_frames": "too many frames: slow down",
    "too_many_frames_closing": "too many frames: closing",
    "server_error": "the server could not handle that frame",
    # Saying hello.
    "hello_timeout": "say hello first",
    "hello_first": "the first frame is a hello",
    "hello_once": "say hello only once",
    "wrong_protocol": "this server speaks protocol {protocol}",
    "no_spectators": "this table has no spectators",
    "token_not_for_table": "that token is not for this table",
    "unknown_table": "no such table",
    "table_broken": "{detail}",
    # Acting, in the order the checks are made.
    "spectator_cannot_act": "this connection holds no seat token: spectators cannot act",
    "link_replaced": "this seat's link is no longer valid; ask the host for a new one",
    "wrong_seat": "your token is for {yours}, not for seat {seat}",
    "game_over": "the game is over",
    "not_your_turn": "{seat} is not asked to act now (waiting for: {waiting})",
    "stale_state": "the table moved on while you decided; here it is now: decide again",
    "malformed_action": "{detail}",
    "illegal_action": "{action} is not a legal action now ({prompt})",
    "action_conflict": "another decision came first, so the table moved on; here it is "
                       "now: decide again",
    "spectator_no_seat": "spectators have no seat to leave or come back to",
    # Take-backs.
    "undo_off": "take-backs are off at this table",
    "undo_not_yours": "only your own last decision can be taken back, and only while "
                      "nobody has acted since",
    "undo_stale": "the table moved on; here it is now",
    "undo_game_over": _UNDO + "the game is over, and its end is final",
    "undo_chance_unknown": _UNDO + "this game does not say whether chance was involved",
    "undo_chance": _UNDO + "chance was involved (something was drawn or shuffled)",
    "undo_unchecked": _UNDO + "the decision cannot be checked",
    "undo_revealed_you": _UNDO + "it revealed something you could not know before",
    "undo_revealed_other": _UNDO + "it revealed something to another player",
    "undo_told_other": _UNDO + "it told another player something in private",
    "undo_conflict": "the table changed before the take-back was stored",
    # Chat.
    "spectators_channel": "spectators write in the spectators' channel",
    "spectator_chat_off": "spectator chat is off at this table",
    "players_channel": "players write in the players' channel",
    # Setting up a table.
    "unknown_game": "no game called {game!r} (games: {games})",
    "player_count": "{game} is for {least}-{most} players, not {players}",
    "unknown_option": "{game} has no option {option!r} (options: {options})",
    "bad_option": "option {option!r} takes one of {choices}, not {value!r}",
    "options_query": "options: a JSON object of option names and values (true, false, a "
                     "whole number or a text)",
    "bad_options": "{detail}",
    "seat_count": "give exactly {players} seats, not {given}",
    "bot_spec_missing": "{seat}: a bot seat needs a bot spec",
    "bad_bot": "{detail}",
    "clock_kind": "a clock is 'realtime', 'turn' or 'off'",
    "clock_seconds": "a clock's time is between 1 second and {most} days",
    "clock_increment": "a real-time clock adds between 0 and {increment} seconds a "
                       "decision; a turn-based one adds nothing",
    "waiting_for_players": "the game begins once every seat is taken (still open: {seats})",
    "start_host_only": "only the table's host can begin the game without waiting",
    "started_already": "the game has begun already",
    "vote_own_seat": "you cannot answer for your own seat",
    "not_out_of_time": "{seat} still has time on the clock",
    "bot_seconds_range": "a bot's think time is between 0.05 and {most} seconds",
    # The HTTP routes.
    "link_not_for_table": "that link is not for a seat of this table",
    "no_such_seat": "no such seat",
    "seat_not_open": "that seat is not open",
    "table_private": "this table is private: its seats are taken by invitation only",
    "host_only": "only the host of this table may do that",
    "seat_not_a_person": "{seat} is played by a bot: it has no link",
    "too_many_tables": "too many new tables from you: try again in {seconds} s",
    "spectators_full": "this table has {limit} spectators already",
    "lang_too_often": "the language was changed too often: wait a moment",
    "not_a_reader": "only the players of this table may read it",
    "record_not_over": "the game file is available once the game is over",
    "replay_not_over": "a game is replayed once it is over",
    "seat_range": "seats are 0-{last}",
    "step_range": "the game has {steps} steps",
    "body_too_large": "a request body is at most {kb} kB",
    "field_missing": "{field}: {detail}",
    "field_unknown": "{field}: {detail}",
    "field_invalid": "{field}: {detail}",
    "http_error": "{detail}",
    "invalid": "{detail}",
    # Rematch.
    "rematch_not_a_seat": "only a player of this table may start its rematch",
    "rematch_not_over": "a rematch starts once the game is over",
    "rematch_seat_taken": "your seat at the rematch was taken by someone else",
    # Accounts.
    "account_name_length": "a user name has {least}-{most} characters",
    "account_name_chars": "a user name has no control characters and no space at either end",
    "account_name_taken": "that user name is taken",
    "password_length": "a password has {least}-{most} characters",
    "wrong_password": "wrong user name or password",
    "too_many_sign_ins": "too many sign-in attempts: try again in {seconds} s",
    "too_many_sign_ups": "too many new accounts from you: try again in {seconds} s",
    "cross_site": "this request did not come from this server's own page",
    "not_signed_in": "sign in first",
    "seat_of_another_account": "that seat belongs to another account",
    "not_your_seat": "that seat is not one of your account's",
    "seat_moved": "that seat has a new link from the host: it is no longer your account's",
    # Rated tables and profiles (tavola.server.ratings); former_player is a name.
    "rated_needs_clock": "a rated table runs a clock: choose real time or turn based",
    "rated_people_only": "every seat of a rated table is for a person with an account",
    "rated_needs_account": "sign in to sit at a rated table",
    "rated_waits": "a rated table begins once every seat is taken by an account",
    "rated_bots_mix": "a table rated against bots has a seat for a person and a bot seat "
                      "at least",
    "rated_bots_levels": "a table rated against bots seats only the game's rated bot "
                         "levels, by name: {levels}",
    "rated_bots_think": "a table rated against bots gives its bots {seconds} s a decision "
                        "at least, so each level plays as it was measured",
    "rated_or_rated_bots": "a table is rated among people or rated against bots, not both",
    "unknown_player": "no player is called {name}",
    "former_player": "a former player",
    "account_disabled": "an operator disabled this account",
    # Operators (tavola.server.routes_admin).
    "operator_only": "only a server operator may do that",
    "no_chat_line": "table {table} has no chat line {line} a person wrote",
    "no_unfinished_table": "there is no unfinished table {table}",
    "table_ended": "an operator ended this table",
    "own_account": "an operator cannot disable their own account",
    # Mail (tavola.server.mail).
    "mail_address_bad": "that is not an e-mail address: {detail}",
    "mail_off": "this server sends no mail",
    "mail_link_bad": "that link is unknown, already used or expired: ask for a new one",
    "too_many_mails": "too many mails asked for: try again in {seconds} s",
    # The lobby and friends (tavola.server.routes_lobby).
    "follow_self": "you cannot follow yourself",
    "not_following": "follow {name} first: you may invite only the players you follow",
    "invite_seat_needed": ("that table has no open seat: keep one of its free seats for {name} "
                           "(the host's link authorises)"),
    "invite_unknown": "you have no such invitation",
    "play_now_rated_needs_account": "sign in to play now at a rated table",
}

IT: dict[str, str] = {
    "frame_too_large": "il messaggio supera {kb} kB",
    "not_utf8": "il messaggio non è testo UTF-8",
    "bad_json": "il messaggio non è JSON valido",
    "not_an_object": "un messaggio è un oggetto JSON con un campo 'type'",
    "unknown_frame": "tipo di messaggio sconosciuto {type} (tipi: {types})",
    "unknown_field": "un messaggio {frame} non ha il campo {field!r}",
    "missing_field": "a un messaggio {frame} serve il campo '{field}'",
    "wrong_type": "in un messaggio {frame}, '{field}' deve essere {wanted}, non {got}",
    "action_too_long": "l'azione è troppo lunga",
    "not_a_token": "questo non è un codice di accesso di questo server",
    "unknown_language": "lingua {lang!r} non disponibile (lingue: {languages})",
    "unknown_channel": "i canali della chat sono {channels}",
    "chat_empty": "un messaggio in chat non può essere vuoto",
    "chat_too_long": "un messaggio in chat non può superare {limit} caratteri",
    "name_empty": "il nome non può essere vuoto",
    "name_too_long": "il nome non può superare {limit} caratteri",
    "reserved_empty": "{seat}: il nome per cui è tenuto il posto non può essere vuoto",
    "reserved_too_long": "{seat}: il nome per cui è tenuto il posto non può superare "
                         "{limit} caratteri",
    "too_many_frames": "troppi messaggi: rallenta",
    "too_many_frames_closing": "troppi messaggi: la connessione viene chiusa",
    "server_error": "il server non è riuscito a gestire quel messaggio",
    "hello_timeout": "prima di tutto serve il saluto (hello)",
    "hello_first": "il primo messaggio deve essere il saluto (hello)",
    "hello_once": "il saluto (hello) si manda una volta sola",
    "wrong_protocol": "questo server parla il protocollo {protocol}",
    "no_spectators": "questo tavolo non ammette spettatori",
    "token_not_for_table": "quel codice di accesso non è di questo tavolo",
    "unknown_table": "questo tavolo non esiste",
    "table_broken": "il tavolo {table} non si può riprendere su questo server",
    "spectator_cannot_act": "questa connessione non ha il codice di un posto: "
                            "gli spettatori non possono giocare",
    "link_replaced": "il link di questo posto non è più valido; chiedine uno nuovo a "
                     "chi ha aperto il tavolo",
    "wrong_seat": "il tuo codice è per {yours}, non per il posto {seat}",
    "game_over": "la partita è finita",
    "not_your_turn": "ora non tocca a {seat} (si aspetta: {waiting})",
    "stale_state": "il tavolo è andato avanti mentre decidevi; eccolo com'è ora: decidi "
                   "di nuovo",
    "malformed_action": "non è un'azione: {action!r}",
    "illegal_action": "{action} ora non è una mossa consentita ({prompt})",
    "action_conflict": "un'altra decisione è arrivata prima e il tavolo è andato avanti; "
                       "eccolo com'è ora: decidi di nuovo",
    "spectator_no_seat": "gli spettatori non hanno un posto da lasciare o da riprendere",
    "undo_off": "a questo tavolo non si possono ritirare le mosse",
    "undo_not_yours": "si può ritirare solo la propria ultima decisione, e solo finché "
                      "nessun altro ha giocato",
    "undo_stale": "il tavolo è andato avanti; eccolo com'è ora",
    "undo_game_over": _UNDO_IT + "la partita è finita e la sua fine è definitiva",
    "undo_chance_unknown": _UNDO_IT + "questo gioco non dice se c'entrava il caso",
    "undo_chance": _UNDO_IT + "c'entrava il caso (si è pescato o mescolato)",
    "undo_unchecked": _UNDO_IT + "non è possibile verificarla",
    "undo_revealed_you": _UNDO_IT + "ti ha mostrato qualcosa che prima non potevi sapere",
    "undo_revealed_other": _UNDO_IT + "ha mostrato qualcosa a un altro giocatore",
    "undo_told_other": _UNDO_IT + "ha detto qualcosa in privato a un altro giocatore",
    "undo_conflict": "il tavolo è cambiato prima che la mossa ritirata fosse salvata",
    "spectators_channel": "gli spettatori scrivono nel canale degli spettatori",
    "spectator_chat_off": "a questo tavolo la chat degli spettatori è chiusa",
    "players_channel": "i giocatori scrivono nel canale dei giocatori",
    "unknown_game": "nessun gioco si chiama {game!r} (giochi: {games})",
    "player_count": "{game} si gioca in {least}-{most}, non in {players}",
    "unknown_option": "{game} non ha l'opzione {option!r} (opzioni: {options})",
    "bad_option": "l'opzione {option!r} vale uno tra {choices}, non {value!r}",
    "options_query": "options: un oggetto JSON di nomi e valori delle opzioni (true, false, "
                     "un numero intero o un testo)",
    "bad_options": "queste opzioni di gioco non sono valide",
    "seat_count": "servono esattamente {players} posti, non {given}",
    "bot_spec_missing": "{seat}: a un posto del computer serve il nome di un bot",
    "bad_bot": "bot non valido: {spec!r}",
    "clock_kind": "l'orologio è 'realtime', 'turn' oppure 'off'",
    "clock_seconds": "il tempo dell'orologio va da 1 secondo a {most} giorni",
    "clock_increment": "un orologio in tempo reale aggiunge da 0 a {increment} secondi a "
                       "decisione; uno a turni non aggiunge nulla",
    "waiting_for_players": "la partita comincia quando tutti i posti sono occupati "
                           "(ancora liberi: {seats})",
    "start_host_only": "solo chi ospita il tavolo può cominciare senza aspettare",
    "started_already": "la partita è già cominciata",
    "vote_own_seat": "non puoi rispondere per il tuo stesso posto",
    "not_out_of_time": "{seat} ha ancora tempo sull'orologio",
    "bot_seconds_range": "il tempo di riflessione di un bot va da 0,05 a {most} secondi",
    "link_not_for_table": "quel link non è per un posto di questo tavolo",
    "no_such_seat": "questo posto non esiste",
    "seat_not_open": "quel posto non è libero",
    "table_private": "questo tavolo è privato: ci si siede solo su invito",
    "host_only": "solo chi ha aperto il tavolo può farlo",
    "seat_not_a_person": "{seat} è giocato da un bot: non ha un link",
    "too_many_tables": "troppi tavoli nuovi da parte tua: riprova tra {seconds} s",
    "spectators_full": "questo tavolo ha già {limit} spettatori",
    "lang_too_often": "hai cambiato lingua troppo spesso: aspetta un momento",
    "not_a_reader": "solo chi siede a questo tavolo può leggerlo",
    "record_not_over": "il file della partita è disponibile a partita finita",
    "replay_not_over": "una partita si rivede quando è finita",
    "seat_range": "i posti vanno da 0 a {last}",
    "step_range": "la partita ha {steps} passi",
    "body_too_large": "una richiesta non può superare {kb} kB",
    "field_missing": "{field}: campo mancante",
    "field_unknown": "{field}: campo sconosciuto",
    "field_invalid": "{field}: valore non valido",
    "http_error": "richiesta non servita ({status})",
    "invalid": "richiesta non valida",
    "rematch_not_a_seat": "solo chi gioca a questo tavolo può avviare la rivincita",
    "rematch_not_over": "la rivincita si avvia a partita finita",
    "rematch_seat_taken": "il tuo posto nella rivincita l'ha preso qualcun altro",
    "account_name_length": "un nome utente ha da {least} a {most} caratteri",
    "account_name_chars": "un nome utente non ha caratteri di controllo né spazi all'inizio "
                          "o alla fine",
    "account_name_taken": "quel nome utente è già preso",
    "password_length": "una password ha da {least} a {most} caratteri",
    "wrong_password": "nome utente o password errati",
    "too_many_sign_ins": "troppi tentativi di accesso: riprova tra {seconds} s",
    "too_many_sign_ups": "troppi nuovi account da te: riprova tra {seconds} s",
    "cross_site": "questa richiesta non viene dalla pagina di questo server",
    "not_signed_in": "prima accedi",
    "seat_of_another_account": "quel posto appartiene a un altro account",
    "not_your_seat": "quel posto non è del tuo account",
    "seat_moved": "l'host ha dato a quel posto un nuovo link: non è più del tuo account",
    # Rated tables and profiles (tavola.server.ratings); former_player is a name.
    "rated_needs_clock": "un tavolo con classifica usa un orologio: scegli tempo reale o a turni",
    "rated_people_only": "ogni posto di un tavolo con classifica è per una persona con un account",
    "rated_needs_account": "accedi per sederti a un tavolo con classifica",
    "rated_waits": "un tavolo con classifica comincia quando ogni posto è preso da un account",
    "rated_bots_mix": "un tavolo con classifica contro i bot ha almeno un posto per una "
                      "persona e un posto per un bot",
    "rated_bots_levels": "a un tavolo con classifica contro i bot siedono solo i livelli "
                         "di bot con punteggio del gioco, per nome: {levels}",
    "rated_bots_think": "un tavolo con classifica contro i bot dà ai bot almeno {seconds} s "
                        "a decisione, così ogni livello gioca come è stato misurato",
    "rated_or_rated_bots": "un tavolo ha la classifica tra persone o quella contro i bot, "
                           "non entrambe",
    "unknown_player": "nessun giocatore si chiama {name}",
    "former_player": "un ex giocatore",
    "account_disabled": "un operatore ha disattivato questo account",
    # Operators (tavola.server.routes_admin).
    "operator_only": "solo un operatore del server può farlo",
    "no_chat_line": "il tavolo {table} non ha una riga di chat {line} scritta da una persona",
    "no_unfinished_table": "non c'è nessun tavolo non finito {table}",
    "table_ended": "un operatore ha chiuso questo tavolo",
    "own_account": "un operatore non può disattivare il proprio account",
    "mail_address_bad": "questo non è un indirizzo e-mail valido",
    "mail_off": "questo server non invia mail",
    "mail_link_bad": "quel link è sconosciuto, già usato o scaduto: chiedine uno nuovo",
    "too_many_mails": "troppe mail richieste: riprova tra {seconds} s",
    # La sala e gli amici (tavola.server.routes_lobby).
    "follow_self": "non puoi seguire te stesso",
    "not_following": "prima segui {name}: puoi invitare solo i giocatori che segui",
    "invite_seat_needed": ("quel tavolo non ha posti aperti: tieni per {name} uno dei suoi posti "
                           "liberi (autorizza il link dell'ospite)"),
    "invite_unknown": "non hai un invito così",
    "play_now_rated_needs_account": "accedi per giocare subito a un tavolo con classifica",
}

PL: dict[str, str] = {
    "frame_too_large": "wiadomość przekracza {kb} kB",
    "not_utf8": "wiadomość nie jest tekstem UTF-8",
    "bad_json": "wiadomość nie jest poprawnym JSON-em",
    "not_an_object": "wiadomość to obiekt JSON z polem 'type'",
    "unknown_frame": "nieznany rodzaj wiadomości {type} (rodzaje: {types})",
    "unknown_field": "wiadomość {frame} nie ma pola {field!r}",
    "missing_field": "wiadomość {frame} wymaga pola '{field}'",
    "wrong_type": "w wiadomości {frame} pole '{field}' musi mieć typ {wanted}, a nie {got}",
    "action_too_long": "akcja jest za długa",
    "not_a_token": "to nie jest kod dostępu tego serwera",
    "unknown_language": "brak języka {lang!r} (języki: {languages})",
    "unknown_channel": "kanały czatu to {channels}",
    "chat_empty": "wiadomość na czacie nie może być pusta",
    "chat_too_long": "wiadomość na czacie może mieć najwyżej {limit} znaków",
    "name_empty": "imię nie może być puste",
    "name_too_long": "imię może mieć najwyżej {limit} znaków",
    "reserved_empty": "{seat}: imię, dla którego zarezerwowano miejsce, nie może być puste",
    "reserved_too_long": "{seat}: imię, dla którego zarezerwowano miejsce, może mieć "
                         "najwyżej {limit} znaków",
    "too_many_frames": "za dużo wiadomości: zwolnij",
    "too_many_frames_closing": "za dużo wiadomości: połączenie zostaje zamknięte",
    "server_error": "serwer nie poradził sobie z tą wiadomością",
    "hello_timeout": "najpierw trzeba się przywitać (hello)",
    "hello_first": "pierwsza wiadomość to powitanie (hello)",
    "hello_once": "powitanie (hello) wysyła się tylko raz",
    "wrong_protocol": "ten serwer obsługuje protokół {protocol}",
    "no_spectators": "przy tym stole nie ma widzów",
    "token_not_for_table": "ten kod dostępu nie pasuje do tego stołu",
    "unknown_table": "nie ma takiego stołu",
    "table_broken": "stołu {table} nie da się wznowić na tym serwerze",
    "spectator_cannot_act": "to połączenie nie ma kodu miejsca: widzowie nie mogą grać",
    "link_replaced": "link do tego miejsca już nie działa; poproś gospodarza o nowy",
    "wrong_seat": "twój kod jest dla {yours}, a nie dla miejsca {seat}",
    "game_over": "gra się skończyła",
    "not_your_turn": "{seat} nie ma teraz ruchu (czekamy na: {waiting})",
    "stale_state": "stół poszedł dalej w trakcie twojej decyzji; oto jak wygląda teraz: "
                   "zdecyduj jeszcze raz",
    "malformed_action": "to nie jest akcja: {action!r}",
    "illegal_action": "{action} nie jest teraz dozwolonym ruchem ({prompt})",
    "action_conflict": "inna decyzja była pierwsza i stół poszedł dalej; oto jak wygląda "
                       "teraz: zdecyduj jeszcze raz",
    "spectator_no_seat": "widzowie nie mają miejsca, które mogliby opuścić lub odzyskać",
    "undo_off": "przy tym stole nie można cofać ruchów",
    "undo_not_yours": "cofnąć można tylko własną ostatnią decyzję i tylko dopóki nikt "
                      "inny nie zagrał",
    "undo_stale": "stół poszedł dalej; oto jak wygląda teraz",
    "undo_game_over": _UNDO_PL + "gra się skończyła, a jej koniec jest ostateczny",
    "undo_chance_unknown": _UNDO_PL + "ta gra nie mówi, czy zadziałał los",
    "undo_chance": _UNDO_PL + "zadziałał los (coś dobrano lub potasowano)",
    "undo_unchecked": _UNDO_PL + "nie da się jej sprawdzić",
    "undo_revealed_you": _UNDO_PL + "pokazała ci coś, czego wcześniej nie mogłeś wiedzieć",
    "undo_revealed_other": _UNDO_PL + "pokazała coś innemu graczowi",
    "undo_told_other": _UNDO_PL + "przekazała coś innemu graczowi w tajemnicy",
    "undo_conflict": "stół zmienił się, zanim cofnięcie zostało zapisane",
    "spectators_channel": "widzowie piszą na kanale widzów",
    "spectator_chat_off": "przy tym stole czat widzów jest wyłączony",
    "players_channel": "gracze piszą na kanale graczy",
    "unknown_game": "nie ma gry o nazwie {game!r} (gry: {games})",
    "player_count": "w {game} gra się w {least}-{most} osób, nie w {players}",
    "unknown_option": "{game} nie ma opcji {option!r} (opcje: {options})",
    "bad_option": "opcja {option!r} przyjmuje jedną z wartości {choices}, a nie {value!r}",
    "options_query": "options: obiekt JSON z nazwami i wartościami opcji (true, false, liczba "
                     "całkowita lub tekst)",
    "bad_options": "te opcje gry są nieprawidłowe",
    "seat_count": "podaj dokładnie {players} miejsc, a nie {given}",
    "bot_spec_missing": "{seat}: miejsce bota wymaga nazwy bota",
    "bad_bot": "nieprawidłowy bot: {spec!r}",
    "clock_kind": "zegar to 'realtime', 'turn' albo 'off'",
    "clock_seconds": "czas zegara wynosi od 1 sekundy do {most} dni",
    "clock_increment": "zegar czasu rzeczywistego dodaje od 0 do {increment} sekund za "
                       "decyzję; zegar turowy nie dodaje nic",
    "waiting_for_players": "gra zacznie się, gdy wszystkie miejsca będą zajęte "
                           "(wolne jeszcze: {seats})",
    "start_host_only": "tylko gospodarz stołu może zacząć grę bez czekania",
    "started_already": "gra już się zaczęła",
    "vote_own_seat": "nie możesz decydować o własnym miejscu",
    "not_out_of_time": "{seat} ma jeszcze czas na zegarze",
    "bot_seconds_range": "czas namysłu bota wynosi od 0,05 do {most} sekund",
    "link_not_for_table": "ten link nie prowadzi do miejsca przy tym stole",
    "no_such_seat": "nie ma takiego miejsca",
    "seat_not_open": "to miejsce nie jest wolne",
    "table_private": "ten stół jest prywatny: siada się przy nim tylko z zaproszenia",
    "host_only": "tylko gospodarz stołu może to zrobić",
    "seat_not_a_person": "{seat} gra bot: to miejsce nie ma linku",
    "too_many_tables": "za dużo nowych stołów od ciebie: spróbuj ponownie za {seconds} s",
    "spectators_full": "ten stół ma już {limit} widzów",
    "lang_too_often": "język zmieniano zbyt często: poczekaj chwilę",
    "not_a_reader": "tylko gracze przy tym stole mogą to odczytać",
    "record_not_over": "plik gry jest dostępny po zakończeniu gry",
    "replay_not_over": "grę można odtworzyć po jej zakończeniu",
    "seat_range": "miejsca mają numery od 0 do {last}",
    "step_range": "gra ma {steps} kroków",
    "body_too_large": "żądanie może mieć najwyżej {kb} kB",
    "field_missing": "{field}: brak pola",
    "field_unknown": "{field}: nieznane pole",
    "field_invalid": "{field}: nieprawidłowa wartość",
    "http_error": "żądanie nie zostało obsłużone ({status})",
    "invalid": "nieprawidłowe żądanie",
    "rematch_not_a_seat": "rewanż może rozpocząć tylko gracz przy tym stole",
    "rematch_not_over": "rewanż zaczyna się po zakończeniu gry",
    "rematch_seat_taken": "twoje miejsce w rewanżu zajął ktoś inny",
    "account_name_length": "nazwa użytkownika ma od {least} do {most} znaków",
    "account_name_chars": "nazwa użytkownika nie zawiera znaków sterujących ani spacji na "
                          "początku lub końcu",
    "account_name_taken": "ta nazwa użytkownika jest zajęta",
    "password_length": "hasło ma od {least} do {most} znaków",
    "wrong_password": "błędna nazwa użytkownika lub hasło",
    "too_many_sign_ins": "zbyt wiele prób logowania: spróbuj ponownie za {seconds} s",
    "too_many_sign_ups": "zbyt wiele nowych kont od ciebie: spróbuj ponownie za {seconds} s",
    "cross_site": "to żądanie nie pochodzi ze strony tego serwera",
    "not_signed_in": "najpierw się zaloguj",
    "seat_of_another_account": "to miejsce należy do innego konta",
    "not_your_seat": "to miejsce nie należy do twojego konta",
    "seat_moved": "gospodarz dał temu miejscu nowy link: nie należy już do twojego konta",
    # Rated tables and profiles (tavola.server.ratings); former_player is a name.
    "rated_needs_clock": "stół rankingowy ma zegar: wybierz czas rzeczywisty lub tryb turowy",
    "rated_people_only": "każde miejsce przy stole rankingowym jest dla osoby z kontem",
    "rated_needs_account": "zaloguj się, aby usiąść przy stole rankingowym",
    "rated_waits": "stół rankingowy zaczyna się, gdy każde miejsce zajmie konto",
    "rated_bots_mix": "stół rankingowy przeciw botom ma co najmniej jedno miejsce dla "
                      "osoby i jedno dla bota",
    "rated_bots_levels": "przy stole rankingowym przeciw botom siadają tylko poziomy botów "
                         "gry z rankingiem, po nazwie: {levels}",
    "rated_bots_think": "stół rankingowy przeciw botom daje botom co najmniej {seconds} s "
                        "na decyzję, by każdy poziom grał tak, jak go zmierzono",
    "rated_or_rated_bots": "stół jest rankingowy między ludźmi albo przeciw botom, nie "
                           "jedno i drugie",
    "unknown_player": "nie ma gracza o nazwie {name}",
    "former_player": "były gracz",
    "account_disabled": "operator wyłączył to konto",
    # Operators (tavola.server.routes_admin).
    "operator_only": "może to zrobić tylko operator serwera",
    "no_chat_line": "stół {table} nie ma wiadomości {line} napisanej przez osobę",
    "no_unfinished_table": "nie ma niedokończonego stołu {table}",
    "table_ended": "operator zamknął ten stół",
    "own_account": "operator nie może wyłączyć własnego konta",
    "mail_address_bad": "to nie jest prawidłowy adres e-mail",
    "mail_off": "ten serwer nie wysyła wiadomości e-mail",
    "mail_link_bad": "ten link jest nieznany, już użyty lub wygasł: poproś o nowy",
    "too_many_mails": "zbyt wiele próśb o wiadomości: spróbuj ponownie za {seconds} s",
    # Poczekalnia i znajomi (tavola.server.routes_lobby).
    "follow_self": "nie możesz obserwować samego siebie",
    "not_following": "najpierw obserwuj gracza {name}: zapraszać można tylko obserwowanych graczy",
    "invite_seat_needed": ("ten stół nie ma otwartych miejsc: zarezerwuj dla gracza {name} jedno z "
                           "wolnych miejsc (upoważnia link gospodarza)"),
    "invite_unknown": "nie masz takiego zaproszenia",
    "play_now_rated_needs_account": "zaloguj się, aby od razu zagrać przy stole rankingowym",
}

MESSAGES: dict[str, dict[str, str]] = {"en": EN, "it": IT, "pl": PL}
"""Every refusal's template, per language (`str.format` fields: its arguments and the
game texts it quotes)."""

CODES = frozenset(EN)

EXTRA_ARGS: dict[str, frozenset[str]] = {
    "table_broken": frozenset({"table"}),
    "malformed_action": frozenset({"action"}),
    "bad_bot": frozenset({"spec"}),
    "http_error": frozenset({"status"}),
}
"""Arguments of refusals whose English line is a wrapped `detail` and which the other
languages use instead."""


def fields(template: str) -> set[str]:
    """Return the names a template fills in."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def render(code: str, args: Mapping[str, Any], lang: str = "en",
           texts: Mapping[str, Mapping[str, str]] | None = None) -> str:
    """Return the line of refusal `code` in `lang` (English for a language not offered)."""
    table = MESSAGES.get(lang, EN)
    values = dict(args)
    for name, by_lang in (texts or {}).items():
        values[name] = by_lang.get(lang, by_lang.get("en", ""))
    return table[code].format(**values)


class Refusal(TavolaError):
    """A request refused with a code: its arguments and the game texts it quotes; `str()` is
    the English line."""

    def __init__(self, code: str, *, texts: Mapping[str, Mapping[str, str]] | None = None,
                 **args: Any) -> None:
        if code not in CODES:
            raise KeyError(f"no refusal {code!r} in tavola.server.messages")
        wanted = set().union(*(fields(table[code]) for table in MESSAGES.values()))
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


def language_or_english(lang: object) -> str:
    """Return `lang` if it is one of the languages offered, else English."""
    return lang if isinstance(lang, str) and lang in LANGUAGES else "en"
