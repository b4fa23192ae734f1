// Seven Secret Supervillains: the full position as JSON (both ways); the
// invariant check is validate.cpp, the redraw of what an observer cannot see
// resample.cpp.
#include <algorithm>
#include <iterator>

#include "core/error.h"
#include "core/card_json.h"
#include "games/sss/deck_top.h"
#include "games/sss/state.h"

namespace henchmen::sss {

namespace {

const char* const kTaskNames[] = {"draw-hand", "draw-freeze", "draw-fetch", "refill-row", "refill-upgrade", "reveal-supervillain", "finish-cleanup", "chaos-turn", "look-bottom", "look-top", "draw-remix", "draw-gamble", "look-rewrite", "look-sell", "draw-spell", "gain-minion", "look-trendset"};
const char* const kAbilityKeys[] = {"", "Freeze", "Harvest", "Bounty", "Fetch", "Incinerate", "Replicate", "Transfer", "Froth", "Consume", "Pupate", "Snooze", "Pull", "Prophecize", "Gust", "Remix", "Haggle", "Expedite", "Engineer", "Hack", "Experiment", "Repeat", "Gamble", "Rewrite", "Sell", "Discombobulate", "Trendset"};
static_assert(sizeof(kAbilityKeys) / sizeof(kAbilityKeys[0]) == kNumAbilities, "a key for every ability of the pool");

// The seats an entry's card is known to, {"known_to": [seat, ...]}, as a mask.
uint8_t read_known_to(const Json& entry, const std::string& where, int players) {
  uint8_t seen = 0;
  for (const auto& who : entry.at("known_to", where).as_array(where + ".known_to")) {
    const int64_t p = who.as_int(where + ".known_to");
    if (p < 0 || p >= players) throw SerializationError(where + ".known_to: player " + std::to_string(p) + " is not seated (0 to " + std::to_string(players - 1) + ")");
    seen = static_cast<uint8_t>(seen | (1u << p));
  }
  return seen;
}

template <class DeckT>
Json deck_json(const Config& cfg, const DeckT& d) {
  Json out;
  Json unknown = Json(Json::Array{});
  Json known = Json(Json::Array{});
  for (int i = 0; i < d.n; ++i) (i < d.n_unknown ? unknown : known).push_back(cfg.name[d.c[i]]);
  out["unknown"] = unknown;
  out["known_from_top"] = known;
  // Only when there is one: positions without a known top segment read as before.
  if (d.n_top > 0) {
    Json top = Json(Json::Array{});
    for (int i = 0; i < d.n_top; ++i) {
      Json card;
      card["card"] = cfg.name[d.top[i]];
      Json who = Json(Json::Array{});
      for (int p = 0; p < kMaxPlayers; ++p) {
        if ((d.top_seen[i] >> p) & 1u) who.push_back(p);
      }
      card["known_to"] = who;
      top.push_back(card);
    }
    out["top"] = top;
  }
  Json looked = Json(Json::Array{});
  for (int k = 0; k < d.known(); ++k) {
    if (d.bottom_is_private(k)) looked.push_back(k);
  }
  if (!looked.as_array("").empty()) out["known_to_owner_only"] = looked;
  return out;
}

template <class DeckT>
void read_deck(const Config& cfg, const Json& v, DeckT& d, const std::string& where) {
  d.clear();
  json_expect_keys(v, {"unknown", "known_from_top", "top", "known_to_owner_only"}, where);
  const auto& unknown = v.at("unknown", where).as_array(where + ".unknown");
  const auto& known = v.at("known_from_top", where).as_array(where + ".known_from_top");
  const Json no_top = Json(Json::Array{});
  const auto& top = (v.has("top") ? v.at("top", where) : no_top).as_array(where + ".top");
  if (static_cast<int>(top.size()) > DeckT::top_capacity()) {
    throw SerializationError(where + ".top holds more cards than it can (" + std::to_string(DeckT::top_capacity()) + ")");
  }
  if (static_cast<int>(unknown.size() + known.size() + top.size()) > DeckT::capacity()) throw SerializationError(where + " holds more cards than it can");
  for (const auto& item : unknown) d.add_unknown(static_cast<uint8_t>(card_named(cfg, item.as_string(where), where)));
  for (const auto& item : known) d.put_bottom(static_cast<uint8_t>(card_named(cfg, item.as_string(where), where)));
  // Read bottom-up, so that each put_top lands above the last.
  for (size_t i = top.size(); i-- > 0;) {
    const std::string tw = where + ".top[" + std::to_string(i) + "]";
    json_expect_keys(top[i], {"card", "known_to"}, tw);
    const uint8_t seen = read_known_to(top[i], tw, cfg.players);
    d.put_top(static_cast<uint8_t>(card_named(cfg, top[i].at("card", tw).as_string(tw), tw)), seen);
  }
  if (v.has("known_to_owner_only")) {
    const std::string lw = where + ".known_to_owner_only";
    Json copy = v.at("known_to_owner_only", where);
    DeckT marked = d;
    for (const auto& k : copy.as_array(lw)) {
      const int64_t i = k.as_int(lw);
      if (i < 0 || i >= d.known()) throw SerializationError(lw + ": " + std::to_string(i) + " is not the index of a card of known_from_top (0 to " + std::to_string(d.known() - 1) + ")");
      marked.mark_private(static_cast<int>(i));
    }
    d = marked;
  }
}

int crew_id(const Config& cfg, const Json& v, const std::string& where) {
  const std::string& name = v.as_string(where);
  const int crew = cfg.crew_from_supervillain(name);
  if (crew < 0) throw SerializationError(where + ": no Supervillain named \"" + name + "\" in this game");
  return crew;
}

}  // namespace

const char* task_name(TaskKind kind) { return kTaskNames[static_cast<int>(kind)]; }

const char* pending_name(Pending p) { return p == Pending::kNone ? "" : kPendingWords[static_cast<int>(p)]; }

Json State::to_json() const {
  const Config& c = *cfg;
  Json o;
  write_fields(*this, c, o);
  Json deck = Json(Json::Array{});
  Json dz = Json(Json::Array{});
  Json won = Json(Json::Object{});
  Json att = Json(Json::Object{});
  for (int crew = 0; crew < c.crews; ++crew) {
    const std::string& name = c.crew[static_cast<size_t>(crew)].supervillain;
    if (supervillain_deck & (1u << crew)) deck.push_back(name);
    if (danger_zone & (1u << crew)) dz.push_back(name);
    if (won_by[crew] >= 0) won[name] = static_cast<int>(won_by[crew]);
    bool any = false;
    Json sides = Json(Json::Array{});
    for (int p = 0; p < c.players; ++p) {
      sides.push_back(card_names(c, attached[crew][p]));
      any = any || !attached[crew][p].empty();
    }
    if (any) att[name] = sides;
  }
  Json slots = Json(Json::Array{});
  for (const int8_t s : supervillain_slot) slots.push_back(s < 0 ? Json() : Json(c.crew[static_cast<size_t>(s)].supervillain));
  o["supervillain_deck"] = deck;
  o["supervillain_slots"] = slots;
  o["danger_zone"] = dz;
  o["won_by"] = won;
  o["attached"] = att;
  o["minion_deck"] = deck_json(c, minion_deck);
  // Only when one is not public: positions without Trendset read and hash as before.
  {
    Json marks = Json(Json::Array{});
    for (int k = 0; k < minion_deck.known(); ++k) {
      if (minion_bottom_seen[k] == 0) continue;
      Json m;
      m["index"] = k;
      Json who = Json(Json::Array{});
      for (int p = 0; p < kMaxPlayers; ++p) {
        if ((minion_bottom_seen[k] >> p) & 1u) who.push_back(p);
      }
      m["known_to"] = who;
      marks.push_back(m);
    }
    if (!marks.as_array("").empty()) o["minion_deck"]["known_from_top_known_to"] = marks;
  }
  o["upgrade_deck"] = deck_json(c, upgrade_deck);
  // Only when there is one: positions without the crews that mark cards read as before.
  if (pupated[0] | pupated[1]) o["pupated"] = card_set_names(c, pupated, kCardIds);
  if (hack_power) o["hack_power"] = static_cast<int>(hack_power);
  if (c.explodey_pile) o["explodey_bots"] = static_cast<int>(explodey_left);  // only in games with the pile
  if (repeatable != kNoAbility) o["repeatable"] = kAbilityKeys[repeatable];
  Json from_minions = Json(Json::Object{});
  for (int a = 1; a < kNumAbilities; ++a) {
    if (minion_tokens[a]) from_minions[kAbilityKeys[a]] = static_cast<int>(minion_tokens[a]);
  }
  if (!from_minions.as_object("").empty()) o["minion_abilities"] = from_minions;
  if (gamble_card != kNoCard) o["gamble"] = c.name[gamble_card];  // face down, its guess still to come
  // What the others knew of that hand: only when there is something, so that
  // positions without it read (and hash) as before.
  if (!gamble_known.empty()) o["gamble_known"] = card_names(c, gamble_known);
  if (n_looked > 0) {  // Rewrite or Sell: off the top of the turn player's deck, top first
    Json cards = Json(Json::Array{});
    for (int i = 0; i < n_looked; ++i) {
      Json card;
      card["card"] = c.name[looked[i]];
      Json who = Json(Json::Array{});
      for (int p = 0; p < kMaxPlayers; ++p) {
        if ((looked_seen[i] >> p) & 1u) who.push_back(p);
      }
      card["known_to"] = who;
      cards.push_back(card);
    }
    o["looked"] = cards;
  }
  if (c.chaos_spells) o["chaos_spell_deck"] = deck_json(c, chaos_deck);  // only in games with Discombobulate
  if (haggle_slots) {
    Json spots = Json(Json::Array{});
    for (int slot = 0; slot < kRowSlots; ++slot) {
      if (haggle_slots & (1u << slot)) spots.push_back(slot);
    }
    o["haggle_slots"] = spots;  // refills still to come that will be 2 cheaper
  }
  if (haggled[0] | haggled[1]) o["haggled"] = card_set_names(c, haggled, kCardIds);
  Json tasks_json = Json(Json::Array{});
  for (int i = 0; i < n_tasks; ++i) {
    Json t;
    t["kind"] = kTaskNames[static_cast<int>(tasks[i].kind)];
    t["player"] = static_cast<int>(tasks[i].player);
    t["slot"] = static_cast<int>(tasks[i].slot);
    t["count"] = static_cast<int>(tasks[i].count);
    tasks_json.push_back(t);
  }
  o["tasks"] = tasks_json;
  Json ps = Json(Json::Array{});
  for (int p = 0; p < c.players; ++p) {
    const PlayerState& pl = players[p];
    Json j;
    write_fields(pl, c, j);
    j["deck"] = deck_json(c, pl.deck);
    j["frozen_public"] = card_names(c, pl.frozen_public);
    Json used = Json(Json::Array{});
    for (int crew = 0; crew < c.crews; ++crew) {
      if (pl.upgrades_used & (1u << crew)) used.push_back(c.name[static_cast<size_t>(kUpgradeBase + crew)]);
    }
    j["upgrades_used"] = used;
    Json pool = Json(Json::Object{});
    for (int a = 1; a < kNumAbilities; ++a) {
      if (pl.tokens[a]) pool[kAbilityKeys[a]] = static_cast<int>(pl.tokens[a]);
    }
    j["abilities"] = pool;
    if (c.chaos_spells) {
      j["spell_book"] = card_names(c, pl.spell_book);
      j["spell_book_public"] = card_names(c, pl.spell_book_public);
      j["spells_aside"] = card_names(c, pl.spells_aside);
      j["spells_aside_public"] = card_names(c, pl.spells_aside_public);
    }
    ps.push_back(j);
  }
  o["players"] = ps;
  return o;
}

State State::from_json(const Config& c, const Json& o) {
  State s;
  s.cfg = &c;
  const std::string w = "position";
  json_expect_keys(o, field_keys<State>({"supervillain_deck", "supervillain_slots", "danger_zone", "won_by", "attached", "minion_deck", "upgrade_deck", "pupated", "haggle_slots", "haggled", "hack_power", "explodey_bots", "repeatable", "minion_abilities", "gamble", "gamble_known", "looked", "chaos_spell_deck", "tasks"}),
                   w);
  read_fields(o, c, s);
  s.supervillain_deck = 0;
  for (const auto& v : o.at("supervillain_deck", w).as_array("supervillain_deck")) s.supervillain_deck = static_cast<uint16_t>(s.supervillain_deck | (1u << crew_id(c, v, "supervillain_deck")));
  const auto& slots = o.at("supervillain_slots", w).as_array("supervillain_slots");
  if (slots.size() != kSupervillainSlots) throw SerializationError("supervillain_slots must have 3 entries");
  for (int i = 0; i < kSupervillainSlots; ++i) {
    s.supervillain_slot[i] = static_cast<int8_t>(slots[static_cast<size_t>(i)].is_null() ? -1 : crew_id(c, slots[static_cast<size_t>(i)], "supervillain_slots"));
  }
  s.danger_zone = 0;
  for (const auto& v : o.at("danger_zone", w).as_array("danger_zone")) s.danger_zone = static_cast<uint16_t>(s.danger_zone | (1u << crew_id(c, v, "danger_zone")));
  for (const auto& [name, v] : o.at("won_by", w).as_object("won_by")) {
    s.won_by[crew_id(c, Json(name), "won_by")] = static_cast<int8_t>(v.as_int("won_by." + name, 0, c.players - 1));
  }
  for (const auto& [name, sides] : o.at("attached", w).as_object("attached")) {
    const int crew = crew_id(c, Json(name), "attached");
    const auto& arr = sides.as_array("attached." + name);
    if (static_cast<int>(arr.size()) != c.players) throw SerializationError("attached." + name + " must have one list per player");
    for (int p = 0; p < c.players; ++p) read_pile(c, arr[static_cast<size_t>(p)], s.attached[crew][p], "attached." + name);
  }
  {
    const Json& md = o.at("minion_deck", w);
    Json::Object plain = md.as_object("minion_deck");
    plain.erase("known_from_top_known_to");
    read_deck(c, Json(plain), s.minion_deck, "minion_deck");
    if (const Json* marks = md.find("known_from_top_known_to")) {
      const std::string mw = "minion_deck.known_from_top_known_to";
      for (const auto& m : marks->as_array(mw)) {
        json_expect_keys(m, {"index", "known_to"}, mw);
        const int64_t k = m.at("index", mw).as_int(mw + ".index");
        if (k < 0 || k >= s.minion_deck.known()) throw SerializationError(mw + ": " + std::to_string(k) + " is not the index of a card of known_from_top (0 to " + std::to_string(s.minion_deck.known() - 1) + ")");
        const uint8_t seen = read_known_to(m, mw, c.players);
        if (seen == 0) throw SerializationError(mw + ".known_to: a marked card is known to someone (leave a public card out)");
        s.minion_bottom_seen[k] = seen;
      }
    }
  }
  read_deck(c, o.at("upgrade_deck", w), s.upgrade_deck, "upgrade_deck");
  if (const Json* marks = o.find("pupated")) {
    for (const auto& v : marks->as_array("pupated")) {
      const int card = card_named(c, v.as_string("pupated"), "pupated");
      s.pupated[card >> 6] |= uint64_t{1} << (card & 63);
    }
  }
  if (const Json* hp = o.find("hack_power")) s.hack_power = static_cast<int16_t>(hp->as_int("hack_power", 0, 999));
  if (const Json* eb = o.find("explodey_bots")) {
    if (c.explodey_pile == 0) throw SerializationError("explodey_bots: this game has no Explodey pile (only games with Experiment, Pandamonium, have one)");
    const int64_t left = eb->as_int("explodey_bots", 0, 99);
    if (left > c.explodey_pile) {
      // Positions written before the pile lost the Bots the mode deals had 10 there at every player count.
      throw SerializationError("explodey_bots: " + std::to_string(left) + " Explodey Bots in the pile, but this game's pile holds at most " + std::to_string(c.explodey_pile) +
                               " (11 Explodey Bots in all, " + std::to_string(c.explodey_total()) + " dealt to the players' hands; a position written when the pile always held 10 does not load)");
    }
    s.explodey_left = static_cast<uint8_t>(left);
  } else if (c.explodey_pile > 0) {
    throw SerializationError("position: missing key \"explodey_bots\" (the Explodey pile of a game with Experiment, 0 to " + std::to_string(c.explodey_pile) + ")");
  }
  auto repeat_ability = [](const std::string& name, const std::string& where) {
    const int a = ability_from_name(name);
    if (a <= kNoAbility || a >= kNumAbilities) throw SerializationError(where + " has an unknown ability \"" + name + "\"");
    return a;
  };
  if (const Json* r = o.find("repeatable")) s.repeatable = static_cast<uint8_t>(repeat_ability(r->as_string("repeatable"), "repeatable"));
  if (const Json* m = o.find("minion_abilities")) {
    for (const auto& [name, v] : m->as_object("minion_abilities")) {
      s.minion_tokens[repeat_ability(name, "minion_abilities")] = static_cast<uint8_t>(v.as_int("minion_abilities." + name, 0, 99));
    }
  }
  if (const Json* g = o.find("gamble")) s.gamble_card = static_cast<uint8_t>(card_named(c, g->as_string("gamble"), "gamble"));
  // Positions written before gamble_known existed forgot the hand while the
  // card was down: they load knowing nothing of it, as they did.
  if (const Json* known = o.find("gamble_known")) {
    if (s.gamble_card == kNoCard) throw SerializationError("gamble_known: no card lies face down (\"gamble\"); what the others knew of a hand is kept only while a Gamble's card is down");
    read_pile(c, *known, s.gamble_known, "gamble_known");
  }
  if (const Json* lk = o.find("looked")) {
    const auto& arr = lk->as_array("looked");
    if (arr.size() > static_cast<size_t>(kLookedCap)) throw SerializationError("looked holds more cards than Rewrite looks at (3)");
    for (size_t i = 0; i < arr.size(); ++i) {
      const std::string lw = "looked[" + std::to_string(i) + "]";
      json_expect_keys(arr[i], {"card", "known_to"}, lw);
      const uint8_t seen = read_known_to(arr[i], lw, c.players);
      s.looked[i] = static_cast<uint8_t>(card_named(c, arr[i].at("card", lw).as_string(lw), lw));
      s.looked_seen[i] = seen;
    }
    s.n_looked = static_cast<uint8_t>(arr.size());
  }
  if (const Json* cd = o.find("chaos_spell_deck")) {
    if (!c.chaos_spells) throw SerializationError("chaos_spell_deck: this game has no Chaos Spells (only games with Discombobulate, Gizzard Wizards, have them)");
    read_deck(c, *cd, s.chaos_deck, "chaos_spell_deck");
  } else if (c.chaos_spells) {
    throw SerializationError("position: missing key \"chaos_spell_deck\" (the Chaos Spell deck of a game with Discombobulate)");
  }
  if (const Json* spots = o.find("haggle_slots")) {
    for (const auto& v : spots->as_array("haggle_slots")) s.haggle_slots = static_cast<uint8_t>(s.haggle_slots | (1u << v.as_int("haggle slot", 0, kRowSlots - 1)));
  }
  if (const Json* cards = o.find("haggled")) {
    for (const auto& v : cards->as_array("haggled")) {
      const int card = card_named(c, v.as_string("haggled"), "haggled");
      s.haggled[card >> 6] |= uint64_t{1} << (card & 63);
    }
  }
  const auto& tasks_json = o.at("tasks", w).as_array("tasks");
  if (tasks_json.size() > kMaxTasks) throw SerializationError("too many queued tasks");
  for (const auto& t : tasks_json) {
    json_expect_keys(t, {"kind", "player", "slot", "count"}, "task");
    const std::string& kind = t.at("kind", "task").as_string("task kind");
    int k = -1;
    for (int i = 0; i < static_cast<int>(std::size(kTaskNames)); ++i) {
      if (kind == kTaskNames[i]) k = i;
    }
    if (k < 0) throw SerializationError("unknown task kind \"" + kind + "\"");
    Task task;
    task.kind = static_cast<TaskKind>(k);
    task.player = static_cast<uint8_t>(t.at("player", "task").as_int("task player", 0, c.players - 1));
    task.slot = static_cast<uint8_t>(t.at("slot", "task").as_int("task slot", 0, kRowSlots - 1));
    task.count = static_cast<uint8_t>(t.at("count", "task").as_int("task count", 0, 9));
    s.tasks[s.n_tasks++] = task;
  }
  const auto& ps = o.at("players", w).as_array("players");
  if (static_cast<int>(ps.size()) != c.players) throw SerializationError("players must have " + std::to_string(c.players) + " entries");
  for (int p = 0; p < c.players; ++p) {
    const Json& j = ps[static_cast<size_t>(p)];
    const std::string pw = "players[" + std::to_string(p) + "]";
    json_expect_keys(j, field_keys<PlayerState>({"deck", "frozen_public", "upgrades_used", "abilities", "spell_book", "spell_book_public", "spells_aside", "spells_aside_public"}), pw);
    PlayerState& pl = s.players[p];
    read_fields(j, c, pl, pw);
    read_deck(c, j.at("deck", pw), pl.deck, pw + ".deck");
    // Positions written before frozen_public existed knew no frozen card publicly.
    if (j.has("frozen_public")) read_pile(c, j.at("frozen_public", pw), pl.frozen_public, pw + ".frozen_public");
    for (const auto& u : j.at("upgrades_used", pw).as_array(pw + ".upgrades_used")) {
      const int id = card_named(c, u.as_string(pw + ".upgrades_used"), pw + ".upgrades_used");
      if (!is_upgrade(id)) throw SerializationError(pw + ".upgrades_used names a card that is not an Upgrade");
      pl.upgrades_used = static_cast<uint16_t>(pl.upgrades_used | (1u << crew_of(id)));
    }
    for (const auto& [name, v] : j.at("abilities", pw).as_object(pw + ".abilities")) {
      const int a = ability_from_name(name);
      if (a <= 0 || a >= kNumAbilities) throw SerializationError(pw + ".abilities has an unknown ability \"" + name + "\"");
      pl.tokens[a] = static_cast<uint8_t>(v.as_int(pw + ".abilities." + name, 0, 99));
    }
    for (const char* key : {"spell_book", "spell_book_public", "spells_aside", "spells_aside_public"}) {
      const Json* v = j.find(key);
      if (!v && !c.chaos_spells) continue;
      if (!c.chaos_spells) throw SerializationError(pw + "." + key + ": this game has no Chaos Spells (only games with Discombobulate, Gizzard Wizards, have them)");
      if (!v) throw SerializationError(pw + ": missing key \"" + key + "\" (a game with Discombobulate)");
      const std::string k = key;
      auto& pile = k == "spell_book" ? pl.spell_book : k == "spell_book_public" ? pl.spell_book_public : k == "spells_aside" ? pl.spells_aside : pl.spells_aside_public;
      read_pile(c, *v, pile, pw + "." + k);
    }
  }
  if (s.gamble_card != kNoCard && c.players >= 2) s.open_gamble(s.gamble_card);  // the guess is asked again
  return s;
}

}  // namespace henchmen::sss
