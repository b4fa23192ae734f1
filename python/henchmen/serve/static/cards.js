// Card faces and zones, drawn from the presentation model (docs/protocol.md,
// "The presentation model"): a face's name, cost, stats and text, its crew or
// colour as a band; backs; empty places; piles; Villainy's grid. Moves are put
// on the cards they concern (legal[].info.zone/card/index).
"use strict";

// Fields drawn elsewhere on a face (the band, the head, the text), never as a stat.
// (A slot or a spot is where a card lies, which the table already shows.)
const FACE_FIELDS = new Set(["name", "kind", "text", "last", "back", "empty", "cost", "slot", "spot"]);
const BAND_FIELDS = ["crew", "colour", "color", "team", "element", "class"];
// How a stat reads on a face: a short label the game itself uses where it has one.
const STAT_LABELS = {
  attack: "Attack", defense: "Defense", recruit: "Recruit", power: "Power", vp: "VP",
  reputation: "Rep", value: "Value", damage: "Damage", bystanders: "Bystanders",
  twists: "Twists", tactics: "Tactics", slot: "Slot", space: "Space", under: "Under",
  needs: "Needs", amount: "Amount", supervillain: "Boss", ability: "", health: "Health",
};
// Colour names the games use, as a band colour dark enough for white text.
const NAMED = {
  red: "#b3261e", blue: "#1f5c9e", green: "#2e7d32", yellow: "#7a6100", black: "#2b2b2b",
  white: "#6d6d6d", purple: "#6a3d8f", orange: "#b35400", grey: "#5f6368", gray: "#5f6368",
  pink: "#a83a6b", brown: "#6d4c2f", silver: "#5f6f7a", gold: "#6e5600", fire: "#b3261e",
  water: "#1f5c9e", earth: "#6d4c2f", air: "#3f6b82", tech: "#37474f", covert: "#b3261e",
  instinct: "#7a6100", ranged: "#1f5c9e", strength: "#2e7d32",
};

function bandColour(word) {
  const w = String(word).toLowerCase();
  for (const [k, c] of Object.entries(NAMED)) if (w === k || w.split(/[\s-]+/).includes(k)) return c;
  let h = 0;
  for (const ch of w) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${h} 45% 30%)`; // dark enough for white text (WCAG AA)
}

// Words a game has for its own stats (Villainy's A! and D!).
const GAME_LABELS = {
  villainy: { attack: "A!", defense: "D!", attack_bonus: "A!", defense_bonus: "D!" },
};

function statLabel(k) {
  const game = table.view && GAME_LABELS[table.view.game];
  if (game && k in game) return game[k];
  if (k in STAT_LABELS) return STAT_LABELS[k];
  return k.replaceAll("_", " ");
}

// One stat as a face shows it: "A! 3", "+2 D!" for a bonus, "Power 4".
function statText(k, v) {
  const label = statLabel(k);
  if (k.endsWith("_bonus") && typeof v === "number") return `${v >= 0 ? "+" : ""}${v} ${label}`;
  return label ? `${label} ${v}` : String(v);
}

// What a face says in full: the tooltip (hover) and the accessible name.
function faceSummary(card) {
  const parts = [card.name + (card.kind ? ` (${card.kind})` : "")];
  const stats = [];
  if (card.cost !== undefined) stats.push(`cost ${card.cost}`);
  for (const [k, v] of Object.entries(card)) {
    if (FACE_FIELDS.has(k) || typeof v === "object") continue;
    if (k.endsWith("_bonus") && v === 0) continue;
    stats.push(v === true ? k : statText(k, v));
  }
  if (stats.length) parts.push(stats.join(", "));
  if (card.text) parts.push(card.text);
  return parts.join("\n");
}

function band(card) {
  const key = BAND_FIELDS.find((k) => typeof card[k] === "string" || typeof card[k] === "number");
  return key ? String(card[key]) : null;
}

// A face: size is "" (full), "small", "tiny" (no text) or "mini" (a chip in a summary).
function drawFace(card, size) {
  const c = el("div", `card face ${size} kind-${String(card.kind).replace(/[^a-z0-9-]/gi, "")}`);
  const word = band(card);
  if (word) c.style.setProperty("--band", bandColour(word));
  for (const flag of ["blocked", "broken", "flipped"]) if (card[flag] === true) c.classList.add("is-" + flag);
  c.title = faceSummary(card);
  c.dataset.name = card.name;
  // A tap (no hover on a touch screen) shows the full face; a card with moves plays them instead.
  c.onclick = () => showFace(c);
  if (size === "mini") {
    c.textContent = card.name;
    if (card.blocked === true) c.append(el("b", "mini-mark", " ✕"));
    return c;
  }
  c.append(el("div", "band", word || card.kind));
  const head = el("div", "card-head");
  if (card.cost !== undefined) head.append(el("span", "cost", String(card.cost)));
  head.append(el("span", "card-name", card.name));
  c.append(head);
  const stats = el("div", "card-stats");
  for (const [k, v] of Object.entries(card)) {
    if (FACE_FIELDS.has(k) || BAND_FIELDS.includes(k) || typeof v === "object") continue;
    if (v === true) { if (k !== "blocked") stats.append(el("span", "stat flag", k)); continue; }
    if (k.endsWith("_bonus") && v === 0) continue;
    stats.append(el("span", "stat " + k.replace(/[^a-z0-9_-]/gi, "").toLowerCase(), statText(k, v)));
  }
  if (stats.childElementCount) c.append(stats);
  if (word) c.append(el("div", "card-kind", card.kind));
  if (card.text && size !== "tiny") c.append(el("div", "card-text", card.text));
  return c;
}

function drawCardOf(card, size) {
  let c;
  if (card.back) c = el("div", `card back ${size}`);
  else if (card.empty) { c = el("div", `card empty ${size}`, size === "mini" ? "" : card.label || ""); if (card.label) c.title = card.label + ": empty"; }
  else c = drawFace(card, size);
  if (card.last) c.classList.add("last");
  return c;
}

// --------------------------------------------------------------- moves on cards
function movesFor(zone, card, i, legal) {
  if (card.empty || card.back) return [];
  return legal.filter((m) => m.info && m.info.zone === zone.id && m.info.card === card.name
    && (m.info.index === undefined || m.info.index === i));
}

function moveLabel(m) {
  const dmg = m.info && m.info.damage !== undefined ? ` (deals ${m.info.damage})` : "";
  return m.move + dmg;
}

// A card with moves: clicked (or Enter/Space), it plays its one move or opens a menu.
function makePlayable(c, moves) {
  c.classList.add("playable");
  c.tabIndex = 0;
  c.setAttribute("role", "button");
  c.setAttribute("aria-label", (c.dataset.name || "card") + ": " + moves.map(moveLabel).join("; "));
  if (moves.length > 1) c.append(el("span", "moves-n", `${moves.length} moves`));
  const damages = [...new Set(moves.map((m) => m.info.damage).filter((d) => d !== undefined))];
  if (damages.length) c.append(el("span", "preview", "deals " + damages.join("/")));
  const go = () => (moves.length === 1 ? play(moves[0]) : openMenu(c, moves));
  c.onclick = go;
  c.onkeydown = (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } };
}

function openMenu(anchor, moves) {
  const menu = $("menu");
  menu.replaceChildren(el("div", "menu-title", anchor.dataset.name || "Choose"));
  for (const m of moves) {
    const b = el("button", "move", moveLabel(m));
    b.setAttribute("role", "menuitem");
    b.onclick = () => { closeMenu(); play(m); };
    menu.append(b);
  }
  const cancel = el("button", null, "Cancel");
  cancel.onclick = () => { closeMenu(); anchor.focus(); };
  menu.append(cancel);
  placeMenu(menu, anchor);
  menu.querySelector("button").focus();
  pointMoves(moves);
}

function closeMenu() { $("menu").hidden = true; }

// The full face of a card (its name, stats and text), in the menu's place beside it.
function showFace(card) {
  const menu = $("menu");
  menu.replaceChildren(el("div", "menu-text", card.title));
  const close = el("button", null, "Close");
  close.onclick = closeMenu;
  menu.append(close);
  placeMenu(menu, card);
  close.focus();
}

function placeMenu(menu, anchor) {
  menu.hidden = false;
  const r = anchor.getBoundingClientRect();
  const w = menu.offsetWidth, h = menu.offsetHeight;
  menu.style.left = Math.max(4, Math.min(innerWidth - w - 4, r.left)) + "px";
  menu.style.top = Math.max(4, r.top - h - 4 > 0 ? r.top - h - 4 : Math.min(innerHeight - h - 4, r.bottom + 4)) + "px";
}

// --------------------------------------------------------------------- zones
const PILE_ROLES = new Set(["deck", "discard", "supply", "score"]);

// A zone drawn as one stacked card: a deck, a discard pile, a supply, a score pile.
function isPile(zone) {
  return PILE_ROLES.has(zone.role) || zone.kind === "deck" || zone.kind === "discard" || (zone.kind === "pile" && zone.role !== "hand");
}

// A zone with nothing in it and no places to show: left off the table.
function isBare(zone) {
  return !(zone.count || (zone.cards || []).length);
}

function zoneBox(zone, extra) {
  const z = el("div", `zone role-${zone.role} kind-${zone.kind}${extra ? " " + extra : ""}`);
  z.dataset.zone = zone.id;
  const n = zone.count ?? (zone.cards || []).length;
  z.append(el("h4", null, `${zone.name} · ${n}`));
  z.title = `${zone.name}: ${n} card${n === 1 ? "" : "s"}`;
  return z;
}

// A deck, discard or supply pile: its top card (or a back) and its count.
function drawPile(zone, legal) {
  const z = zoneBox(zone, "pile");
  const cards = zone.cards || [];
  const n = zone.count ?? cards.length;
  const top = (zone.top && zone.top[0]) || cards[cards.length - 1] || (zone.kind === "deck" && n ? { back: true } : null);
  let c;
  if (top) c = drawCardOf(top, "small");
  else c = el("div", "card small placeholder", "empty");
  c.classList.add("pile-card");
  if (n) c.append(el("span", "pile-count", String(n)));
  if (cards.some((x) => x.last)) c.classList.add("last");
  const moves = legal.filter((m) => m.info && m.info.zone === zone.id);
  if (moves.length) makePlayable(c, moves);
  const row = el("div", "cards");
  row.append(c);
  z.append(row);
  return z;
}

// A zone laid out: a grid (rows x columns) or a row of faces at the size given.
function drawZone(zone, legal, size) {
  if (isPile(zone)) return drawPile(zone, legal);
  const z = zoneBox(zone);
  const row = el("div", zone.kind === "grid" ? "grid" : "cards");
  if (zone.kind === "grid" && zone.columns) row.style.gridTemplateColumns = `repeat(${zone.columns}, auto)`;
  const cards = zone.cards || [];
  if (!cards.length) row.append(el("div", `card ${size} placeholder`, "none"));
  cards.forEach((card, i) => {
    const c = drawCardOf(card, size);
    c.dataset.index = i;
    const moves = movesFor(zone, card, i, legal);
    if (moves.length) makePlayable(c, moves);
    row.append(c);
  });
  z.append(row);
  return z;
}

// An opponent's zone in their summary: chips for faces, a count for backs and piles.
function drawSummaryZone(zone, legal) {
  const z = el("span", `ozone role-${zone.role}`);
  z.dataset.zone = zone.id;
  const n = zone.count ?? (zone.cards || []).length;
  z.append(el("span", "ozone-name", `${zone.name.replace(/^.*'s? /, "")} ${n}`));
  z.title = `${zone.name}: ${n}`;
  const cards = zone.cards || [];
  if (zone.kind === "grid" && zone.columns) {
    const g = el("span", "grid");
    g.style.gridTemplateColumns = `repeat(${zone.columns}, auto)`;
    cards.forEach((card, i) => g.append(summaryCard(zone, card, i, legal)));
    z.append(g);
  } else if (!isPile(zone) && cards.some((c) => !c.back && !c.empty)) {
    cards.forEach((card, i) => z.append(summaryCard(zone, card, i, legal)));
  } else if (cards.length && cards.every((c) => c.back) && zone.role === "hand") {
    const b = el("span", "backs");
    for (let i = 0; i < Math.min(cards.length, 8); i++) b.append(drawCardOf(cards[i], "mini"));
    z.append(b);
  }
  return z;
}

function summaryCard(zone, card, i, legal) {
  const c = drawCardOf(card, "mini");
  const moves = movesFor(zone, card, i, legal);
  if (moves.length) makePlayable(c, moves);
  return c;
}

// ------------------------------------------------------------------ motion
// The last move's cards glide from where a card of that name was before the
// redraw (a card bought from the market into a discard pile), or fade in.
function cardPlaces() {
  const at = new Map();
  for (const c of document.querySelectorAll("#table .card.face[data-name]")) {
    const z = c.closest("[data-zone]");
    const key = c.dataset.name;
    if (!at.has(key)) at.set(key, []);
    at.get(key).push({ zone: z ? z.dataset.zone : "", rect: c.getBoundingClientRect() });
  }
  return at;
}

function animateLast(before, fresh) {
  if (!fresh || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  for (const c of document.querySelectorAll("#table .card.last")) {
    const z = c.closest("[data-zone]");
    const was = (before.get(c.dataset.name) || []).find((p) => p.zone !== (z ? z.dataset.zone : ""));
    const now = c.getBoundingClientRect();
    if (was && c.animate && (was.rect.width || was.rect.height)) {
      const dx = was.rect.left - now.left, dy = was.rect.top - now.top;
      c.animate([{ transform: `translate(${dx}px, ${dy}px)`, opacity: 0.6 }, { transform: "none", opacity: 1 }],
        { duration: 450, easing: "ease-out" });
    } else {
      c.classList.add("arrive");
    }
  }
}

// A hand wider than its place overlaps its cards instead of scrolling.
function fitHands() {
  for (const row of document.querySelectorAll(".mine .role-hand .cards")) {
    const n = row.children.length;
    row.parentElement.classList.remove("crowded");
    row.parentElement.style.removeProperty("--overlap");
    if (n < 2 || row.scrollWidth <= row.clientWidth + 1) continue;
    const over = (row.scrollWidth - row.clientWidth) / (n - 1) + 1;
    row.parentElement.classList.add("crowded");
    row.parentElement.style.setProperty("--overlap", over + "px");
  }
}
