// The replay viewer of a finished game (#/replay/TABLE?token=T): step forward and back,
// jump with the slider, play and pause, from any seat's perspective or the spectator's.
// Each step is asked from the server's replay route (docs/protocol.md), which sends only
// what that perspective could see then; the board module draws it, the log beside it.
// "Download the game file" saves the record, which `tavola replay` reads.

import { api } from "./api.js";
import { boardModule } from "./boards.js";
import { t, num, lang, botName } from "./i18n.js";
import { el } from "./lobby.js";
import { rulesButton } from "./rules.js";
import { GameLog } from "./log.js";
import { coloursOf, drawView, piecesBefore, showMoves } from "./table.js";

const PLAY_SECONDS = 1.2;
// How long a piece takes to move from one step to the next (well within a played step).
const MOVE_MS = 500;
const SPECTATOR = "spectator";
// Who made a step's decision (the replay route's `by`), said when it was not the seat's own
// player or bot: a stand-in bot playing for a person away, or the game's simple policy
// deciding for a bot that did not answer.
const BY = { "stand-in": "replay.by_stand_in", replacement: "replay.by_replacement" };

/** Draw the replay viewer for `where` ({table, token}) into `main`; return its controller. */
export function showReplay(main, where) {
  const viewer = new ReplayPage(main, where.table, where.token);
  viewer.start();
  return viewer;
}

class ReplayPage {
  constructor(main, table, token, keep = null) {
    this.main = main;
    this.table = table;
    this.token = token;
    this.summary = null;
    this.steps = 0;
    this.step = keep ? keep.step : 0;
    this.seat = keep ? keep.seat : null;
    this.asked = 0;
    this.timer = null;
    this.board = null;
    this.shown = null;
    this.drawn = null;
    this.build();
  }

  build() {
    const root = el("div", "replay-page", null, this.main);
    root.id = "replay-page";
    this.root = root;
    const head = el("div", "table-head", null, root);
    this.heading = el("h1", "", t("replay.title"), head);
    const tools = el("div", "tools", null, head);
    this.rules = rulesButton(tools, () => ({ table: this.table }));
    this.rules.id = "rules-button";
    this.download = el("button", "", t("replay.download"), tools);
    this.download.type = "button";
    this.download.id = "download";
    this.download.addEventListener("click", () => this.save());
    this.errors = el("p", "errors", "", root);
    this.errors.id = "errors";
    this.errors.setAttribute("role", "alert");

    const controls = el("div", "replay-controls", null, root);
    controls.setAttribute("role", "group");
    controls.setAttribute("aria-label", t("replay.controls"));
    const button = (id, text, label, act) => {
      const node = el("button", "", text, controls);
      node.type = "button";
      node.id = id;
      node.setAttribute("aria-label", label);
      node.title = label;
      node.addEventListener("click", act);
      return node;
    };
    // Plain characters every font has; the play button also says what it does.
    this.firstButton = button("replay-first", "|◀", t("replay.first"), () => this.go(0));
    this.backButton = button("replay-back", "◀", t("replay.back"), () => this.go(this.step - 1));
    this.playButton = button("replay-play", `▶ ${t("replay.play")}`, t("replay.play"),
      () => this.toggle());
    this.nextButton = button("replay-next", "▶", t("replay.next"), () => this.go(this.step + 1));
    this.lastButton = button("replay-last", "▶|", t("replay.last"), () => this.go(this.steps));
    this.slider = document.createElement("input");
    this.slider.type = "range";
    this.slider.id = "replay-slider";
    this.slider.min = "0";
    this.slider.value = String(this.step);
    const sliderLabel = el("label", "visually-hidden", t("replay.jump"), controls);
    sliderLabel.htmlFor = this.slider.id;
    controls.appendChild(this.slider);
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.where = el("span", "replay-step", "", controls);
    this.where.id = "replay-step";
    this.where.setAttribute("aria-live", "polite");
    // Who made the step's decision, when it was not the seat's own player or bot.
    this.by = el("span", "replay-by", "", controls);
    this.by.id = "replay-by";
    this.by.setAttribute("aria-live", "polite");
    this.perspective = document.createElement("select");
    this.perspective.id = "replay-seat";
    const seatLabel = el("label", "", t("replay.perspective"), controls);
    seatLabel.htmlFor = this.perspective.id;
    controls.appendChild(this.perspective);
    // On a line of its own in the controls, under the step it speaks of.
    controls.appendChild(this.by);
    this.perspective.addEventListener("change", () => {
      const value = this.perspective.value;
      this.seat = value === SPECTATOR ? null : Number(value);
      this.load();
    });

    this.turn = el("p", "turn", "", root);
    this.turn.id = "replay-turn";
    const body = el("div", "table-body", null, root);
    const boardSection = el("section", "board-section", null, body);
    boardSection.setAttribute("aria-labelledby", "board-title");
    const boardTitle = el("h2", "visually-hidden", t("table.board"), boardSection);
    boardTitle.id = "board-title";
    this.boardBox = el("div", "board", null, boardSection);
    this.boardBox.id = "board";
    const side = el("div", "side", null, body);
    const logBox = el("section", "log", null, side);
    logBox.setAttribute("aria-labelledby", "log-title");
    const logTitle = el("h2", "", t("table.log"), logBox);
    logTitle.id = "log-title";
    this.logList = el("ol", "log-list", null, logBox);
    this.logList.id = "log";
    this.logList.tabIndex = 0;
    this.logList.setAttribute("aria-labelledby", "log-title");
    this.gameLog = new GameLog(this.logList);
    const back = el("a", "button", t("replay.to_table"), side);
    back.href = this.token
      ? `/play/${encodeURIComponent(this.table)}#token=${encodeURIComponent(this.token)}`
      : `/play/${encodeURIComponent(this.table)}`;
    back.id = "replay-to-table";
    this.keys = (event) => this.key(event);
    document.addEventListener("keydown", this.keys);
  }

  async start() {
    try {
      this.summary = await api.table(this.table);
    } catch (error) {
      this.fail(error);
      return;
    }
    const s = this.summary;
    this.heading.textContent = `${t("replay.title")} · ${s.title} · ${t("table.table", { table: s.table })}`;
    document.title = t("title.replay", { game: s.title });
    if (!s.finished) {
      this.errors.textContent = t("replay.not_over");
      this.root.dataset.ready = "no";
      return;
    }
    this.steps = s.state;
    this.slider.max = String(this.steps);
    this.perspective.replaceChildren();
    const spectator = el("option", "", t("replay.spectator"), this.perspective);
    spectator.value = SPECTATOR;
    for (const seat of s.seats) {
      const option = el("option", "", `P${seat.seat + 1} ${this.nameOf(seat)} · ${seat.player}`,
        this.perspective);
      option.value = String(seat.seat);
    }
    this.perspective.value = this.seat === null ? SPECTATOR : String(this.seat);
    this.board = await boardModule(s.game);
    await this.load();
  }

  nameOf(seat) {
    // A bot by its level in the page's words, never its spec (also the name the server
    // gives it).
    if (seat.kind === "bot" && (!seat.name || seat.name === seat.bot)) {
      return t("seat.bot_name", { bot: botName(seat.bot) });
    }
    return seat.name || seat.label;
  }

  close() {
    this.pause();
    document.removeEventListener("keydown", this.keys);
  }

  /** Redraw every word after the language changed, at the same step and perspective. */
  relabel() {
    this.close();
    this.main.replaceChildren();
    const again = new ReplayPage(this.main, this.table, this.token,
      { step: this.step, seat: this.seat });
    again.start();
    return again;
  }

  fail(error) {
    this.errors.textContent = t("error.line", { message: error.message || String(error) });
  }

  go(step) {
    if (!this.summary || !this.summary.finished) return;
    const to = Math.max(0, Math.min(this.steps, step));
    if (to === this.step && this.shown !== null) return;
    this.step = to;
    this.load();
  }

  /** Ask the server for the step shown now; only the newest answer is drawn. */
  async load() {
    const asked = ++this.asked;
    this.root.dataset.ready = "no";
    this.slider.value = String(this.step);
    this.where.textContent = t("replay.step", { step: num(this.step), steps: num(this.steps) });
    this.drawButtons();
    let data;
    try {
      data = await api.replay(this.table, this.step, this.seat, this.token);
    } catch (error) {
      if (asked === this.asked) {
        this.fail(error);
        this.pause();
      }
      return;
    }
    if (asked !== this.asked) return;
    this.errors.textContent = "";
    this.shown = data;
    this.draw(data);
    this.root.dataset.step = String(data.step);
    this.root.dataset.seat = data.seat === null ? SPECTATOR : String(data.seat);
    this.root.dataset.ready = "yes";
  }

  drawButtons() {
    const start = this.step <= 0;
    const end = this.step >= this.steps;
    this.firstButton.disabled = start;
    this.backButton.disabled = start;
    this.nextButton.disabled = end;
    this.lastButton.disabled = end;
    if (end && this.timer !== null) this.pause();
  }

  draw(data) {
    const seats = this.summary.seats;
    const names = seats.map((seat) => this.nameOf(seat));
    const ctx = {
      seat: data.seat, players: seats.length, names, lang: lang(),
      t, choices: [], pick: () => {}, colour: coloursOf(seats),
    };
    // One step on (or back) from the same seat is shown as what changed: the pieces move.
    const next = this.drawn && this.drawn.seat === data.seat
      && Math.abs(this.drawn.step - data.step) === 1;
    const before = next ? piecesBefore(this.boardBox) : null;
    drawView(this.boardBox, this.board, this.summary.game, data.view, ctx);
    if (before) showMoves(this.boardBox, before, MOVE_MS);
    this.drawn = { seat: data.seat, step: data.step };
    const by = BY[data.by];
    this.by.textContent = by ? t(by) : "";
    this.by.hidden = !by;
    this.root.dataset.by = data.by || "";
    if (data.step >= data.steps) {
      this.turn.textContent = t("table.over");
    } else {
      const who = data.to_act.map((s) => `P${s + 1} ${names[s]}`).join(", ");
      this.turn.textContent = who ? t("replay.to_act", { who }) : "";
    }
    // The same log as at the table: chips, marks, turns folded but the latest.
    this.gameLog.draw(data.log, 0, seats, lang(), this.summary.game);
  }

  toggle() {
    if (this.timer !== null) this.pause();
    else this.play();
  }

  play() {
    if (this.step >= this.steps) this.go(0);
    this.playButton.textContent = `‖ ${t("replay.pause")}`;
    this.playButton.setAttribute("aria-label", t("replay.pause"));
    this.playButton.title = t("replay.pause");
    this.root.dataset.playing = "yes";
    this.timer = setInterval(() => {
      // A step still being asked for is waited for, so no step is skipped.
      if (this.root.dataset.ready !== "yes") return;
      if (this.step >= this.steps) this.pause();
      else this.go(this.step + 1);
    }, PLAY_SECONDS * 1000);
  }

  pause() {
    clearInterval(this.timer);
    this.timer = null;
    this.playButton.textContent = `▶ ${t("replay.play")}`;
    this.playButton.setAttribute("aria-label", t("replay.play"));
    this.playButton.title = t("replay.play");
    this.root.dataset.playing = "no";
  }

  /** Save the game file (the record) as a JSON file. */
  async save() {
    try {
      const record = await api.recordText(this.table, this.token);
      const blob = new Blob([record], { type: "application/json" });
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = `tavola-${this.summary.game}-${this.table}.json`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (error) {
      this.fail(error);
    }
  }

  // Left and right arrows step, Home and End jump, Space plays or pauses.
  key(event) {
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT"
        || target.tagName === "TEXTAREA" || target.tagName === "BUTTON"
        || target.isContentEditable)) return;
    if (document.getElementById("rules")) return;
    const moves = { ArrowLeft: () => this.go(this.step - 1), ArrowRight: () => this.go(this.step + 1),
      Home: () => this.go(0), End: () => this.go(this.steps), " ": () => this.toggle() };
    if (!Object.hasOwn(moves, event.key)) return;
    event.preventDefault();
    moves[event.key]();
  }
}
