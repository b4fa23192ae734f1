// Legendary: the observation tensor and the heuristic, what a search or a learner
// reads at every step (hot code); what a player is shown is board.cpp.
#include <array>
#include <cmath>

#include "core/observation.h"
#include "games/legendary/state.h"

namespace henchmen::legendary {

namespace {

constexpr int kSeatPlanes = 6;
constexpr int kSharedPlanes = 9;
constexpr int kScalars = 160;

}  // namespace

int observation_length(const Config& cfg) { return (cfg.players * kSeatPlanes + kSharedPlanes) * kCardIds + kScalars; }

bool State::same_view(const State& world, int observer) const {
  for (int p = 0; p < cfg->players; ++p) {
    if (p == observer) continue;
    std::array<int16_t, 256> count{};
    each_unseen(p, [&](uint8_t x) { ++count[x]; });
    world.each_unseen(p, [&](uint8_t x) { --count[x]; });
    for (const int16_t k : count) {
      if (k != 0) return false;
    }
  }
  return true;
}

void State::observation_tensor(int viewer, float* out) const {
  const Config& c = *cfg;
  const int n = c.players;
  const CardPlanes plane(out, observation_length(c), kCardIds);
  for (int seat = 0; seat < n; ++seat) {
    const int p = (viewer + seat) % n;
    const PlayerState& pl = players[p];
    const int base = seat * kSeatPlanes;
    const bool own = seat == 0;
    if (own) {
      add_cards(plane(base + 0), pl.hand);
      add_cards(plane(base + 1), pl.deck.rest);
    } else {
      float* hidden = plane(base + 1);
      add_cards(hidden, pl.hand);
      add_cards(hidden, pl.deck.rest);
      if (pl.pass != kNoCard) hidden[pl.pass] += 1.0f;
      if (look_private && look_owner == p) add_cards(hidden, look);
    }
    for (int i = 0; i < pl.deck.n_top; ++i) {
      const bool priv = (pl.deck.top_private >> i) & 1u;
      if (priv && !own) plane(base + 1)[pl.deck.top[i]] += 1.0f;
      else plane(base + 2)[pl.deck.top[i]] += 1.0f / static_cast<float>(i + 1);
    }
    if (own && pl.pass != kNoCard) plane(base + 0)[pl.pass] += 1.0f;
    add_cards(plane(base + 3), pl.discard);
    add_cards(plane(base + 4), pl.victory);
    if (p == turn_player_) {
      for (int i = 0; i < n_played; ++i) {
        if (played[i].as != kNoCard) plane(base + 5)[played[i].as] += 1.0f;
      }
    }
  }
  const int sh = n * kSeatPlanes;
  for (const uint8_t x : hq) {
    if (x != kNoCard) plane(sh)[x] += 1.0f;
  }
  for (int s = 0; s < kCity; ++s) {
    if (city[s].card != kNoCard) plane(sh + 1)[city[s].card] += static_cast<float>(s + 1);
    if (city[s].under != kNoCard) plane(sh + 2)[city[s].under] += 1.0f;
  }
  add_cards(plane(sh + 3), villain_deck);
  add_cards(plane(sh + 4), hero_deck);
  for (int x = 0; x < kNumCardIds; ++x) {
    plane(sh + 5)[x] = ko[x];
    plane(sh + 6)[x] = escaped[x];
  }
  if (!look_private || look_owner == viewer) add_cards(plane(sh + 7), look);
  add_cards(plane(sh + 8), steal);
  float* s = out + (sh + kSharedPlanes) * kCardIds;
  float* end = s + kScalars;
  for (int seat = 0; seat < kMaxPlayers; ++seat) {
    if (seat < n) {
      const int p = (viewer + seat) % n;
      *s++ = static_cast<float>(vp(p));
      *s++ = static_cast<float>(players[p].hand.size());
      *s++ = static_cast<float>(players[p].deck.size());
      *s++ = p == turn_player_ ? 1.0f : 0.0f;
      *s++ = p == current_player() ? 1.0f : 0.0f;
    } else {
      s += 5;
    }
  }
  *s++ = attack;
  *s++ = recruit;
  *s++ = recruit_made;
  *s++ = extra_draws;
  *s++ = recruit_as_attack;
  *s++ = healed;
  *s++ = acted;
  *s++ = extra_turn;
  *s++ = extra_draw;
  *s++ = static_cast<float>(turn) / 100.0f;
  *s++ = twists_played;
  *s++ = twists_beside;
  *s++ = villains_escaped;
  *s++ = bystanders_carried;
  *s++ = killbots_escaped;
  *s++ = heroes_escaped;
  *s++ = wounds_left;
  *s++ = bystanders_left;
  *s++ = officers_left;
  *s++ = static_cast<float>(mastermind_attack());
  *s++ = static_cast<float>(tactics.size());
  *s++ = mm_bystanders;
  *s++ = mm_defeated;
  *s++ = deck_ran_out;
  *s++ = over;
  *s++ = static_cast<float>(result);
  *s++ = showdown;
  *s++ = static_cast<float>(hero_deck_size());
  *s++ = static_cast<float>(villain_deck.size());
  for (int i = 0; i < kCity; ++i) *s++ = static_cast<float>(villain_attack(i));
  for (int i = 0; i < kCity; ++i) *s++ = city[i].bystanders;
  for (int i = 0; i < kCity; ++i) *s++ = space_minus[i];
  for (int i = 0; i < 6; ++i) *s++ = (portals >> i) & 1u;
  for (int i = 0; i < kSchemes; ++i) *s++ = scheme == i ? 1.0f : 0.0f;
  for (int i = 0; i < kMasterminds; ++i) *s++ = mastermind == i ? 1.0f : 0.0f;
  const int op = n_tasks > 0 ? tasks[n_tasks - 1].op : -1;
  for (int i = 0; i < kNumTaskOps && s < end - 1; ++i) *s++ = op == i ? 1.0f : 0.0f;
  end[-1] = new_hand;  // the last scalar, so the ones above keep their places
}

// The team's standing (tactics taken against the scheme's progress toward
// Evil Wins) plus this player's share: VP against the table, and the
// strength of their deck.
double State::heuristic(int player) const {
  if (over) return returns(player);
  const Config& c = *cfg;
  const int n = c.players;
  if (scheme < 0 || mastermind < 0) return 0.0;
  const SchemeDef& sd = c.scheme[static_cast<size_t>(scheme)];
  double evil = 0.0;
  switch (sd.rule) {
    case Rule::kCosmicCube: evil = twists_played / 8.0; break;
    case Rule::kDarkPortals: evil = twists_played / 7.0; break;
    case Rule::kLegacyVirus: evil = 1.0 - wounds_left / std::max(1.0, 6.0 * n); break;
    case Rule::kBankRobbery: evil = bystanders_carried / std::max(1.0, static_cast<double>(sd.evil_wins_at)); break;
    case Rule::kNegativeZone: evil = villains_escaped / std::max(1.0, static_cast<double>(sd.evil_wins_at)); break;
    case Rule::kKillbots: evil = killbots_escaped / std::max(1.0, static_cast<double>(sd.evil_wins_at)); break;
    case Rule::kSkrullInvasion: evil = heroes_escaped / std::max(1.0, static_cast<double>(sd.evil_wins_at)); break;
    case Rule::kCivilWar: evil = 1.0 - hero_deck_size() / 70.0; break;
  }
  const double good = (4 - tactics.size()) / 4.0;
  int city_count = 0;
  for (const auto& v : city) city_count += v.card != kNoCard;
  double team = 2.0 * good - 1.0 * evil - 0.05 * city_count;
  auto strength = [&](int p) {
    const PlayerState& pl = players[p];
    double value = 0.0;
    int cards = 0;
    // Attack wins the game; Recruit only builds the deck; effects are worth
    // about what the card costs.
    auto tally = [&](uint8_t x) {
      ++cards;
      if (is_hero(x)) value += 1.0 * c.cost[x] + 0.5 * c.attack[x] + 0.3 * c.recruit[x];
      if (x == kWound) value -= 1.5;
    };
    for (const uint8_t x : pl.hand) tally(x);
    for (const uint8_t x : pl.discard) tally(x);
    for (const uint8_t x : pl.deck.rest) tally(x);
    for (int i = 0; i < pl.deck.n_top; ++i) tally(pl.deck.top[i]);
    if (p == turn_player_) {
      for (int i = 0; i < n_played; ++i) {
        if (played[i].card != kNoCard) tally(played[i].card);
      }
    }
    return cards ? value / cards : 0.0;
  };
  double mean_vp = 0.0;
  for (int q = 0; q < n; ++q) mean_vp += vp(q);
  mean_vp /= n;
  double mine = 0.4 * strength(player) + 0.03 * vp(player) + 0.02 * (vp(player) - mean_vp);
  // Unspent points this turn: worth less than what they buy, more than
  // nothing, so a greedy player plays its whole hand before it spends.
  if (player == turn_player_) mine += 0.03 * attack + 0.015 * recruit;
  return std::tanh(team + mine - 0.3);
}

}  // namespace henchmen::legendary
