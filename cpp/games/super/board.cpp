// Super!: what a player is shown: the observation as JSON, the printable
// board and the names of actions, with the layout and action info the tables draw.
// Cold code (-O1): the observation tensor and the heuristic, which a search or
// a learner reads at every step, are view.cpp.
#include <algorithm>
#include <sstream>

#include "core/card_json.h"
#include "core/layout.h"
#include "core/observation.h"
#include "games/super/state.h"

namespace henchmen::super {

namespace {
std::string player_word(int p) { return "player " + std::to_string(p + 1); }
const char* const kPowerStateNames[] = {"powered up", "active", "powered down"};
const char* const kCategoryNames[] = {"attack", "defense", "passive"};
}  // namespace

std::string State::action_to_string(Action a) const {
  auto card = [&](int k) { return k < cfg->kinds ? cfg->name[k] : "card " + std::to_string(k); };
  auto power_name = [&](int w) { return w < static_cast<int>(cfg->powers.size()) ? cfg->powers[static_cast<size_t>(w)].name : "power " + std::to_string(w); };
  if (a >= kPickNext) return player_word(a - kPickNext) + " picks next";
  if (a >= kDeal) return "dealt " + card(a - kDeal);
  if (a >= kChoosePower) return "choose " + power_name(a - kChoosePower);
  if (a >= kPartingSecond) return "parting second " + card(a - kPartingSecond);
  if (a >= kPartingTop) return "parting top " + card(a - kPartingTop);
  if (a >= kCounterWith) return "counterattack with " + card(a - kCounterWith);
  if (a == kPass) return "take the hit";
  if (a >= kPowerDeflectAt) return "deflect to " + player_word(a - kPowerDeflectAt) + " with the power";
  if (a == kPowerDefend) return "defend with the power";
  if (a >= kDeflectAt) return "deflect to " + player_word((a - kDeflectAt) % P) + " with " + card((a - kDeflectAt) / P);
  if (a >= kDefend) {
    const int k = a - kDefend;
    if (k >= cfg->kinds) return "defend with " + card(k);
    const Ability ab = cfg->type_of(k).category == kAttackCard ? kAbShield : cfg->type_of(k).ability;
    return std::string(ab == kAbAbsorb ? "absorb" : ab == kAbCounter ? "counter" : "shield") + " with " + card(k);
  }
  if (a >= kDiscardFor) return "discard " + card(a - kDiscardFor);
  if (a >= kAttackAll) return "attack everyone with " + card(a - kAttackAll);
  if (a >= kAttackAt) return "attack " + player_word((a - kAttackAt) % P) + " with " + card((a - kAttackAt) / P);
  if (a >= kActivateAt) return "activate the power on " + player_word(a - kActivateAt);
  if (a == kActivate) return "activate the power";
  if (a == kDrawCard) return "draw a card";
  return "end turn";
}

namespace {
Json card_face(const Config& cfg, int k) {
  return Face(cfg.name[k], kCategoryNames[cfg.type_of(k).category])
      .word("type", cfg.type_of(k).name)
      .word("element", kElementNames[cfg.element[k]])
      .stat("value", cfg.value[k])
      .text(cfg.type_of(k).text);
}
Json hit_json(const Config& cfg, const Hit& h) {
  Json j;
  j["target"] = static_cast<int>(h.target);
  j["sender"] = static_cast<int>(h.sender);
  j["damage"] = static_cast<int>(h.damage);
  j["card"] = h.card == kPowerSource ? Json("Super Power") : Json(cfg.name[h.card]);
  j["drain"] = h.drain;
  Json d = Json(Json::Array{});
  for (int p = 0; p < cfg.players; ++p) {
    if ((h.deflected >> p) & 1) d.push_back(p);
  }
  j["deflected_by"] = d;
  return j;
}
const char* const kPhaseNames[] = {"choosing powers", "draw", "power", "discard", "end"};
const char* const kChoiceNames[] = {"", "counterattack", "parting top", "parting second"};
}  // namespace

Json State::observation(int viewer) const {
  Json o = observation_header(viewer, turn, turn_player_, current_player(), over, winner);
  o["phase"] = kPhaseNames[phase];
  o["hand"] = card_counts(*cfg, hand[viewer], cfg->kinds);
  Json players = Json(Json::Array{});
  for (int p = 0; p < cfg->players; ++p) {
    Json j;
    j["health"] = static_cast<int>(health[p]);
    j["hand_size"] = static_cast<int>(hand_n[p]);
    j["eliminated"] = !alive(p);
    j["power"] = power[p] == kNoCard ? Json() : Json(cfg->powers[power[p]].name);
    j["power_state"] = kPowerStateNames[power_state[p]];
    // The eliminated showed their hand before choosing its order.
    if (!alive(p) && hand_n[p] > 0) j["shown_hand"] = card_counts(*cfg, hand[p], cfg->kinds);
    players.push_back(j);
  }
  o["players"] = players;
  o["deck_size"] = static_cast<int>(deck_n);
  o["discard"] = card_counts(*cfg, discard, cfg->kinds);
  Json tops = Json(Json::Array{});
  for (const uint8_t t : top) {
    if (t != kNoCard) tops.push_back(cfg->name[t]);
  }
  o["discard_top"] = tops;
  Json hs = Json(Json::Array{});
  for (int i = 0; i < n_hits; ++i) hs.push_back(hit_json(*cfg, hits[i]));
  o["hits"] = hs;
  o["choice"] = choice == kNoChoice ? Json() : Json(kChoiceNames[choice]);
  // Chosen in public (the hand was shown), it stays in the hand until the
  // second card is chosen, so the hand alone would not tell it.
  o["parting_top"] = parting_top == kNoCard ? Json() : Json(cfg->name[parting_top]);
  return o;
}

Json State::layout(int viewer) const {
  Layout l("Super!", viewer, cfg->players);
  std::string status = phase == kPicking ? "Choosing Super Powers" : "Turn " + std::to_string(turn) + ": " + l.seat(turn_player_) + (turn_player_ == viewer ? "r turn" : "'s turn");
  if (over) status = winner >= 0 ? l.seat(winner) + (winner == viewer ? " win" : " wins") : "A draw";
  l.status(status);
  const int mover = current_player();
  if (mover >= 0 && choice == kCounterChoice) {
    l.prompt("Counter: attack " + l.seat_lower(counter_at) + " back with a card");
  } else if (mover >= 0 && (choice == kPartingTopChoice || choice == kPartingSecondChoice)) {
    l.prompt(std::string("Eliminated: choose the card to discard ") + (choice == kPartingTopChoice ? "last (on top)" : "just below the top"));
  } else if (mover >= 0 && reactions.open()) {
    const Hit& h = hits[0];
    l.prompt(l.seat(h.sender) + " attacks " + l.seat_lower(h.target) + " for " + std::to_string(h.damage) + (h.card == kPowerSource ? " with a Super Power" : " with " + cfg->name[h.card]) + ": defend or take the hit");
  } else if (mover >= 0 && phase == kPicking) {
    l.prompt("Choose your Super Power");
  }
  for (int p = 0; p < cfg->players; ++p) {
    const Json cards = p == viewer ? faces_by_count(hand[p], cfg->kinds, [&](int k) { return card_face(*cfg, k); }) : card_backs(hand_n[p]);
    l.hand(p, hand_n[p], cards);
    Json pc = Json(Json::Array{});
    if (power[p] != kNoCard) {
      const auto& pw = cfg->powers[power[p]];
      pc.push_back(Face(pw.name, pw.defense() ? "defense power" : "power").word("element", kElementNames[pw.element]).word("state", kPowerStateNames[power_state[p]]).text(pw.text));
    }
    const int n_powers = static_cast<int>(pc.as_array("cards").size());
    l.zone("power-" + std::to_string(p), l.whose(p) + " Super Power (" + kPowerStateNames[power_state[p]] + ")", "row", Role::kPlay, p, n_powers, pc);
  }
  l.draw_pile("deck", "The Deck", -1, deck_n);
  Json cards = Json(Json::Array{});
  for (const uint8_t t : top) {
    if (t != kNoCard) cards.push_back(card_face(*cfg, t));
  }
  l.zone("discard", "Discard pile (top first)", "row", Role::kDiscard, -1, discard_n, cards);
  for (int p = 0; p < cfg->players; ++p) l.counter("Health", health[p], Measure::kScore, p, cfg->health);
  return l.build();
}

Json State::action_info(Action a) const {
  Json j = Json(Json::Object{});
  const int mover = current_player();
  auto card_at = [&](int k, int target) {
    if (k >= cfg->kinds) return;
    j["card"] = cfg->name[k];
    if (mover >= 0) j["zone"] = "hand-" + std::to_string(mover);
    if (target >= 0) j["target"] = target;
  };
  if (a >= kDeal) return j;
  if (a >= kChoosePower) {
    if (a - kChoosePower < static_cast<int>(cfg->powers.size())) j["card"] = cfg->powers[static_cast<size_t>(a - kChoosePower)].name;
  } else if (a >= kPartingSecond) card_at(a - kPartingSecond, -1);
  else if (a >= kPartingTop) card_at(a - kPartingTop, -1);
  else if (a >= kCounterWith) {
    card_at(a - kCounterWith, counter_at);
    // The damage it deals, bonuses in (as the rules count it; a counter power's limit last).
    const int k = a - kCounterWith;
    if (k < cfg->kinds && mover >= 0) {
      const int full = attack_damage(mover, k) + counter_bonus;
      j["damage"] = counter_most > 0 ? std::min(full, static_cast<int>(counter_most)) : full;
    }
  }
  else if (a == kPass) {
  } else if (a >= kPowerDeflectAt) j["target"] = a - kPowerDeflectAt;
  else if (a == kPowerDefend) {
  } else if (a >= kDeflectAt) card_at((a - kDeflectAt) / P, (a - kDeflectAt) % P);
  else if (a >= kDefend) card_at(a - kDefend, -1);
  else if (a >= kDiscardFor) card_at(a - kDiscardFor, -1);
  else if (a >= kAttackAll || a >= kAttackAt) {
    // An attack previews its damage, bonuses and a boost power in (as the rules count it).
    const int k = a >= kAttackAll ? a - kAttackAll : (a - kAttackAt) / P;
    card_at(k, a >= kAttackAll ? -1 : (a - kAttackAt) % P);
    if (k < cfg->kinds && mover >= 0) j["damage"] = attack_damage(mover, k);
  }
  else if (a >= kActivateAt) j["target"] = a - kActivateAt;
  return j;
}

std::string State::to_string() const {
  std::ostringstream o;
  o << "Super!, turn " << turn << ", player " << turn_player_ + 1 << " to play (" << kPhaseNames[phase] << ")";
  if (over) o << " (over" << (winner >= 0 ? ", player " + std::to_string(winner + 1) + " wins" : std::string(", a draw")) << ")";
  o << "\n";
  for (int p = 0; p < cfg->players; ++p) {
    o << "  player " << p + 1 << ": " << (alive(p) ? "health " + std::to_string(health[p]) : std::string("eliminated"));
    o << ", " << (power[p] == kNoCard ? std::string("no power yet") : cfg->powers[power[p]].name + " (" + kPowerStateNames[power_state[p]] + ")") << ", hand:";
    for (int k = 0; k < cfg->kinds; ++k) {
      if (hand[p][k]) o << " " << static_cast<int>(hand[p][k]) << "x " << cfg->name[k];
    }
    o << "\n";
  }
  o << "  deck " << static_cast<int>(deck_n) << ", discard " << static_cast<int>(discard_n);
  if (top[0] != kNoCard) o << " (top " << cfg->name[top[0]] << (top[1] != kNoCard ? ", then " + cfg->name[top[1]] : std::string()) << ")";
  o << "\n";
  for (int i = 0; i < n_hits; ++i) {
    o << "  hit: player " << hits[i].sender + 1 << " -> player " << hits[i].target + 1 << " for " << static_cast<int>(hits[i].damage) << "\n";
  }
  return o.str();
}

}  // namespace henchmen::super
