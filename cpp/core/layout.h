// The presentation model: what a table draws for one viewer.
//
// Every game describes its table the same way (docs/protocol.md, "The
// presentation model", gives the JSON Schema): zones of card faces, backs
// or empty slots, each zone with the role it plays (a hand, the market, a
// play area...) and its place on a table seen from the viewer's chair
// (bottom for the viewer, centre for what is shared, top and the sides for
// the opponents); counters with a maximum only where one exists; the last
// move's cards marked. Nothing is null or a bare false: a field that does
// not apply is left out. Browser, terminal and notebook tables draw from
// this model only, so a game that fills it right looks right everywhere.
//
// A game's layout builds a `Layout`, fills faces with `Face` (its stats as
// the card has them in that game), and the core adds what every game shares:
// whose turn it is, who decides, and the last move (finish_layout).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "core/json.h"

namespace henchmen {

// What a zone is for. The names on the wire are role_name's.
enum class Role {
  kHand,     // cards a player holds
  kPlay,     // a player's cards in play: in front of them, their grid, their lab
  kMarket,   // shared cards to buy, recruit or take
  kBoard,    // shared cards played against: Supervillains, the Mastermind, the City
  kScore,    // what a player has won (Supervillains won, a Victory Pile)
  kDeck,     // a draw pile
  kDiscard,  // a discard pile
  kSupply,   // piles set aside: bought from rarely, or out of the game
  kReveal,   // cards shown for the current decision (looked at, about to pass)
};
const char* role_name(Role r);

// What a counter measures: the score that decides the game, a resource
// spent this turn, or the state of the game (turn, cards left).
enum class Measure { kScore, kResource, kTrack };

// A card face: its name and kind, then every stat and word it has in this
// game. Stats that do not apply are not set; flags are set only when on.
class Face {
 public:
  Face(const std::string& name, const std::string& kind) {
    j_["name"] = name;
    j_["kind"] = kind;
  }
  // A face to add to (a game's own face, marked for where it lies).
  explicit Face(Json face) : j_(std::move(face)) {}
  Face& stat(const char* key, int value) {
    j_[key] = value;
    return *this;
  }
  // A word (an element, a crew, a colour): left out when empty.
  Face& word(const char* key, const std::string& value) {
    if (!value.empty()) j_[key] = value;
    return *this;
  }
  Face& text(const std::string& value) { return word("text", value); }
  Face& flag(const char* key, bool on) {
    if (on) j_[key] = true;
    return *this;
  }
  operator Json() const { return j_; }  // NOLINT(google-explicit-constructor)

 private:
  Json j_;
};

// The faces of a pile's cards, in its order: `face(card)` for each.
template <class Pile, class F>
Json faces_of(const Pile& pile, F face) {
  Json out = Json(Json::Array{});
  for (const auto card : pile) out.push_back(face(static_cast<int>(card)));
  return out;
}

// A pile kept as counts by kind (a hand of Strikes and Parries) as faces,
// kind by kind: `face(kind)` for each card.
template <class Count, class F>
Json faces_by_count(const Count* counts, int kinds, F face) {
  Json out = Json(Json::Array{});
  for (int k = 0; k < kinds; ++k) {
    for (int n = 0; n < static_cast<int>(counts[k]); ++n) out.push_back(face(k));
  }
  return out;
}

// A card face down, and `n` of them.
Json card_back();
Json card_backs(int n);
// A place for a card with none in it (a grid spot, an HQ slot, a Component's
// colour): drawn as a space, never as a card. `label` names the place.
Json empty_slot(const std::string& label = std::string());

// One viewer's table, built zone by zone.
class Layout {
 public:
  Layout(const std::string& title, int viewer, int players);

  int viewer() const { return viewer_; }
  // "You" / "Player 2", "Your" / "Player 2's", "you" / "Player 2".
  std::string seat(int p) const;
  std::string whose(int p) const;
  std::string seat_lower(int p) const;
  // Where a player's zones sit: bottom for the viewer (seat 1 for a
  // spectator, who watches from that chair), then the opponents in turn
  // order from the left side over the top to the right side.
  const char* place_of(int owner) const;

  void status(const std::string& s) { status_ = s; }
  void prompt(const std::string& s) { prompt_ = s; }
  // A zone; owner -1 for a shared one (placed in the centre). Returns the
  // zone, for fields of its own (a grid's rows and columns).
  Json& zone(const std::string& id, const std::string& name, const char* kind, Role role, int owner, int count, Json cards);
  // The zones every game has, named the same way everywhere: a player's
  // hand ("hand-<seat>", `cards` as the viewer may see them), and a draw
  // pile face down (only its size shows; a game may add the cards on top
  // that someone knows).
  Json& hand(int owner, int count, Json cards);
  Json& draw_pile(const std::string& id, const std::string& name, int owner, int count);
  Json& counter(const std::string& name, int value, Measure m, int owner = -1, int max = -1);

  Json build() const;

 private:
  std::string title_, status_, prompt_;
  int viewer_, players_;
  std::vector<Json> zones_;
  std::vector<Json> counters_;
};

// The core's part of every layout (NativeState::layout): marks the player
// whose turn it is and the one who decides, and the last move: its lines as
// the viewer read them (`events`, the viewer's events of the last apply) and
// `"last": true` on the faces it names.
void finish_layout(Json& layout, int turn_player, int deciding, const Json& events);

}  // namespace henchmen
