// The operators' tools in the page (docs/web.md, "Operators"), offered only to a signed-in
// account that is a server operator (the server refuses everyone else whatever the page
// shows):
//   #/operators       the accounts, each with a button to disable or enable it
// and, at a table, a button beside each chat line a person wrote to remove it, and one to
// end the table while it is unfinished (`tableTools`).

import { request } from "./api.js";
import { account } from "./accounts.js";
import { t, lang } from "./i18n.js";
import { el, fail, said } from "./lobby.js";

/** The operators' page: the accounts, by name, each with its flags and a button. */
export function showOperators(main) {
  document.title = `${t("operators.page")} · tavola`;
  const page = el("div", "account-page operators-page", null, main);
  page.id = "operators-page";
  el("h1", "", t("operators.page"), page);
  const status = el("p", "status", "", page);
  status.setAttribute("role", "status");
  let closed = false;
  const dateOf = (seconds) => new Intl.DateTimeFormat(lang(), { dateStyle: "medium" })
    .format(new Date(seconds * 1000));
  const draw = (rows, me) => {
    const box = el("section", "account-box", null, page);
    el("h2", "", t("operators.accounts"), box);
    el("p", "help", t("operators.accounts_help"), box);
    const grid = el("table", "operators", null, box);
    const head = el("tr", "", null, el("thead", "", null, grid));
    for (const key of ["account.player", "operators.created", "operators.seats",
      "operators.state", ""]) {
      el("th", "", key ? t(key) : "", head).scope = "col";
    }
    const body = el("tbody", "", null, grid);
    body.id = "operators-accounts";
    for (const row of rows) {
      const line = el("tr", "", null, body);
      line.dataset.name = row.name;
      el("th", "", row.name, line).scope = "row";
      el("td", "", dateOf(row.created), line);
      el("td", "num", String(row.seats), line);
      const state = el("td", "", "", line);
      const cell = el("td", "", null, line);
      const button = el("button", "", "", cell);
      button.type = "button";
      const show = () => {
        state.textContent = [row.operator ? t("operators.operator") : null,
          row.disabled ? t("operators.disabled") : t("operators.active")]
          .filter(Boolean).join(" · ");
        button.textContent = row.disabled ? t("operators.enable") : t("operators.disable");
        button.setAttribute("aria-label", `${button.textContent}: ${row.name}`);
        button.disabled = row.name === me.name && !row.disabled;
      };
      show();
      button.addEventListener("click", async () => {
        button.disabled = true;
        try {
          const answer = await request("POST",
            `/admin/accounts/${encodeURIComponent(row.name)}/disabled`,
            { disabled: !row.disabled });
          row.disabled = answer.disabled;
          said(status, t(row.disabled ? "operators.done_disabled" : "operators.done_enabled",
            { name: row.name }));
        } catch (error) {
          fail(status, error);
        }
        show();
      });
    }
  };
  account().then(async (who) => {
    if (closed) return;
    if (!who || !who.operator) {
      el("p", "help", t("operators.only"), page);
      page.dataset.ready = "yes";
      return;
    }
    const rows = await request("GET", "/admin/accounts");
    if (closed) return;
    draw(rows, who);
    page.dataset.ready = "yes";
  }).catch((error) => {
    fail(status, error);
    page.dataset.ready = "yes";
  });
  return { close() { closed = true; } };
}

/** At a table: the operators' tools, if the signed-in account is an operator. `view` is
 * the table's page (its `id`, `chatList`, `chat` map and `status` line); returns an object
 * whose `decorate(item, frame)` adds the removal button to a chat line. */
export function tableTools(view, holder) {
  const tools = { on: false, decorate() {} };
  account().then((who) => {
    if (!who || !who.operator) return;
    tools.on = true;
    const box = el("section", "operator-tools", null, holder);
    box.id = "operator-tools";
    el("h2", "", t("operators.tools"), box);
    const end = el("button", "danger", t("operators.end_table"), box);
    end.type = "button";
    end.id = "operator-end-table";
    const status = el("p", "status", "", box);
    status.setAttribute("role", "status");
    end.addEventListener("click", async () => {
      if (!window.confirm(t("operators.end_confirm"))) return;
      end.disabled = true;
      try {
        await request("DELETE", `/admin/tables/${encodeURIComponent(view.id)}`);
        said(status, t("operators.ended"));
      } catch (error) {
        fail(status, error);
        end.disabled = false;
      }
    });
    tools.decorate = (item, frame) => {
      if (frame.event) return;  // a game's posted event is part of the game
      const remove = el("button", "remove-line", "×", item);
      remove.type = "button";
      remove.title = t("operators.remove_line");
      remove.setAttribute("aria-label", t("operators.remove_line"));
      remove.addEventListener("click", async () => {
        remove.disabled = true;
        try {
          await request("DELETE",
            `/admin/tables/${encodeURIComponent(view.id)}/chat/${frame.id}`);
        } catch (error) {
          fail(status, error);
          remove.disabled = false;
        }
      });
    };
    for (const item of view.chatList.querySelectorAll("li[data-id]")) {
      const frame = view.chat.get(Number(item.dataset.id));
      if (frame) tools.decorate(item, frame);
    }
  }, () => {});
  return tools;
}
