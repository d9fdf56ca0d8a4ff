// The rules panel: every help topic of a game (each card, piece, space and track, and what
// it does) with its explanation, in the page's language, from the server's help routes
// (docs/protocol.md: GET /api/v1/games/{name}/help, GET /api/v1/tables/{id}/help).
// Opened from the lobby's game cards, the table page and the replay viewer; the table's
// choices list also finds the topic a choice's label names, for a short help beside it.

import { api } from "./api.js";
import { t, lang } from "./i18n.js";

const cache = new Map();

/** Create an element with a class and text (always as text, never as HTML). */
function make(tag, className = "", text = null, parent = null) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

/**
 * Return (once per source and language) the help of `source`: {table: id} for a table's
 * game as played there, or {game: name, players: n|null} for a game.
 */
export function helpOf(source) {
  const key = JSON.stringify([source.table ?? null, source.game ?? null,
    source.players ?? null, lang()]);
  if (!cache.has(key)) {
    const asked = source.table ? api.tableHelp(source.table)
      : api.help(source.game, source.players ?? null);
    // A failure is not kept: the next opening asks again.
    cache.set(key, asked.catch((error) => {
      cache.delete(key);
      throw error;
    }));
  }
  return cache.get(key);
}

const LETTER = "[\\p{L}\\p{N}]";

/** Return the help topic whose name `label` mentions (the longest such name), or null. */
export function topicIn(label, help) {
  if (!help || !label) return null;
  let best = null;
  for (const entry of help.topics) {
    // A card's topic names its role after it ("jewels (raid)"): a label names the card.
    const name = entry.topic.replace(/\s*\([^)]*\)$/, "");
    if (name.length < 3 || (best && best.name.length >= name.length)) continue;
    if (new RegExp(`(?<!${LETTER})${spelled(name)}(?!${LETTER})`, "iu").test(label)) {
      best = { ...entry, name };
    }
  }
  return best;
}

/** Return the pattern of a topic's name as a label may write it: as it is, or in Polish in
 * any case ("doradca skarbowy" in "wyślij doradcę skarbowego", "komnata" in "komnacie"):
 * each word of four letters or more by its stem and a short ending. */
function spelled(name) {
  const words = name.split(/\s+/).map((word) => {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    if (lang() !== "pl" || !/^\p{L}{4,}$/u.test(word)) return escaped;
    // A long word loses two letters ("komnata", "komnacie"), a short one its final vowel.
    const cut = word.length >= 6 ? 2 : (/[aeiouyąę]$/iu.test(word) ? 1 : 0);
    const stem = word.slice(0, word.length - cut);
    return `${stem}\\p{L}{0,4}`;
  });
  return words.join("\\s+");
}

/** Return the first sentence of a topic's explanation: the short help beside a choice. */
export function shortHelp(text) {
  const match = text.match(/^.*?[.!?](?=\s|$)/u);
  return match ? match[0] : text;
}

/** The summary line of a game: the game's own description, in the page's language where
 * the game has one (the server says which language it is in). */
function summaryLine(parent, help) {
  const line = make("p", "summary", help.summary.text, parent);
  line.lang = help.summary.lang;
  return line;
}

/**
 * Open the rules panel of `source` (see `helpOf`), over the page, optionally at one topic.
 * Escape or the close button closes it and gives the focus back.
 */
export async function openRules(source, focusTopic = null) {
  const before = document.activeElement;
  document.getElementById("rules")?.remove();
  const dialog = make("dialog", "rules", null, document.body);
  dialog.id = "rules";
  dialog.setAttribute("aria-labelledby", "rules-title");
  const head = make("div", "rules-head", null, dialog);
  const title = make("h2", "", t("rules.title"), head);
  title.id = "rules-title";
  const close = make("button", "", t("rules.close"), head);
  close.type = "button";
  close.id = "rules-close";
  close.addEventListener("click", () => dialog.close());
  // Escape closes the panel from anywhere in it (a search box would only clear itself).
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    dialog.close();
  });
  dialog.addEventListener("close", () => {
    dialog.remove();
    if (before && typeof before.focus === "function") before.focus();
  });
  const body = make("div", "rules-body", null, dialog);
  const status = make("p", "help", t("rules.loading"), body);
  status.setAttribute("role", "status");
  dialog.showModal();
  let help;
  try {
    help = await helpOf(source);
  } catch (error) {
    status.textContent = t("error.line", { message: error.message });
    status.classList.add("bad");
    return dialog;
  }
  if (!dialog.isConnected) return dialog;
  title.textContent = t("rules.title_of", { game: help.title });
  status.remove();
  summaryLine(body, help);
  const find = document.createElement("input");
  find.type = "search";
  find.id = "rules-find";
  find.autocomplete = "off";
  const findLabel = make("label", "", t("rules.find"), body);
  findLabel.htmlFor = find.id;
  body.appendChild(find);
  const list = make("dl", "topics", null, body);
  list.id = "rules-topics";
  const rows = help.topics.map((entry, i) => {
    const term = make("dt", "", entry.topic, list);
    term.id = `topic-${i}`;
    term.dataset.topic = entry.topic;
    term.tabIndex = -1;
    const text = make("dd", "", entry.text, list);
    return { entry, term, text };
  });
  const none = make("p", "help", t("rules.none"), body);
  none.hidden = true;
  find.addEventListener("input", () => {
    const wanted = find.value.trim().toLocaleLowerCase(lang());
    let shown = 0;
    for (const row of rows) {
      const hit = !wanted || row.entry.topic.toLocaleLowerCase(lang()).includes(wanted)
        || row.entry.text.toLocaleLowerCase(lang()).includes(wanted);
      row.term.hidden = !hit;
      row.text.hidden = !hit;
      if (hit) shown += 1;
    }
    none.hidden = shown > 0;
  });
  dialog.dataset.ready = "yes";
  const at = focusTopic === null ? null : rows.find((row) => row.entry.topic === focusTopic);
  if (at) {
    at.term.classList.add("chosen");
    at.text.classList.add("chosen");
    at.term.scrollIntoView({ block: "center" });
    at.term.focus();
  } else {
    find.focus();
  }
  return dialog;
}

/** Make a "Rules" button that opens the rules panel of `source`. */
export function rulesButton(parent, source, text = t("rules.open")) {
  const button = make("button", "rules-open", text, parent);
  button.type = "button";
  button.addEventListener("click", () => openRules(typeof source === "function" ? source() : source));
  return button;
}
