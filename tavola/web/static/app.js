// The page's entry point: the header (language, sound), and the routes.
//   /                       the lobby (also #/)
//   /play/TABLE#token=T     a seat's invitation link (the protocol's format)
//   /play/TABLE             watching a table as a spectator
//   #/table/TABLE?token=T   the same table page, from within the page
//   #/replay/TABLE?token=T  the replay viewer of a finished game (the token is needed only
//                           where the table has no spectators)
//   #/signin, #/mine, #/account, #/profile/NAME, #/leaders/GAME   accounts (accounts.js)

import { ACCOUNT_PAGES, accountMenu } from "./accounts.js";
import { showOperators } from "./operators.js";
import { watchTurns } from "./turns.js";
import { detect, noWords, setLang, lang, translate, t } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showReplay } from "./replay.js";
import { showTable } from "./table.js";

let current = null;

/** Return the route the address names: {page: "lobby"}, {page: "table", table, token} or
 * {page: "replay", table, token}. */
const SIGNED_PAGES = { ...ACCOUNT_PAGES, operators: showOperators };

export function route() {
  const path = location.pathname.match(/^\/play\/([^/]+)\/?$/);
  const hash = location.hash;
  if (path) {
    const params = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
    return { page: "table", table: decodeURIComponent(path[1]), token: params.get("token") };
  }
  const inner = hash.match(/^#\/(table|replay)\/([^?]+)(?:\?(.*))?$/);
  if (inner) {
    const params = new URLSearchParams(inner[3] || "");
    return { page: inner[1], table: decodeURIComponent(inner[2]), token: params.get("token") };
  }
  const accounts = hash.match(/^#\/([a-z]+)(?:\/([^?]*))?$/);
  if (accounts && Object.hasOwn(SIGNED_PAGES, accounts[1])) {
    return { page: accounts[1], name: decodeURIComponent(accounts[2] || "") };
  }
  return { page: "lobby" };
}

function show() {
  const main = document.getElementById("main");
  if (current && current.close) current.close();
  current = null;
  main.replaceChildren();
  const where = route();
  const pages = { table: showTable, replay: showReplay, ...SIGNED_PAGES };
  current = Object.hasOwn(pages, where.page) ? pages[where.page](main, where) : showLobby(main);
}

function header() {
  const select = document.getElementById("lang");
  select.value = lang();
  select.addEventListener("change", async () => {
    const wanted = select.value;
    const name = select.selectedOptions[0].textContent;
    try {
      await setLang(wanted, true);
    } catch (error) {
      // The words in use stay; the failure is said in them.
      select.value = lang();
      failed(t("lang.failed", { language: name, reason: error.reason ?? error.message }));
      return;
    }
    document.getElementById("words-failed").hidden = true;
    translate(document);
    if (current && current.relabel) current = current.relabel();
    else show();
  });
  const sound = document.getElementById("sound");
  sound.checked = localStorage.getItem("tavola.sound") === "on";
  sound.addEventListener("change", () => {
    localStorage.setItem("tavola.sound", sound.checked ? "on" : "off");
  });
  document.getElementById("skip").addEventListener("click", (event) => {
    // A fragment link would replace the route (and an invitation's token) in the address.
    event.preventDefault();
    document.getElementById("main").focus();
  });
}

/** Show that the page's words could not be had (the page stays as it was). */
function failed(line) {
  const box = document.getElementById("words-failed");
  box.textContent = line;
  box.hidden = false;
}

const wanted = detect();
try {
  await setLang(wanted, false);
} catch (error) {
  // No words arrived: the line comes with the page, in the language wanted, and the rest
  // of the page stays hidden (style.css, html.wordless) rather than show keys.
  failed(noWords(wanted, error.reason ?? error.message));
  throw error;
}
translate(document);
document.documentElement.classList.remove("wordless");
header();
accountMenu();
watchTurns();
window.addEventListener("hashchange", () => {
  const where = route();
  // An invitation page keeps its own fragment (the token); only page routes redraw.
  if (location.pathname.startsWith("/play/") && where.page === "table" && current
      && current.table === where.table) return;
  show();
});
document.title = t("title.lobby");
show();
