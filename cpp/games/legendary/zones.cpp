// Legendary: the zones of the card facts (state.h), their cards, and a
// world sampled from what one player knows written back.
#include "games/legendary/state.h"

namespace henchmen::legendary {

namespace {
template <class Pile>
void append(const Pile& pile, std::vector<uint8_t>& out) {
  for (const uint8_t c : pile) out.push_back(c);
}
void append_one(uint8_t c, std::vector<uint8_t>& out) {
  if (c != kNoCard) out.push_back(c);
}
}  // namespace

void State::zone_cards(int zone, std::vector<uint8_t>& out) const {
  out.clear();
  if (zone < kVillainDeckZone) {
    const int p = zone / kZonesPerSeat;
    if (p >= cfg->players) return;
    const PlayerState& pl = players[p];
    switch (zone % kZonesPerSeat) {
      case kHandZone: return append(pl.hand, out);
      case kDeckZone:
        for (int i = 0; i < pl.deck.n_top; ++i) out.push_back(pl.deck.top[i]);
        return append(pl.deck.rest, out);
      case kDiscardZone: return append(pl.discard, out);
      case kVictoryZone: return append(pl.victory, out);
      case kPassZone: return append_one(pl.pass, out);
    }
    return;
  }
  switch (zone) {
    case kVillainDeckZone: return append(villain_deck, out);
    case kHeroDeckZone: return append(hero_deck, out);
    case kHQZone:
      for (const uint8_t c : hq) append_one(c, out);
      return;
    case kCityZone:
      for (const CitySpace& v : city) append_one(v.card, out);
      return;
    case kUnderZone:
      for (const CitySpace& v : city) append_one(v.under, out);
      return;
    case kPlayedZone:
      for (int i = 0; i < n_played; ++i) append_one(played[i].card, out);
      return;
    case kLookZone: return append(look, out);
    case kAsideZone:
      append_one(limbo, out);
      for (int i = 0; i < n_tasks; ++i) {
        if (tasks[i].op == dRevealed) append_one(tasks[i].card, out);
      }
      return;
    case kBubbleZone: return append_one(bubble, out);
    case kTacticsZone: return append(tactics, out);
    default: return;
  }
}

// Only hands, decks, passed cards and a private look hold anything a player
// may not see; every other zone is public and stays as it is. A deck's
// known top cards keep their places (and their privacy flags): the world's
// top of that zone, top first; the rest is the unknown part.
void State::write_zones(const Knowledge::World& world) {
  n_cached = 0;  // a decider's options may change with their hand
  for (int p = 0; p < cfg->players; ++p) {
    PlayerState& pl = players[p];
    const auto& hand = world[static_cast<size_t>(seat_zone(p, kHandZone))];
    const auto& deck = world[static_cast<size_t>(seat_zone(p, kDeckZone))];
    const auto& pass = world[static_cast<size_t>(seat_zone(p, kPassZone))];
    pl.hand.clear();
    hand.each([&](uint8_t c) { pl.hand.add(c); });
    const int n_top = pl.deck.n_top;
    pl.deck.rest.clear();
    int i = 0;
    deck.each([&](uint8_t c) {
      if (i < n_top) pl.deck.top[i] = c;
      else pl.deck.rest.add(c);
      ++i;
    });
    if (pl.pass != kNoCard) {
      pass.each([&](uint8_t c) { pl.pass = c; });
    }
  }
  if (look_private) {
    const auto& z = world[static_cast<size_t>(kLookZone)];
    look.clear();
    z.each([&](uint8_t c) { look.add(c); });
  }
}

}  // namespace henchmen::legendary
