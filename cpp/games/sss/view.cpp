// Seven Secret Supervillains: what each player sees, move notation, the
// printable board and the heuristic.
#include <cmath>
#include <sstream>

#include "core/card_json.h"
#include "core/observation.h"
#include "games/sss/deck_top.h"
#include "games/sss/state.h"

namespace henchmen::sss {

namespace {

template <class DeckT>
Json known_segment(const Config& cfg, const DeckT& d) {
  Json out = Json(Json::Array{});
  for (int i = d.n_unknown; i < d.n; ++i) out.push_back(cfg.name[d.c[i]]);
  return out;
}


// Tensor layout: card planes (one count per card id) then scalars.
constexpr int kSeatPlanes = 9;    // hand, hidden, deck-known, discard, in play, bought, stash, frozen, attached/upgrades
constexpr int kSharedPlanes = 7;  // row, minion deck, upgrade row/deck, expelled, scaredy pile, pupated, haggled
constexpr int kSeatScalars = 6 + kNumAbilities + kMaxCrews;  // power, won, hand, deck sizes, tokens, reputation, spell book and spells set aside sizes
constexpr int kSharedScalars = 13 + kNumAbilities + kMaxCrews * (3 + kMaxPlayers);  // ... hack power, Repeat's ability one-hot, the Gamble flag, the looks, the Chaos Spell deck's size, crews

}  // namespace

int observation_length(const Config& cfg) {
  return (cfg.players * kSeatPlanes + kSharedPlanes) * kCardIds + cfg.players * kSeatScalars + kSharedScalars;
}

Json State::observation(int viewer) const {
  const Config& c = *cfg;
  Json o = observation_header(viewer, turn, turn_player_, current_player(), over, winner);
  o["pending"] = pending == Pending::kNone ? Json() : Json(pending_name(pending));
  o["goal"] = Json();  // null outside the Climb
  if (c.climb_goal != ClimbGoal::kNone) {
    // Public: a solo game's every count is its one player's.
    Json g;
    g["goal"] = climb_goal_name(c.climb_goal);
    g["target"] = c.climb_target;
    g["progress"] = climb_progress();
    g["turns"] = climb_reached() ? Json(static_cast<int>(turn)) : Json();
    o["goal"] = g;
  }
  Json sv;
  Json slots = Json(Json::Array{});
  for (const int8_t s : supervillain_slot) slots.push_back(s < 0 ? Json() : Json(c.crew[static_cast<size_t>(s)].supervillain));
  sv["revealed"] = slots;
  Json dz = Json(Json::Array{});
  Json won = Json(Json::Object{});
  Json rep = Json(Json::Object{});
  for (int crew = 0; crew < c.crews; ++crew) {
    const std::string& name = c.crew[static_cast<size_t>(crew)].supervillain;
    if (danger_zone & (1u << crew)) dz.push_back(name);
    if (won_by[crew] >= 0) won[name] = static_cast<int>(won_by[crew]);
    if (supervillain_revealed(crew)) {
      Json sides = Json(Json::Array{});
      for (int p = 0; p < (c.teams ? 2 : c.players); ++p) {  // the Classic: one side per team
        Json side;
        side["cards"] = card_names(c, attached[crew][p]);
        side["reputation"] = reputation(crew, p);
        sides.push_back(side);
      }
      rep[name] = sides;
    }
  }
  sv["danger_zone"] = dz;
  sv["deck_size"] = __builtin_popcount(supervillain_deck);
  sv["won"] = won;
  sv["attached"] = rep;
  o["supervillains"] = sv;
  Json row_json = Json(Json::Array{});
  for (const uint8_t card : row) row_json.push_back(card == kNoCard ? Json() : Json(c.name[card]));
  o["minion_row"] = row_json;
  Json md;
  md["size"] = minion_deck.size();
  Json md_bottom = Json(Json::Array{});
  for (int k = 0; k < minion_deck.known(); ++k) md_bottom.push_back(sees_minion_bottom(k, viewer) ? Json(c.name[minion_deck.c[minion_deck.n_unknown + k]]) : Json());
  md["bottom"] = md_bottom;  // null where the viewer was not shown the card
  // Only when there is one: a known top card is named to those who know it.
  if (minion_deck.n_top > 0) {
    Json top = Json(Json::Array{});
    for (int i = 0; i < minion_deck.n_top; ++i) {
      top.push_back(sees_minion_top(i, viewer) ? Json(c.name[minion_deck.top[i]]) : Json());
    }
    md["top"] = top;
  }
  o["minion_deck"] = md;
  o["upgrade_row"] = upgrade_row == kNoCard ? Json() : Json(c.name[upgrade_row]);
  Json ud;
  ud["size"] = static_cast<int>(upgrade_deck.n);
  ud["bottom"] = known_segment(c, upgrade_deck);
  o["upgrade_deck"] = ud;
  o["scaredy_bots"] = static_cast<int>(scaredy_left);
  o["expelled"] = card_names(c, expelled);
  o["pupated"] = card_set_names(c, pupated, kCardIds);
  o["haggled"] = card_set_names(c, haggled, kCardIds);
  o["hack_power"] = static_cast<int>(hack_power);
  o["explodey_bots"] = static_cast<int>(explodey_left);
  o["repeatable"] = repeatable == kNoAbility ? Json() : Json(ability_name(repeatable));
  Json from_minions = Json(Json::Object{});
  for (int a = 1; a < kNumAbilities; ++a) {
    if (minion_tokens[a]) from_minions[ability_name(a)] = static_cast<int>(minion_tokens[a]);
  }
  o["minion_abilities"] = from_minions;
  o["gamble"] = Json();  // null unless a Gamble's guess is asked
  if (gamble_card != kNoCard) {
    // Gamble: a card lies face down; only its owner sees which.
    Json g;
    g["player"] = static_cast<int>(turn_player_);
    g["guesser"] = gamble_guesser();
    g["card"] = viewer == turn_player_ ? Json(c.name[gamble_card]) : Json();
    g["known"] = card_names(c, gamble_known);  // in the hand or face down, known to all
    o["gamble"] = g;
  }
  o["looked"] = Json();  // null unless Rewrite, Sell or Trendset is looking at cards
  if (n_looked > 0) {
    // Off the top of the turn player's deck (Trendset: the Minion deck's), top
    // first: a card the viewer did not know is null.
    Json l;
    l["player"] = static_cast<int>(turn_player_);
    l["from"] = minion_look() ? "minion deck" : "deck";
    Json cards = Json(Json::Array{});
    for (int i = 0; i < n_looked; ++i) cards.push_back(viewer >= 0 && ((looked_seen[i] >> viewer) & 1u) ? Json(c.name[looked[i]]) : Json());
    l["cards"] = cards;
    o["looked"] = l;
  }
  o["chaos_spell_deck"] = Json();  // null in games without Chaos Spells
  if (c.chaos_spells) {
    // Face down: its size, and the spells played under it, bottom last.
    Json cd;
    cd["size"] = static_cast<int>(chaos_deck.size());
    cd["bottom"] = known_segment(c, chaos_deck);
    // The spells the viewer cannot place: the deck's unknown part, and the
    // others' spell books and spells set aside but for what everyone saw.
    Multiset<kChaosSpells> unseen;
    for (int i = 0; i < chaos_deck.n_unknown; ++i) unseen.add(chaos_deck.c[i]);
    for (int p = 0; p < c.players; ++p) {
      if (p == viewer) continue;
      for (const uint8_t card : players[p].spell_book) unseen.add(card);
      for (const uint8_t card : players[p].spell_book_public) unseen.remove(card);
      for (const uint8_t card : players[p].spells_aside) unseen.add(card);
      for (const uint8_t card : players[p].spells_aside_public) unseen.remove(card);
    }
    cd["unseen"] = card_names(c, unseen);
    o["chaos_spell_deck"] = cd;
  }
  Json ps = Json(Json::Array{});
  for (int p = 0; p < c.players; ++p) {
    const PlayerState& pl = players[p];
    Json j;
    const bool own = p == viewer;
    if (own) {
      j["hand"] = card_names(c, pl.hand);
      j["frozen"] = card_names(c, pl.frozen);
      Multiset<kPileCap> contents;
      for (int i = 0; i < pl.deck.n_top; ++i) contents.add(pl.deck.top[i]);
      for (int i = 0; i < pl.deck.n; ++i) contents.add(pl.deck.c[i]);
      j["deck_contents"] = card_names(c, contents);
    } else {
      j["hand_known"] = card_names(c, pl.hand_public);
      j["frozen_known"] = card_names(c, pl.frozen_public);
      // What the viewer can deduce but not place: the rest of the hand, the
      // frozen cards and the unknown part of the deck, as one multiset.
      Multiset<kPileCap + kSmallPile + 8> unseen;
      Multiset<kSmallPile> rest = pl.hand;
      for (const uint8_t card : pl.hand_public) rest.remove(card);
      for (const uint8_t card : rest) unseen.add(card);
      Multiset<8> frozen_rest = pl.frozen;
      for (const uint8_t card : pl.frozen_public) frozen_rest.remove(card);
      for (const uint8_t card : frozen_rest) unseen.add(card);
      for (int i = 0; i < pl.deck.n_unknown; ++i) unseen.add(pl.deck.c[i]);
      if (gamble_card != kNoCard && p == turn_player_) unseen.add(gamble_card);  // face down
      for (int i = 0; p == turn_player_ && !minion_look() && i < n_looked; ++i) {
        if (viewer < 0 || !((looked_seen[i] >> viewer) & 1u)) unseen.add(looked[i]);
      }
      each_known_card(pl.deck, p, viewer, [&](uint8_t card, int, bool seen) {
        if (!seen) unseen.add(card);
      });
      j["unseen"] = card_names(c, unseen);
    }
    j["hand_size"] = pl.hand.size();
    j["frozen_size"] = pl.frozen.size();
    j["deck_size"] = pl.deck.size();
    // The known places, top first and bottom last: a card put there that the
    // viewer was not shown is null.
    Json deck_top = Json(Json::Array{});
    Json deck_bottom = Json(Json::Array{});
    each_known_card(pl.deck, p, viewer, [&](uint8_t card, int from_bottom, bool seen) {
      (from_bottom > pl.deck.known() ? deck_top : deck_bottom).push_back(seen ? Json(c.name[card]) : Json());
    });
    j["deck_top"] = deck_top;
    j["deck_bottom"] = deck_bottom;
    j["discard"] = card_names(c, pl.discard);
    j["in_play"] = card_names(c, pl.in_play);
    j["bought"] = card_names(c, pl.bought);
    j["stash"] = card_names(c, pl.stash);
    j["upgrades"] = card_names(c, pl.upgrades);
    j["upgrades_pending"] = card_names(c, pl.upgrades_pending);
    Json used = Json(Json::Array{});
    for (const uint8_t u : pl.upgrades) {
      if (pl.upgrades_used & (1u << crew_of(u))) used.push_back(c.name[u]);
    }
    j["upgrades_used"] = used;
    j["power"] = static_cast<int>(pl.power);
    Json pool = Json(Json::Object{});
    for (int a = 1; a < kNumAbilities; ++a) {
      if (pl.tokens[a]) pool[ability_name(a)] = static_cast<int>(pl.tokens[a]);
    }
    j["abilities"] = pool;
    j["supervillains_won"] = static_cast<int>(pl.won);
    if (c.chaos_spells) {
      // The spell book is private: the others see its size and what they saw go in.
      if (own) {
        j["spell_book"] = card_names(c, pl.spell_book);
        j["spells_aside"] = card_names(c, pl.spells_aside);
      } else {
        j["spell_book_known"] = card_names(c, pl.spell_book_public);
        j["spells_aside_known"] = card_names(c, pl.spells_aside_public);
      }
      j["spell_book_size"] = pl.spell_book.size();
      j["spells_aside_size"] = pl.spells_aside.size();
    }
    ps.push_back(j);
  }
  o["players"] = ps;
  return o;
}

void State::observation_tensor(int viewer, float* out) const {
  const Config& c = *cfg;
  const int n = c.players;
  const CardPlanes plane(out, observation_length(c), kCardIds);
  // Each seat's player, seat 0 always the viewer: a division each, done once
  // here rather than in every loop below (the divisions were 5% of the
  // tensor's perf samples, 7 December).
  int at_seat[kMaxPlayers] = {};
  for (int seat = 0; seat < n; ++seat) at_seat[seat] = (viewer + seat) % n;
  int crew_reputation[kMaxPlayers][kMaxCrews] = {};
  for (int seat = 0; seat < n; ++seat) {
    const int p = at_seat[seat];
    const PlayerState& pl = players[p];
    const int base = seat * kSeatPlanes;
    if (seat == 0) {
      add_cards(plane(base + 0), pl.hand);
      for (int i = 0; i < pl.deck.n_unknown; ++i) plane(base + 1)[pl.deck.c[i]] += 1.0f;
      add_cards(plane(base + 7), pl.frozen);
      if (gamble_card != kNoCard && p == turn_player_) plane(base + 0)[gamble_card] += 1.0f;  // face down, still yours
      // The spell book and the spells set aside, at the spells' ids (never a hand card's).
      add_cards(plane(base + 0), pl.spell_book);
      add_cards(plane(base + 7), pl.spells_aside);
    } else {
      add_cards(plane(base + 0), pl.hand_public);
      float* hidden = plane(base + 1);
      add_cards(hidden, pl.hand);
      for (const uint8_t card : pl.hand_public) hidden[card] -= 1.0f;
      add_cards(hidden, pl.frozen);
      for (const uint8_t card : pl.frozen_public) hidden[card] -= 1.0f;
      add_cards(plane(base + 7), pl.frozen_public);
      for (int i = 0; i < pl.deck.n_unknown; ++i) hidden[pl.deck.c[i]] += 1.0f;
      if (gamble_card != kNoCard && p == turn_player_) hidden[gamble_card] += 1.0f;  // face down
      add_cards(plane(base + 0), pl.spell_book_public);
      add_cards(plane(base + 7), pl.spells_aside_public);
    }
    // Known deck cards: their place counted from the bottom (top first, so
    // the deepest copy of a kind is the one written); a card only its owner
    // looked at counts as hidden for everyone else. Cards Rewrite or Sell
    // holds off the top count as the places above the deck.
    for (int i = 0; p == turn_player_ && !minion_look() && i < n_looked; ++i) {
      if ((looked_seen[i] >> viewer) & 1u) plane(base + 2)[looked[i]] = static_cast<float>(pl.deck.size() + n_looked - i);
      else plane(base + 1)[looked[i]] += 1.0f;
    }
    each_known_card(pl.deck, p, viewer, [&](uint8_t card, int from_bottom, bool seen) {
      if (seen) plane(base + 2)[card] = static_cast<float>(from_bottom);
      else plane(base + 1)[card] += 1.0f;
    });
    add_cards(plane(base + 3), pl.discard);
    add_cards(plane(base + 4), pl.in_play);
    add_cards(plane(base + 5), pl.bought);
    add_cards(plane(base + 6), pl.stash);
    // Each crew's reputation (State::reputation) summed here, where its
    // Minions are read for the plane anyway: a second pass over them was 4%
    // of a batched step's time (7 December).
    for (int crew = 0; crew < c.crews; ++crew) {
      for (const uint8_t card : attached[crew][p]) {
        plane(base + 8)[card] += 1.0f;
        crew_reputation[seat][crew] += c.reputation[card];
      }
    }
    add_cards(plane(base + 8), pl.upgrades);
    add_cards(plane(base + 8), pl.upgrades_pending);
  }
  const int shared = n * kSeatPlanes;
  for (int i = 0; i < kRowSlots; ++i) {
    if (row[i] != kNoCard) plane(shared)[row[i]] = static_cast<float>(i + 1);
  }
  // A known card the viewer was not shown is one of the unknown part to them.
  // The counts in locals: stores to the row could alias the deck's, so the
  // loop reread them every card (a fifth of the tensor's instructions).
  {
    float* minions = plane(shared + 1);
    const int unknown = minion_deck.n_unknown;
    const int cards = minion_deck.n;
    for (int i = 0; i < unknown; ++i) minions[minion_deck.c[i]] = 1.0f;
    for (int i = unknown; i < cards; ++i) minions[minion_deck.c[i]] = sees_minion_bottom(i - unknown, viewer) ? 2.0f : 1.0f;
  }
  // A known top Minion: 3 for a viewer who knows it, else one of the unknown
  // part; likewise 4 for a Minion Trendset holds off the deck.
  for (int i = 0; i < minion_deck.n_top; ++i) plane(shared + 1)[minion_deck.top[i]] = sees_minion_top(i, viewer) ? 3.0f : 1.0f;
  for (int i = 0; minion_look() && i < n_looked; ++i) plane(shared + 1)[looked[i]] = viewer >= 0 && ((looked_seen[i] >> viewer) & 1u) ? 4.0f : 1.0f;
  if (upgrade_row != kNoCard) plane(shared + 2)[upgrade_row] = 2.0f;
  for (int i = 0; i < upgrade_deck.n; ++i) plane(shared + 2)[upgrade_deck.c[i]] = 1.0f;
  add_cards(plane(shared + 3), expelled);
  plane(shared + 4)[kScaredyBot] = static_cast<float>(scaredy_left);
  plane(shared + 4)[kExplodeyBot] = static_cast<float>(explodey_left);
  // The Chaos Spell deck's known bottom, at the spells' ids of the Minion
  // deck plane: each one's place counted from the bottom (1 the bottom card).
  for (int i = chaos_deck.n_unknown; i < chaos_deck.n; ++i) plane(shared + 1)[chaos_deck.c[i]] = static_cast<float>(chaos_deck.n - i);
  // Set bits only: a test of all 128 cards was a tenth of the tensor's cost.
  for (int word = 0; word < 2; ++word) {
    for (uint64_t bits = pupated[word]; bits; bits &= bits - 1) plane(shared + 5)[word * 64 + __builtin_ctzll(bits)] = 1.0f;
    for (uint64_t bits = haggled[word]; bits; bits &= bits - 1) plane(shared + 6)[word * 64 + __builtin_ctzll(bits)] = 1.0f;
  }
  float* s = out + (shared + kSharedPlanes) * kCardIds;
  for (int seat = 0; seat < n; ++seat) {
    const PlayerState& pl = players[at_seat[seat]];
    *s++ = pl.power;
    *s++ = pl.won;
    *s++ = static_cast<float>(pl.hand.size());
    *s++ = static_cast<float>(pl.deck.size());
    for (int a = 0; a < kNumAbilities; ++a) *s++ = pl.tokens[a];
    for (int crew = 0; crew < c.crews; ++crew) s[crew] = static_cast<float>(crew_reputation[seat][crew]);
    s += kMaxCrews;
    *s++ = static_cast<float>(pl.spell_book.size());
    *s++ = static_cast<float>(pl.spells_aside.size());
  }
  *s++ = static_cast<float>(turn) / static_cast<float>(c.max_turns);
  *s++ = turn_player_ == viewer ? 1.0f : 0.0f;
  *s++ = over ? 1.0f : 0.0f;
  *s++ = pending == Pending::kFetchDiscard ? 1.0f : 0.0f;
  *s++ = pending == Pending::kReturnUpgrade ? 1.0f : 0.0f;
  *s++ = static_cast<float>(remix_discards_left());
  *s++ = hack_power;
  if (repeatable != kNoAbility) s[repeatable] = 1.0f;
  s += kNumAbilities;
  *s++ = gamble_card != kNoCard ? 1.0f : 0.0f;  // a Gamble guess is asked
  *s++ = static_cast<float>(n_looked);  // cards Rewrite or Sell looks at
  *s++ = pending == Pending::kRewriteChoice ? 1.0f : 0.0f;
  *s++ = pending == Pending::kSellChoice ? 1.0f : 0.0f;
  *s++ = pending == Pending::kTrendsetChoice ? 1.0f : 0.0f;
  *s++ = static_cast<float>(chaos_deck.size());
  // The crews in the game (the rest stay 0): a Supervillain still in the
  // deck, in a slot, in the Danger Zone, and who won it.
  unsigned slotted = 0;
  for (const int8_t slot : supervillain_slot) {
    if (slot >= 0) slotted |= 1u << slot;
  }
  for (int crew = 0; crew < c.crews; ++crew, s += 3 + kMaxPlayers) {
    s[0] = static_cast<float>((supervillain_deck >> crew) & 1u);
    s[1] = static_cast<float>((slotted >> crew) & 1u);
    s[2] = static_cast<float>((danger_zone >> crew) & 1u);
    for (int seat = 0; won_by[crew] >= 0 && seat < n; ++seat) {
      if (won_by[crew] == at_seat[seat]) s[3 + seat] = 1.0f;
    }
  }
}

std::string State::action_to_string(Action a) const {
  const Config& c = *cfg;
  auto card = [&](int id) -> std::string {
    if (id >= 0 && id < kCardIds && c.valid_card(id)) return c.name[static_cast<size_t>(id)];
    return "card #" + std::to_string(id);
  };
  if (a >= kChanceChaos) {
    // The Gambler: the row slots Chaos's dice named.
    std::string text = "chaos";
    for (int slot = 0; slot < kRowSlots; ++slot) {
      if ((a - kChanceChaos) & (1 << slot)) text += " " + std::to_string(slot + 1);
    }
    return a == kChanceChaos ? "chaos nothing" : text;
  }
  if (a >= kChanceSupervillain) {
    const int crew = a - kChanceSupervillain;
    return "reveal " + (crew < c.crews ? c.crew[static_cast<size_t>(crew)].supervillain : "#" + std::to_string(crew));
  }
  if (a >= kChanceCard) {
    const bool draw = n_tasks > 0 && (tasks[0].kind == TaskKind::kDrawHand || tasks[0].kind == TaskKind::kDrawFetch || tasks[0].kind == TaskKind::kDrawRemix || tasks[0].kind == TaskKind::kDrawGamble || tasks[0].kind == TaskKind::kDrawSpell ||
                                      tasks[0].kind == TaskKind::kDrawFreeze);
    return (draw ? "draw " : "reveal ") + card(a - kChanceCard);
  }
  if (a >= kCastSpell_) return "spell " + card(kChaosSpellBase + (a - kCastSpell_));
  if (a == kDiscombobulate_) return "discombobulate";
  if (a > kTrendsetBottomLower) return "look #" + std::to_string(a - kLook_);  // room left in the block
  if (a >= kTrendsetBuyUpper) {
    // The two cards are named upper and lower; the one card left is just the card.
    const bool low = (a - kTrendsetBuyUpper) % 2 == 1;
    const char* verb = a <= kTrendsetBuyLower ? "buy" : a <= kTrendsetTopLower ? "top" : "bottom";
    const int i = low ? 1 : 0;
    const std::string which = n_looked == 1 && !low ? "" : low ? "lower " : "upper ";
    return std::string("trendset ") + verb + " " + which + (i < n_looked ? card(looked[i]) : std::string("card"));
  }
  if (a == kTrendset_) return "trendset";
  if (a >= kSell_) return "sell " + card(a - kSell_);
  if (a == kSellTakeFirst || a == kSellTakeSecond) {
    const int i = a == kSellTakeFirst ? 0 : 1;
    return std::string(i == 0 ? "sell take upper " : "sell take lower ") + (i < n_looked ? card(looked[i]) : std::string("card"));
  }
  if (a == kRewriteKeep || a == kRewriteDiscard) {
    return std::string(a == kRewriteKeep ? "rewrite keep " : "rewrite discard ") + (n_looked > 0 ? card(looked[n_looked - 1]) : std::string("the lowest card"));
  }
  if (a == kRewrite_) return "rewrite";
  if (a >= kLook_) return "look #" + std::to_string(a - kLook_);
  if (a == kGambleOdd) return "guess odd";
  if (a == kGambleEven) return "guess even";
  if (a >= kGamble_) return "gamble " + card(a - kGamble_);
  if (a >= kRepeat_) return std::string("repeat ") + ability_name(a - kRepeat_);
  if (a == kExperiment_) return "experiment";
  if (a == kHackUpgrade) return "hack replace " + (upgrade_row == kNoCard ? std::string("the Upgrade card") : card(upgrade_row));
  if (a == kHackPower) return "hack power";
  if (a == kEngineerUpgrade) return "engineer replace " + (upgrade_row == kNoCard ? std::string("the Upgrade card") : card(upgrade_row));
  if (a >= kEngineer_) return "engineer " + card(a - kEngineer_);
  if (a >= kExpedite_) return "expedite " + card(a - kExpedite_);
  if (a >= kHaggle_) return "haggle " + card(a - kHaggle_);
  if (a >= kRemix_) return "remix " + card(a - kRemix_);
  if (a >= kGust_) return gust_to_string(a);
  if (a == kPull_) return "pull";
  if (a == kPullTop) return "pull top";
  if (a == kPullDiscard) return "pull discard";
  if (a == kPullLeave) return "pull leave";
  if (a >= kProphecize_ && a < kProphecize_ + kProphecyNumbers) return "prophecize " + std::to_string(a - kProphecize_);
  if (a >= kCrewsD_) return "crews-d #" + std::to_string(a - kCrewsD_);
  if (a >= kSnoozeRow_) return "snooze row " + card(a - kSnoozeRow_);
  if (a >= kSnooze_) return "snooze " + card(a - kSnooze_);
  if (a >= kPupate_) return "pupate " + card(a - kPupate_);
  if (a >= kConsume_) return "consume " + card(a - kConsume_);
  if (a >= kFroth_) return "froth " + card(a - kFroth_);
  if (a >= kReturnUpgrade) return "return " + card(kUpgradeBase + a - kReturnUpgrade);
  if (a >= kActivate) return "activate " + card(kUpgradeBase + a - kActivate);
  if (a == kEndTurn) return "end turn";
  if (a == kFetch_) return "fetch";
  if (a == kFreeze_) return "freeze";
  if (a == kReplicateLeftmost) return "replicate leftmost";
  if (a >= kReplicateCopy) return std::string("replicate ") + ability_name(a - kReplicateCopy);
  if (a >= kBountySwap) {
    const int slot = (a - kBountySwap) / kStashSize;
    const int j = (a - kBountySwap) % kStashSize;
    // The range has room for one id past the last row slot; name it without reading past the row.
    if (slot >= kRowSlots) return "bounty swap #" + std::to_string(a - kBountySwap);
    const PlayerState& me = players[turn_player_];
    const std::string taken = row[slot] == kNoCard ? "row slot " + std::to_string(slot + 1) : card(row[slot]);
    const std::string given = j < me.stash.size() ? card(me.stash.c[j]) : "stash slot " + std::to_string(j + 1);
    return "bounty " + taken + " for " + given;
  }
  if (a >= kBounty_) return "bounty " + card(a - kBounty_);
  if (a >= kDiscardForFetch) return "discard " + card(a - kDiscardForFetch);
  if (a >= kIncinerateDiscard) return "incinerate " + card(a - kIncinerateDiscard) + " from discard";
  if (a >= kIncinerateHand) return "incinerate " + card(a - kIncinerateHand) + " from hand";
  if (a >= kHarvest_) return "harvest " + card(a - kHarvest_);
  if (a >= kTransfer_) return "transfer " + card(a - kTransfer_);
  if (a >= kBuy) return "buy " + card(a - kBuy);
  if (a >= kAttach) return "attach " + card(a - kAttach);
  return "play " + card(a - kPlay);
}

std::string State::to_string() const {
  const Config& c = *cfg;
  std::ostringstream os;
  auto list = [&](const auto& pile) { return names_of(pile, c.name); };
  os << "Seven Secret Supervillains, turn " << turn << ", player " << static_cast<int>(turn_player_) << " to play";
  if (over) os << (winner >= 0 ? " -- game over, player " + std::to_string(winner) + " wins" : std::string(" -- game over, a draw"));
  os << "\nSupervillains:";
  for (const int8_t s : supervillain_slot) os << "  [" << (s < 0 ? std::string("empty") : c.crew[static_cast<size_t>(s)].supervillain) << "]";
  os << "\nDanger Zone:";
  bool any_danger = false;
  for (int crew = 0; crew < c.crews; ++crew) {
    if (danger_zone & (1u << crew)) {
      os << "  [" << c.crew[static_cast<size_t>(crew)].supervillain << "]";
      any_danger = true;
    }
  }
  if (!any_danger) os << "  none";
  os << "\nReputation attached:";
  for (int crew = 0; crew < c.crews; ++crew) {
    if (!supervillain_revealed(crew)) continue;
    os << "\n  " << c.crew[static_cast<size_t>(crew)].supervillain << " (" << c.crew[static_cast<size_t>(crew)].name << "):";
    for (int p = 0; p < c.players; ++p) os << "  P" << p << " " << reputation(crew, p);
  }
  os << "\nMinion row:";
  for (const uint8_t card : row) os << "  [" << (card == kNoCard ? std::string("empty") : c.name[card] + " (" + std::to_string(c.health[card]) + ")") << "]";
  os << "\nUpgrade: " << (upgrade_row == kNoCard ? std::string("none") : c.name[upgrade_row]) << "   Scaredy Bots: "
     << static_cast<int>(scaredy_left) << "   Minion deck: " << static_cast<int>(minion_deck.n);
  for (int p = 0; p < c.players; ++p) {
    const PlayerState& pl = players[p];
    os << "\nPlayer " << p << ": won " << static_cast<int>(pl.won) << ", power " << pl.power << ", deck "
       << pl.deck.size() << ", discard " << pl.discard.size();
    os << "\n  hand: " << list(pl.hand);
    if (!pl.frozen.empty()) os << "\n  frozen: " << list(pl.frozen);
    if (!pl.in_play.empty()) os << "\n  in play: " << list(pl.in_play);
    if (!pl.bought.empty()) os << "\n  bought: " << list(pl.bought);
    if (!pl.stash.empty()) os << "\n  stash: " << list(pl.stash);
    if (!pl.upgrades.empty() || !pl.upgrades_pending.empty()) os << "\n  upgrades: " << list(pl.upgrades) << (pl.upgrades_pending.empty() ? "" : " + " + list(pl.upgrades_pending));
    std::string pool;
    for (int a = 1; a < kNumAbilities; ++a) {
      if (pl.tokens[a]) pool += std::string(pool.empty() ? "" : ", ") + ability_name(a) + " x" + std::to_string(pl.tokens[a]);
    }
    if (!pool.empty()) os << "\n  abilities: " << pool;
  }
  return os.str();
}

// A position score: Supervillains won dominate; then progress toward the
// next ones, then the quality of the deck and the unspent pool.
double State::heuristic(int player) const {
  const Config& c = *cfg;
  // The Secretive: the crew points a player would score now.
  int points2[kMaxPlayers] = {}, owned[kMaxPlayers] = {};
  if (c.score_crews) crew_scores(points2, owned);
  auto score = [&](int p) {
    const PlayerState& pl = players[p];
    double v = 3.0 * side_won(side(p)) + 0.75 * points2[p];
    for (int crew = 0; crew < c.crews; ++crew) {
      if (!supervillain_revealed(crew)) continue;
      const double frac = static_cast<double>(reputation(crew, side(p))) / c.win_reputation;
      v += 1.5 * frac * frac;
    }
    double power = 0.0;
    double rep = 0.0;
    int cards = 0;
    auto tally = [&](const auto& pile) {
      for (const uint8_t card : pile) {
        power += c.power[card] + (c.ability[card] != kNoAbility ? 0.5 : 0.0);
        if (is_minion(card) && won_by[crew_of(card)] < 0) rep += c.reputation[card];
        ++cards;
      }
    };
    tally(pl.hand);
    tally(pl.discard);
    tally(pl.in_play);
    tally(pl.bought);
    tally(pl.frozen);
    for (int i = 0; i < pl.deck.size(); ++i) {
      const uint8_t card = i < pl.deck.n_top ? pl.deck.top[i] : pl.deck.c[i - pl.deck.n_top];
      power += c.power[card] + (c.ability[card] != kNoAbility ? 0.5 : 0.0);
      if (is_minion(card) && won_by[crew_of(card)] < 0) rep += c.reputation[card];
      ++cards;
    }
    for (const uint8_t card : pl.stash) rep += 0.5 * c.reputation[card];
    v += cards ? 0.6 * power / cards : 0.0;
    v += 0.02 * rep;
    v += 0.1 * pl.upgrades.size() + 0.1 * pl.upgrades_pending.size();
    if (p == turn_player_) {
      v += 0.02 * pl.power;
      for (int a = 1; a < kNumAbilities; ++a) v += 0.02 * pl.tokens[a];
    }
    return v;
  };
  if (over) return returns(player);
  // The Climb: the share of the goal reached leads, then the deck, squashed
  // under what reaching the goal this turn would return, so that no position
  // short of the goal is worth more than reaching it (a search that valued
  // three Supervillains above the fourth would never take the fourth), and a
  // later turn is worth less.
  if (c.climb_goal != ClimbGoal::kNone) {
    const double reached_now = static_cast<double>(c.max_turns + 1 - std::min<int>(turn, c.max_turns)) / c.max_turns;
    const double x = 3.0 * climb_progress() / c.climb_target + 0.2 * score(player) - 2.0;
    return reached_now * 0.5 * (1.0 + std::tanh(x)) * 0.95;
  }
  if (c.players == 1) return std::tanh(0.5 * score(player) - 2.0);  // solo: no one to beat
  double best_other = -1e9;
  for (int p = 0; p < c.players; ++p) {
    if (side(p) != side(player)) best_other = std::max(best_other, score(p));
  }
  return std::tanh(0.5 * (score(player) - best_other));
}

}  // namespace henchmen::sss
