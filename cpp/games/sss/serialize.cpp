// Seven Secret Supervillains: the full position as JSON (both ways), the
// invariant check, and resampling what an observer cannot see.
#include <algorithm>

#include "core/error.h"
#include "core/card_json.h"
#include "games/sss/state.h"

namespace henchmen::sss {

namespace {

const char* const kTaskNames[] = {"draw-hand", "draw-freeze", "draw-fetch", "refill-row", "refill-upgrade", "reveal-supervillain", "finish-cleanup"};
const char* const kAbilityKeys[] = {"", "Freeze", "Harvest", "Bounty", "Fetch", "Incinerate", "Replicate", "Transfer"};

template <class DeckT>
Json deck_json(const Config& cfg, const DeckT& d) {
  Json out;
  Json unknown = Json(Json::Array{});
  Json known = Json(Json::Array{});
  for (int i = 0; i < d.n; ++i) (i < d.n_unknown ? unknown : known).push_back(cfg.name[d.c[i]]);
  out["unknown"] = unknown;
  out["known_from_top"] = known;
  return out;
}

int card_id(const Config& cfg, const Json& v, const std::string& where) {
  const std::string& name = v.as_string(where);
  const int id = cfg.card_from_name(name);
  if (id < 0) throw SerializationError(where + ": no card named \"" + name + "\" in this game");
  return id;
}

template <class Pile>
void read_pile(const Config& cfg, const Json& v, Pile& pile, const std::string& where) {
  pile.clear();
  const auto& arr = v.as_array(where);
  if (static_cast<int>(arr.size()) > Pile::capacity()) throw SerializationError(where + " holds more cards than it can (" + std::to_string(Pile::capacity()) + ")");
  for (const auto& item : arr) pile.add(static_cast<uint8_t>(card_id(cfg, item, where)));
}

template <class DeckT>
void read_deck(const Config& cfg, const Json& v, DeckT& d, const std::string& where) {
  d.clear();
  json_expect_keys(v, {"unknown", "known_from_top"}, where);
  const auto& unknown = v.at("unknown", where).as_array(where + ".unknown");
  const auto& known = v.at("known_from_top", where).as_array(where + ".known_from_top");
  if (static_cast<int>(unknown.size() + known.size()) > DeckT::capacity()) throw SerializationError(where + " holds more cards than it can");
  for (const auto& item : unknown) d.add_unknown(static_cast<uint8_t>(card_id(cfg, item, where)));
  for (const auto& item : known) d.put_bottom(static_cast<uint8_t>(card_id(cfg, item, where)));
}

int crew_id(const Config& cfg, const Json& v, const std::string& where) {
  const std::string& name = v.as_string(where);
  const int crew = cfg.crew_from_supervillain(name);
  if (crew < 0) throw SerializationError(where + ": no Supervillain named \"" + name + "\" in this game");
  return crew;
}

[[noreturn]] void broken(const std::string& why) { throw SerializationError("invalid position: " + why); }

}  // namespace

Json State::to_json() const {
  const Config& c = *cfg;
  Json o;
  o["turn"] = static_cast<int>(turn);
  o["turn_player"] = static_cast<int>(turn_player_);
  o["pending"] = pending == Pending::kFetchDiscard ? "fetch-discard" : pending == Pending::kReturnUpgrade ? "return-upgrade" : "none";
  o["over"] = over;
  o["winner"] = static_cast<int>(winner);
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
  Json row_json = Json(Json::Array{});
  for (const uint8_t card : row) row_json.push_back(card == kNoCard ? Json() : Json(c.name[card]));
  o["minion_row"] = row_json;
  o["minion_deck"] = deck_json(c, minion_deck);
  o["upgrade_row"] = upgrade_row == kNoCard ? Json() : Json(c.name[upgrade_row]);
  o["upgrade_deck"] = deck_json(c, upgrade_deck);
  o["scaredy_bots"] = static_cast<int>(scaredy_left);
  o["expelled"] = card_names(c, expelled);
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
    j["hand"] = card_names(c, pl.hand);
    j["hand_public"] = card_names(c, pl.hand_public);
    j["deck"] = deck_json(c, pl.deck);
    j["discard"] = card_names(c, pl.discard);
    j["in_play"] = card_names(c, pl.in_play);
    j["bought"] = card_names(c, pl.bought);
    j["stash"] = card_names(c, pl.stash);
    j["frozen"] = card_names(c, pl.frozen);
    j["frozen_public"] = card_names(c, pl.frozen_public);
    j["upgrades"] = card_names(c, pl.upgrades);
    j["upgrades_pending"] = card_names(c, pl.upgrades_pending);
    Json used = Json(Json::Array{});
    for (int crew = 0; crew < c.crews; ++crew) {
      if (pl.upgrades_used & (1u << crew)) used.push_back(c.name[static_cast<size_t>(kUpgradeBase + crew)]);
    }
    j["upgrades_used"] = used;
    j["power"] = static_cast<int>(pl.power);
    Json pool = Json(Json::Object{});
    for (int a = 1; a < kNumAbilities; ++a) {
      if (pl.tokens[a]) pool[kAbilityKeys[a]] = static_cast<int>(pl.tokens[a]);
    }
    j["abilities"] = pool;
    j["won"] = static_cast<int>(pl.won);
    ps.push_back(j);
  }
  o["players"] = ps;
  return o;
}

State State::from_json(const Config& c, const Json& o) {
  State s;
  s.cfg = &c;
  const std::string w = "position";
  json_expect_keys(o, {"turn", "turn_player", "pending", "over", "winner", "supervillain_deck", "supervillain_slots", "danger_zone", "won_by",
                       "attached", "minion_row", "minion_deck", "upgrade_row", "upgrade_deck", "scaredy_bots", "expelled", "tasks", "players"},
                   w);
  s.turn = static_cast<uint16_t>(o.at("turn", w).as_int("turn", 1, c.max_turns + 1));
  s.turn_player_ = static_cast<uint8_t>(o.at("turn_player", w).as_int("turn_player", 0, c.players - 1));
  const std::string& pend = o.at("pending", w).as_string("pending");
  if (pend == "none") s.pending = Pending::kNone;
  else if (pend == "fetch-discard") s.pending = Pending::kFetchDiscard;
  else if (pend == "return-upgrade") s.pending = Pending::kReturnUpgrade;
  else throw SerializationError("pending must be none, fetch-discard or return-upgrade, got \"" + pend + "\"");
  s.over = o.at("over", w).as_bool("over");
  s.winner = static_cast<int8_t>(o.at("winner", w).as_int("winner", -2, c.players - 1));
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
  const auto& row_json = o.at("minion_row", w).as_array("minion_row");
  if (row_json.size() != kRowSlots) throw SerializationError("minion_row must have 5 entries");
  for (int i = 0; i < kRowSlots; ++i) {
    s.row[i] = row_json[static_cast<size_t>(i)].is_null() ? kNoCard : static_cast<uint8_t>(card_id(c, row_json[static_cast<size_t>(i)], "minion_row"));
  }
  read_deck(c, o.at("minion_deck", w), s.minion_deck, "minion_deck");
  const Json& ur = o.at("upgrade_row", w);
  s.upgrade_row = ur.is_null() ? kNoCard : static_cast<uint8_t>(card_id(c, ur, "upgrade_row"));
  read_deck(c, o.at("upgrade_deck", w), s.upgrade_deck, "upgrade_deck");
  s.scaredy_left = static_cast<uint8_t>(o.at("scaredy_bots", w).as_int("scaredy_bots", 0, c.scaredy_bots));
  read_pile(c, o.at("expelled", w), s.expelled, "expelled");
  const auto& tasks_json = o.at("tasks", w).as_array("tasks");
  if (tasks_json.size() > kMaxTasks) throw SerializationError("too many queued tasks");
  for (const auto& t : tasks_json) {
    json_expect_keys(t, {"kind", "player", "slot", "count"}, "task");
    const std::string& kind = t.at("kind", "task").as_string("task kind");
    int k = -1;
    for (int i = 0; i < 7; ++i) {
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
    json_expect_keys(j, {"hand", "hand_public", "deck", "discard", "in_play", "bought", "stash", "frozen", "frozen_public", "upgrades", "upgrades_pending", "upgrades_used", "power", "abilities", "won"}, pw);
    PlayerState& pl = s.players[p];
    read_pile(c, j.at("hand", pw), pl.hand, pw + ".hand");
    read_pile(c, j.at("hand_public", pw), pl.hand_public, pw + ".hand_public");
    read_deck(c, j.at("deck", pw), pl.deck, pw + ".deck");
    read_pile(c, j.at("discard", pw), pl.discard, pw + ".discard");
    read_pile(c, j.at("in_play", pw), pl.in_play, pw + ".in_play");
    read_pile(c, j.at("bought", pw), pl.bought, pw + ".bought");
    read_pile(c, j.at("stash", pw), pl.stash, pw + ".stash");
    read_pile(c, j.at("frozen", pw), pl.frozen, pw + ".frozen");
    // Positions written before frozen_public existed knew no frozen card publicly.
    if (j.has("frozen_public")) read_pile(c, j.at("frozen_public", pw), pl.frozen_public, pw + ".frozen_public");
    read_pile(c, j.at("upgrades", pw), pl.upgrades, pw + ".upgrades");
    read_pile(c, j.at("upgrades_pending", pw), pl.upgrades_pending, pw + ".upgrades_pending");
    for (const auto& u : j.at("upgrades_used", pw).as_array(pw + ".upgrades_used")) {
      const int id = card_id(c, u, pw + ".upgrades_used");
      if (!is_upgrade(id)) throw SerializationError(pw + ".upgrades_used names a card that is not an Upgrade");
      pl.upgrades_used = static_cast<uint16_t>(pl.upgrades_used | (1u << crew_of(id)));
    }
    pl.power = static_cast<int16_t>(j.at("power", pw).as_int(pw + ".power", 0, 999));
    for (const auto& [name, v] : j.at("abilities", pw).as_object(pw + ".abilities")) {
      const int a = ability_from_name(name);
      if (a <= 0 || a >= kNumAbilities) throw SerializationError(pw + ".abilities has an unknown ability \"" + name + "\"");
      pl.tokens[a] = static_cast<uint8_t>(v.as_int(pw + ".abilities." + name, 0, 99));
    }
    pl.won = static_cast<uint8_t>(j.at("won", pw).as_int(pw + ".won", 0, c.crews));
  }
  return s;
}

void State::validate() const {
  const Config& c = *cfg;
  const int n = c.players;
  // Every card is in exactly one place.
  int count[kCardIds] = {};
  auto tally = [&](const auto& pile, bool minions_only, bool upgrades_only, const char* where) {
    for (const uint8_t card : pile) {
      if (!c.valid_card(card)) broken(std::string(where) + " holds an unknown card");
      if (minions_only && !is_minion(card)) broken(std::string(where) + " may hold only Minions, not " + c.name[card]);
      if (upgrades_only != is_upgrade(card)) broken(std::string(where) + " cannot hold " + c.name[card]);
      ++count[card];
    }
  };
  auto tally_deck = [&](const auto& d, bool minions_only, bool upgrades_only, const char* where) {
    for (int i = 0; i < d.n; ++i) {
      const uint8_t card = d.c[i];
      if (!c.valid_card(card)) broken(std::string(where) + " holds an unknown card");
      if (minions_only && !is_minion(card)) broken(std::string(where) + " may hold only Minions");
      if (upgrades_only != is_upgrade(card)) broken(std::string(where) + " cannot hold " + c.name[card]);
      ++count[card];
    }
    for (int i = 1; i < d.n_unknown; ++i) {
      if (d.c[i - 1] > d.c[i]) broken(std::string(where) + " unknown cards are not in canonical order");
    }
    if (d.n_unknown > d.n) broken(std::string(where) + " has more unknown cards than cards");
  };
  for (const uint8_t card : row) {
    if (card == kNoCard) continue;
    if (!c.valid_card(card) || !is_minion(card)) broken("the Minion row may hold only Minions");
    ++count[card];
  }
  tally_deck(minion_deck, true, false, "the Minion deck");
  if (upgrade_row != kNoCard) {
    if (!c.valid_card(upgrade_row) || !is_upgrade(upgrade_row)) broken("the Upgrade slot may hold only an Upgrade");
    ++count[upgrade_row];
  }
  tally_deck(upgrade_deck, false, true, "the Upgrade deck");
  for (const uint8_t card : expelled) {
    if (!c.valid_card(card) || is_upgrade(card)) broken("the expelled pile holds a card that cannot be expelled");
    ++count[card];
  }
  for (int p = 0; p < n; ++p) {
    const PlayerState& pl = players[p];
    tally(pl.hand, false, false, "a hand");
    tally_deck(pl.deck, false, false, "a deck");
    tally(pl.discard, false, false, "a discard pile");
    tally(pl.in_play, false, false, "a play area");
    tally(pl.bought, false, false, "a bought pile");
    tally(pl.stash, true, false, "a Stash");
    tally(pl.frozen, false, false, "a frozen pile");
    tally(pl.upgrades, false, true, "a Supercomputer");
    tally(pl.upgrades_pending, false, true, "the bought Upgrades");
    for (int crew = 0; crew < c.crews; ++crew) {
      for (const uint8_t card : attached[crew][p]) {
        if (!is_minion(card) || crew_of(card) != crew) broken("a Supervillain has a Minion of another crew attached");
        ++count[card];
      }
    }
    for (const uint8_t card : pl.hand_public) {
      if (pl.hand_public.count(card) > pl.hand.count(card)) broken("the publicly known part of a hand is not part of the hand");
    }
    for (const uint8_t card : pl.frozen_public) {
      if (pl.frozen_public.count(card) > pl.frozen.count(card)) broken("the publicly known frozen cards are not all frozen");
    }
    if (pl.in_play.contains(kExplodeyBot)) broken("a played Explodey Bot is expelled, not in play");
    if (pl.tokens[kTransfer] > pl.in_play.count(kScaredyBot)) broken("more Transfer abilities than Scaredy Bots in play");
    if (pl.upgrades.size() + pl.upgrades_pending.size() > c.upgrade_slots + (pending == Pending::kReturnUpgrade && p == turn_player_ ? 1 : 0)) {
      broken("more than 3 Upgrades attached");
    }
    if (p != turn_player_ && (pl.power || !pl.in_play.empty() || !pl.bought.empty() || !pl.upgrades_pending.empty() || pl.upgrades_used)) {
      broken("a player who is not taking a turn has cards in play or power");
    }
    for (int a = 0; a < kNumAbilities; ++a) {
      if (p != turn_player_ && pl.tokens[a]) broken("a player who is not taking a turn has abilities in the pool");
    }
    if (pl.upgrades_used >> c.crews) broken("an unknown Upgrade is marked used");
  }
  for (int card = 0; card < kCardIds; ++card) {
    int want = 0;
    if (is_minion(card) || is_upgrade(card)) want = c.valid_card(card) ? 1 : 0;
    else if (card == kTinyBot) want = 8 * n;
    else if (card == kJunkyBot) want = 2 * n;
    else if (card == kScaredyBot) want = c.scaredy_bots - scaredy_left;
    else if (card == kExplodeyBot) want = 1;
    if (count[card] != want) {
      broken(c.valid_card(card) ? "there should be " + std::to_string(want) + " of " + c.name[static_cast<size_t>(card)] + " in the game, found " + std::to_string(count[card])
                                : "an unknown card appears");
    }
  }
  // Every Supervillain is in exactly one place.
  int won_total[kMaxPlayers] = {};
  for (int crew = 0; crew < c.crews; ++crew) {
    int places = 0;
    places += (supervillain_deck >> crew) & 1;
    places += (danger_zone >> crew) & 1;
    places += won_by[crew] >= 0;
    for (const int8_t slot : supervillain_slot) places += slot == crew;
    if (places != 1) broken("Supervillain " + c.crew[static_cast<size_t>(crew)].supervillain + " is in " + std::to_string(places) + " places");
    if (won_by[crew] >= 0) {
      if (won_by[crew] >= n) broken("a Supervillain is won by a player not in the game");
      ++won_total[won_by[crew]];
    }
    for (int p = 0; p < n; ++p) {
      if (!attached[crew][p].empty() && !supervillain_revealed(crew)) broken("Minions are attached to a Supervillain that is not revealed");
      if (reputation(crew, p) >= c.win_reputation) broken("a Supervillain has 17 or more reputation attached but was not won");
      bool in_slot = false;
      for (const int8_t slot : supervillain_slot) in_slot = in_slot || slot == crew;
      if (in_slot && reputation(crew, p) >= c.danger_reputation) broken("a Supervillain in the Danger Zone range was not moved there");
    }
  }
  if ((supervillain_deck | danger_zone) >> c.crews) broken("an unknown Supervillain appears");
  for (int p = 0; p < n; ++p) {
    if (won_total[p] != players[p].won) broken("a player's Supervillains won does not match the Supervillains they hold");
    if (!over && players[p].won >= c.supervillains_to_win) broken("a player has won but the game is not over");
  }
  if (over) {
    if (winner == -1) broken("the game is over with no result");
    if (n_tasks || pending != Pending::kNone) broken("the game is over but work is pending");
    return;
  }
  if (winner != -1) broken("a winner is set but the game is not over");
  // While cleanup is queued the turn is over: the turn player has put
  // everything away, and finishing cleanup hands the turn on as it is.
  for (int i = 0; i < n_tasks; ++i) {
    if (tasks[i].kind != TaskKind::kFinishCleanup) continue;
    const PlayerState& pl = players[turn_player_];
    if (tasks[i].player != turn_player_) broken("cleanup is queued for a player whose turn it is not");
    if (pl.power || !pl.in_play.empty() || !pl.bought.empty() || !pl.upgrades_pending.empty() || pl.upgrades_used || pending != Pending::kNone) {
      broken("the turn player has cards in play, power or a decision during cleanup");
    }
    for (int a = 0; a < kNumAbilities; ++a) {
      if (pl.tokens[a]) broken("the turn player has abilities in the pool during cleanup");
    }
  }
  if (n_tasks > 0) {
    for (int i = 0; i < n_tasks; ++i) {
      if (tasks[i].player >= n) broken("a task names a player not in the game");
      if ((tasks[i].kind == TaskKind::kRevealSupervillain && tasks[i].slot >= kSupervillainSlots)) broken("a task names a bad slot");
    }
    // Play never leaves a certain draw queued first, but a resample may (it can
    // leave one kind of card in an opponent's deck): then chance has a single
    // outcome. What must hold is that chance has something to draw from.
    const Task& t = tasks[0];
    bool ready = false;
    switch (t.kind) {
      case TaskKind::kDrawHand:
      case TaskKind::kDrawFreeze:
      case TaskKind::kDrawFetch: ready = t.count > 0 && players[t.player].deck.n_unknown > 0; break;
      case TaskKind::kRefillRow: ready = row[t.slot] == kNoCard && minion_deck.n_unknown > 0; break;
      case TaskKind::kRefillUpgrade: ready = upgrade_row == kNoCard && upgrade_deck.n_unknown > 0; break;
      case TaskKind::kRevealSupervillain: ready = supervillain_slot[t.slot] == -1 && supervillain_deck != 0; break;
      case TaskKind::kFinishCleanup: ready = false; break;
    }
    if (!ready) broken("the first queued task cannot be done by a chance outcome (the position is not settled)");
  } else if (pending == Pending::kFetchDiscard && players[turn_player_].hand.empty()) {
    broken("a Fetch discard is pending with an empty hand");
  } else if (pending == Pending::kReturnUpgrade &&
             players[turn_player_].upgrades.size() + players[turn_player_].upgrades_pending.size() <= c.upgrade_slots) {
    broken("an Upgrade return is pending with room for all Upgrades");
  }
}

// Redraws what `observer` cannot see: every other player's unknown hand
// cards, unknown frozen cards and the unknown part of their deck are pooled and dealt
// back in the same numbers. Known cards stay where they are. While that
// player's draw waits on chance, everyone knows their deck holds at least two
// kinds of card; deals that break this are redrawn (rejection sampling gives
// the right posterior), and after many failures the true deal is kept.
void State::resample(int observer, Rng& rng) {
  for (int p = 0; p < cfg->players; ++p) {
    if (p == observer) continue;
    PlayerState& pl = players[p];
    const PlayerState original = pl;
    const bool draw_pending = n_tasks > 0 && tasks[0].player == p && task_needs_chance(tasks[0]);
    uint8_t pool[kPileCap + kSmallPile + 8];
    int n = 0;
    Multiset<kSmallPile> rest = original.hand;
    for (const uint8_t card : original.hand_public) rest.remove(card);
    for (const uint8_t card : rest) pool[n++] = card;
    Multiset<8> frozen_rest = original.frozen;
    for (const uint8_t card : original.frozen_public) frozen_rest.remove(card);
    for (const uint8_t card : frozen_rest) pool[n++] = card;
    for (int i = 0; i < original.deck.n_unknown; ++i) pool[n++] = original.deck.c[i];
    const int hand_hidden = rest.size();
    const int frozen = frozen_rest.size();
    for (int attempt = 0;; ++attempt) {
      if (attempt == 1000) {
        pl = original;
        break;
      }
      for (int i = n - 1; i > 0; --i) std::swap(pool[i], pool[rng.below(static_cast<uint32_t>(i + 1))]);
      pl.hand = original.hand_public;
      pl.frozen = original.frozen_public;
      pl.deck.clear();
      int k = 0;
      for (int i = 0; i < hand_hidden; ++i) pl.hand.add(pool[k++]);
      for (int i = 0; i < frozen; ++i) pl.frozen.add(pool[k++]);
      while (k < n) pl.deck.add_unknown(pool[k++]);
      for (int i = original.deck.n_unknown; i < original.deck.n; ++i) pl.deck.put_bottom(original.deck.c[i]);
      if (!draw_pending || task_needs_chance(tasks[0])) break;
    }
  }
}

}  // namespace henchmen::sss
