// Mail in the page (docs/web.md, "Mail"): the account page's e-mail address and turn
// notices, the sign-in page's "forgot your password?", and the pages the links in mails
// open:
//   #/verify/TOKEN        confirm an address (posted at once: a mail scanner fetching the
//                         link runs no script, so it confirms nothing)
//   #/reset/TOKEN         choose a new password
//   #/unsubscribe/TOKEN   stop the turn notices, in one click
//   #/open/TABLE/SEAT     a turn notice's link: the account's seat at that table

import { inviteLink, request } from "./api.js";
import { t, lang } from "./i18n.js";
import { el, fail as failed } from "./lobby.js";
import { account, openSeat, rememberBack } from "./accounts.js";

function line(parent, text, bad = false) {
  const status = el("p", bad ? "status bad" : "status", text, parent);
  status.setAttribute("role", "status");
  return status;
}

function field(form, label, type, name, autocomplete) {
  const wrap = el("div", "field", null, form);
  const box = document.createElement("input");
  box.type = type;
  box.name = name;
  box.id = `mail-${form.id}-${name}`;
  box.autocomplete = autocomplete;
  const tag = el("label", "", label, wrap);
  tag.htmlFor = box.id;
  wrap.appendChild(box);
  return box;
}

/** The account page's section: the address, whether it is confirmed, the turn notices. */
export function mailSettings(page) {
  const box = el("section", "account-box", null, page);
  box.id = "mail-settings";
  el("h2", "", t("mail.title"), box);
  el("p", "help", t("mail.help"), box);
  const form = el("form", "", null, box);
  form.id = "mail-form";
  const address = field(form, t("mail.address"), "email", "address", "email");
  const state = el("p", "help", null, form);
  state.id = "mail-state";
  const wrap = el("div", "field check", null, form);
  const notices = document.createElement("input");
  notices.type = "checkbox";
  notices.id = "mail-notices";
  wrap.appendChild(notices);
  el("label", "", t("mail.notices"), wrap).htmlFor = notices.id;
  const save = el("button", "", t("mail.save"), form);
  save.type = "submit";
  const status = line(form, "");

  function draw(settings) {
    address.value = settings.address || "";
    notices.checked = settings.notices;
    state.textContent = !settings.address ? ""
      : settings.verified ? t("mail.verified") : t("mail.unverified");
    state.className = settings.address && !settings.verified ? "help bad" : "help";
    if (!settings.enabled) {
      state.textContent = t("mail.off");
      for (const input of [address, notices, save]) input.disabled = true;
    }
  }

  request("GET", "/account/mail").then(draw, (error) => failed(status, error));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    save.disabled = true;
    status.textContent = "";
    status.classList.remove("bad");
    try {
      const settings = await request("PUT", "/account/mail", {
        address: address.value.trim() || null, notices: notices.checked, lang: lang(),
      });
      draw(settings);
      status.textContent = settings.verification_sent
        ? t("mail.sent", { address: settings.address }) : t("mail.saved");
    } catch (error) {
      failed(status, error);
    } finally {
      save.disabled = false;
    }
  });
  return box;
}

/** The sign-in page's "forgot your password?": a link by mail to choose a new one. */
export function forgotForm(parent) {
  const section = el("section", "account-box", null, parent);
  section.setAttribute("aria-labelledby", "forgot-title");
  el("h2", "", t("mail.forgot"), section).id = "forgot-title";
  const form = el("form", "", null, section);
  form.id = "forgot";
  el("p", "help", t("mail.forgot_help"), form);
  const who = field(form, t("mail.who"), "text", "who", "username");
  who.required = true;
  const send = el("button", "", t("mail.send_link"), form);
  send.type = "submit";
  const status = line(form, "");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    send.disabled = true;
    status.classList.remove("bad");
    try {
      await request("POST", "/password-reset", { who: who.value.trim() });
      status.textContent = t("mail.asked");
    } catch (error) {
      failed(status, error);
    } finally {
      send.disabled = false;
    }
  });
  return section;
}

function linkPage(main, id, title) {
  document.title = `${title} · tavola`;
  const page = el("div", "account-page", null, main);
  page.id = id;
  el("h1", "", title, page);
  return page;
}

/** A link that does its work at once (confirm an address, stop the notices). */
function oneClick(main, id, title, post, done) {
  const page = linkPage(main, id, title);
  const status = line(page, t("mail.working"));
  post().then(() => {
    status.textContent = done;
  }, (error) => failed(status, error)).finally(() => {
    page.dataset.ready = "yes";
  });
  return { close() {} };
}

function showVerify(main, where) {
  return oneClick(main, "verify-page", t("mail.verify_title"),
    () => request("POST", "/mail/verify", { token: where.name }), t("mail.verify_done"));
}

function showUnsubscribe(main, where) {
  return oneClick(main, "unsubscribe-page", t("mail.unsubscribe_title"),
    () => request("POST", `/mail/unsubscribe/${encodeURIComponent(where.name)}`),
    t("mail.unsubscribe_done"));
}

function showReset(main, where) {
  const page = linkPage(main, "reset-page", t("mail.reset_title"));
  const form = el("form", "account-box", null, page);
  form.id = "reset";
  const fresh = field(form, t("account.new_password"), "password", "new_password",
    "new-password");
  fresh.required = true;
  fresh.minLength = 8;
  el("p", "help", t("account.password_help"), form);
  const save = el("button", "primary", t("account.change_password"), form);
  save.type = "submit";
  const status = line(form, "");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    save.disabled = true;
    status.classList.remove("bad");
    try {
      await request("POST", "/password-reset/done",
        { token: where.name, new_password: fresh.value });
      fresh.value = "";
      form.replaceChildren();
      line(form, t("mail.reset_done"));
      const signIn = el("a", "button primary", t("account.sign_in"), form);
      signIn.href = "/#/signin";
    } catch (error) {
      failed(status, error);
      save.disabled = false;
    }
  });
  page.dataset.ready = "yes";
  return { close() {} };
}

/** A turn notice's link: open the account's seat (signing in first if need be). */
function showOpen(main, where) {
  const page = linkPage(main, "open-page", t("mail.open_title"));
  const status = line(page, t("mail.working"));
  const [table, seat] = where.name.split("/");
  account().then(async (who) => {
    if (!who) {
      rememberBack();
      location.hash = "#/signin";
      return;
    }
    const token = await openSeat({ table, you: Number(seat) });
    location.href = inviteLink(table, token);
  }).catch((error) => {
    failed(status, error);
    page.dataset.ready = "yes";
  });
  return { close() {} };
}

export const MAIL_PAGES = {
  verify: showVerify, reset: showReset, unsubscribe: showUnsubscribe, open: showOpen,
};
