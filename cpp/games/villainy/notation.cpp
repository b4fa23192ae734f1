// Villainy: the move notation and the words the events share.
//
//   play Silverback at front left      play Big Stick on front left
//   play Ape Plan: +2                  exchange Howler Monkey
//   move front left to back left       swap front left and back right
//   move Master left                   move Big Stick from front left to back left
//   attack player 2 front center with back left
//   attack player 2 Hideout with Kongamunga Fists
//   take the hit / absorb with Vine Curtain
//   choose front left / choose player 2 back center / to back right / done
//   pass / play Meanwhile, in the Jungle... / end turn
//   player 2 goes first / draw Silverback            (chance)
#include "games/villainy/words.h"

namespace henchmen::villainy {

namespace {
const char* const kSpotNames[] = {"front left", "front center", "front right", "back left", "back center", "back right"};

std::string seat(int p) { return "player " + std::to_string(p + 1); }
}  // namespace

const char* spot_name(int spot) { return spot >= 0 && spot < kSpots ? kSpotNames[spot] : "?"; }

std::string attacker_word(const State& s, int player, int attacker) {
  if (attacker < kPartBase) return spot_name(attacker);
  if (attacker < kMasterAttacker) {
    const DeckDef& d = s.cfg->deck_def(player);
    return d.monster + " " + d.parts[attacker - kPartBase];
  }
  return "Master";
}

std::string target_word(const State& s, int player, int target) {
  if (target == kHideoutTarget) return "Hideout";
  if (target == kMasterTarget) return "Master";
  return attacker_word(s, player, target);
}

std::string attacker_story(const State& s, int player, int attacker) {
  if (attacker < kPartBase) {
    const uint8_t m = s.players[player].grid[attacker].minion;
    return (m == kNoCard ? std::string("nobody") : s.cfg->name[m]) + " (" + spot_name(attacker) + ")";
  }
  if (attacker < kMasterAttacker) {
    const uint8_t c = s.players[player].monster[attacker - kPartBase].top();
    return c == kNoCard ? attacker_word(s, player, attacker) : s.cfg->name[c];
  }
  return s.cfg->deck_def(player).name + " (the Master)";
}

std::string target_story(const State& s, int player, int target, bool whose_too) {
  const std::string whose = whose_too ? "player " + std::to_string(player + 1) + "'s " : "";
  if (target == kHideoutTarget) return whose + "Hideout";
  if (target == kMasterTarget) return whose + "Master " + s.cfg->deck_def(player).name;
  return whose + attacker_story(s, player, target);
}

std::string State::action_to_string(Action a) const {
  // The player whose cards the action names.
  const int p = n_tasks > 0 && a >= kDraw ? tasks[0].player : phase == Phase::kWindow ? reactions.responder() : turn_player_;
  auto card = [&](int k) {
    const int c = card_id(cfg->deck[p], k);
    return cfg->valid[static_cast<size_t>(c)] ? cfg->name[static_cast<size_t>(c)] : "card " + std::to_string(k + 1);
  };
  if (a >= kDraw) {
    const int c = a - kDraw;
    return "draw " + (cfg->valid[static_cast<size_t>(c)] ? cfg->name[static_cast<size_t>(c)] : "card " + std::to_string(c));
  }
  if (a >= kFirstPlayer) return seat(a - kFirstPlayer) + " goes first";
  if (a == kDone) return "done";
  if (a >= kTargetSpot) return std::string("to ") + spot_name(a - kTargetSpot);
  if (a >= kTargetEnemy) return "choose " + seat((a - kTargetEnemy) / kTargets) + " " + spot_name((a - kTargetEnemy) % kTargets);
  if (a >= kTargetOwn) return std::string("choose ") + spot_name(a - kTargetOwn);
  if (a >= kAbsorb) {
    if (a == kAbsorb) return "take the hit";
    const int q = phase == Phase::kAbsorb ? absorber : turn_player_;
    const uint8_t c = a == kAbsorb + 1 ? players[q].left : players[q].right;
    return c == kNoCard ? std::string(a == kAbsorb + 1 ? "absorb with Hideout - Left" : "absorb with Hideout - Right") : "absorb with " + cfg->name[c];
  }
  if (a >= kSegue) return "play " + card(a - kSegue);
  if (a == kPass) return "pass";
  if (a == kEndTurn) return "end turn";
  if (a >= kExchange) return "exchange " + card(a - kExchange);
  if (a >= kAttack) {
    const int x = a - kAttack;
    const int attacker = x / (kMaxPlayers * kTargets);
    const int q = x / kTargets % kMaxPlayers;
    const int target = x % kTargets;
    const int tq = q < cfg->players ? q : p;
    return "attack " + seat(q) + " " + target_word(*this, tq, target) + " with " + attacker_word(*this, p, attacker);
  }
  if (a >= kMoveMaster) return a == kMoveMaster ? "move Master left" : "move Master right";
  if (a >= kMoveGear) {
    const int from = (a - kMoveGear) / kSpots;
    const int to = (a - kMoveGear) % kSpots;
    const uint8_t g = players[p].grid[from].gear;
    return "move " + (g == kNoCard ? std::string("Gear") : cfg->name[g]) + " from " + spot_name(from) + " to " + spot_name(to);
  }
  if (a >= kMove) {
    const int from = (a - kMove) / kSpots;
    const int to = (a - kMove) % kSpots;
    if (minion_at(p, to) && minion_at(p, from)) return std::string("swap ") + spot_name(from) + " and " + spot_name(to);
    return std::string("move ") + spot_name(from) + " to " + spot_name(to);
  }
  if (a >= kPlay) return "play " + card(a - kPlay);
  const int k = (a - kPlayAt) / kSpots;
  const int c = card_id(cfg->deck[p], k);
  const bool gear = cfg->valid[static_cast<size_t>(c)] && def(c).type == Type::kGear;
  return "play " + card(k) + (gear ? " on " : " at ") + spot_name((a - kPlayAt) % kSpots);
}

}  // namespace henchmen::villainy
