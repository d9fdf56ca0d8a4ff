// The Nottingham board for the browser page: draws one seat's (or a spectator's) view of a
// Nottingham table as SVG, and turns the seat's legal choices that have a place on the board
// (the drawn card, cards in hand, opponents to attack, offers, the cards of a robbed hand,
// ambush cards, exchanges and commissions) into buttons. The shell calls
// `render(container, view, ctx)` on every update; everything else here serves that call.
// Plain DOM, no framework, no build step, no markup parsed from data (text goes in through
// textContent), no inline style sheets (the page's content security policy forbids them;
// styles are set through `el.style`).

import {
  BoardTable,
  boardRoot,
  colourLook,
  fill,
  fluid,
  lettering,
  parseAction,
  svgNode as el,
  svgTitle,
} from "../boards.js";

/** How the board outlines its buttons (see `outlinedButton`). */
const BUTTON_LOOK = { prefix: "nh", pad: 3, radius: 6,
  glow: "#fff3a8", glowWidth: 8, glowOpacity: 0.9, width: 3.5, focusWidth: 6, dash: "9 4" };

/** The seven items, in the game's order (card values and actions follow the same order). */
export const ITEMS = ["copper", "candlestick", "gold", "pearls", "jewels", "necklace", "chest"];

/** Points an item is worth in an exchange. */
export const ITEM_VALUES = [7, 8, 9, 10, 11, 12, 13];

/** The action on each item's banner. */
export const ITEM_ACTIONS = ["buy", "steal", "ambush", "rob", "raid", "defence", "trade"];

/** Items whose banner is an attack a necklace can stop (drawn on a red banner). */
export const ATTACKS = ["candlestick", "pearls", "jewels"];

/** The game's seat colours: colour ambush card i shows the colour of seat i. */
export const COLOURS = ["red", "yellow", "green", "blue", "purple", "white", "grey"];

/** The items on the six two-item ambush cards (the game's reconstruction). */
export const AMBUSH_PAIRS = [["copper", "candlestick"], ["candlestick", "pearls"],
  ["pearls", "jewels"], ["jewels", "necklace"], ["necklace", "chest"], ["chest", "copper"]];

/** The four commissions, in the game's order. */
export const COMMISSIONS = ["seven", "five", "pairs4", "pairs3"];

/** Choice kinds that have a place on the board; the rest stay in the shell's list. */
export const PLACED_KINDS = ["keep", "buy", "ambush", "trade", "steal", "rob", "raid", "offer",
  "purchase", "refuse", "defend", "take", "hide", "accept", "exchange", "commission",
  "spring", "discard"];

const ITEM_FILL = { copper: "#b5652b", candlestick: "#aeb7c2", gold: "#e3b21c",
  pearls: "#e9e2cf", jewels: "#b8284f", necklace: "#5b7fd1", chest: "#7a4b22" };
const PAPER = "#f7f0df";
const INK = "#2b2418";
const MUTED = "#6f6350";
const ATTACK_RED = "#a82a1f";
const BANNER_ORANGE = "#c9731c";
const AMBUSH_GREEN = "#2f4a36";
// Each drawing is 480 units wide: about 374 px on a phone and 440 px beside the other on a
// laptop, so that the smallest text (13 units) reads at 10 px or more on either.
const WIDE = 480;
/** An item card's width: four to a row of the drawing, wide enough for every item's name and
 * action in bold or regular letters, whole, in each language (a hand holds at most seven
 * distinct items: two rows). */
const CARD_W = 108;

/**
 * The page's words for this board, by language. Italian uses the terms of the Italian
 * edition of the game; Polish terms are our own, there being no Polish edition we know of.
 */
export const WORDS = {
  en: {
    item: { copper: "Copper coin", candlestick: "Silver candlestick", gold: "Gold",
      pearls: "Pearls", jewels: "Jewels", necklace: "Necklace", chest: "Chest" },
    short: { copper: "Copper", candlestick: "Candlestick", gold: "Gold", pearls: "Pearls",
      jewels: "Jewels", necklace: "Necklace", chest: "Chest" },
    action: { buy: "Buy", steal: "Steal", ambush: "Ambush", rob: "Rob", raid: "Raid",
      defence: "Defence", trade: "Trade" },
    does: {
      buy: "Played when drawn: every other player offers one card face down (never a copper "
        + "coin); you buy one offer with this coin or refuse them all.",
      steal: "Played when drawn: take a random card from an opponent's hand, who gets this "
        + "candlestick in return. A necklace stops it.",
      ambush: "Played when drawn: look at the top two ambush cards, lay one face down before "
        + "you (never your own colour) with this gold under it, and put the other under the "
        + "ambush deck.",
      rob: "Played when drawn: look at an opponent's hand in secret and take the card you "
        + "like; they get these pearls in return. A necklace stops it.",
      raid: "Played when drawn: an opponent lays their hand open for everyone and you take "
        + "the card you like; they get these jewels in return. A necklace stops it.",
      defence: "Never played when drawn. Held in hand, it stops a steal, rob or raid aimed "
        + "at you: you take the attacker's card and hand them this necklace.",
      trade: "Played when drawn: from your left, every other player offers one or two cards "
        + "face up (never a chest); you must accept one offer for this chest.",
    },
    commission: { seven: "Seven different", five: "Five identical", pairs4: "Four pairs",
      pairs3: "Three pairs" },
    needs: { seven: "one card of each of the seven items",
      five: "five cards of the same item", pairs4: "a pair of each of four different items",
      pairs3: "a pair of each of three different items" },
    phase: {
      choose: "{active} keeps the {drawn} or plays it: {action}",
      buy_offer: "Everyone else offers a card face down for {active}'s copper coin",
      buy_choose: "{active} buys one offer with the copper coin or refuses them all",
      defend: "{target} is attacked with the {drawn}: defend with a necklace or let it "
        + "happen",
      take: "{active} takes a card from the hand of {target}",
      ambush_keep: "{active} keeps one of two ambush cards",
      trade_offer: "From {active}'s left, one or two cards are offered face up for the chest",
      trade_choose: "{active} accepts one of the offers for the chest",
      exchange: "{active} may exchange cards for points once, or end the turn",
      ambush_window: "{active} lays out {count} × {item}: ambush cards may be sprung",
      discard_down: "Deck and discard are empty: hands above {number} cards discard down",
      over: "The game is over",
    },
    turn: "Turn {turn}: {name} plays",
    gameOver: "Game over",
    waiting: "Waiting for: {names}",
    queue: "Still to be asked: {names}",
    afterDraw: "then the turn's card is drawn",
    afterEnd: "then the turn ends",
    track: "Sheriff's track",
    markLegend: "[{number}] under the sheriff: hands of {number} or fewer get a favour; if "
      + "the cards run out, bigger hands discard down to {number}.",
    townLegend: "The sheriff is in the town of Nottingham: no number yet.",
    homeLegend: "The sheriff is back in Nottingham.",
    deck: "Deck",
    discard: "Discard",
    drawn: "Drawn card",
    laidOut: "Laid out",
    lookHead: "Keep one",
    pickTarget: "{action}: pick a player ▸",
    ambushDeck: "Ambush deck",
    commissions: "Commissions",
    yourHand: "Your hand",
    knownLegend: "Numbered discs under a card: the players who know you hold it.",
    emptyHand: "no cards",
    yourAmbushes: "Your ambush cards",
    twoCards: "Two cards:",
    keep: "Keep",
    refuse: "Keep the coin",
    you: "you",
    hand: "Hand",
    winnings: "Won",
    offer: "Offer",
    faceDown: "face down",
    nothing: "nothing",
    open: "open",
    tip: {
      item: "{name}: worth {value} points in an exchange. {does}",
      held: "You hold {count}.",
      knownBy: "Others who know of some of them (and how many): {names}.",
      knownNobody: "Nobody else knows of them.",
      seen: "{owner} surely holds {count} of these.",
      publicCount: "Everyone knows of {count} of them.",
      unknown: "{owner} holds {count} cards you do not know; they came unseen (the "
        + "starting hand, the sheriff's favours, steals).",
      commission: "Commission {name}: lay out {needs}. Each player may complete it once and "
        + "at most two players in all; a lone completer scores {single} points, each of two "
        + "scores {double}. The cards go to the discard and no ambush can strike it.",
      doneBy: "Completed by: {names}.",
      openCommission: "Nobody has completed it yet.",
      commissionChoice: "Complete {name} with: {items}.",
      ambushColour: "Ambush card of {owner}'s colour: it can strike any exchange of three "
        + "or more cards by {owner}, whatever the item.",
      ambushPair: "Ambush card showing {a} and {b}: it can strike another player's exchange "
        + "of three or more {a} or {b}.",
      ambushSprung: "Sprung, its holder takes one of the cards laid out and gives the gold "
        + "under it to the exchanger; left with fewer than three cards, the exchange fails. "
        + "Then it goes under the ambush deck.",
      look: "You drew this ambush card: keep one (never your own colour) with the gold "
        + "under it; the other goes under the ambush deck.",
      ambushesInPlay: "{owner} has {count} ambush cards face down, each with a gold under "
        + "it; they are neither hand nor points.",
      ambushDeck: "The ambush deck: {count} cards face down. Those someone has seen are "
        + "marked with who knows them.",
      deckCard: "Ambush card {place} from the top; known to: {names}.",
      town: "The town of Nottingham: the sheriff starts here, and when he comes back here "
        + "the game ends.",
      space: "Space {space}, number {number}: when the sheriff arrives here, everyone with "
        + "{number} cards or fewer draws a favour unseen. If deck and discard run out while "
        + "he stands here, hands above {number} are discarded down to {number}.",
      sheriff: "The sheriff moves one space after every exchange and commission that "
        + "scores, and when deck and discard run out.",
      deck: "The item deck: {count} cards face down.",
      discard: "The discard pile: {count} cards face up ({items}). It is shuffled into a new "
        + "deck when the deck runs out.",
      drawn: "This turn's card, shown to everyone.",
      laidOut: "{owner} lays out {count} × {item} for points: one goes to the winnings, the "
        + "rest to the discard, unless ambushes leave fewer than three.",
      points: "{owner}'s points: {count} (winnings and commissions).",
      handSize: "{owner} holds {count} cards.",
      winnings: "{owner}'s winnings: {count} × {item}, {points} points.",
      noWinnings: "{owner} has won no cards yet.",
      offer: "{owner} offers {items}.",
      offerHidden: "{owner} has made an offer face down; it is revealed with all the others.",
      announced: "{owner} has nothing to offer and has shown their hand.",
      toAct: "{owner} has a decision to make now.",
      active: "{owner} is the active player.",
      winner: "{owner} wins.",
      exchangeChoice: "Exchange {count} × {item} for {value} points.",
      offerTwo: "Offer {a} and {b}.",
      seatTarget: "Attack {owner} with the {drawn}.",
    },
  },
  it: {
    item: { copper: "Moneta di rame", candlestick: "Candelabro d'argento", gold: "Oro",
      pearls: "Perle", jewels: "Gioielli", necklace: "Collana", chest: "Forziere" },
    short: { copper: "Rame", candlestick: "Candelabro", gold: "Oro", pearls: "Perle",
      jewels: "Gioielli", necklace: "Collana", chest: "Forziere" },
    action: { buy: "Acquisto", steal: "Trafugare", ambush: "Imboscata", rob: "Rubare",
      raid: "Rapinare", defence: "Difesa", trade: "Commercio" },
    does: {
      buy: "Giocata appena pescata: ogni altro giocatore offre una carta coperta (mai una "
        + "moneta di rame); compri un'offerta con questa moneta o le rifiuti tutte.",
      steal: "Giocato appena pescato: prendi a caso una carta dalla mano di un avversario, "
        + "che riceve in cambio questo candelabro. Una collana lo ferma.",
      ambush: "Giocato appena pescato: guarda le prime due carte imboscata, mettine una "
        + "coperta davanti a te (mai del tuo colore) con quest'oro sotto e l'altra in fondo "
        + "al mazzo delle imboscate.",
      rob: "Giocate appena pescate: guarda di nascosto la mano di un avversario e prendi la "
        + "carta che vuoi; in cambio riceve queste perle. Una collana lo ferma.",
      raid: "Giocati appena pescati: un avversario scopre la mano davanti a tutti e tu "
        + "prendi la carta che vuoi; in cambio riceve questi gioielli. Una collana lo ferma.",
      defence: "Non si gioca quando la peschi. Tenuta in mano ferma un Trafugare, Rubare o "
        + "Rapinare contro di te: prendi la carta dell'attaccante e gli dai questa collana.",
      trade: "Giocato appena pescato: dalla tua sinistra ogni altro giocatore offre una o "
        + "due carte scoperte (mai un forziere); devi accettare un'offerta per il forziere.",
    },
    commission: { seven: "Sette diversi", five: "Cinque uguali", pairs4: "Quattro coppie",
      pairs3: "Tre coppie" },
    needs: { seven: "una carta per ciascuno dei sette oggetti",
      five: "cinque carte dello stesso oggetto",
      pairs4: "una coppia per ciascuno di quattro oggetti diversi",
      pairs3: "una coppia per ciascuno di tre oggetti diversi" },
    phase: {
      choose: "{active} tiene la carta {drawn} o la gioca: {action}",
      buy_offer: "Gli altri offrono una carta coperta per la moneta di rame di {active}",
      buy_choose: "{active} compra un'offerta con la moneta di rame o le rifiuta tutte",
      defend: "{target} subisce l'attacco con la carta {drawn}: si difende con una collana "
        + "o lascia fare",
      take: "{active} prende una carta dalla mano di {target}",
      ambush_keep: "{active} tiene una delle due carte imboscata",
      trade_offer: "Dalla sinistra di {active} si offrono una o due carte scoperte per il "
        + "forziere",
      trade_choose: "{active} accetta una delle offerte per il forziere",
      exchange: "{active} può scambiare carte per punti una volta, o finire il turno",
      ambush_window: "{active} scambia {count} × {item}: si possono attivare le imboscate",
      discard_down: "Mazzo e scarti esauriti: chi ha più di {number} carte scarta",
      over: "La partita è finita",
    },
    turn: "Turno {turn}: gioca {name}",
    gameOver: "Partita finita",
    waiting: "In attesa di: {names}",
    queue: "Ancora da interpellare: {names}",
    afterDraw: "poi si pesca la carta del turno",
    afterEnd: "poi il turno finisce",
    track: "Percorso dello Sceriffo",
    markLegend: "[{number}] sotto lo Sceriffo: chi ha {number} carte o meno riceve un "
      + "favore; a carte esaurite, chi ne ha di più scarta fino a {number}.",
    townLegend: "Lo Sceriffo è nella città di Nottingham: ancora nessun numero.",
    homeLegend: "Lo Sceriffo è tornato a Nottingham.",
    deck: "Mazzo",
    discard: "Scarti",
    drawn: "Carta pescata",
    laidOut: "In scambio",
    lookHead: "Tienine una",
    pickTarget: "{action}: scegli un giocatore ▸",
    ambushDeck: "Imboscate",
    commissions: "Incarichi",
    yourHand: "La tua mano",
    knownLegend: "Dischi numerati sotto una carta: i giocatori che sanno che ce l'hai.",
    emptyHand: "nessuna carta",
    yourAmbushes: "Le tue carte imboscata",
    twoCards: "Due carte:",
    keep: "Tieni",
    refuse: "Tieni la moneta",
    you: "tu",
    hand: "Mano",
    winnings: "Vinte",
    offer: "Offerta",
    faceDown: "coperta",
    nothing: "niente",
    open: "libero",
    tip: {
      item: "{name}: vale {value} punti in uno scambio. {does}",
      held: "Ne hai {count}.",
      knownBy: "Chi altro ne conosce alcune (e quante): {names}.",
      knownNobody: "Nessun altro ne è al corrente.",
      seen: "{owner} ne ha di sicuro {count}.",
      publicCount: "Tutti sanno di {count} di queste.",
      unknown: "{owner} ha {count} carte che non conosci, arrivate senza essere viste "
        + "(mano iniziale, favori dello Sceriffo, carte trafugate).",
      commission: "Incarico {name}: gioca {needs}. Ogni giocatore può completarlo una volta "
        + "e al massimo due giocatori in tutto; chi lo completa da solo fa {single} punti, "
        + "in due ciascuno ne fa {double}. Le carte vanno negli scarti e nessuna imboscata "
        + "lo colpisce.",
      doneBy: "Completato da: {names}.",
      openCommission: "Nessuno l'ha ancora completato.",
      commissionChoice: "Completa {name} con: {items}.",
      ambushColour: "Carta imboscata del colore di {owner}: colpisce ogni scambio di tre o "
        + "più carte di {owner}, qualunque sia l'oggetto.",
      ambushPair: "Carta imboscata con {a} e {b}: colpisce lo scambio di tre o più {a} o {b} "
        + "di un altro giocatore.",
      ambushSprung: "Attivandola, chi la possiede prende una delle carte in scambio e dà "
        + "l'oro che ha sotto a chi scambia; con meno di tre carte lo scambio fallisce. Poi "
        + "torna in fondo al mazzo delle imboscate.",
      look: "Hai pescato questa carta imboscata: tienine una (mai del tuo colore) con l'oro "
        + "sotto; l'altra va in fondo al mazzo delle imboscate.",
      ambushesInPlay: "{owner} ha {count} carte imboscata coperte, ciascuna con un oro "
        + "sotto; non sono né mano né punti.",
      ambushDeck: "Il mazzo delle imboscate: {count} carte coperte. Quelle che qualcuno ha "
        + "visto portano il segno di chi le conosce.",
      deckCard: "Carta imboscata numero {place} dall'alto; la conoscono: {names}.",
      town: "La città di Nottingham: lo Sceriffo parte da qui, e quando ci ritorna la "
        + "partita finisce.",
      space: "Casella {space}, numero {number}: quando lo Sceriffo arriva qui, chi ha "
        + "{number} carte o meno pesca un favore senza mostrarlo. Se mazzo e scarti si "
        + "esauriscono mentre è qui, chi ha più di {number} carte scarta fino a {number}.",
      sheriff: "Lo Sceriffo avanza di una casella dopo ogni scambio e incarico che fa punti, "
        + "e quando mazzo e scarti si esauriscono.",
      deck: "Il mazzo degli oggetti: {count} carte coperte.",
      discard: "Gli scarti: {count} carte scoperte ({items}). Si rimescolano in un nuovo "
        + "mazzo quando il mazzo finisce.",
      drawn: "La carta di questo turno, mostrata a tutti.",
      laidOut: "{owner} gioca {count} × {item} per punti: una va nel mazzo delle vincite, le "
        + "altre negli scarti, salvo che le imboscate ne lascino meno di tre.",
      points: "Punti di {owner}: {count} (vincite e incarichi).",
      handSize: "{owner} ha {count} carte in mano.",
      winnings: "Vincite di {owner}: {count} × {item}, {points} punti.",
      noWinnings: "{owner} non ha ancora vinto carte.",
      offer: "{owner} offre: {items}.",
      offerHidden: "{owner} ha fatto un'offerta coperta; si scopre insieme alle altre.",
      announced: "{owner} non ha niente da offrire e ha mostrato la mano.",
      toAct: "{owner} deve decidere adesso.",
      active: "{owner} è il giocatore di turno.",
      winner: "Vince {owner}.",
      exchangeChoice: "Scambia {count} × {item} per {value} punti.",
      offerTwo: "Offri {a} e {b}.",
      seatTarget: "Attacca {owner} con la carta {drawn}.",
    },
  },
  pl: {
    item: { copper: "Miedziana moneta", candlestick: "Srebrny świecznik", gold: "Złoto",
      pearls: "Perły", jewels: "Klejnoty", necklace: "Naszyjnik", chest: "Skrzynia" },
    short: { copper: "Moneta", candlestick: "Świecznik", gold: "Złoto", pearls: "Perły",
      jewels: "Klejnoty", necklace: "Naszyjnik", chest: "Skrzynia" },
    action: { buy: "Kupno", steal: "Kradzież", ambush: "Zasadzka", rob: "Rabunek",
      raid: "Napad", defence: "Obrona", trade: "Handel" },
    does: {
      buy: "Zagrywana zaraz po wyciągnięciu: każdy inny gracz oferuje jedną kartę zakrytą "
        + "(nigdy miedzianą monetę); kupujesz jedną ofertę za tę monetę albo odrzucasz "
        + "wszystkie.",
      steal: "Zagrywany zaraz po wyciągnięciu: weź losową kartę z ręki przeciwnika, który "
        + "dostaje w zamian ten świecznik. Naszyjnik to powstrzymuje.",
      ambush: "Zagrywane zaraz po wyciągnięciu: obejrzyj dwie wierzchnie karty zasadzki, "
        + "połóż jedną zakrytą przed sobą (nigdy we własnym kolorze) z tym złotem pod spodem, "
        + "a drugą wsuń pod talię zasadzek.",
      rob: "Zagrywane zaraz po wyciągnięciu: obejrzyj w tajemnicy rękę przeciwnika i weź "
        + "wybraną kartę; w zamian dostaje te perły. Naszyjnik to powstrzymuje.",
      raid: "Zagrywane zaraz po wyciągnięciu: przeciwnik odkrywa rękę przed wszystkimi, a ty "
        + "bierzesz wybraną kartę; w zamian dostaje te klejnoty. Naszyjnik to powstrzymuje.",
      defence: "Nie zagrywa się go po wyciągnięciu. Trzymany w ręce powstrzymuje kradzież, "
        + "rabunek lub napad na ciebie: bierzesz kartę napastnika i dajesz mu ten naszyjnik.",
      trade: "Zagrywana zaraz po wyciągnięciu: od twojej lewej każdy inny gracz oferuje "
        + "jedną lub dwie karty odkryte (nigdy skrzynię); musisz przyjąć jedną ofertę za tę "
        + "skrzynię.",
    },
    commission: { seven: "Siedem różnych", five: "Pięć takich samych", pairs4: "Cztery pary",
      pairs3: "Trzy pary" },
    needs: { seven: "po jednej karcie każdego z siedmiu przedmiotów",
      five: "pięć kart tego samego przedmiotu",
      pairs4: "po parze czterech różnych przedmiotów",
      pairs3: "po parze trzech różnych przedmiotów" },
    phase: {
      choose: "{active} zatrzymuje kartę „{drawn}” albo ją zagrywa: {action}",
      buy_offer: "Pozostali oferują kartę zakrytą za miedzianą monetę gracza {active}",
      buy_choose: "{active} kupuje jedną ofertę za miedzianą monetę albo odrzuca wszystkie",
      defend: "Gracz {target} jest atakowany kartą „{drawn}”: broni się naszyjnikiem albo "
        + "pozwala na to",
      take: "{active} bierze kartę z ręki gracza {target}",
      ambush_keep: "{active} zatrzymuje jedną z dwóch kart zasadzki",
      trade_offer: "Od lewej strony gracza {active} oferuje się jedną lub dwie karty odkryte "
        + "za skrzynię",
      trade_choose: "{active} przyjmuje jedną z ofert za skrzynię",
      exchange: "{active} może raz wymienić karty na punkty albo zakończyć turę",
      ambush_window: "{active} wykłada {count} × {item}: można uruchomić zasadzki",
      discard_down: "Talia i stos odrzuconych są puste: ręce powyżej {number} kart odrzucają",
      over: "Gra skończona",
    },
    turn: "Tura {turn}: gra {name}",
    gameOver: "Koniec gry",
    waiting: "Czekamy na: {names}",
    queue: "Jeszcze do zapytania: {names}",
    afterDraw: "potem wyciąga się kartę tury",
    afterEnd: "potem tura się kończy",
    track: "Tor szeryfa",
    markLegend: "[{number}] pod szeryfem: ręce z {number} kartami lub mniej dostają "
      + "przysługę; gdy karty się skończą, większe ręce odrzucają do {number}.",
    townLegend: "Szeryf jest w mieście Nottingham: jeszcze bez liczby.",
    homeLegend: "Szeryf wrócił do Nottingham.",
    deck: "Talia",
    discard: "Odrzucone",
    drawn: "Wyciągnięta",
    laidOut: "Wyłożone",
    lookHead: "Zatrzymaj jedną",
    pickTarget: "{action}: wybierz gracza ▸",
    ambushDeck: "Zasadzki",
    commissions: "Zlecenia",
    yourHand: "Twoja ręka",
    knownLegend: "Numerowane krążki pod kartą: gracze, którzy wiedzą, że ją masz.",
    emptyHand: "brak kart",
    yourAmbushes: "Twoje karty zasadzki",
    twoCards: "Dwie karty:",
    keep: "Zatrzymaj",
    refuse: "Zatrzymaj monetę",
    you: "ty",
    hand: "Ręka",
    winnings: "Wygrane",
    offer: "Oferta",
    faceDown: "zakryta",
    nothing: "nic",
    open: "wolne",
    tip: {
      item: "{name}: w wymianie warte {value} punktów. {does}",
      held: "Masz ich: {count}.",
      knownBy: "Kto jeszcze zna część z nich (i ile): {names}.",
      knownNobody: "Nikt inny o nich nie wie.",
      seen: "Gracz {owner} na pewno ma ich: {count}.",
      publicCount: "Wszyscy wiedzą o {count} z nich.",
      unknown: "Gracz {owner} ma {count} kart, których nie znasz; doszły niewidocznie "
        + "(ręka startowa, przysługi szeryfa, kradzieże).",
      commission: "Zlecenie {name}: wyłóż {needs}. Każdy gracz może je wykonać raz, a w "
        + "sumie najwyżej dwóch graczy; samotny wykonawca dostaje {single} punktów, każdy z "
        + "dwóch po {double}. Karty idą na stos odrzuconych i żadna zasadzka tu nie działa.",
      doneBy: "Wykonali: {names}.",
      openCommission: "Nikt go jeszcze nie wykonał.",
      commissionChoice: "Wykonaj zlecenie {name} kartami: {items}.",
      ambushColour: "Karta zasadzki w kolorze gracza {owner}: uderza w każdą wymianę trzech "
        + "lub więcej kart gracza {owner}, bez względu na przedmiot.",
      ambushPair: "Karta zasadzki z przedmiotami {a} i {b}: uderza w wymianę trzech lub "
        + "więcej kart {a} albo {b} innego gracza.",
      ambushSprung: "Po uruchomieniu jej właściciel bierze jedną z wyłożonych kart i daje "
        + "wymieniającemu złoto spod niej; gdy zostaną mniej niż trzy karty, wymiana przepada. "
        + "Potem karta wraca pod talię zasadzek.",
      look: "Wyciągnięto tę kartę zasadzki: zatrzymaj jedną (nigdy we własnym kolorze) ze "
        + "złotem pod spodem; druga idzie pod talię zasadzek.",
      ambushesInPlay: "Gracz {owner} ma {count} zakrytych kart zasadzki, każdą ze złotem pod "
        + "spodem; nie są ani ręką, ani punktami.",
      ambushDeck: "Talia zasadzek: {count} kart zakrytych. Te, które ktoś widział, mają znak "
        + "tego, kto je zna.",
      deckCard: "Karta zasadzki nr {place} od góry; znają ją: {names}.",
      town: "Miasto Nottingham: tu szeryf zaczyna, a gdy tu wróci, gra się kończy.",
      space: "Pole {space}, liczba {number}: gdy szeryf tu dotrze, każdy z {number} kartami "
        + "lub mniej dobiera niewidocznie przysługę. Jeśli talia i odrzucone skończą się, gdy "
        + "tu stoi, ręce powyżej {number} kart odrzucają do {number}.",
      sheriff: "Szeryf idzie o jedno pole po każdej punktowanej wymianie i zleceniu oraz gdy "
        + "skończą się talia i odrzucone.",
      deck: "Talia przedmiotów: {count} kart zakrytych.",
      discard: "Stos odrzuconych: {count} kart odkrytych ({items}). Gdy talia się skończy, "
        + "tasuje się z niego nową.",
      drawn: "Karta tej tury, pokazana wszystkim.",
      laidOut: "Gracz {owner} wykłada {count} × {item} dla punktów: jedna idzie do wygranych, "
        + "reszta na odrzucone, chyba że zasadzki zostawią mniej niż trzy.",
      points: "Punkty gracza {owner}: {count} (wygrane i zlecenia).",
      handSize: "Gracz {owner} ma w ręce {count} kart.",
      winnings: "Wygrane gracza {owner}: {count} × {item}, {points} punktów.",
      noWinnings: "Gracz {owner} nie wygrał jeszcze żadnej karty.",
      offer: "Gracz {owner} oferuje: {items}.",
      offerHidden: "Gracz {owner} złożył ofertę zakrytą; odkrywa się ją razem z innymi.",
      announced: "Gracz {owner} nie ma czego zaoferować i pokazał rękę.",
      toAct: "Gracz {owner} podejmuje teraz decyzję.",
      active: "Gracz {owner} ma turę.",
      winner: "Wygrywa gracz {owner}.",
      exchangeChoice: "Wymień {count} × {item} za {value} punktów.",
      offerTwo: "Zaoferuj {a} i {b}.",
      seatTarget: "Zaatakuj gracza {owner} kartą „{drawn}”.",
    },
  },
};

/** The board's name in the shell's lists. */
export const title = { en: "Nottingham", it: "Nottingham", pl: "Nottingham" };

const { text, textWidth, wrap, size: drawnSize } = lettering(INK, [0.58, 0.64], 13);

/** Draw wrapped lines from `y`, returning the group and the height used. */
function paragraph(x, y, content, size, max, opts) {
  const g = el("g", {});
  const lines = wrap(content, size, max);
  const step = Math.round(drawnSize(size) * 1.3);
  lines.forEach((line, i) => {
    g.appendChild(text(x, y + drawnSize(size) / 2 + 2 + i * step, line, size, { ...opts, max }));
  });
  return { node: g, height: lines.length * step + 2 };
}

/** Return the items and seat colour on an ambush card token ("red", "pearls+jewels"). */
function ambushParts(token) {
  if (COLOURS.includes(token)) return { colour: COLOURS.indexOf(token), items: [] };
  return { colour: -1, items: token.split("+") };
}

/** Everything a drawing step needs: the view, the shell's context and derived facts. */
class Table extends BoardTable {
  constructor(view, ctx) {
    super(view, ctx, WORDS, BUTTON_LOOK);
    this.players = view.players;
  }

  /** Return the fill and letter of a seat. */
  look(seat) {
    // An ambush card may show the colour of a seat nobody plays at this table.
    if (seat >= this.players) return colourLook(COLOURS[seat], seat + 1);
    const given = this.ctx.colour ? this.ctx.colour(seat) : null;
    if (given && given.fill) return given;
    // Without the shell: the game's own colour, in the shade the shell would give it.
    return colourLook(COLOURS[seat], seat + 1);
  }

  /** Return the offered actions of one kind, in the shell's order. */
  kind(kind) {
    return [...this.choices.keys()].filter((a) => parseAction(a).kind === kind);
  }

  /** Return the name of an item in this page's language. */
  item(item) {
    return this.w.item[item] || item;
  }

  /** Return the tooltip of an item card type: its value and what its action does. */
  itemTip(item) {
    const i = ITEMS.indexOf(item);
    return fill(this.w.tip.item, { name: this.item(item), value: ITEM_VALUES[i],
      does: this.w.does[ITEM_ACTIONS[i]] });
  }

  /** Return the tooltip of an ambush card. */
  ambushTip(token) {
    const { colour, items } = ambushParts(token);
    const what = colour >= 0
      ? fill(this.w.tip.ambushColour, { owner: this.name(colour) })
      : fill(this.w.tip.ambushPair, { a: this.item(items[0]), b: this.item(items[1]) });
    return `${what} ${this.w.tip.ambushSprung}`;
  }
}

// -- pieces ---------------------------------------------------------------------------------

/** Draw an item swatch: its colour with its value on it (the value tells items apart
 * without colour). */
function swatch(item, x, y, size) {
  const g = el("g", {});
  g.appendChild(el("rect", { x, y, width: size, height: size, rx: 4,
    fill: ITEM_FILL[item], stroke: INK, "stroke-width": 1.5 }));
  g.appendChild(text(x + size / 2, y + size / 2 + 1, String(ITEM_VALUES[ITEMS.indexOf(item)]),
    Math.max(13, Math.round(size * 0.5)), { anchor: "middle", weight: "bold", fill: "#fff",
      outline: INK }));
  return g;
}

/** Draw a full item card: value, name and action banner. */
function itemCard(t, item, x, y, width, height, opts) {
  const o = opts || {};
  const i = ITEMS.indexOf(item);
  const g = el("g", { class: "nh-card", "data-item": item });
  g.appendChild(el("rect", { x, y, width, height, rx: 7, fill: PAPER, stroke: INK,
    "stroke-width": 2 }));
  g.appendChild(el("rect", { x: x + 4, y: y + 4, width: width - 8, height: 30, rx: 4,
    fill: ITEM_FILL[item] }));
  g.appendChild(text(x + 10, y + 20, String(ITEM_VALUES[i]), 20, { weight: "bold",
    fill: "#fff", outline: INK }));
  // A name or an action too long for bold letters on a narrow card is set in regular ones
  // (narrower) rather than squeezed; one still too long is cut, whole in the tooltip.
  const name = t.w.short[item];
  g.appendChild(text(x + width / 2, y + 48, name, 14, { anchor: "middle",
    weight: textWidth(name, 14, true) <= width - 8 ? "bold" : null, max: width - 6 }));
  const attack = ATTACKS.includes(item);
  const banner = el("path", { d: `M ${x + 4} ${y + height - 30} h ${width - 8} l -6 11 l 6 11 `
    + `h ${-(width - 8)} l 6 -11 z`, fill: attack ? ATTACK_RED : BANNER_ORANGE });
  g.appendChild(banner);
  const does = t.w.action[ITEM_ACTIONS[i]];
  g.appendChild(text(x + width / 2, y + height - 18, does, 13, { anchor: "middle",
    fill: "#fff", weight: textWidth(does, 13, true) <= width - 20 ? "bold" : null,
    max: width - 16 }));
  if (item === "necklace") {
    // The scrolls in the corners: the one card that acts from the hand.
    for (const [cx, cy] of [[x + width - 11, y + height - 40], [x + 11, y + height - 40]]) {
      g.appendChild(el("circle", { cx, cy, r: 4, fill: BANNER_ORANGE }));
    }
  }
  if (o.count) {
    g.appendChild(el("circle", { cx: x + width - 12, cy: y + 19, r: 13, fill: INK }));
    g.appendChild(text(x + width - 12, y + 20, `×${o.count}`, 13, { anchor: "middle",
      fill: "#fff", weight: "bold", max: 24 }));
  }
  g.appendChild(svgTitle(o.tip || t.itemTip(item)));
  return g;
}

/** Draw the face of an ambush card. */
function ambushFace(t, token, x, y, width, height, tip) {
  const { colour, items } = ambushParts(token);
  const g = el("g", { class: "nh-ambush", "data-ambush": token });
  g.appendChild(el("rect", { x, y, width, height, rx: 7, fill: AMBUSH_GREEN, stroke: INK,
    "stroke-width": 2 }));
  if (colour >= 0) {
    const look = t.look(colour);
    g.appendChild(el("circle", { cx: x + width / 2, cy: y + height / 2 - 8, r: 15,
      fill: look.fill, stroke: "#fff", "stroke-width": 2 }));
    g.appendChild(text(x + width / 2, y + height / 2 - 7, look.initial, 16, { anchor: "middle",
      weight: "bold", fill: look.ink, outline: look.halo }));
    g.appendChild(text(x + width / 2, y + height - 12, t.name(colour), 13, { anchor: "middle",
      fill: "#fff", max: width - 8, ellipsis: true }));
  } else {
    const size = Math.min(30, (width - 14) / 2);
    items.forEach((item, k) => {
      const sx = x + width / 2 + (k ? 3 : -3 - size);
      g.appendChild(swatch(item, sx, y + 8, size));
    });
    // Both names on one line where they fit, else one above the other.
    const names = items.map((item) => t.w.short[item]);
    const line = names.join(" + ");
    const lines = textWidth(line, 13, false) <= width - 8 ? [line] : [`${names[0]} +`, names[1]];
    lines.forEach((part, k) => {
      g.appendChild(text(x + width / 2, y + height - 12 - 15 * (lines.length - 1 - k), part, 13,
        { anchor: "middle", fill: "#fff", max: width - 8 }));
    });
  }
  g.appendChild(svgTitle(tip || t.ambushTip(token)));
  return g;
}

/** Draw a face-down card back (item deck, ambush cards, hidden offers). */
function cardBack(x, y, width, height, fillColour) {
  const g = el("g", {});
  g.appendChild(el("rect", { x, y, width, height, rx: 6, fill: fillColour || "#5a4632",
    stroke: INK, "stroke-width": 2 }));
  g.appendChild(el("rect", { x: x + 5, y: y + 5, width: width - 10, height: height - 10, rx: 4,
    fill: "none", stroke: "#e8dcc0", "stroke-width": 1.5, "stroke-dasharray": "4 3" }));
  return g;
}

/** Draw a seat's disc: its colour with its letter. */
function seatDisc(t, seat, cx, cy, r) {
  const look = t.look(seat);
  const g = el("g", {});
  g.appendChild(el("circle", { cx, cy, r, fill: look.fill, stroke: INK, "stroke-width": 2 }));
  g.appendChild(text(cx, cy + 1, look.initial, Math.max(13, Math.round(r * 1.1)),
    { anchor: "middle", weight: "bold", fill: look.ink, outline: look.halo }));
  return g;
}

/** Draw a small labelled button (a rectangle with a word) and return its group. */
function wordButton(x, y, width, height, label, fillColour) {
  const g = el("g", { class: "nh-word" });
  g.appendChild(el("rect", { x, y, width, height, rx: 6, fill: fillColour || "#fffaf0",
    stroke: INK, "stroke-width": 2 }));
  g.appendChild(text(x + width / 2, y + height / 2 + 1, label, 15, { anchor: "middle",
    weight: "bold", max: width - 10, fill: fillColour ? "#fff" : INK }));
  return g;
}

// -- the table: status, sheriff's track, centre, commissions, the seat's own cards ---------

/** Draw whose turn it is and the step pending, returning the height used. */
function drawStatus(t, svg, top) {
  const { view, w } = t;
  let y = top;
  const head = view.phase === "over" ? w.gameOver
    : fill(w.turn, { turn: view.turn, name: t.name(view.active) });
  svg.appendChild(text(10, y + 12, head, 20, { weight: "bold", max: WIDE - 20, ellipsis: true }));
  y += 28;
  const drawn = view.drawn;
  const step = fill(w.phase[view.phase] || view.phase, {
    active: t.name(view.active), target: view.target >= 0 ? t.name(view.target) : "",
    drawn: drawn ? t.item(drawn).toLowerCase() : "",
    action: drawn ? w.action[ITEM_ACTIONS[ITEMS.indexOf(drawn)]] : "",
    count: view.table ? view.table.count : 0,
    item: view.table ? t.item(view.table.item).toLowerCase() : "",
    number: view.sheriff_number === null ? "" : view.sheriff_number });
  let line = step;
  if (view.after_discards) {
    line += ` (${view.after_discards === "draw" ? w.afterDraw : w.afterEnd})`;
  }
  const p = paragraph(10, y, line, 16, WIDE - 20, {});
  svg.appendChild(p.node);
  y += p.height;
  if (view.to_act.length) {
    const names = view.to_act.map((s) => t.name(s)).join(", ");
    const q = paragraph(10, y, fill(w.waiting, { names }), 15, WIDE - 20, { fill: MUTED });
    svg.appendChild(q.node);
    y += q.height;
  }
  const later = view.queue.filter((s) => !view.to_act.includes(s));
  if (later.length && view.phase === "ambush_window") {
    const names = later.map((s) => t.name(s)).join(", ");
    const q = paragraph(10, y, fill(w.queue, { names }), 15, WIDE - 20, { fill: MUTED });
    svg.appendChild(q.node);
    y += q.height;
  }
  return y - top + 6;
}

/** Draw the sheriff's pawn (a black pawn) standing on a point. */
function sheriffPawn(t, cx, bottom) {
  const g = el("g", { class: "nh-sheriff", "data-move": "sheriff" });
  g.appendChild(el("path", { d: `M ${cx - 9} ${bottom} l 4 -15 h 10 l 4 15 z`, fill: "#111",
    stroke: "#fff", "stroke-width": 1.5 }));
  g.appendChild(el("circle", { cx, cy: bottom - 20, r: 6.5, fill: "#111", stroke: "#fff",
    "stroke-width": 1.5 }));
  g.appendChild(svgTitle(t.w.tip.sheriff));
  return g;
}

/** Draw the town of Nottingham (a small castle). */
function castle(x, y) {
  return el("path", { d: `M ${x} ${y + 16} v -12 h 4 v 4 h 4 v -4 h 4 v 4 h 4 v -4 h 4 v 12 z`,
    fill: "#7b6a52", stroke: INK, "stroke-width": 1.2 });
}

/** Draw the sheriff's track with the sheriff and the number under him, returning the height
 * used. */
function drawTrack(t, svg, top) {
  const { view, w } = t;
  const track = view.track;
  const cells = track.length + 2;
  let y = top;
  svg.appendChild(text(10, y + 10, w.track, 15, { fill: MUTED, weight: "bold" }));
  y += 22;
  const cell = Math.min(56, (WIDE - 20) / cells);
  const height = 56;
  for (let space = 0; space < cells; space += 1) {
    const x = 10 + space * cell;
    const here = view.sheriff === space;
    const town = space === 0 || space === cells - 1;
    const number = town ? null : track[space - 1];
    const g = el("g", { class: "nh-space", "data-space": String(space) });
    g.appendChild(el("rect", { x: x + 1, y, width: cell - 2, height, rx: 5,
      fill: town ? "#d9ccb0" : "#efe4cb", stroke: here ? INK : "#9c8c6c",
      "stroke-width": here ? 3 : 1.2 }));
    if (town) {
      g.appendChild(castle(x + cell / 2 - 10, y + 8));
      g.appendChild(svgTitle(w.tip.town));
    } else {
      const label = here ? `[${number}]` : String(number);
      g.appendChild(text(x + cell / 2, y + 16, label, here ? 17 : 16, { anchor: "middle",
        weight: here ? "bold" : null, max: cell - 4 }));
      g.appendChild(svgTitle(fill(w.tip.space, { space, number })));
    }
    svg.appendChild(g);
    if (here) svg.appendChild(sheriffPawn(t, x + cell / 2, y + height - 3));
  }
  y += height + 6;
  const sheriffOff = view.sheriff === 0 ? w.townLegend
    : view.sheriff >= cells - 1 ? w.homeLegend : null;
  const legend = sheriffOff || fill(w.markLegend, { number: view.sheriff_number });
  const g = el("g", { class: "nh-mark" });
  const p = paragraph(10, y, legend, 14, WIDE - 20, { fill: MUTED });
  g.appendChild(p.node);
  g.appendChild(svgTitle(sheriffOff ? w.tip.sheriff : `${fill(w.tip.space, {
    space: view.sheriff, number: view.sheriff_number })} ${w.tip.sheriff}`));
  svg.appendChild(g);
  y += p.height;
  return y - top + 6;
}

/** Draw the piles, the drawn card with its choices, the cards laid out for an exchange, the
 * ambush cards being chosen from and the ambush deck, returning the height used. */
function drawCentre(t, svg, top) {
  const { view, w } = t;
  const y = top + 20;
  const cardW = CARD_W;
  const cardH = 112;
  let x = 10;
  const head = (label, at, width) => {
    svg.appendChild(text(at, top + 8, label, 14, { fill: MUTED, max: width,
      weight: textWidth(label, 14, true) <= width ? "bold" : null }));
  };
  // The item deck and the discard pile.
  head(w.deck, x, 70);
  const deck = placed(el("g", { class: "nh-deck" }), "card", "deck", view.deck);
  deck.appendChild(cardBack(x + 4, y + 4, 60, 84));
  deck.appendChild(cardBack(x, y, 60, 84));
  deck.appendChild(text(x + 30, y + 44, String(view.deck), 20, { anchor: "middle",
    weight: "bold", fill: "#fff", outline: INK }));
  deck.appendChild(svgTitle(fill(w.tip.deck, { count: view.deck })));
  svg.appendChild(deck);
  x += 76;
  head(w.discard, x, 76);
  const total = view.discard.reduce((a, b) => a + b, 0);
  const pile = placed(el("g", { class: "nh-discard" }), "card", "discard", total);
  pile.appendChild(el("rect", { x, y, width: 64, height: 84, rx: 6, fill: total ? PAPER : "none",
    stroke: "#8a7a5a", "stroke-width": 1.5, "stroke-dasharray": total ? null : "5 4" }));
  pile.appendChild(text(x + 32, y + 44, String(total), 20, { anchor: "middle",
    weight: "bold" }));
  const listed = ITEMS.filter((_, i) => view.discard[i])
    .map((item) => `${view.discard[ITEMS.indexOf(item)]} × ${t.item(item)}`).join(", ");
  pile.appendChild(svgTitle(fill(w.tip.discard, { count: total, items: listed || "—" })));
  svg.appendChild(pile);
  x += 84;
  let bottom = y + 88;
  // The top of the row being filled (a part that does not fit beside the last starts a row).
  let row = y;
  // The drawn card and what its owner may do with it.
  if (view.drawn) {
    const card = itemCard(t, view.drawn, x, y, cardW, cardH,
      { tip: `${w.tip.drawn} ${t.itemTip(view.drawn)}` });
    card.classList.add("nh-drawn");
    placed(card, "card", "drawn");
    svg.appendChild(card);
    const bx = x + cardW + 8;
    let by = y;
    const action = ITEM_ACTIONS[ITEMS.indexOf(view.drawn)];
    const buttons = [["keep", w.keep, null], ["buy", w.action.buy, BANNER_ORANGE],
      ["ambush", w.action.ambush, BANNER_ORANGE], ["trade", w.action.trade, BANNER_ORANGE],
      ["refuse", w.refuse, null]];
    for (const [verb, label, colour] of buttons) {
      if (!t.choices.has(verb)) continue;
      const g = wordButton(bx, by, 104, 34, label, colour);
      g.appendChild(svgTitle(verb === "keep" || verb === "refuse" ? t.choices.get(verb).label
        : w.does[action]));
      t.button(g, verb, { x: bx, y: by, w: 104, h: 34 });
      svg.appendChild(g);
      by += 42;
    }
    const attack = ["steal", "rob", "raid"].find((verb) => t.kind(verb).length);
    if (attack) {
      const hint = paragraph(bx, by + 2, fill(w.pickTarget, { action: w.action[attack] }), 14,
        104, { fill: ATTACK_RED, weight: "bold" });
      svg.appendChild(hint.node);
      by += hint.height + 4;
    }
    const used = by > y ? 116 : 0;
    svg.appendChild(text(x, top + 8, w.drawn, 14, { fill: MUTED, max: cardW + used - 4,
      weight: textWidth(w.drawn, 14, true) <= cardW + used - 4 ? "bold" : null }));
    x = bx + used;
    bottom = Math.max(bottom, y + cardH, by);
  }
  // The cards laid out for an exchange, while ambushers are asked.
  if (view.table) {
    let ly = row;
    if (x + cardW > WIDE - 10) {
      x = 10;
      ly = bottom + 24;
      row = ly;
    }
    svg.appendChild(text(x, ly - 12, w.laidOut, 14, { fill: MUTED, weight: "bold",
      max: cardW + 20 }));
    const tip = fill(w.tip.laidOut, { owner: t.name(view.active), count: view.table.count,
      item: t.item(view.table.item) });
    const card = itemCard(t, view.table.item, x, ly, cardW, cardH,
      { count: view.table.count, tip: `${tip} ${t.itemTip(view.table.item)}` });
    card.classList.add("nh-laid-out");
    svg.appendChild(card);
    x += cardW + 12;
    bottom = Math.max(bottom, ly + cardH);
  }
  // The two ambush cards the active player is choosing between.
  if (view.ambush_look) {
    let ay = row;
    let ax = x;
    if (ax + 2 * (cardW + 8) > WIDE - 10) {
      ax = 10;
      ay = bottom + 24;
      row = ay;
    }
    svg.appendChild(text(ax, ay - 12, w.lookHead, 14, { fill: MUTED, weight: "bold" }));
    view.ambush_look.forEach((token, k) => {
      const cx = ax + k * (cardW + 8);
      const g = ambushFace(t, token, cx, ay, cardW, 84, `${w.tip.look} ${t.ambushTip(token)}`);
      t.button(g, `hide:${token}`, { x: cx, y: ay, w: cardW, h: 84 });
      svg.appendChild(g);
    });
    x = ax + 2 * (cardW + 8) + 4;
    bottom = Math.max(bottom, ay + 88);
  }
  // The ambush deck: its size and what the viewer or everybody knows of it.
  const deckCards = view.ambush_deck;
  let dx = x;
  let dy = row;
  if (dx + 100 > WIDE - 10) {
    dx = 10;
    dy = bottom + 24;
  }
  svg.appendChild(text(dx, dy - 12, w.ambushDeck, 14, { fill: MUTED, weight: "bold",
    max: WIDE - 10 - dx }));
  const pileG = el("g", { class: "nh-ambush-deck" });
  pileG.appendChild(cardBack(dx + 3, dy + 3, 56, 78, AMBUSH_GREEN));
  pileG.appendChild(cardBack(dx, dy, 56, 78, AMBUSH_GREEN));
  pileG.appendChild(text(dx + 28, dy + 40, String(deckCards.length), 20, { anchor: "middle",
    weight: "bold", fill: "#fff", outline: INK }));
  pileG.appendChild(svgTitle(fill(w.tip.ambushDeck, { count: deckCards.length })));
  svg.appendChild(pileG);
  // Known deck cards beside the pile, top first, with who knows them.
  let kx = dx + 66;
  let ky = dy;
  deckCards.forEach((token, place) => {
    const knowers = view.ambush_deck_known[place];
    if (!knowers.length) return;
    if (kx + 50 > WIDE - 6) {
      kx = dx + 66;
      ky += 52;
    }
    const tip = fill(w.tip.deckCard, { place: place + 1,
      names: knowers.map((s) => t.name(s)).join(", ") });
    let g;
    if (token) {
      g = ambushFace(t, token, kx, ky, 46, 46, `${tip} ${t.ambushTip(token)}`);
      // Small faces: the full names are in the tooltip.
      g.querySelectorAll("text").forEach((node) => node.remove());
      g.classList.add("nh-deck-card");
    } else {
      g = el("g", { class: "nh-deck-card nh-ambush-back" });
      g.appendChild(cardBack(kx, ky, 46, 46, AMBUSH_GREEN));
      g.appendChild(svgTitle(tip));
    }
    g.setAttribute("data-place", String(place));
    knowers.slice(0, 3).forEach((s, k) => {
      g.appendChild(seatDisc(t, s, kx + 8 + k * 15, ky + 44, 7));
    });
    svg.appendChild(g);
    kx += 52;
  });
  bottom = Math.max(bottom, dy + 84, ky + 54);
  return bottom - top + 8;
}

/** Draw a row of item swatches for a list of items (a commission or exchange choice). */
function itemRow(items, x, y, size) {
  const g = el("g", {});
  items.forEach((item, k) => g.appendChild(swatch(item, x + k * (size + 3), y, size)));
  return g;
}

/** Draw the four commissions with their values and completers, and below them the
 * commissions the seat may complete now, returning the height used. */
function drawCommissions(t, svg, top) {
  const { view, w } = t;
  let y = top;
  svg.appendChild(text(10, y + 10, w.commissions, 15, { fill: MUTED, weight: "bold" }));
  y += 22;
  const gap = 8;
  const width = (WIDE - 20 - 3 * gap) / 4;
  const height = 92;
  view.commission_names.forEach((kind, k) => {
    const x = 10 + k * (width + gap);
    const [single, double] = view.commission_values[k];
    const done = view.commissions[k];
    const g = el("g", { class: "nh-commission", "data-commission": kind });
    g.appendChild(el("rect", { x, y, width, height, rx: 8, fill: done.length >= 2 ? "#d8d0c0"
      : "#e4eed2", stroke: INK, "stroke-width": 2 }));
    // The name on one line, or on two where one is too short for it ("Seven different").
    const name = w.commission[kind];
    // (Broken at the space that leaves the longer line shortest.)
    let at = -1;
    for (let i = 0; i < name.length; i += 1) {
      if (name[i] === " " && (at < 0 || Math.max(i, name.length - i)
        < Math.max(at, name.length - at))) at = i;
    }
    const lines = textWidth(name, 14, true) <= width - 8 || at < 0 ? [name]
      : [name.slice(0, at), name.slice(at + 1)];
    const low = (lines.length - 1) * 10;
    lines.forEach((line, i) => {
      g.appendChild(text(x + width / 2, y + 15 + (i ? 17 : 0) - (lines.length - 1) * 3, line,
        14, { anchor: "middle", weight: "bold", max: width - 8 }));
    });
    // The single-pawn value and the two-pawn value; the one that counts now is bold.
    const pawns = [[1, single], [2, double]];
    pawns.forEach(([n, value], k2) => {
      const px = x + 6 + k2 * (width / 2 - 2);
      for (let i = 0; i < n; i += 1) {
        g.appendChild(el("circle", { cx: px + 4 + i * 9, cy: y + 38 + low, r: 4.5,
          fill: INK }));
      }
      const counts = (done.length === 1 && n === 1) || (done.length === 2 && n === 2);
      g.appendChild(text(px + 4 + n * 9, y + 39 + low, String(value), 17, {
        weight: counts ? "bold" : null, fill: counts ? INK : MUTED }));
    });
    if (done.length) {
      done.forEach((s, i) => g.appendChild(seatDisc(t, s, x + 18 + i * 28, y + 68 + low / 2,
        11)));
    } else {
      g.appendChild(text(x + width / 2, y + 68 + low / 2, w.open, 14, { anchor: "middle",
        fill: MUTED,
        max: width - 8 }));
    }
    const names = done.map((s) => t.name(s)).join(", ");
    const tip = `${fill(w.tip.commission, { name: w.commission[kind], needs: w.needs[kind],
      single, double })} ${done.length ? fill(w.tip.doneBy, { names }) : w.tip.openCommission}`;
    g.appendChild(svgTitle(tip));
    svg.appendChild(g);
  });
  y += height + 8;
  // The commissions the seat may complete now, each its own button, in a row per kind
  // under the cards.
  const size = 22;
  for (const kind of COMMISSIONS) {
    const choices = t.kind("commission").filter((a) => parseAction(a).args[0] === kind);
    if (!choices.length) continue;
    svg.appendChild(text(10, y + size / 2 + 6, w.commission[kind], 13, { fill: MUTED,
      weight: "bold", max: 104 }));
    let x = 120;
    for (const action of choices) {
      const named = parseAction(action).args.slice(1);
      const items = kind === "seven" ? ITEMS : named;
      const chipW = items.length * (size + 3) + 9 + (kind === "seven" ? 0 : 28);
      if (x + chipW > WIDE - 10) {
        x = 120;
        y += size + 18;
      }
      const g = el("g", { class: "nh-commission-choice", "data-commission": kind });
      g.appendChild(el("rect", { x, y, width: chipW, height: size + 10, rx: 6,
        fill: "#e4eed2", stroke: INK, "stroke-width": 1.5 }));
      g.appendChild(itemRow(items, x + 6, y + 5, size));
      if (kind !== "seven") {
        g.appendChild(text(x + chipW - 16, y + size / 2 + 6, kind === "five" ? "×5" : "×2",
          13, { anchor: "middle", weight: "bold" }));
      }
      const listed = items.map((item) => t.item(item)).join(", ");
      g.appendChild(svgTitle(fill(w.tip.commissionChoice, { name: w.commission[kind],
        items: listed })));
      t.button(g, action, { x, y, w: chipW, h: size + 10 });
      svg.appendChild(g);
      x += chipW + 10;
    }
    y += size + 18;
  }
  return y - top;
}

/** Draw the seat's own hand (with exchanges under each card), its two-card offers and its
 * ambush cards, returning the height used. */
function drawMine(t, svg, top) {
  const { view, w } = t;
  if (t.seat === null || !view.hand) return 0;
  let y = top;
  svg.appendChild(text(10, y + 10, w.yourHand, 15, { fill: MUTED, weight: "bold" }));
  y += 22;
  const cardW = CARD_W;
  const cardH = 112;
  const gap = 7;
  const held = ITEMS.filter((_, i) => view.hand[i] > 0);
  if (!held.length) {
    svg.appendChild(text(10, y + 12, w.emptyHand, 15, { fill: MUTED }));
    y += 28;
  }
  // Cards in rows as many as the drawing's width holds, each row as deep as its exchanges.
  const perRow = Math.floor((WIDE - 20 + gap) / (cardW + gap));
  let deepest = 0;
  let anyKnown = false;
  held.forEach((item, k) => {
    const i = ITEMS.indexOf(item);
    const x = 10 + (k % perRow) * (cardW + gap);
    if (k && k % perRow === 0) {
      y += cardH + Math.max(18, deepest) + 6;
      deepest = 0;
    }
    const count = view.hand[i];
    const knowers = [];
    view.my_hand_known_to.forEach((row, s) => {
      if (s !== t.seat && row[i] > 0) knowers.push([s, row[i]]);
    });
    const knownTip = knowers.length
      ? fill(w.tip.knownBy, { names: knowers.map(([s, n]) => `${t.name(s)} (${n})`)
        .join(", ") })
      : w.tip.knownNobody;
    const tip = `${t.itemTip(item)} ${fill(w.tip.held, { count })} ${knownTip}`;
    const card = itemCard(t, item, x, y, cardW, cardH, { count, tip });
    card.classList.add("nh-held", "nh-mine");
    card.setAttribute("data-seat", String(t.seat));
    card.setAttribute("data-count", String(count));
    // Who else knows of cards of this item in the hand, as their discs under the card.
    if (knowers.length) anyKnown = true;
    knowers.slice(0, 5).forEach(([s], n) => {
      card.appendChild(seatDisc(t, s, x + 9 + n * 16, y + cardH + 9, 7));
    });
    const box = { x, y, w: cardW, h: cardH };
    const verbs = [`offer:${item}`, `discard:${item}`];
    if (item === "necklace") verbs.push("defend");
    verbs.some((action) => t.button(card, action, box));
    svg.appendChild(card);
    // Exchanges of this item, one small button per number of cards.
    const exchanges = t.kind("exchange").filter((a) => parseAction(a).args[0] === item);
    exchanges.forEach((action, n) => {
      const size = parseAction(action).args[1];
      const bx = x + (n % 3) * 28;
      const by = y + cardH + 24 + Math.floor(n / 3) * 30;
      const g = el("g", { class: "nh-exchange", "data-item": item });
      g.appendChild(el("rect", { x: bx, y: by, width: 25, height: 24, rx: 5, fill: PAPER,
        stroke: INK, "stroke-width": 1.5 }));
      g.appendChild(text(bx + 12.5, by + 13, `×${size}`, 13, { anchor: "middle",
        weight: "bold", max: 22 }));
      g.appendChild(svgTitle(fill(w.tip.exchangeChoice, { count: size, item: t.item(item),
        value: ITEM_VALUES[i] })));
      t.button(g, action, { x: bx, y: by, w: 25, h: 24, r: 5 });
      svg.appendChild(g);
      deepest = Math.max(deepest, 24 + (Math.floor(n / 3) + 1) * 30);
    });
  });
  if (held.length) y += cardH + Math.max(18, deepest) + 6;
  if (anyKnown) {
    // What the discs under the cards mean, said once under the hand.
    const legend = text(10, y + 10, w.knownLegend, 13, { fill: MUTED, max: WIDE - 20 });
    legend.classList.add("nh-known-legend");
    svg.appendChild(legend);
    y += 24;
  }
  // Two-card offers of a Trade.
  const pairs = t.kind("offer").filter((a) => parseAction(a).args.length === 2);
  if (pairs.length) {
    svg.appendChild(text(10, y + 14, w.twoCards, 14, { fill: MUTED, weight: "bold",
      max: 96 }));
    let x = 110;
    let rowTop = y;
    const size = 24;
    for (const action of pairs) {
      const [a, b] = parseAction(action).args;
      const chipW = 2 * (size + 3) + 9;
      if (x + chipW > WIDE - 10) {
        x = 110;
        rowTop += size + 16;
      }
      const g = el("g", { class: "nh-offer-two" });
      g.appendChild(el("rect", { x, y: rowTop, width: chipW, height: size + 10, rx: 6,
        fill: PAPER, stroke: INK, "stroke-width": 1.5 }));
      g.appendChild(itemRow([a, b], x + 5, rowTop + 5, size));
      g.appendChild(svgTitle(fill(w.tip.offerTwo, { a: t.item(a), b: t.item(b) })));
      t.button(g, action, { x, y: rowTop, w: chipW, h: size + 10 });
      svg.appendChild(g);
      x += chipW + 9;
    }
    y = rowTop + size + 18;
  }
  // The seat's own ambush cards, face up to it.
  if (view.my_ambushes && view.my_ambushes.length) {
    svg.appendChild(text(10, y + 10, w.yourAmbushes, 15, { fill: MUTED, weight: "bold" }));
    y += 22;
    const perRow = Math.floor((WIDE - 20 + gap) / (cardW + gap));
    view.my_ambushes.forEach((token, k) => {
      const x = 10 + (k % perRow) * (cardW + gap);
      if (k && k % perRow === 0) y += 96;
      const g = ambushFace(t, token, x, y, cardW, 84);
      // The gold under it, peeking out.
      g.insertBefore(el("rect", { x: x + 6, y: y + 80, width: cardW - 12, height: 8, rx: 3,
        fill: ITEM_FILL.gold, stroke: INK, "stroke-width": 1 }), g.firstChild);
      t.button(g, `spring:${token}`, { x, y, w: cardW, h: 88 });
      svg.appendChild(g);
    });
    y += 96;
  }
  return y - top;
}

/** Draw the table: status, sheriff's track, centre, commissions and the seat's own cards. */
function drawTable(t) {
  const svg = el("svg", { class: "nh-table", role: "group", "aria-label": "Nottingham" });
  let y = 6;
  y += drawStatus(t, svg, y);
  y += drawTrack(t, svg, y);
  y += drawCentre(t, svg, y);
  y += drawCommissions(t, svg, y);
  y += drawMine(t, svg, y);
  svg.setAttribute("viewBox", `0 0 ${WIDE} ${y + 4}`);
  return svg;
}

// -- the players: one panel per seat ---------------------------------------------------------

/** Return the seats who won, best points then most winnings cards (once the game is over). */
function winners(view) {
  if (view.phase !== "over") return [];
  const key = (s) => [view.seats[s].points, view.seats[s].winnings.reduce((a, b) => a + b, 0)];
  let best = null;
  for (let s = 0; s < view.players; s += 1) {
    const [p, c] = key(s);
    if (!best || p > best[0] || (p === best[0] && c > best[1])) best = [p, c];
  }
  return view.seats.map((_, s) => s).filter((s) => {
    const [p, c] = key(s);
    return p === best[0] && c === best[1];
  });
}

/** Draw a small stat: an icon, a number and a tooltip. */
function stat(x, y, icon, value, tip) {
  const g = el("g", { class: "nh-stat" });
  g.appendChild(icon);
  g.appendChild(text(x + 24, y + 1, String(value), 17, { weight: "bold" }));
  g.appendChild(svgTitle(tip));
  return g;
}

/** Draw a star (points). */
function star(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 10; i += 1) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 ? r * 0.45 : r;
    pts.push(`${cx + rr * Math.cos(a)},${cy + rr * Math.sin(a)}`);
  }
  return el("polygon", { points: pts.join(" "), fill: "#e3b21c", stroke: INK,
    "stroke-width": 1.5 });
}

/** Draw one seat's panel: name, points, hand, ambush cards, winnings and offer; return its
 * height. */
function drawSeat(t, svg, seat, top) {
  const { view, w } = t;
  const info = view.seats[seat];
  const owner = t.name(seat);
  const mine = seat === t.seat;
  const acting = view.to_act.includes(seat);
  const active = view.active === seat && view.phase !== "over";
  const targets = ["steal", "rob", "raid"].map((verb) => `${verb}:${seat}`)
    .filter((a) => t.choices.has(a));
  // A row below the winnings for what is asked of this seat now: the attack aimed at it (part
  // of the header's button) or its offer in a Buy or a Trade.
  const extra = targets.length || info.offer || info.offered ? 42 : 0;
  const height = 146 + extra;
  const panel = el("g", { class: "nh-seat", "data-seat": String(seat) });
  panel.appendChild(el("rect", { x: 4, y: top, width: WIDE - 8, height: height - 8, rx: 10,
    fill: mine ? "#fffaf0" : PAPER, stroke: acting ? INK : "#b9ab8c",
    "stroke-width": acting ? 4 : 2, "stroke-dasharray": acting && !active ? "8 4" : null }));
  panel.appendChild(el("rect", { x: 4, y: top, width: 10, height: height - 8, rx: 4,
    fill: t.look(seat).fill, stroke: INK, "stroke-width": 1 }));
  svg.appendChild(panel);
  // Header: disc, name, markers, points, hand size, ambush cards; the whole row is the
  // button when the seat may be attacked.
  const hy = top + 6;
  const header = el("g", { class: "nh-seat-head", "data-seat": String(seat) });
  header.appendChild(seatDisc(t, seat, 34, hy + 16, 14));
  const label = mine ? `${owner} (${w.you})` : owner;
  header.appendChild(text(54, hy + 17, label, 18, { weight: "bold", max: 146, ellipsis: true }));
  let tip = fill(w.tip.handSize, { owner, count: info.hand_size });
  if (active) tip = `${fill(w.tip.active, { owner })} ${tip}`;
  if (acting) tip = `${tip} ${fill(w.tip.toAct, { owner })}`;
  if (targets.length) {
    const drawnName = view.drawn ? t.item(view.drawn).toLowerCase() : "";
    tip = `${fill(w.tip.seatTarget, { owner, drawn: drawnName })} ${tip}`;
    const verb = w.action[parseAction(targets[0]).kind];
    header.appendChild(text(54, top + 150, `${verb} ▸`, 16, { weight: "bold",
      fill: ATTACK_RED, max: WIDE - 80 }));
  }
  header.appendChild(svgTitle(tip));
  let x = 212;
  if (active) {
    const g = el("g", { class: "nh-active" });
    g.appendChild(el("polygon", { points: `${x - 6},${hy + 5} ${x + 12},${hy + 17} `
      + `${x - 6},${hy + 29}`, fill: INK }));
    g.appendChild(svgTitle(fill(w.tip.active, { owner })));
    header.appendChild(g);
  } else if (acting) {
    const g = el("g", { class: "nh-to-act" });
    g.appendChild(el("path", { d: `M ${x - 6} ${hy + 6} h 16 l -16 22 h 16 z`, fill: "none",
      stroke: INK, "stroke-width": 2.5 }));
    g.appendChild(svgTitle(fill(w.tip.toAct, { owner })));
    header.appendChild(g);
  }
  if (winners(view).includes(seat)) {
    const g = el("g", { class: "nh-winner" });
    g.appendChild(el("path", { d: `M ${x + 14} ${hy + 28} l -4 -18 l 8 8 l 6 -12 l 6 12 l 8 -8 `
      + "l -4 18 z", fill: "#e3b21c", stroke: INK, "stroke-width": 1.5 }));
    g.appendChild(svgTitle(fill(w.tip.winner, { owner })));
    header.appendChild(g);
  }
  x = 262;
  header.appendChild(placed(stat(x, hy + 16, star(x + 10, hy + 16, 11), info.points,
    fill(w.tip.points, { owner, count: info.points })), `points:${seat}`, "points",
  info.points));
  x += 68;
  const cardIcon = el("g", {});
  cardIcon.appendChild(el("rect", { x: x + 2, y: hy + 5, width: 16, height: 22, rx: 3,
    fill: PAPER, stroke: INK, "stroke-width": 1.5 }));
  header.appendChild(stat(x, hy + 16, cardIcon, info.hand_size,
    fill(w.tip.handSize, { owner, count: info.hand_size })));
  x += 64;
  const ambushIcon = el("g", {});
  ambushIcon.appendChild(el("rect", { x: x + 3, y: hy + 20, width: 16, height: 8, rx: 2,
    fill: ITEM_FILL.gold, stroke: INK, "stroke-width": 1 }));
  ambushIcon.appendChild(el("rect", { x: x + 2, y: hy + 4, width: 18, height: 20, rx: 3,
    fill: AMBUSH_GREEN, stroke: INK, "stroke-width": 1.5 }));
  const ambushes = stat(x, hy + 16, ambushIcon, info.ambushes,
    fill(w.tip.ambushesInPlay, { owner, count: info.ambushes }));
  ambushes.classList.add("nh-ambushes");
  header.appendChild(ambushes);
  if (targets.length) {
    t.button(header, targets[0], { x: 18, y: hy, w: WIDE - 40, h: 32 + 4 + extra + 4 });
  }
  svg.appendChild(header);
  // The hand: the cards the viewer is sure of, by item, and the unknown rest.
  const ry = top + 46;
  svg.appendChild(text(22, ry + 16, w.hand, 14, { fill: MUTED, weight: "bold", max: 50 }));
  x = 76;
  const size = 30;
  ITEMS.forEach((item, i) => {
    const count = info.known[i];
    if (!count) return;
    const g = placed(el("g", { class: "nh-held", "data-seat": String(seat), "data-item": item }),
      "card", `hand:${seat}:${item}`, count);
    g.appendChild(swatch(item, x, ry + 1, size));
    g.appendChild(text(x + size + 2, ry + 17, `×${count}`, 14, { weight: "bold" }));
    let tipText = mine ? `${t.itemTip(item)} ${fill(w.tip.held, { count })}`
      : `${fill(w.tip.seen, { owner, count })} ${t.itemTip(item)}`;
    if (info.public[i] && info.public[i] !== count) {
      tipText += ` ${fill(w.tip.publicCount, { count: info.public[i] })}`;
    }
    g.appendChild(svgTitle(tipText));
    t.button(g, `take:${item}`, { x, y: ry + 1, w: size + 22, h: size });
    svg.appendChild(g);
    x += size + 26;
  });
  if (info.unknown) {
    const g = placed(el("g", { class: "nh-unknown", "data-seat": String(seat) }), "card",
      `hand:${seat}`, info.unknown);
    g.appendChild(cardBack(x, ry + 1, 24, size));
    g.appendChild(text(x + 28, ry + 17, `×${info.unknown}`, 14, { weight: "bold" }));
    g.appendChild(svgTitle(fill(w.tip.unknown, { owner, count: info.unknown })));
    svg.appendChild(g);
  }
  // Winnings by item, then the offer on the table.
  const wy = top + 90;
  const wonWidth = textWidth(w.winnings, 14, true);
  svg.appendChild(text(22, wy + 16, w.winnings, 14, { fill: MUTED, weight: "bold",
    max: Math.max(50, wonWidth) }));
  x = Math.max(76, 30 + wonWidth);
  const won = ITEMS.filter((_, i) => info.winnings[i]);
  won.forEach((item) => {
    const i = ITEMS.indexOf(item);
    const count = info.winnings[i];
    const g = placed(el("g", { class: "nh-winnings", "data-item": item }), "card",
      `won:${seat}:${item}`, count);
    g.appendChild(swatch(item, x, wy + 3, 26));
    g.appendChild(text(x + 29, wy + 17, `×${count}`, 13, { weight: "bold" }));
    g.appendChild(svgTitle(fill(w.tip.winnings, { owner, count, item: t.item(item),
      points: count * ITEM_VALUES[i] })));
    svg.appendChild(g);
    x += 50;
  });
  if (!won.length) {
    const g = el("g", { class: "nh-winnings" });
    g.appendChild(el("rect", { x, y: wy + 3, width: 26, height: 26, rx: 4, fill: "none",
      stroke: "#b9ab8c", "stroke-dasharray": "4 3" }));
    g.appendChild(svgTitle(fill(w.tip.noWinnings, { owner })));
    svg.appendChild(g);
  }
  drawOffer(t, svg, seat, 22, top + 134);
  return height;
}

/** Mark `node` as a piece the shell moves from where it was to where it is (`kind`, at
 * `where`, `count` of them: docs/web.md), return it. */
function placed(node, kind, where, count = 1) {
  node.setAttribute("data-piece", kind);
  node.setAttribute("data-at", where);
  node.setAttribute("data-count", String(count));
  return node;
}

/** Draw a seat's offer in a Buy or a Trade (face up, face down or none possible). */
function drawOffer(t, svg, seat, x, y) {
  const { view, w } = t;
  const info = view.seats[seat];
  const owner = t.name(seat);
  if (!info.offer && !info.offered) return;
  const width = Math.min(WIDE - 14 - x, 300);
  const g = el("g", { class: "nh-offer", "data-seat": String(seat) });
  g.appendChild(el("rect", { x, y, width, height: 34, rx: 6, fill: "#fffaf0", stroke: INK,
    "stroke-width": 1.5 }));
  g.appendChild(text(x + 6, y + 18, w.offer, 13, { fill: MUTED, weight: "bold", max: 56 }));
  if (info.offer) {
    g.setAttribute("data-items", info.offer.join(","));
    placed(g, "card", `offer:${seat}`, info.offer.length);
    g.appendChild(itemRow(info.offer, x + 64, y + 4, 26));
    const names = info.offer.map((item) => t.item(item)).join(", ");
    g.appendChild(svgTitle(fill(w.tip.offer, { owner, items: names })));
  } else if (info.offered === 1) {
    placed(g, "card", `offer:${seat}`);
    g.appendChild(cardBack(x + 64, y + 3, 22, 28));
    g.appendChild(text(x + 92, y + 18, w.faceDown, 13, { max: width - 96 }));
    g.appendChild(svgTitle(fill(w.tip.offerHidden, { owner })));
  } else {
    g.appendChild(text(x + 64, y + 18, w.nothing, 13, { max: width - 68 }));
    g.appendChild(svgTitle(fill(w.tip.announced, { owner })));
  }
  const box = { x, y, w: width, h: 34 };
  [`purchase:${seat}`, `accept:${seat}`].some((action) => t.button(g, action, box));
  svg.appendChild(g);
}

/** Draw every seat's panel, the viewer's first, then round the table from their left. */
function drawSeats(t) {
  const svg = el("svg", { class: "nh-seats", role: "group", "aria-label": "Nottingham" });
  const first = t.seat === null ? 0 : t.seat;
  let y = 4;
  for (let k = 0; k < t.players; k += 1) {
    y += drawSeat(t, svg, (first + k) % t.players, y);
  }
  svg.setAttribute("viewBox", `0 0 ${WIDE} ${y}`);
  return svg;
}

/**
 * Draw the whole board for `view` (a seat's or a spectator's) into `container`, emptying it
 * first. `ctx` is the shell's: seat, players, names, lang, t, choices, pick, colour.
 */
export function render(container, view, ctx) {
  container.replaceChildren();
  const t = new Table(view, ctx);
  const root = boardRoot("nh-board");
  root.appendChild(fluid(drawTable(t), 380, 720));
  root.appendChild(fluid(drawSeats(t), 380, 720));
  container.appendChild(root);
}
