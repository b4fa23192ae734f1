// What each player saw: the events of every applied action.
//
// Every action a state applies, a decision or a chance outcome, produces
// events: a kind ("draw", "attach", "escape"), the players, the cards and the
// numbers, and a sentence template from which each reader's sentence is
// phrased ("You draw Hoppy Hunters 2" / "Player 2 draws a card"). A player's
// events hold exactly what that player perceived, so the game, not a
// frontend, decides visibility: an emission has a version for its audience
// (a bit per player) and, optionally, a redacted version for everyone else.
// A spectator reads what every player would; an omniscient reader (for
// debugging) reads every full version.
//
// Events also carry card facts: where cards went, as the reader saw them
// (core/knowledge.h follows what each player knows from them alone).
//
// Games emit into the sink of the action being applied, `events()`, which is
// null in native hot loops (playouts, search): build an event only inside
// `if (Events* ev = events()) { ... }` so that those loops pay nothing.
#pragma once
#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/json.h"

namespace henchmen {

// Where in a zone a card goes or comes from. Zones are unordered (a hand)
// or ordered from the top (a deck); kAny is a place the reader cannot tell.
enum class Pos : uint8_t { kAny, kTop, kBottom };

// One fact about cards, as one reader saw it. `card` is the card's id, or -1
// when this reader did not see which card it was.
struct CardFact {
  enum class Kind : uint8_t {
    kPlace,    // a card appears in `zone` at `pos` (setup, a new card)
    kMove,     // a card goes from `zone` (at `pos`) to `to` (at `to_pos`)
    kShuffle,  // the order of `zone` is lost (its cards keep their identities)
    kSee,      // the reader sees the card at `pos` of `zone`; it stays there
    kNoneOf,   // none of the cards in `cards` is in `zone` (a reveal that did not happen)
    kRemove,   // a card leaves `zone` for good (expelled, KO'd), seen as `card`
    kMoveAll,  // every card of `zone` goes to `to` (at `to_pos`), each keeping what the reader knew of it
  };
  Kind kind = Kind::kMove;
  uint8_t zone = 0;
  uint8_t to = 0;
  Pos pos = Pos::kAny;
  Pos to_pos = Pos::kAny;
  int16_t card = -1;
  std::array<uint64_t, 4> cards{};  // kNoneOf: a set of card ids (bit per id)

  static CardFact place(int zone, int card, Pos pos = Pos::kAny);
  static CardFact move(int from, int to, int card, Pos from_pos = Pos::kAny, Pos to_pos = Pos::kAny);
  static CardFact shuffle(int zone);
  static CardFact see(int zone, int card, Pos pos);
  static CardFact remove(int zone, int card, Pos pos = Pos::kAny);
  static CardFact none_of(int zone, const std::vector<int>& cards);
  // A whole zone moves at once (frozen cards joining a hand): the reader
  // follows every card without telling which is which.
  static CardFact move_all(int from, int to, Pos to_pos = Pos::kAny);
  // The same fact for a reader who does not see the card.
  CardFact hidden() const;
  bool has(int id) const { return id >= 0 && id < 256 && ((cards[static_cast<size_t>(id) / 64] >> (id % 64)) & 1); }
};

class Events;

namespace detail {
// How many EventScopes with a sink are open, on any thread: while none is
// (every playout, every search), events() is one plain load, not a
// thread-local lookup through the shared library's TLS.
extern std::atomic<int> open_sinks;
Events* thread_sink();
}  // namespace detail

struct Event {
  std::string kind;  // a short name: "draw", "buy", "attach", "win", "game-over"
  // The sentence, phrased per reader: {P}/{p} the subject (capitalised or
  // not: "You"/"Player 2"), {Q}/{q} the other player, {p's}/{q's} their
  // possessives, {a|b} form a for a reader who is the subject and form b for
  // everyone else ("{P} {draw|draws} {card}"), and {name} a field of `data`.
  std::string text;
  int player = -1;  // the subject, if a player
  int other = -1;   // a second player (the one attacked, the one passed to)
  Json data;        // cards by name and numbers, for frontends: an object once a field is added
  std::vector<CardFact> facts;
  // Made while no sink was open on any thread (a playout, a search): nothing
  // can read it, so it keeps nothing, and building it costs no allocation.
  // Code that builds events outside apply() opens an EventScope first.
  bool muted = false;

  Event() = default;
  Event(const char* k, const char* t, int p = -1, int o = -1) : player(p), other(o), muted(!detail::open_sinks.load(std::memory_order_relaxed)) {
    if (muted) return;
    kind = k;
    text = t;
  }
  Event(std::string k, std::string t, int p = -1, int o = -1) : kind(std::move(k)), text(std::move(t)), player(p), other(o) {}
  Event& with(const std::string& key, Json value) {
    if (muted) return *this;
    if (!data.is_object()) data = Json(Json::Object{});
    data[key] = std::move(value);
    return *this;
  }
  // The same, the value made into JSON only when the event is kept.
  template <class V>
  Event& with(const char* key, const V& value) {
    if (muted) return *this;
    return with(std::string(key), Json(value));
  }
  Event& fact(const CardFact& f) {
    if (!muted) facts.push_back(f);
    return *this;
  }
  // The sentence set or extended as the effect unfolds (nothing kept when muted).
  Event& say(const char* t) {
    if (!muted) text = t;
    return *this;
  }
  Event& say(const std::string& t) {
    if (!muted) text = t;
    return *this;
  }
  Event& say_more(const std::string& t) {
    if (!muted) text += t;
    return *this;
  }
  // The fields as a JSON object ({} when none was added).
  Json fields() const { return data.is_object() ? data : Json(Json::Object{}); }
  Json to_json() const;
};

// Reader ids beyond the players.
constexpr int kSpectator = -1;
constexpr int kOmniscient = -2;

// The events of one applied action, in order, with who sees which version.
class Events {
 public:
  struct Emission {
    uint32_t audience = ~0u;  // bit per player who reads `full`
    Event full;
    std::optional<Event> others;  // what everyone else reads; none: they read nothing
  };

  // Everyone reads `e`.
  void add(Event e) { items_.push_back({~0u, std::move(e), std::nullopt}); }
  // `audience` reads `full`; everyone else reads `others` (if given).
  void add(uint32_t audience, Event full, std::optional<Event> others) {
    items_.push_back({audience, std::move(full), std::move(others)});
  }
  // `player` reads `full`, everyone else `others`, with the card facts made
  // hidden for them: the common case of a private draw.
  void add_private(int player, Event full, Event others);

  const std::vector<Emission>& items() const { return items_; }
  bool empty() const { return items_.empty(); }
  // What `reader` (a player, kSpectator or kOmniscient) read, in order.
  std::vector<const Event*> read_by(int reader, int players) const;

 private:
  std::vector<Emission> items_;
};


// The sink of the action being applied on this thread, or null.
inline Events* events() {
  return detail::open_sinks.load(std::memory_order_relaxed) ? detail::thread_sink() : nullptr;
}

// Sets the sink for the scope of one apply (and restores the previous one).
class EventScope {
 public:
  explicit EventScope(Events* sink);
  ~EventScope();
  EventScope(const EventScope&) = delete;
  EventScope& operator=(const EventScope&) = delete;

 private:
  Events* previous_;
  bool counted_;
};

// The event's sentence for `reader`, with players named by `names` (index by
// player; "Player N" when empty).
std::string render(const Event& e, int reader, const std::vector<std::string>& names = {});

}  // namespace henchmen
