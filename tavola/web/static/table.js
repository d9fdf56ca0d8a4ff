// The table page: one websocket per table (docs/protocol.md), the board drawn by the
// game's board module, the numbered choices, the log, the chat, the seats and the result.
// Every text rendered from the game arrives in the page's language (the hello's `lang`;
// the `lang` frame when the switch changes); the rules panel is one button away.

import { TableSocket, api, keepToken } from "./api.js";
import { boardModule } from "./boards.js";
import { t, tn, lang, num, botName } from "./i18n.js";
import { el, myName, rememberName, seatWord, showCreated, tableBody } from "./lobby.js";
import { helpOf, openRules, rulesButton, shortHelp, topicIn } from "./rules.js";
import { GameLog, colour } from "./log.js";
import { tableTools } from "./operators.js";
import { beep } from "./turns.js";

export { colour };

// Other seats' moves are drawn one at a time, each shown this long before the next (unless
// the reader asks for reduced motion, or skips to the latest).
const PACE_MS = 700;
// More moves than this waiting, and the oldest are drawn without their pause (a long run of
// bots' moves catches up rather than falling ever further behind the table).
const BACKLOG = 4;

/** Whether the reader asked the system for reduced motion. */
function calm() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// At most this many pieces are moved at one step (a whole new round is shown at once).
const MOST_MOVES = 40;

/** Return where each piece a board marks stands (`data-piece`: what it is, such as a seat's
 * cube or a card; `data-at`: where it stands; `data-count`: how many it shows, 1 unless
 * said): kind → place → {count, rect, node}. */
function piecesIn(box) {
  const found = new Map();
  for (const node of box.querySelectorAll("[data-piece]")) {
    const kind = node.dataset.piece;
    const at = node.dataset.at || "";
    const count = node.dataset.count === undefined ? 1 : Number(node.dataset.count) || 0;
    if (!found.has(kind)) found.set(kind, new Map());
    const places = found.get(kind);
    const known = places.get(at);
    if (known) known.count += count;
    else places.set(at, { count, rect: node.getBoundingClientRect(), node });
  }
  return found;
}

/** Return the factors from a node's own units to the screen's (an SVG drawing is scaled to
 * its box; an HTML element is not). */
function scaleOf(node) {
  const matrix = typeof node.getScreenCTM === "function" ? node.getScreenCTM() : null;
  return [matrix && matrix.a ? matrix.a : 1, matrix && matrix.d ? matrix.d : 1];
}

// The boxes lifted for a moving piece (see `lift`): how many moves hold each, and the
// inline style each had before.
const LIFTED = new Map();
const LIFT_STYLE = ["overflow", "position", "zIndex", "minWidth", "minHeight"];

/** Let a piece moving on the board be drawn above the board's other parts while it moves:
 * every box around it (up to the board, `box`) that would clip it to its own edges (an SVG
 * drawing, a box hiding or scrolling its overflow) shows its overflow and comes forward,
 * so that a cube placed from Rattus's reserve travels over the map's edge rather than
 * appearing from it. A box its reader scrolled (a phone's zoomed map) keeps its edges, and
 * its scrolling. Return the function that puts the boxes back once the move ends. */
function lift(node, box) {
  const held = [];
  for (let at = node.parentElement; at && at !== box && box.contains(at); at = at.parentElement) {
    const known = LIFTED.get(at);
    if (known) {
      known.count += 1;
      held.push(at);
      continue;
    }
    const style = getComputedStyle(at);
    if (style.overflowX === "visible" && style.overflowY === "visible") continue;
    if (at.scrollLeft || at.scrollTop || at.scrollWidth > at.clientWidth + 1
        || at.scrollHeight > at.clientHeight + 1) continue;
    const saved = Object.fromEntries(LIFT_STYLE.map((name) => [name, at.style[name]]));
    LIFTED.set(at, { count: 1, saved });
    held.push(at);
    // Its size stays what it was: a box that hid its overflow had no minimum from its content.
    if (style.minWidth === "auto") at.style.minWidth = "0";
    if (style.minHeight === "auto") at.style.minHeight = "0";
    at.style.overflow = "visible";
    const nested = at instanceof SVGElement && at.ownerSVGElement;
    if (!nested) {
      if (style.position === "static") at.style.position = "relative";
      at.style.zIndex = "6";
    }
    at.classList.add("lifted");
  }
  return () => {
    for (const at of held) {
      const known = LIFTED.get(at);
      if (!known || (known.count -= 1) > 0) continue;
      LIFTED.delete(at);
      for (const name of LIFT_STYLE) at.style[name] = known.saved[name];
      at.classList.remove("lifted");
    }
  };
}

/** Run `animation` of `node` with the boxes around it lifted (`lift`) until it ends. */
function lifted(node, box, animation) {
  const drop = lift(node, box);
  animation.finished.then(drop, drop);
  return animation;
}

/** Show what changed between two drawings of the board (`before`, from `piecesIn`, and the
 * board now): each place that gained pieces of a kind takes them from a place that lost
 * some of that kind, and the piece moves from there to here; a piece gained from nowhere
 * on the board (income, a card dealt, a token drawn) grows into its place; a piece that
 * changed in place (a token turned over, a card changing hands on its spot) swells once.
 * Return the number of pieces moved. */
function movePieces(box, before, duration) {
  const now = piecesIn(box);
  let moved = 0;
  for (const [kind, places] of now) {
    const was = before.get(kind) || new Map();
    // Where pieces of this kind left from, and how many.
    const sources = [];
    for (const [at, old] of was) {
      const left = old.count - (places.has(at) ? places.get(at).count : 0);
      if (left > 0) sources.push({ rect: old.rect, left });
    }
    for (const [at, piece] of places) {
      const gained = piece.count - (was.has(at) ? was.get(at).count : 0);
      if (gained <= 0 || moved >= MOST_MOVES || typeof piece.node.animate !== "function") continue;
      const source = sources.find((s) => s.left > 0);
      const node = piece.node;
      const options = { duration, easing: "ease-in-out" };
      moved += 1;
      node.classList.add("moving");
      let animation;
      if (source) {
        source.left -= 1;
        const rect = node.getBoundingClientRect();
        const dx = source.rect.left + source.rect.width / 2 - (rect.left + rect.width / 2);
        const dy = source.rect.top + source.rect.height / 2 - (rect.top + rect.height / 2);
        if (Math.abs(dx) >= 1 || Math.abs(dy) >= 1) {
          const [sx, sy] = scaleOf(node);
          animation = node.animate([{ transform: `translate(${dx / sx}px, ${dy / sy}px)` },
            { transform: "translate(0px, 0px)" }], options);
        } else {
          animation = node.animate([{ transform: "scale(1)" }, { transform: "scale(1.3)" },
            { transform: "scale(1)" }], options);
        }
      } else {
        animation = node.animate([{ transform: "scale(0.3)", opacity: 0 },
          { transform: "scale(1)", opacity: 1 }], options);
      }
      lifted(node, box, animation);
      animation.onfinish = () => node.classList.remove("moving");
    }
  }
  return moved;
}

/** Return where each piece a board marks as moving (`data-move`: the plague, a carriage,
 * the sheriff) stands, and every other piece it marks (`piecesIn`), to be moved from there
 * once the board is drawn anew (`showMoves`). */
export function piecesBefore(box) {
  const stood = new Map([...box.querySelectorAll("[data-move]")]
    .map((node) => [node.dataset.move, node.getBoundingClientRect()]));
  return { stood, pieces: piecesIn(box) };
}

/** Show what changed since `before` (`piecesBefore`) on the board drawn anew in `box`: each
 * moving piece glides from where it stood, every other piece as `movePieces` says; nothing
 * for a reader who asks for reduced motion. */
export function showMoves(box, before, duration) {
  if (calm()) return;
  for (const node of box.querySelectorAll("[data-move]")) {
    const was = before.stood.get(node.dataset.move);
    if (!was || typeof node.animate !== "function") continue;
    const now = node.getBoundingClientRect();
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    // An SVG piece moves in its drawing's units, which are scaled to the screen.
    const [sx, sy] = scaleOf(node);
    lifted(node, box, node.animate([{ transform: `translate(${dx / sx}px, ${dy / sy}px)` },
      { transform: "translate(0px, 0px)" }], { duration, easing: "ease-in-out" }));
  }
  movePieces(box, before.pieces, duration);
}

/** Return frame `later` carrying the log of `earlier` too, so that `earlier` may go undrawn. */
function merged(earlier, later) {
  const a = earlier.log;
  const b = later.log;
  if (b.from === 0 || b.from !== a.from + a.events.length) return later;
  return { ...later, log: { from: a.from, events: [...a.events, ...b.events] } };
}

/** Return `colour` bound to the seats of one table. */
export function coloursOf(seats) {
  return (seat) => colour(seat, seats);
}

/** Draw a seat's swatch: its colour with its number on it. */
function swatch(parent, seat, seats) {
  const c = colour(seat, seats);
  const node = el("span", "swatch", c.initial, parent);
  node.style.backgroundColor = c.fill;
  node.style.color = c.ink;
  if (c.colour) node.dataset.colour = c.colour;
  node.setAttribute("aria-hidden", "true");
  return node;
}

/** Put `name` in `parent` as a name that is cut short with "…" where it would not fit,
 * whole in its tooltip. */
/** A clock's time left, as a player reads it: 2:05 under an hour, then hours and minutes,
 * then days and hours (a turn-based clock). */
function clockText(left) {
  if (left < 3600) return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  if (left < 86400) {
    return t("clock.hours", { hours: Math.floor(left / 3600), minutes: Math.floor((left % 3600) / 60) });
  }
  return t("clock.days", { days: Math.floor(left / 86400), hours: Math.floor((left % 86400) / 3600) });
}

function nameSpan(parent, name) {
  const node = el("span", "name", name, parent);
  node.title = name;
  return node;
}

/** Return an element holding text the server sent (in the page's language), marked so. */
function serverText(text) {
  const node = el("span", "said-by-server", text);
  node.dataset.serverText = "";
  return node;
}

/** Write `template` into `parent`, each `{slot}` replaced by the node (or nodes) in
 * `parts`: translated words around elements, never read as HTML. */
function fillIn(parent, template, parts) {
  for (const piece of template.split(/(\{\w+\})/)) {
    const slot = /^\{(\w+)\}$/.exec(piece);
    if (slot && slot[1] in parts) {
      const part = parts[slot[1]];
      parent.append(...(Array.isArray(part) ? part : [part]));
    } else if (piece) {
      parent.append(piece);
    }
  }
}

/** A plain, readable view of any game's JSON view (for games without a board module): the
 * view's own field names, which are identifiers rather than words of any language. */
/** Draw `view` with the game's board module, or as a plain list when there is none or it
 * fails; mark the box with what drew it. */
export function drawView(box, board, game, view, ctx) {
  let drawn = false;
  if (board) {
    try {
      board.render(box, view, ctx);
      drawn = true;
    } catch (error) {
      console.error("the board could not be drawn", error);
    }
  }
  if (!drawn) plainView(box, view);
  box.dataset.module = drawn ? game : "plain";
}

export function plainView(container, view) {
  container.replaceChildren();
  const wrap = el("div", "plain-view", null, container);
  wrap.dataset.serverText = "";
  wrap.lang = "zxx";
  const walk = (value, parent, depth) => {
    if (value === null || typeof value !== "object") {
      parent.append(String(value));
      return;
    }
    if (Array.isArray(value) && value.every((v) => v === null || typeof v !== "object")) {
      parent.append(value.length ? value.join(", ") : "-");
      return;
    }
    const list = el(Array.isArray(value) ? "ol" : "ul", "", null, parent);
    if (depth > 6) return;
    for (const [key, item] of Object.entries(value)) {
      const row = el("li", "", null, list);
      if (!Array.isArray(value)) el("span", "key", `${key}: `, row);
      walk(item, row, depth + 1);
    }
  };
  walk(view, wrap, 0);
}

/** Draw the table page for `where` ({table, token}) into `main`; return its controller. */
export function showTable(main, where) {
  const page = new TablePage(main, where.table, where.token);
  page.start();
  return page;
}

class TablePage {
  constructor(main, table, token) {
    this.main = main;
    this.table = table;
    this.token = token;
    this.help = null;
    this.summary = null;
    this.frame = null;
    this.you = null;
    this.host = false;
    this.log = [];
    this.chat = new Map();
    this.waiting = false;
    this.rematch = null;
    this.rematchBox = null;
    this.wasMyTurn = false;
    this.digits = "";
    this.digitTimer = null;
    this.clockTimer = null;
    this.board = null;
    this.boardLoading = null;
    this.clockAt = 0;
    // State frames waiting to be drawn, and the play-through drawing them in turn.
    this.pending = [];
    this.playing = false;
    this.skipping = false;
    this.drawnAt = 0;
    this.paceTimer = null;
    this.paceDone = null;
    this.closed = false;
    this.build();
  }

  // -- the page's fixed parts ---------------------------------------------------------
  build() {
    const root = el("div", "table-page", null, this.main);
    root.id = "table-page";
    this.root = root;
    const head = el("div", "table-head", null, root);
    this.heading = el("h1", "", "", head);
    this.connection = el("p", "connection", "", head);
    this.connection.id = "connection";
    const tools = el("div", "tools", null, head);
    this.rulesButton = rulesButton(tools, () => ({ table: this.table }));
    this.rulesButton.id = "rules-button";
    this.leaveButton = el("button", "", t("table.leave"), tools);
    this.leaveButton.type = "button";
    this.leaveButton.id = "leave";
    this.leaveButton.hidden = true;
    this.leaveButton.addEventListener("click", () => this.socket.send({ type: "leave" }));
    this.backButton = el("button", "", t("table.back"), tools);
    this.backButton.type = "button";
    this.backButton.id = "back";
    this.backButton.hidden = true;
    this.backButton.addEventListener("click", () => this.socket.send({ type: "back" }));
    this.buildStatusBar(root);
    this.joinBox = el("form", "join", null, root);
    this.joinBox.id = "join";
    this.joinBox.hidden = true;
    this.errors = el("p", "errors", "", root);
    this.errors.id = "errors";
    this.errors.setAttribute("role", "alert");

    const body = el("div", "table-body", null, root);
    // The final scores, once the game is over, above the board and across the whole width:
    // the names, the ranks and how each score adds up side by side on a laptop.
    this.result = el("section", "result", null, body);
    this.result.id = "result";
    this.result.tabIndex = -1;
    this.result.hidden = true;
    const boardSection = el("section", "board-section", null, body);
    boardSection.setAttribute("aria-labelledby", "board-title");
    const boardTitle = el("h2", "visually-hidden", t("table.board"), boardSection);
    boardTitle.id = "board-title";
    this.boardBox = el("div", "board", null, boardSection);
    this.boardBox.id = "board";
    // While other seats' moves are played one by one: the way to the latest at once.
    this.skipButton = el("button", "skip-moves", t("table.skip_moves"), boardSection);
    this.skipButton.type = "button";
    this.skipButton.id = "skip-moves";
    this.skipButton.hidden = true;
    this.skipButton.addEventListener("click", () => this.skip());

    const side = el("div", "side", null, body);
    // On a phone (narrow screens, style.css) this section is a drawer at the bottom edge,
    // opened and closed from its head or the status bar.
    const choices = el("section", "choices", null, side);
    choices.id = "choices";
    choices.setAttribute("aria-labelledby", "choices-title");
    choices.tabIndex = -1;
    this.choicesBox = choices;
    const choicesHead = el("div", "choices-head", null, choices);
    const choicesTitle = el("h2", "", t("table.choices"), choicesHead);
    choicesTitle.id = "choices-title";
    this.drawerButton = el("button", "drawer-toggle", "", choicesHead);
    this.drawerButton.type = "button";
    this.drawerButton.id = "drawer-toggle";
    this.drawerButton.setAttribute("aria-controls", "choices-body");
    this.drawerButton.addEventListener("click", () => this.openDrawer(!this.drawerOpen));
    const choicesBody = el("div", "choices-body", null, choices);
    choicesBody.id = "choices-body";
    this.prompt = el("p", "prompt", "", choicesBody);
    this.prompt.id = "prompt";
    this.prompt.dataset.serverText = "";
    this.choiceHelp = el("p", "help", t("table.keys"), choicesBody);
    this.choiceList = el("ol", "choice-list", null, choicesBody);
    this.choiceList.id = "choice-list";
    this.undoButton = el("button", "", t("table.undo"), choicesBody);
    this.undoButton.type = "button";
    this.undoButton.id = "undo";
    this.undoButton.hidden = true;
    this.undoButton.addEventListener("click", () => this.undo());

    const seats = el("section", "seats", null, side);
    el("h2", "", t("table.players"), seats);
    this.seatList = el("ul", "seat-list", null, seats);
    this.seatList.id = "seats";

    const logBox = el("section", "log", null, side);
    logBox.setAttribute("aria-labelledby", "log-title");
    const logTitle = el("h2", "", t("table.log"), logBox);
    logTitle.id = "log-title";
    this.logList = el("ol", "log-list", null, logBox);
    this.logList.id = "log";
    this.gameLog = new GameLog(this.logList);
    this.logList.dataset.serverText = "";
    this.logList.tabIndex = 0;
    this.logList.setAttribute("aria-labelledby", "log-title");

    const chatBox = el("section", "chat", null, side);
    chatBox.setAttribute("aria-labelledby", "chat-title");
    const chatTitle = el("h2", "", t("table.chat"), chatBox);
    chatTitle.id = "chat-title";
    this.chatList = el("ol", "chat-list", null, chatBox);
    this.chatList.id = "chat";
    this.chatList.tabIndex = 0;
    this.chatList.setAttribute("aria-labelledby", "chat-title");
    this.chatList.setAttribute("aria-live", "polite");
    const form = el("form", "chat-form", null, chatBox);
    this.chatInput = document.createElement("input");
    this.chatInput.id = "chat-input";
    this.chatInput.maxLength = 500;
    this.chatInput.autocomplete = "off";
    const label = el("label", "", t("table.message"), form);
    label.htmlFor = this.chatInput.id;
    form.appendChild(this.chatInput);
    const send = el("button", "", t("table.send"), form);
    send.type = "submit";
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.chatInput.value.trim();
      if (!text) return;
      const channel = this.you === null ? "spectators" : "players";
      if (this.socket.send({ type: "chat", channel, text })) this.chatInput.value = "";
    });
    // An operator's tools (nothing for anyone else): remove a chat line, end the table.
    this.operatorTools = tableTools({ id: this.table, chatList: this.chatList, chat: this.chat },
      chatBox);

    this.keys = (event) => this.key(event);
    document.addEventListener("keydown", this.keys);
    this.openDrawer(false);
    // The page keeps room below everything for the drawer, whatever its height.
    this.drawerSize = new ResizeObserver(() => {
      root.style.setProperty("--drawer-height", `${Math.ceil(choices.offsetHeight)}px`);
    });
    this.drawerSize.observe(choices);
  }

  /** The status bar, which stays at the top of the screen while the table scrolls: whose
   * turn it is and what they must decide, the clocks, and the way to one's choices (or, at
   * the end, to the final scores). */
  buildStatusBar(root) {
    const bar = el("div", "status-bar", null, root);
    bar.id = "status-bar";
    this.statusBar = bar;
    bar.setAttribute("role", "region");
    bar.setAttribute("aria-label", t("status.label"));
    this.turn = el("p", "turn", "", bar);
    this.turn.id = "turn";
    this.turn.setAttribute("aria-live", "polite");
    this.turn.setAttribute("role", "status");
    this.clock = el("p", "clock", "", bar);
    this.clock.id = "clock";
    this.toChoices = el("button", "to-choices", "", bar);
    this.toChoices.type = "button";
    this.toChoices.id = "to-choices";
    this.toChoices.hidden = true;
    this.toChoices.addEventListener("click", () => this.goToChoices());
    this.live = el("div", "live-status", null, bar);
    this.live.id = "live-status";
    this.live.setAttribute("aria-live", "polite");
  }

  /** The status bar's live lines: a table waiting for its players (with the host's way to
   * begin at once), a bot deciding (which seat, for how long, of its think time), a seat
   * out of time (the others choose: a stand-in plays it, or they wait; with no answer the
   * stand-in plays when the count ends), and the decisions a simple policy made for a bot
   * that did not answer. Counts go on between frames (`tick`). */
  drawLive() {
    const frame = this.frame;
    this.live.replaceChildren();
    if (!frame || frame.finished || this.root.dataset.ended === "yes") return;
    if (frame.waiting) {
      const open = frame.seats.filter((s) => s.kind === "human" && !s.taken)
        .map((s) => `P${s.seat + 1}`);
      const line = el("p", "waiting-players", t("live.waiting", { seats: open.join(", ") }),
        this.live);
      if (this.host) {
        const begin = el("button", "start-now", t("live.start_now"), line);
        begin.type = "button";
        begin.addEventListener("click", () => this.socket.send({ type: "start" }));
      }
      return;
    }
    for (const thinking of frame.thinking || []) {
      const seat = frame.seats[thinking.seat];
      const who = seat.kind === "bot"
        ? t("live.bot", { seat: `P${thinking.seat + 1}`, bot: botName(seat.bot) })
        : t("live.standin", { seat: `P${thinking.seat + 1}` });
      const line = el("p", "thinking", `${who} `, this.live);
      line.dataset.seat = String(thinking.seat);
      if (thinking.budget > 0) {
        const count = el("span", "count", "", line);
        count.dataset.from = String(thinking.elapsed);
        count.dataset.up = String(thinking.budget);
      }
    }
    const mine = this.you !== null && frame.seats[this.you].kind === "human";
    for (const s of frame.seats) {
      if (!s.out_of_time || s.zombie) continue;
      const label = `P${s.seat + 1}`;
      const line = el("p", "out-of-time", null, this.live);
      line.dataset.seat = String(s.seat);
      if (s.seat === this.you) {
        line.textContent = t("live.you_out");
        continue;
      }
      if (s.vote_seconds === null) {
        line.append(t("live.out_waited", { seat: label }));
      } else {
        line.append(t("live.out_vote", { seat: label }), " ");
        const count = el("span", "count", "", line);
        count.dataset.from = String(s.vote_seconds);
        count.dataset.down = "yes";
      }
      if (!mine) continue;
      const standin = el("button", "vote-standin", t("live.vote_standin", { seat: label }), line);
      standin.type = "button";
      standin.addEventListener("click",
        () => this.socket.send({ type: "vote", seat: s.seat, standin: true }));
      if (s.vote_seconds !== null) {
        const wait = el("button", "vote-wait", t("live.vote_wait"), line);
        wait.type = "button";
        wait.addEventListener("click",
          () => this.socket.send({ type: "vote", seat: s.seat, standin: false }));
      }
    }
    const replaced = frame.replaced || [];
    if (replaced.length) {
      const last = replaced[replaced.length - 1];
      const seats = [...new Set(replaced.map((r) => `P${r.seat + 1}`))];
      el("p", "replaced", t("live.replaced", { seat: `P${last.seat + 1}`, count: replaced.length,
        seats: seats.join(", ") }), this.live);
    }
    this.tickLive();
  }

  /** Move the live lines' counts on to now (seconds since the frame that gave them). */
  tickLive() {
    const gone = (Date.now() - this.clockAt) / 1000;
    for (const count of this.live.querySelectorAll(".count")) {
      const from = Number(count.dataset.from);
      if (count.dataset.down) {
        count.textContent = t("live.seconds_left", { seconds: Math.max(0, Math.ceil(from - gone)) });
      } else {
        const budget = Number(count.dataset.up);
        count.textContent = t("live.seconds_of", { seconds: Math.min(budget, from + gone).toFixed(1),
          budget: budget.toFixed(1) });
      }
    }
  }

  /** Whether the page is laid out for a phone (the choices in a drawer). */
  narrow() {
    return window.matchMedia("(max-width: 900px)").matches;
  }

  /** Open or close the choices drawer (it only acts as one on a phone). */
  openDrawer(open) {
    this.drawerOpen = open;
    this.root.classList.toggle("drawer-open", open);
    this.drawerButton.textContent = open ? t("status.hide_choices") : t("status.show_choices");
    this.drawerButton.setAttribute("aria-expanded", open ? "true" : "false");
  }

  /** Open the drawer by itself when there is something to decide (or to take back) and
   * close it when there is nothing; in between, it stays as the player left it. It stays
   * closed while the seat's name form waits to be answered. */
  syncDrawer() {
    const busy = Boolean(this.frame) && this.joinBox.hidden
      && (this.myTurn() || !this.undoButton.hidden);
    if (busy !== this.wasBusy) this.openDrawer(busy);
    this.wasBusy = busy;
  }

  /** Show the choices (the final scores once the game is over) and put the focus there. */
  goToChoices() {
    const finished = this.frame && this.frame.finished;
    if (!finished && this.narrow()) this.openDrawer(true);
    const target = finished ? this.result : this.choicesBox;
    if (this.narrow() && !finished) {
      target.scrollIntoView({ block: "nearest" });
    } else {
      // The top of the choices (or scores) goes just under the status bar (stuck to the
      // top of the screen once the page scrolls), however tall either is: "nearest" would
      // line up the bottom of a box taller than the screen, its first choice above the top.
      const under = this.statusBar.getBoundingClientRect().height + 8;
      window.scrollBy({ top: target.getBoundingClientRect().top - under, behavior: "instant" });
    }
    const first = finished ? null : this.choiceList.querySelector("button");
    (first || target).focus({ preventScroll: true });
  }

  start() {
    if (this.token) keepToken(this.table, this.token);
    this.socket = new TableSocket(this.table, this.token, {
      onFrame: (frame) => this.receive(frame),
      onStatus: (status, wait) => this.status(status, wait),
    });
    this.socket.open();
    this.clockTimer = setInterval(() => this.tick(), 250);
  }

  close(keepSocket = false) {
    document.removeEventListener("keydown", this.keys);
    this.drawerSize.disconnect();
    clearInterval(this.clockTimer);
    this.closed = true;
    this.pending.length = 0;
    this.skip();
    if (!keepSocket) this.socket.close();
  }

  /**
   * Redraw every word after the language changed: a new page on the same connection, drawn
   * at once from what this one holds, which asks the server for its texts in the new
   * language (a `lang` frame: the state again, the log from the start, the table talk).
   */
  relabel() {
    this.close(true);
    this.main.replaceChildren();
    const again = new TablePage(this.main, this.table, this.token);
    again.adopt(this);
    return again;
  }

  /** Take over `old`'s connection and what it received, and ask for the new language. */
  adopt(old) {
    this.socket = old.socket;
    this.socket.handOver({
      onFrame: (frame) => this.receive(frame),
      onStatus: (status, wait) => this.status(status, wait),
    });
    this.clockTimer = setInterval(() => this.tick(), 250);
    this.rematch = old.rematch;
    this.wasMyTurn = old.wasMyTurn;
    if (old.summary) {
      this.receive({ type: "welcome", table: old.summary, you: old.you, host: old.host });
      for (const said of old.chat.values()) this.addChat(said);
    }
    this.status(old.connection.dataset.status || "connecting");
    if (old.frame) this.state({ ...old.frame, log: { from: 0, events: old.log } });
    this.socket.setLang(lang());
  }

  status(status, wait) {
    const words = {
      connecting: t("conn.connecting"), connected: t("conn.connected"),
      reconnecting: t("conn.reconnecting", { seconds: wait }),
      refused: t("conn.refused"), closed: t("conn.closed"),
    };
    this.connection.textContent = words[status] || status;
    this.connection.dataset.status = status;
    if (status !== "connected") this.setWaiting(false);
  }

  // -- frames -------------------------------------------------------------------------
  receive(frame) {
    switch (frame.type) {
      case "welcome":
        this.summary = frame.table;
        this.you = frame.you;
        this.host = frame.host;
        this.log = [];
        this.chat.clear();
        this.chatList.replaceChildren();
        this.errors.textContent = "";
        this.rematch = null;
        this.heading.textContent = `${frame.table.title} · ${t("table.table", { table: frame.table.table })}`;
        this.loadHelp();
        this.root.dataset.you = frame.you === null ? "spectator" : String(frame.you);
        this.drawJoin();
        break;
      case "state":
        this.enqueue(frame);
        break;
      case "seats":
        if (this.frame) {
          this.frame.seats = frame.seats;
          this.clockAt = Date.now();
          this.drawSeats();
          this.drawTurn();
          this.drawLeave();
        }
        break;
      case "chat":
        this.addChat(frame);
        break;
      case "chat_removed": {
        // An operator removed a line.
        this.chat.delete(frame.id);
        const line = this.chatList.querySelector(`li[data-id="${frame.id}"]`);
        if (line) line.remove();
        break;
      }
      case "rematch":
        // A player started the rematch: this seat's place and token there (a spectator's
        // frame names only the table).
        this.rematch = frame;
        this.drawRematch();
        break;
      case "error":
        if (this.root.dataset.ended === "yes") break;  // the reason stays on screen
        this.errors.textContent = t("error.line", { message: frame.message });
        this.setWaiting(false);
        if (frame.code === "table_ended") {
          // An operator ended the table: nothing is left to play, and the page says why
          // where the turn was shown.
          this.root.dataset.ended = "yes";
          this.turn.textContent = frame.message;
          this.toChoices.hidden = true;
          this.choicesBox.hidden = true;
          this.clock.hidden = true;
          this.live.replaceChildren();
          // The board again without its move targets: nothing is left to click.
          this.root.dataset.myTurn = "no";
          if (this.board && this.frame) {
            this.drawBoard();
            this.drawSeats();
            this.drawLeave();
          }
        }
        break;
      default:
        break;
    }
  }

  /** Queue a state frame to be drawn: at once when nothing is being played, else after the
   * frames before it, each move of another seat shown for a moment (PACE_MS) so that a
   * bot's several moves are seen one by one. */
  enqueue(frame) {
    this.pending.push(frame);
    if (!this.playing) this.playFrames();
  }

  /** Whether `frame` is another seat's move to be shown for a moment before it is drawn:
   * not with reduced motion, not the first frame nor a whole new log (a language switch),
   * not the answer to one's own decision, and only when the table moved on. */
  paced(frame) {
    const previous = this.frame;
    return !calm() && !this.skipping && Boolean(previous) && !this.waiting
      && frame.log.from !== 0 && frame.log.events.length > 0
      && frame.state !== previous.state;
  }

  /** Draw the queued frames in order, pausing before each paced one until PACE_MS have
   * passed since the last was drawn; the "skip" button (or Escape) draws the latest now. */
  async playFrames() {
    this.playing = true;
    try {
      while (this.pending.length) {
        let frame = this.pending.shift();
        // Far behind (or skipping): what waits is folded into the next frame undrawn.
        while (this.pending.length && (this.skipping || this.pending.length > BACKLOG
            || calm())) {
          frame = merged(frame, this.pending.shift());
        }
        if (this.paced(frame)) {
          const wait = PACE_MS - (Date.now() - this.drawnAt);
          if (wait > 0) {
            this.root.dataset.playing = "yes";
            this.skipButton.hidden = false;
            await new Promise((done) => {
              this.paceDone = done;
              this.paceTimer = setTimeout(done, wait);
            });
            this.paceDone = null;
          }
          if (this.skipping) {
            while (this.pending.length) frame = merged(frame, this.pending.shift());
          }
        }
        if (this.closed) break; // the page was left (or redrawn in another language)
        await this.state(frame);
        this.drawnAt = Date.now();
      }
    } finally {
      this.playing = false;
      this.skipping = false;
      this.skipButton.hidden = true;
      delete this.root.dataset.playing;
    }
  }

  /** Draw the latest state now, without the moves still waiting to be shown. */
  skip() {
    if (!this.playing) return;
    this.skipping = true;
    clearTimeout(this.paceTimer);
    if (this.paceDone) this.paceDone();
  }

  /** Fetch the table's help topics (for the short help beside the choices). */
  async loadHelp() {
    if (this.help) return;
    try {
      this.help = await helpOf({ table: this.table });
    } catch {
      // The short help is a courtesy: the choices work without it and the rules panel
      // says why it cannot open.
      return;
    }
    if (this.frame && this.myTurn()) this.drawChoices();
  }

  async state(frame) {
    const previous = this.frame;
    // (Play beginning, once every seat is taken, changes no state id: it changes `waiting`
    // and the choices.)
    if (previous && previous.state === frame.state && previous.finished === frame.finished
        && previous.waiting === frame.waiting && frame.log.from !== 0
        && frame.log.events.length === 0
        && JSON.stringify(previous.legal) === JSON.stringify(frame.legal)
        && JSON.stringify(previous.seats) === JSON.stringify(frame.seats)) {
      // The same position again with nothing new in it but the take-back flag (judged
      // after the decision was acknowledged): only the undo button changes, so the board
      // is not rebuilt under a pointer about to click it.
      this.frame = frame;
      this.undoButton.hidden = !(this.you !== null && !frame.finished && frame.may_undo === true);
      this.syncDrawer();
      return;
    }
    this.frame = frame;
    this.clockAt = Date.now();
    if (frame.log.from === 0) this.log = [];
    this.log.splice(frame.log.from, Infinity, ...frame.log.events);
    // Every frame waits for the same loading, so none is drawn without the board.
    if (!this.boardLoading) this.boardLoading = boardModule(this.summary.game);
    this.board = await this.boardLoading;
    if (this.frame !== frame) return; // a newer frame arrived while the module loaded
    this.drawBoard();
    this.drawChoices();
    this.drawTurn();
    this.drawSeats();
    this.drawLeave();
    this.drawLog(frame.log.from);
    this.drawResult();
    this.setWaiting(false);
    this.root.dataset.state = String(frame.state);
    this.root.dataset.myTurn = this.myTurn() ? "yes" : "no";
    this.root.dataset.finished = frame.finished ? "yes" : "no";
  }

  myTurn() {
    // An ended table (finished, or ended by an operator) offers no move.
    return this.frame && this.you !== null && this.frame.to_act.includes(this.you)
      && this.frame.legal.length > 0 && !this.frame.finished
      && this.root.dataset.ended !== "yes";
  }

  /** Return the server's facts of every seat, newest first from the state frame. */
  seatRows() {
    if (this.frame) return this.frame.seats;
    return this.summary ? this.summary.seats : [];
  }

  names() {
    return this.seatRows().map((s) => {
      // A bot by its level (or kind) in the page's words, never its spec (which the
      // server also gives a bot as its name).
      if (s.kind === "bot" && (!s.name || s.name === s.bot)) {
        return t("seat.bot_name", { bot: botName(s.bot) });
      }
      if (s.name) return s.name;
      // A seat nobody took yet: said so, not its number twice ("P2 P2").
      return t("lobby.seat_free");
    });
  }

  pick(action) {
    if (!this.myTurn() || this.waiting) return;
    if (!this.frame.legal.some((c) => c.action === action)) return;
    this.errors.textContent = "";
    if (this.socket.send({ type: "action", seat: this.you, state: this.frame.state, action })) {
      this.setWaiting(true);
    }
  }

  undo() {
    if (this.you === null || !this.frame) return;
    this.socket.send({ type: "undo", seat: this.you, state: this.frame.state });
  }

  setWaiting(on) {
    this.waiting = on;
    this.root.classList.toggle("waiting", on);
    for (const button of this.choiceList.querySelectorAll("button")) button.disabled = on;
  }

  /** The board module's `ctx` for the frame drawn (docs/web.md, "The board module
   * interface"). */
  boardContext() {
    const frame = this.frame;
    return {
      seat: this.you, players: frame.seats.length, names: this.names(), lang: lang(),
      t, choices: this.myTurn() ? frame.legal : [], pick: (action) => this.pick(action),
      colour: coloursOf(frame.seats),
    };
  }

  // -- drawing ------------------------------------------------------------------------
  drawBoard() {
    const frame = this.frame;
    const focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.action : undefined;
    const ctx = this.boardContext();
    // Where each piece stood, unless nothing was drawn yet (or nothing is to move).
    const before = this.boardBox.dataset.state !== undefined && !calm()
      ? piecesBefore(this.boardBox) : null;
    drawView(this.boardBox, this.board, this.summary.game, frame.view, ctx);
    this.boardBox.dataset.state = String(frame.state);
    if (before) showMoves(this.boardBox, before, Math.min(500, PACE_MS - 100));
    if (focused) {
      const again = [...this.boardBox.querySelectorAll("[data-action]")]
        .find((node) => node.dataset.action === focused);
      if (again) again.focus();
    }
  }

  drawChoices() {
    const frame = this.frame;
    const mine = this.myTurn();
    // A spectator has no choices to be told about, nor anybody once the game is over (the
    // final scores take their place).
    this.choicesBox.hidden = this.you === null || frame.finished;
    this.choiceList.replaceChildren();
    this.prompt.textContent = mine && frame.prompt ? frame.prompt : "";
    this.choiceHelp.hidden = !mine;
    if (!mine) {
      const line = frame.finished ? t("table.over") : t("table.nothing_to_choose");
      el("li", "idle", line, this.choiceList);
    }
    // A board module's own tools beside the choices (Intrige: a slider over the sums).
    if (this.choiceTools) this.choiceTools.remove();
    this.choiceTools = null;
    if (mine && this.board && typeof this.board.choiceTools === "function") {
      const tools = el("div", "choice-tools", null);
      tools.id = "choice-tools";
      this.choiceList.before(tools);
      try {
        this.board.choiceTools(tools, frame.view, this.boardContext());
      } catch (error) {
        console.error("the board's tools could not be drawn", error);
      }
      if (tools.childNodes.length) this.choiceTools = tools;
      else tools.remove();
    }
    if (mine) {
      frame.legal.forEach((choice, i) => {
        const item = el("li", "", null, this.choiceList);
        const button = el("button", "choice", null, item);
        button.type = "button";
        button.dataset.action = choice.action;
        el("span", "number", `${i + 1}`, button);
        const label = el("span", "label", choice.label, button);
        label.dataset.serverText = "";
        if (i < 9) button.setAttribute("aria-keyshortcuts", String(i + 1));
        button.addEventListener("click", () => this.pick(choice.action));
        const topic = topicIn(choice.label, this.help);
        if (topic) this.topicButton(item, topic);
      });
    }
    // Exactly when the server says this seat's last decision may be taken back now.
    this.undoButton.hidden = !(this.you !== null && !frame.finished && frame.may_undo === true);
    const now = mine && !this.wasMyTurn;
    this.syncDrawer();
    this.wasMyTurn = mine;
    document.title = mine ? `● ${t("title.your_turn", { game: this.summary.title })}`
      : t("title.table", { game: this.summary.title });
    if (now && localStorage.getItem("tavola.sound") === "on") beep();
  }

  /** A "?" beside a choice whose label names a help topic: the topic's first sentence as
   * its tooltip, the rules panel at that topic when pressed. */
  topicButton(item, topic) {
    const help = el("button", "topic-help", "?", item);
    help.type = "button";
    help.setAttribute("aria-label", t("rules.about", { topic: topic.topic }));
    help.title = `${topic.topic}: ${shortHelp(topic.text)}`;
    help.dataset.topic = topic.topic;
    help.addEventListener("click", () => openRules({ table: this.table }, topic.topic));
  }

  /** Say in the status bar whose turn it is and what they must decide: the seat's own
   * prompt to the seat asked (the server sends it to nobody else), a line in the page's
   * words to everyone else. */
  drawTurn() {
    const frame = this.frame;
    const mine = this.myTurn();
    this.turn.replaceChildren();
    if (frame.finished) {
      this.turn.textContent = t("table.over");
    } else if (frame.waiting) {
      this.turn.textContent = t("status.waiting");
    } else if (mine) {
      const others = frame.to_act.filter((s) => s !== this.you);
      if (frame.prompt) {
        fillIn(this.turn, t("status.you_must", { prompt: "{prompt}" }),
          { prompt: serverText(frame.prompt) });
      } else {
        this.turn.textContent = t("table.your_turn");
      }
      if (others.length) {
        this.turn.append(" · ");
        fillIn(this.turn, t("status.also", { who: "{who}" }), { who: this.whoNodes(others) });
      }
    } else if (!frame.to_act.length) {
      this.turn.textContent = t("table.working");
    } else {
      fillIn(this.turn, tn("status.deciding", frame.to_act.length, { who: "{who}" }),
        { who: this.whoNodes(frame.to_act) });
    }
    this.turn.dataset.mine = mine ? "yes" : "no";
    this.drawToChoices();
    this.tick();
  }

  /** Return each seat of `seats` as its swatch and its name, shortened to fit (its whole
   * name in the tooltip), separated by commas. */
  whoNodes(seats) {
    const names = this.names();
    const nodes = [];
    seats.forEach((seat, i) => {
      if (i) nodes.push(", ");
      const who = el("span", "seat-who");
      who.dataset.seat = String(seat);
      swatch(who, seat, this.frame.seats);
      // The swatch is hidden from screen readers; its number is read with the name.
      el("span", "visually-hidden", `P${seat + 1} `, who);
      nameSpan(who, names[seat]);
      nodes.push(who);
    });
    return nodes;
  }

  /** The status bar's way to one's choices: for a seat while the game goes on (with how
   * many there are now), to the final scores at the end; none for a spectator in play. */
  drawToChoices() {
    const frame = this.frame;
    const button = this.toChoices;
    if (frame.finished) {
      button.hidden = !frame.result;
      button.textContent = t("status.to_result");
      return;
    }
    button.hidden = this.you === null;
    button.textContent = this.myTurn()
      ? t("status.to_choices_count", { count: frame.legal.length }) : t("table.choices");
  }

  tick() {
    if (!this.frame) return;
    this.tickLive();
    // The status bar shows the clocks that run: a person's seat to act (nobody playing it
    // for them); every seat's time left is in the seat list.
    const frame = this.frame;
    const timed = frame.finished || frame.waiting ? [] : frame.seats.filter(
      (s) => s.seconds_left !== null && frame.to_act.includes(s.seat) && !s.zombie);
    if (!timed.length) {
      this.clock.textContent = "";
      return;
    }
    const gone = (Date.now() - this.clockAt) / 1000;
    const parts = timed.map((s) => {
      const left = Math.max(0, Math.round(s.seconds_left - gone));
      return t("table.clock", { seat: `P${s.seat + 1}`, time: clockText(left) });
    });
    this.clock.textContent = parts.join(" · ");
  }

  drawSeats() {
    const frame = this.frame;
    const names = this.names();
    this.seatList.replaceChildren();
    for (const s of frame.seats) {
      const item = el("li", "seat", null, this.seatList);
      item.dataset.seat = String(s.seat);
      swatch(item, s.seat, frame.seats);
      el("span", "label", `P${s.seat + 1}`, item);
      nameSpan(item, names[s.seat]);
      const facts = [];
      // The game's own name of the seat (a colour, a palace), as the log names it.
      const word = seatWord(s.seat, s.player);
      if (word) facts.push(word);
      if (s.seat === this.you) facts.push(t("seat.you"));
      if (frame.to_act.includes(s.seat) && !frame.finished
        && this.root.dataset.ended !== "yes") facts.push(t("seat.to_play"));
      if (s.kind === "bot") facts.push(t("seat.bot", { bot: botName(s.bot) }));
      else if (!s.joined && !s.reserved) {
        // Its name already says "free seat" when nobody gave one.
        if (s.name) facts.push(t("seat.not_joined"));
      } else if (!s.joined) {
        // Kept for an invited person who has not come yet.
        facts.push(t("seat.reserved"));
      } else facts.push(s.connected ? t("seat.online") : t("seat.offline"));
      if (s.zombie) facts.push(t("seat.zombie"));
      if (s.seconds_left !== null && !frame.finished) {
        facts.push(t("seat.clock", { time: clockText(Math.round(s.seconds_left)) }));
      }
      el("span", "facts", facts.join(" · "), item);
      item.classList.toggle("acting", frame.to_act.includes(s.seat));
    }
    this.drawLive();
  }

  drawLeave() {
    const seat = this.you === null || !this.frame ? null : this.frame.seats[this.you];
    const live = seat && !this.frame.finished && this.root.dataset.ended !== "yes";
    this.leaveButton.hidden = !live || seat.zombie;
    this.backButton.hidden = !live || !seat.zombie;
  }

  drawLog(from) {
    this.gameLog.draw(this.log, from, this.seatRows(), lang(),
      this.summary ? this.summary.game : null);
  }

  addChat(frame) {
    const known = this.chat.get(frame.id);
    if (known && !(frame.event && frame.text !== known.text)) return;
    this.chat.set(frame.id, frame);
    if (known) {
      // Table talk sent again in the page's new language: the same message, new words.
      const line = this.chatList.querySelector(`li[data-id="${frame.id}"] .text`);
      if (line) line.textContent = frame.text;
      return;
    }
    const item = el("li", frame.event ? "said event" : "said", null, this.chatList);
    item.dataset.id = String(frame.id);
    if (frame.seat !== null) swatch(item, frame.seat, this.seatRows());
    // A bot's table talk is signed with its level in the page's words, never its spec.
    const row = frame.seat === null ? null : this.seatRows()[frame.seat];
    const author = row && row.kind === "bot" && frame.author === row.bot
      ? this.names()[frame.seat] : frame.author;
    const who = frame.seat === null ? t("chat.spectator", { name: author })
      : `P${frame.seat + 1} ${author}`;
    el("span", "author", who, item).title = who;
    if (frame.event) el("span", "tag", t("chat.table_talk"), item);
    if (frame.channel === "spectators") el("span", "tag", t("chat.spectators"), item);
    const text = el("span", "text", frame.text, item);
    if (frame.event) text.dataset.serverText = "";
    if (this.operatorTools) this.operatorTools.decorate(item, frame);
    this.chatList.scrollTop = this.chatList.scrollHeight;
  }

  drawJoin() {
    const box = this.joinBox;
    box.replaceChildren();
    const seat = this.you === null ? null : this.summary.seats[this.you];
    box.hidden = !seat || seat.joined;
    if (box.hidden) return;
    el("p", "", t("join.lead", { seat: `P${this.you + 1}`, game: this.summary.title }), box);
    const input = document.createElement("input");
    input.id = "join-name";
    input.maxLength = 40;
    input.required = true;
    input.value = myName();
    const label = el("label", "", t("lobby.your_name"), box);
    label.htmlFor = input.id;
    box.appendChild(input);
    const button = el("button", "primary", t("join.button"), box);
    button.type = "submit";
    box.onsubmit = async (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (!name) return;
      try {
        await api.join(this.table, this.token, name);
        rememberName(name);
        box.hidden = true;
        this.syncDrawer();
      } catch (error) {
        this.errors.textContent = t("error.line", { message: error.message });
      }
    };
  }

  drawResult() {
    const frame = this.frame;
    const box = this.result;
    box.hidden = !frame.finished || !frame.result;
    if (box.hidden) return;
    box.replaceChildren();
    el("h2", "", t("result.title"), box);
    const names = this.names();
    const table = el("table", "", null, box);
    const head = el("tr", "", null, el("thead", "", null, table));
    const { scores, ranks, tiebreaks, winners } = frame.result;
    // A game without tie-break numbers (or a game that needed none) gets no column of dashes.
    const tied = Array.isArray(tiebreaks) && tiebreaks.some((x) => x !== null && x !== undefined);
    const columns = ["result.rank", "result.player", "result.score"];
    if (tied) columns.push("result.tiebreak");
    else table.classList.add("no-tiebreak");
    for (const key of columns) el("th", "", t(key), head).scope = "col";
    const rows = el("tbody", "", null, table);
    const order = scores.map((_, i) => i).sort((a, b) => ranks[a] - ranks[b] || a - b);
    for (const seat of order) {
      const row = el("tr", winners.includes(seat) ? "winner" : "", null, rows);
      el("td", "", `${ranks[seat]}.`, row);
      const cell = el("th", "", null, row);
      cell.scope = "row";
      const who = el("div", "seat-who", null, cell);
      who.dataset.seat = String(seat);
      swatch(who, seat, this.seatRows());
      // The swatch carries the seat's number: the name keeps the cell's width (the number
      // is still read out).
      el("span", "label visually-hidden", `P${seat + 1}`, who);
      nameSpan(who, names[seat]);
      if (winners.includes(seat)) el("span", "tag", t("result.winner"), who);
      el("td", "", typeof scores[seat] === "number" ? num(scores[seat]) : String(scores[seat]), row);
      const tie = tied ? tiebreaks[seat] : undefined;
      if (tied) el("td", "", tie === undefined || tie === null ? "-" : (typeof tie === "number" ? num(tie) : JSON.stringify(tie)), row);
    }
    // What the tie-break column counts, in the page's language, from the game.
    if (frame.result.tiebreak_note) el("p", "tiebreak-note", frame.result.tiebreak_note, box);
    this.drawBreakdown(box, order);
    const replay = el("a", "button", t("result.replay"), box);
    replay.id = "replay-link";
    replay.href = `/#/replay/${encodeURIComponent(this.table)}`
      + (this.token ? `?token=${encodeURIComponent(this.token)}` : "");
    this.rematchBox = el("div", "rematch", null, box);
    this.rematchBox.id = "rematch-box";
    this.drawRematch();
  }

  /** How each seat's score adds up, from the game's final view (`breakdown`: one row per
   * source, one number per seat): a row per source, a column per seat in rank order, and
   * the total, which is the score. Nothing when the game sends no breakdown. */
  drawBreakdown(box, order) {
    const parts = this.frame.view && this.frame.view.breakdown;
    if (!parts || !Array.isArray(parts.rows) || !parts.rows.length) return;
    const game = this.summary.game;
    const wrap = el("div", "breakdown", null, box);
    wrap.id = "breakdown";
    const title = el("h3", "", t("result.breakdown"), wrap);
    title.id = "breakdown-title";
    const table = el("table", "", null, wrap);
    table.setAttribute("aria-labelledby", title.id);
    // A column per seat; each source's name on a line of its own above its numbers, so
    // that the numbers keep the whole width, even a phone's.
    const head = el("tr", "", null, el("thead", "", null, table));
    const names = this.names();
    for (const seat of order) {
      const cell = el("th", "", null, head);
      cell.scope = "col";
      cell.title = names[seat];
      cell.dataset.seat = String(seat);
      swatch(cell, seat, this.seatRows());
      el("span", "visually-hidden", `P${seat + 1} ${names[seat]}`, cell);
    }
    const group = (name, values, className) => {
      const body = el(className === "total" ? "tfoot" : "tbody", className, null, table);
      const named = el("th", "", name, el("tr", "source", null, body));
      named.scope = "rowgroup";
      named.colSpan = order.length;
      const line = el("tr", "points", null, body);
      values.forEach((value) => el("td", value < 0 ? "negative" : "", num(value), line));
      return body;
    };
    const totals = order.map(() => 0);
    for (const row of parts.rows) {
      const values = order.map((seat) => Number(row.points[seat]) || 0);
      values.forEach((value, i) => { totals[i] += value; });
      const key = `breakdown.${game}.${row.source}`;
      const named = t(key);
      group(named === key ? row.source : named, values, "").dataset.source = row.source;
    }
    group(t("result.total"), totals, "total");
  }

  /** A seat's "Rematch" (or, once a player started it, "Rematch ready: join"); for the host
   * and spectators, who have no seat to take along, the rematch to watch and a new table
   * with the same settings. */
  drawRematch() {
    const box = this.rematchBox;
    if (!box) return;
    box.replaceChildren();
    const offer = this.rematch;
    if (offer && offer.token) {
      const join = el("a", "button primary", t("result.rematch_ready"), box);
      join.id = "rematch-join";
      join.href = `/play/${encodeURIComponent(offer.table)}#token=${encodeURIComponent(offer.token)}`;
      return;
    }
    const seated = this.you !== null && Boolean(this.token);
    if (seated) {
      const button = el("button", "primary", t("result.rematch"), box);
      button.type = "button";
      button.id = "rematch";
      button.addEventListener("click", () => this.startRematch(button));
    }
    if (offer) {
      const watch = el("a", "button", t("result.rematch_watch"), box);
      watch.id = "rematch-watch";
      watch.href = `/play/${encodeURIComponent(offer.table)}`;
    }
    if (!seated) {
      const again = el("button", "", t("result.again"), box);
      again.type = "button";
      again.id = "again";
      const out = el("div", "", null, box);
      again.addEventListener("click", () => this.again(out, again));
    }
  }

  /** Start the rematch (or find the one another player started) and take my seat there. */
  async startRematch(button) {
    button.disabled = true;
    try {
      const made = await api.rematch(this.table, this.token);
      keepToken(made.table, made.token);
      location.assign(`/play/${encodeURIComponent(made.table)}#token=${encodeURIComponent(made.token)}`);
    } catch (error) {
      this.errors.textContent = t("error.line", { message: error.message });
      button.disabled = false;
    }
  }

  /** For the host or a spectator: a new table with this one's settings. */
  async again(out, button) {
    const s = this.summary;
    const kinds = this.frame.seats.map((seat) => (seat.kind === "bot" ? `bot:${seat.bot}`
      : (seat.seat === this.you ? "you" : "human")));
    button.disabled = true;
    try {
      const created = await api.create(tableBody(s.game, s.players, s.options, kinds, s.settings));
      out.replaceChildren();
      const name = this.you === null ? "" : (this.frame.seats[this.you].name || myName());
      await showCreated(out, created, s.game, this.you === null ? -1 : this.you, name);
    } catch (error) {
      this.errors.textContent = t("error.line", { message: error.message });
      button.disabled = false;
    }
  }

  // -- keyboard: a choice by its number -----------------------------------------------
  key(event) {
    if (event.key === "Escape" && this.playing) {
      this.skip();
      return;
    }
    if (!/^[0-9]$/.test(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA"
        || target.tagName === "SELECT" || target.isContentEditable)) return;
    if (!this.myTurn()) return;
    event.preventDefault();
    this.digits += event.key;
    clearTimeout(this.digitTimer);
    const count = this.frame.legal.length;
    const n = Number(this.digits);
    const play = () => {
      const chosen = Number(this.digits);
      this.digits = "";
      if (chosen >= 1 && chosen <= this.frame.legal.length) this.pick(this.frame.legal[chosen - 1].action);
    };
    // A second digit is awaited only when it could still name a choice (10 and up).
    if (n * 10 > count) play();
    else this.digitTimer = setTimeout(play, 800);
  }
}

