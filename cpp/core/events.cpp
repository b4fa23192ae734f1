#include "core/events.h"

#include <cctype>

namespace henchmen {

namespace {
thread_local Events* current = nullptr;

const char* pos_name(Pos p) {
  switch (p) {
    case Pos::kAny: return "any";
    case Pos::kTop: return "top";
    case Pos::kBottom: return "bottom";
  }
  return "any";
}

const char* kind_name(CardFact::Kind k) {
  switch (k) {
    case CardFact::Kind::kPlace: return "place";
    case CardFact::Kind::kMove: return "move";
    case CardFact::Kind::kShuffle: return "shuffle";
    case CardFact::Kind::kSee: return "see";
    case CardFact::Kind::kNoneOf: return "none-of";
    case CardFact::Kind::kRemove: return "remove";
    case CardFact::Kind::kMoveAll: return "move-all";
  }
  return "move";
}

std::string player_name(int p, const std::vector<std::string>& names) {
  if (p >= 0 && p < static_cast<int>(names.size()) && !names[static_cast<size_t>(p)].empty()) return names[static_cast<size_t>(p)];
  return "Player " + std::to_string(p + 1);
}

std::string field_text(const Json& v) {
  if (v.is_string()) return v.as_string("field");
  if (v.is_array()) {
    std::string out;
    const auto& items = v.as_array("field");
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) out += i + 1 == items.size() ? " and " : ", ";
      out += field_text(items[i]);
    }
    return out;
  }
  if (v.is_null()) return "";
  return v.dump();
}
// Every fact leaves one zone for another (the same zone, for a fact about
// one pile); what a kind does not use keeps its default.
CardFact make_fact(CardFact::Kind kind, int from, int to, int card = -1, Pos pos = Pos::kAny, Pos to_pos = Pos::kAny) {
  CardFact f;
  f.kind = kind;
  f.zone = static_cast<uint8_t>(from);
  f.to = static_cast<uint8_t>(to);
  f.pos = pos;
  f.to_pos = to_pos;
  f.card = static_cast<int16_t>(card);
  return f;
}
}  // namespace

CardFact CardFact::place(int zone, int card, Pos pos) { return make_fact(Kind::kPlace, zone, zone, card, pos, pos); }
CardFact CardFact::move(int from, int to, int card, Pos from_pos, Pos to_pos) { return make_fact(Kind::kMove, from, to, card, from_pos, to_pos); }
CardFact CardFact::shuffle(int zone) { return make_fact(Kind::kShuffle, zone, zone); }
CardFact CardFact::see(int zone, int card, Pos pos) { return make_fact(Kind::kSee, zone, zone, card, pos); }
CardFact CardFact::remove(int zone, int card, Pos pos) { return make_fact(Kind::kRemove, zone, zone, card, pos); }

CardFact CardFact::none_of(int zone, const std::vector<int>& ids) {
  CardFact f = make_fact(Kind::kNoneOf, zone, zone);
  for (const int id : ids) {
    if (id >= 0 && id < 256) f.cards[static_cast<size_t>(id) / 64] |= uint64_t{1} << (id % 64);
  }
  return f;
}

CardFact CardFact::move_all(int from, int to, Pos to_pos) { return make_fact(Kind::kMoveAll, from, to, -1, Pos::kAny, to_pos); }

CardFact CardFact::hidden() const {
  CardFact f = *this;
  // A reader who did not see a card learns nothing from a sighting.
  f.card = -1;
  return f;
}

Json Event::to_json() const {
  Json j;
  j["kind"] = kind;
  j["text"] = text;
  j["player"] = player;
  j["other"] = other;
  j["data"] = fields();
  Json fs = Json(Json::Array{});
  for (const CardFact& f : facts) {
    Json o;
    o["fact"] = kind_name(f.kind);
    o["zone"] = static_cast<int>(f.zone);
    if (f.kind == CardFact::Kind::kMove || f.kind == CardFact::Kind::kMoveAll) o["to"] = static_cast<int>(f.to);
    if (f.kind != CardFact::Kind::kShuffle && f.kind != CardFact::Kind::kNoneOf && f.kind != CardFact::Kind::kMoveAll) {
      o["pos"] = pos_name(f.pos);
      o["card"] = static_cast<int>(f.card);
    }
    if (f.kind == CardFact::Kind::kMove || f.kind == CardFact::Kind::kPlace || f.kind == CardFact::Kind::kMoveAll) o["to_pos"] = pos_name(f.to_pos);
    if (f.kind == CardFact::Kind::kNoneOf) {
      Json ids = Json(Json::Array{});
      for (int id = 0; id < 256; ++id) {
        if (f.has(id)) ids.push_back(id);
      }
      o["cards"] = ids;
    }
    fs.push_back(o);
  }
  j["facts"] = fs;
  return j;
}

void Events::add_private(int player, Event full, Event others) {
  if (others.facts.empty()) {
    // The others see the same cards move without seeing which; what the
    // player alone saw in place, or saw was not there, tells them nothing.
    for (const CardFact& f : full.facts) {
      if (f.kind != CardFact::Kind::kSee && f.kind != CardFact::Kind::kNoneOf) others.facts.push_back(f.hidden());
    }
  }
  items_.push_back({uint32_t{1} << player, std::move(full), std::move(others)});
}

std::vector<const Event*> Events::read_by(int reader, int players) const {
  std::vector<const Event*> out;
  const uint32_t everyone = players >= 32 ? ~0u : (uint32_t{1} << players) - 1;
  for (const Emission& e : items_) {
    bool full = false;
    if (reader == kOmniscient) full = true;
    else if (reader == kSpectator) full = (e.audience & everyone) == everyone;
    else full = reader >= 0 && reader < 32 && ((e.audience >> reader) & 1);
    if (full) out.push_back(&e.full);
    else if (e.others) out.push_back(&*e.others);
  }
  return out;
}

namespace detail {
std::atomic<int> open_sinks{0};
Events* thread_sink() { return current; }
}  // namespace detail

EventScope::EventScope(Events* sink) : previous_(current), counted_(sink != nullptr) {
  current = sink;
  if (counted_) detail::open_sinks.fetch_add(1, std::memory_order_relaxed);
}
EventScope::~EventScope() {
  current = previous_;
  if (counted_) detail::open_sinks.fetch_sub(1, std::memory_order_relaxed);
}

std::string render(const Event& e, int reader, const std::vector<std::string>& names) {
  const std::string& t = e.text;
  std::string out;
  const bool you = reader >= 0 && reader == e.player;
  const bool you_other = reader >= 0 && reader == e.other;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] != '{') {
      out += t[i];
      continue;
    }
    const size_t close = t.find('}', i);
    if (close == std::string::npos) {
      out += t.substr(i);
      break;
    }
    const std::string key = t.substr(i + 1, close - i - 1);
    i = close;
    const size_t bar = key.find('|');
    if (bar != std::string::npos) {
      out += you ? key.substr(0, bar) : key.substr(bar + 1);
    } else if (key == "P" || key == "p") {
      std::string name = you ? (key == "P" ? "You" : "you") : player_name(e.player, names);
      out += name;
    } else if (key == "Q" || key == "q") {
      out += you_other ? (key == "Q" ? "You" : "you") : player_name(e.other, names);
    } else if (key == "p's" || key == "P's") {
      out += you ? (key == "P's" ? "Your" : "your") : player_name(e.player, names) + "'s";
    } else if (key == "q's" || key == "Q's") {
      out += you_other ? (key == "Q's" ? "Your" : "your") : player_name(e.other, names) + "'s";
    } else if (e.data.is_object() && e.data.has(key)) {
      out += field_text(e.data.at(key, "event data"));
    } else {
      out += "{" + key + "}";
    }
  }
  return out;
}

}  // namespace henchmen
