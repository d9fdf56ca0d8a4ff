// The game log as players read it, at a table and in the replay: each seat a line names has
// its colour chip before it (also where a Polish sentence declines the name: "Niebieskiemu"),
// a small mark before each line says what it moves, and the lines are grouped by turn (or
// round): the latest turn open, every earlier one folded to its first line, which opens it.
// The lines' text stays the server's, word for word (chips and marks are drawn by the style
// sheet), so that the log reads the same to a screen reader and to a test.

import { SEAT_SHADES, seatLook } from "./boards.js";
import { t } from "./i18n.js";
import { el } from "./lobby.js";

// A log line that starts a turn (or a round) in each game: the log is grouped by them.
const TURN_KEYS = /^(turn|round|nd\.round|draw)$/;
// A small mark before a log line, by what its event moves (the key's words).
const ICONS = [
  [/plague|spread|^reveal$|lose|overflow|rat/, "☠"],
  [/prestige|commission|exchange\.done/, "★"],
  [/bribe|income|gold|payout|donate|purchase|buy|offer$/, "●"],
  [/place|cube|king|merchant|monk|setup\.place/, "■"],
  [/send|seat|exile|admit|takeover|defend|enter/, "♟"],
  [/sheriff|drive|carriage/, "➜"],
  [/draw|take|keep|play|pass|card|deal|favour|trade|steal|rob|raid|ambush|hire|choose/, "▮"],
];

// The pieces a log line may name, per game and language, each drawn as a small icon before
// its word (the style sheet's `.pc-KIND`): the words as the games' texts write them, with
// their plural and (Polish) declined forms. The icons carry no text, so that the line reads
// the same, word for word.
const CARD_PL = "kart(?:a|y|ę|ą|ami|ach|om)?";
const PIECES = {
  rattus: {
    en: [["rat tokens?|tokens?", "rat"], ["cubes?", "cube"], ["plague", "plague"],
      ["class cards?|cards?", "card"]],
    it: [["segnalin[oi](?: Ratto)?", "rat"], ["cubett[oi]", "cube"], ["Peste", "plague"],
      ["cart[ae](?: Classe)?", "card"]],
    pl: [["żeton(?:y|ów|ami|em|om|ach|u)?(?: szczur(?:a|ów))?", "rat"],
      ["kost(?:ka|ki|kę|ek|kami|kach|kom|ce|ką)", "cube"], ["dżum(?:a|ę|y|ą|ie)", "plague"],
      [`${CARD_PL}(?: klas)?`, "card"]],
  },
  "notre-dame": {
    en: [["cubes?", "cube"], ["cards?", "card"], ["gold", "coin"], ["messages?", "message"],
      ["prestige", "prestige"], ["carriages?", "carriage"], ["rat markers?", "rat"]],
    it: [["cubett[oi]", "cube"], ["cart[ae]", "card"], ["monet[ae]", "coin"],
      ["messagg(?:io|i)", "message"], ["punt[oi] prestigio|prestigio", "prestige"], ["carrozz[ae]", "carriage"],
      ["topi", "rat"]],
    pl: [["znacznik(?:i|ów|iem|ami|a|om|ach)?", "cube"], [CARD_PL, "card"],
      ["złot(?:a|e|ą|ych) monet(?:a|y|ę|ą|ami)?|monet(?:a|y|ę|ą)|złot[ao]", "coin"],
      ["wiadomoś(?:ć|ci)", "message"], ["punkt(?:y|ów)? prestiżu|prestiż(?:u|em)?", "prestige"],
      ["pow(?:óz|ozem|ozu|ozie)", "carriage"], ["szczur(?:y|ów|ami|om)?", "rat"]],
  },
  nottingham: {
    en: [["ambush cards?|cards?|copper coins?|silver candlesticks?|candlestick|gold|pearls"
      + "|jewels|necklaces?|chests?", "card"], ["sheriff", "sheriff"],
      ["points?", "prestige"]],
    it: [["cart[ae](?: imboscata)?|Monet[ae] di Rame|Candelabr[oi] d'Argento|Oro|Perle"
      + "|Gioielli|Collan[ae]|Forzier[ei]", "card"], ["Sceriffo", "sheriff"],
      ["punt[oi]", "prestige"]],
    pl: [[`${CARD_PL}(?: zasadzki)?|miedzian(?:a|ą|e|ych) monet(?:a|ę|y|ą)?`
      + "|srebrn(?:y|e|ych|ym) świeczni(?:k|ki|ków|kiem)|sztab(?:ka|kę|ki|ek|ką) złota"
      + "|sznur(?:y|ów|em)? pereł|klejnot(?:y|ów|em)?|naszyjni(?:k|ki|ków|kiem)"
      + "|skrzy(?:nia|nię|nie|ń|nią)", "card"], ["szeryf(?:a|em|owi)?", "sheriff"],
      ["punkt(?:y|ów)?", "prestige"]],
  },
  intrige: {
    en: [["counsellors?", "figure"], ["bribes?|ducats", "coin"]],
    it: [["consiglier[ei]", "figure"], ["offert[ae]|ducati", "coin"]],
    pl: [["doradc(?:a|ę|y|ą|ów|om|ami|ach|y)|doradców", "figure"],
      ["łapówk(?:a|ę|i|ą|ek)|dukat(?:y|ów|ami)?", "coin"]],
  },
};

/** Return the pattern of the pieces a log line of `game` in `lang` may name (one named group
 * per kind of piece), or null when the game has none listed. */
export function pieceWords(game, lang) {
  const words = PIECES[game] && PIECES[game][lang];
  if (!words) return null;
  const kinds = new Map();
  for (const [pattern, kind] of words) kinds.set(kind, [...(kinds.get(kind) || []), pattern]);
  const groups = [...kinds].map(([kind, ways]) => `(?<${kind}>${ways.join("|")})`);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${groups.join("|")})(?![\\p{L}\\p{N}])`, "giu");
}

// For seats whose game names none by colour: Okabe and Ito's palette, told apart by most
// colour-blind eyes. Each seat also shows its number, so colour is never the only cue.
const COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"];

/** Return a seat's look (boards.js `seatLook`): the shade of the colour its game names it
 * by, from the server's `seats` (a seat's `colour`), else the page's palette in seat order. */
export function colour(seat, seats = null) {
  const word = seats && seats[seat] ? seats[seat].colour : null;
  if (word && SEAT_SHADES[word]) return seatLook(SEAT_SHADES[word], seat + 1, word);
  return seatLook(COLOURS[seat % COLOURS.length], seat + 1);
}

/** Return the mark drawn before a log line of event `key`, if any. */
export function iconOf(key) {
  const found = ICONS.find(([pattern]) => pattern.test(key));
  return found ? found[1] : null;
}

/** Return the pattern of a name as a Polish sentence may decline it: a capitalised
 * adjective (the colours: "Czerwony", "Niebieski") in every case ("Czerwonego",
 * "Niebieskiemu", "Zielonym", "Żółtą"); any other name as it is. */
function declined(name, lang) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  if (lang !== "pl" || !/^\p{Lu}\p{Ll}+$/u.test(name)) return escaped;
  const soft = /(?<=[kg])i$/.exec(name);
  if (soft) return `${escaped.slice(0, -1)}(?:i|iego|iemu|im|ą)`;
  if (/y$/.test(name)) return `${escaped.slice(0, -1)}(?:y|ego|emu|ym|ą)`;
  return escaped;
}

/** Return how the log's lines name the seats (`seats`: the server's rows, each with its
 * `player`, the game's name of it): a pattern matching any seat's name as the game writes
 * it (its own name, its bare colour or palace, its number, declined where the language
 * declines it), with one named group per seat; null when no seat has a name. */
export function seatMarks(seats, lang) {
  const groups = [];
  for (const s of seats) {
    const number = `P${s.seat + 1}`;
    const own = (s.player || "").trim();
    const bare = own.replace(/^P\d+\s*\((.*)\)$/, "$1").replace(/\s*\(P\d+\)$/, "").trim();
    const names = new Set();
    for (const name of [own, number, bare]) {
      // A bare word only when written as a name (capitalised): "red" is also a card's.
      if (!name || (name === bare && name !== own && name[0] === name[0].toLowerCase())) continue;
      names.add(name);
    }
    if (!names.size) continue;
    const ways = [...names].sort((a, b) => b.length - a.length).map((n) => declined(n, lang));
    groups.push(`(?<s${s.seat}>${ways.join("|")})`);
  }
  if (!groups.length) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${groups.join("|")})(?![\\p{L}\\p{N}])`, "gu");
}

/** Write a log line's text into `line`: a colour chip (the seat's colour and number) before
 * each seat it names, a small icon (empty, hidden from screen readers) before each piece. */
function writeLine(line, text, marks, seats, pieces) {
  const found = [];
  for (const match of marks ? text.matchAll(marks) : []) {
    const [name] = Object.entries(match.groups).find(([, v]) => v !== undefined);
    found.push({ at: match.index, length: match[0].length, seat: Number(name.slice(1)) });
  }
  for (const match of pieces ? text.matchAll(pieces) : []) {
    const [kind] = Object.entries(match.groups).find(([, v]) => v !== undefined);
    found.push({ at: match.index, length: match[0].length, kind });
  }
  found.sort((a, b) => a.at - b.at);
  let at = 0;
  for (const word of found) {
    if (word.at < at) continue; // within a word already marked
    if (word.at > at) line.append(text.slice(at, word.at));
    if (word.kind) {
      const icon = el("span", `pc pc-${word.kind}`, null, line);
      icon.dataset.kind = word.kind;
      icon.setAttribute("aria-hidden", "true");
    } else {
      const look = colour(word.seat, seats);
      const chip = el("span", "chip", null, line);
      chip.dataset.n = look.initial;
      chip.dataset.seat = String(word.seat);
      chip.style.backgroundColor = look.fill;
      chip.style.color = look.ink;
      chip.setAttribute("aria-hidden", "true");
    }
    line.append(text.slice(word.at, word.at + word.length));
    at = word.at + word.length;
  }
  if (at < text.length) line.append(text.slice(at));
}

/** A game log drawn into an `<ol>`: lines added as the game goes on (or all at once, in the
 * replay), grouped by turn, the latest turn open. */
export class GameLog {
  constructor(list) {
    this.list = list;
    list.classList.add("log-list");
    // The turns the reader opened (by their first line's place in the log).
    this.opened = new Set();
  }

  /** Draw `events` (the whole log) from line `from` on; earlier lines stay as drawn unless
   * the list holds another number of them. Lines added to a drawn log are marked fresh (the
   * move on show) until the next drawing. */
  draw(events, from, seats, lang, game = null) {
    const list = this.list;
    if (from === 0 || list.children.length !== from) {
      list.replaceChildren();
      if (from === 0) this.opened.clear();
      from = 0;
    }
    for (const line of list.querySelectorAll("li.fresh")) line.classList.remove("fresh");
    const marks = seatMarks(seats, lang);
    const pieces = pieceWords(game, lang);
    for (const event of events.slice(from)) {
      const line = el("li", `event event-${event.key.replace(/[^a-z0-9-]/gi, "-")}`, null, list);
      writeLine(line, event.text, marks, seats, pieces);
      const icon = iconOf(event.key);
      if (icon) line.dataset.icon = icon;
      if (TURN_KEYS.test(event.key)) line.classList.add("turn-start");
      if (from > 0) line.classList.add("fresh");
    }
    this.fold();
    list.scrollTop = list.scrollHeight;
  }

  /** Group the lines by turn: each group's first line heads it (with the button opening or
   * folding it); every group but the latest is folded unless the reader opened it. */
  fold() {
    const lines = [...this.list.children];
    const heads = [];
    lines.forEach((line, i) => {
      if (i === 0 || line.classList.contains("turn-start")) heads.push(i);
    });
    heads.forEach((head, g) => {
      const end = g + 1 < heads.length ? heads[g + 1] : lines.length;
      const latest = g === heads.length - 1;
      const open = latest || this.opened.has(head);
      const line = lines[head];
      line.classList.add("group-head");
      line.classList.toggle("past", !latest);
      let button = line.querySelector(":scope > button.fold");
      const hidden = end - head - 1;
      if (latest || !hidden) {
        if (button) button.remove();
      } else {
        if (!button) {
          button = el("button", "fold", null);
          button.type = "button";
          button.addEventListener("click", () => {
            if (this.opened.has(head)) this.opened.delete(head);
            else this.opened.add(head);
            this.fold();
          });
          line.prepend(button);
        }
        button.dataset.count = String(hidden);
        button.setAttribute("aria-expanded", open ? "true" : "false");
        button.setAttribute("aria-label", open ? t("log.fold", { count: hidden })
          : t("log.unfold", { count: hidden }));
        button.title = button.getAttribute("aria-label");
      }
      for (let i = head + 1; i < end; i += 1) {
        lines[i].classList.toggle("past", !latest);
        // A move still on show stays in sight, whichever turn it closed.
        lines[i].classList.toggle("folded", !open && !lines[i].classList.contains("fresh"));
      }
    });
  }
}
