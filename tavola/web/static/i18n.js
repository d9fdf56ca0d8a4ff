// The page's words: looking them up, plurals, numbers and the language in use. The words
// themselves are not here: the server sends one language's table at a time, compiled from
// the `web` gettext catalogs (GET /i18n/LANG.json, tavola/web/words.py), and names the
// languages it speaks in the page's language switch (index.html, filled by the server).
// The language is chosen from the browser's languages unless the switch picked one
// (remembered). Log lines, prompts, action labels, seat names and help topics come from
// the server too, which renders them in the language the page asks for (api.js).

const KEY = "tavola.lang";

let current = "";
let words = {};
let counted = {};
let plurals = null;
let numbers = null;
const followers = new Set();

/** Call `redraw` each time the page's words change to another language's (after they have
 * arrived: a listener on the switch itself would redraw in the old words). */
export function onLang(redraw) {
  followers.add(redraw);
}
// Each game's board words, by game and then by the member of its table ("title", "words",
// ...) and language: the board modules hold these objects (`boardWords`), and every language
// loaded fills its own member of them, so a module loaded before a language still reads it.
const boards = {};

/** Return the codes of the languages the server speaks, as its language switch lists them. */
export function languages() {
  return [...document.querySelectorAll("#lang option")].map((option) => option.value);
}

/** Return the language to use: the remembered choice, else the browser's first the server
 * speaks, else English. */
export function detect() {
  const offered = languages();
  const kept = localStorage.getItem(KEY);
  if (offered.includes(kept)) return kept;
  const wanted = navigator.languages && navigator.languages.length
    ? navigator.languages : [navigator.language || "en"];
  for (const tag of wanted) {
    const base = String(tag).split("-")[0].toLowerCase();
    if (offered.includes(base)) return base;
  }
  return "en";
}

/** The error of words that cannot be had: its `reason` is what went wrong (a status, the
 * server's refusal, the network's error), for a line in the page's own words. */
function unloaded(code, reason) {
  const error = new Error(`the page's words in "${code}" could not be loaded: ${reason}`);
  error.reason = reason;
  return error;
}

/** Fetch the words of `code` from the server and use them from now on (and remember the
 * language when the person chose it). Rejects, changing nothing, when they cannot be had. */
export async function setLang(code, remember) {
  let response;
  try {
    response = await fetch(`/i18n/${encodeURIComponent(code)}.json`);
  } catch (error) {
    throw unloaded(code, error.message);
  }
  if (!response.ok) {
    let line = `HTTP ${response.status}`;
    try {
      line = (await response.json()).error || line;
    } catch {
      // not a refusal of the server's: the status says what there is to say
    }
    throw unloaded(code, line);
  }
  const table = await response.json();
  current = table.lang;
  words = table.words;
  counted = table.counted;
  for (const [game, members] of Object.entries(table.games)) {
    for (const [member, value] of Object.entries(members)) {
      ((boards[game] ??= {})[member] ??= {})[current] = value;
    }
  }
  plurals = new Intl.PluralRules(current);
  numbers = new Intl.NumberFormat(current);
  document.documentElement.lang = current;
  if (remember) localStorage.setItem(KEY, current);
  for (const redraw of followers) redraw();
}

export function lang() {
  return current;
}

/** Return a member of a game's board words ("title", "words", ... as the game's
 * `PAGE_BOARD` table in its text.py names them) keyed by language: `{en: ..., it: ...}`, for
 * every language the page has loaded so far (and the object is filled as more are loaded).
 * The words come from the game's catalogs with the page's, so a board module holds none. */
export function boardWords(game, member) {
  return ((boards[game] ??= {})[member] ??= {});
}

/** Return the line saying that the words of `code` could not be had at all, in that
 * language: the server writes it into the language switch (`data-none`), since no words have
 * arrived to say it with. */
export function noWords(code, reason) {
  const option = [...document.querySelectorAll("#lang option")].find((o) => o.value === code);
  return fill(option.dataset.none, { reason });
}

/** Whether the tables hold `key`. */
export function has(key) {
  return Object.hasOwn(words, key);
}

/** Return a bot's name as a player reads it, from the server's spec of it ("medium",
 * "ismcts:seconds=0.1"): its level's (or kind's) name in the page's language, never the
 * spec's options; a bot the page has no name for is named by its spec's name alone. */
export function botName(spec) {
  const name = String(spec || "").split(":")[0];
  return has(`botname.${name}`) ? t(`botname.${name}`) : name;
}

function fill(text, vars) {
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in vars ? String(vars[name]) : all));
}

/** Return the text of `key` in the page's language, with {name} replaced from `vars` (a key
 * the tables lack shows as itself, and the tests look for such keys on the page). */
export function t(key, vars = {}) {
  return fill(Object.hasOwn(words, key) ? words[key] : key, vars);
}

/** Return the text of the counted `key` in the form that agrees with `count` (the
 * browser's CLDR plural rules of the page's language), with {name} replaced from `vars`. */
export function tn(key, count, vars = {}) {
  if (!Object.hasOwn(counted, key)) return fill(key, vars);
  const forms = counted[key];
  return fill(forms[plurals.select(count)] ?? forms.other, vars);
}

/** Return a number written the page language's way. */
export function num(n) {
  return numbers.format(n);
}

/** Put the words into every element of `root` that names a key (data-i18n). */
export function translate(root) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
}
