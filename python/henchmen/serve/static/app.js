// The browser table: one page for every game, drawn from the engine's layout
// and legal moves (action_info), speaking the protocol of docs/protocol.md
// over the WebSocket at /ws. No build step, no library.
"use strict";

const VERSION = 1;
const $ = (id) => document.getElementById(id);

// ------------------------------------------------------------------ the link
// One WebSocket; requests get ids, replies resolve their promise; pushes
// (events, rewind, closed) go to onPush. A lost link is reopened with backoff
// and the table resubscribes from the last step it read (resume).
const link = {
  ws: null, next: 1, waiting: new Map(), backoff: 250, onOpen: null, up: false,

  open() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      this.up = true; this.backoff = 250; setLink("connected", "up");
      if (this.onOpen) this.onOpen();
    };
    ws.onmessage = (e) => this.receive(JSON.parse(e.data));
    ws.onclose = () => {
      this.up = false; setLink("reconnecting…", "down");
      for (const [, w] of this.waiting) w.reject(new ProtocolError({ code: "disconnected", message: "the link to the server was lost" }));
      this.waiting.clear();
      setTimeout(() => this.open(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, 5000);
    };
  },

  request(type, fields = {}) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      if (!this.up) { reject(new ProtocolError({ code: "disconnected", message: "not connected" })); return; }
      this.waiting.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ v: VERSION, id, type, ...fields }));
    });
  },

  receive(msg) {
    if (msg.id !== undefined && msg.id !== null && this.waiting.has(msg.id)) {
      const w = this.waiting.get(msg.id);
      this.waiting.delete(msg.id);
      if (msg.type === "error") w.reject(new ProtocolError(msg)); else w.resolve(msg);
    } else if (msg.type === "error") {
      notice(msg.message);
    } else {
      onPush(msg);
    }
  },
};

class ProtocolError extends Error {
  constructor(msg) { super(msg.message); this.code = msg.code; this.details = msg.details; }
}

function setLink(text, cls) { const el = $("link"); el.textContent = text; el.className = "link " + cls; }

function notice(text) {
  const el = $("notice");
  el.textContent = text; el.hidden = !text;
  if (text) setTimeout(() => { if (el.textContent === text) el.hidden = true; }, 6000);
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

// ----------------------------------------------------------------- the lobby
let catalogue = null;

async function showLobby() {
  $("lobby").hidden = false; $("table").hidden = true;
  document.body.classList.remove("at-table");
  if (!catalogue) catalogue = await link.request("list_games");
  const pick = $("game-name");
  if (!pick.options.length) {
    for (const g of catalogue.games) pick.append(new Option(g.title, g.name));
    pick.onchange = drawGameForm;
    drawGameForm();
  }
}

function gameInfo(name) { return catalogue.games.find((g) => g.name === name); }

function drawGameForm() {
  const g = gameInfo($("game-name").value);
  $("game-summary").textContent = g.summary;
  const box = $("options");
  box.replaceChildren(el("legend", null, "Options"));
  for (const o of g.options) {
    if (o.name === "card_data") continue;
    const label = el("label", null, o.name.replaceAll("_", " ") + " ");
    label.title = o.doc + " (" + o.allowed + ")";
    let input;
    if (o.kind === "choice") {
      input = el("select");
      for (const c of o.choices) input.append(new Option(c, c));
      input.value = o.default;
    } else if (o.kind === "bool") {
      input = el("input"); input.type = "checkbox"; input.checked = !!o.default;
    } else if (o.kind === "int") {
      input = el("input"); input.type = "number"; input.value = o.default;
    } else if (o.kind === "choice-list") {
      // Left empty, the game picks its default (which may depend on another option, as a mode's crews).
      input = el("input"); input.placeholder = "empty for the default: " + (o.default || []).join(", ");
      input.value = "";
    } else {
      input = el("input"); input.value = o.default ?? "";
    }
    input.dataset.option = o.name; input.dataset.kind = o.kind;
    input.id = "opt-" + o.name;
    if (o.name === "players") input.onchange = drawSeats;
    label.append(input);
    box.append(label);
  }
  drawSeats();
}

function playerCount() {
  const g = gameInfo($("game-name").value);
  const input = $("opt-players");
  const n = input ? parseInt(input.value, 10) : g.min_players;
  return Math.max(g.min_players, Math.min(g.max_players, isNaN(n) ? g.min_players : n));
}

function drawSeats() {
  const box = $("seats");
  box.replaceChildren(el("legend", null, "Seats"));
  for (let i = 0; i < playerCount(); i++) {
    const row = el("div", "seat-row");
    row.append(el("span", null, `Seat ${i + 1}`));
    const kind = el("select"); kind.id = `seat-${i}-kind`;
    kind.append(new Option("person", "human"));
    for (const b of catalogue.bots) kind.append(new Option("bot: " + b.name, b.name));
    kind.value = i === 0 ? "human" : "ismcts";
    const it = el("input"); it.type = "number"; it.min = "1"; it.value = "300"; it.id = `seat-${i}-iterations`;
    it.title = "iterations (search bots)";
    const name = el("input"); name.id = `seat-${i}-name`; name.placeholder = `Player ${i + 1}`; name.maxLength = 40;
    const sync = () => { it.hidden = !(catalogue.bots.find((b) => b.name === kind.value) || {}).budget; };
    kind.onchange = sync; sync();
    row.append(kind, it, name);
    box.append(row);
  }
}

function readOptions() {
  const out = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const k = input.dataset.kind;
    if (k === "bool") out[input.dataset.option] = input.checked;
    else if (k === "int") out[input.dataset.option] = parseInt(input.value, 10);
    else if (k === "choice-list") {
      const names = input.value.split(",").map((s) => s.trim()).filter(Boolean);
      if (names.length) out[input.dataset.option] = names;
    } else if (input.value !== "") out[input.dataset.option] = input.value;
  }
  return out;
}

async function startGame(ev) {
  ev.preventDefault();
  const seats = [];
  for (let i = 0; i < playerCount(); i++) {
    const kind = $(`seat-${i}-kind`).value;
    const name = $(`seat-${i}-name`).value.trim();
    const seat = kind === "human" ? { kind: "human" } : { kind: "bot", bot: kind };
    const bot = catalogue.bots.find((b) => b.name === kind);
    if (bot && bot.budget) seat.iterations = parseInt($(`seat-${i}-iterations`).value, 10) || 300;
    if (name) seat.name = name;
    seats.push(seat);
  }
  const fields = { game: $("game-name").value, options: readOptions(), seats };
  const seed = $("seed").value;
  if (seed !== "") fields.seed = parseInt(seed, 10);
  fields.pace_ms = parseInt($("pace").value, 10) || 0;
  try {
    const made = await link.request("create_game", fields);
    remember(made);
    location.hash = "game=" + made.game_id;
  } catch (e) { notice(e.message); }
}

async function loadReplay(ev) {
  ev.preventDefault();
  let text = $("replay-text").value.trim();
  const file = $("replay-file").files[0];
  if (!text && file) text = await file.text();
  if (!text) { notice("paste a replay or choose its file first"); return; }
  try {
    const made = await link.request("load_replay", { replay: text });
    remember(made);
    location.hash = "game=" + made.game_id;
  } catch (e) { notice(e.message); }
}

// Tokens are kept in this browser (localStorage) so a reload or a lost link
// resumes the game; a seat's own link (#game=..&token=..) opens one seat.
function remember(made) {
  localStorage.setItem("henchmen:" + made.game_id, JSON.stringify({
    host: made.host_token, tokens: made.tokens, review: made.review,
  }));
}

function recall(gameId) {
  try { return JSON.parse(localStorage.getItem("henchmen:" + gameId)) || null; } catch { return null; }
}

// ----------------------------------------------------------------- the table
const table = {
  gameId: null, host: null, tokens: {}, seat: null, follow: true,
  sub: null, read: -1, view: null, busy: false, review: false, pending: false,
};

function parseHash() {
  const out = {};
  for (const part of location.hash.slice(1).split("&")) {
    const [k, v] = part.split("=");
    if (k) out[k] = decodeURIComponent(v || "");
  }
  return out;
}

async function route() {
  const h = parseHash();
  if (!link.up) return;
  if (!h.game) { table.gameId = null; await showLobby(); return; }
  await openTable(h.game, h.token || null);
}

async function openTable(gameId, token) {
  $("lobby").hidden = true; $("table").hidden = false;
  document.body.classList.add("at-table");
  const kept = recall(gameId) || { host: null, tokens: [] };
  if (table.gameId !== gameId) {
    table.read = -1; $("log").replaceChildren();
    table.seat = null; table.follow = true;
  }
  table.gameId = gameId;
  table.host = kept.host;
  table.tokens = {};
  for (const t of kept.tokens || []) table.tokens[t.seat] = t.token;
  table.review = !!kept.review;
  if (token) {
    // One seat's link: this tab plays that seat only.
    table.tokens = {}; table.host = null;
    table.tokens[-1] = token;
  }
  await refresh(true);
}

function tokenFor(seat) {
  if (table.tokens[-1]) return table.tokens[-1];
  if (seat !== null && table.tokens[seat]) return table.tokens[seat];
  return null;
}

// Which seat this tab looks as: in hot seat, the person who decides now.
function chooseSeat(v) {
  if (table.tokens[-1]) return null;
  const held = Object.keys(table.tokens).map(Number);
  if (!held.length) return null;
  if (table.follow && v && v.current_player !== null && held.includes(v.current_player)) return v.current_player;
  if (table.seat !== null && held.includes(table.seat)) return table.seat;
  return held[0];
}

async function viewFields(seat) {
  const fields = { game_id: table.gameId };
  const token = tokenFor(seat);
  if (token) fields.token = token;
  else if (table.host) {
    fields.token = table.host;
    if (table.review && seat !== null) fields.seat = seat;
  }
  return fields;
}

async function refresh(resubscribe) {
  if (table.busy) { table.pending = true; return; }
  table.busy = true;
  try {
    let v = await link.request("view", await viewFields(table.seat));
    const seat = table.review ? table.seat : chooseSeat(v);
    if (seat !== table.seat || v.seat !== seat) {
      table.seat = seat; resubscribe = true;
      v = await link.request("view", await viewFields(seat));
    }
    if (resubscribe || !table.sub) await subscribe();
    table.view = v;
    draw(v);
  } catch (e) {
    if (e.code === "no_such_game" || e.code === "bad_token") {
      notice("that game is closed or the link is not valid: " + e.message);
      location.hash = "";
    } else if (e.code !== "disconnected") notice(e.message);
  } finally {
    table.busy = false;
    if (table.pending) { table.pending = false; refresh(false); }
  }
}

async function subscribe() {
  if (table.sub) {
    const old = table.sub; table.sub = null;
    try { await link.request("unsubscribe", { subscription: old }); } catch { /* gone with the link */ }
    table.read = -1; $("log").replaceChildren();
  }
  const fields = await viewFields(table.seat);
  fields.since = table.read;
  const got = await link.request("subscribe", fields);
  table.sub = got.subscription;
  logEvents(got.events, false);
  table.read = got.step;
}

function onPush(msg) {
  if (msg.subscription !== table.sub) return;
  if (msg.type === "rewind") {
    const log = $("log");
    for (const li of [...log.children]) if (Number(li.dataset.step) >= msg.step) li.remove();
  } else if (msg.type === "events") {
    logEvents(msg.events, true);
    table.read = msg.step;
    refresh(false);
  } else if (msg.type === "closed") {
    notice("the game was closed: " + msg.reason);
    table.sub = null;
  } else if (msg.type === "bot_error") {
    notice(msg.message);
  }
}

function logEvents(events, fresh) {
  const log = $("log");
  for (const li of log.querySelectorAll(".fresh")) li.classList.remove("fresh");
  for (const e of events) {
    const li = el("li", "ev ev-" + e.kind + (fresh ? " fresh" : ""), e.text);
    li.dataset.step = e.step;
    log.append(li);
  }
  log.scrollTop = log.scrollHeight;
}

// ------------------------------------------------------------------- drawing
// One fixed table: opponents along the top, the shared zones in the middle,
// your place (hand docked) at the bottom, the moves and the log at the side.
function draw(v) {
  const L = v.layout || {};
  const before = cardPlaces();
  const fresh = table.drawnVersion !== undefined && table.drawnVersion !== v.version;
  table.drawnVersion = v.version;
  closeMenu();
  $("title").textContent = L.title || v.game;
  $("status").textContent = L.status || (v.terminal ? "Game over" : `seat ${(v.current_player ?? 0) + 1} to decide`);
  drawSeatBar(v);
  const prompt = $("prompt");
  prompt.textContent = L.prompt || ""; prompt.hidden = !L.prompt;
  const legal = v.legal || [];
  drawCounters((L.counters || []).filter((c) => c.owner === undefined || c.owner === null), $("counters"), "counter");
  const lines = (L.last_move && L.last_move.lines) || (v.last_events || []).map((e) => e.text).filter(Boolean);
  const just = $("just");
  just.textContent = lines.join(" · "); just.hidden = !lines.length;
  drawTable(L, v, legal);
  drawMoves(v, legal);
  drawReview(v);
  drawResult(v, L);
  fitHands();
  animateLast(before, fresh);
}

function seatName(v, i) { return v.seats[i] ? v.seats[i].name : `Player ${i + 1}`; }

const PLACE_ORDER = { left: 0, top: 1, right: 2 };

function drawTable(L, v, legal) {
  const zones = L.zones || [];
  const players = L.players || [];
  const counters = L.counters || [];
  const me = players.find((p) => p.place === "bottom");
  // The opponents, left to right as they sit: each a summary of their zones and counters.
  const opp = $("opponents");
  opp.replaceChildren();
  const others = players.filter((p) => p.place !== "bottom").sort((a, b) => (PLACE_ORDER[a.place] ?? 3) - (PLACE_ORDER[b.place] ?? 3));
  for (const p of others) {
    const box = el("div", "opponent place-" + p.place + (p.turn ? " turn" : ""));
    box.dataset.seat = p.seat;
    const head = el("div", "opponent-head");
    head.append(el("span", "opponent-name", p.name));
    if (p.deciding) head.append(el("span", "badge", "deciding"));
    else if (p.turn) head.append(el("span", "badge", "turn"));
    drawCounters(counters.filter((c) => c.owner === p.seat), head, "ocounter");
    box.append(head);
    const list = el("div", "ozones");
    for (const z of zones.filter((z) => z.owner === p.seat && z.place !== "centre")) {
      if (z.role !== "hand" && isBare(z) && !isPile(z)) continue;
      list.append(drawSummaryZone(z, legal));
    }
    box.append(list);
    opp.append(box);
  }
  // The middle: what is shared (and any zone placed there), market and board first.
  const centre = $("centre");
  centre.replaceChildren();
  const weight = { reveal: 0, board: 1, market: 2, play: 3, score: 4, deck: 5, discard: 6, supply: 7, hand: 8 };
  const shared = zones.filter((z) => z.place === "centre").sort((a, b) => (weight[a.role] ?? 9) - (weight[b.role] ?? 9));
  for (const z of shared) {
    if (isBare(z) && !isPile(z) && z.role !== "market") continue;
    centre.append(isPile(z) ? drawPile(z, legal) : drawZone(z, legal, ""));
  }
  if (!zones.length && L.observation) {
    const z = el("div", "zone");
    z.append(el("h4", null, "Table"));
    z.append(drawTree(L.observation));
    centre.append(z);
  }
  // Your place: your cards in play above, then who you are, your hand and your piles.
  const mine = $("mine");
  mine.replaceChildren();
  const play = el("div", "mine-play");
  const row = el("div", "mine-hand");
  const info = el("div", "mine-info");
  info.dataset.seat = me ? me.seat : "";
  info.append(el("div", "who" + (me && me.turn ? " turn" : ""), me ? me.name : "Seat 1"));
  if (me) drawCounters(counters.filter((c) => c.owner === me.seat), info, "ocounter");
  row.append(info);
  const own = zones.filter((z) => z.place === "bottom");
  const hand = own.find((z) => z.role === "hand");
  for (const z of own) {
    if (z !== hand && isBare(z) && z.role !== "deck" && z.role !== "discard") continue;
    if (z === hand || z.role === "hand") row.append(drawZone(z, legal, z === hand ? "" : "small"));
    else if (isPile(z)) row.append(drawPile(z, legal));
    else play.append(drawZone(z, legal, "tiny"));
  }
  if (play.childElementCount) mine.append(play);
  mine.append(row);
}

function drawCounters(list, box, cls) {
  if (box.id === "counters") box.replaceChildren();
  for (const c of list) {
    const chip = el("span", `${cls} ${c.measure}`);
    chip.append(el("span", null, c.name + " "), el("b", null, String(c.value) + (c.max !== undefined ? "/" + c.max : "")));
    chip.title = `${c.name}: ${c.value}${c.max !== undefined ? " of " + c.max : ""} (${c.measure})`;
    box.append(chip);
  }
}

function drawSeatBar(v) {
  const bar = $("seat-bar");
  bar.replaceChildren();
  const multi = Object.keys(table.tokens).filter((k) => Number(k) >= 0).length > 1;
  if (multi || table.review || v.seat === null) {
    for (const s of v.seats) {
      const chip = el("span", "chip" + (v.current_player === s.seat ? " acting" : "") + (v.seat === s.seat ? " me" : ""),
        s.name + (s.kind === "bot" ? ` (${s.bot})` : ""));
      if (!table.tokens[-1] && table.tokens[s.seat] !== undefined && !table.review) {
        chip.classList.add("held");
        chip.title = "look as this seat";
        chip.tabIndex = 0;
        chip.onclick = () => { table.follow = false; table.seat = s.seat; refresh(true); };
      }
      if (table.review) {
        chip.classList.add("held");
        chip.title = "look as this seat";
        chip.tabIndex = 0;
        chip.onclick = () => { table.seat = table.seat === s.seat ? null : s.seat; refresh(true); };
      }
      bar.append(chip);
    }
  }
  if (v.seat === null) bar.append(el("span", "chip watcher", "watching as a spectator"));
  const held = Object.keys(table.tokens).map(Number).filter((k) => k >= 0);
  if (held.length > 1) {
    const follow = el("label", "follow");
    const box = el("input"); box.type = "checkbox"; box.checked = table.follow; box.id = "follow";
    box.onchange = () => { table.follow = box.checked; refresh(true); };
    follow.append(box, " hot seat: follow the turn");
    bar.append(follow);
  }
  if (held.length) {
    const links = el("details", "seat-links");
    links.append(el("summary", null, "seat links"));
    for (const k of held) {
      const a = el("a", null, seatName(v, k));
      a.href = `#game=${table.gameId}&token=${encodeURIComponent(table.tokens[k])}`;
      a.target = "_blank"; a.rel = "noopener";
      links.append(a, " ");
    }
    bar.append(links);
  }
}

function drawTree(value) {
  if (Array.isArray(value)) {
    if (value.every((x) => typeof x !== "object" || x === null)) return el("span", "leaf", value.length ? value.join(", ") : "—");
    const ul = el("ul", "tree");
    value.forEach((x, i) => { const li = el("li", null, `${i + 1}: `); li.append(drawTree(x)); ul.append(li); });
    return ul;
  }
  if (value && typeof value === "object") {
    const ul = el("ul", "tree");
    for (const [k, x] of Object.entries(value)) {
      const li = el("li"); li.append(el("b", null, k.replaceAll("_", " ") + ": "), drawTree(x)); ul.append(li);
    }
    return ul;
  }
  return el("span", "leaf", value === null ? "—" : String(value));
}

function drawMoves(v, legal) {
  const box = $("moves");
  box.replaceChildren();
  $("moves-box").hidden = table.review;
  if (v.terminal) { box.append(el("p", "quiet", "The game is over.")); }
  else if (!v.your_turn) {
    const who = v.current_player === null ? "chance" : seatName(v, v.current_player);
    box.append(el("p", "quiet", `Waiting for ${who}…`));
  }
  for (const m of legal) {
    const b = el("button", "move", m.move);
    if (m.info && m.info.damage !== undefined) b.append(el("span", "dmg", ` (deals ${m.info.damage})`));
    b.dataset.action = m.id;
    b.title = moveLabel(m);
    b.onclick = () => play(m);
    box.append(b);
  }
  // Nothing can be taken back once the game is over.
  $("undo").disabled = !v.can_undo || !!v.terminal;
  $("hint").disabled = !v.your_turn;
}

function pointMoves(moves) {
  const ids = new Set(moves.map((m) => String(m.id)));
  for (const b of $("moves").children) b.classList.toggle("pointed", ids.has(b.dataset.action));
}

async function play(m) {
  const v = table.view;
  if (!v || !v.your_turn) return;
  closeMenu();
  $("hint-text").textContent = "";
  for (const b of $("moves").children) b.disabled = true;
  try {
    await link.request("move", { game_id: table.gameId, token: tokenFor(v.seat), action: m.id, step: v.step });
  } catch (e) {
    if (e.code !== "stale") notice(e.message);
  }
  refresh(false);
}

function drawReview(v) {
  const box = $("review");
  box.hidden = !v.review;
  if (!v.review) return;
  const r = $("rv-range");
  r.max = v.review.length; r.value = v.review.position;
  $("rv-pos").textContent = `step ${v.review.position} of ${v.review.length}`;
}

async function seek(step) {
  const v = table.view;
  if (!v || !v.review) return;
  const to = Math.max(0, Math.min(v.review.length, step));
  try { await link.request("seek", { game_id: table.gameId, token: table.host, step: to }); } catch (e) { notice(e.message); }
  refresh(false);
}

// The end screen: who won (or, all seats alike, a draw or the team's result),
// why, and every seat's score.
function drawResult(v, L) {
  const box = $("result");
  if (!v.terminal) { box.hidden = true; table.resultClosed = false; return; }
  box.hidden = !!table.resultClosed;
  const over = (v.last_events || []).find((e) => e.kind === "game-over");
  const why = over ? over.text : L.status || "";
  // The protocol's outcome and winners (docs/protocol.md, Results): a team
  // that won lists every seat among the winners; "lost" is a team's loss.
  const r = v.returns || [];
  const won = v.winners || [];
  let head;
  if (v.outcome === "lost") head = r.length === 1 ? "You lose" : "The team loses";
  else if (won.length > 1 && won.length === r.length) head = "The team wins";
  else if (won.length) {
    const names = won.map((i) => (i === v.seat ? "You" : seatName(v, i)));
    head = names.join(" and ") + (names.length > 1 || names[0] === "You" ? " win" : " wins");
  } else if (v.outcome === "score") head = "The game is over";
  else head = "A draw";
  box.replaceChildren(el("strong", null, "Game over: " + head), el("span", "why", why));
  const scores = el("div", "scores");
  (v.returns || []).forEach((r, i) => scores.append(el("span", "score" + ((v.winners || []).includes(i) ? " won" : ""),
    `${seatName(v, i)}: ${Math.round(r * 1000) / 1000}`)));
  box.append(scores);
  const close = el("button", "close", "See the table");
  close.onclick = () => { table.resultClosed = true; box.hidden = true; };
  box.append(close);
}

// ------------------------------------------------------------------ the tools
async function hint() {
  const v = table.view;
  if (!v || !v.your_turn) return;
  $("hint-text").textContent = "thinking…";
  try {
    const got = await link.request("ask_bot", { game_id: table.gameId, token: tokenFor(v.seat), bot: "ismcts", iterations: 500 });
    $("hint-text").textContent = hintText(got);
    pointMoves([got.action]);
  } catch (e) { $("hint-text").textContent = e.message; }
}

// The move and why the search chose it: its share of the tries, its expected result,
// the line it expects, and the runner-up (docs/protocol.md, ask_bot's `search`).
function hintText(got) {
  let text = `a bot would play: ${got.action.move}`;
  const s = got.search;
  if (!s || !s.moves.length || !s.iterations) return text;
  const share = m => `${Math.round(100 * m.visits / s.iterations)}%`;
  const top = s.moves[0];
  text += ` (${share(top)} of ${s.iterations} tries, expected ${top.value >= 0 ? "+" : ""}${top.value.toFixed(2)})`;
  if (s.line.length > 1) text += `; then ${s.line.slice(1, 4).join(", ")}`;
  if (s.moves.length > 1) text += `; next best: ${s.moves[1].move} (${share(s.moves[1])})`;
  return text;
}

async function undo() {
  const v = table.view;
  if (!v) return;
  try { await link.request("undo", { game_id: table.gameId, token: tokenFor(v.seat) }); } catch (e) { notice(e.message); }
  refresh(false);
}

async function save() {
  const token = table.host || tokenFor(table.seat);
  try {
    const got = await link.request("save_replay", { game_id: table.gameId, token });
    const blob = new Blob([JSON.stringify(got.replay, null, 1)], { type: "application/json" });
    const a = el("a"); a.href = URL.createObjectURL(blob); a.download = `${table.view.game}-${table.gameId}.json`;
    a.click(); URL.revokeObjectURL(a.href);
  } catch (e) { notice(e.message); }
}

// -------------------------------------------------------------------- start
window.addEventListener("DOMContentLoaded", () => {
  $("new-game").onsubmit = startGame;
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") closeMenu(); });
  $("load-replay").onsubmit = loadReplay;
  $("hint").onclick = hint;
  $("undo").onclick = undo;
  $("save").onclick = save;
  $("rv-first").onclick = () => seek(0);
  $("rv-prev").onclick = () => seek(table.view.review.position - 1);
  $("rv-next").onclick = () => seek(table.view.review.position + 1);
  $("rv-last").onclick = () => seek(table.view.review.length);
  $("rv-range").onchange = (e) => seek(parseInt(e.target.value, 10));
  window.addEventListener("hashchange", () => {
    const old = table.sub; table.sub = null;
    if (old) link.request("unsubscribe", { subscription: old }).catch(() => {});
    route();
  });
  link.onOpen = () => { table.sub = null; route(); };
  link.open();
});
