// The lobby: the games (each with its rules), a form for a new table, the open tables and
// "my tables" (a finished one opens in the replay viewer).

import { account, friendsSection, inviteFriend, inviteNotice } from "./accounts.js";
import { api, request, keepToken, keptTokens, forgetTable, inviteLink, watchLink } from "./api.js";
import { t, has, lang, num, botName } from "./i18n.js";
import { rulesButton } from "./rules.js";

const NAME = "tavola.name";
const FILTERS = "tavola.lobby.filters";
const SPEED = "tavola.lobby.speed";

/** Create an element with a class and text (always as text, never as HTML). */
export function el(tag, className = "", text = null, parent = null) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

/** The display name this browser uses (remembered). */
export function myName() {
  return localStorage.getItem(NAME) || "";
}

export function rememberName(name) {
  localStorage.setItem(NAME, name);
}

/** A labelled field: returns {wrap, input}. */
function field(parent, label, input, help = null) {
  const wrap = el("div", "field", null, parent);
  const id = `f-${Math.random().toString(36).slice(2, 10)}`;
  input.id = id;
  const tag = el("label", "", label, wrap);
  tag.htmlFor = id;
  wrap.appendChild(input);
  if (help) {
    const note = el("p", "help", null, wrap);
    note.id = `${id}-help`;
    note.append(...help);
    input.setAttribute("aria-describedby", note.id);
  }
  return { wrap, input };
}

function option(select, value, text) {
  const node = el("option", "", text, select);
  node.value = value;
  return node;
}

/** Show an error line in a status element. */
export function fail(status, error) {
  status.textContent = t("error.line", { message: error.message || String(error) });
  status.classList.add("bad");
}

/** Show a line in a status element (no longer an error). */
export function said(status, text) {
  status.textContent = text;
  status.classList.remove("bad");
}

/** A copy-to-clipboard button for a read-only link field. */
function copyButton(parent, input) {
  const button = el("button", "copy", t("lobby.copy"), parent);
  button.type = "button";
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select();
      document.execCommand("copy");
    }
    button.textContent = t("lobby.copied");
    setTimeout(() => { button.textContent = t("lobby.copy"); }, 1500);
  });
  return button;
}

/**
 * Show a new table's links: each human seat's invitation with a copy button, and join
 * `mine` (the seat the creator takes) under the creator's name.
 */
export async function showCreated(parent, created, game, mine, name) {
  const box = el("section", "created", null, parent);
  box.setAttribute("aria-labelledby", "created-title");
  const title = el("h2", "", t("lobby.created", { table: created.table }), box);
  title.id = "created-title";
  keepToken(created.table, created.host_token);
  // The game's own names of the seats (a colour, a palace), in the page's language.
  let names = [];
  try {
    names = (await api.table(created.table)).seats.map((s) => s.player);
  } catch {
    // The links work without the names; each seat keeps its number.
  }
  const seatName = (seat) => seatTitle(seat, names[seat]);
  const list = el("ul", "invites", null, box);
  let mySeat = null;
  for (const seat of created.seats) {
    keepToken(created.table, seat.token);
    const item = el("li", "", null, list);
    if (seat.seat === mine) {
      mySeat = seat;
      el("span", "seat-tag", t("lobby.your_seat", { seat: seatName(seat.seat) }), item);
      const open = el("a", "button primary", t("lobby.open_table"), item);
      open.href = inviteLink(created.table, seat.token);
      open.id = "open-my-seat";
      continue;
    }
    const input = document.createElement("input");
    input.readOnly = true;
    input.value = inviteLink(created.table, seat.token);
    input.className = "invite";
    input.dataset.seat = String(seat.seat);
    field(item, t("lobby.invite_for", { seat: seatName(seat.seat) }), input);
    copyButton(item, input);
    // Signed in: the seat may be kept for an account followed (its link then stops).
    inviteFriend(item, created.table, seat.seat, created.host_token, () => {
      input.value = "";
      input.disabled = true;
    });
  }
  const watch = el("p", "", null, box);
  const link = el("a", "", t("lobby.watch_link"), watch);
  link.href = watchLink(created.table);
  if (mySeat && name) {
    try {
      await api.join(created.table, mySeat.token, name);
    } catch (error) {
      fail(el("p", "status", null, box), error);
    }
  }
  box.scrollIntoView({ block: "nearest" });
  return box;
}

/** The body of POST /tables for a game's form values. */
export function tableBody(game, players, options, kinds, settings) {
  return {
    game, players, options,
    seats: kinds.map((k) => (k.startsWith("bot:")
      ? { kind: "bot", bot: k.slice(4) } : { kind: "human" })),
    ...settings,
  };
}

function gameCard(parent, game, choose, playNow) {
  const card = el("article", "game-card", null, parent);
  el("h3", "", game.title, card);
  // The game's own description, in the page's language where the game has one.
  const about = el("p", "about", game.summary.text, card);
  about.lang = game.summary.lang;
  const facts = el("p", "facts", null, card);
  facts.textContent = t("lobby.players_range", { min: game.min_players, max: game.max_players });
  const minutes = `game.${game.name}.minutes`;
  if (has(minutes)) facts.textContent += ` · ${t("lobby.minutes", { minutes: t(minutes) })}`;
  const button = el("button", "", t("lobby.set_up", { game: game.title }), card);
  button.type = "button";
  button.dataset.game = game.name;
  button.addEventListener("click", () => choose(game.name));
  const now = el("button", "primary", t("lobby.play_now"), card);
  now.type = "button";
  now.setAttribute("aria-label", t("lobby.play_now_game", { game: game.title }));
  now.dataset.playNow = game.name;
  const status = el("p", "status", null, card);
  status.setAttribute("role", "status");
  now.addEventListener("click", async () => {
    now.disabled = true;
    try {
      await playNow(game.name, status);
    } finally {
      now.disabled = false;
    }
  });
  const rules = rulesButton(card, { game: game.name }, t("lobby.rules", { game: game.title }));
  rules.dataset.rules = game.name;
}

/** The text of a bot in a list of seats: its name, and what it does where the page has
 * words for it. */
function botText(bot) {
  const about = `bot.${bot}`;
  const name = botName(bot);
  return has(about) ? t("lobby.seat_bot_about", { bot: name, about: t(about) })
    : t("lobby.seat_bot", { bot: name });
}

/** Return whether every option holds its default value. */
function defaults(game, options) {
  return game.options.every((o) => JSON.stringify(options[o.name]) === JSON.stringify(o.default));
}

const seatNamesAsked = new Map();

/** Return the game's names of the seats of a table with `count` players and `options`
 * (in the page's language): from the games list for the default options, else asked of
 * the server once. */
async function seatNamesOf(game, count, options) {
  if (defaults(game, options) && game.seat_names[String(count)]) {
    return game.seat_names[String(count)];
  }
  const key = JSON.stringify([lang(), game.name, count, options]);
  if (!seatNamesAsked.has(key)) {
    seatNamesAsked.set(key, api.seatNames(game.name, count, options).then(
      (answer) => answer.seats.map((s) => s.player),
      (error) => {
        seatNamesAsked.delete(key);
        throw error;
      }));
  }
  return seatNamesAsked.get(key);
}

function newTableForm(parent, games, nameInput, onCreated = () => {}) {
  const section = el("section", "new-table", null, parent);
  section.setAttribute("aria-labelledby", "new-title");
  const heading = el("h2", "", t("lobby.new_table"), section);
  heading.id = "new-title";
  const form = el("form", "", null, section);
  form.id = "new-table";
  const gameSelect = document.createElement("select");
  gameSelect.name = "game";
  for (const g of games) option(gameSelect, g.name, g.title);
  field(form, t("lobby.game"), gameSelect);
  const players = document.createElement("select");
  players.name = "players";
  field(form, t("lobby.player_count"), players);
  const optionsBox = el("fieldset", "options", null, form);
  const seatsBox = el("fieldset", "seats", null, form);
  const more = el("details", "settings", null, form);
  el("summary", "", t("lobby.more_settings"), more);
  const spectators = document.createElement("input");
  spectators.type = "checkbox";
  spectators.checked = true;
  spectators.name = "spectators";
  field(more, t("lobby.spectators"), spectators).wrap.classList.add("check");
  const spectatorChat = document.createElement("input");
  spectatorChat.type = "checkbox";
  spectatorChat.checked = true;
  spectatorChat.name = "spectator_chat";
  field(more, t("lobby.spectator_chat"), spectatorChat).wrap.classList.add("check");
  const undo = document.createElement("input");
  undo.type = "checkbox";
  undo.checked = true;
  undo.name = "undo";
  field(more, t("lobby.undo"), undo).wrap.classList.add("check");
  const listed = document.createElement("input");
  listed.type = "checkbox";
  listed.checked = true;
  listed.name = "public";
  field(more, t("lobby.public"), listed).wrap.classList.add("check");
  // A rated table (accounts.js): accounts only, a clock, no take-backs.
  const rated = document.createElement("input");
  rated.type = "checkbox";
  rated.name = "rated";
  field(more, t("account.rated_table"), rated, [t("account.rated_table_help")])
    .wrap.classList.add("check");
  // Rated against bots: the people's seats accounts', the bots the game's levels; their
  // fixed ratings move the vs-bots ladder. One kind of rating or the other.
  const ratedBots = document.createElement("input");
  ratedBots.type = "checkbox";
  ratedBots.name = "rated_bots";
  field(more, t("account.rated_bots_table"), ratedBots, [t("account.rated_bots_table_help")])
    .wrap.classList.add("check");
  rated.addEventListener("change", () => { if (rated.checked) ratedBots.checked = false; });
  ratedBots.addEventListener("change", () => { if (ratedBots.checked) rated.checked = false; });
  // The people's clock: real time or turn based (what the server offers by default), or
  // none; and whether play waits for every seat to be taken.
  const clock = document.createElement("select");
  clock.name = "clock";
  for (const kind of ["realtime", "turn", "off"]) {
    const option = el("option", "", t(`lobby.clock_${kind}`), clock);
    option.value = kind;
  }
  field(more, t("lobby.clock"), clock);
  const wait = document.createElement("input");
  wait.type = "checkbox";
  wait.checked = true;
  wait.name = "wait";
  field(more, t("lobby.wait"), wait).wrap.classList.add("check");
  const botSeconds = document.createElement("input");
  botSeconds.type = "number";
  botSeconds.min = "0.05";
  botSeconds.max = "120";
  botSeconds.step = "0.05";
  botSeconds.value = "2";
  botSeconds.name = "bot_seconds";
  field(more, t("lobby.bot_seconds"), botSeconds);
  const zombie = document.createElement("select");
  zombie.name = "zombie_bot";
  field(more, t("lobby.zombie_bot"), zombie);
  const submit = el("button", "primary", t("lobby.create"), form);
  submit.type = "submit";
  const status = el("p", "status", null, form);
  status.setAttribute("role", "status");
  const result = el("div", "", null, section);

  const current = () => games.find((g) => g.name === gameSelect.value) || games[0];

  function chosenOptions() {
    const options = {};
    for (const select of optionsBox.querySelectorAll("select")) {
      options[select.dataset.option] = JSON.parse(select.value);
    }
    return options;
  }

  let naming = 0;

  /** Name each seat as the game does (a colour, a palace) for the chosen player count and
   * options; the seat's number until the names arrive, or if they cannot. */
  async function nameSeats() {
    const asked = ++naming;
    const labels = [...seatsBox.querySelectorAll("label[data-seat]")];
    let names = [];
    try {
      names = await seatNamesOf(current(), labels.length, chosenOptions());
    } catch (error) {
      fail(status, error);
    }
    if (asked !== naming) return;
    for (const label of labels) {
      const seat = Number(label.dataset.seat);
      label.textContent = t("lobby.seat_label", { seat: seatTitle(seat, names[seat]) });
    }
  }

  function drawSeats() {
    const game = current();
    const count = Number(players.value);
    seatsBox.replaceChildren();
    el("legend", "", t("lobby.seats"), seatsBox);
    for (let seat = 0; seat < count; seat += 1) {
      const select = document.createElement("select");
      select.name = `seat-${seat}`;
      select.dataset.seat = String(seat);
      option(select, "you", t("lobby.seat_you"));
      option(select, "human", t("lobby.seat_person"));
      for (const bot of game.bots) option(select, `bot:${bot}`, botText(bot));
      const preferred = game.bots.includes("greedy") ? "bot:greedy" : `bot:${game.bots[0]}`;
      select.value = seat === 0 ? "you" : preferred;
      select.addEventListener("change", () => {
        // One browser sits at one seat: choosing "you" again moves it.
        if (select.value !== "you") return;
        for (const other of seatsBox.querySelectorAll("select")) {
          if (other !== select && other.value === "you") other.value = "human";
        }
      });
      const label = field(seatsBox, t("lobby.seat_label", { seat: `P${seat + 1}` }), select)
        .wrap.querySelector("label");
      label.dataset.seat = String(seat);
    }
    nameSeats();
  }

  function drawGame() {
    const game = current();
    players.replaceChildren();
    for (let n = game.min_players; n <= game.max_players; n += 1) option(players, String(n), String(n));
    optionsBox.replaceChildren();
    el("legend", "", t("lobby.options"), optionsBox);
    if (!game.options.length) el("p", "help", t("lobby.no_options"), optionsBox);
    for (const opt of game.options) {
      const select = document.createElement("select");
      select.name = `option-${opt.name}`;
      select.dataset.option = opt.name;
      // The page's own words for an option where it has them; the server declares options
      // in English only, which is shown (and marked as English) for any option it lacks.
      const words = `option.${game.name}.${opt.name}`;
      for (const choice of opt.choices) {
        let shown = String(choice);
        if (typeof choice === "boolean") shown = t(choice ? "option.yes" : "option.no");
        else if (has(`${words}.${choice}`)) shown = t(`${words}.${choice}`);
        const text = shown + (choice === opt.default ? ` ${t("lobby.default_ruling")}` : "");
        option(select, JSON.stringify(choice), text);
      }
      select.value = JSON.stringify(opt.default);
      const ownHelp = has(`${words}.help`);
      const help = el("span", "", ownHelp ? t(`${words}.help`) : opt.help);
      if (!ownHelp) help.lang = "en";
      const label = field(optionsBox, has(words) ? t(words) : opt.name, select, [help])
        .wrap.querySelector("label");
      if (!has(words)) label.lang = "en";
      // An option may change the seats' names (Intrige's edition names its palaces).
      select.addEventListener("change", nameSeats);
    }
    zombie.replaceChildren();
    for (const bot of game.bots) option(zombie, bot, has(`bot.${bot}`) ? botText(bot) : botName(bot));
    zombie.value = game.bots.includes("medium") ? "medium" : game.bots[0];
    drawSeats();
  }

  gameSelect.addEventListener("change", drawGame);
  players.addEventListener("change", drawSeats);
  drawGame();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    status.textContent = "";
    status.classList.remove("bad");
    const game = current();
    const kinds = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const mine = kinds.indexOf("you");
    const name = nameInput.value.trim();
    if (mine >= 0 && !name) {
      status.textContent = t("lobby.name_needed");
      status.classList.add("bad");
      nameInput.focus();
      return;
    }
    if (name) rememberName(name);
    const options = chosenOptions();
    const settings = {
      spectators: spectators.checked, spectator_chat: spectatorChat.checked,
      undo: undo.checked, public: listed.checked, clock: { kind: clock.value },
      wait: wait.checked, rated: rated.checked, rated_bots: ratedBots.checked,
      bot_seconds: Number(botSeconds.value || 2), zombie_bot: zombie.value,
    };
    submit.disabled = true;
    try {
      const created = await api.create(
        tableBody(game.name, Number(players.value), options, kinds, settings));
      result.replaceChildren();
      await showCreated(result, created, game, mine, name);
      onCreated();
    } catch (error) {
      fail(status, error);
    } finally {
      submit.disabled = false;
    }
  });
  return { section, choose: (name) => { gameSelect.value = name; drawGame(); gameSelect.focus(); } };
}

/** Return the game's name of a seat of a table (as the server says it in the page's
 * language). */
function seatOf(summary, seat) {
  const found = summary.seats.find((s) => s.seat === seat);
  return seatTitle(seat, found ? found.player : null);
}

/** Return the game's own name of a seat without its number, capitalised ("Red" from
 * "Red (P1)", "P1 (red)" or "Red"); "" when the game names it by its number alone. */
export function seatWord(seat, name) {
  const number = `P${seat + 1}`;
  let bare = (name || "").trim();
  const around = /^P\d+\s*\((.*)\)$/.exec(bare);
  if (around) bare = around[1];
  bare = bare.replace(/\s*\(P\d+\)$/, "").trim();
  if (!bare || bare === number) return "";
  return `${bare.charAt(0).toLocaleUpperCase()}${bare.slice(1)}`;
}

/** Return a seat as the page names it, in one form for every game and language: its
 * number, then the game's own name of it ("P1 (Red)", "P2 (Firenze)"), whichever form the
 * game gives it in ("Red (P1)", "P1 (red)", "Red"). */
export function seatTitle(seat, name) {
  const word = seatWord(seat, name);
  return word ? `P${seat + 1} (${word})` : `P${seat + 1}`;
}

/** Return who a seat of a table's summary is for: a bot, a person's name, a seat kept for
 * an invited person who has not come yet, or a free seat. */
function seatText(s) {
  if (s.kind === "bot") return t("lobby.seat_bot", { bot: botName(s.bot) });
  if (s.reserved && !s.joined) return t("lobby.seat_reserved", { name: s.name });
  if (s.name) return s.name;
  return t("lobby.seat_free");
}

/** Return a table's seats in one line ("P1 (Red): Ada · P2 (Blue): free seat"). */
export function seatsLine(summary) {
  return summary.seats.map((s) => `${seatOf(summary, s.seat)}: ${seatText(s)}`).join(" · ");
}

/** Return how far a table is: finished, waiting for its players (naming whom: an invited
 * person by name, an open seat by its title), or in play with so many moves made. */
export function progressText(summary) {
  if (summary.finished) return t("lobby.finished");
  if (summary.begun === false) {
    const whom = summary.seats.filter((s) => s.kind === "human" && !s.taken)
      .map((s) => (s.reserved && !s.joined ? s.name : seatOf(summary, s.seat)));
    return t("lobby.waiting_for", { who: whom.join(", ") });
  }
  return t("lobby.in_progress", { moves: num(summary.state) });
}

/** Return the lobby's filters this browser chose (kept in its storage). */
export function keptFilters() {
  try {
    const kept = JSON.parse(localStorage.getItem(FILTERS) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch {
    return {};
  }
}

/** The filters of the open tables: a game, a player count, a speed, rated or not; each
 * change is kept (this browser's storage) and draws the list again. */
function filtersForm(parent, games, changed) {
  const form = el("form", "filters", null, parent);
  form.id = "lobby-filters";
  form.setAttribute("aria-label", t("lobby.filters"));
  const kept = keptFilters();
  const most = Math.max(...games.map((g) => g.max_players));
  const least = Math.min(...games.map((g) => g.min_players));
  const choices = {
    game: [["", t("lobby.filter_any_game")], ...games.map((g) => [g.name, g.title])],
    players: [["", t("lobby.filter_any_players")],
      ...Array.from({ length: most - least + 1 }, (_, n) => [String(least + n),
        t("lobby.filter_players", { count: num(least + n) })])],
    speed: [["", t("lobby.filter_any_speed")], ["realtime", t("lobby.speed_realtime")],
      ["turn", t("lobby.speed_turn")], ["off", t("lobby.speed_off")]],
    rated: [["", t("lobby.filter_any_rated")], ["true", t("lobby.filter_rated")],
      ["false", t("lobby.filter_unrated")]],
  };
  const labels = { game: t("lobby.game"), players: t("lobby.player_count"),
    speed: t("lobby.filter_speed"), rated: t("lobby.filter_rated_label") };
  for (const [name, values] of Object.entries(choices)) {
    const select = document.createElement("select");
    select.name = name;
    for (const [value, text] of values) option(select, value, text);
    select.value = values.some(([v]) => v === kept[name]) ? kept[name] : "";
    field(form, labels[name], select);
    select.addEventListener("change", () => {
      localStorage.setItem(FILTERS, JSON.stringify(chosen()));
      changed(chosen());
    });
  }
  function chosen() {
    const out = {};
    for (const select of form.querySelectorAll("select")) {
      if (select.value) out[select.name] = select.value;
    }
    return out;
  }
  form.addEventListener("submit", (event) => event.preventDefault());
  return chosen();
}

/** Draw one open table, with a button for each seat anyone may take. */
export function tableItem(list, summary, nameInput) {
  const item = el("li", "", null, list);
  item.dataset.table = summary.table;
  el("strong", "", `${summary.title} · ${summary.table}`, item);
  const kind = summary.settings.clock ? summary.settings.clock.kind : "off";
  const facts = [t(`lobby.speed_${["realtime", "turn"].includes(kind) ? kind : "off"}`)];
  if (summary.settings.rated) {
    facts.push(t(summary.settings.rated_bots ? "account.rated_bots" : "account.rated"));
  }
  el("p", "", seatsLine(summary), item);
  el("p", "facts", facts.join(" · "), item);
  const status = el("p", "status", null, item);
  for (const seat of summary.free) {
    const button = el("button", "", t("lobby.take_seat", { seat: seatOf(summary, seat) }), item);
    button.dataset.seat = String(seat);
    button.type = "button";
    button.addEventListener("click", async () => {
      const name = nameInput.value.trim();
      if (!name) {
        status.textContent = t("lobby.name_needed");
        nameInput.focus();
        return;
      }
      rememberName(name);
      try {
        const answer = await api.claim(summary.table, seat, name);
        keepToken(summary.table, answer.token);
        location.href = inviteLink(summary.table, answer.token);
      } catch (error) {
        fail(status, error);
      }
    });
  }
  if (summary.settings.spectators) {
    const watch = el("a", "button", t("lobby.watch"), item);
    watch.href = watchLink(summary.table);
  }
  return item;
}

async function openTables(parent, nameInput, games) {
  const section = el("section", "open-tables", null, parent);
  el("h2", "", t("lobby.open_tables"), section);
  const filters = filtersForm(section, games, (chosen) => draw(chosen));
  const list = el("ul", "tables", null, section);
  list.id = "open-tables";
  const note = el("p", "help", null, section);
  note.hidden = true;
  let drawing = 0;
  async function draw(filters) {
    const asked = ++drawing;
    let tables = [];
    const search = new URLSearchParams({ lang: lang(), ...filters });
    try {
      tables = await request("GET", `/tables?${search}`);
    } catch (error) {
      if (asked === drawing) fail(note, error);
      note.hidden = false;
      return;
    }
    if (asked !== drawing) return;
    list.replaceChildren();
    note.classList.remove("bad");
    note.hidden = tables.length > 0;
    note.textContent = Object.keys(filters).length ? t("lobby.no_open_tables_filtered")
      : t("lobby.no_open_tables");
    for (const summary of tables) tableItem(list, summary, nameInput);
    list.dataset.ready = "yes";
  }
  await draw(filters);
}

/** Draw "my tables" into a new section of `parent`, or again into `section` (after a table
 * was created); return the section. */
async function myTables(parent, section = null) {
  if (!section) section = el("section", "my-tables", null, parent);
  section.replaceChildren();
  el("h2", "", t("lobby.my_tables"), section);
  const kept = keptTokens();
  if (!kept.length) {
    el("p", "help", t("lobby.no_my_tables"), section);
    return section;
  }
  let mine = [];
  try {
    mine = await api.mine(kept);
  } catch (error) {
    fail(el("p", "status", null, section), error);
    return section;
  }
  // One line per table: a seat token is worth more than the host token of that table, and
  // the seat somebody has joined more than the invitations a creator keeps for others.
  const worth = (entry) => {
    if (entry.you === null) return 0;
    const seat = entry.seats.find((s) => s.seat === entry.you);
    return seat && seat.joined ? 2 : 1;
  };
  const byTable = new Map();
  for (const entry of mine) {
    const known = byTable.get(entry.table);
    if (!known || worth(entry) > worth(known)) byTable.set(entry.table, entry);
  }
  if (!byTable.size) el("p", "help", t("lobby.no_my_tables"), section);
  const list = el("ul", "tables", null, section);
  for (const entry of byTable.values()) {
    const item = el("li", "", null, list);
    el("strong", "", `${entry.title} · ${entry.table}`, item);
    const who = entry.you === null ? t("lobby.as_host")
      : t("lobby.as_seat", { seat: seatOf(entry, entry.you) });
    const progress = progressText(entry);
    el("p", "", `${who} · ${progress}`, item);
    el("p", "", seatsLine(entry), item);
    const token = pairToken(kept, mine, entry);
    const open = el("a", "button", t("lobby.open"), item);
    open.href = token ? inviteLink(entry.table, token) : watchLink(entry.table);
    if (entry.finished) {
      const replay = el("a", "button", t("lobby.replay"), item);
      replay.href = `#/replay/${encodeURIComponent(entry.table)}`
        + (token ? `?token=${encodeURIComponent(token)}` : "");
      replay.dataset.replay = entry.table;
    }
    const forget = el("button", "", t("lobby.forget"), item);
    forget.type = "button";
    forget.addEventListener("click", () => {
      forgetTable(entry.table);
      item.remove();
    });
  }
  return section;
}

/** Return the kept token whose answer is `entry` (answers come in the tokens' order,
 * leaving out the tokens that open nothing). */
function pairToken(kept, answers, entry) {
  let a = 0;
  for (const k of kept) {
    if (a >= answers.length) break;
    const answer = answers[a];
    if (answer.table !== k.table) continue;
    if (answer === entry) return k.token;
    a += 1;
  }
  return null;
}

/** Draw the lobby into `main`. */
export function showLobby(main) {
  document.title = t("title.lobby");
  const page = el("div", "lobby", null, main);
  el("h1", "", t("lobby.title"), page);
  el("p", "lead", t("lobby.lead"), page);
  const who = el("div", "who", null, page);
  const nameInput = document.createElement("input");
  nameInput.maxLength = 40;
  nameInput.value = myName();
  nameInput.autocomplete = "nickname";
  nameInput.name = "name";
  field(who, t("lobby.your_name"), nameInput);
  nameInput.addEventListener("change", () => rememberName(nameInput.value.trim()));
  // "Play now" (a button on each game's card) seats this person at this speed.
  const speed = document.createElement("select");
  speed.name = "speed";
  for (const kind of ["realtime", "turn"]) option(speed, kind, t(`lobby.speed_${kind}`));
  speed.value = localStorage.getItem(SPEED) === "turn" ? "turn" : "realtime";
  field(who, t("lobby.play_now_speed"), speed);
  speed.addEventListener("change", () => localStorage.setItem(SPEED, speed.value));
  const notice = el("div", "notices", null, page);
  inviteNotice(notice);
  // Signed in: the account's name is the name to play under, unless another was chosen.
  account().then((who) => {
    if (who && !nameInput.value) nameInput.value = who.name;
  }, () => {});

  async function playNow(game, status) {
    status.textContent = "";
    status.classList.remove("bad");
    let who = null;
    try {
      who = await account();
    } catch {
      who = null;
    }
    const name = nameInput.value.trim();
    if (!who && !name) {
      status.textContent = t("lobby.name_needed");
      nameInput.focus();
      return;
    }
    if (name) rememberName(name);
    // The lobby's filters hold for play now too: its player count (if this game is
    // played by that many), its speed (a clock's: play now has no unclocked tables) and
    // rated or not.
    const filters = keptFilters();
    const facts = games.find((g) => g.name === game);
    const players = filters.players ? Number(filters.players) : null;
    if (players !== null && facts
        && (players < facts.min_players || players > facts.max_players)) {
      status.textContent = t("lobby.play_now_players", { game: facts.title,
        least: num(facts.min_players), most: num(facts.max_players) });
      status.classList.add("bad");
      return;
    }
    if (filters.speed === "off") {
      status.textContent = t("lobby.play_now_clock");
      status.classList.add("bad");
      return;
    }
    // Never at a table where this browser sits already.
    const avoid = [...new Set(keptTokens().map((k) => k.table))].slice(-200);
    const body = { game, speed: speed.value, avoid };
    if (players !== null) body.players = players;
    if (filters.rated === "true") body.rated = true;
    if (!who) body.name = name;
    try {
      const answer = await request("POST", "/play", body);
      keepToken(answer.table, answer.token);
      location.href = inviteLink(answer.table, answer.token);
    } catch (error) {
      fail(status, error);
    }
  }

  const gamesSection = el("section", "games", null, page);
  el("h2", "", t("lobby.games"), gamesSection);
  const cards = el("div", "cards", null, gamesSection);
  const lower = el("div", "lobby-lower", null, page);
  let games = [];
  api.games().then((offered) => {
    games = offered;
    // "My tables" is drawn again once a new table is made (its tokens are kept by then).
    let mine = null;
    const form = newTableForm(lower, games, nameInput, () => {
      if (mine) myTables(lower, mine);
    });
    for (const game of games) gameCard(cards, game, form.choose, playNow);
    const open = openTables(lower, nameInput, games).then(() => {
      // A speed chosen in the filters is play now's speed too, shown beside the name.
      const filter = lower.querySelector("#lobby-filters select[name=speed]");
      const follow = () => {
        if (["realtime", "turn"].includes(filter.value)) {
          speed.value = filter.value;
          localStorage.setItem(SPEED, speed.value);
        }
      };
      follow();
      filter.addEventListener("change", follow);
    });
    return Promise.all([open, myTables(lower).then((made) => {
      mine = made;
    }), friendsSection(lower, nameInput)]);
  }).then(() => {
    page.dataset.ready = "yes";
  }).catch((error) => fail(el("p", "status", null, page), error));
  return { close() {}, lang: lang() };
}
