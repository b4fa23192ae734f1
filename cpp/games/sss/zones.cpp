// Seven Secret Supervillains: the zones of the card facts (state.h), their
// cards, and a world sampled from what one player knows written back.
#include <algorithm>

#include "games/sss/state.h"

namespace henchmen::sss {

namespace {
template <class Pile>
void append(const Pile& pile, std::vector<uint8_t>& out) {
  for (const uint8_t c : pile) out.push_back(c);
}
template <class DeckT>
void append_deck(const DeckT& d, std::vector<uint8_t>& out) {
  for (int i = 0; i < d.n_top; ++i) out.push_back(d.top[i]);
  for (int i = 0; i < d.n; ++i) out.push_back(d.c[i]);
}
}  // namespace

void State::zone_cards(int zone, std::vector<uint8_t>& out) const {
  out.clear();
  if (zone < kMinionDeckZone) {
    const int p = zone / kZonesPerSeat;
    if (p >= cfg->players) return;
    const PlayerState& pl = players[p];
    switch (zone % kZonesPerSeat) {
      case kHandZone: return append(pl.hand, out);
      case kDeckZone: return append_deck(pl.deck, out);
      case kDiscardZone: return append(pl.discard, out);
      case kInPlayZone: return append(pl.in_play, out);
      case kBoughtZone: return append(pl.bought, out);
      case kStashZone: return append(pl.stash, out);
      case kFrozenZone: return append(pl.frozen, out);
      case kUpgradesZone: return append(pl.upgrades, out);
      case kUpgradesPendingZone: return append(pl.upgrades_pending, out);
      case kWonZone:
        for (int crew = 0; crew < cfg->crews; ++crew) {
          if (won_by[crew] == p) out.push_back(static_cast<uint8_t>(supervillain_card(crew)));
        }
        return;
    }
    return;
  }
  if (zone == kFaceDownZone) {
    if (gamble_card != kNoCard) out.push_back(gamble_card);
    return;
  }
  if (zone == kLookZone) {
    out.insert(out.end(), looked, looked + n_looked);
    return;
  }
  if (zone == kChaosDeckZone) return append_deck(chaos_deck, out);
  if (zone >= kSpellBookZoneBase && zone < kSpellsAsideZoneBase) {
    if (zone - kSpellBookZoneBase < cfg->players) append(players[zone - kSpellBookZoneBase].spell_book, out);
    return;
  }
  if (zone >= kSpellsAsideZoneBase && zone < kNumZones) {
    if (zone - kSpellsAsideZoneBase < cfg->players) append(players[zone - kSpellsAsideZoneBase].spells_aside, out);
    return;
  }
  if (zone >= kAttachedZoneBase && zone < kExplodeyZone) {
    const int crew = (zone - kAttachedZoneBase) / kMaxPlayers;
    const int p = (zone - kAttachedZoneBase) % kMaxPlayers;
    if (crew < cfg->crews && p < cfg->players) append(attached[crew][p], out);
    return;
  }
  switch (zone) {
    case kMinionDeckZone: return append_deck(minion_deck, out);
    case kMinionRowZone:
      for (const uint8_t c : row) {
        if (c != kNoCard) out.push_back(c);
      }
      return;
    case kUpgradeDeckZone: return append_deck(upgrade_deck, out);
    case kUpgradeRowZone:
      if (upgrade_row != kNoCard) out.push_back(upgrade_row);
      return;
    case kSupervillainDeckZone:
    case kDangerZoneZone:
      for (int crew = 0; crew < cfg->crews; ++crew) {
        const uint16_t bits = zone == kSupervillainDeckZone ? supervillain_deck : danger_zone;
        if (bits & (1u << crew)) out.push_back(static_cast<uint8_t>(supervillain_card(crew)));
      }
      return;
    case kSupervillainSlotsZone:
      for (const int8_t crew : supervillain_slot) {
        if (crew >= 0) out.push_back(static_cast<uint8_t>(supervillain_card(crew)));
      }
      return;
    case kExpelledZone: return append(expelled, out);
    case kScaredyZone: out.insert(out.end(), scaredy_left, kScaredyBot); return;
    case kExplodeyZone: out.insert(out.end(), explodey_left, kExplodeyBot); return;
  }
}

// Only hands, frozen piles, decks (the Minion deck too, since Trendset),
// Gamble's face-down card, the cards looked at and the Chaos Spells hold anything a player may
// not see; every other zone is public and stays as it is. What everyone knows of a
// hand or a frozen pile (hand_public, frozen_public) is the same in every
// world a player cannot tell from this one, so it stays too: the sampled
// world holds those cards where they are.
void State::write_zones(const Knowledge::World& world) {
  for (int p = 0; p < cfg->players; ++p) {
    PlayerState& pl = players[p];
    const auto& hand = world[static_cast<size_t>(seat_zone(p, kHandZone))];
    const auto& frozen_cards = world[static_cast<size_t>(seat_zone(p, kFrozenZone))];
    const auto& deck_cards = world[static_cast<size_t>(seat_zone(p, kDeckZone))];
    pl.hand.clear();
    for (const auto* part : {&hand.top, &hand.middle, &hand.bottom}) {
      for (const uint8_t c : *part) pl.hand.add(c);
    }
    pl.frozen.clear();
    for (const auto* part : {&frozen_cards.top, &frozen_cards.middle, &frozen_cards.bottom}) {
      for (const uint8_t c : *part) pl.frozen.add(c);
    }
    // The deck: its known top segment, its unknown part, then the known
    // cards under it. Who knows each known place does not change between
    // worlds the reader cannot tell apart, so the places keep their marks;
    // a top place the state has not got (the reader placed a card the state
    // holds in its unknown part) joins the unknown part.
    const PlayerDeck was = pl.deck;
    pl.deck.clear();
    const int n_top = std::min<int>(was.n_top, static_cast<int>(deck_cards.top.size()));
    for (size_t i = static_cast<size_t>(n_top); i < deck_cards.top.size(); ++i) pl.deck.add_unknown(deck_cards.top[i]);
    for (const uint8_t c : deck_cards.middle) pl.deck.add_unknown(c);
    const int skip = std::max(0, was.known() - static_cast<int>(deck_cards.bottom.size()));
    for (size_t j = 0; j < deck_cards.bottom.size(); ++j) pl.deck.put_bottom(deck_cards.bottom[j], was.bottom_is_private(skip + static_cast<int>(j)));
    for (int i = n_top; i-- > 0;) pl.deck.put_top(deck_cards.top[static_cast<size_t>(i)], was.top_seen[i]);
  }
  // The Minion deck: every card left it in view but Trendset's, which a reader
  // not shown them holds as hidden places at its top or bottom (and in the
  // look zone). The places and their marks are public, so the world's cards
  // fill them in order: its top ones the known top, its bottom ones the known
  // bottom, the rest the unknown part.
  {
    const auto& d = world[static_cast<size_t>(kMinionDeckZone)];
    const MinionDeck was = minion_deck;
    std::vector<uint8_t> seq(d.top.begin(), d.top.end());
    seq.insert(seq.end(), d.middle.begin(), d.middle.end());
    seq.insert(seq.end(), d.bottom.begin(), d.bottom.end());
    if (static_cast<int>(seq.size()) == was.size()) {
      minion_deck.clear();
      const int unknown_end = was.n_top + was.n_unknown;
      for (int i = was.n_top; i < unknown_end; ++i) minion_deck.add_unknown(seq[static_cast<size_t>(i)]);
      for (int i = unknown_end; i < was.size(); ++i) minion_deck.put_bottom(seq[static_cast<size_t>(i)]);
      for (int i = was.n_top; i-- > 0;) minion_deck.put_top(seq[static_cast<size_t>(i)], was.top_seen[i]);
    }
  }
  // The Chaos Spells: the spell books, the spells set aside, and the Chaos
  // Spell deck's unknown part (its bottom, the spells played, is public).
  if (cfg->chaos_spells) {
    auto pile_of = [&](const Knowledge::ZoneCards& z, Multiset<kChaosSpells>& pile) {
      pile.clear();
      z.each([&](uint8_t c) { pile.add(c); });
    };
    for (int p = 0; p < cfg->players; ++p) {
      pile_of(world[static_cast<size_t>(spell_book_zone(p))], players[p].spell_book);
      pile_of(world[static_cast<size_t>(spells_aside_zone(p))], players[p].spells_aside);
    }
    const auto& deck_cards = world[static_cast<size_t>(kChaosDeckZone)];
    chaos_deck.clear();
    // Known places lie only under the unknown part (spells go under the deck); a
    // reader may call them the top once nothing unknown is left above them.
    for (const uint8_t c : deck_cards.middle) chaos_deck.add_unknown(c);
    for (const uint8_t c : deck_cards.top) {
      if (deck_cards.middle.empty()) chaos_deck.put_bottom(c);
      else chaos_deck.add_unknown(c);
    }
    for (const uint8_t c : deck_cards.bottom) chaos_deck.put_bottom(c);
  }
  // Gamble's face-down card: hidden from all but its owner.
  if (gamble_card != kNoCard) {
    const auto& down = world[static_cast<size_t>(kFaceDownZone)];
    for (const auto* part : {&down.top, &down.middle, &down.bottom}) {
      for (const uint8_t c : *part) gamble_card = c;
    }
    reactions.top().arg = gamble_card;
  }
  // The cards Rewrite or Sell looks at, top first (they entered at the
  // zone's bottom, one under the other); who knew each stays as it was.
  if (n_looked > 0) {
    const auto& look = world[static_cast<size_t>(kLookZone)];
    int i = 0;
    for (const auto* part : {&look.top, &look.middle, &look.bottom}) {
      for (const uint8_t c : *part) {
        if (i < n_looked) looked[i++] = c;
      }
    }
  }
}

}  // namespace henchmen::sss
