#include "core/layout.h"

#include <set>

namespace henchmen {

const char* role_name(Role r) {
  switch (r) {
    case Role::kHand: return "hand";
    case Role::kPlay: return "play";
    case Role::kMarket: return "market";
    case Role::kBoard: return "board";
    case Role::kScore: return "score";
    case Role::kDeck: return "deck";
    case Role::kDiscard: return "discard";
    case Role::kSupply: return "supply";
    case Role::kReveal: return "reveal";
  }
  return "play";
}

namespace {
const char* measure_name(Measure m) { return m == Measure::kScore ? "score" : m == Measure::kResource ? "resource" : "track"; }
}  // namespace

Json card_back() {
  Json b;
  b["back"] = true;
  return b;
}

Json card_backs(int n) {
  Json out = Json(Json::Array{});
  for (int i = 0; i < n; ++i) out.push_back(card_back());
  return out;
}

Json empty_slot(const std::string& label) {
  Json e;
  e["empty"] = true;
  if (!label.empty()) e["label"] = label;
  return e;
}

Layout::Layout(const std::string& title, int viewer, int players) : title_(title), viewer_(viewer), players_(players) {}

std::string Layout::seat(int p) const { return p == viewer_ ? "You" : "Player " + std::to_string(p + 1); }
std::string Layout::whose(int p) const { return p == viewer_ ? "Your" : "Player " + std::to_string(p + 1) + "'s"; }
std::string Layout::seat_lower(int p) const { return p == viewer_ ? "you" : "Player " + std::to_string(p + 1); }

const char* Layout::place_of(int owner) const {
  if (owner < 0) return "centre";
  const int chair = viewer_ >= 0 ? viewer_ : 0;
  const int k = (owner - chair + players_) % players_;  // 0: the chair, then in turn order
  if (k == 0) return "bottom";
  const int opponents = players_ - 1;
  if (opponents == 1) return "top";
  if (k == 1) return "left";
  if (k == opponents) return "right";
  return "top";
}

Json& Layout::zone(const std::string& id, const std::string& name, const char* kind, Role role, int owner, int count, Json cards) {
  Json z;
  z["id"] = id;
  z["name"] = name;
  z["kind"] = kind;
  z["role"] = role_name(role);
  z["place"] = place_of(owner);
  if (owner >= 0) z["owner"] = owner;
  z["count"] = count;
  z["cards"] = std::move(cards);
  zones_.push_back(std::move(z));
  return zones_.back();
}

Json& Layout::hand(int owner, int count, Json cards) { return zone("hand-" + std::to_string(owner), whose(owner) + " hand", "hand", Role::kHand, owner, count, std::move(cards)); }

Json& Layout::draw_pile(const std::string& id, const std::string& name, int owner, int count) { return zone(id, name, "deck", Role::kDeck, owner, count, Json(Json::Array{})); }

Json& Layout::counter(const std::string& name, int value, Measure m, int owner, int max) {
  Json c;
  c["name"] = name;
  c["value"] = value;
  c["measure"] = measure_name(m);
  if (owner >= 0) c["owner"] = owner;
  if (max >= 0) c["max"] = max;
  counters_.push_back(std::move(c));
  return counters_.back();
}

Json Layout::build() const {
  Json l;
  l["title"] = title_;
  if (!status_.empty()) l["status"] = status_;
  if (!prompt_.empty()) l["prompt"] = prompt_;
  if (viewer_ >= 0) l["viewer"] = viewer_;
  Json players = Json(Json::Array{});
  for (int p = 0; p < players_; ++p) {
    Json j;
    j["seat"] = p;
    j["name"] = seat(p);
    j["place"] = place_of(p);
    players.push_back(std::move(j));
  }
  l["players"] = std::move(players);
  l["zones"] = Json(Json::Array(zones_.begin(), zones_.end()));
  l["counters"] = Json(Json::Array(counters_.begin(), counters_.end()));
  return l;
}

namespace {

// A card an event of the last move tells of: its name, and who did what with it.
struct Mention {
  std::string name;
  bool drawn;
  int player;
};

// The card names an event's fields name (the fields the games' events use for cards).
void mentions_of(const Json& e, std::vector<Mention>& out) {
  const Json& data = e.at("data", "event");
  if (!data.is_object()) return;
  const bool drawn = e.at("kind", "event").as_string("kind") == "draw";
  const Json& who = e.at("player", "event");
  const int player = who.is_int() ? static_cast<int>(who.as_int("player")) : -1;
  for (const char* key : {"card", "cards", "minion", "villain", "supervillain", "mastermind", "master"}) {
    const Json* v = data.find(key);
    if (!v) continue;
    if (v->is_string()) out.push_back({v->as_string(key), drawn, player});
    if (v->is_array()) {
      for (const Json& x : v->as_array(key)) {
        if (x.is_string()) out.push_back({x.as_string(key), drawn, player});
      }
    }
  }
}

// Where a card a move told of most likely lies now, best first: a drawn card
// in a hand; any other where the move put it (in play, won, shown, bought or
// discarded), a hand last.
int rank_of(const Json& zone, const Mention& m) {
  static const char* const kOrder[] = {"play", "reveal", "score", "board", "market", "discard", "supply", "hand"};
  const std::string& role = zone.at("role", "zone").as_string("role");
  if (role == "deck") return -1;
  int r = 8;
  for (int i = 0; i < 8; ++i) {
    if (role == kOrder[i]) r = i;
  }
  if (m.drawn) r = role == "hand" ? 0 : r + 1;
  const Json* owner = zone.find("owner");
  const bool theirs = !owner || !owner->is_int() || owner->as_int("owner") == m.player;
  return 2 * r + (theirs ? 0 : 1);
}

// The index of the first unmarked face named `name` in `zone`, or -1.
int unmarked(const Json& zone, const std::string& name) {
  const auto& cards = zone.at("cards", "zone").as_array("cards");
  for (size_t i = 0; i < cards.size(); ++i) {
    const Json* n = cards[i].is_object() ? cards[i].find("name") : nullptr;
    if (n && n->is_string() && n->as_string("name") == name && !cards[i].find("last")) return static_cast<int>(i);
  }
  return -1;
}

void mark(Json& zone, int index) {
  Json out = Json(Json::Array{});
  const auto& cards = zone.at("cards", "zone").as_array("cards");
  for (size_t i = 0; i < cards.size(); ++i) {
    Json c = cards[i];
    if (static_cast<int>(i) == index) c["last"] = true;
    out.push_back(std::move(c));
  }
  zone["cards"] = std::move(out);
}

}  // namespace

void finish_layout(Json& layout, int turn_player, int deciding, const Json& events) {
  if (const Json* players = layout.find("players"); players && players->is_array()) {
    Json out = Json(Json::Array{});
    for (const Json& p : players->as_array("players")) {
      Json q = p;
      const int seat = static_cast<int>(p.at("seat", "player").as_int("seat"));
      if (seat == turn_player) q["turn"] = true;
      if (seat == deciding) q["deciding"] = true;
      out.push_back(std::move(q));
    }
    layout["players"] = std::move(out);
  }
  Json lines = Json(Json::Array{});
  std::vector<Mention> mentions;
  int player = -1;
  for (const Json& e : events.as_array("events")) {
    lines.push_back(e.at("text", "event"));
    const Json& who = e.at("player", "event");
    if (player < 0 && who.is_int() && who.as_int("player") >= 0) player = static_cast<int>(who.as_int("player"));
    mentions_of(e, mentions);
  }
  if (lines.as_array("lines").empty()) return;
  Json last;
  if (player >= 0) last["player"] = player;
  last["lines"] = std::move(lines);
  // Each card the move told of marks one face of that name, in the zone it
  // most likely lies in now (a draw pile's known cards are never the move's).
  Json::Array zones = layout.at("zones", "layout").as_array("zones");
  Json cards = Json(Json::Array{});
  std::set<std::string> told;
  for (const Mention& m : mentions) {
    int best = -1, best_rank = 0, at = -1;
    for (size_t z = 0; z < zones.size(); ++z) {
      const int r = rank_of(zones[z], m);
      if (r < 0 || (best >= 0 && r >= best_rank)) continue;
      const int i = unmarked(zones[z], m.name);
      if (i < 0) continue;
      best = static_cast<int>(z);
      best_rank = r;
      at = i;
    }
    if (best < 0) continue;
    mark(zones[static_cast<size_t>(best)], at);
    if (told.insert(m.name).second) cards.push_back(m.name);
  }
  layout["zones"] = Json(std::move(zones));
  if (!told.empty()) last["cards"] = std::move(cards);
  layout["last_move"] = std::move(last);
}

}  // namespace henchmen
