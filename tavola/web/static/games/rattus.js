// The Rattus board for the browser page: draws one seat's (or a spectator's) view of a
// Rattus table as SVG (the map of Europe with its roads, cubes, rat tokens and the plague
// piece; the palace; the token supply; the class cards; every player's cubes) and turns
// the seat's legal choices that have a place on the board (regions, rat tokens, class
// cards, and a button passing step A or B of the turn) into buttons. The shell calls `render(container, view, ctx)` on every update;
// everything else here serves that call. Plain DOM, no framework, no build step, no markup
// parsed from data (text goes in through textContent), no inline style sheets (the page's
// content security policy forbids them; styles are set through `el.style`).

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
  zoomable,
} from "../boards.js";
import { boardWords } from "../i18n.js";

/** How the board outlines its buttons (see `outlinedButton`). */
const BUTTON_LOOK = { prefix: "rt", pad: 3, radius: 5,
  glow: "#fff7b8", glowWidth: 8, glowOpacity: 0.95, width: 3.5, focusWidth: 6, dash: "8 4" };

/** The twelve regions in the game's order: the first 8 are in play with 2 players, 10 with
 * 3, all 12 with 4. */
export const REGIONS = ["anglia", "gallia", "germania", "hispania", "hungaria", "italia",
  "polonia", "scandia", "bulgaria", "turcia", "russia", "tartaria"];

/** Regions in play by player count. */
export const REGIONS_IN_PLAY = { 2: 8, 3: 10, 4: 12 };

/** The roads between neighbouring regions (the game's reconstruction of the map; a test
 * keeps this copy equal to the game's). */
export const ROADS = [
  ["anglia", "gallia"], ["anglia", "scandia"],
  ["gallia", "hispania"], ["gallia", "germania"], ["gallia", "italia"],
  ["hispania", "italia"],
  ["germania", "italia"], ["germania", "scandia"], ["germania", "polonia"],
  ["germania", "hungaria"],
  ["italia", "hungaria"],
  ["scandia", "polonia"], ["scandia", "russia"],
  ["polonia", "hungaria"], ["polonia", "russia"],
  ["hungaria", "bulgaria"], ["hungaria", "turcia"], ["hungaria", "tartaria"],
  ["bulgaria", "turcia"], ["bulgaria", "tartaria"],
  ["turcia", "tartaria"],
  ["russia", "tartaria"],
];

/** Roads that cross the sea (drawn as dotted crossings, as the printed map's arrows). */
export const SEA_ROADS = [["anglia", "gallia"], ["anglia", "scandia"], ["hispania", "italia"]];

/** The six class cards in the game's order. */
export const CLASSES = ["king", "merchant", "monk", "peasant", "witch", "knight"];

/** Choice kinds that have a place on the board; the rest (`done`) stay in the shell's list. */
export const PLACED_KINDS = ["setup", "take", "no_card", "place", "king", "merchant", "monk",
  "witch", "end_b", "swap", "keep", "peasant", "plague", "spread", "boost", "no_boost"];

/** The choices that pass a step of the turn (A: no card, B: end it), drawn as one button
 * under the turn's header. */
const PASSES = ["no_card", "end_b"];

/** The mark of each class, drawn on its card, on the rat tokens that hit its holder and on
 * the choices that use its power. */
const ICON = { king: "♔", merchant: "⚖", monk: "✝", peasant: "⚒", witch: "☾", knight: "♘" };

const PAPER = "#f4ecd8";
const INK = "#2a2219";
const MUTED = "#6e634f";
const LAND = "#e5d6b3";
const GREY = "#cfcac0";
const PURPLE = "#7b3fa0";
const TOKEN_BACK = "#8a6a48";
// The colours of the seats' cubes, seat i the i-th: the colour the log names the seat by.
const CUBE_COLOURS = ["red", "blue", "green", "yellow"];

/**
 * The page's words for this board, by language: the `words` of Rattus's PAGE_BOARD table
 * (tavola/games/rattus/text.py and its catalogs), served with the page's words (i18n.js). Italian uses the terms of the Italian
 * rulebook (Carte Classe, segnalini Ratto, pedina Peste, Palazzo, Valore Limite); Polish uses
 * the usual Polish words for the same pieces.
 */
export const WORDS = boardWords("rattus", "words");

/** The board's name in the shell's lists. */
export const title = boardWords("rattus", "title");

/** Return a region's name as printed on the map (the same Latin names in every language). */
function regionLabel(name) {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

// The table is 600 units wide: about 374 px on a phone and 390 px beside the map on a wide
// screen; no text under 17 units (10.6 and 11 px there).
const { text, textWidth, wrap } = lettering(INK, [0.6, 0.66], 17);

/** Everything a drawing step needs: the view, the shell's context and derived facts. */
class Table extends BoardTable {
  constructor(view, ctx) {
    super(view, ctx, WORDS, BUTTON_LOOK);
    this.players = view.players;
    this.regions = new Map(view.regions.map((r) => [r.name, r]));
  }

  /** Return the fill and letter of a seat. */
  look(seat) {
    const given = typeof this.ctx.colour === "function" ? this.ctx.colour(seat) : null;
    if (given && given.fill) return given;
    // Without the shell: the cubes' colour, in the shade the shell would give it.
    return colourLook(CUBE_COLOURS[seat % CUBE_COLOURS.length], seat + 1);
  }

  /** Return a rat token's front in words: threshold, then its symbols in the order they
   * are resolved. */
  frontWords(front) {
    const { tip, class: names } = this.w;
    const parts = [fill(tip.threshold, { n: front.threshold })];
    if (front.majority) {
      parts.push(front.majority > 1 ? `MM: ${tip.majority}, ${tip.double}`
        : `M: ${tip.majority}`);
    }
    if (front.all) parts.push(`A: ${tip.everyone}`);
    for (const card of front.classes) {
      parts.push(`${ICON[card]}: ${fill(tip.hits, { card: names[card] })}`);
    }
    return `${parts.join("; ")}.`;
  }
}

// -- the map: regions, roads, cubes, rat tokens, the plague piece, palace, supply --------
const MAP_W = 1004;
const MAP_H = 890;
const MAP_LEAST = 660;
const CARD_W = 204;
const CARD_H = 196;
const TOKEN = 42;
// The top-left corner of each region's card: a schematic Europe, west to the left.
const SPOTS = {
  scandia: [400, 20], russia: [780, 20],
  anglia: [40, 150], germania: [330, 236], polonia: [560, 236], tartaria: [790, 300],
  gallia: [100, 380], hungaria: [450, 460],
  hispania: [10, 610], italia: [230, 610], bulgaria: [560, 680], turcia: [790, 680],
};
const PALACE_BOX = { x: 14, y: 14, w: 180, h: 122 };
const SUPPLY_BOX = { x: 206, y: 14, w: 180, h: 122 };

/** Return the middle of a region's card. */
function middle(name) {
  const [x, y] = SPOTS[name];
  return [x + CARD_W / 2, y + CARD_H / 2];
}

/** Draw the map of Europe with everything on it. */
function drawMap(t) {
  const { view } = t;
  const inPlay = new Set(view.regions.map((r) => r.name));
  const svg = el("svg", { viewBox: `0 0 ${MAP_W} ${MAP_H}`, role: "group", class: "rt-map",
    "aria-label": "Rattus" });
  svg.appendChild(el("rect", { x: 0, y: 0, width: MAP_W, height: MAP_H, rx: 14,
    fill: "#bcd3dc", stroke: "#7d97a1", "stroke-width": 3 }));

  // Roads first, under the regions: land roads solid, sea crossings dotted.
  const roads = el("g", { class: "rt-roads" });
  roads.style.pointerEvents = "none";
  const sea = new Set(SEA_ROADS.map(([a, b]) => `${a}|${b}`));
  for (const [a, b] of ROADS) {
    const live = inPlay.has(a) && inPlay.has(b);
    const [ax, ay] = middle(a);
    const [bx, by] = middle(b);
    const crossing = sea.has(`${a}|${b}`);
    roads.appendChild(el("line", { x1: ax, y1: ay, x2: bx, y2: by,
      stroke: live ? (crossing ? "#2f5f7a" : "#8f7a52") : "#a5a29b",
      "stroke-width": live ? 9 : 5, "stroke-linecap": "round",
      "stroke-dasharray": crossing ? "2 13" : (live ? null : "10 8"),
      "data-road": `${a}-${b}` }));
  }
  svg.appendChild(roads);

  drawPalace(t, svg);
  drawSupply(t, svg);
  for (const name of REGIONS) {
    if (inPlay.has(name)) svg.appendChild(drawRegion(t, t.regions.get(name)));
    else svg.appendChild(drawRegionOut(t, name));
  }
  return svg;
}

/** Draw a region that is not in play at this player count: greyed, its name only. */
function drawRegionOut(t, name) {
  const [x, y] = SPOTS[name];
  const g = el("g", { class: "rt-region rt-out", "data-region": name });
  g.appendChild(el("rect", { x, y, width: CARD_W, height: CARD_H, rx: 12, fill: GREY,
    stroke: "#9a958b", "stroke-width": 2, "stroke-dasharray": "8 6" }));
  g.appendChild(text(x + CARD_W / 2, y + CARD_H / 2 - 14, regionLabel(name), 22,
    { anchor: "middle", weight: "bold", fill: "#7b776f" }));
  g.appendChild(text(x + CARD_W / 2, y + CARD_H / 2 + 16, t.w.notInPlay, 18,
    { anchor: "middle", fill: "#7b776f", max: CARD_W - 20 }));
  g.appendChild(svgTitle(fill(t.w.tip.regionOut, { region: regionLabel(name),
    players: t.players })));
  return g;
}

/** Draw one region in play: its name, the cubes by seat, the rat tokens, the plague piece
 * and the buttons of the choices that act on it. */
function drawRegion(t, region) {
  const { view, w } = t;
  const name = region.name;
  const [x, y] = SPOTS[name];
  const stage = view.stage;
  const g = el("g", { class: "rt-region", "data-region": name });
  const body = el("g", { class: "rt-region-body" });
  const picked = stage.picked === name || stage.spread_from === name;
  body.appendChild(el("rect", { x, y, width: CARD_W, height: CARD_H, rx: 12,
    fill: region.plague ? "#e8cfc4" : LAND, stroke: picked ? INK : "#8a7a5a",
    "stroke-width": picked ? 5 : 2.5 }));
  body.appendChild(text(x + 12, y + 20, regionLabel(name), 22, { weight: "bold",
    max: CARD_W - 24 }));
  const near = region.neighbours.map(regionLabel).join(", ");
  let tip = fill(w.tip.region, { region: regionLabel(name), near,
    tokens: region.tokens.length });
  if (picked && stage.picked === name) tip += ` ${w.tip.picked}`;
  body.appendChild(svgTitle(tip));
  g.appendChild(body);

  // Cubes: a mark per seat with cubes here (its colour and letter), then the count; four
  // seats share the row in a smaller size.
  const holders = region.cubes.map((count, seat) => [seat, count]).filter(([, c]) => c > 0);
  const small = holders.length > 3;
  const side = small ? 20 : 26;
  // Four seats: each mark as wide as its count needs (in a regular weight), so that no
  // count is squeezed or cut while the four fit the region's width.
  let counts = holders.map(([, count]) => `×${count}`);
  const across = (shown) => (small ? side + 2 + textWidth(shown, 17, false) + 1 : 62);
  // Four seats with large counts: the counts without their "×", beside each mark.
  if (counts.map(across).reduce((a, b) => a + b, 0) > CARD_W - 10) {
    counts = holders.map(([, count]) => String(count));
  }
  const widths = counts.map(across);
  let cx = x + (small ? 6 : 8);
  holders.forEach(([seat, count], i) => {
    const look = t.look(seat);
    // (`data-piece` and `data-at`: the shell moves a piece from where it was to where it is.)
    const mark = el("g", { class: "rt-cubes", "data-seat": String(seat),
      "data-piece": `cube:${seat}`, "data-at": `region:${name}`, "data-count": count });
    mark.appendChild(el("rect", { x: cx, y: y + 49 - side / 2, width: side, height: side,
      rx: 4, fill: look.fill, stroke: INK, "stroke-width": 2 }));
    mark.appendChild(text(cx + side / 2, y + 50, look.initial, small ? 15 : 17,
      { anchor: "middle", weight: "bold", fill: look.ink, outline: look.halo }));
    // The count is written "×n" apart from the mark, since a mark may itself be a digit.
    mark.appendChild(text(cx + side + 2, y + 50, counts[i], small ? 16 : 19,
      { weight: small ? null : "bold", max: Math.min(widths[i], x + CARD_W - cx - 2)
        - side - 3 }));
    cx += widths[i];
    mark.appendChild(svgTitle(fill(w.tip.cubes, { owner: t.name(seat),
      region: regionLabel(name), count })));
    g.appendChild(mark);
  });

  // Rat tokens, slot 0 (the first to arrive) on the left; the empty places show the limit.
  for (let slot = 0; slot < 3; slot += 1) {
    const tx = x + 8 + slot * (TOKEN + 6);
    const ty = y + 70;
    const token = region.tokens[slot];
    if (token) {
      g.appendChild(drawToken(t, region, slot, tx, ty));
    } else {
      const hole = el("g", { class: "rt-slot" });
      hole.appendChild(el("rect", { x: tx, y: ty, width: TOKEN, height: TOKEN, rx: 7,
        fill: "none", stroke: "#a89775", "stroke-width": 2, "stroke-dasharray": "5 4" }));
      hole.appendChild(svgTitle(w.tip.emptySlot));
      g.appendChild(hole);
    }
  }
  if (region.plague) g.appendChild(drawPlague(t, x + 168, y + 94, name));

  // The choices acting on the region as a whole, as chips along the bottom of its card.
  const chips = regionChips(t, region);
  chips.forEach((chip, i) => {
    const row = Math.floor(i / 3);
    const col = i % 3;
    const bx = x + 6 + col * 65;
    const by = y + 134 + row * 30;
    g.appendChild(drawChip(t, chip, bx, by, 62, 26));
  });
  return g;
}

/** Return the chips of the choices that act on a region as a whole, in a fixed order. */
function regionChips(t, region) {
  const { view, w } = t;
  const name = region.name;
  const order = ["setup", "place", "peasant-place", "king", "merchant", "monk", "peasant",
    "plague", "spread", "boost", "no_boost", "swap", "keep"];
  const second = view.stage.witch_second;
  const looked = second ? second.split(".")[0] : null;
  const out = [];
  const mine = t.seat !== null ? view.reserve[t.seat] : 0;
  for (const [action] of t.choices) {
    const { kind, args } = parseAction(action);
    let chip = null;
    if (kind === "setup" && args[0] === name) {
      chip = { key: "setup", cube: true, label: "+2", tip: fill(w.tip.setup,
        { region: regionLabel(name) }) };
    } else if (kind === "place" && args[0] === name) {
      const extra = args.length > 1 ? 1 : 0;
      const count = Math.min(region.tokens.length + extra, mine);
      chip = extra
        ? { key: "peasant-place", cube: true, label: `+${count}${ICON.peasant}`,
          tip: fill(w.tip.placePeasant, { region: regionLabel(name), count }) }
        : { key: "place", cube: true, label: `+${count}`,
          tip: fill(w.tip.place, { region: regionLabel(name), count }) };
    } else if (kind === "king" && args[0] === name) {
      chip = { key: "king", label: `${ICON.king}→⌂`, tip: fill(w.tip.king,
        { region: regionLabel(name) }) };
    } else if (kind === "merchant" && args.length === 1 && args[0] === name) {
      chip = { key: "merchant", label: `${ICON.merchant}→`, tip: fill(w.tip.merchantFrom,
        { region: regionLabel(name) }) };
    } else if (kind === "merchant" && args.length === 3 && args[1] === name) {
      chip = { key: "merchant", cube: true, label: `+${args[2]}${ICON.merchant}`,
        order: Number(args[2]), tip: fill(w.tip.merchantTo, { count: args[2],
          from: regionLabel(args[0]), region: regionLabel(name) }) };
    } else if (kind === "monk" && args.length === 1 && args[0] === name) {
      chip = { key: "monk", label: `${ICON.monk}→`, tip: fill(w.tip.monkFrom,
        { region: regionLabel(name) }) };
    } else if (kind === "monk" && args.length === 2 && args[1] === name) {
      const [from, slot] = args[0].split(".");
      chip = { key: "monk", token: true, label: `${ICON.monk}${Number(slot) + 1}`,
        order: Number(slot), tip: fill(w.tip.monkTo, { slot: Number(slot) + 1,
          from: regionLabel(from), region: regionLabel(name) }) };
    } else if (kind === "peasant" && args[0] === name) {
      chip = { key: "peasant", cube: true, label: `+1${ICON.peasant}`,
        tip: fill(w.tip.peasant, { region: regionLabel(name) }) };
    } else if (kind === "plague" && args[0] === name) {
      chip = { key: "plague", plague: true, label: "",
        tip: fill(view.phase === "final" ? w.tip.plagueFinal : w.tip.plagueMove,
          { region: regionLabel(name) }) };
    } else if (kind === "spread" && args[0] === name) {
      chip = { key: "spread", token: true, label: "+?", tip: fill(w.tip.spread,
        { region: regionLabel(name) }) };
    } else if ((kind === "boost" || kind === "no_boost") && region.plague) {
      // The Knight's decision is about the plague piece, so it sits where the piece stands.
      chip = { key: kind, plagueMark: true, label: kind === "boost" ? "=2" : "=0",
        tip: fill(kind === "boost" ? w.tip.boost : w.tip.noBoost,
          { region: regionLabel(name) }) };
    } else if ((kind === "swap" || kind === "keep") && looked === name) {
      // The Witch's last step sits by the second token she looked at.
      chip = { key: kind, label: `${ICON.witch}${kind === "swap" ? "⇄" : "="}`,
        tip: kind === "swap" ? w.tip.swap : w.tip.keep };
    }
    if (chip) out.push({ ...chip, action });
  }
  out.sort((a, b) => (order.indexOf(a.key) - order.indexOf(b.key))
    || ((a.order || 0) - (b.order || 0)));
  return out;
}

/** Draw a chip: a small button on a region's card for one choice. */
function drawChip(t, chip, x, y, width, height) {
  const g = el("g", { class: `rt-chip rt-chip-${chip.key}` });
  g.appendChild(el("rect", { x, y, width, height, rx: 6, fill: "#fffdf5", stroke: MUTED,
    "stroke-width": 1.5 }));
  let tx = x + 6;
  // A label too long to follow the cube's square ("+1⚒") takes the chip's whole width.
  const roomy = !chip.label || textWidth(chip.label, 17, true) <= width - 29;
  if (chip.cube && t.seat !== null && roomy) {
    const look = t.look(t.seat);
    g.appendChild(el("rect", { x: tx, y: y + 5, width: 16, height: 16, rx: 2,
      fill: look.fill, stroke: INK, "stroke-width": 1.5 }));
    tx += 20;
  } else if (chip.token) {
    g.appendChild(el("rect", { x: tx, y: y + 4, width: 18, height: 18, rx: 4,
      fill: TOKEN_BACK, stroke: INK, "stroke-width": 1.5 }));
    tx += 22;
  } else if (chip.plague) {
    g.appendChild(plagueShape(x + width / 2, y + height / 2 + 1, 0.55, "none", INK));
  } else if (chip.plagueMark) {
    g.appendChild(plagueShape(tx + 9, y + height / 2 + 1, 0.5, INK, INK));
    tx += 22;
  }
  if (chip.label) {
    g.appendChild(text(tx, y + height / 2 + 1, chip.label, 17, { weight: "bold",
      max: x + width - tx - 3 }));
  }
  g.appendChild(svgTitle(chip.tip));
  t.button(g, chip.action, { x, y, w: width, h: height, r: 6 });
  return g;
}

/** Draw one rat token: its back (purple border for a starting token), or its front when
 * the view holds it (only the Witch who looked at it), with its place number and who has
 * seen it. */
function drawToken(t, region, slot, x, y) {
  const { view, w } = t;
  const token = region.tokens[slot];
  const where = `${region.name}.${slot}`;
  const stage = view.stage;
  const pick = stage.witch_first === where || stage.witch_second === where;
  const front = token.front;
  const g = el("g", { class: "rt-token", "data-token": where,
    "data-face": front ? "front" : "back", "data-piece": "token",
    "data-at": `${where}:${front ? "front" : "back"}` });
  const vars = { slot: slot + 1, region: regionLabel(region.name) };
  if (front) {
    g.appendChild(el("rect", { x, y, width: TOKEN, height: TOKEN, rx: 7, fill: "#fbf3e4",
      stroke: token.starting ? PURPLE : TOKEN_BACK, "stroke-width": token.starting ? 5 : 3 }));
    g.appendChild(text(x + 7, y + 12, String(front.threshold), 17, { weight: "bold" }));
    const marks = [...(front.majority ? "M".repeat(front.majority) : ""),
      ...(front.all ? "A" : ""), ...front.classes.map((c) => ICON[c])];
    // On one line in bold letters where they fit, else in regular ones, else on two lines.
    const whole = marks.join("");
    const bold = textWidth(whole, 16, true) <= TOKEN - 6;
    const half = Math.ceil(marks.length / 2);
    const lines = bold || textWidth(whole, 16, false) <= TOKEN - 6 || marks.length < 2
      ? [whole] : [marks.slice(0, half).join(""), marks.slice(half).join("")];
    lines.forEach((line, i) => {
      g.appendChild(text(x + TOKEN / 2, y + (lines.length > 1 ? 24 + i * 15 : 30), line, 16,
        { anchor: "middle", weight: bold ? "bold" : null, max: TOKEN - 6, fill: "#8b1c12" }));
    });
  } else {
    g.appendChild(el("rect", { x, y, width: TOKEN, height: TOKEN, rx: 7, fill: TOKEN_BACK,
      stroke: token.starting ? PURPLE : INK, "stroke-width": token.starting ? 5 : 1.5 }));
    if (token.starting) {
      g.appendChild(el("rect", { x: x + 7, y: y + 7, width: TOKEN - 14, height: TOKEN - 14,
        rx: 4, fill: "none", stroke: "#d9c4ea", "stroke-width": 1.5,
        "stroke-dasharray": "3 3" }));
    }
    g.appendChild(text(x + TOKEN / 2, y + TOKEN / 2 + 1, "?", 22, { anchor: "middle",
      weight: "bold", fill: "#f6efdf" }));
  }
  // The place number (the Monk's and the Witch's choices name tokens by it).
  g.appendChild(text(x + TOKEN / 2, y + TOKEN + 11, String(slot + 1), 15,
    { anchor: "middle", fill: MUTED }));
  if (pick) {
    g.appendChild(el("circle", { cx: x + TOKEN - 2, cy: y + 2, r: 9, fill: "#fff",
      stroke: INK, "stroke-width": 2 }));
    g.appendChild(text(x + TOKEN - 2, y + 3, ICON.witch, 14, { anchor: "middle",
      weight: "bold" }));
  }
  // Who has seen the front: a small mark per seat on the token's lower edge.
  token.seen_by.forEach((seat, i) => {
    const look = t.look(seat);
    const mx = x + 6 + i * 12;
    g.appendChild(el("circle", { cx: mx, cy: y + TOKEN - 3, r: 6, fill: look.fill,
      stroke: INK, "stroke-width": 1.2 }));
    g.appendChild(text(mx, y + TOKEN - 2.5, look.initial, 9, { anchor: "middle",
      weight: "bold", fill: look.ink }));
  });
  let tip = front
    ? fill(w.tip.front, { ...vars, front: t.frontWords(front) })
    : fill(token.starting ? w.tip.backStarting : w.tip.back, vars);
  // Who else has seen it (the viewer's own look is said by the front itself).
  const others = token.seen_by.filter((s) => s !== t.seat);
  if (others.length) {
    tip += ` ${fill(w.tip.seenBy, { names: others.map((s) => t.name(s)).join(", ") })}`;
  } else if (front) {
    tip += ` ${w.tip.onlyYou}`;
  }
  if (pick) tip += ` ${w.tip.witchPick}`;
  g.appendChild(svgTitle(tip));
  t.button(g, `witch:${where}`, { x, y, w: TOKEN, h: TOKEN, r: 7 });
  return g;
}

/** Return the outline of the plague piece (a squat pawn) at a size. */
function plagueShape(x, y, scale, fillColour, stroke) {
  const s = scale;
  const d = `M ${x - 17 * s} ${y + 22 * s} L ${x + 17 * s} ${y + 22 * s} `
    + `Q ${x + 16 * s} ${y + 4 * s} ${x + 7 * s} ${y - 2 * s} `
    + `A ${11 * s} ${11 * s} 0 1 0 ${x - 7 * s} ${y - 2 * s} `
    + `Q ${x - 16 * s} ${y + 4 * s} ${x - 17 * s} ${y + 22 * s} Z`;
  return el("path", { d, fill: fillColour, stroke, "stroke-width": 2.5,
    "stroke-linejoin": "round" });
}

/** Draw the plague piece standing in a region. */
function drawPlague(t, x, y, name) {
  const g = el("g", { class: "rt-plague", "data-plague": name, "data-move": "plague" });
  g.appendChild(plagueShape(x, y, 1.35, "#1d1a17", "#f2e6c9"));
  g.appendChild(text(x, y + 16, "☠", 20, { anchor: "middle", fill: "#f2e6c9" }));
  g.appendChild(svgTitle(fill(t.w.tip.plague, { region: regionLabel(name) })));
  return g;
}

/** Draw the palace: every seat's cubes in it. */
function drawPalace(t, svg) {
  const { view, w } = t;
  const { x, y, w: width, h } = PALACE_BOX;
  const g = el("g", { class: "rt-palace" });
  g.appendChild(el("rect", { x, y, width, height: h, rx: 10, fill: "#efe2c4", stroke: INK,
    "stroke-width": 2.5 }));
  // Battlements along the top, so the palace reads as a building without its label.
  for (let i = 0; i < 6; i += 1) {
    g.appendChild(el("rect", { x: x + 10 + i * 28, y: y - 8, width: 16, height: 10,
      fill: "#efe2c4", stroke: INK, "stroke-width": 2 }));
  }
  g.appendChild(text(x + 12, y + 22, `${ICON.king} ${w.palace}`, 21, { weight: "bold",
    max: width - 24 }));
  g.appendChild(svgTitle(w.tip.palace));
  svg.appendChild(g);
  view.palace.forEach((count, seat) => {
    const look = t.look(seat);
    const col = seat % 2;
    const row = Math.floor(seat / 2);
    const mx = x + 12 + col * 84;
    const my = y + 44 + row * 36;
    const mark = el("g", { class: "rt-palace-cubes", "data-seat": String(seat),
      "data-piece": `cube:${seat}`, "data-at": "palace", "data-count": count });
    mark.appendChild(el("rect", { x: mx, y: my, width: 26, height: 26, rx: 4,
      fill: look.fill, stroke: INK, "stroke-width": 2 }));
    mark.appendChild(text(mx + 13, my + 14, look.initial, 17, { anchor: "middle",
      weight: "bold", fill: look.ink, outline: look.halo }));
    mark.appendChild(text(mx + 30, my + 14, `×${count}`, 19, { weight: "bold",
      fill: count ? INK : MUTED }));
    mark.appendChild(svgTitle(fill(w.tip.palaceSeat, { owner: t.name(seat), count })));
    svg.appendChild(mark);
  });
}

/** Draw the token supply, with the set-aside and revealed tokens. */
function drawSupply(t, svg) {
  const { view, w } = t;
  const { x, y, w: width, h } = SUPPLY_BOX;
  const supply = view.supply;
  const count = supply.starting + supply.other;
  const g = el("g", { class: "rt-supply", "data-piece": "token", "data-at": "supply",
    "data-count": count });
  g.appendChild(el("rect", { x, y, width, height: h, rx: 10, fill: "#efe2c4", stroke: INK,
    "stroke-width": 2.5 }));
  g.appendChild(text(x + 12, y + 22, w.supply, 21, { weight: "bold", max: width - 24 }));
  // A stack of backs, the top one with a purple border while starting tokens are left.
  for (let i = 2; i >= 0; i -= 1) {
    g.appendChild(el("rect", { x: x + 14 + i * 5, y: y + 44 - i * 4, width: 36, height: 36,
      rx: 6, fill: TOKEN_BACK, stroke: i === 0 && supply.starting ? PURPLE : INK,
      "stroke-width": i === 0 && supply.starting ? 4 : 1.5 }));
  }
  g.appendChild(text(x + 70, y + 62, String(count), 28, { weight: "bold" }));
  g.appendChild(svgTitle(fill(w.tip.supply, { count, starting: supply.starting,
    aside: view.set_aside })));
  svg.appendChild(g);
  const out = el("g", { class: "rt-out-of-game", "data-piece": "token", "data-at": "out",
    "data-count": view.out_of_game.length });
  const list = view.out_of_game.map((f) => `${f.threshold} ${[
    f.majority ? "M".repeat(f.majority) : "", f.all ? "A" : "",
    ...f.classes.map((c) => ICON[c])].join("")}`);
  out.appendChild(el("rect", { x: x + 8, y: y + 88, width: width - 16, height: 26, rx: 5,
    fill: "#e2d3b0", stroke: "none" }));
  out.appendChild(text(x + 14, y + 102, fill(w.outOfGame, { count: list.length }), 17,
    { fill: MUTED, max: width - 28 }));
  out.appendChild(svgTitle(fill(w.tip.outOfGame, { list: list.length ? list.join(", ")
    : w.tip.none })));
  svg.appendChild(out);
}

// -- the table: the turn, the class cards, every player's cubes -----------------------
const WIDE = 600;

/** Draw the turn's header, returning the height used. */
function drawHeader(t, svg, top) {
  const { view, w } = t;
  const n = t.players;
  let y = top;
  let line;
  if (view.phase === "setup") {
    line = fill(w.setupRound, { done: view.stage.setup_placements, total: 2 * n });
  } else {
    line = fill(w.round, { round: Math.max(1, Math.floor((view.turn - 1) / n) + 1),
      limit: view.round_limit });
  }
  svg.appendChild(text(10, y + 16, line, 23, { weight: "bold", max: WIDE - 20 }));
  y += 40;
  const g = el("g", { class: "rt-turn" });
  if (view.active === null || view.active === undefined) {
    g.appendChild(text(10, y + 14, w.over, 20, { max: WIDE - 20 }));
  } else {
    const look = t.look(view.active);
    g.appendChild(el("circle", { cx: 24, cy: y + 14, r: 14, fill: look.fill, stroke: INK,
      "stroke-width": 2 }));
    g.appendChild(text(24, y + 15, look.initial, 17, { anchor: "middle", weight: "bold",
      fill: look.ink, outline: look.halo }));
    // In a regular turn the header names its step, A, B or C (each a decision of its own).
    const letter = view.phase === "turn" ? view.stage.turn_phase : null;
    const phase = (letter && w.step[letter]) || w.phase[view.phase] || view.phase;
    g.appendChild(text(46, y + 15, fill(w.toAct, { name: t.name(view.active), phase }), 20,
      { max: WIDE - 56 }));
    g.appendChild(svgTitle(fill(w.tip.toAct, { owner: t.name(view.active) })));
  }
  svg.appendChild(g);
  y += 36;
  return y - top;
}

/** Draw the button that passes the step being decided (A: take no card; B: end it), when
 * the seat may choose it now, returning the height used. */
function drawPass(t, svg, top) {
  const { w } = t;
  const action = PASSES.find((a) => t.choices.has(a));
  if (!action) return 0;
  const box = { x: 10, y: top + 2, w: WIDE - 20, h: 44, r: 9 };
  const g = el("g", { class: "rt-pass", "data-pass": action });
  g.appendChild(el("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 9,
    fill: "#fbf5e6", stroke: INK, "stroke-width": 2.5 }));
  g.appendChild(text(WIDE / 2, top + 25, w.pass[action], 20, { anchor: "middle",
    weight: "bold", max: WIDE - 40 }));
  g.appendChild(svgTitle(action === "no_card" ? w.tip.noCard : w.tip.endB));
  t.button(g, action, box);
  svg.appendChild(g);
  return 54;
}

/** Draw the six class cards and who holds them, returning the height used. */
function drawCards(t, svg, top) {
  const { view, w } = t;
  let y = top;
  svg.appendChild(text(10, y + 12, w.classCards, 18, { fill: MUTED }));
  y += 26;
  const width = (WIDE - 20 - 2 * 10) / 3;
  const height = 118;
  const used = new Set(view.stage.used);
  CLASSES.forEach((card, i) => {
    const x = 10 + (i % 3) * (width + 10);
    const cy = y + Math.floor(i / 3) * (height + 10);
    const holder = view.cards[card];
    const g = el("g", { class: "rt-card", "data-card": card });
    const held = holder !== null && holder !== undefined;
    const look = held ? t.look(holder) : null;
    g.appendChild(el("rect", { x, y: cy, width, height, rx: 9, fill: "#fbf5e6",
      stroke: held ? look.fill : "#a89775", "stroke-width": held ? 6 : 2.5,
      "stroke-dasharray": held ? null : "7 5" }));
    g.appendChild(text(x + 24, cy + 30, ICON[card], 32, { anchor: "middle" }));
    g.appendChild(text(x + 46, cy + 22, w.class[card], 20, { weight: "bold",
      max: width - 54 }));
    g.appendChild(text(x + 46, cy + 44, w.group[card], 16, { fill: MUTED,
      max: width - 50 }));
    if (held) {
      g.appendChild(el("circle", { cx: x + 22, cy: cy + 88, r: 14, fill: look.fill,
        stroke: INK, "stroke-width": 2, "data-piece": `card:${card}`,
        "data-at": `held:${holder}` }));
      g.appendChild(text(x + 22, cy + 89, look.initial, 17, { anchor: "middle",
        weight: "bold", fill: look.ink, outline: look.halo }));
      g.appendChild(text(x + 42, cy + 89, t.name(holder), 18, { max: width - 52 }));
    } else {
      // On two lines where one is too short for it ("accanto alla plancia").
      const lines = wrap(w.free, 17, width - 24).slice(0, 2);
      lines.forEach((line, k) => {
        g.appendChild(text(x + 12, cy + 89 + (k - (lines.length - 1) / 2) * 19, line, 16,
          { fill: MUTED, max: width - 24 }));
      });
    }
    const spent = held && holder === view.active && used.has(card);
    if (spent) {
      g.appendChild(el("path", { d: `M ${x + width - 34} ${cy + height - 26} l 8 9 l 16 -17`,
        fill: "none", stroke: "#1c7a33", "stroke-width": 5, "stroke-linecap": "round" }));
    }
    let tip = `${fill(w.tip.card, { name: w.class[card], group: w.group[card],
      power: w.power[card] })} ${fill(w.tip.icon, { icon: ICON[card] })} `;
    tip += held ? fill(w.tip.heldBy, { owner: t.name(holder) }) : w.tip.lying;
    if (spent) tip += ` ${w.tip.usedNow}`;
    g.appendChild(svgTitle(tip));
    t.button(g, `take:${card}`, { x, y: cy, w: width, h: height, r: 9 });
    svg.appendChild(g);
  });
  y += 2 * height + 20;
  return y - top;
}

/** Draw each player's cubes: reserve, palace, on the board, lost, returning the height
 * used. */
function drawPlayers(t, svg, top) {
  const { view, w } = t;
  let y = top;
  const order = [...Array(t.players).keys()];
  if (t.seat !== null) order.sort((a, b) => (a === t.seat ? -1 : b === t.seat ? 1 : a - b));
  for (const seat of order) {
    const look = t.look(seat);
    const acting = view.active === seat;
    const onBoard = view.regions.reduce((sum, r) => sum + r.cubes[seat], 0);
    const g = el("g", { class: "rt-player", "data-seat": String(seat) });
    g.appendChild(el("rect", { x: 4, y, width: WIDE - 8, height: 72, rx: 10,
      fill: seat === t.seat ? "#fffaf0" : PAPER, stroke: acting ? INK : "#b9ab8c",
      "stroke-width": acting ? 4 : 2 }));
    g.appendChild(el("rect", { x: 4, y, width: 10, height: 72, rx: 4, fill: look.fill }));
    g.appendChild(el("circle", { cx: 36, cy: y + 24, r: 15, fill: look.fill, stroke: INK,
      "stroke-width": 2 }));
    g.appendChild(text(36, y + 25, look.initial, 18, { anchor: "middle", weight: "bold",
      fill: look.ink, outline: look.halo }));
    g.appendChild(text(58, y + 25, t.name(seat), 21, { weight: "bold", max: 200 }));
    if (acting) {
      g.appendChild(el("polygon", { points: `${272},${y + 12} ${290},${y + 24} `
        + `${272},${y + 36}`, fill: INK }));
    }
    const held = CLASSES.filter((c) => view.cards[c] === seat).map((c) => ICON[c]).join(" ");
    g.appendChild(text(300, y + 25, held, 22, { max: WIDE - 310 }));
    const facts = [[w.reserve, view.reserve[seat]], [w.palace, view.palace[seat]],
      [w.onBoard, onBoard], [w.lost, view.lost[seat]]];
    // Each fact as wide as its words, the four spread along the row.
    const said = facts.map(([label, value]) => `${value} ${label}`);
    const widths = said.map((words) => 20 + textWidth(words, 17, false));
    const gap = Math.max(6, Math.min(30, (WIDE - 30 - widths.reduce((a, b) => a + b, 0)) / 3));
    let fx = 22;
    facts.forEach(([label, value], i) => {
      // The reserve and the lost cubes are places cubes move from and to.
      const place = i === 0 ? "reserve" : (i === 3 ? "lost" : null);
      g.appendChild(el("rect", { x: fx, y: y + 47, width: 14, height: 14, rx: 2,
        fill: i === 3 ? "none" : look.fill, stroke: INK, "stroke-width": 1.5,
        "stroke-dasharray": i === 3 ? "3 2" : null,
        "data-piece": place ? `cube:${seat}` : null, "data-at": place,
        "data-count": place ? value : null }));
      g.appendChild(text(fx + 20, y + 55, said[i], 17, { max: widths[i] - 20 }));
      fx += widths[i] + gap;
    });
    g.appendChild(svgTitle(fill(w.tip.player, { owner: t.name(seat),
      reserve: view.reserve[seat], palace: view.palace[seat], board: onBoard,
      lost: view.lost[seat] })));
    svg.appendChild(g);
    y += 80;
  }
  return y - top;
}

/** Draw the table beside the map: the turn (with the button passing its step), the class
 * cards and the players. */
function drawTable(t) {
  const svg = el("svg", { class: "rt-table", role: "group", "aria-label": "Rattus" });
  let y = 6;
  y += drawHeader(t, svg, y);
  y += drawPass(t, svg, y);
  y += drawCards(t, svg, y);
  y += drawPlayers(t, svg, y);
  svg.setAttribute("viewBox", `0 0 ${WIDE} ${y + 4}`);
  return svg;
}

/** Return a box for one part of the board: it takes `grow` shares of the free width,
 * between `basis` and `most` pixels. */
function part(grow, basis, most) {
  const box = document.createElement("div");
  box.style.flex = `${grow} 1 ${basis}px`;
  box.style.maxWidth = `${most}px`;
  box.style.minWidth = "0";
  return box;
}

/**
 * Draw the whole board for `view` (a seat's or a spectator's) into `container`, emptying it
 * first. `ctx` is the shell's: seat, players, names, lang, t, choices, pick, colour.
 */
export function render(container, view, ctx) {
  container.replaceChildren();
  const t = new Table(view, ctx);
  const root = boardRoot("rt-board");
  // The map keeps its tokens and buttons large enough to read and press: below MAP_LEAST
  // pixels (a phone) it does not shrink further but scrolls sideways inside its own box, so
  // the page itself never does. It claims MAP_LEAST before the table beside it gets any
  // width, so a column too narrow for both (a laptop's) puts the table below the map
  // instead of hiding the eastern regions behind a sideways scroll.
  const map = part(3, MAP_LEAST, 880);
  map.className = "rt-map-box";
  map.style.overflowX = "auto";
  const drawn = fluid(drawMap(t));
  drawn.style.minWidth = `${MAP_LEAST}px`;
  map.appendChild(drawn);
  const table = part(1, 320, 520);
  zoomable(map, drawn, MAP_LEAST, "rattus", ctx.t);
  table.appendChild(fluid(drawTable(t)));
  root.appendChild(map);
  root.appendChild(table);
  container.appendChild(root);
}
