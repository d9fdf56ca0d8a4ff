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

export const title = { en: "Intrige", it: "Intrige", pl: "Intrige" };

// Italian: the terms of the game's Italian edition (palazzo, sala, parco, isola, rendita,
// offerta for the bribe). Polish: plain Polish words; the Polish edition's own terms are
// not known to us.
export const WORDS = {
  en: {
    room: "Room {room}", park: "Park", island: "Island", nobody: "nobody",
    money: "Your money: {amount} ducats (secret)",
    round: "Round {round} of {rounds}", over: "The game is over",
    receives: "{palace} ({owner}) receives its visitors", sends: "{owner} sends figures",
    receiving: "receiving", sending: "sending", you: "you",
    palace_tip: "The palace of {palace}, owned by {owner}. Others' figures seated here earn their owners its rooms' salaries; nobody enters their own palace.",
    room_tip: "Room {room} of {palace}: a figure seated here earns its owner {salary} ducats at the start of each of their turns.",
    empty: "Empty.",
    figure_tip: "{player}'s {profession} in room {room} of {palace}: earns {player} {salary} ducats a turn.",
    park_tip: "The park of {palace}: figures sent here wait until {owner} receives them; each sender first pays {owner} a bribe.",
    waiting_tip: "{player}'s {profession}, waiting in the park of {palace}.",
    send_tip: "Send your {profession} to wait in the park of {palace} ({owner}).",
    send_label: "send your {profession} to {palace}",
    ask_label: "offer a sum for room {room} ({salary}), not binding",
    ask_tip: "Make a non-binding offer for room {room}; you name the sum next.",
    seat_label: "seat the figure in room {room} ({salary})",
    defend_label: "keep {player}'s {profession} in room {room}",
    admit_label: "admit {player}'s {profession}",
    island_tip: "The island: exiled figures stay here for the rest of the game.",
    exiled_tip: "{player}'s {profession}, exiled to the island.",
    supply: "Figures not yet sent", supply_tip: "{player}'s {profession}: {count} not yet sent.",
    offers: "Offers on the table (not binding)", no_offers: "No offer on the table.",
    offer_line: "{payer} offers {owner} {amount} for room {room}",
    bribes: "Bribes paid", no_bribes: "No bribe paid yet.",
    col_round: "Round", col_payer: "Payer", col_owner: "To", col_amount: "Amount", col_for: "For",
    incomes: "Income collected so far", income_line: "{player}: {amount}",
    role_enter: "entry", role_external: "external conflict", role_attack: "attack", role_defend: "defence",
    conflict: "Conflict over the {profession}: {owner} decides.",
    back: "← back", back_tip: "Go back one step of the sum (a range or a room picked by mistake); once per sum.",
    sum_field: "Sum", sum_go: "Name this sum",
    sum_pick: "Choose the sum", sum_less: "One step less", sum_more: "One step more",
    sum_pay: "Pay {amount}", sum_promise: "Promise {amount}",
    sum_tip: "Type the sum (150000 or 150,000): its range and the sum are chosen in one go.",
    sum_bad: "{text} is not a sum you can name now.",
  },
  it: {
    room: "Sala {room}", park: "Parco", island: "Isola", nobody: "nessuno",
    money: "Il tuo denaro: {amount} ducati (segreto)",
    round: "Giro {round} di {rounds}", over: "La partita è finita",
    receives: "{palace} ({owner}) riceve i personaggi stranieri", sends: "{owner} invia i suoi personaggi",
    receiving: "riceve", sending: "invia", you: "tu",
    palace_tip: "Il palazzo di {palace}, di {owner}. I personaggi altrui albergati qui rendono ai loro padroni le rendite delle sale; nessuno entra nel proprio palazzo.",
    room_tip: "Sala {room} di {palace}: un personaggio albergato qui rende al suo padrone {salary} ducati all'inizio di ogni suo turno.",
    empty: "Vuota.",
    figure_tip: "{profession} di {player} nella sala {room} di {palace}: rende a {player} {salary} ducati a turno.",
    park_tip: "Il parco di {palace}: i personaggi inviati qui aspettano che {owner} li riceva; ogni mittente paga prima un'offerta a {owner}.",
    waiting_tip: "{profession} di {player}, in attesa nel parco di {palace}.",
    send_tip: "Invia il tuo {profession} ad attendere nel parco di {palace} ({owner}).",
    send_label: "invia il tuo {profession} a {palace}",
    ask_label: "proponi una somma per la sala {room} ({salary}), non vincolante",
    ask_tip: "Fai una proposta non vincolante per la sala {room}; poi scegli la somma.",
    seat_label: "alberga il personaggio nella sala {room} ({salary})",
    defend_label: "tieni {profession} di {player} nella sala {room}",
    admit_label: "accogli {profession} di {player}",
    island_tip: "L'isola: i personaggi esiliati vi restano fino alla fine della partita.",
    exiled_tip: "{profession} di {player}, esiliato sull'isola.",
    supply: "Personaggi non ancora inviati", supply_tip: "{profession} di {player}: {count} non ancora inviati.",
    offers: "Proposte sul tavolo (non vincolanti)", no_offers: "Nessuna proposta sul tavolo.",
    offer_line: "{payer} propone a {owner} {amount} per la sala {room}",
    bribes: "Offerte pagate", no_bribes: "Ancora nessuna offerta pagata.",
    col_round: "Giro", col_payer: "Chi paga", col_owner: "A", col_amount: "Somma", col_for: "Per",
    incomes: "Rendite incassate finora", income_line: "{player}: {amount}",
    role_enter: "ingresso", role_external: "conflitto esterno", role_attack: "attacco", role_defend: "difesa",
    conflict: "Conflitto per {profession}: decide {owner}.",
    back: "← indietro", back_tip: "Torna indietro di un passo nella scelta della somma (una fascia o una sala scelta per sbaglio); una volta per somma.",
    sum_field: "Somma", sum_go: "Indica questa somma",
    sum_pick: "Scegli la somma", sum_less: "Un passo in meno", sum_more: "Un passo in più",
    sum_pay: "Paga {amount}", sum_promise: "Prometti {amount}",
    sum_tip: "Scrivi la somma (150000 o 150.000): la fascia e la somma sono scelte in un colpo.",
    sum_bad: "{text} non è una somma che puoi indicare ora.",
  },
  pl: {
    room: "Komnata {room}", park: "Park", island: "Wyspa", nobody: "nikt",
    money: "Twoje pieniądze: {amount} dukatów (tajne)",
    round: "Runda {round} z {rounds}", over: "Gra skończona",
    receives: "{palace} ({owner}) przyjmuje przybyszów", sends: "{owner} wysyła swoje postacie",
    receiving: "przyjmuje", sending: "wysyła", you: "ty",
    palace_tip: "Pałac {palace}, należy do {owner}. Cudze postacie ulokowane tutaj przynoszą swoim właścicielom pensje komnat; nikt nie wchodzi do własnego pałacu.",
    room_tip: "Komnata {room} pałacu {palace}: postać ulokowana tutaj przynosi właścicielowi {salary} dukatów na początku każdej jego tury.",
    empty: "Pusta.",
    figure_tip: "{profession} gracza {player} w komnacie {room} pałacu {palace}: przynosi {player} {salary} dukatów na turę.",
    park_tip: "Park pałacu {palace}: wysłane tu postacie czekają, aż {owner} je przyjmie; każdy wysyłający najpierw daje {owner} łapówkę.",
    waiting_tip: "{profession} gracza {player} czeka w parku pałacu {palace}.",
    send_tip: "Wyślij swojego: {profession} do parku pałacu {palace} ({owner}).",
    send_label: "wyślij: {profession} do {palace}",
    ask_label: "zaproponuj kwotę za komnatę {room} ({salary}), niewiążąco",
    ask_tip: "Złóż niewiążącą ofertę za komnatę {room}; kwotę wybierzesz potem.",
    seat_label: "ulokuj postać w komnacie {room} ({salary})",
    defend_label: "zatrzymaj: {profession} gracza {player} w komnacie {room}",
    admit_label: "przyjmij: {profession} gracza {player}",
    island_tip: "Wyspa: wygnane postacie zostają tu do końca gry.",
    exiled_tip: "{profession} gracza {player}, wygnany na wyspę.",
    supply: "Postacie jeszcze niewysłane", supply_tip: "{profession} gracza {player}: jeszcze niewysłane: {count}.",
    offers: "Oferty na stole (niewiążące)", no_offers: "Brak ofert na stole.",
    offer_line: "{payer} oferuje {owner} {amount} za komnatę {room}",
    bribes: "Zapłacone łapówki", no_bribes: "Jeszcze nikt nie dał łapówki.",
    col_round: "Runda", col_payer: "Płaci", col_owner: "Komu", col_amount: "Kwota", col_for: "Za",
    incomes: "Dotąd zebrane pensje", income_line: "{player}: {amount}",
    role_enter: "wejście", role_external: "konflikt zewnętrzny", role_attack: "atak", role_defend: "obrona",
    conflict: "Konflikt o: {profession}; decyduje {owner}.",
    back: "← wróć", back_tip: "Cofnij jeden krok wyboru kwoty (przedział albo komnatę wybraną przez pomyłkę); raz na kwotę.",
    sum_field: "Kwota", sum_go: "Podaj tę kwotę",
    sum_pick: "Wybierz kwotę", sum_less: "O krok mniej", sum_more: "O krok więcej",
    sum_pay: "Zapłać {amount}", sum_promise: "Obiecaj {amount}",
    sum_tip: "Wpisz kwotę (150000 albo 150 000): przedział i kwota zostaną wybrane za jednym razem.",
    sum_bad: "{text} nie jest kwotą, którą możesz teraz podać.",
  },
};

export const PROFESSIONS = {
  en: {
    fiscal: ["fiscal counsellor", "Fiscal"], legal: ["legal counsellor", "Legal"],
    prelate: ["prelate", "Prelate"], military: ["military counsellor", "Military"],
    scientific: ["scientific counsellor", "Science"],
  },
  it: {
    fiscal: ["Consigliere Fiscale", "Fiscale"], legal: ["Consigliere Giuridico", "Giuridico"],
    prelate: ["Prelato", "Prelato"], military: ["Consigliere Militare", "Militare"],
    scientific: ["Consigliere Scientifico", "Scientifico"],
  },
  pl: {
    fiscal: ["doradca skarbowy", "Skarbowy"], legal: ["doradca prawny", "Prawny"],
    prelate: ["prałat", "Prałat"], military: ["doradca wojskowy", "Wojskowy"],
    scientific: ["doradca naukowy", "Naukowy"],
  },
};

// The 1994 palaces keep their Italian names in every language (the game's five states,
// and the names the log uses); the card edition's colours are translated.
const PALACES = {
  en: { red: "red", yellow: "yellow", green: "green", blue: "blue", violet: "violet" },
  it: { red: "rosso", yellow: "giallo", green: "verde", blue: "blu", violet: "viola" },
  pl: { red: "czerwony", yellow: "żółty", green: "zielony", blue: "niebieski", violet: "fioletowy",
    // The 1994 palaces as the Polish log names them.
    Firenze: "Florencja", Milano: "Mediolan", Napoli: "Neapol", Roma: "Rzym", Venezia: "Wenecja" },
};

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
