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
//   ctx.colour(seat)  {fill: CSS colour, initial: one character}: a seat's colour; draw
//                the initial with it, so colour is never the only cue
//
// For each choice it can place on the board (a room, a card, a region...) the module makes
// an element clickable: role="button", tabindex="0", an aria-label, data-action="<action>",
// and click, Enter and Space call ctx.pick(action). Every piece, card and space has a
// tooltip (<title> in SVG) saying what it does, in the page's language: each module keeps
// its own English, Italian and Polish words. Choices the board cannot place (sums, yes/no)
// stay in the shell's numbered list, which always lists every choice.
//
// Optional: `export const title = {en: "...", it: "...", pl: "..."}`; and a stylesheet
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
