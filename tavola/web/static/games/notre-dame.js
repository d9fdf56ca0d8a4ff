// The Notre Dame board for the browser page: draws one seat's (or a spectator's) view of a
// Notre Dame table as SVG, and turns the seat's legal choices that have a place on the board
// (cards, sectors, market squares, characters, the carriage, messages, supplies, the rat
// track, the donation) into buttons. The shell calls `render(container, view, ctx)` on every
// update; everything else here serves that call. Plain DOM, no framework, no build step, no
// markup parsed from data (text goes in through textContent), no inline style sheets (the
// page's content security policy forbids them; styles are set through `el.style`).

import {
  BoardTable,
  boardRoot,
  colourLook,
  fill,
  fluid,
  lettering,
  seatLook,
  svgNode as el,
  svgTitle,
  zoomable,
} from "../boards.js";

/** How the board outlines its buttons (see `outlinedButton`). */
const BUTTON_LOOK = { prefix: "nd", pad: 4, radius: 6,
  glow: "#fff8c8", glowWidth: 9, glowOpacity: 0.9, width: 4, focusWidth: 7, dash: "10 5" };

/** The seven sectors of a quarter, in the game's order (Notre Dame is shared, not a sector). */
export const SECTORS = ["convent_school", "bank", "residence", "carriage_house", "hotel",
  "park", "hospital"];

/** The nine action cards of every colour. */
export const CARD_KINDS = [...SECTORS, "notre_dame", "trusted_friend"];

/** Rats printed on each character (the game's reconstruction; a test keeps it equal). */
export const CHARACTER_RATS = {
  innkeeper: 2, minstrel: 1, monk: 2, jester: 3, moneylender: 0, doctor: 1, city_watch: 1,
  night_watch: 2, bishop: 0, guild_master: 1, king_of_beggars: 2, lawyer: 1,
  lady_in_waiting: 1, mayor: 1, carpenter: 1,
};

/** Roads inside a quarter and to the next quarter clockwise (the game's reconstruction). */
export const QUARTER_ROADS = [[0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [2, 3], [3, 4]];
export const LINK_ROADS = [[4, 1], [3, 2], [0, 1], [4, 0]];

/** Choice kinds that have a place on the board; the rest stay in the shell's list. */
export const PLACED_KINDS = ["keep", "play", "place", "from", "friend", "to", "lose", "move",
  "stay", "take", "benefit", "gold", "hire"];

const COLOURS = ["red", "blue", "green", "yellow", "purple"];
const DONATION = { 1: 1, 2: 3, 3: 6 };
const PAPER = "#f6efdf";
const INK = "#2b2418";
const MUTED = "#7a6d55";

/**
 * The page's words for this board, by language. Italian and Polish use the terms of the
 * Italian and Polish editions of the game where we know them.
 */
export const WORDS = {
  en: {
    sector: { convent_school: "Convent school", bank: "Bank", residence: "Residence",
      carriage_house: "Carriage house", hotel: "Hotel", park: "Park", hospital: "Hospital",
      notre_dame: "Notre Dame", trusted_friend: "Trusted friend" },
    short: { convent_school: "School", bank: "Bank", residence: "Resid.",
      carriage_house: "Carriage", hotel: "Hotel", park: "Park", hospital: "Hospital",
      notre_dame: "N.Dame" },
    does: {
      convent_school: "Each cube put here brings as many cubes from the general supply to "
        + "your own as the school then holds.",
      bank: "Each cube put here pays as much gold as the bank then holds pieces.",
      residence: "Each cube put here earns as much prestige as the residence then holds "
        + "pieces.",
      carriage_house: "Each cube put here lets your carriage drive along up to as many "
        + "roads as pieces are here, and take the message where it stops.",
      hotel: "Each cube put here gives 1 gold, 1 cube or the rat marker back one space; "
        + "from the fourth piece, two of these.",
      park: "A cube put here moves your rat marker back one space; every two pieces here "
        + "add 1 prestige to each prestige you earn.",
      hospital: "A cube put here moves your rat marker back one space; each piece here "
        + "keeps one rat of every plague away.",
      notre_dame: "Put a cube on the cathedral and give 1, 2 or 3 gold for 1, 3 or 6 "
        + "prestige; at each period's end the cathedral shares its prestige among the "
        + "cubes on it.",
      trusted_friend: "Move your trusted friend to another sector of your quarter and "
        + "carry out that sector's action; there it counts as one more cube.",
    },
    character: { innkeeper: "Innkeeper", minstrel: "Minstrel", monk: "Monk", jester: "Jester",
      moneylender: "Moneylender", doctor: "Doctor", city_watch: "City watch",
      night_watch: "Night watch", bishop: "Bishop", guild_master: "Guild master",
      king_of_beggars: "King of beggars", lawyer: "Lawyer",
      lady_in_waiting: "Lady in waiting", mayor: "Mayor", carpenter: "Carpenter" },
    hireDoes: {
      innkeeper: "3 prestige, then your pick of 1 gold, 1 cube or the rat marker back one.",
      minstrel: "Shift one to three of your pieces from one sector to another, without "
        + "any action.",
      monk: "2 cubes from the general supply and 1 prestige.",
      jester: "Shift one piece to another sector and carry out that sector's action.",
      moneylender: "2 gold and 1 prestige.",
      doctor: "This round's plague counts zero for you.",
      city_watch: "1 prestige for each of your pieces in your quarter and on Notre Dame.",
      night_watch: "1 prestige for each sector of yours with no piece.",
      bishop: "A cube from the general supply into one of your empty sectors, with that "
        + "sector's action.",
      guild_master: "2 prestige for each sector of yours holding two pieces or more.",
      king_of_beggars: "1 prestige for each free space ahead of your rat marker.",
      lawyer: "3 prestige for every two messages you hold.",
      lady_in_waiting: "1 prestige for each piece in your fullest sector.",
      mayor: "3 prestige for each sector of yours holding three pieces or more.",
      carpenter: "1 prestige for each sector of yours holding at least one piece.",
    },
    colour: { red: "red", blue: "blue", green: "green", yellow: "yellow", purple: "purple" },
    benefit: { "1p_gold": "1 prestige and 1 gold", "2p_cube": "2 prestige and 1 cube",
      "3p_rat": "3 prestige and the rat marker back one", "4p": "4 prestige" },
    phase: { draft_keep: "choosing cards", draft_pick: "choosing a passed card",
      play: "playing cards", hire: "paying characters", plague: "the plague",
      over: "game over" },
    round: "Round {round} of 9, period {period}: {phase}",
    bank: "Bank: {gold} gold",
    plague: "Rats this round: {rats}",
    characters: "Characters of the round",
    toCome: "Still to come this period",
    yourCards: "Your cards",
    hand: "Hand",
    received: "Received",
    facedown: "Face down",
    deck: "Deck",
    played: "Played",
    nobody: "none",
    tip: {
      characterCard: "{name}: pay 1 gold in the character phase for this: {does} "
        + "Brings {rats} rats to the plague.",
      card: "Action card {name} ({colour}). {does}",
      hiddenCards: "{name} holds {hand} cards in hand, {received} received, {facedown} face "
        + "down and {deck} in the deck; only they know which.",
      sectorTile: "{owner}'s {name}: {count} pieces. {does}",
      friendToken: "{owner}'s trusted friend: a roaming piece that counts as a cube in its "
        + "sector.",
      friendAway: "{owner}'s trusted friend is not yet in the quarter.",
      ndTile: "{owner}'s cubes on Notre Dame: {count}. At each period's end the cathedral's "
        + "prestige is shared out among all cubes on it.",
      cathedral: "Notre Dame: at the end of every period its {payout} prestige are shared "
        + "out among the cubes on it, which then go back to the general supply.",
      donation: "Give {gold} gold to Notre Dame for {prestige} prestige.",
      carriage: "{owner}'s carriage: the Carriage house drives it from square to square "
        + "along the roads; where it stops it may take the message.",
      message: "Message ({colour}): {benefit}. A carriage that stops here may take it; "
        + "a second of one colour only after a full set.",
      square: "Market square {square} of {quarter}; carriages stop only on squares.",
      centre: "The central market square of {quarter}; carriages stop only on squares.",
      quarterOf: "{owner}'s quarter",
      emptyQuarter: "empty quarter ({colour} messages)",
      ratTrack: "{owner}'s rat track: the marker is on {rats}. Every round the plague moves "
        + "it on; past 9 it costs 2 prestige and a cube from the fullest sector.",
      ratForecast: "After this round's plague the marker would be on {rats}.",
      ratOverflow: "This round's plague would push it past 9.",
      bell: "The bell ringer: {owner} plays first this round.",
      gold: "{owner}'s gold: {count}. It pays for characters and Notre Dame.",
      prestige: "{owner}'s prestige: {count}. The most prestige after nine rounds wins.",
      supply: "{owner}'s personal supply: {count} cubes to place with action cards.",
      general: "{owner}'s cubes left in the general supply: {count}.",
      messages: "Messages {owner} has taken: {count}.",
      toAct: "{owner} has a decision to make now.",
      draftDone: "{owner} has made the draft choice.",
      hired: "{owner} paid the {name} this round.",
      played: "Cards {owner} played this period: {cards}.",
      chosen: "You chose this card; it stays hidden until everyone has chosen.",
      seenBy: "Also known to: {names}.",
    },
  },
  it: {
    sector: { convent_school: "Scuola conventuale", bank: "Banca", residence: "Residenza",
      carriage_house: "Rimessa delle carrozze", hotel: "Locanda", park: "Parco",
      hospital: "Ospedale", notre_dame: "Notre Dame", trusted_friend: "Fiduciario" },
    short: { convent_school: "Scuola", bank: "Banca", residence: "Resid.",
      carriage_house: "Rimessa", hotel: "Locanda", park: "Parco", hospital: "Osped.",
      notre_dame: "N.Dame" },
    does: {
      convent_school: "Ogni cubetto messo qui porta nella tua riserva tanti cubetti della "
        + "riserva generale quanti ne contiene allora la scuola.",
      bank: "Ogni cubetto messo qui rende tante monete quanti pezzi contiene allora la banca.",
      residence: "Ogni cubetto messo qui dà tanti punti prestigio quanti pezzi contiene "
        + "allora la residenza.",
      carriage_house: "Ogni cubetto messo qui fa viaggiare la tua carrozza lungo tante "
        + "strade quanti pezzi ci sono, e prendere il messaggio dove si ferma.",
      hotel: "Ogni cubetto messo qui dà 1 moneta, 1 cubetto o fa arretrare i topi di una "
        + "casella; dal quarto pezzo, due di questi.",
      park: "Un cubetto messo qui fa arretrare i topi di una casella; ogni due pezzi qui "
        + "aggiungono 1 punto a ogni guadagno di prestigio.",
      hospital: "Un cubetto messo qui fa arretrare i topi di una casella; ogni pezzo qui "
        + "tiene lontano un topo a ogni pestilenza.",
      notre_dame: "Metti un cubetto sulla cattedrale e dona 1, 2 o 3 monete per 1, 3 o 6 "
        + "punti prestigio; a fine passaggio la cattedrale divide il suo prestigio tra i "
        + "cubetti presenti.",
      trusted_friend: "Sposta il tuo Fiduciario in un altro settore del quartiere ed esegui "
        + "l'azione di quel settore; lì vale un cubetto in più.",
    },
    character: { innkeeper: "Locandiera", minstrel: "Trovatore", monk: "Monaco",
      jester: "Giullare", moneylender: "Usuraio", doctor: "Medico", city_watch: "Sentinella",
      night_watch: "Ronda notturna", bishop: "Vescovo",
      guild_master: "Capo delle corporazioni", king_of_beggars: "Re dei mendicanti",
      lawyer: "Avvocato", lady_in_waiting: "Dama di corte", mayor: "Sindaco",
      carpenter: "Falegname" },
    hireDoes: {
      innkeeper: "3 punti prestigio, poi a scelta 1 moneta, 1 cubetto o i topi indietro di "
        + "uno.",
      minstrel: "Sposta da uno a tre tuoi pezzi da un settore a un altro, senza azione.",
      monk: "2 cubetti dalla riserva generale e 1 punto prestigio.",
      jester: "Sposta un pezzo in un altro settore ed esegui l'azione di quel settore.",
      moneylender: "2 monete e 1 punto prestigio.",
      doctor: "La pestilenza di questo round per te vale zero.",
      city_watch: "1 punto prestigio per ogni tuo pezzo nel quartiere e su Notre Dame.",
      night_watch: "1 punto prestigio per ogni tuo settore senza pezzi.",
      bishop: "Un cubetto dalla riserva generale in un tuo settore vuoto, con la sua azione.",
      guild_master: "2 punti prestigio per ogni tuo settore con almeno due pezzi.",
      king_of_beggars: "1 punto prestigio per ogni casella libera davanti ai tuoi topi.",
      lawyer: "3 punti prestigio ogni due messaggi che possiedi.",
      lady_in_waiting: "1 punto prestigio per ogni pezzo nel tuo settore più pieno.",
      mayor: "3 punti prestigio per ogni tuo settore con almeno tre pezzi.",
      carpenter: "1 punto prestigio per ogni tuo settore con almeno un pezzo.",
    },
    colour: { red: "rosso", blue: "blu", green: "verde", yellow: "giallo", purple: "violetto" },
    benefit: { "1p_gold": "1 punto prestigio e 1 moneta", "2p_cube": "2 punti prestigio e "
      + "1 cubetto", "3p_rat": "3 punti prestigio e i topi indietro di uno",
      "4p": "4 punti prestigio" },
    phase: { draft_keep: "scelta delle carte", draft_pick: "scelta di una carta ricevuta",
      play: "gioco delle carte azione", hire: "pagamento dei personaggi",
      plague: "la pestilenza", over: "partita finita" },
    round: "Round {round} di 9, passaggio {period}: {phase}",
    bank: "Riserva: {gold} monete",
    plague: "Topi di questo round: {rats}",
    characters: "Personaggi del round",
    toCome: "Ancora da scoprire in questo passaggio",
    yourCards: "Le tue carte",
    hand: "In mano",
    received: "Ricevute",
    facedown: "Coperte",
    deck: "Mazzo",
    played: "Giocate",
    nobody: "nessuno",
    tip: {
      characterCard: "{name}: nella fase dei personaggi paghi 1 moneta per questo: {does} "
        + "Porta {rats} topi alla pestilenza.",
      card: "Carta azione {name} ({colour}). {does}",
      hiddenCards: "{name} ha {hand} carte in mano, {received} ricevute, {facedown} coperte "
        + "e {deck} nel mazzo; solo lui sa quali.",
      sectorTile: "{name} di {owner}: {count} pezzi. {does}",
      friendToken: "Fiduciario di {owner}: un pezzo vagante che nel suo settore vale un "
        + "cubetto.",
      friendAway: "Il Fiduciario di {owner} non è ancora nel quartiere.",
      ndTile: "Cubetti di {owner} su Notre Dame: {count}. A fine passaggio il prestigio della "
        + "cattedrale si divide tra tutti i cubetti presenti.",
      cathedral: "Notre Dame: alla fine di ogni passaggio i suoi {payout} punti prestigio si "
        + "dividono tra i cubetti presenti, che poi tornano nella riserva generale.",
      donation: "Dona {gold} monete a Notre Dame per {prestige} punti prestigio.",
      carriage: "Carrozza di {owner}: la Rimessa delle carrozze la fa viaggiare di piazza "
        + "in piazza lungo le strade; dove si ferma può prendere il messaggio.",
      message: "Messaggio ({colour}): {benefit}. Una carrozza che si ferma qui può prenderlo; "
        + "un secondo dello stesso colore solo dopo una serie completa.",
      square: "Piazza del mercato {square} del {quarter}; le carrozze si fermano solo sulle "
        + "piazze.",
      centre: "La piazza del mercato centrale del {quarter}; le carrozze si fermano solo "
        + "sulle piazze.",
      quarterOf: "quartiere di {owner}",
      emptyQuarter: "quartiere vuoto (messaggi {colour})",
      ratTrack: "Livello pestilenza di {owner}: i topi sono sulla casella {rats}. A ogni round "
        + "la pestilenza li fa avanzare; oltre il 9 costa 2 punti prestigio e un cubetto del "
        + "settore più pieno.",
      ratForecast: "Dopo la pestilenza di questo round i topi sarebbero sulla casella {rats}.",
      ratOverflow: "La pestilenza di questo round li spingerebbe oltre il 9.",
      bell: "Il campanaro: {owner} gioca per primo in questo round.",
      gold: "Monete di {owner}: {count}. Pagano i personaggi e Notre Dame.",
      prestige: "Punti prestigio di {owner}: {count}. Vince chi ne ha di più dopo nove round.",
      supply: "Riserva personale di {owner}: {count} cubetti da piazzare con le carte azione.",
      general: "Cubetti di {owner} ancora nella riserva generale: {count}.",
      messages: "Messaggi presi da {owner}: {count}.",
      toAct: "{owner} deve decidere adesso.",
      draftDone: "{owner} ha già scelto la sua carta.",
      hired: "{owner} ha pagato: {name}.",
      played: "Carte giocate da {owner} in questo passaggio: {cards}.",
      chosen: "Hai scelto questa carta; resta nascosta finché tutti hanno scelto.",
      seenBy: "La conosce anche: {names}.",
    },
  },
  pl: {
    sector: { convent_school: "Seminarium", bank: "Bank", residence: "Rezydencja",
      carriage_house: "Zajazd", hotel: "Hotel", park: "Park", hospital: "Szpital",
      notre_dame: "Notre Dame", trusted_friend: "Pełnomocnik" },
    short: { convent_school: "Semin.", bank: "Bank", residence: "Rezyd.",
      carriage_house: "Zajazd", hotel: "Hotel", park: "Park", hospital: "Szpital",
      notre_dame: "N.Dame" },
    does: {
      convent_school: "Każdy znacznik położony tutaj daje tyle znaczników z ogólnych "
        + "zasobów do twoich, ile jest wtedy w seminarium.",
      bank: "Każdy znacznik położony tutaj daje tyle złota, ile pionków jest wtedy w banku.",
      residence: "Każdy znacznik położony tutaj daje tyle prestiżu, ile pionków jest wtedy "
        + "w rezydencji.",
      carriage_house: "Każdy znacznik położony tutaj pozwala twojemu powozowi przejechać "
        + "tyle ulic, ile jest tu pionków, i wziąć wiadomość tam, gdzie stanie.",
      hotel: "Każdy znacznik położony tutaj daje 1 złoto, 1 znacznik albo cofa szczury o "
        + "jedno pole; od czwartego pionka dwie z tych rzeczy.",
      park: "Znacznik położony tutaj cofa szczury o jedno pole; każde dwa pionki tutaj "
        + "dodają 1 prestiżu do każdego zdobytego prestiżu.",
      hospital: "Znacznik położony tutaj cofa szczury o jedno pole; każdy pionek tutaj "
        + "odpędza jednego szczura przy każdej pladze.",
      notre_dame: "Połóż znacznik na katedrze i daj 1, 2 lub 3 złota za 1, 3 lub 6 "
        + "prestiżu; na koniec okresu katedra dzieli swój prestiż między leżące na niej "
        + "znaczniki.",
      trusted_friend: "Przenieś pełnomocnika do innego sektora swojej dzielnicy i wykonaj "
        + "akcję tego sektora; liczy się tam jako jeszcze jeden znacznik.",
    },
    character: { innkeeper: "Oberżystka", minstrel: "Bard", monk: "Mnich", jester: "Błazen",
      moneylender: "Lichwiarz", doctor: "Lekarz", city_watch: "Strażnik miejski",
      night_watch: "Wartownik", bishop: "Biskup", guild_master: "Mistrz cechu",
      king_of_beggars: "Król żebraków", lawyer: "Adwokat", lady_in_waiting: "Dama dworu",
      mayor: "Burmistrz", carpenter: "Stolarz" },
    hireDoes: {
      innkeeper: "3 prestiżu, a potem do wyboru 1 złoto, 1 znacznik albo szczury o jedno "
        + "pole w tył.",
      minstrel: "Przenieś od jednego do trzech pionków z jednego sektora do innego, bez "
        + "akcji.",
      monk: "2 znaczniki z ogólnych zasobów i 1 prestiżu.",
      jester: "Przenieś jeden pionek do innego sektora i wykonaj akcję tego sektora.",
      moneylender: "2 złota i 1 prestiżu.",
      doctor: "Plaga tej rundy liczy się dla ciebie jako zero.",
      city_watch: "1 prestiżu za każdy twój pionek w dzielnicy i na Notre Dame.",
      night_watch: "1 prestiżu za każdy twój sektor bez pionków.",
      bishop: "Znacznik z ogólnych zasobów do jednego z twoich pustych sektorów, z jego "
        + "akcją.",
      guild_master: "2 prestiżu za każdy twój sektor z co najmniej dwoma pionkami.",
      king_of_beggars: "1 prestiżu za każde wolne pole przed twoimi szczurami.",
      lawyer: "3 prestiżu za każde dwie twoje wiadomości.",
      lady_in_waiting: "1 prestiżu za każdy pionek w twoim najpełniejszym sektorze.",
      mayor: "3 prestiżu za każdy twój sektor z co najmniej trzema pionkami.",
      carpenter: "1 prestiżu za każdy twój sektor z co najmniej jednym pionkiem.",
    },
    colour: { red: "czerwony", blue: "niebieski", green: "zielony", yellow: "żółty",
      purple: "fioletowy" },
    benefit: { "1p_gold": "1 prestiżu i 1 złoto", "2p_cube": "2 prestiżu i 1 znacznik",
      "3p_rat": "3 prestiżu i szczury o jedno pole w tył", "4p": "4 prestiżu" },
    phase: { draft_keep: "wybór kart", draft_pick: "wybór otrzymanej karty",
      play: "zagrywanie kart akcji", hire: "zatrudnianie postaci", plague: "plaga",
      over: "koniec gry" },
    round: "Runda {round} z 9, okres {period}: {phase}",
    bank: "Zasoby: {gold} złota",
    plague: "Szczury w tej rundzie: {rats}",
    characters: "Postacie tej rundy",
    toCome: "Jeszcze w tym okresie",
    yourCards: "Twoje karty",
    hand: "Ręka",
    received: "Otrzymane",
    facedown: "Zakryte",
    deck: "Talia",
    played: "Zagrane",
    nobody: "nikt",
    tip: {
      characterCard: "{name}: w fazie postaci zapłać 1 złoto za to: {does} Dokłada {rats} "
        + "szczurów do plagi.",
      card: "Karta akcji {name} ({colour}). {does}",
      hiddenCards: "{name}: {hand} kart w ręce, {received} otrzymanych, {facedown} zakrytych "
        + "i {deck} w talii; tylko ten gracz wie, które.",
      sectorTile: "{name} gracza {owner}: {count} pionków. {does}",
      friendToken: "Pełnomocnik gracza {owner}: wędrowny pionek, który w swoim sektorze "
        + "liczy się jak znacznik.",
      friendAway: "Pełnomocnik gracza {owner} nie jest jeszcze w dzielnicy.",
      ndTile: "Znaczniki gracza {owner} na Notre Dame: {count}. Na koniec okresu prestiż "
        + "katedry dzieli się między wszystkie leżące na niej znaczniki.",
      cathedral: "Notre Dame: na koniec każdego okresu jej {payout} prestiżu dzieli się "
        + "między leżące na niej znaczniki, które potem wracają do ogólnych zasobów.",
      donation: "Daj {gold} złota na Notre Dame za {prestige} prestiżu.",
      carriage: "Powóz gracza {owner}: zajazd prowadzi go od targowiska do targowiska "
        + "ulicami; tam, gdzie stanie, może wziąć wiadomość.",
      message: "Wiadomość ({colour}): {benefit}. Powóz, który tu stanie, może ją wziąć; "
        + "drugą w tym samym kolorze dopiero po pełnym zestawie.",
      square: "Targowisko {square}: {quarter}; powozy stają tylko na targowiskach.",
      centre: "Środkowe targowisko: {quarter}; powozy stają tylko na targowiskach.",
      quarterOf: "dzielnica gracza {owner}",
      emptyQuarter: "pusta dzielnica (wiadomości: {colour})",
      ratTrack: "Wskaźnik plagi gracza {owner}: szczury na polu {rats}. Co rundę plaga "
        + "przesuwa je dalej; za polem 9 kosztuje to 2 prestiżu i znacznik z najpełniejszego "
        + "sektora.",
      ratForecast: "Po pladze tej rundy szczury stanęłyby na polu {rats}.",
      ratOverflow: "Plaga tej rundy przesunęłaby je za pole 9.",
      bell: "Dzwonnik: {owner} zaczyna tę rundę.",
      gold: "Złoto gracza {owner}: {count}. Płaci się nim za postacie i Notre Dame.",
      prestige: "Prestiż gracza {owner}: {count}. Po dziewięciu rundach wygrywa najwyższy.",
      supply: "Własne zasoby gracza {owner}: {count} znaczników do kładzenia kartami akcji.",
      general: "Znaczniki gracza {owner} w ogólnych zasobach: {count}.",
      messages: "Wiadomości zebrane przez gracza {owner}: {count}.",
      toAct: "Gracz {owner} podejmuje teraz decyzję.",
      draftDone: "Gracz {owner} już wybrał kartę.",
      hired: "Gracz {owner} zatrudnił w tej rundzie: {name}.",
      played: "Karty zagrane przez gracza {owner} w tym okresie: {cards}.",
      chosen: "Wybrano tę kartę; pozostaje ukryta, aż wszyscy wybiorą.",
      seenBy: "Zna ją też: {names}.",
    },
  },
};

/** The board's name in the shell's lists. */
export const title = { en: "Notre Dame", it: "Notre Dame", pl: "Notre Dame" };

// The table beside the map is 600 units wide, about 374 px on a phone: no text under 16.5
// units (10.3 px there). The map's own text is 25 units or more: the map is never narrower
// than MAP_LEAST pixels, where that reads at 11.5 px.
const { text, textWidth, wrap, size: drawnSize } = lettering(INK, [0.6, 0.66], 16.5);

/** Split a label into at most two lines near its middle space. */
/** Break a card's name into lines of bold text at `size` no wider than `max`, at most
 * `most` of them (the last one cut short by `text` if the name needs more). */
function cardLines(label, size, max, most) {
  const lines = [];
  for (const word of label.split(" ")) {
    const last = lines.length ? `${lines[lines.length - 1]} ${word}` : null;
    if (last !== null && (textWidth(last, size, true) <= max || lines.length >= most)) {
      lines[lines.length - 1] = last;
    } else {
      lines.push(word);
    }
  }
  return lines;
}

function twoLines(label) {
  if (label.length <= 11 || !label.includes(" ")) return [label];
  let best = -1;
  for (let i = 0; i < label.length; i += 1) {
    if (label[i] === " " && (best < 0 || Math.abs(i - label.length / 2)
      < Math.abs(best - label.length / 2))) best = i;
  }
  return [label.slice(0, best), label.slice(best + 1)];
}

/** Everything a drawing step needs: the view, the shell's context and derived facts. */
class Table extends BoardTable {
  constructor(view, ctx) {
    super(view, ctx, WORDS, BUTTON_LOOK);
    this.players = view.players.length;
    this.me = view.me || null;
  }

  /** Return the fill and letter of a seat. */
  seatColour(seat) {
    const given = this.ctx.colour ? this.ctx.colour(seat) : null;
    if (given && given.fill) return given;
    return colourLook(this.view.players[seat].colour, seat + 1);
  }

  /** Return how a colour of the game is called on this page: the name of the seat that
   * plays it (which names its colour and number), or, for a colour no seat plays, the
   * colour's word. */
  colourName(colour) {
    const seat = COLOURS.indexOf(colour);
    if (seat >= 0 && seat < this.players) return this.name(seat);
    return this.w.colour[colour] || colour;
  }

  /** Return the tooltip of an action card. */
  cardTitle(card) {
    const [colour, kind] = card.split(".");
    return fill(this.w.tip.card, { name: this.w.sector[kind],
      colour: this.colourName(colour), does: this.w.does[kind] });
  }

  /** Return the look of a colour of the game (seat i plays colour i); a colour no seat
   * plays (the unused message colours of a two-player game) in the same shade the page
   * gives that colour's seat (boards.js SEAT_SHADES), with its word's letter. */
  colourLook(colour) {
    const seat = COLOURS.indexOf(colour);
    if (seat >= 0 && seat < this.players) return this.seatColour(seat);
    return colourLook(colour, this.w.colour[colour].charAt(0).toUpperCase());
  }
}

// -- the map: quarters, market squares, roads, carriages, messages, Notre Dame -------------
const MAP = 1000;
const MAP_LEAST = 460;
const CENTRE = MAP / 2;
const SQUARE_R = 38;
// (angle as a share of half a quarter's width, radius) of squares 0-4: 1 and 4 lie inside by
// the neighbouring quarters, 2 and 3 along the board edge, 0 in the middle.
const SQUARE_SPOTS = [[0, 312], [-0.56, 222], [-0.6, 400], [0.6, 400], [0.56, 222]];

/** Return the point at `angle` degrees and `radius` from the map's middle. */
function polar(angle, radius) {
  const a = (angle * Math.PI) / 180;
  return [CENTRE + radius * Math.cos(a), CENTRE + radius * Math.sin(a)];
}

/** Draw the map of the quarters around Notre Dame. */
function drawMap(t) {
  const { view, w } = t;
  const quarters = view.quarters;
  const step = 360 / quarters;
  const half = step / 2;
  const owner = new Map(view.players.map((p, seat) => [p.quarter, seat]));
  const ownQuarter = t.seat !== null ? view.players[t.seat].quarter : 0;
  // The viewer's own quarter sits at the bottom, nearest the viewer.
  const middle = (q) => 90 + (q - ownQuarter) * step;
  const spot = (name) => {
    const [q, s] = name.split(".").map(Number);
    const [share, radius] = SQUARE_SPOTS[s];
    return polar(middle(q) + share * half, radius);
  };
  // A group, not an image: the carriage squares and a quarter's spaces may be buttons, and
  // an image's parts are hidden from assistive technology.
  const svg = el("svg", { viewBox: `0 0 ${MAP} ${MAP}`, role: "group", class: "nd-map",
    "aria-label": "Notre Dame" });
  svg.appendChild(el("circle", { cx: CENTRE, cy: CENTRE, r: 492, fill: "#e9dcc0",
    stroke: "#8a7a5a", "stroke-width": 3 }));

  const quarterName = (q) => {
    if (owner.has(q)) return fill(w.tip.quarterOf, { owner: t.name(owner.get(q)) });
    const colour = messageColourOf(view, q);
    return fill(w.tip.emptyQuarter, { colour: colour ? w.colour[colour] : "-" });
  };

  for (let q = 0; q < quarters; q += 1) {
    const a0 = middle(q) - half;
    const a1 = middle(q) + half;
    const [x0, y0] = polar(a0, 165);
    const [x1, y1] = polar(a0, 488);
    const [x2, y2] = polar(a1, 488);
    const [x3, y3] = polar(a1, 165);
    const seat = owner.has(q) ? owner.get(q) : null;
    const tint = seat !== null ? t.seatColour(seat).fill : "#b9b2a2";
    const wedge = el("path", {
      d: `M ${x0} ${y0} L ${x1} ${y1} A 488 488 0 0 1 ${x2} ${y2} L ${x3} ${y3} `
        + `A 165 165 0 0 0 ${x0} ${y0} Z`,
      fill: tint, "fill-opacity": seat !== null ? 0.2 : 0.12, stroke: "#8a7a5a",
      "stroke-width": 2 });
    wedge.appendChild(svgTitle(quarterName(q)));
    svg.appendChild(wedge);
    // The quarter's label runs along the rim, in the band outside the outer squares, turned
    // so that it never reads upside down.
    const [cx, cy] = polar(middle(q), 463);
    let turn = middle(q) + 90;
    turn = ((turn % 360) + 360) % 360;
    if (turn > 90 && turn < 270) turn -= 180;
    const room = Math.min(2 * 463 * Math.sin((half * Math.PI) / 180) - 60, 420);
    const g = el("g", { class: "nd-quarter-label",
      transform: `rotate(${turn.toFixed(2)} ${cx.toFixed(2)} ${cy.toFixed(2)})` });
    if (seat !== null) {
      const label = t.name(seat);
      const look = t.seatColour(seat);
      const width = Math.min(room, 40 + textWidth(label, 26, true));
      const left = cx - width / 2;
      g.appendChild(el("circle", { cx: left + 16, cy, r: 17, fill: look.fill,
        stroke: INK, "stroke-width": 2 }));
      g.appendChild(text(left + 16, cy + 1, look.initial, 25,
        { anchor: "middle", weight: "bold", fill: look.ink, outline: look.halo }));
      g.appendChild(text(left + 38, cy + 1, label, 26, { weight: "bold", max: width - 40,
        ellipsis: true }));
    } else {
      g.appendChild(text(cx, cy + 1, quarterName(q), 25, { anchor: "middle", max: room,
        fill: MUTED }));
    }
    g.appendChild(svgTitle(quarterName(q)));
    svg.appendChild(g);
  }

  // Roads.
  const roads = el("g", { class: "nd-roads" });
  roads.style.pointerEvents = "none";
  for (let q = 0; q < quarters; q += 1) {
    const next = (q + 1) % quarters;
    const pairs = [...QUARTER_ROADS.map(([a, b]) => [`${q}.${a}`, `${q}.${b}`]),
      ...LINK_ROADS.map(([a, b]) => [`${q}.${a}`, `${next}.${b}`])];
    for (const [a, b] of pairs) {
      const [ax, ay] = spot(a);
      const [bx, by] = spot(b);
      roads.appendChild(el("line", { x1: ax, y1: ay, x2: bx, y2: by, stroke: "#a08d67",
        "stroke-width": 7, "stroke-linecap": "round" }));
    }
  }
  svg.appendChild(roads);

  drawCathedral(t, svg);

  // Market squares, each with its message and the carriages standing on it.
  const carriagesAt = new Map();
  view.players.forEach((p, seat) => {
    if (!carriagesAt.has(p.carriage)) carriagesAt.set(p.carriage, []);
    carriagesAt.get(p.carriage).push(seat);
  });
  const myCarriage = t.seat !== null ? view.players[t.seat].carriage : null;
  for (let q = 0; q < quarters; q += 1) {
    for (let s = 0; s < 5; s += 1) {
      const name = `${q}.${s}`;
      const [x, y] = spot(name);
      const g = el("g", { class: "nd-square", "data-square": name });
      g.appendChild(el("circle", { cx: x, cy: y, r: SQUARE_R, fill: "#f3ead7",
        stroke: "#6f6048", "stroke-width": s === 0 ? 5 : 3,
        "stroke-dasharray": s === 0 ? "6 4" : null }));
      // Named as people count them (the log's words), never by the square's code.
      g.appendChild(svgTitle(fill(s === 0 ? w.tip.centre : w.tip.square,
        { square: s, quarter: quarterName(q) })));
      const message = view.board[name];
      if (message) {
        const m = drawMessage(t, x, y, message[0], message[1], 30);
        // (`data-piece` and `data-at`: the shell moves a piece from where it was to where
        // it is.)
        placed(m, "message", `square:${name}`);
        if (name === myCarriage) t.button(m, "take", { x: x - 30, y: y - 30, w: 60, h: 60 });
        g.appendChild(m);
      }
      (carriagesAt.get(name) || []).forEach((seat, i, all) => {
        const angle = -90 + (i - (all.length - 1) / 2) * 40;
        const [cx, cy] = [x + 42 * Math.cos((angle * Math.PI) / 180),
          y + 42 * Math.sin((angle * Math.PI) / 180)];
        g.appendChild(drawCarriage(t, seat, cx, cy));
      });
      t.button(g, `move:${name}`, { x: x - SQUARE_R, y: y - SQUARE_R, w: 2 * SQUARE_R,
        h: 2 * SQUARE_R, r: SQUARE_R });
      svg.appendChild(g);
    }
  }
  return svg;
}

/** Return the colour of the messages set out in a quarter (from the board or the players'
 * quarters), or null when none are left to tell. */
function messageColourOf(view, quarter) {
  for (const [square, [colour]] of Object.entries(view.board)) {
    if (Number(square.split(".")[0]) === quarter) return colour;
  }
  return null;
}

/** Draw a message tile: an octagon in its colour with its prestige and a mark for its
 * extra (a coin for gold, a square for a cube, a triangle for the rat step). */
function drawMessage(t, x, y, colour, benefit, r) {
  const { w } = t;
  const look = t.colourLook(colour);
  const g = el("g", { class: "nd-message", "data-message": `${colour}.${benefit}` });
  const points = [];
  for (let i = 0; i < 8; i += 1) {
    const a = ((22.5 + 45 * i) * Math.PI) / 180;
    points.push(`${x + r * Math.cos(a)},${y + r * Math.sin(a)}`);
  }
  g.appendChild(el("polygon", { points: points.join(" "), fill: look.fill, stroke: INK,
    "stroke-width": 2 }));
  const prestige = benefit.charAt(0);
  const size = Math.round(r * 0.95);
  g.appendChild(text(x - (benefit === "4p" ? 0 : r * 0.25), y + 1, prestige, size,
    { anchor: "middle", weight: "bold", fill: "#fff", outline: INK }));
  const mx = x + r * 0.42;
  const my = y + r * 0.05;
  const k = r * 0.26;
  if (benefit === "1p_gold") {
    g.appendChild(el("circle", { cx: mx, cy: my, r: k, fill: "#f2c12e", stroke: INK,
      "stroke-width": 2 }));
  } else if (benefit === "2p_cube") {
    g.appendChild(el("rect", { x: mx - k, y: my - k, width: 2 * k, height: 2 * k,
      fill: "#fff", stroke: INK, "stroke-width": 2 }));
  } else if (benefit === "3p_rat") {
    g.appendChild(el("polygon", { points: `${mx - k},${my - k} ${mx + k},${my - k} `
      + `${mx},${my + k}`, fill: "#333", stroke: "#fff", "stroke-width": 1.5 }));
  }
  // The colour's letter in a white badge, so the colour is never the only cue (a carriage
  // takes a second message of one colour only after a full set).
  const letter = Math.max(13, Math.round(r * 0.84));
  const br = drawnSize(letter) * 0.62;
  const bx = x - r * 0.7;
  const by = y - r * 0.7;
  g.appendChild(el("circle", { cx: bx, cy: by, r: br, fill: "#fff", stroke: INK,
    "stroke-width": 1.5 }));
  g.appendChild(text(bx, by + 0.5, look.initial, letter, { anchor: "middle", weight: "bold" }));
  g.appendChild(svgTitle(fill(w.tip.message, { colour: t.colourName(colour),
    benefit: w.benefit[benefit] })));
  return g;
}

/** Draw a seat's carriage: a coach body in its colour with its letter, on two wheels. */
function drawCarriage(t, seat, x, y) {
  const look = t.seatColour(seat);
  const g = el("g", { class: "nd-carriage", "data-carriage": String(seat),
    "data-move": `carriage-${seat}` });
  g.appendChild(el("rect", { x: x - 22, y: y - 18, width: 44, height: 28, rx: 5,
    fill: look.fill, stroke: INK, "stroke-width": 2.5 }));
  g.appendChild(el("circle", { cx: x - 12, cy: y + 12, r: 6, fill: INK }));
  g.appendChild(el("circle", { cx: x + 12, cy: y + 12, r: 6, fill: INK }));
  g.appendChild(text(x, y - 3, look.initial, 25, { anchor: "middle", weight: "bold",
    fill: look.ink, outline: look.halo }));
  g.appendChild(svgTitle(fill(t.w.tip.carriage, { owner: t.name(seat) })));
  if (seat === t.seat) t.button(g, "stay", { x: x - 22, y: y - 18, w: 44, h: 36 });
  return g;
}

/** Draw Notre Dame in the middle: every seat's cubes on it and the donation buttons. */
function drawCathedral(t, svg) {
  const { view, w } = t;
  const sides = view.quarters;
  const points = [];
  for (let i = 0; i < sides; i += 1) {
    const [x, y] = polar(90 + (i + 0.5) * (360 / sides), 158);
    points.push(`${x},${y}`);
  }
  const payout = { 2: 6, 3: 8, 4: 10, 5: 12 }[t.players];
  const g = el("g", { class: "nd-cathedral" });
  g.appendChild(el("polygon", { points: points.join(" "), fill: "#d8cfc0", stroke: "#5c5140",
    "stroke-width": 4 }));
  g.appendChild(svgTitle(fill(w.tip.cathedral, { payout })));
  g.appendChild(text(CENTRE, CENTRE - 78, "Notre Dame", 28, { anchor: "middle",
    weight: "bold" }));
  g.appendChild(text(CENTRE, CENTRE - 48, `${payout} ★`, 25, { anchor: "middle",
    fill: MUTED }));
  svg.appendChild(g);
  // Each seat's cubes on the cathedral: a cube with the seat's mark, then the count (kept
  // apart, since a mark may itself be a digit), three to a row.
  const holders = view.players.map((p, seat) => [seat, p.notre_dame])
    .filter(([, n]) => n > 0);
  holders.forEach(([seat, n], i) => {
    const row = Math.floor(i / 3);
    const inRow = Math.min(3, holders.length - row * 3);
    const x = CENTRE + ((i % 3) - (inRow - 1) / 2) * 74;
    const y = CENTRE - 12 + row * 42;
    const look = t.seatColour(seat);
    const chip = el("g", { class: "nd-cathedral-cubes", "data-piece": `cube:${seat}`,
      "data-at": "cathedral", "data-count": n });
    chip.appendChild(el("rect", { x: x - 32, y: y - 16, width: 32, height: 32, rx: 4,
      fill: look.fill, stroke: INK, "stroke-width": 2 }));
    chip.appendChild(text(x - 16, y + 1, look.initial, 25, { anchor: "middle",
      weight: "bold", fill: look.ink, outline: look.halo }));
    chip.appendChild(text(x + 2, y + 1, `×${n}`, 25, { weight: "bold" }));
    chip.appendChild(svgTitle(fill(w.tip.ndTile, { owner: t.name(seat), count: n })));
    svg.appendChild(chip);
  });
  // The donation, when the seat is deciding it.
  [1, 2, 3].forEach((gold, i) => {
    const action = `gold:${gold}`;
    if (!t.choices.has(action)) return;
    const x = CENTRE + (i - 1) * 78;
    const y = CENTRE + 86;
    const b = el("g", { class: "nd-donation" });
    b.appendChild(el("rect", { x: x - 34, y: y - 22, width: 68, height: 44, rx: 10,
      fill: "#f2c12e", stroke: INK, "stroke-width": 2 }));
    b.appendChild(text(x, y + 1, `${gold}→${DONATION[gold]}`, 25, { anchor: "middle",
      weight: "bold" }));
    b.appendChild(svgTitle(fill(w.tip.donation, { gold, prestige: DONATION[gold] })));
    t.button(b, action, { x: x - 34, y: y - 22, w: 68, h: 44, r: 10 });
    svg.appendChild(b);
  });
}

// -- the table: round, characters, the seat's cards, every player's quarter ----------------
const WIDE = 600;

/** Mark `node` as a piece the shell moves (`kind`, at `where`, `count` of them), return it. */
function placed(node, kind, where, count = 1) {
  node.setAttribute("data-piece", kind);
  node.setAttribute("data-at", where);
  node.setAttribute("data-count", String(count));
  return node;
}

/** Draw an action card face up (`card` like `red.bank`), returning the group. */
function drawCard(t, card, x, y, width, height, opts) {
  const { w } = t;
  const o = opts || {};
  const [colour, kind] = card.split(".");
  const look = t.colourLook(colour);
  const g = el("g", { class: "nd-card", "data-card": card });
  g.appendChild(el("rect", { x, y, width, height, rx: 8, fill: "#fffdf6", stroke: look.fill,
    "stroke-width": 6 }));
  g.appendChild(el("rect", { x, y, width: 26, height, rx: 6, fill: look.fill }));
  g.appendChild(text(x + 13, y + 16, look.initial, 16, { anchor: "middle", weight: "bold",
    fill: look.ink, outline: look.halo }));
  const size = drawnSize(o.small ? 15 : 17);
  const room = width - 30;
  const lines = cardLines(w.sector[kind], size, room,
    Math.max(1, Math.floor((height - 6) / (size + 2))));
  lines.forEach((line, i) => {
    const dy = (i - (lines.length - 1) / 2) * (size + 2);
    g.appendChild(text(x + 27 + room / 2, y + height / 2 + dy, line, size,
      { anchor: "middle", weight: "bold", max: room }));
  });
  let tip = t.cardTitle(card);
  if (o.seenBy && o.seenBy.length) {
    tip += ` ${fill(w.tip.seenBy, { names: o.seenBy.map((s) => t.name(s)).join(", ") })}`;
  }
  if (o.chosen) {
    tip += ` ${w.tip.chosen}`;
    g.appendChild(el("path", { d: `M ${x + width - 30} ${y + 14} l 8 9 l 14 -16`,
      fill: "none", stroke: "#1c7a33", "stroke-width": 5, "stroke-linecap": "round" }));
  }
  g.appendChild(svgTitle(tip));
  return g;
}

/** Draw a face-down pile of `count` cards with a tooltip. */
function drawBacks(x, y, count, tip) {
  const g = el("g", { class: "nd-backs" });
  const shown = Math.min(count, 3);
  for (let i = shown - 1; i >= 0; i -= 1) {
    g.appendChild(el("rect", { x: x + i * 5, y: y - i * 3, width: 30, height: 40, rx: 4,
      fill: "#6b4f33", stroke: "#f6efdf", "stroke-width": 1.5 }));
  }
  g.appendChild(text(x + 46, y + 20, String(count), 20, { weight: "bold" }));
  g.appendChild(svgTitle(tip));
  return g;
}

/** Draw the round's header and the characters, returning the height used. */
function drawRound(t, svg, top) {
  const { view, w } = t;
  let y = top;
  svg.appendChild(text(10, y + 16, fill(w.round, { round: view.round, period: view.period,
    phase: w.phase[view.phase] || view.phase }), 21, { weight: "bold", max: WIDE - 20 }));
  y += 36;
  const facts = [fill(w.plague, { rats: view.plague })];
  if (view.bank !== null && view.bank !== undefined) facts.push(fill(w.bank,
    { gold: view.bank }));
  svg.appendChild(text(10, y + 14, facts.join("  ·  "), 18, { max: WIDE - 20 }));
  y += 34;
  if (view.characters.length) {
    svg.appendChild(text(10, y + 12, w.characters, 17, { fill: MUTED }));
    y += 26;
    const width = (WIDE - 20 - 2 * 10) / 3;
    view.characters.forEach((name, i) => {
      const x = 10 + i * (width + 10);
      const g = el("g", { class: "nd-character", "data-character": name });
      g.appendChild(el("rect", { x, y, width, height: 96, rx: 8,
        fill: i < 2 ? "#d9b98f" : "#c9c6c0", stroke: INK, "stroke-width": 2 }));
      const lines = twoLines(w.character[name]);
      lines.forEach((line, k) => {
        g.appendChild(text(x + width / 2, y + 22 + k * 21, line, 19,
          { anchor: "middle", weight: "bold", max: width - 12 }));
      });
      const rats = CHARACTER_RATS[name] || 0;
      for (let r = 0; r < rats; r += 1) {
        g.appendChild(drawRat(x + 30 + r * 28, y + 78, 10));
      }
      if (!rats) g.appendChild(text(x + 12, y + 78, "0", 16, { fill: MUTED }));
      // Who paid this character this round.
      const hirers = view.players.map((p, seat) => [p.hired, seat])
        .filter(([h]) => h === name).map(([, seat]) => seat);
      hirers.forEach((seat, k) => {
        const look = t.seatColour(seat);
        const cx = x + width - 16 - k * 26;
        const chip = el("g", {});
        chip.appendChild(el("circle", { cx, cy: y + 78, r: 11, fill: look.fill, stroke: INK,
          "stroke-width": 1.5 }));
        chip.appendChild(text(cx, y + 79, look.initial, 13, { anchor: "middle",
          weight: "bold", fill: look.ink, outline: look.halo }));
        chip.appendChild(svgTitle(fill(w.tip.hired, { owner: t.name(seat),
          name: w.character[name] })));
        g.appendChild(chip);
      });
      g.appendChild(svgTitle(fill(w.tip.characterCard, { name: w.character[name],
        does: w.hireDoes[name], rats })));
      t.button(g, `hire:${name}`, { x, y, w: width, h: 96, r: 8 });
      svg.appendChild(g);
    });
    y += 108;
  }
  if (view.to_come.length) {
    const names = view.to_come.map((c) => w.character[c] || c);
    const g = el("g", { class: "nd-to-come" });
    const lines = wrap(`${w.toCome}: ${names.join(", ")}`, 16, WIDE - 20);
    lines.forEach((line, i) => {
      g.appendChild(text(10, y + 12 + i * 21, line, 16, { fill: MUTED, max: WIDE - 20 }));
    });
    g.appendChild(svgTitle(view.to_come.map((c) => `${w.character[c]}: ${w.hireDoes[c]}`)
      .join("\n")));
    svg.appendChild(g);
    y += 10 + 21 * lines.length;
  }
  return y - top;
}

/** Draw a small rat (the plague's mark on characters and the rat track). */
function drawRat(x, y, r) {
  const g = el("g", {});
  g.appendChild(el("ellipse", { cx: x, cy: y, rx: r, ry: r * 0.65, fill: "#333" }));
  g.appendChild(el("circle", { cx: x + r * 0.9, cy: y - r * 0.2, r: r * 0.42, fill: "#333" }));
  g.appendChild(el("path", { d: `M ${x - r} ${y} q ${-r * 0.8} ${-r * 0.2} ${-r} ${r * 0.6}`,
    stroke: "#333", "stroke-width": 2, fill: "none" }));
  return g;
}

/** Draw the seat's own cards (hand, received, face down), returning the height used. */
function drawMyCards(t, svg, top) {
  const { me, w, view } = t;
  if (!me) return 0;
  let y = top;
  svg.appendChild(text(10, y + 12, w.yourCards, 17, { fill: MUTED }));
  y += 26;
  const rows = [[w.hand, me.hand], [w.received, me.received], [w.facedown, me.facedown]];
  const kind = view.phase === "play" ? "play" : "keep";
  for (const [label, cards] of rows) {
    if (!cards.length) continue;
    svg.appendChild(text(10, y + 35, label, 16, { weight: "bold", max: 103 }));
    const width = 154;
    cards.forEach((card, i) => {
      const x = 115 + i * (width + 6);
      const g = drawCard(t, card, x, y, width, 70, { chosen: me.choice === card,
        seenBy: me.seen_by[card] });
      t.button(g, `${kind}:${card}`, { x, y, w: width, h: 70, r: 8 });
      placed(g, "card", `mine:${card}`);
      svg.appendChild(g);
    });
    y += 82;
  }
  if (me.deck.length) {
    const names = me.deck.map((c) => w.sector[c.split(".")[1]]).join(", ");
    const g = el("g", { class: "nd-deck" });
    const lines = wrap(`${w.deck}: ${names}`, 16, WIDE - 20);
    lines.forEach((line, i) => {
      g.appendChild(text(10, y + 12 + i * 21, line, 16, { fill: MUTED, max: WIDE - 20 }));
    });
    g.appendChild(svgTitle(me.deck.map((c) => t.cardTitle(c)).join("\n")));
    svg.appendChild(g);
    y += 10 + 21 * lines.length;
  }
  return y - top;
}

/** Draw a chip: a shape with a number, a tooltip, returning the group and its box; a chip
 * in a seat's colour carries the seat's letter (`initial`). */
function drawChip(x, y, shape, value, tip, fillColour, initial) {
  const g = el("g", { class: `nd-chip nd-${shape}` });
  if (shape === "gold") {
    g.appendChild(el("circle", { cx: x + 14, cy: y + 16, r: 13, fill: fillColour || "#f2c12e",
      stroke: INK, "stroke-width": 2 }));
  } else if (shape === "prestige") {
    const pts = [];
    for (let i = 0; i < 6; i += 1) {
      const a = ((30 + 60 * i) * Math.PI) / 180;
      pts.push(`${x + 14 + 14 * Math.cos(a)},${y + 16 + 14 * Math.sin(a)}`);
    }
    g.appendChild(el("polygon", { points: pts.join(" "), fill: "#9ec6e8", stroke: INK,
      "stroke-width": 2 }));
  } else {
    g.appendChild(el("rect", { x: x + 3, y: y + 5, width: 22, height: 22, rx: 3,
      fill: fillColour || "#fff", stroke: INK, "stroke-width": 2,
      "stroke-dasharray": shape === "general" ? "4 3" : null }));
  }
  if (initial) {
    const look = seatLook(fillColour, initial);
    g.appendChild(text(x + 14, y + 17, initial, 15, { anchor: "middle", weight: "bold",
      fill: look.ink, outline: look.halo }));
  }
  g.appendChild(text(x + 32, y + 17, String(value), 20, { weight: "bold" }));
  g.appendChild(svgTitle(tip));
  return g;
}

/** Draw a bell (the bell ringer's mark). */
function drawBell(x, y, tip) {
  const g = el("g", { class: "nd-bell" });
  g.appendChild(el("path", { d: `M ${x - 12} ${y + 10} q 2 -20 12 -22 q 10 2 12 22 z`,
    fill: "#c99a2e", stroke: INK, "stroke-width": 2 }));
  g.appendChild(el("circle", { cx: x, cy: y + 13, r: 4, fill: INK }));
  g.appendChild(svgTitle(tip));
  return g;
}

/** Draw one player's quarter and holdings, returning the height used. */
function drawPlayer(t, svg, seat, top) {
  const { view, w } = t;
  const p = view.players[seat];
  const mine = seat === t.seat;
  const look = t.seatColour(seat);
  const owner = t.name(seat);
  const acting = view.to_act.includes(seat);
  // A seat that played cards this period shows them on a line of their own, wide enough
  // for their names.
  const height = 206 + (p.played.length ? PLAYED_LINE : 0);
  const panel = el("g", { class: "nd-player", "data-seat": String(seat) });
  panel.appendChild(el("rect", { x: 4, y: top, width: WIDE - 8, height: height - 8, rx: 10,
    fill: mine ? "#fffaf0" : PAPER, stroke: acting ? INK : "#b9ab8c",
    "stroke-width": acting ? 4 : 2 }));
  panel.appendChild(el("rect", { x: 4, y: top, width: 10, height: height - 8, rx: 4,
    fill: look.fill }));
  svg.appendChild(panel);
  // Header: letter, name, bell, turn, draft, gold, prestige, cubes.
  let y = top + 8;
  svg.appendChild(el("circle", { cx: 34, cy: y + 16, r: 15, fill: look.fill, stroke: INK,
    "stroke-width": 2 }));
  svg.appendChild(text(34, y + 17, look.initial, 18, { anchor: "middle", weight: "bold",
    fill: look.ink, outline: look.halo }));
  svg.appendChild(text(56, y + 17, owner, 20, { weight: "bold", max: 150 }));
  let x = 212;
  if (view.first === seat) {
    svg.appendChild(drawBell(x, y + 14, fill(w.tip.bell, { owner })));
  }
  x += 24;
  if (acting) {
    const g = el("g", { class: "nd-to-act" });
    g.appendChild(el("polygon", { points: `${x - 6},${y + 4} ${x + 12},${y + 16} `
      + `${x - 6},${y + 28}`, fill: INK }));
    g.appendChild(svgTitle(fill(w.tip.toAct, { owner })));
    svg.appendChild(g);
  } else if (p.draft_done) {
    const g = el("g", {});
    g.appendChild(el("path", { d: `M ${x - 8} ${y + 16} l 7 8 l 13 -16`, fill: "none",
      stroke: "#1c7a33", "stroke-width": 5, "stroke-linecap": "round" }));
    g.appendChild(svgTitle(fill(w.tip.draftDone, { owner })));
    svg.appendChild(g);
  }
  const chips = [
    ["gold", p.gold, fill(w.tip.gold, { owner, count: p.gold }), "benefit:gold", null],
    ["prestige", p.prestige, fill(w.tip.prestige, { owner, count: p.prestige }), null, null],
    ["supply", p.supply, fill(w.tip.supply, { owner, count: p.supply }), "benefit:cube",
      look.fill],
    ["general", p.general, fill(w.tip.general, { owner, count: p.general }), null, null],
  ];
  x = 262;
  for (const [shape, value, tip, action, colour] of chips) {
    const chip = drawChip(x, y, shape, value, tip, colour, colour ? look.initial : null);
    if (mine && action) t.button(chip, action, { x, y, w: 76, h: 32 });
    if (mine && shape === "supply") t.button(chip, "place", { x, y, w: 76, h: 32 });
    if (shape === "supply" || shape === "general") placed(chip, `cube:${seat}`, shape, value);
    else placed(chip, `${shape}:${seat}`, shape, value);
    svg.appendChild(chip);
    x += 84;
  }
  // Sectors, then Notre Dame.
  y += 42;
  // Eight tiles across the row, each as wide as its short name at the least size.
  const tile = 71;
  const gap = 1;
  const keys = [...SECTORS, "notre_dame"];
  keys.forEach((key, i) => {
    const tx = 16 + i * (tile + gap);
    const count = key === "notre_dame" ? p.notre_dame : p.sectors[key];
    const friendHere = p.friend === key;
    const g = el("g", { class: "nd-sector", "data-sector": key, "data-seat": String(seat) });

    g.appendChild(el("rect", { x: tx, y, width: tile, height: 74, rx: 6,
      fill: key === "notre_dame" ? "#d8cfc0" : "#efe4cb", stroke: "#6f6048",
      "stroke-width": 2 }));
    g.appendChild(text(tx + tile / 2, y + 14, w.short[key], 14, { anchor: "middle",
      max: tile - 0.5 }));
    const number = text(tx + tile / 2 - (friendHere ? 9 : 0), y + 44, String(count), 28,
      { anchor: "middle", weight: "bold", fill: count ? INK : "#b9ab8c" });
    if (key !== "notre_dame") placed(number, `cube:${seat}`, `sector:${key}`, count);
    g.appendChild(number);
    const tip = key === "notre_dame"
      ? fill(w.tip.ndTile, { owner, count })
      : fill(w.tip.sectorTile, { owner, name: w.sector[key], count: count + (friendHere
        ? 1 : 0), does: w.does[key] });
    g.appendChild(svgTitle(tip));
    if (friendHere) g.appendChild(drawFriend(t, seat, tx + tile - 15, y + 60));
    if (mine) {
      const box = { x: tx, y, w: tile, h: 74 };
      ["from", "friend", "to", "lose"].some((verb) => t.button(g, `${verb}:${key}`, box));
    }
    svg.appendChild(g);
  });
  if (!p.friend) {
    const away = el("g", { class: "nd-friend-away" });
    // After the rat track, in the row below the tiles.
    const fx = 300;
    away.appendChild(el("circle", { cx: fx, cy: y + 101, r: 9, fill: "none",
      stroke: MUTED, "stroke-width": 2, "stroke-dasharray": "3 3" }));
    away.appendChild(svgTitle(fill(w.tip.friendAway, { owner })));
    svg.appendChild(away);
  }
  // Rat track, messages, cards.
  y += 84;
  svg.appendChild(drawRatTrack(t, seat, 18, y));
  drawHoldings(t, svg, seat, 316, y);
  if (p.played.length) drawPlayed(t, svg, seat, y + 42);
  return height;
}

/** Draw a seat's trusted friend in a sector tile (a round piece with a star mark). */
function drawFriend(t, seat, x, y) {
  const look = t.seatColour(seat);
  const g = placed(el("g", { class: "nd-friend", "data-seat": String(seat) }),
    `friend:${seat}`, `sector:${t.view.players[seat].friend}`);
  g.appendChild(el("circle", { cx: x, cy: y, r: 11, fill: look.fill, stroke: INK,
    "stroke-width": 2.5 }));
  g.appendChild(el("circle", { cx: x, cy: y, r: 4, fill: "#fff", stroke: INK,
    "stroke-width": 1 }));
  g.appendChild(svgTitle(fill(t.w.tip.friendToken, { owner: t.name(seat) })));
  if (seat === t.seat) t.button(g, "from:trusted_friend", { x: x - 11, y: y - 11, w: 22,
    h: 22, r: 11 });
  return g;
}

/** Return where a seat's rat marker would land after this round's plague, and whether it
 * would pass 9 (null once the plague of the round is over). */
function forecast(view, seat) {
  if (!["draft_keep", "draft_pick", "play", "hire", "plague"].includes(view.phase)) {
    return null;
  }
  const p = view.players[seat];
  const hospital = p.sectors.hospital + (p.friend === "hospital" ? 1 : 0);
  const plague = p.hired === "doctor" ? 0 : view.plague;
  const raw = p.rats + plague - hospital;
  return { rats: Math.max(0, Math.min(9, raw)), over: raw > 9 };
}

/** Draw a seat's rat track 0-9 with its marker and this round's forecast. */
function drawRatTrack(t, seat, x, y) {
  const { view, w } = t;
  const p = view.players[seat];
  const owner = t.name(seat);
  const g = el("g", { class: "nd-rat-track", "data-seat": String(seat) });
  const cell = 27;
  for (let i = 0; i <= 9; i += 1) {
    g.appendChild(el("rect", { x: x + i * cell, y, width: cell - 2, height: 34, rx: 3,
      fill: i === 9 ? "#e6b8a8" : "#efe4cb", stroke: "#8a7a5a", "stroke-width": 1 }));
    g.appendChild(text(x + i * cell + (cell - 2) / 2, y + 8, String(i), 13,
      { anchor: "middle", fill: MUTED }));
  }
  let tip = fill(w.tip.ratTrack, { owner, rats: p.rats });
  const next = forecast(view, seat);
  if (next) {
    g.appendChild(el("circle", { cx: x + next.rats * cell + (cell - 2) / 2, cy: y + 22,
      r: 10, fill: "none", stroke: next.over ? "#b0261b" : "#555", "stroke-width": 2.5,
      "stroke-dasharray": "4 3" }));
    tip += ` ${fill(w.tip.ratForecast, { rats: next.rats })}`;
    if (next.over) tip += ` ${w.tip.ratOverflow}`;
  }
  g.appendChild(placed(drawRat(x + p.rats * cell + (cell - 2) / 2, y + 23, 8), `rat:${seat}`,
    `rats:${p.rats}`));
  g.appendChild(svgTitle(tip));
  if (seat === t.seat) t.button(g, "benefit:rat", { x, y, w: 10 * cell - 2, h: 34, r: 3 });
  return g;
}

/** Draw a seat's messages, played cards and the sizes of its hidden piles. */
function drawHoldings(t, svg, seat, x, y) {
  const { view, w } = t;
  const p = view.players[seat];
  const owner = t.name(seat);
  const mine = seat === t.seat;
  // Messages taken, as small tiles.
  const messages = el("g", { class: "nd-messages" });
  messages.appendChild(svgTitle(fill(w.tip.messages, { owner, count: p.messages.length })));
  // Side by side while there is room, then overlapping like a fanned pile, so that the
  // hidden piles and the two played cards after them stay inside the row.
  const held = p.messages.slice(0, 8);
  const free = WIDE - 2 - x - 10 - (mine ? 0 : 74);
  const step = held.length > 1 ? Math.max(8, Math.min(30, (free - 28) / (held.length - 1)))
    : 30;
  held.forEach(([colour, benefit], i) => {
    messages.appendChild(placed(drawMessage(t, x + 14 + i * step, y + 17, colour, benefit, 14),
      "message", `held:${seat}:${i}`));
  });
  if (!p.messages.length) {
    messages.appendChild(el("rect", { x, y: y + 3, width: 28, height: 28, rx: 6,
      fill: "none", stroke: "#b9ab8c", "stroke-dasharray": "4 3" }));
  }
  svg.appendChild(messages);
  // Cards: played this period (public), then the hidden piles by size.
  let cx = x + (held.length ? 30 + (held.length - 1) * step : 30) + 10;
  if (!mine) {
    const tip = fill(w.tip.hiddenCards, { name: owner, hand: p.hand_size,
      received: p.received_size, facedown: p.facedown, deck: p.deck_size });
    svg.appendChild(placed(drawBacks(cx, y - 4, p.hand_size + p.received_size, tip), "card",
      `hand:${seat}`, p.hand_size + p.received_size));
    cx += 74;
  }
}

const PLAYED_LINE = 52;
const PLAYED_LEAST = 132;

/** Draw the cards a seat played this period on their own line at `y`: its latest ones, as
 * many as fit with their names whole, after the count of them all (every one of them in
 * the tooltip). */
function drawPlayed(t, svg, seat, y) {
  const { view, w } = t;
  const p = view.players[seat];
  const names = p.played.map((c) => `${w.sector[c.split(".")[1]]} `
    + `(${t.colourName(c.split(".")[0])})`);
  const g = el("g", { class: "nd-played" });
  const label = `${w.played} (${p.played.length})`;
  g.appendChild(text(18, y + 22, label, 16.5, { weight: "bold", fill: MUTED }));
  const left = 18 + textWidth(label, 16.5, true) + 10;
  const room = WIDE - 12 - left;
  const shown = Math.min(p.played.length, 2, Math.max(1,
    Math.floor((room + 6) / (PLAYED_LEAST + 6))));
  const width = Math.min(240, (room - 6 * (shown - 1)) / shown);
  p.played.slice(-shown).forEach((card, i) => {
    g.appendChild(placed(drawCard(t, card, left + i * (width + 6), y, width, 44,
      { small: true }), "card", `played:${seat}:${card}`));
  });
  g.appendChild(svgTitle(fill(w.tip.played, { owner: t.name(seat),
    cards: names.join(", ") })));
  svg.appendChild(g);
}

/** Draw the table beside the map: the round, the characters, the seat's cards and every
 * player's quarter (the seat's own first). */
function drawTable(t) {
  const svg = el("svg", { class: "nd-table", role: "group", "aria-label": "Notre Dame" });
  let y = 6;
  y += drawRound(t, svg, y);
  y += drawMyCards(t, svg, y);
  const order = t.view.players.map((_, seat) => seat);
  if (t.seat !== null) order.sort((a, b) => (a === t.seat ? -1 : b === t.seat ? 1 : a - b));
  for (const seat of order) y += drawPlayer(t, svg, seat, y);
  svg.setAttribute("viewBox", `0 0 ${WIDE} ${y + 4}`);
  return svg;
}

/**
 * Draw the whole board for `view` (a seat's or a spectator's) into `container`, emptying it
 * first. `ctx` is the shell's: seat, players, names, lang, t, choices, pick, colour.
 */
export function render(container, view, ctx) {
  container.replaceChildren();
  const t = new Table(view, ctx);
  const root = boardRoot("nd-board");
  // Below MAP_LEAST pixels (a phone) the map stops shrinking and scrolls sideways inside its
  // own box instead, so that its text stays readable and the page itself never scrolls. Map
  // and table sit side by side only where each keeps its text at 11 px (the table from 400
  // pixels); a narrower laptop column puts the table under the map.
  const map = document.createElement("div");
  map.className = "nd-map-box";
  map.style.flex = `1 1 ${MAP_LEAST}px`;
  map.style.maxWidth = "820px";
  map.style.minWidth = "0";
  map.style.overflowX = "auto";
  const drawn = fluid(drawMap(t));
  drawn.style.minWidth = `${MAP_LEAST}px`;
  map.appendChild(drawn);
  zoomable(map, drawn, MAP_LEAST, "notre-dame", ctx.t);
  root.appendChild(map);
  root.appendChild(fluid(drawTable(t), 400, 640));
  container.appendChild(root);
}
