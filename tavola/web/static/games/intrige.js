// The Intrige board: one palace per seat with its rooms and salaries, each palace's park
// with the figures waiting there, the island of exile, the viewer's own money (the view
// holds no one else's), every bribe paid and the non-binding offers. Rooms, waiting and
// seated figures and the parks one may send to are clickable when they are a choice;
// sums (bribes, offers, ranges of sums) are chosen from the shell's list, or typed in the
// board's sum field (its range and then the sum, two decisions in one go), and a step of a
// sum taken by mistake is undone with the board's "back" button.
//
// The interface every board module follows is described at the top of ../boards.js.

import { svg, tooltip, clickable, parseAction, shortName } from "../boards.js";
import { boardWords } from "../i18n.js";

export const title = boardWords("intrige", "title");

// The board's words, by language: the members of Intrige's PAGE_BOARD table
// (tavola/games/intrige/text.py and its catalogs), served with the page's words (i18n.js).
// Italian: the terms of the game's Italian edition (palazzo, sala, parco, isola, rendita,
// offerta for the bribe). Polish: plain Polish words; the Polish edition's own terms are
// not known to us.
export const WORDS = boardWords("intrige", "words");

export const PROFESSIONS = boardWords("intrige", "professions");

// The 1994 palaces keep their Italian names where a language has no other (the game's five
// states, and the names the log uses); the card edition's colours are translated.
const PALACES = boardWords("intrige", "palaces");

// A range of sums holds this many steps (the game's decision design, SUMS_PER_RANGE).
const SUMS_PER_RANGE = 10;

// A sum typed whose range has been picked: its second decision, played when the next choices
// arrive (given up after a while, or when the choices no longer name it).
let typedNext = null;

// A palace is 540 units wide: about 374 px on a phone and 420 px two to a row on a laptop.
// Its smallest text is 15 units (10.4 px on the phone), and a park holds a row of five
// figures, as many rows as it needs.
const WIDTH = 540;
// The façade: a roof with the palace's name, five arched rooms on a plinth, each with its
// salary on a plaque at its foot; the park below.
const ROOF = 32;
const ROOM_TOP = 36;
const ROOM_BOTTOM = 140;
const PLAQUE = 24;
const ROOMS_BOTTOM = 150;
const PARK_X = 104;
const PARK_STEP = 94;
const PARK_ROW = 56;
const PARK_PER_ROW = Math.floor((WIDTH - 16 - PARK_X + PARK_STEP / 2) / PARK_STEP);
const SMALL = 15;

function say(lang, key, vars = {}) {
  const text = (WORDS[lang] || WORDS.en)[key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in vars ? String(vars[name]) : all));
}

/** Return [full name, short name] of a profession in the page's language. */
function profession(lang, token) {
  return (PROFESSIONS[lang] || PROFESSIONS.en)[token] || [token, token];
}

function palaceName(lang, name) {
  return (PALACES[lang] || PALACES.en)[name] || name;
}

/** Return black or white, whichever reads better on `fill`. */
function ink(fill) {
  const n = parseInt(fill.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#111" : "#fff";
}

function html(tag, className, text, parent) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== null && text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

/** Draw one figure: its owner's colour and number, its profession's short name below; it
 * stands `at` a place (a room, a park, the island), from which the shell moves it to its
 * next (`data-piece`, docs/web.md). */
function figure(parent, ctx, x, y, r, fig, tip, at, small = false) {
  const group = svg("g", { class: "figure", "data-piece": `figure:${fig.player}:${fig.profession}`,
    "data-at": at }, parent);
  const c = ctx.colour(fig.player);
  svg("circle", { cx: x, cy: y, r, fill: c.fill, stroke: "#222", "stroke-width": 1.5 }, group);
  const mark = svg("text", { x, y: y + r * 0.38, "text-anchor": "middle", class: "initial",
    "font-size": r * 1.05, fill: ink(c.fill) }, group);
  mark.textContent = c.initial;
  const name = svg("text", { x, y: y + r + (small ? 14 : 15), "text-anchor": "middle",
    class: "profession", "font-size": SMALL }, group);
  name.textContent = profession(ctx.lang, fig.profession)[1];
  tooltip(group, tip);
  return group;
}

/** Return the choices by the board element they belong to. */
function placeChoices(view, ctx) {
  const at = new Map();
  const put = (key, choice) => at.set(key, choice);
  const owner = view.turn;
  for (const choice of ctx.choices) {
    const [kind, args = ""] = choice.action.split(":");
    const parts = args.split(",");
    if (kind === "room" || kind === "ask") put(`room:${owner}:${parts[0]}`, choice);
    else if (kind === "defend" && view.pending && view.pending.room) {
      put(`room:${owner}:${view.pending.room}`, choice);
    } else if (kind === "admit" && view.pending) {
      put(`park:${owner}:${parts[0]}:${view.pending.profession}`, choice);
    } else if (kind === "send") put(`send:${parts[1]}:${parts[0]}`, choice);
  }
  return at;
}

function label(lang, choice, view, ctx, money) {
  const [kind, args = ""] = choice.action.split(":");
  const parts = args.split(",");
  const player = (seat) => `P${Number(seat) + 1}`;
  const pend = view.pending || {};
  if (kind === "room" || kind === "ask") {
    const room = Number(parts[0]);
    return say(lang, kind === "room" ? "seat_label" : "ask_label",
      { room, salary: money(view.salaries[room - 1]) });
  }
  if (kind === "defend") {
    const seated = view.palaces[view.turn].rooms[pend.room - 1].figure;
    return say(lang, "defend_label", { player: player(seated.player), room: pend.room,
      profession: profession(lang, pend.profession)[0] });
  }
  if (kind === "admit") {
    return say(lang, "admit_label", { player: player(parts[0]),
      profession: profession(lang, pend.profession)[0] });
  }
  if (kind === "send") {
    return say(lang, "send_label", { profession: profession(lang, parts[0])[0],
      palace: palaceName(lang, view.palaces[Number(parts[1])].name) });
  }
  return choice.label;
}

function drawPalace(parent, palace, view, ctx, at, money) {
  const lang = ctx.lang;
  const seat = palace.seat;
  const pname = palaceName(lang, palace.name);
  const owner = `P${seat + 1} ${shortName(ctx.names[seat] || "")}`.trim();
  const ghosts = view.professions.filter((token) => at.has(`send:${seat}:${token}`));
  const parkRows = Math.max(1, Math.ceil((palace.park.length + ghosts.length) / PARK_PER_ROW));
  const parkHeight = 8 + parkRows * PARK_ROW;
  const height = ROOMS_BOTTOM + parkHeight + 4;
  const box = svg("svg", { viewBox: `0 0 ${WIDTH} ${height}`, class: "palace",
    role: "group", "aria-label": `${pname} · ${owner}`, "data-palace": seat }, parent);
  const c = ctx.colour(seat);
  const head = svg("g", { class: "palace-head" }, box);
  // The roof: wider at the eaves than the rooms below, its ridge under the name.
  svg("polygon", { points: `1,${ROOF - 2} 22,2 ${WIDTH - 22},2 ${WIDTH - 1},${ROOF - 2}`,
    class: "palace-band palace-roof" }, head);
  svg("circle", { cx: 15, cy: 14, r: 11, fill: c.fill, stroke: "#222" }, head);
  const initial = svg("text", { x: 15, y: 19, "text-anchor": "middle", "font-size": SMALL,
    class: "initial", fill: ink(c.fill) }, head);
  initial.textContent = c.initial;
  const name = svg("text", { x: 32, y: 19, class: "palace-name" }, head);
  name.textContent = `${pname} · ${owner}${seat === ctx.seat ? ` (${say(lang, "you")})` : ""}`;
  if (view.phase !== "over" && view.turn === seat) {
    const state = svg("text", { x: WIDTH - 10, y: 19, "text-anchor": "end", class: "palace-state" }, head);
    state.textContent = `▶ ${say(lang, view.phase === "send" ? "sending" : "receiving")}`;
  }
  tooltip(head, say(lang, "palace_tip", { palace: pname, owner: `P${seat + 1}` }));

  const rooms = palace.rooms.length;
  const gap = 6;
  const w = (WIDTH - 2 * 8 - gap * (rooms - 1)) / rooms;
  // The wall behind the rooms and the plinth they stand on.
  svg("rect", { x: 4, y: ROOF - 2, width: WIDTH - 8, height: ROOM_BOTTOM - ROOF + 2,
    class: "palace-wall" }, box);
  svg("rect", { x: 1, y: ROOM_BOTTOM, width: WIDTH - 2, height: 5, class: "palace-plinth" }, box);
  palace.rooms.forEach((room, i) => {
    const x = 8 + i * (w + gap);
    const group = svg("g", { class: "room", "data-room": room.room }, box);
    // An arched room: its vault, then the plaque with its salary at its foot.
    const r = Math.min(w / 2, 26);
    svg("path", { d: `M ${x} ${ROOM_BOTTOM} V ${ROOM_TOP + r} A ${r} ${r} 0 0 1 ${x + r} ${ROOM_TOP}`
      + ` H ${x + w - r} A ${r} ${r} 0 0 1 ${x + w} ${ROOM_TOP + r} V ${ROOM_BOTTOM} Z`,
    class: "room-box" }, group);
    const number = svg("text", { x: x + w / 2, y: ROOM_TOP + 19, "text-anchor": "middle",
      class: "room-number", "font-size": SMALL }, group);
    number.textContent = say(lang, "room", { room: room.room });
    svg("rect", { x: x + 3, y: ROOM_BOTTOM - PLAQUE - 3, width: w - 6, height: PLAQUE, rx: 4,
      class: "salary-plate" }, group);
    const salary = svg("text", { x: x + w / 2, y: ROOM_BOTTOM - 9, "text-anchor": "middle",
      class: "salary", "font-size": 16 }, group);
    salary.textContent = money(room.salary);
    const where = { room: room.room, palace: pname, salary: money(room.salary) };
    tooltip(group, `${say(lang, "room_tip", where)}${room.figure ? "" : ` ${say(lang, "empty")}`}`);
    if (room.figure) {
      figure(group, ctx, x + w / 2, ROOM_TOP + 42, 15, room.figure, say(lang, "figure_tip", {
        ...where, player: `P${room.figure.player + 1}`,
        profession: profession(lang, room.figure.profession)[0] }), `room:${seat}:${room.room}`);
    }
    const choice = at.get(`room:${seat}:${room.room}`);
    if (choice) clickable(group, choice.action, label(lang, choice, view, ctx, money), ctx.pick);
  });

  const park = svg("g", { class: "park" }, box);
  svg("rect", { x: 8, y: ROOMS_BOTTOM, width: WIDTH - 16, height: parkHeight, rx: 6,
    class: "park-box" }, park);
  const parkName = svg("text", { x: 16, y: ROOMS_BOTTOM + 26, class: "park-name",
    "font-size": SMALL }, park);
  parkName.textContent = say(lang, "park");
  tooltip(park, say(lang, "park_tip", { palace: pname, owner: `P${seat + 1}` }));
  // The figures waiting, then a "+" for each one the viewer may send here, in rows.
  let placed = 0;
  const spot = () => {
    const where = [PARK_X + (placed % PARK_PER_ROW) * PARK_STEP,
      ROOMS_BOTTOM + 22 + Math.floor(placed / PARK_PER_ROW) * PARK_ROW];
    placed += 1;
    return where;
  };
  for (const fig of palace.park) {
    const tip = say(lang, "waiting_tip", { player: `P${fig.player + 1}`, palace: pname,
      profession: profession(lang, fig.profession)[0] });
    const [x, y] = spot();
    const group = figure(box, ctx, x, y, 14, fig, tip, `park:${seat}`, true);
    const choice = at.get(`park:${seat}:${fig.player}:${fig.profession}`);
    if (choice) clickable(group, choice.action, label(lang, choice, view, ctx, money), ctx.pick);
  }
  for (const token of ghosts) {
    const choice = at.get(`send:${seat}:${token}`);
    const [x, y] = spot();
    const group = svg("g", { class: "ghost" }, box);
    svg("circle", { cx: x, cy: y, r: 14, class: "ghost-ring" }, group);
    const plus = svg("text", { x, y: y + 6, "text-anchor": "middle", "font-size": 18 }, group);
    plus.textContent = "+";
    const short = svg("text", { x, y: y + 28, "text-anchor": "middle", "font-size": SMALL,
      class: "profession" }, group);
    short.textContent = profession(lang, token)[1];
    tooltip(group, say(lang, "send_tip", { profession: profession(lang, token)[0],
      palace: pname, owner: `P${seat + 1}` }));
    clickable(group, choice.action, label(lang, choice, view, ctx, money), ctx.pick);
  }
}

function drawIsland(parent, view, ctx) {
  const lang = ctx.lang;
  const count = view.island.length;
  // As many to a row as leave each name (centred under its figure) inside the island.
  const perRow = Math.floor((WIDTH - 16 - 56 + PARK_STEP / 2) / PARK_STEP);
  const rows = Math.ceil(count / perRow);
  const height = 34 + rows * PARK_ROW;
  const box = svg("svg", { viewBox: `0 0 ${WIDTH} ${height}`, class: "island",
    role: "group", "aria-label": say(lang, "island") }, parent);
  const ground = svg("g", {}, box);
  svg("rect", { x: 1, y: 1, width: WIDTH - 2, height: height - 2, rx: 24, class: "island-box" }, ground);
  const name = svg("text", { x: 16, y: 20, class: "palace-name" }, ground);
  name.textContent = `${say(lang, "island")}${count ? "" : ` · ${say(lang, "nobody")}`}`;
  tooltip(ground, say(lang, "island_tip"));
  view.island.forEach((fig, i) => {
    const x = 56 + (i % perRow) * PARK_STEP;
    const y = 46 + Math.floor(i / perRow) * PARK_ROW;
    figure(box, ctx, x, y, 14, fig, say(lang, "exiled_tip", { player: `P${fig.player + 1}`,
      profession: profession(lang, fig.profession)[0] }), "island", true);
  });
}

function drawSupply(parent, view, ctx) {
  const lang = ctx.lang;
  const section = html("section", "intrige-supply", null, parent);
  html("h3", "", say(lang, "supply"), section);
  const list = html("ul", "", null, section);
  view.supply.forEach((row, seat) => {
    const item = html("li", "", null, list);
    const c = ctx.colour(seat);
    const mark = html("span", "swatch", c.initial, item);
    mark.style.backgroundColor = c.fill;
    mark.style.color = ink(c.fill);
    mark.setAttribute("aria-hidden", "true");
    html("span", "who", `P${seat + 1}`, item);
    for (const token of view.professions) {
      const count = row[token] || 0;
      const part = html("span", count ? "count" : "count none",
        `${profession(lang, token)[1]} ${count}`, item);
      part.title = say(lang, "supply_tip", { player: `P${seat + 1}`, count,
        profession: profession(lang, token)[0] });
      // The figures not sent yet: the place each figure leaves from.
      part.dataset.piece = `figure:${seat}:${token}`;
      part.dataset.at = "supply";
      part.dataset.count = String(count);
    }
  });
}

function drawRecord(parent, view, ctx, money) {
  const lang = ctx.lang;
  const section = html("section", "intrige-record", null, parent);
  html("h3", "", say(lang, "offers"), section);
  const current = view.offers.filter((o) => o.round === view.round && o.palace === view.turn
    && view.phase !== "over");
  const offers = html("ul", "offers", null, section);
  if (!current.length) html("li", "none", say(lang, "no_offers"), offers);
  for (const o of current) {
    html("li", "", say(lang, "offer_line", { payer: `P${o.payer + 1}`, owner: `P${o.palace + 1}`,
      amount: money(o.amount), room: o.room }), offers);
  }
  html("h3", "", say(lang, "incomes"), section);
  html("p", "incomes", view.incomes.map((amount, seat) => say(lang, "income_line",
    { player: `P${seat + 1}`, amount: money(amount) })).join(" · "), section);
  html("h3", "", say(lang, "bribes"), section);
  if (!view.bribes.length) {
    html("p", "none", say(lang, "no_bribes"), section);
    return;
  }
  const scroll = html("div", "bribe-scroll", null, section);
  scroll.tabIndex = 0;
  scroll.setAttribute("role", "region");
  scroll.setAttribute("aria-label", say(lang, "bribes"));
  const table = html("table", "bribes", null, scroll);
  const head = html("tr", "", null, html("thead", "", null, table));
  for (const key of ["col_round", "col_payer", "col_owner", "col_amount", "col_for"]) {
    html("th", "", say(lang, key), head).scope = "col";
  }
  const body = html("tbody", "", null, table);
  for (const b of [...view.bribes].reverse()) {
    const row = html("tr", "", null, body);
    html("td", "", String(b.round), row);
    html("td", "", `P${b.payer + 1}`, row);
    html("td", "", `P${b.palace + 1}`, row);
    html("td", "amount", money(b.amount), row);
    html("td", "", `${profession(lang, b.profession)[0]} (${say(lang, `role_${b.role}`)})`, row);
  }
}

/** Return the amount a typed sum writes (150000, 150,000, 150.000, 150 000), or null. */
export function parseSum(text) {
  const flat = text.trim();
  const grouped = /^\d{1,3}(?:([,. '\u00a0\u202f])\d{3})?(?:\1\d{3})*$/;
  if (flat.length > 16 || !(grouped.test(flat) || /^\d{1,12}$/.test(flat))) return null;
  return Number(flat.replace(/\D/g, ""));
}

/** Return the actions that name `amount` from the step of the sum reached (the sum itself
 * when listed, else the range holding it and then the sum), or [] when it cannot be named
 * now - the engine's own path (IntrigeState.typed_sum), from the choices and the view. */
export function sumPath(choices, view, amount) {
  const pend = view.pending || {};
  const target = pend.ask_room ? `offer:${amount},${pend.ask_room}` : `bribe:${amount}`;
  if (choices.some((c) => c.action === target)) return [target];
  let holder = 0;
  for (const choice of choices) {
    const { kind, args } = parseAction(choice.action);
    const lowest = Number(args[0]);
    if (kind === "range" && lowest <= amount && lowest > holder) holder = lowest;
  }
  const step = view.bribe_step;
  if (!holder || typeof view.my_money !== "number" || amount > view.my_money
      || (amount - view.smallest_bribe) % step !== 0
      || amount > holder + (SUMS_PER_RANGE - 1) * step) return [];
  return [`range:${holder}`, target];
}

/** Whether the choices ask for a sum (a bribe, an offer or a range of sums). */
function asksSum(choices) {
  return choices.some((c) => /^(range|offer):/.test(c.action)
    || (c.action.startsWith("bribe:") && c.action !== "bribe:0"));
}

/** Play the second decision of a sum typed, once the choices name it. */
function playTypedNext(ctx) {
  if (!typedNext) return;
  if (Date.now() > typedNext.until) {
    typedNext = null;
  } else if (ctx.choices.some((c) => c.action === typedNext.action)) {
    const action = typedNext.action;
    typedNext = null;
    setTimeout(() => ctx.pick(action), 0);
  }
}

/** Draw the field where a sum may be typed, and the "back" button when a step can be taken
 * back. */
function drawSumField(parent, view, ctx) {
  const lang = ctx.lang;
  const back = ctx.choices.find((c) => c.action === "back");
  if (!asksSum(ctx.choices) && !back) return;
  const form = html("form", "intrige-sum", null, parent);
  if (asksSum(ctx.choices)) {
    const field = html("label", "", `${say(lang, "sum_field")} `, form);
    const input = html("input", "", null, field);
    input.type = "text";
    input.id = "intrige-sum";
    input.inputMode = "numeric";
    input.autocomplete = "off";
    input.size = 11;
    input.title = say(lang, "sum_tip");
    const go = html("button", "", say(lang, "sum_go"), form);
    go.type = "submit";
    const problem = html("span", "sum-error", "", form);
    problem.setAttribute("role", "alert");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const amount = parseSum(input.value);
      const path = amount === null ? [] : sumPath(ctx.choices, view, amount);
      if (!path.length) {
        problem.textContent = say(lang, "sum_bad", { text: input.value.trim() || "''" });
        return;
      }
      typedNext = path.length > 1 ? { action: path[1], until: Date.now() + 15000 } : null;
      ctx.pick(path[0]);
    });
  }
  if (back) {
    const button = html("button", "intrige-back", say(lang, "back"), form);
    button.type = "button";
    button.title = say(lang, "back_tip");
    clickable(button, back.action, back.label, ctx.pick);
  }
}

/** Return every sum that can be named now, lowest first: those listed, and those of each
 * range listed (up to the viewer's money). */
export function sumsNow(choices, view) {
  const found = new Set();
  const step = view.bribe_step;
  const money = typeof view.my_money === "number" ? view.my_money : 0;
  for (const choice of choices) {
    const { kind, args } = parseAction(choice.action);
    const amount = Number(args[0]);
    if ((kind === "bribe" && amount > 0) || kind === "offer") found.add(amount);
    if (kind === "range") {
      for (let k = 0; k < SUMS_PER_RANGE && amount + k * step <= money; k += 1) {
        found.add(amount + k * step);
      }
    }
  }
  return [...found].filter((amount) => sumPath(choices, view, amount).length)
    .sort((a, b) => a - b);
}

/** Beside the choices (the shell calls it when the viewer has choices): a slider and a
 * stepper over every sum that can be named now, and the button that names it in one go
 * (its range, then the sum). The range menus stay in the list, for the keyboard and
 * screen readers. */
export function choiceTools(container, view, ctx) {
  const sums = sumsNow(ctx.choices, view);
  if (sums.length < 2) return;
  const lang = ctx.lang;
  const format = new Intl.NumberFormat(lang);
  const pend = view.pending || {};
  const box = html("form", "intrige-stepper", null, container);
  box.id = "sum-stepper";
  const label = html("label", "", say(lang, "sum_pick"), box);
  label.htmlFor = "sum-slider";
  const row = html("div", "stepper-row", null, box);
  const less = html("button", "step", "−", row);
  less.type = "button";
  less.setAttribute("aria-label", say(lang, "sum_less"));
  less.title = say(lang, "sum_less");
  const slider = html("input", "", null, row);
  slider.type = "range";
  slider.id = "sum-slider";
  slider.min = "0";
  slider.max = String(sums.length - 1);
  slider.step = "1";
  slider.value = "0";
  const more = html("button", "step", "+", row);
  more.type = "button";
  more.setAttribute("aria-label", say(lang, "sum_more"));
  more.title = say(lang, "sum_more");
  const go = html("button", "primary", "", box);
  go.type = "submit";
  go.id = "sum-go";
  const show = () => {
    const amount = sums[Number(slider.value)];
    const text = format.format(amount);
    slider.setAttribute("aria-valuetext", text);
    go.textContent = say(lang, pend.ask_room ? "sum_promise" : "sum_pay", { amount: text });
    go.dataset.amount = String(amount);
    less.disabled = Number(slider.value) === 0;
    more.disabled = Number(slider.value) === sums.length - 1;
  };
  const move = (by) => {
    slider.value = String(Math.min(sums.length - 1, Math.max(0, Number(slider.value) + by)));
    show();
  };
  slider.addEventListener("input", show);
  less.addEventListener("click", () => move(-1));
  more.addEventListener("click", () => move(1));
  box.addEventListener("submit", (event) => {
    event.preventDefault();
    const path = sumPath(ctx.choices, view, sums[Number(slider.value)]);
    if (!path.length) return;
    typedNext = path.length > 1 ? { action: path[1], until: Date.now() + 15000 } : null;
    ctx.pick(path[0]);
  });
  show();
}

/** Draw the whole Intrige board for `view` into `container`. */
export function render(container, view, ctx) {
  container.replaceChildren();
  const lang = ctx.lang;
  const format = new Intl.NumberFormat(lang);
  const money = (n) => format.format(n);
  const root = html("div", "intrige", null, container);
  const status = html("div", "intrige-status", null, root);
  const where = view.phase === "over" ? say(lang, "over")
    : `${say(lang, "round", { round: view.round, rounds: view.rounds })} · ${say(lang,
      view.phase === "send" ? "sends" : "receives", {
        palace: palaceName(lang, view.palaces[view.turn].name), owner: `P${view.turn + 1}` })}`;
  html("p", "where", where, status);
  const pend = view.pending;
  if (pend && (pend.kind === "internal" || pend.kind === "external")) {
    html("p", "conflict", say(lang, "conflict", { owner: `P${pend.palace + 1}`,
      profession: profession(lang, pend.profession)[0] }), status);
  }
  if (typeof view.my_money === "number") {
    const purse = html("p", "money", say(lang, "money", { amount: money(view.my_money) }), status);
    purse.id = "intrige-money";
  }
  drawSumField(status, view, ctx);
  playTypedNext(ctx);
  const at = placeChoices(view, ctx);
  const palaces = html("div", "palaces", null, root);
  for (const palace of view.palaces) drawPalace(palaces, palace, view, ctx, at, money);
  drawIsland(root, view, ctx);
  const lower = html("div", "intrige-lower", null, root);
  drawSupply(lower, view, ctx);
  drawRecord(lower, view, ctx, money);
}
