// Super!: the position as JSON (both ways), resampling from the position
// alone, and the zones the knowledge tracker reads.
#include <algorithm>

#include "core/card_json.h"
#include "core/error.h"
#include "games/super/state.h"

namespace henchmen::super {

namespace {
[[noreturn]] void broken(const std::string& why) { throw SerializationError("invalid position: " + why); }

const char* const kPhaseWords[] = {"picking", "draw", "power", "discard", "end"};
const char* const kChoiceWords[] = {"none", "counterattack", "parting-top", "parting-second"};
const char* const kPowerStateWords[] = {"up", "active", "down"};

Json mask_json(uint16_t m, int n) {
  Json a = Json(Json::Array{});
  for (int p = 0; p < n; ++p) {
    if ((m >> p) & 1) a.push_back(p);
  }
  return a;
}

uint16_t read_mask(const Json& v, int n, const std::string& what) {
  uint16_t m = 0;
  for (const Json& x : v.as_array(what)) {
    const int p = static_cast<int>(x.as_int(what, 0, n - 1));
    if ((m >> p) & 1) broken(what + " lists player " + std::to_string(p) + " twice");
    m = static_cast<uint16_t>(m | (1u << p));
  }
  return m;
}

int card_id(const Config& cfg, const std::string& name, const std::string& what) {
  for (int k = 0; k < cfg.kinds; ++k) {
    if (cfg.name[k] == name) return k;
  }
  broken(what + " names no card " + quote(name));
}

void read_counts(const Config& cfg, const Json& v, uint8_t* c, const std::string& what) {
  if (!v.is_object()) broken(what + " must be an object of card name to count");
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
  broken(what + " must be one of " + list + ", not " + quote(s));
}

uint8_t card_or_none(const Config& cfg, const Json& v, const std::string& what) { return v.is_null() ? kNoCard : static_cast<uint8_t>(card_id(cfg, v.as_string(what), what)); }
}  // namespace

Json State::to_json() const {
  const int n = cfg->players;
  Json j;
  Json hands = Json(Json::Array{});
  for (int p = 0; p < n; ++p) hands.push_back(card_counts(*cfg, hand[p], cfg->kinds));
  j["hands"] = hands;
  j["deck"] = card_counts(*cfg, deck, cfg->kinds);
  j["discard"] = card_counts(*cfg, discard, cfg->kinds);
  Json tops = Json(Json::Array{});
  for (const uint8_t t : top) tops.push_back(t == kNoCard ? Json() : Json(cfg->name[t]));
  j["discard_top"] = tops;
  Json hp = Json(Json::Array{});
  Json pw = Json(Json::Array{});
  Json ps = Json(Json::Array{});
  for (int p = 0; p < n; ++p) {
    hp.push_back(static_cast<int>(health[p]));
    pw.push_back(power[p] == kNoCard ? Json() : Json(cfg->powers[power[p]].name));
    ps.push_back(kPowerStateWords[power_state[p]]);
  }
  j["health"] = hp;
  j["powers"] = pw;
  j["power_states"] = ps;
  j["eliminated"] = mask_json(gone, n);
  j["eliminated_this_turn"] = mask_json(out_this_turn, n);
  j["reload"] = mask_json(reload, n);
  j["parting"] = mask_json(parting, n);
  j["picked"] = mask_json(picked, n);
  j["turn_player"] = static_cast<int>(turn_player_);
  j["turn"] = static_cast<int>(turn);
  j["phase"] = kPhaseWords[phase];
  j["picker"] = picker == kNoCard ? Json() : Json(static_cast<int>(picker));
  j["to_draw"] = static_cast<int>(to_draw);
  j["draw_for"] = static_cast<int>(draw_for);
  j["reloading"] = reloading;
  j["choice"] = kChoiceWords[choice];
  j["chooser"] = static_cast<int>(chooser);
  j["parting_top"] = parting_top == kNoCard ? Json() : Json(cfg->name[parting_top]);
  j["counter_at"] = static_cast<int>(counter_at);
  j["counter_bonus"] = static_cast<int>(counter_bonus);
  j["counter_most"] = static_cast<int>(counter_most);
  j["battle"] = battle;
  j["countered"] = mask_json(countered, n);
  Json hs = Json(Json::Array{});
  for (int i = 0; i < n_hits; ++i) {
    const Hit& h = hits[i];
    Json o;
    o["target"] = static_cast<int>(h.target);
    o["sender"] = static_cast<int>(h.sender);
    o["damage"] = static_cast<int>(h.damage);
    o["card"] = h.card == kPowerSource ? Json() : Json(cfg->name[h.card]);
    o["drain"] = h.drain;
    o["deflected"] = mask_json(h.deflected, n);
    hs.push_back(o);
  }
  j["hits"] = hs;
  Json windows = Json(Json::Array{});
  for (int d = 0; d < reactions.depth; ++d) {
    const auto& w = reactions.windows[d];
    Json o;
    o["opener"] = static_cast<int>(w.opener);
    Json order = Json(Json::Array{});
    for (int i = 0; i < w.n; ++i) order.push_back(static_cast<int>(w.order[i]));
    o["asked"] = order;
    o["next"] = static_cast<int>(w.next);
    o["passes"] = static_cast<int>(w.passes);
    windows.push_back(o);
  }
  j["windows"] = windows;
  j["over"] = over;
  j["winner"] = static_cast<int>(winner);
  return j;
}

State State::from_json(const Config& cfg, const Json& doc) {
  if (!doc.is_object()) broken("a position must be a JSON object");
  json_expect_keys(doc, {"hands", "deck", "discard", "discard_top", "health", "powers", "power_states", "eliminated", "eliminated_this_turn", "reload", "parting", "picked",
                         "turn_player", "turn", "phase", "picker", "to_draw", "draw_for", "reloading", "choice", "chooser", "parting_top", "counter_at", "counter_bonus", "counter_most",
                         "battle", "countered", "hits", "windows", "over", "winner"},
                   "position");
  const int n = cfg.players;
  State s;
  s.cfg = &cfg;
  auto per_player = [&](const char* key) -> const Json::Array& {
    const auto& a = doc.at(key, "position").as_array(key);
    if (static_cast<int>(a.size()) != n) broken(std::string(key) + " must list one entry per player (" + std::to_string(n) + ")");
    return a;
  };
  const auto& hands = per_player("hands");
  for (int p = 0; p < n; ++p) {
    read_counts(cfg, hands[static_cast<size_t>(p)], s.hand[p], "hands");
    int t = 0;
    for (int k = 0; k < cfg.kinds; ++k) t += s.hand[p][k];
    s.hand_n[p] = static_cast<uint8_t>(t);
  }
  read_counts(cfg, doc.at("deck", "position"), s.deck, "deck");
  read_counts(cfg, doc.at("discard", "position"), s.discard, "discard");
  for (int k = 0; k < cfg.kinds; ++k) {
    s.deck_n = static_cast<uint8_t>(s.deck_n + s.deck[k]);
    s.discard_n = static_cast<uint8_t>(s.discard_n + s.discard[k]);
  }
  const auto& tops = doc.at("discard_top", "position").as_array("discard_top");
  if (tops.size() != 2) broken("discard_top must list the top card and the one below (null for none)");
  for (int i = 0; i < 2; ++i) s.top[i] = card_or_none(cfg, tops[static_cast<size_t>(i)], "discard_top");
  const auto& hp = per_player("health");
  const auto& pw = per_player("powers");
  const auto& ps = per_player("power_states");
  for (int p = 0; p < n; ++p) {
    s.health[p] = static_cast<int8_t>(hp[static_cast<size_t>(p)].as_int("health", 0, cfg.health));
    const Json& w = pw[static_cast<size_t>(p)];
    s.power[p] = kNoCard;
    if (!w.is_null()) {
      for (size_t i = 0; i < cfg.powers.size(); ++i) {
        if (cfg.powers[i].name == w.as_string("powers")) s.power[p] = static_cast<uint8_t>(i);
      }
      if (s.power[p] == kNoCard) broken("powers names no Super Power '" + w.as_string("powers") + "'");
    }
    s.power_state[p] = word(ps[static_cast<size_t>(p)], kPowerStateWords, "power_states");
  }
  s.gone = read_mask(doc.at("eliminated", "position"), n, "eliminated");
  s.out_this_turn = read_mask(doc.at("eliminated_this_turn", "position"), n, "eliminated_this_turn");
  s.reload = read_mask(doc.at("reload", "position"), n, "reload");
  s.parting = read_mask(doc.at("parting", "position"), n, "parting");
  s.picked = read_mask(doc.at("picked", "position"), n, "picked");
  s.turn_player_ = static_cast<uint8_t>(doc.at("turn_player", "position").as_int("turn_player", 0, n - 1));
  s.turn = static_cast<uint16_t>(doc.at("turn", "position").as_int("turn", 1, cfg.max_turns() + 1));
  s.phase = word(doc.at("phase", "position"), kPhaseWords, "phase");
  const Json& picker = doc.at("picker", "position");
  s.picker = picker.is_null() ? kNoCard : static_cast<uint8_t>(picker.as_int("picker", 0, n - 1));
  s.to_draw = static_cast<uint8_t>(doc.at("to_draw", "position").as_int("to_draw", 0, 8));
  s.draw_for = static_cast<uint8_t>(doc.at("draw_for", "position").as_int("draw_for", 0, n - 1));
  s.reloading = doc.at("reloading", "position").as_bool("reloading");
  s.choice = word(doc.at("choice", "position"), kChoiceWords, "choice");
  s.chooser = static_cast<uint8_t>(doc.at("chooser", "position").as_int("chooser", 0, n - 1));
  s.parting_top = card_or_none(cfg, doc.at("parting_top", "position"), "parting_top");
  s.counter_at = static_cast<int8_t>(doc.at("counter_at", "position").as_int("counter_at", -1, n - 1));
  s.counter_bonus = static_cast<uint8_t>(doc.at("counter_bonus", "position").as_int("counter_bonus", 0, 20));
  s.counter_most = static_cast<uint8_t>(doc.at("counter_most", "position").as_int("counter_most", 0, 20));
  s.battle = doc.at("battle", "position").as_bool("battle");
  s.countered = read_mask(doc.at("countered", "position"), n, "countered");
  const auto& hs = doc.at("hits", "position").as_array("hits");
  if (hs.size() > static_cast<size_t>(kMaxHits)) broken("at most " + std::to_string(kMaxHits) + " hits wait at once");
  for (const Json& hj : hs) {
    json_expect_keys(hj, {"target", "sender", "damage", "card", "drain", "deflected"}, "hit");
    Hit& h = s.hits[s.n_hits++];
    h.target = static_cast<int8_t>(hj.at("target", "hit").as_int("target", 0, n - 1));
    h.sender = static_cast<int8_t>(hj.at("sender", "hit").as_int("sender", 0, n - 1));
    h.damage = static_cast<uint8_t>(hj.at("damage", "hit").as_int("damage", 0, 99));
    const Json& c = hj.at("card", "hit");
    h.card = c.is_null() ? kPowerSource : static_cast<uint8_t>(card_id(cfg, c.as_string("card"), "hit card"));
    h.drain = hj.at("drain", "hit").as_bool("drain");
    h.deflected = read_mask(hj.at("deflected", "hit"), n, "deflected");
  }
  const auto& windows = doc.at("windows", "position").as_array("windows");
  if (windows.size() > 1) broken("at most one reaction window is open (a hit's target is asked alone)");
  for (const auto& wj : windows) {
    json_expect_keys(wj, {"opener", "asked", "next", "passes"}, "window");
    auto& w = s.reactions.windows[s.reactions.depth++];
    w.trigger = kOnHit;
    w.opener = static_cast<int8_t>(wj.at("opener", "window").as_int("opener", 0, n - 1));
    const auto& asked = wj.at("asked", "window").as_array("asked");
    if (asked.size() != 1) broken("a window asks one player: the hit's target");
    for (const auto& a : asked) w.order[w.n++] = static_cast<uint8_t>(a.as_int("asked", 0, n - 1));
    w.next = static_cast<uint8_t>(wj.at("next", "window").as_int("next", 0, 0));
    w.passes = static_cast<uint8_t>(wj.at("passes", "window").as_int("passes", 0, 0));
  }
  s.over = doc.at("over", "position").as_bool("over");
  s.winner = static_cast<int8_t>(doc.at("winner", "position").as_int("winner", -2, n - 1));
  return s;
}

void State::resample(int observer, Rng& rng) {
  // From the position alone: the observer knows their hand, the public
  // discard pile and the hands the eliminated showed; the other hands and
  // the deck are one pool, dealt again in the same sizes.
  uint8_t pool[K] = {};
  int pool_n = 0;
  for (int k = 0; k < cfg->kinds; ++k) {
    pool[k] = deck[k];
    for (int p = 0; p < cfg->players; ++p) {
      if (p != observer && alive(p)) pool[k] = static_cast<uint8_t>(pool[k] + hand[p][k]);
    }
    pool_n += pool[k];
  }
  auto deal = [&](uint8_t* into, int count) {
    for (int k = 0; k < K; ++k) into[k] = 0;
    for (int i = 0; i < count; ++i) {
      uint32_t r = rng.below(static_cast<uint32_t>(pool_n));
      int k = 0;
      while (r >= pool[k]) r -= pool[k++];
      --pool[k];
      --pool_n;
      ++into[k];
    }
  };
  for (int p = 0; p < cfg->players; ++p) {
    if (p != observer && alive(p)) deal(hand[p], hand_n[p]);  // the eliminated showed theirs
  }
  for (int k = 0; k < K; ++k) deck[k] = pool[k];
}

void State::zone_cards(int zone, std::vector<uint8_t>& out_cards) const {
  out_cards.clear();
  const uint8_t* c = nullptr;
  if (zone < P) {
    if (zone < cfg->players && alive(zone)) c = hand[zone];
  } else if (zone >= kShownZone) {
    const int p = zone - kShownZone;
    if (p < cfg->players && !alive(p)) c = hand[p];
  } else {
    c = zone == kDeckZone ? deck : discard;
  }
  if (!c) return;
  for (int k = 0; k < cfg->kinds; ++k) out_cards.insert(out_cards.end(), c[k], static_cast<uint8_t>(k));
}

void State::write_zones(const Knowledge::World& world) {
  auto write = [&](int zone, uint8_t* c) {
    for (int k = 0; k < K; ++k) c[k] = 0;
    const auto& z = world[static_cast<size_t>(zone)];
    for (const auto* part : {&z.top, &z.middle, &z.bottom}) {
      for (const uint8_t k : *part) ++c[k];
    }
  };
  for (int p = 0; p < cfg->players; ++p) write(hand_zone(p), hand[p]);
  write(kDeckZone, deck);
  // The discard pile is public: the world holds it as it is.
}

}  // namespace henchmen::super
