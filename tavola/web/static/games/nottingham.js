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
import { boardWords } from "../i18n.js";

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
 * The page's words for this board, by language: the `words` of Nottingham's PAGE_BOARD table
 * (tavola/games/nottingham/text.py and its catalogs), served with the page's words
 * (i18n.js). Italian uses the terms of the Italian edition of the game; Polish terms are our
 * own, there being no Polish edition we know of.
 */
export const WORDS = boardWords("nottingham", "words");

/** The board's name in the shell's lists. */
export const title = boardWords("nottingham", "title");

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

  /** Return the name of an item as it reads inside a sentence ("keeps the gold"). */
  itemInLine(item) {
    return this.w.inLine[item] || item;
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
    // The owner's name where it fits whole; else the disc's number names the seat (the
    // card's tooltip names its owner in full).
    const owner = t.name(colour);
    if (textWidth(owner, 13, false) <= width - 8) {
      g.appendChild(text(x + width / 2, y + height - 12, owner, 13, { anchor: "middle",
        fill: "#fff", max: width - 8 }));
    }
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
    drawn: drawn ? t.itemInLine(drawn) : "",
    action: drawn ? w.action[ITEM_ACTIONS[ITEMS.indexOf(drawn)]] : "",
    count: view.table ? view.table.count : 0,
    item: view.table ? t.itemInLine(view.table.item) : "",
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
    const drawnName = view.drawn ? t.itemInLine(view.drawn) : "";
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
