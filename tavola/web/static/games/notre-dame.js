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
import { boardWords } from "../i18n.js";

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
 * The page's words for this board, by language: the `words` of Notre Dame's PAGE_BOARD table
 * (tavola/games/notre_dame/text.py and its catalogs), served with the page's words (i18n.js). Italian and Polish use the terms of the
 * Italian and Polish editions of the game where we know them.
 */
export const WORDS = boardWords("notre-dame", "words");

/** The board's name in the shell's lists. */
export const title = boardWords("notre-dame", "title");

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
