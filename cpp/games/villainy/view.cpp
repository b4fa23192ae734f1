// Villainy: what each player sees (observation, tensor, layout), the
// printable board and the heuristic.
#include <algorithm>
#include <sstream>

#include "core/card_json.h"
#include "core/layout.h"
#include "core/observation.h"
#include "games/villainy/words.h"

namespace henchmen::villainy {

namespace {
const char* const kPhaseNames[] = {"main", "window", "absorb", "choose"};
const char* const kTriggerNames[] = {"turn start", "play", "attack"};
const char* const kHideoutNames[] = {"standing", "destroyed", "removed"};

Json name_or_null(const Config& cfg, uint8_t c) { return c == kNoCard ? Json() : Json(cfg.name[c]); }
}  // namespace

const char* phase_name(Phase p) { return kPhaseNames[static_cast<int>(p)]; }
const char* trigger_name(int t) { return t >= 0 && t < 3 ? kTriggerNames[t] : "?"; }

// ---------------------------------------------------------------------------
// Observation

Json State::observation(int viewer) const {
  const Config& c = *cfg;
  Json o = observation_header(viewer, turn, turn_player_, current_player(), over, winner);
  o["round"] = static_cast<int>(round);
  o["phase"] = phase_name(phase);
  o["actions_left"] = static_cast<int>(actions);
  o["specials_played"] = static_cast<int>(specials);
  Json::Array winners;
  for (int p = 0; p < c.players; ++p) {
    if (leads(p)) winners.emplace_back(p);
  }
  o["winners"] = over ? Json(std::move(winners)) : Json();
  o["hand"] = card_names(c, players[viewer].hand);
  o["window"] = Json();
  if (reactions.open()) {
    Json w;
    w["answering"] = trigger_name(reactions.top().trigger);
    w["by"] = static_cast<int>(reactions.top().opener);
    o["window"] = w;
  }
  o["declared"] = Json();
  if (declared.attack) {
    Json d;
    d["attacker"] = attacker_story(*this, turn_player_, declared.attacker);
    d["target_player"] = static_cast<int>(declared.target_player);
    d["target"] = target_story(*this, declared.target_player, declared.target);
    d["free"] = declared.free;
    d["bonus"] = static_cast<int>(declared.bonus);
    o["declared"] = d;
  } else if (declared.card != kNoCard) {
    Json d;
    d["card"] = c.name[declared.card];
    d["spot"] = spot_name(declared.spot);
    o["declared"] = d;
  }
  o["choice"] = Json();
  if (phase == Phase::kChoose) {
    Json ch;
    ch["card"] = c.name[choice.card];
    ch["effect"] = effect_name(def(choice.card).effect);
    ch["stage"] = static_cast<int>(choice.stage);
    if (choice.stage) {
      ch["player"] = static_cast<int>(choice.player);
      ch["spot"] = spot_name(choice.spot);
    }
    o["choice"] = ch;
  }
  o["last_attack"] = Json();
  if (last.player >= 0) {
    Json la;
    la["player"] = static_cast<int>(last.player);
    la["attacker"] = attacker_word(*this, last.player, last.attacker);
    la["target_player"] = static_cast<int>(last.target_player);
    la["target"] = target_word(*this, last.target_player, last.target);
    la["attack"] = static_cast<int>(last.attack);
    la["defense"] = static_cast<int>(last.defense);
    o["last_attack"] = la;
  }
  o["absorbing"] = phase == Phase::kAbsorb ? Json(static_cast<int>(absorber)) : Json();
  Json all = Json(Json::Array{});
  for (int p = 0; p < c.players; ++p) {
    const Player& pl = players[p];
    const DeckDef& d = c.deck_def(p);
    Json j;
    j["deck"] = d.name;
    j["alive"] = pl.alive;
    j["hand_size"] = pl.hand.size();
    j["draw_size"] = pl.draw.size();
    j["discard"] = card_names(c, pl.discard);
    Json master;
    master["name"] = d.name;
    master["column"] = static_cast<int>(pl.master_column);
    master["attack"] = static_cast<int>(d.master_attack);
    master["defense"] = static_cast<int>(d.master_defense);
    master["blocked"] = master_blocked(p);
    j["master"] = master;
    Json hideout;
    hideout["state"] = kHideoutNames[static_cast<int>(pl.hideout)];
    hideout["hits"] = static_cast<int>(pl.hits);
    hideout["left"] = name_or_null(c, pl.left);
    hideout["right"] = name_or_null(c, pl.right);
    j["hideout"] = hideout;
    Json grid = Json(Json::Array{});
    for (int s = 0; s < kSpots; ++s) {
      const Spot& sp = pl.grid[s];
      if (sp.minion == kNoCard) {
        grid.push_back(Json());
        continue;
      }
      Json m;
      m["minion"] = c.name[sp.minion];
      m["gear"] = name_or_null(c, sp.gear);
      if (sp.gear != kNoCard) m["gear_owner"] = static_cast<int>(sp.gear_owner);
      m["temp"] = name_or_null(c, sp.temp);
      m["attack"] = attack_value(p, s, p, 0, 0);  // against a Minion
      m["defense"] = defense_value(p, s, p, 0);
      m["ranged"] = ranged(p, s);
      m["blocked"] = blocked(p, s);
      grid.push_back(m);
    }
    j["grid"] = grid;
    Json monster;
    monster["name"] = d.monster;
    monster["complete"] = monster_complete(p);
    Json parts = Json(Json::Array{});
    for (int k = 0; k < 4; ++k) {
      const Part& part = pl.monster[k];
      Json pj;
      pj["part"] = d.parts[k];
      Json cards = Json(Json::Array{});
      for (int i = 0; i < part.n; ++i) cards.push_back(c.name[part.card[i]]);
      pj["cards"] = cards;
      pj["active"] = part.n > 0 && part.active;
      parts.push_back(pj);
    }
    monster["parts"] = parts;
    j["monster"] = monster;
    Json setup = Json(Json::Array{});
    for (const uint8_t s : pl.setup) setup.push_back(name_or_null(c, s));
    j["setup"] = setup;
    j["lasting"] = card_names(c, pl.lasting);
    all.push_back(j);
  }
  o["players"] = all;
  return o;
}

// ---------------------------------------------------------------------------
// Tensor

namespace {
constexpr int kSeatBlock = 20 + kMaxDecks + kSpots * 8 + 4 * 4 + 3 * 2 + 2 + kMaxKinds + 1;
constexpr int kGlobal = kMaxKinds + 2 + 4 + 3 + kMaxKinds + kSpots + kAttackers + kMaxPlayers + kTargets + 8 + 1 + kMaxPlayers + kSpots + 2 + kAttackers + kMaxPlayers + kTargets + 2;
}  // namespace

int observation_length(const Config&) { return kMaxPlayers * kSeatBlock + kGlobal; }

void State::observation_tensor(int viewer, float* out) const {
  const Config& c = *cfg;
  const int n = c.players;
  float* o = out;
  std::fill(out, out + observation_length(c), 0.0f);
  auto rel = [&](int p) { return (p - viewer + n) % n; };
  for (int seat = 0; seat < n; ++seat) {
    const int p = (viewer + seat) % n;
    const Player& pl = players[p];
    float* b = o + seat * kSeatBlock;
    b[0] = 1;
    b[1] = pl.alive;
    b[2] = pl.hand.size() / 10.0f;
    b[3] = pl.draw.size() / 60.0f;
    b[4] = pl.discard.size() / 60.0f;
    b[5] = pl.hits / 6.0f;
    b[6 + static_cast<int>(pl.hideout)] = 1;
    b[9 + pl.master_column] = 1;
    b[12] = pl.left != kNoCard;
    b[13] = pl.left != kNoCard && def(pl.left).bonus.any();
    b[14] = pl.right != kNoCard;
    b[15] = pl.right != kNoCard && def(pl.right).bonus.any();
    b[16] = p == turn_player_;
    b[17] = p == current_player();
    b[18] = pl.hideout == HideoutState::kGone && !master_blocked(p);
    b[19] = monster_complete(p);
    b[20 + c.deck[p]] = 1;
    float* s = b + 20 + kMaxDecks;
    MinionStats stats[kSpots];
    if (pl.minions) grid_stats(p, stats);  // attack_value and defense_value against a Minion
    for (int k = 0; k < kSpots; ++k, s += 8) {
      const Spot& sp = pl.grid[k];
      if (sp.minion == kNoCard) continue;
      s[0] = 1;
      s[1] = stats[k].attack / 10.0f;
      s[2] = stats[k].defense / 10.0f;
      s[3] = ranged(p, k);
      s[4] = blocked(p, k);
      s[5] = sp.gear != kNoCard;
      s[6] = sp.temp != kNoCard;
      s[7] = def(sp.minion).minion_type;
    }
    for (int k = 0; k < 4; ++k, s += 4) {
      const Part& part = pl.monster[k];
      if (!part.n) continue;
      s[0] = 1;
      s[1] = part.active;
      s[2] = def(part.top()).attack / 10.0f;
      s[3] = def(part.top()).defense / 10.0f;
    }
    for (int k = 0; k < 3; ++k, s += 2) {
      if (pl.setup[k] == kNoCard) continue;
      const CardDef& d = def(pl.setup[k]);
      s[0] = 1;
      s[1] = k == 0 ? d.amount / 3.0f : k == 1 ? d.stat : (static_cast<int>(d.condition) + 1) / 6.0f;
    }
    s[0] = pl.setup[0] != kNoCard && pl.setup[1] != kNoCard && pl.setup[2] != kNoCard;
    s[1] = pl.lasting.size() / 4.0f;
    s += 2;
    for (const uint8_t card : pl.discard) s[kind(card)] += 0.25f;
    s += kMaxKinds;
    s[0] = segues_unseen(p) / 5.0f;
  }
  float* g = o + kMaxPlayers * kSeatBlock;
  for (const uint8_t card : players[viewer].hand) g[kind(card)] += 0.25f;
  g += kMaxKinds;
  g[0] = actions / 3.0f;
  g[1] = specials / 8.0f;
  g += 2;
  g[static_cast<int>(phase)] = 1;
  g += 4;
  if (reactions.open()) g[reactions.top().trigger] = 1;
  g += 3;
  if (!declared.attack && declared.card != kNoCard) {
    g[kind(declared.card)] = 1;
    g[kMaxKinds + declared.spot] = 1;
  }
  g += kMaxKinds + kSpots;
  if (declared.attack) {
    g[declared.attacker] = 1;
    g[kAttackers + rel(declared.target_player)] = 1;
    g[kAttackers + kMaxPlayers + declared.target] = 1;
  }
  g += kAttackers + kMaxPlayers + kTargets;
  if (phase == Phase::kChoose) {
    g[static_cast<int>(def(choice.card).effect)] = 1;
    g[8] = choice.stage;
    if (choice.stage) {
      g[9 + rel(choice.player)] = 1;
      g[9 + kMaxPlayers + choice.spot] = 1;
    }
  }
  g += 8 + 1 + kMaxPlayers + kSpots;
  g[0] = static_cast<float>(round) / static_cast<float>(c.max_rounds);
  g[1] = current_player() == viewer;
  g += 2;
  if (last.player >= 0) {
    g[last.attacker] = 1;
    g[kAttackers + rel(last.target_player)] = 1;
    g[kAttackers + kMaxPlayers + last.target] = 1;
    g[kAttackers + kMaxPlayers + kTargets] = last.attack / 10.0f;
    g[kAttackers + kMaxPlayers + kTargets + 1] = last.defense / 10.0f;
  }
}

// ---------------------------------------------------------------------------
// Printable board

std::string State::to_string() const {
  const Config& c = *cfg;
  std::ostringstream out;
  out << "Villainy, round " << round << ", turn " << turn << ", player " << turn_player_ + 1 << " to play (" << static_cast<int>(actions) << " actions left";
  if (phase != Phase::kMain) out << ", " << phase_name(phase);
  out << ")";
  if (over) out << " (over" << (winner >= 0 ? ", player " + std::to_string(winner + 1) + " wins" : ", won at the round limit") << ")";
  out << "\n";
  auto name = [&](uint8_t card) { return card == kNoCard ? std::string("-") : c.name[card]; };
  for (int p = 0; p < c.players; ++p) {
    const Player& pl = players[p];
    const DeckDef& d = c.deck_def(p);
    out << "  player " << p + 1 << " (" << d.name << ")";
    if (!pl.alive) {
      out << ": out\n";
      continue;
    }
    out << ": Hideout " << kHideoutNames[static_cast<int>(pl.hideout)] << " " << static_cast<int>(pl.hits) << " hits, Left " << name(pl.left) << ", Right " << name(pl.right)
        << "; Master in column " << pl.master_column + 1 << "\n";
    out << "    hand (" << pl.hand.size() << "):";
    for (const uint8_t card : pl.hand) out << " " << c.name[card] << ";";
    out << " draw " << pl.draw.size() << ", discard " << pl.discard.size() << "\n";
    for (int row = 0; row < 2; ++row) {
      out << (row == 0 ? "    front:" : "    back: ");
      for (int col = 0; col < kColumns; ++col) {
        const Spot& s = pl.grid[row * kColumns + col];
        out << " [" << name(s.minion);
        if (s.gear != kNoCard) out << " + " << c.name[s.gear];
        if (s.temp != kNoCard) out << " + " << c.name[s.temp];
        out << "]";
      }
      out << "\n";
    }
    out << "    " << d.monster << ":";
    for (int k = 0; k < 4; ++k) {
      const Part& part = pl.monster[k];
      out << " " << d.parts[k] << " " << (part.n ? c.name[part.top()] + (part.active ? "" : " (flipped)") : std::string("-")) << ";";
    }
    out << " Setup:";
    for (const uint8_t s : pl.setup) out << " [" << name(s) << "]";
    if (!pl.lasting.empty()) {
      out << " Lasting:";
      for (const uint8_t card : pl.lasting) out << " " << c.name[card];
    }
    out << "\n";
  }
  return out.str();
}

// ---------------------------------------------------------------------------
// Heuristic

double State::heuristic(int player) const {
  if (over) return returns(player);
  auto score = [&](int p) {
    const Player& pl = players[p];
    if (!pl.alive) return 0.0;
    double v = 10.0 + 1.5 * pl.hits + (pl.left != kNoCard) + (pl.right != kNoCard);
    if (pl.hideout == HideoutState::kGone) v -= 3.0;
    if (master_blocked(p)) v += 1.0;
    MinionStats stats[kSpots];
    grid_stats(p, stats);
    for (int s = 0; s < kSpots; ++s) {
      if (minion_at(p, s)) v += 0.25 * (stats[s].attack + stats[s].defense);
    }
    const bool complete = monster_complete(p);
    for (const Part& part : pl.monster) {
      if (part.n == 0) continue;
      v += complete ? (part.active ? 0.2 * (def(part.top()).attack + def(part.top()).defense) : 0.0) : 0.5;
    }
    if (pl.setup[0] != kNoCard && pl.setup[1] != kNoCard && pl.setup[2] != kNoCard) v += 1.0;
    v += 0.2 * pl.hand.size();
    return v;
  };
  const double mine = score(player);
  double best = 0.0;
  for (int q = 0; q < cfg->players; ++q) {
    if (q != player) best = std::max(best, score(q));
  }
  return std::max(-1.0, std::min(1.0, (mine - best) / 20.0));
}

// ---------------------------------------------------------------------------
// Layout

namespace {
const char* const kSideNames[] = {"Left", "Right"};
const char* const kSetupSlots[] = {"A", "B", "C"};

// Every number a card prints, wherever it lies (the hand too): a Minion's
// A! and D! and type, a bonus card's bonuses, a Setup card's slot.
Json face(const Config& cfg, int card) {
  const CardDef& d = cfg.def(card);
  const DeckDef& deck = cfg.decks[static_cast<size_t>(deck_of_card(card))];
  Face f(cfg.name[static_cast<size_t>(card)], type_name(d.type));
  switch (d.type) {
    case Type::kMinion:
      f.stat("attack", d.attack).stat("defense", d.defense).flag("ranged", d.ranged);
      if (d.minion_type >= 0) f.word("type", deck.minion_types[d.minion_type]);
      if (d.vs_monsters) f.stat("attack_vs_monsters", d.vs_monsters);
      break;
    case Type::kGear:
      f.stat("attack_bonus", d.attack).stat("defense_bonus", d.defense).flag("ranged", d.ranged);
      f.word("fits", d.minion_type >= 0 ? deck.minion_types[d.minion_type] : std::string("any Minion"));
      break;
    case Type::kMonster:
      if (d.part >= 0) f.word("part", deck.parts[d.part]);
      f.stat("attack", d.attack).stat("defense", d.defense);
      break;
    case Type::kHideout:
      if (d.side >= 0) f.word("side", kSideNames[d.side]);
      break;
    case Type::kSetup:
      if (d.slot >= 0) f.word("slot", kSetupSlots[d.slot]);
      break;
    default: break;
  }
  if (d.type == Type::kHideout || d.type == Type::kMonster || (d.type == Type::kSpecial && d.effect == Effect::kRally)) {
    if (d.bonus.attack) f.stat("attack_bonus", d.bonus.attack);
    if (d.bonus.defense) f.stat("defense_bonus", d.bonus.defense);
    if (d.bonus.only >= 0) f.word("bonus_for", deck.minion_types[d.bonus.only]);
  }
  return f.text(d.text);
}
const char* const kColumnNames[] = {"left", "center", "right"};

// What a player must know of a Master is told in his zone's name (as Super
// tells its power's state) and on his face. A Minion in front keeps him, and
// the Hideout over him, from attacking and being attacked.
std::string master_state(const State& s, int p, const Layout& l) {
  const Player& pl = s.players[p];
  if (!pl.alive) return "destroyed";
  std::string name = std::string(kColumnNames[pl.master_column]) + " column, ";
  if (pl.hideout == HideoutState::kStanding) name += "hidden under the Hideout";
  else if (pl.hideout == HideoutState::kFallen) name += "exposed on " + (p == l.viewer() ? std::string("your") : "Player " + std::to_string(p + 1) + "'s") + " next turn";
  else name += "exposed";
  if (s.master_blocked(p)) name += ", a Minion in front";
  return name;
}
}  // namespace

Json State::layout(int viewer) const {
  const Config& c = *cfg;
  Layout l("Villainy", viewer, c.players);
  std::string status = "Round " + std::to_string(round) + ", " + (turn_player_ == viewer ? std::string("your turn") : l.seat(turn_player_) + "'s turn") + ": " + std::to_string(actions) + " actions left";
  if (over && winner >= 0) status = l.seat(winner) + (winner == viewer ? " win" : " wins");
  if (over && winner == -2) {
    std::string who;
    for (int p = 0; p < c.players; ++p) {
      if (leads(p)) who += (who.empty() ? "" : " and ") + l.seat_lower(p);
    }
    status = "The round limit: won by " + who + ", with the most Hideout hits left (" + std::to_string(best_hits_left()) + ")";
  }
  l.status(status);
  if (!over && n_tasks == 0) {
    if (phase == Phase::kWindow) {
      const int opener = reactions.top().opener;
      const int t = reactions.top().trigger;
      l.prompt(std::string(t == kOnTurnStart ? l.seat(opener) + (opener == viewer ? "r" : "'s") + " turn begins" : t == kOnPlay ? l.seat(opener) + " is about to play " + c.name[declared.card] : l.seat(opener) + " attacks " + target_story(*this, declared.target_player, declared.target)) +
               ": Segue or pass");
    } else if (phase == Phase::kAbsorb) {
      l.prompt("The Hideout is hit: absorb it with an addition or take the hit");
    } else if (phase == Phase::kChoose) {
      l.prompt(c.name[choice.card] + ": choose");
    }
  }
  for (int p = 0; p < c.players; ++p) {
    const Player& pl = players[p];
    const std::string tag = std::to_string(p);
    Json hand = Json(Json::Array{});
    for (const uint8_t card : pl.hand) hand.push_back(p == viewer ? face(c, card) : card_back());
    l.hand(p, pl.hand.size(), hand);
    // The 2x3 grid, front row first, left to right; a free spot keeps its place.
    Json ranks = Json(Json::Array{});
    for (int s = 0; s < kSpots; ++s) {
      const Spot& sp = pl.grid[s];
      if (sp.minion == kNoCard) {
        ranks.push_back(empty_slot(spot_name(s)));
        continue;
      }
      Face f(face(c, sp.minion));
      f.word("spot", spot_name(s)).stat("attack", attack_value(p, s, p, 0, 0)).stat("defense", defense_value(p, s, p, 0));
      // A name, not a nested face: tables show a face's scalar fields only.
      if (sp.gear != kNoCard) f.word("gear", c.name[sp.gear]);
      if (sp.temp != kNoCard) f.word("gear", c.name[sp.temp] + " (temporary)");
      f.flag("blocked", blocked(p, s));  // behind a Minion: out of reach of attacks
      ranks.push_back(f);
    }
    Json& rz = l.zone("ranks-" + tag, l.whose(p) + " Minions", "grid", Role::kPlay, p, __builtin_popcount(pl.minions), ranks);
    rz["rows"] = 2;
    rz["columns"] = kColumns;
    const DeckDef& d = c.deck_def(p);
    const std::string state = master_state(*this, p, l);
    // His state (column, Hideout, a Minion in front) is in the zone's name, where tables show it whole.
    Json master = Face(d.name, "master").stat("attack", d.master_attack).stat("defense", d.master_defense);
    l.zone("master-" + tag, l.whose(p) + " Master (" + state + ")", "row", Role::kPlay, p, 1, Json(Json::Array{master}));
    Json hide = Json(Json::Array{});
    for (const uint8_t card : {pl.left, pl.right}) {
      if (card != kNoCard) hide.push_back(face(c, card));
    }
    l.zone("hideout-" + tag, l.whose(p) + " Hideout additions", "row", Role::kPlay, p, static_cast<int>(hide.as_array("cards").size()), hide);
    // The Monster is in play only once complete, so the zone's name says
    // whether it is, or which parts it lacks (their places are empty slots).
    Json parts = Json(Json::Array{});
    std::string missing;
    int played_parts = 0;
    for (int k = 0; k < 4; ++k) {
      const Part& part = pl.monster[k];
      if (!part.n) {
        parts.push_back(empty_slot(d.parts[k]));
        missing += (missing.empty() ? "no " : ", no ") + d.parts[k];
        continue;
      }
      parts.push_back(Face(face(c, part.top())).flag("flipped", !part.active));
      ++played_parts;
    }
    std::string monster = l.whose(p) + " " + d.monster;
    if (played_parts == 4) monster += " (complete, in play)";
    else if (played_parts > 0) monster += " (incomplete, not yet in play: " + missing + ")";
    l.zone("monster-" + tag, monster, "row", Role::kPlay, p, played_parts, parts);
    Json setup = Json(Json::Array{});
    int set_cards = pl.lasting.size();
    for (int k = 0; k < 3; ++k) {
      const uint8_t card = pl.setup[k];
      setup.push_back(card == kNoCard ? empty_slot(std::string("Setup ") + kSetupSlots[k]) : face(c, card));
      set_cards += card != kNoCard;
    }
    for (const uint8_t card : pl.lasting) setup.push_back(face(c, card));
    l.zone("setup-" + tag, l.whose(p) + " Setup and lasting cards", "row", Role::kPlay, p, set_cards, setup);
    l.draw_pile("draw-" + tag, l.whose(p) + " draw pile", p, pl.draw.size());
    Json discard = Json(Json::Array{});
    for (const uint8_t card : pl.discard) discard.push_back(face(c, card));
    l.zone("discard-" + tag, l.whose(p) + " discard pile", "pile", Role::kDiscard, p, pl.discard.size(), discard);
  }
  for (int p = 0; p < c.players; ++p) l.counter("Hideout", players[p].hits, Measure::kScore, p, kHideoutHits);
  // Each addition absorbs a hit, so the score line tells them with the hits
  // (one Left and one Right at most).
  for (int p = 0; p < c.players; ++p) l.counter("Hideout additions", (players[p].left != kNoCard ? 1 : 0) + (players[p].right != kNoCard ? 1 : 0), Measure::kScore, p, 2);
  l.counter("Actions", actions, Measure::kResource, turn_player_, kActionsPerTurn);
  return l.build();
}

Json State::action_info(Action a) const {
  Json j = Json(Json::Object{});
  const int p = phase == Phase::kWindow ? reactions.responder() : turn_player_;
  int kind_index = -1;
  if (a < kPlay) kind_index = (a - kPlayAt) / kSpots;
  else if (a < kMove) kind_index = a - kPlay;
  else if (a >= kExchange && a < kEndTurn) kind_index = a - kExchange;
  else if (a >= kSegue && a < kAbsorb) kind_index = a - kSegue;
  if (kind_index >= 0) {
    const int card = card_id(cfg->deck[p], kind_index);
    if (cfg->valid[static_cast<size_t>(card)]) {
      j["card"] = cfg->name[static_cast<size_t>(card)];
      j["zone"] = "hand-" + std::to_string(p);
    }
  } else if (a >= kAttack && a < kExchange) {
    const int x = a - kAttack;
    j["zone"] = "ranks-" + std::to_string(p);
    j["target_player"] = x / kTargets % kMaxPlayers;
  }
  return j;
}

}  // namespace henchmen::villainy
