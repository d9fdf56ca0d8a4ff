// The server, as the page talks to it: the HTTP routes and one websocket per table
// (docs/protocol.md). Every refusal becomes an Error whose message is the server's line, in
// the page's language (every route is asked with `?lang=`), with its `code` and `args`.
// Texts rendered from a game (log lines, prompts, labels, seat names, help) are asked for
// in the page's language: `lang` in the websocket's hello and on the HTTP routes.

import { lang } from "./i18n.js";

const API = "/api/v1";
const TOKENS = "tavola.tokens";

/** Return `path` asking for the page's language (refusals are written in it). */
function withLang(path) {
  return path.includes("?") ? path : `${path}?lang=${encodeURIComponent(lang())}`;
}

/** Return an Error carrying a server's refusal: its line, code and arguments. */
function refusal(data, status) {
  const error = new Error(data && typeof data.error === "string" ? data.error : `HTTP ${status}`);
  error.code = data && typeof data.code === "string" ? data.code : null;
  error.args = data && data.args && typeof data.args === "object" ? data.args : {};
  return error;
}

/** Fetch a JSON route; throw an Error carrying the server's one-line refusal. */
export async function request(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const answer = await fetch(API + withLang(path), {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await answer.json();
  } catch {
    data = null;
  }
  if (!answer.ok) throw refusal(data, answer.status);
  return data;
}

/** Return a query string: the page's language and `params` (null values left out). */
function query(params = {}) {
  const search = new URLSearchParams({ lang: lang() });
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) search.set(key, String(value));
  }
  return `?${search}`;
}

const tablePath = (id) => `/tables/${encodeURIComponent(id)}`;

export const api = {
  games: () => request("GET", `/games${query()}`),
  /** The game's names of the seats of a table of `players` with `options`. */
  seatNames: (game, players, options) => request("GET",
    `/games/${encodeURIComponent(game)}/seats${query({ players, options: JSON.stringify(options) })}`),
  lobby: () => request("GET", `/tables${query()}`),
  table: (id) => request("GET", `${tablePath(id)}${query()}`),
  create: (body) => request("POST", "/tables", body),
  join: (id, token, name) => request("POST", `${tablePath(id)}/join`, { token, name }),
  claim: (id, seat, name) => request("POST", `${tablePath(id)}/seats/${seat}/claim`, { name }),
  mine: (tokens) => request("POST", `/tables/mine${query()}`, { tokens }),
  /** A game's rules help in the page's language (`players`: null for the most). */
  help: (game, players = null) =>
    request("GET", `/games/${encodeURIComponent(game)}/help${query({ players })}`),
  /** The rules help of one table's game, as played there. */
  tableHelp: (id) => request("GET", `${tablePath(id)}/help${query()}`),
  /** A finished game after `step` actions as `seat` saw it (null: a spectator). */
  replay: (id, step, seat, token) =>
    request("GET", `${tablePath(id)}/replay${query({ step, seat })}`, undefined, token),
  /** The game file of a finished table, as the server's own text: a seed is a 64-bit
   * number, which JavaScript's numbers would round, so it is never parsed here. */
  recordText: async (id, token) => {
    const headers = token ? { Authorization: `Bearer ${token}` } : {};
    const answer = await fetch(`${API}${withLang(`${tablePath(id)}/record`)}`, { headers });
    const text = await answer.text();
    if (!answer.ok) {
      let data = null;
      try {
        data = JSON.parse(text);
      } catch {
        // Not JSON: the status says enough.
      }
      throw refusal(data, answer.status);
    }
    return text;
  },
  /** Play again: the rematch of a finished table (the same one for every player who
   * asks), answered with this seat's place and token there. */
  rematch: (id, token) => request("POST", `${tablePath(id)}/rematch`, undefined, token),
};

/** Return the tokens this browser keeps: [{table, token}], newest first. */
export function keptTokens() {
  try {
    const list = JSON.parse(localStorage.getItem(TOKENS) || "[]");
    return Array.isArray(list)
      ? list.filter((t) => t && typeof t.table === "string" && typeof t.token === "string")
      : [];
  } catch {
    return [];
  }
}

/** Keep a token for "my tables" (at most 200, as the server reads). */
export function keepToken(table, token) {
  const list = keptTokens().filter((t) => !(t.table === table && t.token === token));
  list.unshift({ table, token });
  localStorage.setItem(TOKENS, JSON.stringify(list.slice(0, 200)));
}

/** Forget every token of a table. */
export function forgetTable(table) {
  localStorage.setItem(TOKENS, JSON.stringify(keptTokens().filter((t) => t.table !== table)));
}

/** Return the invitation link of a seat token, in the protocol's format. */
export function inviteLink(table, token) {
  return `${location.origin}/play/${encodeURIComponent(table)}#token=${encodeURIComponent(token)}`;
}

/** Return a spectator's link to a table. */
export function watchLink(table) {
  return `${location.origin}/play/${encodeURIComponent(table)}`;
}

/**
 * One table's websocket: says hello with the token, hands every frame to `onFrame`,
 * and connects again after a drop (the same token rejoins the same seat).
 */
export class TableSocket {
  constructor(table, token, { onFrame, onStatus }) {
    this.table = table;
    this.token = token;
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    this.ws = null;
    this.closed = false;
    this.welcomed = false;
    this.refused = false;
    this.retry = 0;
    this.timer = null;
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    // ?lang= names the language of a refusal sent before the hello (an unknown table)
    const url = `${scheme}//${location.host}${API}/tables/${encodeURIComponent(this.table)}` +
      `/ws?lang=${encodeURIComponent(lang())}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    this.welcomed = false;
    this.onStatus("connecting");
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "hello", protocol: 1, token: this.token || null,
        lang: lang() }));
    });
    ws.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (frame.type === "welcome") {
        this.welcomed = true;
        this.retry = 0;
        this.onStatus("connected");
      } else if (frame.type === "error" && (!this.welcomed || frame.code === "table_ended")) {
        // A refused hello: the same token would be refused again (an ended table too).
        this.refused = true;
      }
      this.onFrame(frame);
    });
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return;
      if (this.closed || this.refused) {
        this.onStatus(this.refused ? "refused" : "closed");
        return;
      }
      const wait = Math.min(10, 2 ** this.retry);
      this.retry += 1;
      this.onStatus("reconnecting", wait);
      this.timer = setTimeout(() => this.open(), wait * 1000);
    });
  }

  /** Take over a connected socket: its frames and statuses go to new handlers. */
  handOver({ onFrame, onStatus }) {
    this.onFrame = onFrame;
    this.onStatus = onStatus;
  }

  /** Ask for every text in `code` from now on (a reconnection says it in its hello). */
  setLang(code) {
    return this.send({ type: "lang", lang: code });
  }

  /** Send one frame; false if the connection is not open. */
  send(frame) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close(1000);
  }
}
