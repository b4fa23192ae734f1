// S.U.E.T.: what a player is shown: the observation as JSON, the printable
// board and the names of actions, with the layout and action info the tables draw.
// Cold code (-O1): the observation tensor and the heuristic, which a search or
// a learner reads at every step, are view.cpp.
#include <algorithm>
#include <sstream>

#include "core/card_json.h"
#include "core/layout.h"
#include "core/observation.h"
#include "games/suet/tensor.h"

namespace henchmen::suet {

namespace {
std::string player_word(int p) { return "player " + std::to_string(p + 1); }
const char* const kChoiceNames[kChoices] = {"", "take a card from the discard pile", "take a Component from the Black Market", "take a Component from the Black Market in trade",
                                            "discard down to the maximum hand", "discard a card to pay for the repair", "discard one card", "choose a Component to break",
                                            "choose a Component to put back in its owner's hand"};
const char* const kTriggerNames[kTriggers] = {"block", "counter-block", "sacrifice", "between turns"};
std::string round_name(int r) { return r == kNone ? "none" : r == kBlackMarketRound ? "Black Market" : kColourNames[r]; }
}  // namespace

std::string State::action_to_string(Action a) const {
  auto card = [&](int k) { return k < cfg->kinds ? cfg->name[k] : "card " + std::to_string(k); };
  if (a >= kGenius) return "genius " + cfg->genius_name[a - kGenius];
  if (a >= kRoll) return "round " + round_name(a - kRoll);
  if (a >= kPick) return "pick " + card(a - kPick);
  if (a >= kDeal) return "draw " + card(a - kDeal);
  if (a == kPass) return "pass";
  if (a == kSacrifice) return "sacrifice the Enhancement";
  if (a == kBlockAction) return "block";
  if (a >= kChooseSlot) return std::string("choose ") + kColourNames[a - kChooseSlot];
  if (a >= kChoose) return "choose " + card(a - kChoose);
  if (a >= kMarketGive) return "trade " + card(a - kMarketGive) + " at the Black Market";
  if (a >= kFreeRepair) return std::string("free repair ") + kColourNames[a - kFreeRepair];
  if (a >= kDiscardCard) return "discard " + card(a - kDiscardCard);
  if (a == kEndTurn) return "end turn";
  const int k = (a - kPlay) / kTargets;
  const int t = (a - kPlay) % kTargets;
  if (t == 0) return "play " + card(k);
  if (t == kTargetCheat) return "play " + card(k) + " with a Cheat Card";
  if (t >= kTargetHindrance) return "play " + card(k) + " on " + player_word(t - kTargetHindrance) + " as a Hindrance";
  if (t >= kTargetSlot) return "play " + card(k) + " on " + player_word((t - kTargetSlot) / kColours) + "'s " + kColourNames[(t - kTargetSlot) % kColours];
  return "play " + card(k) + " on " + player_word(t - kTargetPlayer);
}

namespace {
Json card_face(const Config& cfg, int k) {
  Face f(cfg.name[k], kKindWords[cfg.kind[k]]);
  if (cfg.kind[k] == kComponent) {
    f.word("colour", kColourNames[cfg.colour[k]]);
    f.word("genius", cfg.genius[k] == kUniversal ? std::string("Universal") : cfg.genius_name[cfg.genius[k]]);
  }
  if (cfg.amount[k]) f.stat("amount", cfg.amount[k]);  // the number its effect uses (cards drawn, ...)
  return f.text(cfg.text[k]);
}
Json market_json(const State& s) {
  Json m = Json(Json::Array{});
  for (int i = s.market_n - 1; i >= 0; --i) m.push_back(s.cfg->name[s.market[i]]);
  return m;
}
}  // namespace

Json State::observation(int viewer) const {
  Json o = observation_header(viewer, turn, turn_player_, current_player(), phase == kOver, winner);
  o["round"] = static_cast<int>(round);
  o["round_colour"] = cfg->long_game ? Json(round_name(round_colour)) : Json();
  o["actions_left"] = static_cast<int>(actions_left);
  o["extra_turn"] = extra_turn;
  o["hand"] = card_counts(*cfg, hand[viewer], cfg->kinds);
  Json players = Json(Json::Array{});
  for (int p = 0; p < cfg->players; ++p) {
    Json j;
    j["genius"] = genius[p] == kNone ? Json() : Json(cfg->genius_name[genius[p]]);
    j["hand_size"] = static_cast<int>(hand_n[p]);
    j["hand_limit"] = hand_limit(p);
    Json lab = Json(Json::Object{});
    for (int c = 0; c < kColours; ++c) {
      if (comp[p][c] == kNone) continue;
      Json x;
      x["name"] = cfg->name[comp[p][c]];
      x["broken"] = static_cast<bool>((broken[p] >> c) & 1);
      x["cheat"] = static_cast<bool>((cheat[p] >> c) & 1);
      lab[kColourNames[c]] = x;
    }
    j["lab"] = lab;
    j["enhancement"] = enh[p] == kNone ? Json() : Json(cfg->name[enh[p]]);
    j["hindrance"] = static_cast<bool>((hindrance >> p) & 1);
    j["waiting"] = card_counts(*cfg, front[p], cfg->kinds);
    j["extra_turn"] = static_cast<bool>((extra_later >> p) & 1);
    players.push_back(j);
  }
  o["players"] = players;
  o["deck_size"] = static_cast<int>(deck_n);
  o["discard"] = card_counts(*cfg, discard, cfg->kinds);
  o["black_market"] = market_json(*this);
  o["in_play"] = card_counts(*cfg, inplay, cfg->kinds);
  Json pending;
  if (play_card != kNone) {
    pending["card"] = cfg->name[play_card];
    pending["by"] = static_cast<int>(play_by);
    pending["action"] = action_to_string(kPlay + play_card * kTargets + play_target);
    pending["blocks"] = static_cast<int>(chain);
  }
  o["pending"] = pending;
  Json st;
  if (strike_card != kNone) {
    st["card"] = cfg->name[strike_card];
    st["victim"] = static_cast<int>(strike_victim);
    st["by"] = static_cast<int>(strike_by);
  }
  o["setback"] = st;
  o["window"] = reactions.open() ? Json(kTriggerNames[reactions.top().trigger]) : Json();
  o["choice"] = choice == kNoChoice ? Json() : Json(kChoiceNames[choice]);
  return o;
}

Json State::layout(int viewer) const {
  Layout l("S.U.E.T.", viewer, cfg->players);
  std::string status = phase == kGeniusPhase ? "Dealing the evil geniuses" : "Turn " + std::to_string(turn) + ": " + l.seat(turn_player_) + (turn_player_ == viewer ? "r turn" : "'s turn");
  if (cfg->long_game && phase == kPlaying) status += " (" + round_name(round_colour) + " round)";
  if (phase == kOver) status = winner >= 0 ? l.seat(winner) + (winner == viewer ? " win" : " wins") : "A draw";
  l.status(status);
  const int mover = current_player();
  if (mover >= 0 && choice != kNoChoice) {
    l.prompt(std::string("Choose: ") + kChoiceNames[choice]);
  } else if (mover >= 0 && reactions.open()) {
    const auto& w = reactions.top();
    if (w.trigger == kOnSetback) {
      l.prompt(std::string(cfg->name[strike_card]) + " strikes you: sacrifice your Enhancement to stop it, or pass");
    } else if (w.trigger == kBetweenTurns) {
      const std::string whose = l.whose(turn_player_) + " turn is over: ";
      l.prompt(mover == viewer ? whose + "play an Instant Action before the next turn, or pass" : whose + l.seat(mover) + " may play an Instant Action before the next turn");
    } else {
      l.prompt(l.seat(w.opener) + " plays " + cfg->name[w.arg] + (w.trigger == kOnBlock ? " on " + cfg->name[play_card] : std::string()) + ": block it, or pass");
    }
  }
  auto shown = [&](int k) { return card_face(*cfg, k); };
  for (int p = 0; p < cfg->players; ++p) {
    const Json cards = p == viewer ? faces_by_count(hand[p], cfg->kinds, shown) : card_backs(hand_n[p]);
    l.hand(p, hand_n[p], cards);
    // A Component's place is its colour: an empty one keeps its place.
    Json lab = Json(Json::Array{});
    for (int c = 0; c < kColours; ++c) {
      if (comp[p][c] == kNone) {
        lab.push_back(empty_slot(kColourNames[c]));
        continue;
      }
      Json f = Face(card_face(*cfg, comp[p][c])).flag("broken", (broken[p] >> c) & 1).flag("cheat", (cheat[p] >> c) & 1);
      lab.push_back(f);
    }
    if (enh[p] != kNone) lab.push_back(Face(card_face(*cfg, enh[p])).word("side", (hindrance >> p) & 1 ? "Hindrance" : "Enhancement"));
    const Json in_front = faces_by_count(front[p], cfg->kinds, shown);
    for (const Json& f : in_front.as_array("in front")) lab.push_back(f);
    const std::string who = genius[p] == kNone ? l.whose(p) : cfg->genius_name[genius[p]] + "'s";
    l.zone("lab-" + std::to_string(p), who + " Secret Lab (Red, Blue, Purple, Green)", "row", Role::kPlay, p, components(p), lab);
  }
  l.draw_pile("deck", "The Deck", -1, deck_n);
  l.zone("discard", "Discard pile", "discard", Role::kDiscard, -1, discard_n, faces_by_count(discard, cfg->kinds, shown));
  Json market_cards = Json(Json::Array{});
  for (int i = market_n - 1; i >= 0; --i) market_cards.push_back(card_face(*cfg, market[i]));
  l.zone("black-market", "The Black Market (top first)", "row", Role::kMarket, -1, market_n, market_cards);
  const Json play_cards = faces_by_count(inplay, cfg->kinds, shown);
  l.zone("in-play", "In play", "row", Role::kReveal, -1, static_cast<int>(play_cards.as_array("in play").size()), play_cards);
  for (int p = 0; p < cfg->players; ++p) l.counter("Working Components", working(p), Measure::kScore, p, kColours);
  l.counter("Actions left", actions_left, Measure::kResource, turn_player_);
  return l.build();
}

Json State::action_info(Action a) const {
  Json j = Json(Json::Object{});
  const int mover = current_player();
  if (a >= kDeal || a >= kBlockAction || mover < 0) {
    if (a == kBlockAction && cfg->block_card >= 0 && mover >= 0) {
      j["card"] = cfg->name[cfg->block_card];
      j["zone"] = "hand-" + std::to_string(mover);
    }
    return j;
  }
  int k = -1;
  if (a >= kChooseSlot) {
    j["target"] = static_cast<int>(strike_victim);
    return j;
  }
  if (a >= kChoose) {
    k = a - kChoose;
  } else if (a >= kMarketGive) {
    k = a - kMarketGive;
  } else if (a >= kFreeRepair) {
    return j;
  } else if (a >= kDiscardCard) {
    k = a - kDiscardCard;
  } else if (a >= kPlay) {
    k = (a - kPlay) / kTargets;
    const int t = (a - kPlay) % kTargets;
    if (t >= kTargetPlayer && t != kTargetCheat) {
      j["target"] = t >= kTargetHindrance ? t - kTargetHindrance : t >= kTargetSlot ? (t - kTargetSlot) / kColours : t - kTargetPlayer;
    }
  }
  if (k >= 0 && k < cfg->kinds) {
    j["card"] = cfg->name[k];
    j["zone"] = choice == kTakeFromDiscard ? std::string("discard") : (choice == kTakeFromMarket || choice == kTradeFromMarket) ? std::string("black-market") : "hand-" + std::to_string(mover);
  }
  return j;
}

std::string State::to_string() const {
  std::ostringstream o;
  o << "S.U.E.T., turn " << turn << " (round " << round;
  if (cfg->long_game) o << ", " << round_name(round_colour);
  o << "), player " << turn_player_ + 1 << " to play, " << static_cast<int>(actions_left) << " action(s) left";
  if (phase == kOver) o << " (over" << (winner >= 0 ? ", player " + std::to_string(winner + 1) + " wins" : std::string(", a draw")) << ")";
  o << "\n";
  for (int p = 0; p < cfg->players; ++p) {
    o << "  player " << p + 1 << " (" << (genius[p] == kNone ? std::string("no genius yet") : cfg->genius_name[genius[p]]) << "): lab";
    for (int c = 0; c < kColours; ++c) {
      o << " " << kColourNames[c] << "=";
      if (comp[p][c] == kNone) o << "-";
      else o << cfg->name[comp[p][c]] << ((broken[p] >> c) & 1 ? " (Broken)" : "") << ((cheat[p] >> c) & 1 ? " (Cheat)" : "");
    }
    if (enh[p] != kNone) o << ", " << cfg->name[enh[p]] << ((hindrance >> p) & 1 ? " (Hindrance)" : "");
    o << "; hand:";
    for (int k = 0; k < cfg->kinds; ++k) {
      if (hand[p][k]) o << " " << static_cast<int>(hand[p][k]) << "x " << cfg->name[k];
    }
    for (int k = 0; k < cfg->kinds; ++k) {
      if (front[p][k]) o << "; waiting: " << cfg->name[k];
    }
    o << "\n";
  }
  o << "  deck " << static_cast<int>(deck_n) << ", discard " << static_cast<int>(discard_n) << ", Black Market " << static_cast<int>(market_n);
  if (market_n) o << " (top " << cfg->name[market[market_n - 1]] << ")";
  o << "\n";
  if (play_card != kNone) o << "  in play: " << action_to_string(kPlay + play_card * kTargets + play_target) << " by player " << play_by + 1 << ", " << static_cast<int>(chain) << " Block(s)\n";
  if (strike_card != kNone) o << "  striking: " << cfg->name[strike_card] << " on player " << strike_victim + 1 << "\n";
  return o.str();
}

}  // namespace henchmen::suet
