// Seven Secret Supervillains: what a table draws for one viewer (zones of
// card faces or backs, counters, the status and why a decision is asked),
// and what a legal action is about. Never more than the viewer may see: the
// same rule as the observation (board.cpp).
#include "core/layout.h"
#include "games/sss/deck_top.h"
#include "games/sss/state.h"

namespace henchmen::sss {

namespace {

// A crew's ability text from the card table in force (optional there).
std::string crew_text(const Config& c, int crew) {
  const Json& entry = c.table.at("crews", "card table").as_array("crews")[static_cast<size_t>(c.crew_index[static_cast<size_t>(crew)])];
  const Json* t = entry.find("ability_text");
  return t && t->is_string() ? t->as_string("ability_text") : "";
}

// What an ability does, in the words of the crew that has it.
std::string ability_text(const Config& c, int ability) {
  if (ability == kPowerBoost) return "Gain 1 power.";
  for (int crew = 0; crew < c.crews; ++crew) {
    if (c.crew[static_cast<size_t>(crew)].ability == ability) return crew_text(c, crew);
  }
  if (ability == kTransfer) {
    const Json* t = c.table.at("bots", "card table").at("Scaredy Bot", "bots").find("ability_text");
    if (t && t->is_string()) return t->as_string("ability_text");
  }
  return "";
}

Json face(const Config& c, int card) {
  Json f;
  f["name"] = c.name[static_cast<size_t>(card)];
  const int ability = c.ability[static_cast<size_t>(card)];
  if (is_minion(card)) {
    const int crew = crew_of(card);
    f["kind"] = "minion";
    f["cost"] = c.health[static_cast<size_t>(card)];
    f["power"] = c.power[static_cast<size_t>(card)];
    f["reputation"] = c.reputation[static_cast<size_t>(card)];
    f["crew"] = c.crew[static_cast<size_t>(crew)].name;
    f["supervillain"] = c.crew[static_cast<size_t>(crew)].supervillain;
  } else if (is_upgrade(card)) {
    f["kind"] = "upgrade";
    f["cost"] = c.health[static_cast<size_t>(card)];
    f["crew"] = c.crew[static_cast<size_t>(crew_of(card))].name;
  } else if (is_spell(card)) {
    f["kind"] = "spell";
    f["power"] = c.power[static_cast<size_t>(card)];
    if (ability != kNoAbility) f["ability"] = ability_name(ability);
    const Json& spell = c.table.at("chaos_spells", "card table").as_array("chaos_spells")[static_cast<size_t>(card - kChaosSpellBase)];
    const Json* text = spell.find("text");  // optional in a card table
    if (text && !text->as_string("spell text").empty()) f["text"] = text->as_string("spell text");
    return f;
  } else {
    f["kind"] = "bot";
    f["cost"] = c.health[static_cast<size_t>(card)];
    f["power"] = c.power[static_cast<size_t>(card)];
  }
  if (ability != kNoAbility) f["ability"] = ability_name(ability);
  return Face(f).text(ability == kNoAbility ? (is_minion(card) ? crew_text(c, crew_of(card)) : std::string()) : ability_text(c, ability));
}

Json villain_face(const Config& c, int crew) {
  Json f;
  const CrewDef& d = c.crew[static_cast<size_t>(crew)];
  f["name"] = d.supervillain;
  f["kind"] = "supervillain";
  f["crew"] = d.name;
  if (d.ability != kNoAbility) f["ability"] = d.ability_name;
  return Face(f).text(crew_text(c, crew));
}

std::string seat(int p, int viewer) { return p == viewer ? "You" : "Player " + std::to_string(p + 1); }
// Whose a side is: a player's, or in the Classic a team's (seat 0: players 1 & 3).
std::string side_owner(const Config& c, int side, int viewer) {
  if (!c.teams) return seat(side, viewer);
  return seat(side, viewer) + " and " + (side + 2 == viewer ? std::string("you") : seat(side + 2, viewer));
}

template <class Pile>
Json faces(const Config& c, const Pile& pile) {
  return faces_of(pile, [&](int card) { return face(c, card); });
}

// What a viewer sees of a hidden pile: the cards everyone knows, then backs.
template <class Pile, class Known>
Json partly_hidden(const Config& c, const Pile& pile, const Known& known) {
  Json out = faces(c, known);
  for (int i = known.size(); i < pile.size(); ++i) out.push_back(card_back());
  return out;
}

template <class DeckT>
Json known_bottom(const Config& c, const DeckT& d) {
  Json out = Json(Json::Array{});
  for (int i = d.n_unknown; i < d.n; ++i) out.push_back(face(c, d.c[i]));
  return out;
}

}  // namespace

Json State::layout(int viewer) const {
  const Config& c = *cfg;
  Layout l("Seven Secret Supervillains", viewer, c.players);
  const std::string tp = l.seat(turn_player_);
  std::string status = "Turn " + std::to_string(turn) + ": " + (turn_player_ == viewer ? std::string("your") : "Player " + std::to_string(turn_player_ + 1) + "'s") + " turn";
  if (over) status = winner >= 0 ? "Game over: " + l.seat(winner) + (winner == viewer ? " win" : " wins") : std::string("Game over: a draw");
  if (over && c.solo_score) status = "Game over: " + l.seat(0) + (viewer == 0 ? " score " : " scores ") + std::to_string(solo_score()) + " reputation";
  if (over && c.climb_goal != ClimbGoal::kNone) {
    status = climb_reached() ? "Game over: " + climb_goal_text() + " reached in " + std::to_string(turn) + (turn == 1 ? " turn" : " turns")
                             : "Game over: the turn limit came before " + climb_goal_text();
  }
  if (over && winner >= 0 && c.teams) {
    // The Classic: the team wins, its first player named first.
    const int a = side(winner), b = a + 2;
    status = "Game over: " + l.seat(a) + " and " + (b == viewer ? std::string("you") : l.seat(b)) + " win";
  }
  l.status(status);
  std::string prompt;
  if (!over && n_tasks == 0 && pending == Pending::kFetchDiscard) {
    prompt = turn_player_ == viewer ? std::string("Fetch: discard a card from your hand") : tp + " must discard a card (Fetch)";
  } else if (!over && n_tasks == 0 && pending == Pending::kPullChoice) {
    prompt = turn_player_ == viewer ? std::string("Pull: put the bottom card of your deck on top, discard it, or leave it") : tp + " decides what to do with the bottom card of their deck (Pull)";
  } else if (!over && n_tasks == 0 && remix_discards_left() > 0) {
    const std::string left = std::to_string(remix_discards_left()) + (remix_discards_left() == 1 ? " more card" : " more cards");
    prompt = turn_player_ == viewer ? "Remix: discard " + left + " from your hand" : tp + " must discard " + left + " (Remix)";
  } else if (!over && n_tasks == 0 && reactions.open()) {
    const int g = gamble_guesser();
    prompt = g == viewer ? tp + " put a card face down: guess odd or even (Gamble; wrong, and they draw a card)" : l.seat(g) + " guesses odd or even for " + (turn_player_ == viewer ? std::string("your") : tp + "'s") + " face-down card (Gamble)";
  } else if (!over && n_tasks == 0 && (pending == Pending::kRewriteChoice || pending == Pending::kSellChoice || pending == Pending::kTrendsetChoice) && n_looked > 0) {
    // The cards looked at, top first, named to those who know them.
    std::string cards;
    for (int i = 0; i < n_looked; ++i) {
      const bool knows = viewer >= 0 && ((looked_seen[i] >> viewer) & 1u);
      cards += (i ? ", " : "") + (knows ? c.name[looked[i]] : std::string("a card"));
    }
    const bool mine = turn_player_ == viewer;
    if (pending == Pending::kTrendsetChoice) {
      prompt = mine ? "Trendset: you look at " + cards + " (top first) off the Minion deck; buy, top or bottom each, one at a time"
                    : tp + " decides where the cards they look at off the Minion deck go (Trendset)";
    } else if (pending == Pending::kRewriteChoice) {
      prompt = mine ? "Rewrite: you look at " + cards + " (top first); keep the lowest, " + c.name[looked[n_looked - 1]] + ", on top, or discard it"
                    : tp + " decides which of the cards they look at to discard (Rewrite)";
    } else {
      prompt = mine ? "Sell: you look at " + cards + " (top first); put one into your hand, the other stays on top" : tp + " puts one of the cards they look at into their hand (Sell)";
    }
  } else if (!over && n_tasks == 0 && pending == Pending::kReturnUpgrade) {
    prompt = turn_player_ == viewer ? "Your Supercomputer holds " + std::to_string(c.upgrade_slots + 1) + " Upgrades: return one to the bottom of the Upgrade deck"
                                    : tp + " must return an Upgrade to the Upgrade deck (the Supercomputer is full)";
  }
  l.prompt(prompt);

  for (int p = 0; p < c.players; ++p) {
    const PlayerState& pl = players[p];
    const std::string n = std::to_string(p);
    const bool own = p == viewer;
    l.hand(p, pl.hand.size(), own ? faces(c, pl.hand) : partly_hidden(c, pl.hand, pl.hand_public));
    l.zone("frozen-" + n, l.whose(p) + " frozen cards (next turn)", "hand", Role::kHand, p, pl.frozen.size(), own ? faces(c, pl.frozen) : partly_hidden(c, pl.frozen, pl.frozen_public));
    Json& deck = l.draw_pile("deck-" + n, l.whose(p) + " deck", p, pl.deck.size());
    // Known places: a card the viewer was not shown is a back there.
    Json top = Json(Json::Array{});
    Json bottom = Json(Json::Array{});
    each_known_card(pl.deck, p, viewer, [&](uint8_t card, int from_bottom, bool seen) {
      (from_bottom > pl.deck.known() ? top : bottom).push_back(seen ? face(c, card) : card_back());
    });
    deck["top"] = top;
    deck["bottom"] = bottom;
    if (own) {
      Multiset<kPileCap> contents;
      for (int i = 0; i < pl.deck.n_top; ++i) contents.add(pl.deck.top[i]);
      for (int i = 0; i < pl.deck.n; ++i) contents.add(pl.deck.c[i]);
      deck["contents"] = faces(c, contents);
    }
      l.zone("discard-" + n, l.whose(p) + " discard pile", "pile", Role::kDiscard, p, pl.discard.size(), faces(c, pl.discard));
    l.zone("in-play-" + n, l.whose(p) + " cards in play", "row", Role::kPlay, p, pl.in_play.size(), faces(c, pl.in_play));
    l.zone("bought-" + n, l.whose(p) + " cards bought this turn", "row", Role::kPlay, p, pl.bought.size(), faces(c, pl.bought));
    l.zone("stash-" + n, l.whose(p) + " Stash", "row", Role::kPlay, p, pl.stash.size(), faces(c, pl.stash));
    Json ups = Json(Json::Array{});
    for (const uint8_t u : pl.upgrades) {
      Json f = face(c, u);
      ups.push_back(Face(f).flag("used", (pl.upgrades_used >> crew_of(u)) & 1u));
    }
    for (const uint8_t u : pl.upgrades_pending) {
      Json f = face(c, u);
      f["pending"] = true;
      ups.push_back(f);
    }
    l.zone("supercomputer-" + n, l.whose(p) + " Supercomputer", "row", Role::kPlay, p, pl.upgrades.size() + pl.upgrades_pending.size(), ups);
    Json won_cards = Json(Json::Array{});
    for (int crew = 0; crew < c.crews; ++crew) {
      if (won_by[crew] == p) won_cards.push_back(villain_face(c, crew));
    }
    l.zone("won-" + n, l.whose(p) + " Supervillains won", "pile", Role::kScore, p, pl.won, won_cards);
    if (c.chaos_spells) {
      // Private: the owner sees the spells, the others their number and what they saw go in.
      l.zone("spell-book-" + n, l.whose(p) + " spell book", "row", Role::kHand, p, pl.spell_book.size(), own ? faces(c, pl.spell_book) : partly_hidden(c, pl.spell_book, pl.spell_book_public));
      l.zone("spells-aside-" + n, l.whose(p) + " Chaos Spells for next turn", "row", Role::kHand, p, pl.spells_aside.size(), own ? faces(c, pl.spells_aside) : partly_hidden(c, pl.spells_aside, pl.spells_aside_public));
    }
  }
  Json slots = Json(Json::Array{});
  for (int i = 0; i < kSupervillainSlots; ++i) {
    if (supervillain_slot[i] < 0) continue;
    Json f = villain_face(c, supervillain_slot[i]);
    f["slot"] = i + 1;
    slots.push_back(f);
  }
  l.zone("supervillains", "Secret Supervillains", "row", Role::kBoard, -1, static_cast<int>(slots.as_array("slots").size()), slots);
  Json danger = Json(Json::Array{});
  for (int crew = 0; crew < c.crews; ++crew) {
    if (danger_zone & (1u << crew)) danger.push_back(villain_face(c, crew));
  }
  l.zone("danger-zone", "Danger Zone", "row", Role::kBoard, -1, static_cast<int>(danger.as_array("danger").size()), danger);
  l.draw_pile("supervillain-deck", "Supervillain deck", -1, __builtin_popcount(supervillain_deck));
  for (int crew = 0; crew < c.crews; ++crew) {
    if (!supervillain_revealed(crew)) continue;
    for (int p = 0; p < (c.teams ? 2 : c.players); ++p) {
      l.zone("attached-" + std::to_string(crew) + "-" + std::to_string(p), "Minions attached to " + c.crew[static_cast<size_t>(crew)].supervillain + " by " + side_owner(c, p, viewer), "row", Role::kBoard, p, attached[crew][p].size(), faces(c, attached[crew][p]));
    }
  }
  Json row_cards = Json(Json::Array{});
  int in_row = 0;
  for (int i = 0; i < kRowSlots; ++i) {
    if (row[i] == kNoCard) continue;
    Json f = face(c, row[i]);
    f["slot"] = i + 1;
    row_cards.push_back(f);
    ++in_row;
  }
  l.zone("minion-row", "Minion row", "row", Role::kMarket, -1, in_row, row_cards);
  Json& md = l.draw_pile("minion-deck", "Minion deck", -1, minion_deck.size());
  Json md_bottom = Json(Json::Array{});
  for (int k = 0; k < minion_deck.known(); ++k) md_bottom.push_back(sees_minion_bottom(k, viewer) ? face(c, minion_deck.c[minion_deck.n_unknown + k]) : card_back());
  md["bottom"] = md_bottom;
  // Its known top (Trendset's kept cards), only when there is one: a back where the viewer was not shown it.
  if (minion_deck.n_top > 0) {
    Json top = Json(Json::Array{});
    for (int i = 0; i < minion_deck.n_top; ++i) top.push_back(sees_minion_top(i, viewer) ? face(c, minion_deck.top[i]) : card_back());
    md["top"] = top;
  }
  Json ur = Json(Json::Array{});
  if (upgrade_row != kNoCard) ur.push_back(face(c, upgrade_row));
  l.zone("upgrade-row", "Upgrade for sale", "row", Role::kMarket, -1, upgrade_row == kNoCard ? 0 : 1, ur);
  Json& ud = l.draw_pile("upgrade-deck", "Upgrade deck", -1, upgrade_deck.size());
  ud["bottom"] = known_bottom(c, upgrade_deck);
  Json scaredy = Json(Json::Array{});
  for (int i = 0; i < scaredy_left; ++i) scaredy.push_back(face(c, kScaredyBot));
  l.zone("scaredy-bots", "Scaredy Bots for sale", "pile", Role::kMarket, -1, scaredy_left, scaredy);
  if (c.explodey_pile > 0) {
    Json explodey = Json(Json::Array{});
    for (int i = 0; i < explodey_left; ++i) explodey.push_back(face(c, kExplodeyBot));
    l.zone("explodey-bots", "Explodey Bots for Experiment", "pile", Role::kSupply, -1, explodey_left, explodey);
  }
  if (c.chaos_spells) {
    Json& cd = l.draw_pile("chaos-spell-deck", "Chaos Spell deck", -1, chaos_deck.size());
    cd["bottom"] = known_bottom(c, chaos_deck);
  }
  l.zone("expelled", "Expelled", "pile", Role::kSupply, -1, expelled.size(), faces(c, expelled));
  if (n_looked > 0) {
    // Rewrite's or Sell's cards off the top of the turn player's deck (Trendset's
    // off the Minion deck), top first: the choice's actions name this zone.
    Json cards = Json(Json::Array{});
    for (int i = 0; i < n_looked; ++i) cards.push_back(viewer >= 0 && ((looked_seen[i] >> viewer) & 1u) ? face(c, looked[i]) : card_back());
    const std::string title = minion_look() ? l.whose(turn_player_) + " cards looked at off the Minion deck (top first)" : l.whose(turn_player_) + " cards looked at (top first)";
    l.zone("looked", title, "row", Role::kReveal, turn_player_, n_looked, cards);
  }
  const PlayerState& mover = players[turn_player_];
  l.counter("Turn", turn, Measure::kTrack, -1, c.max_turns);
  // The Climb's goal (the Supervillains goal already has its counter).
  if (c.climb_goal != ClimbGoal::kNone && c.climb_goal != ClimbGoal::kSupervillains) {
    const char* what = c.climb_goal == ClimbGoal::kClear ? "Minions drawn from the Minion deck" : c.climb_goal == ClimbGoal::kReputation ? "Reputation owned" : "Upgrades";
    l.counter(std::string("Goal: ") + what, climb_progress(), Measure::kScore, 0, c.climb_target);
  }
  // In the Classic a team's Supervillains count together: each player's counter shows the team's.
  for (int p = 0; p < c.players && c.supervillains; ++p) l.counter(c.teams ? "Team Supervillains won" : "Supervillains won", side_won(side(p)), Measure::kScore, p, c.supervillains_to_win);
  for (int crew = 0; crew < c.crews; ++crew) {
    if (!supervillain_revealed(crew)) continue;
    for (int p = 0; p < (c.teams ? 2 : c.players); ++p) {
      Json& r = l.counter((c.teams ? "Team reputation on " : "Reputation on ") + c.crew[static_cast<size_t>(crew)].supervillain, reputation(crew, p), Measure::kScore, p, c.win_reputation);
      r["supervillain"] = c.crew[static_cast<size_t>(crew)].supervillain;
      r["danger"] = c.danger_reputation;
    }
  }
  l.counter("Power", mover.power, Measure::kResource, turn_player_);
  if (hack_power) l.counter("Power for an Upgrade (Hack)", hack_power, Measure::kResource, turn_player_);
  for (int a = kNoAbility + 1; a < kNumAbilities; ++a) {
    if (mover.tokens[a]) l.counter(ability_name(a), mover.tokens[a], Measure::kResource, turn_player_);
  }
  Json out = l.build();
  // A pupated card shows its doubled power wherever it lies face up.
  if (pupated[0] | pupated[1] | haggled[0] | haggled[1]) {
    Json marked = Json(Json::Array{});
    for (const Json& z : out.at("zones", "layout").as_array("zones")) {
      Json zz = z;
      Json cards = Json(Json::Array{});
      for (const Json& f : z.at("cards", "zone").as_array("cards")) {
        Json ff = f;
        const Json* nm = f.find("name");
        const int card = nm && nm->is_string() ? c.card_from_name(nm->as_string("name")) : -1;
        if (card >= 0 && is_pupated(card)) {
          ff["pupated"] = true;
          ff["power"] = modified_power(turn_player_, card);
        }
        if (card >= 0 && is_haggled(card)) {  // and a haggled one its cost this turn
          ff["haggled"] = true;
          ff["cost"] = cost(card);
        }
        cards.push_back(ff);
      }
      zz["cards"] = cards;
      marked.push_back(zz);
    }
    out["zones"] = marked;
  }
  return out;
}

Json State::action_info(Action a) const {
  const Config& c = *cfg;
  Json j = Json(Json::Object{});
  const int p = turn_player_;
  const std::string n = std::to_string(p);
  auto card_in = [&](int card, const std::string& zone_id) {
    if (card >= 0 && card < kCardIds && c.valid_card(card)) j["card"] = c.name[static_cast<size_t>(card)];
    j["zone"] = zone_id;
  };
  if (a >= kChanceChaos) {
    j["zone"] = "minion-row";
  } else if (a >= kChanceSupervillain) {
    const int crew = a - kChanceSupervillain;
    if (crew < c.crews) j["supervillain"] = c.crew[static_cast<size_t>(crew)].supervillain;
    j["zone"] = "supervillain-deck";
  } else if (a >= kChanceCard) {
    const TaskKind k = n_tasks > 0 ? tasks[0].kind : TaskKind::kDrawHand;
    const std::string from = k == TaskKind::kRefillRow || k == TaskKind::kGainMinion || k == TaskKind::kLookTrendset ? "minion-deck"
                             : k == TaskKind::kRefillUpgrade                      ? "upgrade-deck"
                             : k == TaskKind::kDrawSpell                          ? "chaos-spell-deck"
                                                                                  : "deck-" + std::to_string(n_tasks > 0 ? tasks[0].player : 0);
    card_in(a - kChanceCard, from);
  } else if (a >= kCastSpell_) {
    card_in(kChaosSpellBase + (a - kCastSpell_), "spell-book-" + n);
  } else if (a == kDiscombobulate_) {
    j["zone"] = "chaos-spell-deck";
  } else if (a > kTrendsetBottomLower) {
    j["zone"] = "deck-" + n;  // room left in the look block: no move
  } else if (a >= kTrendsetBuyUpper) {
    const int i = (a - kTrendsetBuyUpper) % 2 == 1 ? 1 : 0;
    if (i < n_looked) card_in(looked[i], "looked");
  } else if (a == kTrendset_) {
    j["zone"] = "minion-deck";
  } else if (a >= kSell_) {
    card_in(a - kSell_, "hand-" + n);
  } else if (a == kSellTakeFirst || a == kSellTakeSecond) {
    const int i = a == kSellTakeFirst ? 0 : 1;
    if (i < n_looked) card_in(looked[i], "looked");
  } else if (a == kRewriteKeep || a == kRewriteDiscard) {
    if (n_looked > 0) card_in(looked[n_looked - 1], "looked");
  } else if (a >= kLook_) {
    j["zone"] = "deck-" + n;
  } else if (a == kGambleOdd || a == kGambleEven) {
    j["guess"] = a == kGambleOdd ? "odd" : "even";
  } else if (a >= kGamble_) {
    card_in(a - kGamble_, "hand-" + n);
  } else if (a >= kRepeat_) {
    j["ability"] = ability_name(a - kRepeat_);
  } else if (a == kExperiment_) {
    card_in(kExplodeyBot, explodey_left > 0 ? "explodey-bots" : "expelled");
  } else if (a == kHackUpgrade) {
    card_in(upgrade_row, "upgrade-row");
  } else if (a == kHackPower) {
    j["power"] = 2;
  } else if (a == kEngineerUpgrade) {
    card_in(upgrade_row, "upgrade-row");
  } else if (a >= kEngineer_) {
    card_in(a - kEngineer_, "hand-" + n);
  } else if (a >= kExpedite_) {
    card_in(a - kExpedite_, "bought-" + n);
  } else if (a >= kHaggle_) {
    card_in(a - kHaggle_, "minion-row");
  } else if (a >= kRemix_) {
    card_in(a - kRemix_, "hand-" + n);
  } else if (a >= kGust_) {
    int slots[kRowSlots];
    const int k = gust_slots(a, slots);
    Json cards = Json(Json::Array{});
    for (int i = 0; i < k; ++i) cards.push_back(c.name[row[slots[i]]]);
    j["cards"] = cards;  // in the order they go under the Minion deck
    j["zone"] = "minion-row";
  } else if (a >= kPullTop && a <= kPullLeave) {
    // The card Pull looked at, for its owner's table only.
    const PlayerDeck& d = players[p].deck;
    if (pending == Pending::kPullChoice && !d.empty()) card_in(d.n > 0 ? d.c[d.n - 1] : d.top[d.n_top - 1], "deck-" + n);
  } else if (a >= kProphecize_ && a < kProphecize_ + kProphecyNumbers) {
    j["zone"] = "deck-" + n;
    j["number"] = static_cast<int>(a - kProphecize_);
  } else if (a >= kCrewsD_) {
    j["zone"] = "deck-" + n;
  } else if (a >= kSnoozeRow_) {
    card_in(a - kSnoozeRow_, "minion-row");
  } else if (a >= kSnooze_) {
    card_in(a - kSnooze_, "hand-" + n);
  } else if (a >= kPupate_) {
    card_in(a - kPupate_, "in-play-" + n);
  } else if (a >= kConsume_) {
    card_in(a - kConsume_, "hand-" + n);
  } else if (a >= kFroth_) {
    card_in(a - kFroth_, "discard-" + n);
  } else if (a >= kReturnUpgrade || (a >= kActivate && a < kReturnUpgrade)) {
    card_in(kUpgradeBase + a - (a >= kReturnUpgrade ? kReturnUpgrade : kActivate), "supercomputer-" + n);
  } else if (a == kReplicateLeftmost) {
    for (const uint8_t card : row) {
      if (card != kNoCard) {
        card_in(card, "minion-row");
        break;
      }
    }
  } else if (a >= kReplicateCopy && a < kReplicateLeftmost) {
    j["ability"] = ability_name(a - kReplicateCopy);
  } else if (a >= kBountySwap && a < kReplicateCopy) {
    const int slot = (a - kBountySwap) / kStashSize;
    const int k = (a - kBountySwap) % kStashSize;
    if (slot < kRowSlots && row[slot] != kNoCard) card_in(row[slot], "minion-row");
    if (k < players[p].stash.size()) j["given"] = c.name[players[p].stash.c[k]];
  } else if (a >= kBounty_ && a < kBountySwap) {
    card_in(a - kBounty_, "minion-row");
  } else if (a >= kDiscardForFetch && a < kBounty_) {
    card_in(a - kDiscardForFetch, "hand-" + n);
  } else if (a >= kIncinerateDiscard && a < kDiscardForFetch) {
    card_in(a - kIncinerateDiscard, "discard-" + n);
  } else if (a >= kIncinerateHand && a < kIncinerateDiscard) {
    card_in(a - kIncinerateHand, "hand-" + n);
  } else if (a >= kHarvest_ && a < kIncinerateHand) {
    card_in(a - kHarvest_, "discard-" + n);
  } else if (a >= kTransfer_ && a < kHarvest_) {
    card_in(a - kTransfer_, "discard-" + n);
  } else if (a >= kBuy && a < kTransfer_) {
    const int card = a - kBuy;
    const std::string from = card == kScaredyBot ? "scaredy-bots" : is_upgrade(card) ? "upgrade-row" : players[p].stash.contains(static_cast<uint8_t>(card)) ? "stash-" + n : "minion-row";
    card_in(card, from);
  } else if (a >= kAttach && a < kBuy) {
    card_in(a - kAttach, "hand-" + n);
  } else if (a >= kPlay && a < kAttach) {
    card_in(a - kPlay, "hand-" + n);
  }
  if ((a >= kAttach && a < kBuy) || (a >= kTransfer_ && a < kHarvest_)) {
    const int card = a - (a < kBuy ? kAttach : kTransfer_);
    if (is_minion(card) && crew_of(card) < c.crews) j["supervillain"] = c.crew[static_cast<size_t>(crew_of(card))].supervillain;
  }
  return j;
}

}  // namespace henchmen::sss
