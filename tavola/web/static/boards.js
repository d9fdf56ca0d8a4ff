// The registry of board modules: the module that draws each game's board.
//
// THE BOARD MODULE INTERFACE (also in docs/web.md)
//
// A board module is the file games/<game-name>.js, named as the server names the game
// ("notre-dame", "intrige", ...). It exports
//
//   export function render(container, view, ctx)
//
// which draws the whole board for `view` into `container` and returns nothing.
//   container  a <div>; the module empties it first.
//   view       the JSON view the server sends: state.view(seat), or the spectator's.
//   ctx.seat     the viewer's seat (0-based integer), or null for a spectator
//   ctx.players  the number of seats
//   ctx.names    the display name of every seat (array)
//   ctx.lang     "en" | "it" | "pl"
//   ctx.t(key, vars)  the shell's translator, for shared words (i18n.js)
//   ctx.choices  [{action: "kind:args", label: "text"}]: the viewer's legal actions now,
//                empty when the viewer is not asked to act
//   ctx.pick(action)  play an action string
//   ctx.colour(seat)  {fill, initial, ink, halo, colour}: a seat's look (`seatLook`): the
//                shade of the colour its game names it by (`colour`, a word of SEAT_SHADES,
//                or null: the page's own palette), the character drawn on it (colour is
//                never the only cue) and the ink that reads on the fill, with a halo of the
//                other ink; give a "white" seat a dark outline
//
// For each choice it can place on the board (a room, a card, a region...) the module makes
// an element clickable: role="button", tabindex="0", an aria-label, data-action="<action>",
// and click, Enter and Space call ctx.pick(action). Every piece, card and space has a
// tooltip (<title> in SVG) saying what it does, in the page's language: each module reads
// its words with `boardWords(game, member)` of i18n.js (the game's PAGE_BOARD table, from the
// game's catalogs, docs/translating.md), and holds none itself. Choices the board cannot place (sums, yes/no)
// stay in the shell's numbered list, which always lists every choice.
//
// Optional: `export const title = boardWords(game, "title")`; and a stylesheet
// games/<game-name>.css, which the shell links when the module loads (listed in STYLES).
//
// A game without a module here, or whose module fails to load or to draw, is shown by the
// shell as a plain, readable list of its view.

const MODULES = {
  intrige: "./games/intrige.js",
  "notre-dame": "./games/notre-dame.js",
  nottingham: "./games/nottingham.js",
  rattus: "./games/rattus.js",
};

/** The board modules that come with their own stylesheet, games/<game-name>.css. */
const STYLES = new Set(["notre-dame", "nottingham", "rattus"]);

const loaded = new Map();

/** Link a board's own stylesheet once (the page's policy allows the page's own files). */
function linkStyle(game) {
  if (!STYLES.has(game) || document.querySelector(`link[data-board="${game}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = `/static/games/${game}.css`;
  link.dataset.board = game;
  document.head.appendChild(link);
}

/** Return the board module of a game, or null (no module, or it failed to load). */
export async function boardModule(game) {
  if (!Object.hasOwn(MODULES, game)) return null;
  linkStyle(game);
  if (!loaded.has(game)) {
    loaded.set(game, import(MODULES[game]).then(
      (module) => (typeof module.render === "function" ? module : null),
      (error) => {
        console.warn(`the board of ${game} could not be loaded`, error);
        return null;
      },
    ));
  }
  return loaded.get(game);
}

const SVG = "http://www.w3.org/2000/svg";

/** Create an SVG element with attributes (a helper board modules may import). */
export function svg(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

/** Give an element a tooltip: an SVG <title> child, or the title attribute in HTML. */
export function tooltip(node, text) {
  if (node.namespaceURI === SVG) {
    const title = document.createElementNS(SVG, "title");
    title.textContent = text;
    node.insertBefore(title, node.firstChild);
  } else {
    node.title = text;
  }
  return node;
}

/** Make an element play `action` when clicked or activated from the keyboard. */
export function clickable(node, action, label, pick) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  node.setAttribute("data-action", action);
  node.classList.add("target");
  node.addEventListener("click", (event) => {
    event.preventDefault();
    pick(action);
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      pick(action);
    }
  });
  return node;
}

// -- helpers the drawn boards share ---------------------------------------------------------

/** Return a module's word table for a language, or its English one for a language it lacks. */
export function wordsIn(words, lang) {
  return Object.hasOwn(words, lang) ? words[lang] : words.en;
}

/** Fill the `{name}` slots of a template, leaving slots without a value as they are. */
export function fill(template, vars) {
  return template.replace(/\{(\w+)\}/g, (all, key) => (key in vars ? String(vars[key]) : all));
}

/** Split an action string into its kind and arguments (`place:gallia,peasant`). */
export function parseAction(action) {
  const colon = action.indexOf(":");
  if (colon < 0) return { kind: action, args: [] };
  return { kind: action.slice(0, colon), args: action.slice(colon + 1).split(",") };
}

/** Make an SVG element with attributes (those null or undefined left out) and children. */
export function svgNode(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  for (const child of children) {
    if (child) node.appendChild(child);
  }
  return node;
}

/** Make an SVG <title>: the tooltip of the element it is appended to. */
export function svgTitle(content) {
  const node = svgNode("title");
  node.textContent = content;
  return node;
}

/**
 * Return a board's text helpers, in its ink, with a character as wide as `shares` of the
 * font size ([regular, bold]): `textWidth` gives a line's width (the larger of an estimate
 * from its length and its width measured in the font it is drawn in, on a canvas, so that
 * drawing never waits for layout), `text` makes a line no wider than `opts.max`: one too
 * wide is squeezed, but never below `least` (its letters read as a `least` font across),
 * and what still does not fit loses its end to "…" (a player's name may be 40 letters
 * without a space; the whole of a cut text is in its element's tooltip); `wrap` breaks a
 * text into lines no wider than `max` at spaces, `size` returns the size a text is drawn at.
 * No text is drawn smaller than `least` (in the drawing's units): a board chooses it so that
 * its smallest text reads at 10 px on a phone, where the drawing is smallest.
 */
const FONT = "system-ui, 'DejaVu Sans', sans-serif";

/** Return `name` shortened to at most `most` characters, ending in "…" when cut (the page
 * shows the whole name in a tooltip). */
export function shortName(name, most = 18) {
  const whole = String(name);
  return whole.length <= most ? whole : `${whole.slice(0, most - 1).trimEnd()}…`;
}

let measurer = null;

/** Return the width of `content` in the boards' font at `size` (bold or not), measured on
 * a canvas; null where no canvas can measure. */
function measured(content, size, bold) {
  if (measurer === null) {
    const canvas = typeof document === "undefined" ? null : document.createElement("canvas");
    measurer = (canvas && canvas.getContext("2d")) || false;
  }
  if (!measurer) return null;
  measurer.font = `${bold ? "bold " : ""}${size}px ${FONT}`;
  return measurer.measureText(content).width;
}

export function lettering(ink, shares, least = 0) {
  const sized = (size) => Math.max(size, least);
  const estimated = (content, size, bold) => content.length * sized(size)
    * (bold ? shares[1] : shares[0]);
  const textWidth = (content, size, bold) => Math.max(estimated(content, size, bold),
    measured(content, sized(size), bold) || 0);
  // A line's own width: measured where possible, else estimated.
  const ownWidth = (content, size, bold) => {
    const width = measured(content, size, bold);
    return width === null ? estimated(content, size, bold) : width;
  };
  const text = (x, y, content, wanted, opts) => {
    const o = opts || {};
    const size = sized(wanted);
    const node = svgNode("text", { x, y, "font-size": size, "text-anchor": o.anchor || "start",
      "font-weight": o.weight || null, fill: o.fill || ink,
      "font-family": FONT, "dominant-baseline": "middle" });
    const bold = Boolean(o.weight);
    let shown = String(content);
    if (o.max) {
      // Squeezed at most to a `least` font's width (with a fiftieth to spare for the
      // rounding of a scaled drawing), else cut short with "…".
      const room = least > 0 ? Math.max(o.max, (o.max * size) / (least * 1.02)) : o.max;
      if (ownWidth(shown, size, bold) > room) {
        while (shown.length > 1 && ownWidth(`${shown}…`, size, bold) > room) {
          shown = shown.slice(0, -1);
        }
        shown = `${shown.trimEnd()}…`;
      }
      // (A line still too wide once cut to its first letter overflows rather than shrink.)
      const width = ownWidth(shown, size, bold);
      if (width > o.max && width <= room) {
        node.setAttribute("textLength", String(o.max));
        node.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    }
    node.textContent = shown;
    if (o.outline) {
      node.setAttribute("stroke", o.outline);
      node.setAttribute("stroke-width", "3");
      node.setAttribute("paint-order", "stroke");
    }
    node.style.pointerEvents = "none";
    return node;
  };
  const wrap = (content, size, max) => {
    const lines = [];
    let line = "";
    for (const word of content.split(" ")) {
      const next = line ? `${line} ${word}` : word;
      if (line && textWidth(next, size, false) > max) {
        lines.push(line);
        line = word;
      } else {
        line = next;
      }
    }
    if (line) lines.push(line);
    return lines;
  };
  return { textWidth, text, wrap, size: sized };
}

/**
 * Make `node` the outlined button of `action`: focusable, labelled, played by click, Enter or
 * Space, with a pale glow under a dark dashed outline around `box` (visible on every colour,
 * and not colour alone) that turns solid and thicker while focused. `look` is the board's:
 * {prefix, pad, radius, glow, glowWidth, glowOpacity, width, focusWidth, dash}.
 */
export function outlinedButton(node, action, label, box, look, pick) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  node.setAttribute("data-action", action);
  node.classList.add(`${look.prefix}-choice`);
  node.style.cursor = "pointer";
  const pad = look.pad;
  const frame = { x: box.x - pad, y: box.y - pad, width: box.w + 2 * pad,
    height: box.h + 2 * pad, rx: (box.r || look.radius) + pad };
  const glow = svgNode("rect", { ...frame, fill: "none", stroke: look.glow,
    "stroke-width": look.glowWidth, "stroke-opacity": look.glowOpacity });
  glow.style.pointerEvents = "none";
  const halo = svgNode("rect", { ...frame, fill: "none", stroke: "#111",
    "stroke-width": look.width, "stroke-dasharray": look.dash, class: `${look.prefix}-halo` });
  halo.style.pointerEvents = "none";
  // A clear cover over the whole outline, so a press between the drawn parts still counts.
  const cover = svgNode("rect", { ...frame, fill: "#fff", "fill-opacity": 0 });
  node.insertBefore(cover, node.firstChild);
  node.insertBefore(glow, node.firstChild);
  node.appendChild(halo);
  const play = (event) => {
    event.preventDefault();
    event.stopPropagation();
    pick(action);
  };
  node.addEventListener("click", play);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " " || event.key === "Spacebar") play(event);
  });
  node.addEventListener("focus", () => {
    halo.setAttribute("stroke-width", String(look.focusWidth));
    halo.setAttribute("stroke-dasharray", "none");
  });
  node.addEventListener("blur", () => {
    halo.setAttribute("stroke-width", String(look.width));
    halo.setAttribute("stroke-dasharray", look.dash);
  });
  return node;
}

/** Make a board's outer box: its parts side by side, wrapping below each other when narrow. */
export function boardRoot(className) {
  const root = document.createElement("div");
  root.className = className;
  root.style.display = "flex";
  root.style.flexWrap = "wrap";
  root.style.gap = "10px";
  root.style.alignItems = "flex-start";
  root.style.width = "100%";
  root.style.boxSizing = "border-box";
  return root;
}

// The shade of each colour word a game names its seats by (docs/protocol.md, a seat's
// `colour`): Okabe and Ito's palette, told apart by most colour-blind eyes, but for red,
// drawn red as the pieces are printed (their vermilion reads as orange) yet light enough
// for dark ink and apart from green in lightness; every mark also carries its seat's
// number. White is a pale grey that still shows on paper, always with a dark outline.
export const SEAT_SHADES = { red: "#E8453C", blue: "#0072B2", green: "#009E73",
  yellow: "#F0E442", purple: "#CC79A7", white: "#F4F4F4", grey: "#999999" };

const DARK_INK = "#111111";
const LIGHT_INK = "#ffffff";

/** Return the relative luminance (WCAG 2) of a #rrggbb colour. */
function luminance(colour) {
  const n = parseInt(colour.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Return the ink with the higher contrast on `fill` (a #rrggbb colour): near-black or white. */
export function inkOn(fill) {
  const l = luminance(fill);
  const dark = (l + 0.05) / (luminance(DARK_INK) + 0.05);
  const light = 1.05 / (l + 0.05);
  return dark >= light ? DARK_INK : LIGHT_INK;
}

/** Return a seat's look: its `fill`, the character drawn on it, the ink of that character,
 * a halo of the other ink around it, and the colour word (null: not the game's colour). */
export function seatLook(fill, initial, colour = null) {
  const ink = inkOn(fill);
  return { fill, initial: String(initial), ink, halo: ink === DARK_INK ? LIGHT_INK : DARK_INK,
    colour };
}

/** Return the look of a seat the game names by the colour word `colour` (SEAT_SHADES). */
export function colourLook(colour, initial) {
  return seatLook(SEAT_SHADES[colour], initial, colour);
}

/** Let a drawing fill its box's width at its own proportions; with `basis` and `most` it
 * is itself a part of the board, between `basis` and `most` pixels wide. */
export function fluid(drawing, basis, most) {
  if (basis !== undefined) {
    drawing.style.flex = `1 1 ${basis}px`;
    drawing.style.maxWidth = `${most}px`;
  }
  drawing.style.width = "100%";
  drawing.style.height = "auto";
  drawing.style.display = "block";
  drawing.style.userSelect = "none";
  return drawing;
}

// The zoom each game's map is shown at on a phone, kept from one drawing to the next.
const ZOOMS = [1, 1.5, 2];
const zoomOf = new Map();

/** Give a map that scrolls in its own `box` (a phone's) a zoom: "−" and "+" buttons above
 * it (shown on narrow screens only, style.css `.map-zoom`) widen the drawing 1, 1.5 or 2
 * times its least width `least`; the box scrolls to show the rest. */
export function zoomable(box, drawing, least, key, t) {
  const level = zoomOf.get(key) || 0;
  box.classList.add("zoomable");
  const apply = (n) => {
    zoomOf.set(key, n);
    drawing.style.minWidth = `${Math.round(least * ZOOMS[n])}px`;
    drawing.style.width = `${ZOOMS[n] * 100}%`;
    out.disabled = n === 0;
    inn.disabled = n === ZOOMS.length - 1;
    box.dataset.zoom = String(ZOOMS[n]);
  };
  const tools = document.createElement("div");
  tools.className = "map-zoom";
  const out = document.createElement("button");
  out.type = "button";
  out.textContent = "−";
  out.setAttribute("aria-label", t("board.zoom_out"));
  out.title = t("board.zoom_out");
  const inn = document.createElement("button");
  inn.type = "button";
  inn.textContent = "+";
  inn.setAttribute("aria-label", t("board.zoom_in"));
  inn.title = t("board.zoom_in");
  out.addEventListener("click", () => apply(Math.max(0, (zoomOf.get(key) || 0) - 1)));
  inn.addEventListener("click", () => apply(Math.min(ZOOMS.length - 1, (zoomOf.get(key) || 0) + 1)));
  tools.append(out, inn);
  // First in the box, held at its left edge while the map scrolls under it; on a phone
  // only (judged at each drawing: the board is drawn anew at every state).
  tools.hidden = !window.matchMedia("(max-width: 900px)").matches;
  box.prepend(tools);
  apply(level);
}

/** What every board's drawing steps need: the view, the shell's context, the words of the
 * page's language, the viewer's seat, and the choices the seat may place as buttons. */
export class BoardTable {
  constructor(view, ctx, words, buttonLook) {
    this.view = view;
    this.ctx = ctx;
    this.w = wordsIn(words, ctx.lang);
    this.seat = ctx.seat === null || ctx.seat === undefined ? null : ctx.seat;
    this.choices = new Map();
    for (const choice of ctx.choices || []) this.choices.set(choice.action, choice);
    this.placed = new Set();
    this.buttonLook = buttonLook;
  }

  /** Return the display name of a seat, shortened (`shortName`) so that it fits the
   * board's labels and sentences; the shell's seat list shows it whole. */
  name(seat) {
    const names = this.ctx.names || [];
    return shortName(names[seat] || `P${seat + 1}`);
  }

  /** Make `node` the button of `action` if the seat may choose it now and no other element
   * is its button yet; `box` is the outline's rectangle. Return whether it became one. */
  button(node, action, box) {
    const choice = this.choices.get(action);
    if (!choice || this.placed.has(action)) return false;
    this.placed.add(action);
    outlinedButton(node, action, choice.label || action, box, this.buttonLook, this.ctx.pick);
    return true;
  }
}
