// Legendary: what a player is shown: the observation as JSON, the printable
// board and the names of actions.
// Cold code (-O1): the observation tensor and the heuristic, which a search or
// a learner reads at every step, are view.cpp.
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

}  // namespace

const char* task_name(int op) { return op >= 0 && op < kNumTaskOps ? kTaskNames[op] : "?"; }
int task_from_name(const std::string& name) {
  for (int i = 0; i < kNumTaskOps; ++i) {
    if (name == kTaskNames[i]) return i;
  }
  return -1;
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

}  // namespace henchmen::legendary
