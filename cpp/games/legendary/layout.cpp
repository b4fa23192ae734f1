// Legendary: what a table draws for one viewer (zones of card faces or
// backs, counters, the status and why a decision is asked), and what a legal
// action is about. Never more than the viewer may see: the same rule as the
// observation (board.cpp).
#include "core/layout.h"
#include "games/legendary/state.h"
#include "games/legendary/story.h"

namespace henchmen::legendary {

const char* task_name(int op);

namespace {

const char* const kClassNames[] = {"strength", "instinct", "covert", "tech", "ranged", "grey"};

Json face(const Config& c, int card) {
  Json f;
  f["name"] = c.name[static_cast<size_t>(card)];
  if (card == kWound) {
    f["kind"] = "wound";
  } else if (is_hero(card)) {
    f["kind"] = "hero";
    f["cost"] = static_cast<int>(c.cost[static_cast<size_t>(card)]);
    // A Hero prints the attack and recruit it gives, and no icon for none.
    if (c.attack[static_cast<size_t>(card)]) f["attack"] = static_cast<int>(c.attack[static_cast<size_t>(card)]);
    if (c.recruit[static_cast<size_t>(card)]) f["recruit"] = static_cast<int>(c.recruit[static_cast<size_t>(card)]);
    const uint16_t tags = c.tags[static_cast<size_t>(card)];
    for (int i = 0; i < 6; ++i) {
      if (tags & (1u << i)) f["class"] = kClassNames[i];
    }
    const uint16_t team = static_cast<uint16_t>(tags & ~kClassMask);
    if (team) f["team"] = tag_name(team);
  } else if (is_villain_card(card)) {
    f["kind"] = is_henchman(card) ? "henchman" : "villain";
    f["attack"] = static_cast<int>(c.attack[static_cast<size_t>(card)]);
    f["vp"] = static_cast<int>(c.vp[static_cast<size_t>(card)]);
  } else if (is_tactic(card)) {
    f["kind"] = "tactic";
    f["vp"] = static_cast<int>(c.vp[static_cast<size_t>(card)]);
  } else if (card == kBystander) {
    f["kind"] = "bystander";
    f["vp"] = static_cast<int>(c.vp[static_cast<size_t>(card)]);
  } else {
    f["kind"] = "card";
  }
  return Face(f).text(c.printed[static_cast<size_t>(card)]);
}


template <class Pile>
Json faces(const Config& c, const Pile& pile) {
  return faces_of(pile, [&](int card) { return face(c, card); });
}

}  // namespace

// The result in words (the layout's status at the end; the game-over event
// tells the same).
std::string result_text(const State& s) {
  Events ev;
  EventScope scope(&ev);  // events built outside apply() open a sink, or they are muted
  story::game_over(ev, s);
  return render(ev.items().front().full, -1);
}

Json State::layout(int viewer) const {
  const Config& c = *cfg;
  const int n = c.players;
  Layout l("Legendary", viewer, n);
  std::string status;
  if (over) status = result_text(*this);
  else if (!built) status = "Setup";
  else status = "Turn " + std::to_string(turn) + ": " + (turn_player_ == viewer ? std::string("your") : "Player " + std::to_string(turn_player_ + 1) + "'s") + (showdown ? " Final Showdown turn" : " turn");
  l.status(status);

  // Why the current decision is asked, and of whom.
  std::string prompt;
  if (!over && n_tasks > 0 && is_decision_task(tasks[n_tasks - 1])) {
    const Task& t = tasks[n_tasks - 1];
    const bool mine = t.p == viewer;
    std::string what;
    switch (t.op) {
      case dDiscardCost: what = "discard a card to play " + c.name[t.card]; break;
      case dKoThen: what = "you may KO a card (" + c.name[t.card] + ")"; break;
      case dRevealed: what = "discard (or KO) the revealed " + c.name[t.card] + " or put it back"; break;
      case dPutOnTop: what = "put " + std::to_string(t.a) + (t.a == 1 ? " card" : " cards") + " from your hand on top of your deck"; break;
      case dCaptureChoice: what = "choose the villain that captures a Bystander"; break;
      case dYesNo: what = t.a == ynDoOver ? "discard your hand and draw four cards?" : t.a == ynWoundToHand ? "gain a Wound to your hand?" : t.a == ynPlayVillain ? "play the top card of the Villain Deck?" : "gain a S.H.I.E.L.D. Officer?"; break;
      case dPass: what = "choose a card to pass to the player on your left"; break;
      case dOthersDrawOrDiscard: what = "choose: each other player draws a card, or discards one"; break;
      case dEachDiscard: what = "discard a card"; break;
      case dDefeatTarget: what = "choose a villain to defeat"; break;
      case dCopyPlayed: what = "choose a Hero you played to copy"; break;
      case dMoveVillain: what = "you may move a villain to another city space"; break;
      case dKoHeroes: what = "KO a Hero (" + std::to_string(t.a) + " to go)"; break;
      case dPickPlayerWounds: what = "choose a player to KO all their Wounds"; break;
      case dPaibok: what = "choose a Hero from the HQ for Player " + std::to_string(t.a + 1); break;
      case dTakeHqUnder: what = "choose the Hero from the HQ that goes under the Skrull"; break;
      case dLookKo: what = "KO one of the cards you look at; the rest go back"; break;
      case dDiscardTo: what = "discard down to " + std::to_string(t.a) + " cards"; break;
      case dFreeRecruit: what = "recruit a Hero from the HQ for free"; break;
      case dBubble: what = "set a Hero aside in the Electromagnetic Bubble"; break;
      case dKoUpTo: what = "you may KO a card from your discard pile (" + std::to_string(t.a) + " to go)"; break;
      case dKoVictory: what = "KO a card from your Victory Pile"; break;
      case dRuthless: what = t.a == 0 ? "KO one of the cards you look at" : "discard one of the cards you look at"; break;
      case dKoHq: what = "KO a Hero costing 6 or less from the HQ (a villain escaped" + std::string(n == 1 ? ", or a Scheme Twist" : "") + ")"; break;
      case dSkrullTwist: what = "choose the costliest Hero in the HQ that becomes a Skrull"; break;
      case dPutBack: what = "put the cards looked at back on top of your deck, one by one"; break;
      case dKoOrBack: what = "KO the revealed top card of Player " + std::to_string(t.a + 1) + "'s deck, or put it back"; break;
      default: what = task_name(t.op); break;
    }
    prompt = mine ? "You: " + what : "Player " + std::to_string(t.p + 1) + " decides (" + task_name(t.op) + ")";
    if (mine && t.p != turn_player_) prompt = "Off your turn, for Player " + std::to_string(turn_player_ + 1) + ": " + what;
  }
  l.prompt(prompt);

  // The shared board first: what every player looks at.
  if (scheme >= 0) {
    Json f;
    f["name"] = c.scheme[static_cast<size_t>(scheme)].name;
    f["kind"] = "scheme";
    f["twists"] = static_cast<int>(twists_played);
    const auto& list = c.table.at("schemes", "card table").as_array("schemes");
    for (const Json& j : list) {
      if (j.find("name") && j.at("name", "scheme").as_string("name") == c.scheme[static_cast<size_t>(scheme)].name) {
        if (const Json* t = j.find("text"); t && t->is_string()) f["text"] = t->as_string("text");
      }
    }
    l.zone("scheme", "Scheme", "row", Role::kBoard, -1, 1, Json(Json::Array{f}));
  }
  if (mastermind >= 0) {
    Json f = face(c, kMastermindBase + mastermind);
    f["kind"] = "mastermind";
    f["attack"] = mastermind_attack();
    f["tactics"] = tactics.size();
    f["bystanders"] = static_cast<int>(mm_bystanders);
    if (portals & 32u) f["portal"] = true;
    l.zone("mastermind", "Mastermind", "row", Role::kBoard, -1, 1, Json(Json::Array{f}));
  }
  Json city_cards = Json(Json::Array{});
  int in_city = 0;
  for (int s = kCity - 1; s >= 0; --s) {
    const CitySpace& v = city[s];
    if (v.card == kNoCard) {
      city_cards.push_back(empty_slot(c.city_name[static_cast<size_t>(s)]));  // a space keeps its place
      continue;
    }
    Json f = face(c, v.card);
    f["name"] = story::villain_name(*this, v.card);
    f["kind"] = v.card == kBystander ? "killbot" : is_hero(v.card) ? "skrull" : f.at("kind", "face");
    f["attack"] = villain_attack(s);
    f["space"] = c.city_name[static_cast<size_t>(s)];
    if (v.bystanders) f["bystanders"] = static_cast<int>(v.bystanders);
    if (v.under != kNoCard) f["under"] = c.name[v.under];
    if (portals & (1u << s)) f["portal"] = true;
    if (!can_defeat(v.card)) f["needs"] = tag_name(c.defeat_requires[v.card]);
    city_cards.push_back(f);
    ++in_city;
  }
  l.zone("city", "City (Bridge to Sewers)", "row", Role::kBoard, -1, in_city, city_cards);
  Json hq_cards = Json(Json::Array{});
  int in_hq = 0;
  for (int i = 0; i < kHQ; ++i) {
    if (hq[i] == kNoCard) {
      hq_cards.push_back(empty_slot("HQ space " + std::to_string(i + 1)));
      continue;
    }
    Json f = face(c, hq[i]);
    f["slot"] = i + 1;
    hq_cards.push_back(f);
    ++in_hq;
  }
  l.zone("hq", "HQ", "row", Role::kMarket, -1, in_hq, hq_cards);
  // The stacks shown by their top card: the Officers a player recruits (the
  // move names this zone), the Wounds and Bystanders the game hands out.
  auto stack = [&](const std::string& id, const std::string& name, Role role, int card, int left) {
    l.zone(id, name, "pile", role, -1, left, left > 0 ? Json(Json::Array{face(c, card)}) : Json(Json::Array{}));
  };
  stack("officers", "S.H.I.E.L.D. Officers", Role::kMarket, kOfficer, officers_left);
  stack("wounds", "Wounds", Role::kSupply, kWound, wounds_left);
  stack("bystanders", "Bystanders", Role::kSupply, kBystander, bystanders_left);
  l.draw_pile("villain-deck", "Villain Deck", -1, villain_deck.size());
  l.draw_pile("hero-deck", "Hero Deck", -1, hero_deck_size());
  if (n_played > 0) {
    Json cards = Json(Json::Array{});
    for (int i = 0; i < n_played; ++i) {
      if (played[i].as == kNoCard) continue;
      Json f = face(c, played[i].as);
      if (played[i].card == kNoCard) f["copy"] = true;
      cards.push_back(f);
    }
    l.zone("played", l.whose(turn_player_) + " cards played", "row", Role::kPlay, turn_player_, n_played, cards);
  }
  if (!look.empty()) {
    const bool visible = !look_private || look_owner == viewer;
    Json cards = visible ? faces(c, look) : Json(Json::Array{});
    if (!visible) {
      for (int i = 0; i < look.size(); ++i) cards.push_back(card_back());
    }
    l.zone("look", "Cards " + l.seat(look_owner) + (look_owner == viewer ? " look at" : " looks at"), "row", Role::kReveal, look_owner, look.size(), cards);
  }
  if (bubble != kNoCard) l.zone("bubble", "Electromagnetic Bubble", "row", Role::kReveal, turn_player_, 1, Json(Json::Array{face(c, bubble)}));
  Json ko_cards = Json(Json::Array{});
  int n_ko = 0;
  for (int x = 0; x < kNumCardIds; ++x) {
    for (int k = 0; k < ko[x]; ++k) ko_cards.push_back(face(c, x));
    n_ko += ko[x];
  }
  l.zone("ko", "KO pile", "pile", Role::kSupply, -1, n_ko, ko_cards);
  Json esc_cards = Json(Json::Array{});
  int n_esc = 0;
  for (int x = 0; x < kNumCardIds; ++x) {
    for (int k = 0; k < escaped[x]; ++k) esc_cards.push_back(face(c, x));
    n_esc += escaped[x];
  }
  l.zone("escaped", "Escaped", "pile", Role::kSupply, -1, n_esc, esc_cards);
  // The players, the viewer last (their hand closest to the prompt).
  for (int k = 1; k <= n; ++k) {
    const int p = (viewer < 0 ? k - 1 : viewer + k) % n;
    const PlayerState& pl = players[p];
    const std::string id = std::to_string(p);
    const bool own = p == viewer;
    Json hand = own ? faces(c, pl.hand) : Json(Json::Array{});
    if (!own) {
      for (int i = 0; i < pl.hand.size(); ++i) hand.push_back(card_back());
    }
    l.hand(p, pl.hand.size(), hand);
    Json& deck = l.draw_pile("deck-" + id, l.whose(p) + " deck", p, pl.deck.size());
    Json top = Json(Json::Array{});
    for (int i = 0; i < pl.deck.n_top; ++i) {
      const bool priv = (pl.deck.top_private >> i) & 1u;
      top.push_back(priv && !own ? card_back() : face(c, pl.deck.top[i]));
    }
    deck["top"] = top;
    l.zone("discard-" + id, l.whose(p) + " discard pile", "discard", Role::kDiscard, p, pl.discard.size(), faces(c, pl.discard));
    l.zone("victory-" + id, l.whose(p) + " Victory Pile", "pile", Role::kScore, p, pl.victory.size(), faces(c, pl.victory));
    if (pl.pass != kNoCard) l.zone("pass-" + id, l.whose(p) + " card to pass", "row", Role::kReveal, p, 1, Json(Json::Array{own ? face(c, pl.pass) : card_back()}));
  }
  for (int p = 0; p < n; ++p) l.counter("VP", vp(p), Measure::kScore, p);
  if (n == 1) l.counter("Solo score", solo_score(), Measure::kScore, 0);
  l.counter("Attack", attack + (recruit_as_attack ? recruit : 0), Measure::kResource, turn_player_);
  l.counter("Recruit", recruit, Measure::kResource, turn_player_);
  l.counter("Villain Deck", villain_deck.size(), Measure::kTrack);
  l.counter("Twists", twists_played, Measure::kTrack);
  l.counter("Escaped", villains_escaped, Measure::kTrack);
  l.counter("Tactics left", tactics.size(), Measure::kTrack, -1, 4);
  l.counter("Wounds left", wounds_left, Measure::kTrack);
  l.counter("Bystanders left", bystanders_left, Measure::kTrack);
  l.counter("Officers left", officers_left, Measure::kTrack);
  return l.build();
}

Json State::action_info(Action a) const {
  const Config& c = *cfg;
  Json j = Json(Json::Object{});
  const int decider = n_tasks > 0 ? tasks[n_tasks - 1].p : turn_player_;
  const std::string me = std::to_string(decider);
  auto card_in = [&](int card, const std::string& zone_id) {
    if (card >= 0 && card < kNumCardIds) j["card"] = c.name[static_cast<size_t>(card)];
    j["zone"] = zone_id;
  };
  const int op = n_tasks > 0 ? tasks[n_tasks - 1].op : -1;
  if (a >= kSetupMastermind) return j;
  if (a >= kChanceCard) {
    std::string from = "deck-" + me;
    if (op == tVillainCard) from = "villain-deck";
    else if (op == tRefillHQ || op == tSkrullReveal) from = "hero-deck";
    else if (op == tTactic) from = "mastermind";
    card_in(a - kChanceCard, from);
  } else if (a >= kMoveVillain) {
    const int from = (a - kMoveVillain) / kCity;
    if (city[from].card != kNoCard) card_in(city[from].card, "city");
    j["to"] = c.city_name[static_cast<size_t>((a - kMoveVillain) % kCity)];
  } else if (a >= kPickSpace && a < kPickMastermind) {
    const int s = a - kPickSpace;
    if (city[s].card != kNoCard) card_in(city[s].card, "city");
  } else if (a == kPickMastermind || a == kFightMastermind) {
    if (mastermind >= 0) card_in(kMastermindBase + mastermind, "mastermind");
  } else if (a >= kPickCard && a < kPickSpace) {
    const int card = a - kPickCard;
    card_in(card, op == dLookKo || op == dRuthless || op == dPutBack ? "look" : op == dKoVictory ? "victory-" + me : "hq");
  } else if (a >= kPickPlayed && a < kPickCard) {
    card_in(a - kPickPlayed, "played");
  } else if (a >= kPickDiscard && a < kPickPlayed) {
    card_in(a - kPickDiscard, "discard-" + me);
  } else if (a >= kPickHand && a < kPickDiscard) {
    card_in(a - kPickHand, "hand-" + me);
  } else if (a >= kFight && a < kFightMastermind) {
    const int s = a - kFight;
    if (city[s].card != kNoCard) card_in(city[s].card, "city");
    j["attack"] = villain_attack(s);
  } else if (a == kRecruitOfficer) {
    card_in(kOfficer, "officers");
  } else if (a >= kRecruit && a < kRecruitOfficer) {
    card_in(a - kRecruit, "hq");
  } else if (a >= kPlay && a < kRecruit) {
    card_in(a - kPlay, "hand-" + me);
  }
  return j;
}

}  // namespace henchmen::legendary
