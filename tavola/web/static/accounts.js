// Accounts in the page (docs/web.md, "Accounts"): the account menu in the top bar, the
// sign-in and sign-up page, "My games" (every table of the account, from any device, the
// ones waiting for me first), bringing this browser's guest seats into the account, and the
// account page (the data to download, the deletion).
//   #/signin          sign in, or create an account
//   #/mine            my games
//   #/account         the account page
//   #/profile/NAME    a player's public profile (ratings, recent games with their replays)
//   #/leaders/GAME    a game's leaderboard
// The session is a cookie the page's script never sees (HttpOnly); the server checks each
// request's Origin, which the browser sets itself.

import { keepToken, keptTokens, inviteLink, watchLink, request } from "./api.js";
import { t, num, lang } from "./i18n.js";
import { el, fail, progressText, said, seatTitle, seatsLine, tableItem } from "./lobby.js";
import { MAIL_PAGES, forgotForm, mailSettings } from "./mail.js";

const BACK = "tavola.back";
let me;            // undefined: not asked yet; null: signed out; {name, created}
let asking = null;
const listeners = new Set();

/** Return the signed-in account ({name, created}) or null (asked of the server once). */
export async function account(again = false) {
  if (me !== undefined && !again) return me;
  if (!asking || again) {
    asking = request("GET", "/account").then(
      (answer) => answer,
      (error) => {
        if (error.code === "not_signed_in") return null;
        throw error;
      }).then((answer) => {
      me = answer;
      for (const listener of listeners) listener(me);
      return me;
    }).finally(() => { asking = null; });
  }
  return asking;
}

/** Call `listener(account)` whenever the page learns who is signed in. */
export function onAccount(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A labelled input in `parent`: returns the input. */
function input(parent, label, type, name, autocomplete) {
  const wrap = el("div", "field", null, parent);
  const box = document.createElement("input");
  box.type = type;
  box.name = name;
  box.id = `account-${parent.id || "f"}-${name}`;
  box.autocomplete = autocomplete;
  box.required = true;
  const tag = el("label", "", label, wrap);
  tag.htmlFor = box.id;
  wrap.appendChild(box);
  return box;
}

// -- the menu in the top bar ---------------------------------------------------------------

/** Draw the account menu into the header's `#account` (again whenever the account changes). */
export function accountMenu() {
  const holder = document.getElementById("account");
  if (!holder) return;
  const draw = (who) => {
    holder.replaceChildren();
    holder.dataset.signedIn = who ? "yes" : "no";
    const leaders = el("a", "leaders-link", t("account.leaders"), holder);
    leaders.href = "/#/leaders";
    if (!who) {
      const link = el("a", "", t("account.sign_in"), holder);
      link.href = "/#/signin";
      link.id = "account-sign-in";
      // From an invitation (a rated table asks for an account), come back to it after.
      link.addEventListener("click", () => {
        if (location.pathname.startsWith("/play/")) sessionStorage.setItem(BACK, location.href);
        else sessionStorage.removeItem(BACK);
      });
      return;
    }
    const menu = el("details", "account-menu", null, holder);
    const summary = el("summary", "", who.name, menu);
    summary.id = "account-name";
    summary.setAttribute("aria-label", t("account.menu", { name: who.name }));
    const list = el("ul", "", null, menu);
    const pages = [["/#/mine", "account.my_games"],
      [`/#/profile/${encodeURIComponent(who.name)}`, "account.profile"],
      ["/#/account", "account.page"]];
    if (who.operator) pages.push(["/#/operators", "operators.page"]);
    for (const [href, key] of pages) {
      const link = el("a", "", t(key), el("li", "", null, list));
      link.href = href;
      link.addEventListener("click", () => { menu.open = false; });
    }
    const out = el("button", "", t("account.sign_out"), el("li", "", null, list));
    out.type = "button";
    out.id = "account-sign-out";
    out.addEventListener("click", async () => {
      menu.open = false;
      try {
        await request("DELETE", "/session");
      } finally {
        me = null;
        for (const listener of listeners) listener(me);
        location.href = "/#/";
      }
    });
    menu.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        menu.open = false;
        summary.focus();
      }
    });
  };
  listeners.add(draw);
  const language = document.getElementById("lang");
  if (language) language.addEventListener("change", () => draw(me || null));
  account().then(draw, () => draw(null));
}

// -- signing in and up ---------------------------------------------------------------------

function credentialsForm(parent, id, heading, button, path, status201) {
  const section = el("section", "account-box", null, parent);
  section.setAttribute("aria-labelledby", `${id}-title`);
  el("h2", "", heading, section).id = `${id}-title`;
  const form = el("form", "", null, section);
  form.id = id;
  const name = input(form, t("account.user_name"), "text", "name", "username");
  name.maxLength = 30;
  const password = input(form, t("account.password"), "password", "password",
    id === "sign-up" ? "new-password" : "current-password");
  password.minLength = id === "sign-up" ? 8 : 1;
  if (id === "sign-up") el("p", "help", t("account.password_help"), form);
  const submit = el("button", "primary", button, form);
  submit.type = "submit";
  const status = el("p", "status", null, form);
  status.setAttribute("role", "status");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    said(status, "");
    submit.disabled = true;
    try {
      me = await request("POST", path, { name: name.value, password: password.value });
      for (const listener of listeners) listener(me);
      password.value = "";
      const back = sessionStorage.getItem(BACK);
      sessionStorage.removeItem(BACK);
      if (back && (back.startsWith(`${location.origin}/play/`)
          || back.startsWith(`${location.origin}/#/open/`))) location.href = back;
      else location.hash = status201;
    } catch (error) {
      fail(status, error);
    } finally {
      submit.disabled = false;
    }
  });
  return section;
}

/** The sign-in page: sign in, or create an account. */
export function showSignIn(main) {
  document.title = `${t("account.sign_in")} · tavola`;
  const page = el("div", "account-page", null, main);
  page.id = "signin-page";
  el("h1", "", t("account.sign_in_title"), page);
  el("p", "lead", t("account.sign_in_lead"), page);
  const boxes = el("div", "account-boxes", null, page);
  credentialsForm(boxes, "sign-in", t("account.sign_in"), t("account.sign_in"), "/session",
    "#/mine");
  credentialsForm(boxes, "sign-up", t("account.sign_up"), t("account.sign_up"), "/accounts",
    "#/mine");
  forgotForm(boxes);
  page.dataset.ready = "yes";
  return { close() {} };
}

// -- friends (docs/web.md, "Friends") -------------------------------------------------------

/** The accounts the signed-in account follows, by name ([] when signed out). */
export async function followed() {
  if (!(await account().catch(() => null))) return [];
  return request("GET", "/account/follows");
}

/** Draw the friends section of the lobby (signed in only): follow an account by name, the
 * accounts followed (each to unfollow), and the open tables where they sit. */
export async function friendsSection(parent, nameInput) {
  const who = await account().catch(() => null);
  if (!who) return null;
  const section = el("section", "friends", null, parent);
  section.id = "friends";
  section.setAttribute("aria-labelledby", "friends-title");
  const heading = el("h2", "", t("friends.title"), section);
  heading.id = "friends-title";
  const form = el("form", "follow", null, section);
  const name = input(form, t("friends.follow_name"), "text", "follow", "off");
  name.maxLength = 30;
  const button = el("button", "", t("friends.follow"), form);
  button.type = "submit";
  const status = el("p", "status", null, section);
  status.setAttribute("role", "status");
  const list = el("ul", "follows", null, section);
  list.id = "follows";
  el("h3", "", t("friends.tables"), section);
  const tables = el("ul", "tables", null, section);
  tables.id = "friends-tables";
  const none = el("p", "help", t("friends.no_tables"), section);

  async function draw() {
    const [names, open] = await Promise.all([
      request("GET", "/account/follows"),
      request("GET", `/account/follows/tables?lang=${encodeURIComponent(lang())}`)]);
    list.replaceChildren();
    if (!names.length) el("li", "help", t("friends.none"), list);
    for (const f of names) {
      const item = el("li", "", null, list);
      const profile = el("a", "", f.name, item);
      profile.href = `#/profile/${encodeURIComponent(f.name)}`;
      const drop = el("button", "", t("friends.unfollow"), item);
      drop.type = "button";
      drop.dataset.unfollow = f.name;
      drop.addEventListener("click", async () => {
        try {
          await request("DELETE", `/account/follows/${encodeURIComponent(f.name)}`);
          await draw();
        } catch (error) {
          fail(status, error);
        }
      });
    }
    tables.replaceChildren();
    none.hidden = open.length > 0;
    for (const summary of open) tableItem(tables, summary, nameInput);
    section.dataset.ready = "yes";
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const wanted = name.value.trim();
    if (!wanted) return;
    try {
      const added = await request("PUT", `/account/follows/${encodeURIComponent(wanted)}`);
      said(status, t("friends.following", { name: added.name }));
      name.value = "";
      await draw();
    } catch (error) {
      fail(status, error);
    }
  });
  await draw().catch((error) => fail(status, error));
  return section;
}

/** Draw, for a new table's seat, a choice of the accounts followed to invite to it (the
 * host token authorises): the seat is kept for them and their old link stops working. */
export async function inviteFriend(parent, table, seat, hostToken, done) {
  const names = await followed().catch(() => []);
  if (!names.length) return;
  const wrap = el("div", "invite-friend", null, parent);
  const select = document.createElement("select");
  select.name = `friend-${seat}`;
  const id = `friend-${table}-${seat}`;
  select.id = id;
  const label = el("label", "", t("friends.invite_to_seat"), wrap);
  label.htmlFor = id;
  wrap.appendChild(select);
  for (const f of names) {
    const choice = el("option", "", f.name, select);
    choice.value = f.name;
  }
  const button = el("button", "", t("friends.invite"), wrap);
  button.type = "button";
  button.dataset.invite = String(seat);
  const status = el("p", "status", null, wrap);
  status.setAttribute("role", "status");
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await request("POST", "/account/invites", { name: select.value, table, seat }, hostToken);
      said(status, t("friends.invited", { name: select.value }));
      done();
    } catch (error) {
      fail(status, error);
      button.disabled = false;
    }
  });
}

/** The invitations the signed-in account received ([] when signed out). */
async function invitations() {
  if (!(await account().catch(() => null))) return [];
  return request("GET", "/account/invites");
}

/** A notice on the lobby when invitations wait in "My games". */
export async function inviteNotice(parent) {
  const got = await invitations().catch(() => []);
  if (!got.length) return;
  const box = el("p", "notice", null, parent);
  box.id = "invite-notice";
  box.setAttribute("role", "status");
  const link = el("a", "", t("friends.invites_waiting", { count: num(got.length) }), box);
  link.href = "#/mine";
}

/** Draw the invitations received into `box`: each opens its table (the seat kept, or an
 * open seat taken under the account's name) or is dismissed. */
async function drawInvitations(box, status, redraw) {
  const got = await invitations();
  box.replaceChildren();
  box.hidden = !got.length;
  if (!got.length) return;
  el("h2", "", t("friends.invites"), box);
  const list = el("ul", "tables", null, box);
  list.id = "invites";
  for (const invite of got) {
    const item = el("li", "", null, list);
    item.dataset.table = invite.table;
    el("strong", "", `${invite.title} · ${invite.table}`, item);
    el("p", "", t("friends.invited_by", { name: invite.sender }), item);
    const open = el("button", "primary", invite.seat === null ? t("friends.take_seat")
      : t("lobby.open"), item);
    open.type = "button";
    open.dataset.accept = invite.table;
    open.addEventListener("click", async () => {
      open.disabled = true;
      try {
        let token;
        if (invite.seat !== null) {
          token = await openSeat({ table: invite.table, you: invite.seat });
        } else {
          const who = await account();
          const summary = await request("GET",
            `/tables/${encodeURIComponent(invite.table)}?lang=${encodeURIComponent(lang())}`);
          if (!summary.free.length) throw new Error(t("friends.no_seat_left"));
          const claimed = await request("POST",
            `/tables/${encodeURIComponent(invite.table)}/seats/${summary.free[0]}/claim`,
            { name: who.name });
          token = claimed.token;
          keepToken(invite.table, token);
          await request("POST", "/account/seats", { table: invite.table, token });
        }
        await request("DELETE", `/account/invites/${invite.id}`);
        location.href = inviteLink(invite.table, token);
      } catch (error) {
        fail(status, error);
        open.disabled = false;
      }
    });
    const dismiss = el("button", "", t("friends.dismiss"), item);
    dismiss.type = "button";
    dismiss.addEventListener("click", async () => {
      try {
        await request("DELETE", `/account/invites/${invite.id}`);
        await redraw();
      } catch (error) {
        fail(status, error);
      }
    });
  }
}

// -- my games ------------------------------------------------------------------------------

function seatOf(summary, seat) {
  const found = summary.seats.find((s) => s.seat === seat);
  return seatTitle(seat, found ? found.player : null);
}

/** Return what each token this browser keeps opens: [{table, token, entry}] where `entry`
 * is the server's answer (the table's summary with `you` and `host`), leaving out tokens
 * that open nothing. The server answers in the tokens' order, leaving such tokens out, so
 * a table whose tokens did not all answer is asked again one token at a time. */
async function keptEntries(kept) {
  if (!kept.length) return [];
  const answers = await request("POST", `/tables/mine?lang=${encodeURIComponent(lang())}`,
    { tokens: kept });
  const asked = new Map();
  const answered = new Map();
  for (const k of kept) asked.set(k.table, (asked.get(k.table) || 0) + 1);
  for (const a of answers) answered.set(a.table, (answered.get(a.table) || 0) + 1);
  const out = [];
  const queue = [...answers];
  for (const k of kept) {
    if (asked.get(k.table) === answered.get(k.table)) {
      const at = queue.findIndex((a) => a.table === k.table);
      out.push({ table: k.table, token: k.token, entry: queue.splice(at, 1)[0] });
    } else if (answered.get(k.table)) {
      const [entry] = await request("POST", `/tables/mine?lang=${encodeURIComponent(lang())}`,
        { tokens: [k] });
      if (entry) out.push({ table: k.table, token: k.token, entry });
    }
  }
  return out;
}

/** Return a token this browser keeps that plays `seat` of `table`, or null. */
async function keptSeatToken(table, seat) {
  const found = await keptEntries(keptTokens().filter((k) => k.table === table));
  const mine = found.find((f) => f.entry.you === seat);
  return mine ? mine.token : null;
}

/** Open the account's seat at a table on this device: with the token this browser keeps
 * for it, or else a fresh link (the seat's link in another browser then stops working). */
export async function openSeat(entry) {
  let token = await keptSeatToken(entry.table, entry.you);
  if (!token) {
    const opened = await request("POST",
      `/account/seats/${encodeURIComponent(entry.table)}/${entry.you}/open`);
    token = opened.token;
    keepToken(entry.table, token);
  }
  return token;
}

/** The guest seats this browser keeps that the account does not hold yet, each marked
 * `likely` when it is the seat of its table this browser opened last (a creator's browser
 * also keeps the invitations it made for others). */
async function guestSeats(held) {
  const mine = new Set(held.filter((e) => e.held).map((e) => `${e.table}/${e.you}`));
  const tables = new Set(held.filter((e) => e.held).map((e) => e.table));
  const found = [];
  const seen = new Set();
  for (const f of await keptEntries(keptTokens())) {
    if (f.entry.you === null || f.entry.you === undefined) continue;  // a host token
    const key = `${f.table}/${f.entry.you}`;
    if (mine.has(key) || seen.has(key)) continue;
    seen.add(key);
    found.push({ ...f, likely: !tables.has(f.table) });
    tables.add(f.table);
  }
  return found;
}

function gameLine(parent, entry, status) {
  const item = el("li", "", null, parent);
  item.dataset.table = entry.table;
  if (entry.waiting) item.classList.add("waiting");
  el("strong", "", `${entry.title} · ${entry.table}`, item);
  let progress;
  if (!entry.held) progress = t("account.seat_moved");
  else if (entry.waiting) progress = t("account.your_turn");
  else progress = progressText(entry);
  const line = el("p", "", `${t("lobby.as_seat", { seat: seatOf(entry, entry.you) })} · ${progress}`, item);
  if (entry.settings && entry.settings.rated) line.textContent += ` · ${t("account.rated")}`;
  el("p", "", seatsLine(entry), item);
  if (entry.held && !entry.finished) {
    const open = el("button", entry.waiting ? "primary" : "", t("lobby.open"), item);
    open.type = "button";
    open.dataset.open = entry.table;
    open.addEventListener("click", async () => {
      open.disabled = true;
      try {
        location.href = inviteLink(entry.table, await openSeat(entry));
      } catch (error) {
        fail(status, error);
        open.disabled = false;
      }
    });
  } else if (!entry.finished) {
    const watch = el("a", "button", t("lobby.watch"), item);
    watch.href = watchLink(entry.table);
  }
  if (entry.finished) {
    const replay = el("a", "button", t("lobby.replay"), item);
    replay.href = `#/replay/${encodeURIComponent(entry.table)}`;
    replay.dataset.replay = entry.table;
  }
}

/** "My games": every table of the account, the ones waiting for me first; and this
 * browser's guest seats, to bring into the account. */
export function showMine(main) {
  document.title = `${t("account.my_games")} · tavola`;
  const page = el("div", "account-page", null, main);
  page.id = "mine-page";
  el("h1", "", t("account.my_games"), page);
  const status = el("p", "status", null, page);
  status.setAttribute("role", "status");
  const invites = el("section", "account-box invitations", null, page);
  invites.hidden = true;
  const claim = el("section", "account-box claim-seats", null, page);
  claim.hidden = true;
  const games = el("section", "account-box", null, page);
  let closed = false;

  async function draw() {
    const who = await account();
    if (closed) return;
    if (!who) {
      signInFirst(page);
      return;
    }
    await drawInvitations(invites, status, draw);
    const entries = await request("GET", `/account/seats?lang=${encodeURIComponent(lang())}`);
    if (closed) return;
    games.replaceChildren();
    const list = el("ul", "tables", null, games);
    list.id = "my-games";
    if (!entries.length) el("p", "help", t("account.no_games"), games);
    for (const entry of entries) gameLine(list, entry, status);
    const guests = await guestSeats(entries);
    if (closed) return;
    claim.replaceChildren();
    claim.hidden = !guests.length;
    if (guests.length) {
      el("h2", "", t("account.guest_seats"), claim);
      el("p", "help", t("account.guest_seats_help"), claim);
      const list = el("ul", "guest-seats", null, claim);
      const boxes = [];
      for (const guest of guests) {
        const item = el("li", "field check", null, list);
        const box = document.createElement("input");
        box.type = "checkbox";
        box.checked = guest.likely;
        box.id = `guest-${guest.table}-${guest.entry.you}`;
        box.dataset.table = guest.table;
        item.appendChild(box);
        const label = el("label", "", `${guest.entry.title} · ${guest.table} · ${
          t("lobby.as_seat", { seat: seatOf(guest.entry, guest.entry.you) })}`, item);
        label.htmlFor = box.id;
        boxes.push([box, guest]);
      }
      const button = el("button", "primary", t("account.claim"), claim);
      button.type = "button";
      button.id = "claim-seats";
      button.addEventListener("click", async () => {
        button.disabled = true;
        let added = 0;
        const refused = [];
        for (const [box, guest] of boxes) {
          if (!box.checked) continue;
          try {
            await request("POST", "/account/seats", { table: guest.table, token: guest.token });
            added += 1;
          } catch (error) {
            refused.push(error.message);
          }
        }
        said(status, t("account.claimed", { count: num(added) }));
        if (refused.length) fail(status, new Error(refused.join(" · ")));
        await draw();
      });
    }
    page.dataset.ready = "yes";
  }

  draw().catch((error) => fail(status, error));
  return { close() { closed = true; } };
}

function signInFirst(page) {
  const box = el("p", "help", null, page);
  const link = el("a", "", t("account.sign_in_first"), box);
  link.href = "/#/signin";
  page.dataset.ready = "yes";
}

// -- the account page ----------------------------------------------------------------------

/** The account page: who, the data to download, the deletion. */
export function showAccount(main) {
  document.title = `${t("account.page")} · tavola`;
  const page = el("div", "account-page", null, main);
  page.id = "account-page";
  el("h1", "", t("account.page"), page);
  let closed = false;
  account().then((who) => {
    if (closed) return;
    if (!who) {
      signInFirst(page);
      return;
    }
    const facts = el("p", "", t("account.since", {
      name: who.name,
      date: new Intl.DateTimeFormat(lang(), { dateStyle: "long" }).format(new Date(who.created * 1000)),
    }), page);
    facts.id = "account-facts";
    mailSettings(page);

    const data = el("section", "account-box", null, page);
    el("h2", "", t("account.data"), data);
    el("p", "help", t("account.data_help"), data);
    const download = el("a", "button", t("account.download"), data);
    download.href = "/api/v1/account/export";
    download.download = "tavola-account.json";
    download.id = "account-export";

    const secret = el("section", "account-box", null, page);
    el("h2", "", t("account.change_password"), secret);
    const change = el("form", "", null, secret);
    change.id = "change-password";
    const present = input(change, t("account.present_password"), "password", "password",
      "current-password");
    const fresh = input(change, t("account.new_password"), "password", "new_password", "new-password");
    fresh.minLength = 8;
    el("p", "help", t("account.change_password_help"), change);
    const save = el("button", "", t("account.change_password"), change);
    save.type = "submit";
    const saved = el("p", "status", null, change);
    saved.setAttribute("role", "status");
    change.addEventListener("submit", async (event) => {
      event.preventDefault();
      save.disabled = true;
      try {
        await request("POST", "/account/password",
          { password: present.value, new_password: fresh.value });
        present.value = "";
        fresh.value = "";
        said(saved, t("account.password_changed"));
      } catch (error) {
        fail(saved, error);
      } finally {
        save.disabled = false;
      }
    });

    const danger = el("section", "account-box danger", null, page);
    el("h2", "", t("account.delete"), danger);
    el("p", "help", t("account.delete_help"), danger);
    const form = el("form", "", null, danger);
    form.id = "delete-account";
    const password = input(form, t("account.password"), "password", "password", "current-password");
    const submit = el("button", "", t("account.delete_button"), form);
    submit.type = "submit";
    const status = el("p", "status", null, form);
    status.setAttribute("role", "status");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      submit.disabled = true;
      try {
        await request("DELETE", "/account", { password: password.value });
        me = null;
        for (const listener of listeners) listener(me);
        page.replaceChildren();
        el("h1", "", t("account.page"), page);
        el("p", "", t("account.deleted"), page).id = "account-deleted";
        page.dataset.ready = "yes";
      } catch (error) {
        fail(status, error);
        submit.disabled = false;
      }
    });
    page.dataset.ready = "yes";
  }, (error) => fail(el("p", "status", null, page), error));
  return { close() { closed = true; } };
}

// -- profiles and leaderboards -------------------------------------------------------------

/** A rating as the page writes it: mu ± sigma, one decimal each. */
function ratingText(mu, sigma) {
  const one = new Intl.NumberFormat(lang(), { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  // The uncertainty keeps to its sign: a narrow column breaks the line before "±", not after.
  return t("account.rating_value", { mu: one.format(mu), sigma: one.format(sigma) })
    .replace("± ", "±\u00a0");
}

function dateText(seconds) {
  return new Intl.DateTimeFormat(lang(), { dateStyle: "medium" }).format(new Date(seconds * 1000));
}

function table(parent, className, heads) {
  // A narrow screen scrolls the table sideways rather than the page.
  const grid = el("table", className, null, el("div", "table-scroll", null, parent));
  const row = el("tr", "", null, el("thead", "", null, grid));
  for (const head of heads) el("th", "", head, row).scope = "col";
  return el("tbody", "", null, grid);
}

function cells(body, values) {
  const row = el("tr", "", null, body);
  for (const value of values) {
    const cell = el("td", typeof value === "number" ? "number" : "", null, row);
    if (value instanceof Node) cell.appendChild(value);
    else cell.textContent = typeof value === "number" ? num(value) : value;
  }
  return row;
}

function link(text, href) {
  const a = document.createElement("a");
  a.textContent = text;
  a.href = href;
  return a;
}

/** A player's public profile: ratings per game, games played and won, recent games. */
export function showProfile(main, where) {
  const name = where.name || "";
  document.title = `${name} · tavola`;
  const page = el("div", "account-page", null, main);
  page.id = "profile-page";
  el("h1", "", t("account.profile_of", { name }), page);
  const status = el("p", "status", null, page);
  let closed = false;
  request("GET", `/players/${encodeURIComponent(name)}?lang=${encodeURIComponent(lang())}`)
    .then((profile) => {
      if (closed) return;
      page.querySelector("h1").textContent = t("account.profile_of", { name: profile.name });
      el("p", "", t("account.profile_facts", {
        date: dateText(profile.created), played: num(profile.played), won: num(profile.won),
      }), page).id = "profile-facts";
      if (profile.bots_ratings.length) {
        const sum = (key) => profile.bots_ratings.reduce((n, r) => n + r[key], 0);
        el("p", "", t("account.profile_bots_facts", {
          played: num(sum("played")), won: num(sum("won")),
        }), page).id = "profile-bots-facts";
      }
      const ratings = el("section", "account-box", null, page);
      el("h2", "", t("account.ratings"), ratings);
      if (!profile.ratings.length) el("p", "help", t("account.no_ratings"), ratings);
      else {
        const body = table(ratings, "ratings", [t("account.game"), t("account.rating"),
          t("account.played"), t("account.won")]);
        body.id = "profile-ratings";
        for (const r of profile.ratings) {
          cells(body, [link(r.title, `/#/leaders/${encodeURIComponent(r.game)}`),
            ratingText(r.mu, r.sigma), r.played, r.won]).dataset.game = r.game;
        }
        el("p", "help", t("account.rating_help"), ratings);
      }
      const against = el("section", "account-box", null, page);
      against.id = "profile-bots";
      el("h2", "", t("account.bots_ratings"), against);
      if (!profile.bots_ratings.length) el("p", "help", t("account.no_bots_ratings"), against);
      else {
        const body = table(against, "ratings", [t("account.game"), t("account.rating"),
          t("account.played"), t("account.won")]);
        body.id = "profile-bots-ratings";
        for (const r of profile.bots_ratings) {
          cells(body, [link(r.title, `/#/leaders/${encodeURIComponent(r.game)}`),
            ratingText(r.mu, r.sigma), r.played, r.won]).dataset.game = r.game;
        }
        el("p", "help", t("account.bots_rating_help"), against);
      }
      const recent = el("section", "account-box", null, page);
      el("h2", "", t("account.recent"), recent);
      if (!profile.recent.length) el("p", "help", t("account.no_recent"), recent);
      const list = el("ul", "tables", null, recent);
      list.id = "profile-recent";
      for (const game of profile.recent) {
        const item = el("li", "", null, list);
        item.dataset.table = game.table;
        el("strong", "", `${game.title} · ${dateText(game.created)}`, item);
        let line = t("account.seat_of", { seat: game.label, players: num(game.players) });
        if (game.rated) {
          line += ` · ${t(game.ladder === "bots" ? "account.rated_bots" : "account.rated")} · ${
            game.abandoned ? t("account.abandoned") : t("account.place", { rank: num(game.rank) })}`;
          if (game.change !== null) {
            const change = new Intl.NumberFormat(lang(), { maximumFractionDigits: 1,
              minimumFractionDigits: 1, signDisplay: "exceptZero" }).format(game.change);
            line += ` · ${t("account.change", { change })}`;
          }
        }
        el("p", "", line, item);
        const replay = el("a", "button", t("lobby.replay"), item);
        replay.href = game.replay;
        replay.dataset.replay = game.table;
      }
      page.dataset.ready = "yes";
    }, (error) => {
      fail(status, error);
      page.dataset.ready = "yes";
    });
  return { close() { closed = true; } };
}

/** A game's leaderboard, with a choice of game. */
export function showLeaders(main, where) {
  document.title = `${t("account.leaders")} · tavola`;
  const page = el("div", "account-page", null, main);
  page.id = "leaders-page";
  el("h1", "", t("account.leaders"), page);
  const status = el("p", "status", null, page);
  let closed = false;
  request("GET", `/games?lang=${encodeURIComponent(lang())}`).then(async (games) => {
    if (closed || !games.length) return;
    const game = games.find((g) => g.name === where.name) || games[0];
    const chooser = el("div", "field", null, page);
    const select = document.createElement("select");
    select.id = "leaders-game";
    for (const g of games) {
      const option = el("option", "", g.title, select);
      option.value = g.name;
    }
    select.value = game.name;
    const label = el("label", "", t("account.game"), chooser);
    label.htmlFor = select.id;
    chooser.appendChild(select);
    select.addEventListener("change", () => {
      location.hash = `#/leaders/${encodeURIComponent(select.value)}`;
    });
    const query = `lang=${encodeURIComponent(lang())}`;
    const [board, vsBots, bots] = await Promise.all([
      request("GET", `/games/${encodeURIComponent(game.name)}/leaders?${query}`),
      request("GET", `/games/${encodeURIComponent(game.name)}/leaders?ladder=bots&${query}`),
      request("GET", `/ratings/bots?${query}`)]);
    if (closed) return;
    const box = el("section", "account-box", null, page);
    el("h2", "", t("account.people_ladder", { game: board.title }), box);
    if (!board.leaders.length) el("p", "help", t("account.no_leaders"), box);
    else {
      const body = table(box, "leaders", [t("account.place_head"), t("account.player"),
        t("account.rating"), t("account.played"), t("account.won")]);
      body.id = "leaders";
      for (const r of board.leaders) {
        cells(body, [r.place, link(r.name, `/#/profile/${encodeURIComponent(r.name)}`),
          ratingText(r.mu, r.sigma), r.played, r.won]).dataset.name = r.name;
      }
      el("p", "help", t("account.leaders_help"), box);
    }
    showBotsLadder(page, vsBots, bots.games.find((g) => g.game === game.name));
    page.dataset.ready = "yes";
  }).catch((error) => {
    fail(status, error);
    page.dataset.ready = "yes";
  });
  return { close() { closed = true; } };
}

/** The vs-bots ladder of a game and the bots' fixed ratings it is measured against. */
function showBotsLadder(page, board, bots) {
  const box = el("section", "account-box bots-ladder", null, page);
  box.id = "bots-ladder";
  el("h2", "", t("account.bots_ladder", { game: board.title }), box);
  if (!board.leaders.length) el("p", "help", t("account.no_bots_leaders"), box);
  else {
    const body = table(box, "leaders", [t("account.place_head"), t("account.player"),
      t("account.rating"), t("account.played"), t("account.won")]);
    body.id = "bots-leaders";
    for (const r of board.leaders) {
      cells(body, [r.place, link(r.name, `/#/profile/${encodeURIComponent(r.name)}`),
        ratingText(r.mu, r.sigma), r.played, r.won]).dataset.name = r.name;
    }
  }
  el("p", "help", t("account.bots_ladder_help"), box);
  const fixed = el("section", "account-box", null, page);
  fixed.id = "bot-ratings";
  el("h2", "", t("account.bot_ratings"), fixed);
  if (!bots || !bots.levels.length) {
    el("p", "help", t("account.no_bot_ratings"), fixed);
    return;
  }
  const body = table(fixed, "ratings", [t("account.level"), t("account.rating"),
    t("account.measured")]);
  body.id = "bot-ratings-body";
  for (const r of bots.levels) {
    const level = t(`botname.${r.level}`) + (r.by_clock ? " *" : "");
    cells(body, [level, ratingText(r.mu, r.sigma), r.games]).dataset.level = r.level;
  }
  el("p", "help", t("account.bot_ratings_help"), fixed);
  if (bots.levels.some((r) => r.by_clock)) el("p", "help", t("account.by_clock"), fixed);
}

/** The account pages by route name. */
export const ACCOUNT_PAGES = {
  signin: showSignIn, mine: showMine, account: showAccount, profile: showProfile,
  leaders: showLeaders, ...MAIL_PAGES,
};

/** Come back to this address after signing in (a turn notice's link). */
export function rememberBack() {
  sessionStorage.setItem(BACK, location.href);
}
