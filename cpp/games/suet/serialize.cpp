// S.U.E.T.: the position as JSON (both ways), resampling from the position
// alone, and the zones the knowledge tracker reads.
#include "core/card_json.h"
#include "core/error.h"
#include "games/suet/state.h"

namespace henchmen::suet {

namespace {
[[noreturn]] void broken_position(const std::string& why) { throw SerializationError("invalid position: " + why); }

const char* const kPhaseWords[] = {"geniuses", "playing", "over"};
const char* const kChoiceWords[kChoices] = {"none", "take-from-discard", "take-from-market", "trade-from-market", "discard-down", "pay-cost", "everyone-discards", "slot-break", "slot-back"};
const char* const kTriggerWords[kTriggers] = {"play", "block", "setback", "between-turns"};
const char* const kPickWords[] = {"steal", "discard"};

int card_id(const Config& cfg, const std::string& name, const std::string& what) {
  for (int k = 0; k < cfg.kinds; ++k) {
    if (cfg.name[k] == name) return k;
  }
  broken_position(what + " names no card " + quote(name));
}

void read_counts(const Config& cfg, const Json& v, uint8_t* c, const std::string& what) {
  if (!v.is_object()) broken_position(what + " must be an object of card name to count");
  for (int k = 0; k < K; ++k) c[k] = 0;
  for (const auto& [name, n] : v.as_object(what)) {
    const int k = card_id(cfg, name, what);
    c[k] = static_cast<uint8_t>(n.as_int(what, 1, cfg.count[k]));
  }
}

template <size_t N>
uint8_t word(const Json& v, const char* const (&words)[N], const std::string& what) {
  const std::string& s = v.as_string(what);
  std::string list;
  for (size_t i = 0; i < N; ++i) {
    if (s == words[i]) return static_cast<uint8_t>(i);
    list += (i ? ", " : "") + std::string(words[i]);
  }
  broken_position(what + " must be one of " + list + ", not " + quote(s));
}

Json card_or_null(const Config& cfg, uint8_t k) { return k == kNone ? Json() : Json(cfg.name[k]); }
uint8_t read_card_or_null(const Config& cfg, const Json& v, const std::string& what) { return v.is_null() ? kNone : static_cast<uint8_t>(card_id(cfg, v.as_string(what), what)); }
}  // namespace

Json State::to_json() const {
  const int n = cfg->players;
  Json j;
  j["phase"] = kPhaseWords[phase];
  Json players = Json(Json::Array{});
  for (int p = 0; p < n; ++p) {
    Json o;
    o["genius"] = genius[p] == kNone ? Json() : Json(cfg->genius_name[genius[p]]);
    o["hand"] = card_counts(*cfg, hand[p], cfg->kinds);
    Json lab = Json(Json::Array{});
    for (int c = 0; c < kColours; ++c) lab.push_back(card_or_null(*cfg, comp[p][c]));
    o["lab"] = lab;
    Json br = Json(Json::Array{});
    Json ch = Json(Json::Array{});
    for (int c = 0; c < kColours; ++c) {
      if ((broken[p] >> c) & 1) br.push_back(kColourNames[c]);
      if ((cheat[p] >> c) & 1) ch.push_back(kColourNames[c]);
    }
    o["broken"] = br;
    o["cheat"] = ch;
    o["enhancement"] = card_or_null(*cfg, enh[p]);
    o["hindrance"] = static_cast<bool>((hindrance >> p) & 1);
    o["waiting"] = card_counts(*cfg, front[p], cfg->kinds);
    o["owed"] = static_cast<int>(owed[p]);
    players.push_back(o);
  }
  j["players"] = players;
  j["deck"] = card_counts(*cfg, deck, cfg->kinds);
  j["discard"] = card_counts(*cfg, discard, cfg->kinds);
  j["in_play"] = card_counts(*cfg, inplay, cfg->kinds);
  Json m = Json(Json::Array{});
  for (int i = 0; i < market_n; ++i) m.push_back(cfg->name[market[i]]);
  j["black_market"] = m;
  j["turn_player"] = static_cast<int>(turn_player_);
  j["turn"] = static_cast<int>(turn);
  j["round"] = static_cast<int>(round);
  j["round_colour"] = round_colour == kNone ? Json() : Json(round_colour == kBlackMarketRound ? std::string("Black Market") : std::string(kColourNames[round_colour]));
  j["actions_left"] = static_cast<int>(actions_left);
  j["free_place_used"] = free_place_used;
  j["free_repair_used"] = free_repair_used;
  j["extra_turn"] = extra_turn;
  if (extra_later) {  // written only when set: positions without one read and write as before
    Json later = Json(Json::Array{});
    for (int p = 0; p < n; ++p) {
      if ((extra_later >> p) & 1) later.push_back(p);
    }
    j["extra_turn_later"] = later;
  }
  j["again"] = again;
  j["starting"] = starting;
  j["ending"] = ending;
  j["rolling"] = rolling;
  j["first_draw"] = first_draw;
  Json pl;
  if (play_card != kNone) {
    pl["card"] = cfg->name[play_card];
    pl["by"] = static_cast<int>(play_by);
    pl["target"] = static_cast<int>(play_target);
    pl["blocks"] = static_cast<int>(chain);
  }
  j["play"] = pl;
  Json windows = Json(Json::Array{});
  for (int d = 0; d < reactions.depth; ++d) {
    const auto& w = reactions.windows[d];
    Json o;
    o["trigger"] = kTriggerWords[w.trigger];
    o["opener"] = static_cast<int>(w.opener);
    o["card"] = w.trigger == kBetweenTurns ? Json() : Json(cfg->name[w.arg]);  // between turns no card is answered
    Json order = Json(Json::Array{});
    for (int i = 0; i < w.n; ++i) order.push_back(static_cast<int>(w.order[i]));
    o["asked"] = order;
    o["next"] = static_cast<int>(w.next);
    o["passes"] = static_cast<int>(w.passes);
    windows.push_back(o);
  }
  j["windows"] = windows;
  Json st;
  if (strike_card != kNone) {
    st["card"] = cfg->name[strike_card];
    st["victim"] = static_cast<int>(strike_victim);
    st["by"] = static_cast<int>(strike_by);
    st["slot"] = strike_slot == kNone ? Json() : Json(kColourNames[strike_slot]);
    st["asked"] = strike_asked;
  }
  j["setback"] = st;
  Json pk;
  if (pick_from != kNone) {
    pk["from"] = static_cast<int>(pick_from);
    pk["for"] = static_cast<int>(pick_for);
    pk["mode"] = kPickWords[pick_mode];
  }
  j["pick"] = pk;
  j["choice"] = kChoiceWords[choice];
  j["chooser"] = static_cast<int>(chooser);
  Json ds = Json(Json::Array{});
  for (int p = 0; p < n; ++p) {
    if ((discarders >> p) & 1) ds.push_back(p);
  }
  j["discarders"] = ds;
  j["winner"] = static_cast<int>(winner);
  j["win_reason"] = static_cast<int>(win_reason);
  return j;
}

State State::from_json(const Config& cfg, const Json& doc) {
  if (!doc.is_object()) broken_position("a position must be a JSON object");
  json_expect_keys(doc, {"phase", "players", "deck", "discard", "in_play", "black_market", "turn_player", "turn", "round", "round_colour", "actions_left", "free_place_used",
                         "free_repair_used", "extra_turn", "extra_turn_later", "again", "starting", "ending", "rolling", "first_draw", "play", "windows", "setback", "pick", "choice", "chooser",
                         "discarders", "winner", "win_reason"},
                   "position");
  const int n = cfg.players;
  State s = State::initial(cfg);
  s.phase = word(doc.at("phase", "position"), kPhaseWords, "phase");
  const auto& players = doc.at("players", "position").as_array("players");
  if (static_cast<int>(players.size()) != n) broken_position("players must list one entry per player (" + std::to_string(n) + ")");
  for (int p = 0; p < n; ++p) {
    const Json& o = players[static_cast<size_t>(p)];
    json_expect_keys(o, {"genius", "hand", "lab", "broken", "cheat", "enhancement", "hindrance", "waiting", "owed"}, "player");
    const Json& g = o.at("genius", "player");
    if (!g.is_null()) {
      for (int i = 0; i < kGeniuses; ++i) {
        if (cfg.genius_name[i] == g.as_string("genius")) s.genius[p] = static_cast<uint8_t>(i);
      }
      if (s.genius[p] == kNone) broken_position("genius names no evil genius '" + g.as_string("genius") + "'");
    }
    read_counts(cfg, o.at("hand", "player"), s.hand[p], "hand");
    int t = 0;
    for (int k = 0; k < cfg.kinds; ++k) t += s.hand[p][k];
    s.hand_n[p] = static_cast<uint8_t>(t);
    const auto& lab = o.at("lab", "player").as_array("lab");
    if (lab.size() != kColours) broken_position("a lab lists its four places, Red, Blue, Purple, Green (null for empty)");
    for (int c = 0; c < kColours; ++c) s.comp[p][c] = read_card_or_null(cfg, lab[static_cast<size_t>(c)], "lab");
    for (const Json& c : o.at("broken", "player").as_array("broken")) s.broken[p] = static_cast<uint8_t>(s.broken[p] | (1u << word(c, kColourNames, "broken")));
    for (const Json& c : o.at("cheat", "player").as_array("cheat")) s.cheat[p] = static_cast<uint8_t>(s.cheat[p] | (1u << word(c, kColourNames, "cheat")));
    s.enh[p] = read_card_or_null(cfg, o.at("enhancement", "player"), "enhancement");
    if (o.at("hindrance", "player").as_bool("hindrance")) s.hindrance = static_cast<uint8_t>(s.hindrance | (1u << p));
    read_counts(cfg, o.at("waiting", "player"), s.front[p], "waiting");
    s.owed[p] = static_cast<uint8_t>(o.at("owed", "player").as_int("owed", 0, 60));
  }
  read_counts(cfg, doc.at("deck", "position"), s.deck, "deck");
  read_counts(cfg, doc.at("discard", "position"), s.discard, "discard");
  read_counts(cfg, doc.at("in_play", "position"), s.inplay, "in_play");
  for (int k = 0; k < cfg.kinds; ++k) {
    s.deck_n = static_cast<uint8_t>(s.deck_n + s.deck[k]);
    s.discard_n = static_cast<uint8_t>(s.discard_n + s.discard[k]);
  }
  const auto& m = doc.at("black_market", "position").as_array("black_market");
  if (m.size() > kMaxMarket) broken_position("the Black Market holds at most " + std::to_string(kMaxMarket) + " cards");
  for (const Json& x : m) s.market[s.market_n++] = static_cast<uint8_t>(card_id(cfg, x.as_string("black_market"), "black_market"));
  s.turn_player_ = static_cast<uint8_t>(doc.at("turn_player", "position").as_int("turn_player", 0, n - 1));
  s.turn = static_cast<uint16_t>(doc.at("turn", "position").as_int("turn", 1, 2 * cfg.max_turns() + 2));
  s.round = static_cast<uint16_t>(doc.at("round", "position").as_int("round", 1, cfg.max_rounds));
  const Json& rc = doc.at("round_colour", "position");
  if (!rc.is_null()) s.round_colour = rc.as_string("round_colour") == "Black Market" ? static_cast<uint8_t>(kBlackMarketRound) : word(rc, kColourNames, "round_colour");
  s.actions_left = static_cast<uint8_t>(doc.at("actions_left", "position").as_int("actions_left", 0, 30));
  s.free_place_used = doc.at("free_place_used", "position").as_bool("free_place_used");
  s.free_repair_used = doc.at("free_repair_used", "position").as_bool("free_repair_used");
  s.extra_turn = doc.at("extra_turn", "position").as_bool("extra_turn");
  if (const Json* later = doc.find("extra_turn_later")) {
    for (const Json& x : later->as_array("extra_turn_later")) s.extra_later = static_cast<uint8_t>(s.extra_later | (1u << x.as_int("extra_turn_later", 0, n - 1)));
  }
  s.again = doc.at("again", "position").as_bool("again");
  s.starting = doc.at("starting", "position").as_bool("starting");
  s.ending = doc.at("ending", "position").as_bool("ending");
  s.rolling = doc.at("rolling", "position").as_bool("rolling");
  s.first_draw = doc.at("first_draw", "position").as_bool("first_draw");
  const Json& pl = doc.at("play", "position");
  if (!pl.is_null()) {
    json_expect_keys(pl, {"card", "by", "target", "blocks"}, "play");
    s.play_card = static_cast<uint8_t>(card_id(cfg, pl.at("card", "play").as_string("card"), "play"));
    s.play_by = static_cast<uint8_t>(pl.at("by", "play").as_int("by", 0, n - 1));
    s.play_target = static_cast<uint8_t>(pl.at("target", "play").as_int("target", 0, kTargets - 1));
    s.chain = static_cast<uint8_t>(pl.at("blocks", "play").as_int("blocks", 0, kMaxCopies));
  }
  const auto& windows = doc.at("windows", "position").as_array("windows");
  if (windows.size() > 8) broken_position("at most 8 reaction windows are open");
  for (const auto& wj : windows) {
    json_expect_keys(wj, {"trigger", "opener", "card", "asked", "next", "passes"}, "window");
    auto& w = s.reactions.windows[s.reactions.depth++];
    w.trigger = word(wj.at("trigger", "window"), kTriggerWords, "trigger");
    w.opener = static_cast<int8_t>(wj.at("opener", "window").as_int("opener", 0, n - 1));
    const Json& card = wj.at("card", "window");
    if (card.is_null() != (w.trigger == kBetweenTurns)) broken_position("a window names the card it answers (null between turns)");
    w.arg = card.is_null() ? 0 : static_cast<uint8_t>(card_id(cfg, card.as_string("card"), "window"));
    const auto& asked = wj.at("asked", "window").as_array("asked");
    if (asked.empty() || static_cast<int>(asked.size()) > n) broken_position("a window asks 1 to " + std::to_string(n) + " players");
    for (const auto& a : asked) w.order[w.n++] = static_cast<uint8_t>(a.as_int("asked", 0, n - 1));
    w.next = static_cast<uint8_t>(wj.at("next", "window").as_int("next", 0, w.n - 1));
    w.passes = static_cast<uint8_t>(wj.at("passes", "window").as_int("passes", 0, w.n - 1));
  }
  const Json& st = doc.at("setback", "position");
  if (!st.is_null()) {
    json_expect_keys(st, {"card", "victim", "by", "slot", "asked"}, "setback");
    s.strike_card = static_cast<uint8_t>(card_id(cfg, st.at("card", "setback").as_string("card"), "setback"));
    s.strike_victim = static_cast<uint8_t>(st.at("victim", "setback").as_int("victim", 0, n - 1));
    s.strike_by = static_cast<int8_t>(st.at("by", "setback").as_int("by", -1, n - 1));
    const Json& sl = st.at("slot", "setback");
    s.strike_slot = sl.is_null() ? kNone : word(sl, kColourNames, "slot");
    s.strike_asked = st.at("asked", "setback").as_bool("asked");
  }
  const Json& pk = doc.at("pick", "position");
  if (!pk.is_null()) {
    json_expect_keys(pk, {"from", "for", "mode"}, "pick");
    s.pick_from = static_cast<uint8_t>(pk.at("from", "pick").as_int("from", 0, n - 1));
    s.pick_for = static_cast<uint8_t>(pk.at("for", "pick").as_int("for", 0, n - 1));
    s.pick_mode = word(pk.at("mode", "pick"), kPickWords, "mode");
  }
  s.choice = word(doc.at("choice", "position"), kChoiceWords, "choice");
  s.chooser = static_cast<uint8_t>(doc.at("chooser", "position").as_int("chooser", 0, n - 1));
  for (const Json& x : doc.at("discarders", "position").as_array("discarders")) s.discarders = static_cast<uint8_t>(s.discarders | (1u << x.as_int("discarders", 0, n - 1)));
  s.winner = static_cast<int8_t>(doc.at("winner", "position").as_int("winner", -2, n - 1));
  s.win_reason = static_cast<uint8_t>(doc.at("win_reason", "position").as_int("win_reason", 0, 1));
  return s;
}

void State::resample(int observer, Rng& rng) {
  // From the position alone: the observer knows their own hand and every
  // face-up card; the other hands and the deck are one pool, dealt again
  // in the same sizes.
  uint8_t pool[K] = {};
  int pool_n = 0;
  for (int k = 0; k < cfg->kinds; ++k) {
    pool[k] = deck[k];
    for (int p = 0; p < cfg->players; ++p) {
      if (p != observer) pool[k] = static_cast<uint8_t>(pool[k] + hand[p][k]);
    }
    pool_n += pool[k];
  }
  for (int p = 0; p < cfg->players; ++p) {
    if (p == observer) continue;
    for (int k = 0; k < K; ++k) hand[p][k] = 0;
    for (int i = 0; i < hand_n[p]; ++i) {
      uint32_t r = rng.below(static_cast<uint32_t>(pool_n));
      int k = 0;
      while (r >= pool[k]) r -= pool[k++];
      --pool[k];
      --pool_n;
      ++hand[p][k];
    }
  }
  for (int k = 0; k < K; ++k) deck[k] = pool[k];
}

void State::zone_cards(int zone, std::vector<uint8_t>& out) const {
  out.clear();
  auto counts = [&](const uint8_t* c) {
    for (int k = 0; k < cfg->kinds; ++k) out.insert(out.end(), c[k], static_cast<uint8_t>(k));
  };
  if (zone < P) {
    if (zone < cfg->players) counts(hand[zone]);
  } else if (zone == kDeckZone) {
    counts(deck);
  } else if (zone == kDiscardZone) {
    counts(discard);
  } else if (zone == kPlayZone) {
    counts(inplay);
  } else if (zone == kMarketZone) {
    out.assign(market, market + market_n);
  } else if (zone >= kLabZone) {
    const int p = zone - kLabZone;
    if (p >= cfg->players) return;
    for (int c = 0; c < kColours; ++c) {
      if (comp[p][c] != kNone) out.push_back(comp[p][c]);
      if ((cheat[p] >> c) & 1) out.push_back(static_cast<uint8_t>(cfg->cheat_card));
    }
    if (enh[p] != kNone) out.push_back(enh[p]);
    counts(front[p]);
  }
}

void State::write_zones(const Knowledge::World& world) {
  auto write = [&](int zone, uint8_t* c) {
    for (int k = 0; k < K; ++k) c[k] = 0;
    const auto& z = world[static_cast<size_t>(zone)];
    for (const auto* part : {&z.top, &z.middle, &z.bottom}) {
      for (const uint8_t k : *part) ++c[k];
    }
  };
  for (int p = 0; p < cfg->players; ++p) write(p, hand[p]);
  write(kDeckZone, deck);
  // Everything else lies face up: the world holds it as it is.
}

}  // namespace henchmen::suet
