// Legendary: what each player sees, move notation, the printable board and
// the heuristic.
#include <array>
#include <cmath>
#include <sstream>

#include "core/card_json.h"
#include "core/observation.h"
#include "games/legendary/state.h"

namespace henchmen::legendary {

namespace {

const char* const kTaskNames[] = {
    "setup-mastermind", "setup-scheme", "setup-villains", "setup-henchmen", "setup-hero", "draw", "reveal", "look",
    "villain-card", "skrull-reveal", "refill-hq", "tactic", "steal-reveal", "setup-build", "start-turn", "after-draw",
    "effect", "enter-city", "twist", "after-defeat", "pass-resolve", "steal-play", "showdown-next", "discard-cost",
    "ko-then", "revealed", "put-on-top", "capture-choice", "yes-no", "pass", "others-draw-or-discard", "each-discard",
    "defeat-target", "copy-played", "move-villain", "ko-heroes", "pick-player-wounds", "paibok", "take-hq-under",
    "look-ko", "discard-to", "free-recruit", "bubble", "ko-up-to", "ko-victory", "ruthless", "ko-hq", "skrull-twist", "put-back", "ko-or-back"};
static_assert(sizeof(kTaskNames) / sizeof(kTaskNames[0]) == kNumTaskOps, "one name per task op");

constexpr int kSeatPlanes = 6;
constexpr int kSharedPlanes = 9;
constexpr int kScalars = 160;

}  // namespace

const char* task_name(int op) { return op >= 0 && op < kNumTaskOps ? kTaskNames[op] : "?"; }
int task_from_name(const std::string& name) {
  for (int i = 0; i < kNumTaskOps; ++i) {
    if (name == kTaskNames[i]) return i;
  }
  return -1;
}

int observation_length(const Config& cfg) { return (cfg.players * kSeatPlanes + kSharedPlanes) * kCardIds + kScalars; }

// What a viewer other than `p` can deduce but not place of p's cards: the
// hand, the unknown part of the deck, cards put on top face down, a card
// being passed, cards p looks at in private. `f` is called once per card.
template <class F>
void State::each_unseen(int p, F&& f) const {
  const PlayerState& pl = players[p];
  for (const uint8_t x : pl.hand) f(x);
  for (const uint8_t x : pl.deck.rest) f(x);
  for (int i = 0; i < pl.deck.n_top; ++i) {
    if ((pl.deck.top_private >> i) & 1u) f(pl.deck.top[i]);
  }
  if (pl.pass != kNoCard) f(pl.pass);
  if (look_private && look_owner == p) {
    for (const uint8_t x : look) f(x);
  }
}

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

Json State::observation(int viewer) const {
  const Config& c = *cfg;
  const int n = c.players;
  Json o = observation_header(viewer, turn, turn_player_, current_player(), over);
  o["result"] = over ? Json(result == 1 ? "heroes win" : result == -1 ? "evil wins" : "tie") : Json();
  write_setup(o);
  Json mm;
  mm["attack"] = mastermind_attack();
  mm["tactics_left"] = tactics.size();
  mm["bystanders"] = static_cast<int>(mm_bystanders);
  mm["defeated"] = mm_defeated;
  mm["portal"] = (portals & 32u) != 0;
  o["mastermind_state"] = mm;
  Json city_json = Json(Json::Array{});
  for (int s = 0; s < kCity; ++s) {
    Json sp;
    sp["space"] = c.city_name[static_cast<size_t>(s)];
    const CitySpace& v = city[s];
    sp["villain"] = v.card == kNoCard ? Json() : Json(v.card == kBystander ? std::string("Killbot") : is_hero(v.card) ? "Skrull " + c.name[v.card] : c.name[v.card]);
    sp["attack"] = villain_attack(s);
    sp["bystanders"] = static_cast<int>(v.bystanders);
    sp["under"] = v.under == kNoCard ? Json() : Json(c.name[v.under]);
    sp["portal"] = (portals & (1u << s)) != 0;
    city_json.push_back(sp);
  }
  o["city"] = city_json;
  Json hq_json = Json(Json::Array{});
  for (const uint8_t x : hq) hq_json.push_back(x == kNoCard ? Json() : Json(c.name[x]));
  o["hq"] = hq_json;
  o["villain_deck_size"] = villain_deck.size();
  o["villain_deck"] = card_names(c, villain_deck);  // its contents are public; only the order is unknown
  o["hero_deck_size"] = hero_deck_size();
  o["bystander_stack"] = static_cast<int>(bystanders_left);
  o["wound_stack"] = static_cast<int>(wounds_left);
  o["officer_stack"] = static_cast<int>(officers_left);
  o["ko_pile"] = card_counts(c, ko, kNumCardIds);
  o["escaped"] = card_counts(c, escaped, kNumCardIds);
  Json sch;
  sch["twists_played"] = static_cast<int>(twists_played);
  sch["twists_beside"] = static_cast<int>(twists_beside);
  sch["villains_escaped"] = static_cast<int>(villains_escaped);
  sch["bystanders_carried"] = static_cast<int>(bystanders_carried);
  sch["killbots_escaped"] = static_cast<int>(killbots_escaped);
  sch["heroes_escaped"] = static_cast<int>(heroes_escaped);
  o["scheme_state"] = sch;
  Json tj;
  tj["attack"] = attack;
  tj["recruit"] = recruit;
  tj["recruit_made"] = recruit_made;
  tj["extra_draws"] = static_cast<int>(extra_draws);
  tj["recruit_as_attack"] = recruit_as_attack;
  tj["healed"] = healed;
  tj["recruited_or_defeated"] = acted;
  tj["extra_turn"] = extra_turn;
  tj["extra_draw_at_end"] = static_cast<int>(extra_draw);
  tj["new_hand_at_end"] = std::max<int>(c.hand_size, new_hand);  // before the extra cards
  tj["bubble"] = bubble == kNoCard ? Json() : Json(c.name[bubble]);
  Json pl_json = Json(Json::Array{});
  for (int i = 0; i < n_played; ++i) {
    const Played& e = played[i];
    std::string s = e.as == kNoCard ? "?" : c.name[e.as];
    if (e.card == kNoCard) s += " (gone)";
    else if (e.card != e.as) s += " (copied by " + c.name[e.card] + ")";
    pl_json.push_back(s);
  }
  tj["played"] = pl_json;
  o["turn_state"] = tj;
  if (showdown || showdown_winner >= 0) {
    Json sd;
    Json totals = Json(Json::Array{});
    for (int p = 0; p < n; ++p) totals.push_back(static_cast<int>(showdown_total[p]));
    sd["totals"] = totals;
    sd["in"] = static_cast<int>(showdown_mask);
    sd["winner"] = static_cast<int>(showdown_winner);
    o["showdown"] = sd;
  }
  if (n_tasks > 0) {
    const Task& t = tasks[n_tasks - 1];
    Json d;
    d["kind"] = task_name(t.op);
    d["player"] = static_cast<int>(t.p);
    if (t.op == dRevealed || t.op == dDiscardCost) d["card"] = t.card == kNoCard ? Json() : Json(c.name[t.card]);
    if (t.op == dRevealed || t.op == dKoOrBack) d["owner"] = static_cast<int>(t.a);
    if (t.op == dKoOrBack && t.a >= 0 && t.a < n && players[t.a].deck.n_top > 0) d["card"] = c.name[players[t.a].deck.top[0]];
    if (t.op == dDiscardTo || t.op == dKoHeroes || t.op == dPutOnTop || t.op == dKoUpTo || t.op == dKoVictory) d["count"] = static_cast<int>(t.a);
    o["pending"] = d;
  } else {
    o["pending"] = Json();
  }
  const bool look_visible = !look_private || look_owner == viewer;
  o["look"] = look_visible ? card_names(c, look) : Json();
  o["look_size"] = look.size();
  o["stolen"] = card_names(c, steal);
  Json ps = Json(Json::Array{});
  for (int p = 0; p < n; ++p) {
    const PlayerState& pl = players[p];
    Json j;
    const bool own = p == viewer;
    Json top = Json(Json::Array{});
    for (int i = 0; i < pl.deck.n_top; ++i) {
      const bool priv = (pl.deck.top_private >> i) & 1u;
      top.push_back(priv && !own ? Json() : Json(c.name[pl.deck.top[i]]));
    }
    if (own) {
      j["hand"] = card_names(c, pl.hand);
      j["deck_unknown"] = card_names(c, pl.deck.rest);
      j["passing"] = pl.pass == kNoCard ? Json() : Json(c.name[pl.pass]);
    } else {
      Multiset<kHandCap + kPileCap + kTopCap + 8> unseen;
      each_unseen(p, [&](uint8_t x) { unseen.add(x); });
      j["unseen"] = card_names(c, unseen);
      j["passing"] = pl.pass != kNoCard;
    }
    j["hand_size"] = pl.hand.size();
    j["last_revealed"] = pl.shown == kShownNothing ? Json("nothing") : pl.shown == kNoCard ? Json() : Json(c.name[pl.shown]);
    j["deck_size"] = pl.deck.size();
    j["deck_top"] = top;
    j["discard"] = card_names(c, pl.discard);
    j["victory"] = card_names(c, pl.victory);
    j["vp"] = vp(p);
    ps.push_back(j);
  }
  o["players"] = ps;
  if (n == 1) o["solo_score"] = solo_score();
  return o;
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

std::string State::action_to_string(Action a) const {
  const Config& c = *cfg;
  auto card = [&](int id) -> std::string {
    if (id >= 0 && id < kNumCardIds) return c.name[static_cast<size_t>(id)];
    return "card #" + std::to_string(id);
  };
  auto villain = [&](int s) -> std::string {
    const uint8_t v = city[s].card;
    std::string name = v == kNoCard ? "nobody" : v == kBystander ? "Killbot" : is_hero(v) ? "Skrull " + card(v) : card(v);
    return name + " (" + c.city_name[static_cast<size_t>(s)] + ")";
  };
  const int op = n_tasks > 0 ? tasks[n_tasks - 1].op : -1;
  const Task* t = n_tasks > 0 ? &tasks[n_tasks - 1] : nullptr;
  if (a >= kSetupHero) return "hero " + (a - kSetupHero < kHeroes ? c.hero_name[static_cast<size_t>(a - kSetupHero)] : "?");
  if (a >= kSetupHenchmen) return "henchmen " + (a - kSetupHenchmen < kHenchmenGroups ? c.henchmen_name[static_cast<size_t>(a - kSetupHenchmen)] : "?");
  if (a >= kSetupVillains) return "villains " + (a - kSetupVillains < kVillainGroups ? c.group_name[static_cast<size_t>(a - kSetupVillains)] : "?");
  if (a >= kSetupScheme) return "scheme " + (a - kSetupScheme < kSchemes ? c.scheme[static_cast<size_t>(a - kSetupScheme)].name : "?");
  if (a >= kSetupMastermind) return "mastermind " + (a - kSetupMastermind < kMasterminds ? c.mastermind_name[static_cast<size_t>(a - kSetupMastermind)] : "?");
  if (a >= kChanceCard) {
    const std::string x = card(a - kChanceCard);
    switch (op) {
      case tDraw: return "draw " + x;
      case tReveal:
      case tStealReveal: return "reveal " + x;
      case tLook: return "look at " + x;
      case tVillainCard: return "villain deck: " + x;
      case tSkrullReveal: return "Skrull: " + x;
      case tRefillHQ: return "HQ: " + x;
      case tTactic: return "tactic " + x;
      default: return "card " + x;
    }
  }
  if (a >= kMoveVillain) {
    const int from = (a - kMoveVillain) / kCity;
    const int to = (a - kMoveVillain) % kCity;
    return "move " + villain(from) + " to " + c.city_name[static_cast<size_t>(to)];
  }
  if (a >= kOption) {
    const int k = a - kOption;
    if (op == dRevealed && t) {
      if (k == 1) return "put " + card(t->card) + " back";
      return (t->b == 1 ? "KO " : "discard ") + card(t->card);
    }
    if (op == dKoOrBack && t && t->a >= 0 && t->a < c.players && players[t->a].deck.n_top > 0) {
      const std::string x = card(players[t->a].deck.top[0]);
      return k == 1 ? "put " + x + " back" : "KO " + x;
    }
    if (op == dOthersDrawOrDiscard) return k == 0 ? "each other player draws" : "each other player discards";
    return "option " + std::to_string(k);
  }
  if (a == kNo) return "no";
  if (a == kYes) return "yes";
  if (a >= kPickPlayer) return "choose player " + std::to_string(a - kPickPlayer);
  if (a == kPickMastermind) return "defeat Mastermind";
  if (a >= kPickSpace) {
    const int s = a - kPickSpace;
    if (op == dCaptureChoice) return "capture with " + villain(s);
    return "defeat " + villain(s);
  }
  if (a >= kPickCard) {
    const std::string x = card(a - kPickCard);
    switch (op) {
      case dPaibok: return "give " + x + " to player " + std::to_string(t ? t->a : 0);
      case dKoHq: return "KO " + x + " from the HQ";
      case dSkrullTwist: return x + " becomes a Skrull";
      case dTakeHqUnder: return "put " + x + " under the Skrull";
      case dRuthless: return (t && t->a == 1 ? "discard " : "KO ") + x;
      case dFreeRecruit: return "recruit " + x + " for free";
      case dKoVictory: return "KO " + x + " from victory pile";
      case dPutBack: return "put " + x + " back";
      default: return "KO " + x;
    }
  }
  if (a >= kPickPlayed) {
    const std::string x = card(a - kPickPlayed);
    if (op == dCopyPlayed) return "copy " + x;
    if (op == dBubble) return "choose " + x + " from played";
    return "KO " + x + " from played";
  }
  if (a >= kPickDiscard) return "KO " + card(a - kPickDiscard) + " from discard";
  if (a >= kPickHand) {
    const std::string x = card(a - kPickHand);
    switch (op) {
      case dPutOnTop: return "put " + x + " on top";
      case dPass: return "pass " + x;
      case dKoThen:
      case dKoHeroes: return "KO " + x + " from hand";
      case dBubble: return "choose " + x + " from hand";
      default: return "discard " + x;
    }
  }
  if (a == kEndTurn) return "end turn";
  if (a == kHeal) return "heal";
  if (a == kFightMastermind) return "fight Mastermind";
  if (a >= kFight) return "fight " + villain(a - kFight);
  if (a == kRecruitOfficer) return "recruit " + card(kOfficer);
  if (a >= kRecruit) return "recruit " + card(a - kRecruit);
  return "play " + card(a - kPlay);
}

std::string State::to_string() const {
  const Config& c = *cfg;
  std::ostringstream os;
  auto list = [&](const auto& pile) { return names_of(pile, c.name); };
  os << "Legendary, turn " << turn << ", player " << static_cast<int>(turn_player_) << " to play";
  if (over) os << " -- game over: " << (result == 1 ? "the heroes win" : result == -1 ? "evil wins" : "a tie");
  os << "\nScheme: " << (scheme >= 0 ? c.scheme[static_cast<size_t>(scheme)].name : std::string("?")) << " (twists " << static_cast<int>(twists_played) << ")";
  os << "\nMastermind: " << (mastermind >= 0 ? c.mastermind_name[static_cast<size_t>(mastermind)] : std::string("?")) << ", attack " << mastermind_attack()
     << ", tactics left " << tactics.size() << ", bystanders " << static_cast<int>(mm_bystanders);
  os << "\nCity:";
  for (int s = kCity - 1; s >= 0; --s) {
    os << "  [" << c.city_name[static_cast<size_t>(s)] << ": ";
    const CitySpace& v = city[s];
    if (v.card == kNoCard) os << "-";
    else os << (v.card == kBystander ? std::string("Killbot") : is_hero(v.card) ? "Skrull " + c.name[v.card] : c.name[v.card]) << " " << villain_attack(s)
            << (v.bystanders ? " +" + std::to_string(v.bystanders) + " bystanders" : std::string());
    os << "]";
  }
  os << "\nHQ:";
  for (const uint8_t x : hq) os << "  [" << (x == kNoCard ? std::string("-") : c.name[x] + " (" + std::to_string(c.cost[x]) + ")") << "]";
  os << "\nVillain deck " << villain_deck.size() << ", hero deck " << hero_deck_size() << ", bystanders " << static_cast<int>(bystanders_left)
     << ", wounds " << static_cast<int>(wounds_left) << ", officers " << static_cast<int>(officers_left) << ", escaped " << static_cast<int>(villains_escaped);
  os << "\nAttack " << attack << ", recruit " << recruit;
  for (int p = 0; p < c.players; ++p) {
    const PlayerState& pl = players[p];
    os << "\nPlayer " << p << ": " << vp(p) << " VP, deck " << pl.deck.size() << ", discard " << pl.discard.size();
    os << "\n  hand: " << list(pl.hand);
    os << "\n  victory: " << list(pl.victory);
  }
  if (n_tasks > 0) os << "\nPending: " << task_name(tasks[n_tasks - 1].op) << " (player " << static_cast<int>(tasks[n_tasks - 1].p) << ")";
  return os.str();
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
