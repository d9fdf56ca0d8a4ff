// Turn notices on every open page of a signed-in account (docs/web.md, "Accounts"): the
// lobby, "My games", a profile or another table. Every 30 seconds the page asks for the
// account's tables; while some wait for the account's seat, the tab's title begins with
// their number ("(2) …") and a bar under the header names them, each with a link that opens
// the seat; a table that starts waiting plays the turn sound (if the header's "Sound on my
// turn" is on). The table page itself shows its own table's turn: that one is left out.

import { request } from "./api.js";
import { account, onAccount } from "./accounts.js";
import { t, lang, onLang } from "./i18n.js";
import { el } from "./lobby.js";

const EVERY_MS = 30000;
const PREFIX = /^\(\d+\) /;

let timer = null;
let waiting = [];          // the tables waiting for the account's seat, as last asked
let known = null;          // their ids at the last ask (null: not asked yet)
const DISMISSED = "tavola.turns.dismissed";
// The tables whose notice the person closed in this tab (until they stop waiting).
let dismissed = new Set(JSON.parse(sessionStorage.getItem(DISMISSED) || "[]"));

function keepDismissed() {
  sessionStorage.setItem(DISMISSED, JSON.stringify([...dismissed]));
}

/** A short tone: the turn sound (a courtesy; the title and the notice say it too). */
export function beep() {
  try {
    const AudioContext = window.AudioContext || window.webkitAudioContext;
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
    tone.onended = () => audio.close();
  } catch {
    // No sound: nothing else depends on it.
  }
}

/** The table the page shows now (its own turn line covers it), or null. */
function shownTable() {
  const path = location.pathname.match(/^\/play\/([^/]+)\/?$/);
  if (path) return decodeURIComponent(path[1]);
  const inner = location.hash.match(/^#\/table\/([^?]+)/);
  return inner ? decodeURIComponent(inner[1]) : null;
}

function others() {
  const here = shownTable();
  return waiting.filter((entry) => entry.table !== here);
}

/** Put the number of waiting tables in front of the tab's title (the pages set their
 * own titles; this keeps the prefix on them). */
function drawTitle() {
  const count = others().length;
  const bare = document.title.replace(PREFIX, "");
  const titled = count ? `(${count}) ${bare}` : bare;
  if (document.title !== titled) document.title = titled;
}

function drawNotice() {
  let bar = document.getElementById("turn-notice");
  const shown = others().filter((entry) => !dismissed.has(entry.table));
  if (!shown.length) {
    if (bar) bar.remove();
    return;
  }
  if (!bar) {
    bar = document.createElement("aside");
    bar.id = "turn-notice";
    bar.className = "turn-notice";
    bar.setAttribute("role", "status");
    bar.setAttribute("aria-live", "polite");
    document.querySelector("header.top").after(bar);
  }
  bar.replaceChildren();
  el("strong", "", t("turns.waiting"), bar);
  const list = el("ul", "", null, bar);
  for (const entry of shown) {
    const item = el("li", "", null, list);
    item.dataset.table = entry.table;
    const link = el("a", "", t("turns.open", { game: entry.title, table: entry.table }), item);
    link.href = `/#/open/${encodeURIComponent(entry.table)}/${entry.you}`;
  }
  const close = el("button", "", t("turns.dismiss"), bar);
  close.type = "button";
  close.addEventListener("click", () => {
    for (const entry of shown) dismissed.add(entry.table);
    keepDismissed();
    drawNotice();
  });
}

function draw() {
  drawTitle();
  drawNotice();
}

async function ask() {
  let entries;
  try {
    entries = await request("GET", `/account/seats?lang=${encodeURIComponent(lang())}`);
  } catch {
    return;  // signed out meanwhile, or the server is away: the next ask tries again
  }
  waiting = entries.filter((entry) => entry.waiting && entry.held && !entry.finished);
  const ids = new Set(waiting.map((entry) => entry.table));
  dismissed = new Set([...dismissed].filter((id) => ids.has(id)));
  keepDismissed();
  const fresh = known === null ? [] : others().filter((entry) => !known.has(entry.table));
  known = ids;
  draw();
  if (fresh.length && localStorage.getItem("tavola.sound") === "on") beep();
}

function stop() {
  if (timer !== null) clearInterval(timer);
  timer = null;
  waiting = [];
  known = null;
  draw();
}

/** Watch the signed-in account's turns on this page (again whenever who is signed in
 * changes); the title and the notice follow the page's routes. */
export function watchTurns() {
  const follow = (who) => {
    stop();
    if (!who) return;
    ask();
    timer = setInterval(ask, EVERY_MS);
  };
  onAccount(follow);
  account().then(follow, () => {});
  window.addEventListener("hashchange", () => setTimeout(draw, 0));
  onLang(() => setTimeout(draw, 0));
  new MutationObserver(() => drawTitle()).observe(document.querySelector("title"),
    { childList: true });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && timer !== null) ask();
  });
}
