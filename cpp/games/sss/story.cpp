// Seven Secret Supervillains: the events of the rules (see story.h).
#include "games/sss/story.h"

#include "core/card_json.h"

namespace henchmen::sss::story {

namespace {

const char* const kOrdinals[] = {"zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"};

std::string ordinal(int n) { return n >= 0 && n <= 9 ? kOrdinals[n] : std::to_string(n) + "th"; }
std::string cards_word(int n) { return n == 1 ? "card" : "cards"; }

const std::string& villain(const State& s, int crew) { return s.cfg->crew[static_cast<size_t>(crew)].supervillain; }
const std::string& name(const State& s, int card) { return s.cfg->name[static_cast<size_t>(card)]; }

// A pile as card names, and a move fact per card from one zone to another.
template <class Pile>
Json names(const State& s, const Pile& pile) {
  return card_names(*s.cfg, pile);
}
template <class Pile>
void move_each(Event& e, const Pile& pile, int from, int to) {
  for (const uint8_t c : pile) e.fact(CardFact::move(from, to, c));
}

int zone(int player, int which) { return seat_zone(player, which); }

// Keeping the Explodey Bot shows it (State::start_cleanup makes the kept
// hand public). One drawn unseen (Sell discards one; a reshuffle deals it
// back into the deck) is seen now, and the hand is said to hold nothing
// else: without these facts a reader's worlds could deal that hand another
// card while hand_public names an Explodey Bot (resample() then gave
// positions validate() refused). Kept ones already public need no fact.
void kept_explodey_shown(Event& e, const State& s, int player) {
  const PlayerState& pl = s.players[player];
  const int hand = zone(player, kHandZone);
  const int unseen = pl.hand.count(kExplodeyBot) - pl.hand_public.count(kExplodeyBot);
  if (unseen <= 0) return;
  for (int i = 0; i < unseen; ++i) e.fact(CardFact::see(hand, kExplodeyBot, Pos::kAny));
  // "Nothing else" decides what a sighting alone leaves open (a known
  // Explodey Bot beside an unseen one, ghosts of ambiguous discards).
  std::vector<int> others;
  for (int c = 0; c < kCardIds; ++c) {
    if (c != kExplodeyBot) others.push_back(c);
  }
  e.fact(CardFact::none_of(hand, others));
}

}  // namespace

void setup(Events& ev, const State& s) {
  const Config& c = *s.cfg;
  Event e("setup", std::string("The Minion deck ({minions} Minions), the Upgrade deck") + (c.supervillains ? " and the Supervillain deck are" : " are") + " shuffled; each player shuffles a deck of 8 Tiny Bots and 2 Junky Bots; {scaredy} Scaredy Bots wait for sale");
  e.with("minions", c.crews * kMinionsPerCrew).with("scaredy", c.scaredy_bots);
  for (int crew = 0; crew < c.crews; ++crew) {
    for (int r = 1; r <= kMinionsPerCrew; ++r) e.fact(CardFact::place(kMinionDeckZone, minion_id(crew, r)));
    e.fact(CardFact::place(kUpgradeDeckZone, kUpgradeBase + crew));
    if (c.supervillains) e.fact(CardFact::place(kSupervillainDeckZone, supervillain_card(crew)));
  }
  e.fact(CardFact::shuffle(kMinionDeckZone)).fact(CardFact::shuffle(kUpgradeDeckZone)).fact(CardFact::shuffle(kSupervillainDeckZone));
  for (int n = 0; n < c.scaredy_bots; ++n) e.fact(CardFact::place(kScaredyZone, kScaredyBot));
  if (c.explodey_pile > 0) {
    e.text += "; {explodey} Explodey Bots wait for Experiment";
    e.with("explodey", c.explodey_pile);
    for (int n = 0; n < c.explodey_pile; ++n) e.fact(CardFact::place(kExplodeyZone, kExplodeyBot));
  }
  if (c.chaos_spells) {
    e.text += "; the {spells} Chaos Spells are shuffled face down into the Chaos Spell deck";
    e.with("spells", kChaosSpells);
    for (int n = 0; n < kChaosSpells; ++n) e.fact(CardFact::place(kChaosDeckZone, kChaosSpellBase + n));
    e.fact(CardFact::shuffle(kChaosDeckZone));
  }
  for (int p = 0; p < c.players; ++p) {
    for (int n = 0; n < 8; ++n) e.fact(CardFact::place(zone(p, kDeckZone), kTinyBot));
    for (int n = 0; n < 2; ++n) e.fact(CardFact::place(zone(p, kDeckZone), kJunkyBot));
    e.fact(CardFact::shuffle(zone(p, kDeckZone)));
  }
  ev.add(e);
  for (int p = 0; p < c.players; ++p) {
    const int n = c.explodey[p];
    if (n == 0) continue;
    Event bot("explodey", n == 1 ? "{P} {start|starts} with the Explodey Bot in {your|their} hand, where everyone can see it"
                                 : "{P} {start|starts} with {count} Explodey Bots in {your|their} hand, where everyone can see them",
              p);
    bot.with("card", name(s, kExplodeyBot)).with("count", n);
    for (int i = 0; i < n; ++i) bot.fact(CardFact::place(zone(p, kHandZone), kExplodeyBot));
    ev.add(bot);
  }
}

void drawn(Events& ev, const State& s, TaskKind kind, int player, int card, bool known) {
  const bool freeze = kind == TaskKind::kDrawFreeze;
  const int to = zone(player, freeze ? kFrozenZone : kHandZone);
  const std::string what = freeze ? "freeze" : "draw";
  const char* verb = freeze ? "{P} {freeze|freezes} " : "{P} {draw|draws} ";
  const char* tail = freeze ? " for next turn" : "";
  Event mine(what, std::string(verb) + "{card}" + tail + (known ? " (a known card)" : ""), player);
  mine.with("card", name(s, card)).with("known", known).fact(CardFact::move(zone(player, kDeckZone), to, card, Pos::kTop));
  if (kind == TaskKind::kDrawFetch) mine.with("reason", "Fetch");
  if (kind == TaskKind::kDrawRemix) mine.with("reason", "Remix");
  if (kind == TaskKind::kDrawGamble) mine.with("reason", "Gamble");
  if (known) {
    ev.add(mine);  // it lay where everyone saw it go: everyone knows it
    return;
  }
  Event others(what, std::string(verb) + "a card" + tail, player);
  if (kind == TaskKind::kDrawFetch) others.with("reason", "Fetch");
  if (kind == TaskKind::kDrawRemix) others.with("reason", "Remix");
  if (kind == TaskKind::kDrawGamble) others.with("reason", "Gamble");
  ev.add_private(player, mine, others);
}

void row_refilled(Events& ev, const State& s, int slot, int card) {
  Event e("refill", "{card} joins the Minion row (cost {cost})");
  e.with("card", name(s, card)).with("slot", slot + 1).with("cost", s.cost(card));  // a Haggle's replacement: its cost this turn
  e.fact(CardFact::move(kMinionDeckZone, kMinionRowZone, card, Pos::kTop));
  ev.add(e);
}

void upgrade_refilled(Events& ev, const State& s, int card) {
  Event e("refill-upgrade", "{card} is the Upgrade for sale (cost {cost})");
  e.with("card", name(s, card)).with("cost", s.cfg->health[static_cast<size_t>(card)]);
  e.fact(CardFact::move(kUpgradeDeckZone, kUpgradeRowZone, card, Pos::kTop));
  ev.add(e);
}

void supervillain_revealed(Events& ev, const State& s, int slot, int crew) {
  Event e("reveal", "{supervillain} is revealed ({crew})");
  e.with("supervillain", villain(s, crew)).with("crew", s.cfg->crew[static_cast<size_t>(crew)].name).with("slot", slot + 1);
  e.fact(CardFact::move(kSupervillainDeckZone, kSupervillainSlotsZone, supervillain_card(crew), Pos::kTop));
  ev.add(e);
}

void reshuffled(Events& ev, const State& s, int player) {
  const auto& discard = s.players[player].discard;
  Event e("reshuffle", "{P} {shuffle|shuffles} {your|their} discard pile ({count} " + cards_word(discard.size()) + ") into a new deck", player);
  e.with("count", discard.size()).with("cards", names(s, discard));
  e.fact(CardFact::move_all(zone(player, kDiscardZone), zone(player, kDeckZone))).fact(CardFact::shuffle(zone(player, kDeckZone)));
  ev.add(e);
}

void thawed(Events& ev, const State& s, int player) {
  const PlayerState& pl = s.players[player];
  if (!pl.spells_aside.empty()) {
    const int n = pl.spells_aside.size();
    const std::string head = std::string("{P} {add|adds} {count} Chaos ") + (n == 1 ? "Spell" : "Spells") + " to {your|their} spell book";
    Event mine("spell-book", head + ": {cards}", player);
    mine.with("count", n).with("cards", names(s, pl.spells_aside)).fact(CardFact::move_all(spells_aside_zone(player), spell_book_zone(player)));
    Event others("spell-book", head + (pl.spells_aside_public.empty() ? "" : ", among them {known}"), player);
    others.with("count", n).with("known", names(s, pl.spells_aside_public)).fact(CardFact::move_all(spells_aside_zone(player), spell_book_zone(player)));
    ev.add_private(player, mine, others);
  }
  if (pl.frozen.empty()) return;
  const int n = pl.frozen.size();
  const std::string head = "{P} {take|takes} {count} frozen " + cards_word(n) + " into {your|their} hand";
  Event mine("thaw", head + ": {cards}", player);
  mine.with("count", n).with("cards", names(s, pl.frozen)).fact(CardFact::move_all(zone(player, kFrozenZone), zone(player, kHandZone)));
  Event others("thaw", head + (pl.frozen_public.empty() ? "" : ", among them {known}"), player);
  others.with("count", n).with("known", names(s, pl.frozen_public)).fact(CardFact::move_all(zone(player, kFrozenZone), zone(player, kHandZone)));
  ev.add_private(player, mine, others);
}

void turn_started(Events& ev, const State& s) {
  ev.add(Event("turn", "Turn {turn}: {p's} turn", s.turn_player()).with("turn", static_cast<int>(s.turn)));
}

void turn_limit(Events& ev, const State& s) {
  const Config& c = *s.cfg;
  const std::string head = "The turn limit (" + std::to_string(c.max_turns) + " turns) is reached: ";
  if (s.winner < 0) {
    ev.add(Event("game-over", head + "a draw").with("reason", "turn limit"));
    return;
  }
  const int w = s.winner;
  // By side: the Classic's two teams stand at seats 0 and 1.
  const int sides = c.teams ? 2 : c.players;
  int rep[kMaxPlayers] = {};
  int won[kMaxPlayers] = {};
  for (int p = 0; p < sides; ++p) {
    for (int crew = 0; crew < c.crews; ++crew) rep[p] += s.reputation(crew, p);
    won[p] = s.side_won(p);
  }
  // The runner-up: the best of the others, as the turn-limit result ranks them.
  int q = -1;
  for (int p = 0; p < sides; ++p) {
    if (p != w && (q < 0 || won[p] * 1000 + rep[p] > won[q] * 1000 + rep[q])) q = p;
  }
  const bool by_won = won[w] != won[q];
  const std::string who = c.teams ? "{P} and player " + std::to_string(w + 3) + " win" : "{P} {win|wins}";
  Event e("game-over", head + who + " with more " + (by_won ? "Supervillains won" : "reputation attached") + " ({mine} to {theirs})", w);
  e.with("reason", "turn limit").with("mine", by_won ? won[w] : rep[w]).with("theirs", by_won ? won[q] : rep[q]);
  ev.add(e);
}

void attached(Events& ev, const State& s, int player, int card, int from, int reputation, bool wins) {
  const int crew = crew_of(card);
  const bool from_discard = from == zone(player, kDiscardZone);
  std::string text = "{P} {attach|attaches} {card}" + std::string(from_discard ? " from {your|their} discard pile" : "") + " to {supervillain} ({reputation} reputation)";
  if (wins) text += ": {you win|wins} {supervillain} ({won} of {needed})";
  Event e("attach", text, player);
  e.with("card", name(s, card)).with("supervillain", villain(s, crew)).with("reputation", reputation);
  if (wins) e.with("won", s.side_won(s.side(player)) + 1).with("needed", s.cfg->supervillains_to_win);
  e.fact(CardFact::move(from, attached_zone(crew, s.side(player)), card));
  ev.add(e);
}

void won(Events& ev, const State& s, int player, int crew) {
  const Config& c = *s.cfg;
  const bool from_danger = (s.danger_zone >> crew) & 1u;
  Json gone = Json(Json::Array{});
  int count = 0;
  Event e("win", "", player);
  for (int p = 0; p < c.players; ++p) {
    for (const uint8_t m : s.attached[crew][p]) {
      gone.push_back(name(s, m));
      ++count;
    }
    if (!s.attached[crew][p].empty()) e.fact(CardFact::move_all(attached_zone(crew, p), kExpelledZone));
  }
  e.text = "The " + std::to_string(count) + " Minion" + (count == 1 ? "" : "s") + " attached to {supervillain} " + (count == 1 ? "is" : "are") + " expelled" +
           (from_danger ? "; its place in the Danger Zone is not refilled" : "");
  e.with("supervillain", villain(s, crew)).with("expelled", gone).with("from_danger_zone", from_danger);
  e.fact(CardFact::move(from_danger ? kDangerZoneZone : kSupervillainSlotsZone, zone(player, kWonZone), supervillain_card(crew)));
  ev.add(e);
}

void danger_zone(Events& ev, const State& s, int player, int crew, int reputation) {
  Event e("danger-zone", "{supervillain} moves to the Danger Zone ({reputation} reputation)", player);
  e.with("supervillain", villain(s, crew)).with("reputation", reputation);
  e.fact(CardFact::move(kSupervillainSlotsZone, kDangerZoneZone, supervillain_card(crew)));
  ev.add(e);
}

void game_won(Events& ev, const State& s, int player) {
  const int n = s.cfg->supervillains_to_win;
  const std::string team = s.cfg->teams ? " for {your|their} team with player " + std::to_string((player + 2) % 4 + 1) : "";
  ev.add(Event("game-over", "Game over: {P} {win|wins} a " + ordinal(n) + " Supervillain" + team, player).with("reason", "supervillains").with("won", n));
}

void played(Events& ev, const State& s, int card) {
  const int p = s.turn_player();
  const int ability = s.cfg->ability[static_cast<size_t>(card)];
  const bool explodes = card == kExplodeyBot;
  std::string text = "{P} {play|plays} {card}: +{power} power";
  if (s.is_pupated(card)) text += " (its base power doubled by Pupate)";
  if (ability != kNoAbility) text += ", {ability}";
  if (explodes) text += "; it explodes and is expelled";
  Event e("play", text, p);
  e.with("card", name(s, card)).with("power", s.modified_power(p, card));
  if (ability != kNoAbility) e.with("ability", ability_name(ability));
  e.fact(CardFact::move(zone(p, kHandZone), explodes ? kExpelledZone : zone(p, kInPlayZone), card));
  ev.add(e);
}

void bought(Events& ev, const State& s, int card) {
  const int p = s.turn_player();
  const PlayerState& me = s.players[p];
  const int cost = s.cfg->health[static_cast<size_t>(card)];
  Event e("buy", "{P} {buy|buys} {card} for {cost} power", p);
  e.with("card", name(s, card)).with("cost", cost);
  if (card == kScaredyBot) {
    e.text += " ({left} left)";
    e.with("left", s.scaredy_left - 1).fact(CardFact::move(kScaredyZone, zone(p, kBoughtZone), card));
  } else if (is_upgrade(card)) {
    if (me.upgrades.size() + me.upgrades_pending.size() + 1 > s.cfg->upgrade_slots) e.text += ": one Upgrade must go back to the Upgrade deck";
    e.fact(CardFact::move(kUpgradeRowZone, zone(p, kUpgradesPendingZone), card));
  } else if (me.stash.contains(static_cast<uint8_t>(card))) {
    e.text += " from {your|their} Stash";
    e.fact(CardFact::move(zone(p, kStashZone), zone(p, kBoughtZone), card));
  } else {
    e.fact(CardFact::move(kMinionRowZone, zone(p, kBoughtZone), card));
  }
  ev.add(e);
}

void cleanup(Events& ev, const State& s, int player) {
  const PlayerState& pl = s.players[player];
  Multiset<kSmallPile> discarded;
  bool keeps = false;
  for (const uint8_t c : pl.hand) {
    if (c == kExplodeyBot) keeps = true;
    else discarded.add(c);
  }
  const int from_play = pl.in_play.size() + pl.bought.size();
  std::string text = "{P} {discard|discards} {your|their} hand";
  text += discarded.empty() ? " (no cards)" : " ({hand})";
  if (from_play > 0) text += " and " + std::to_string(from_play) + " " + cards_word(from_play) + " played or bought";
  if (keeps) text += ", keeping the Explodey Bot";
  if (!pl.upgrades_pending.empty()) text += "; {upgrades} " + std::string(pl.upgrades_pending.size() == 1 ? "joins" : "join") + " {your|their} Supercomputer";
  Event e("cleanup", text, player);
  e.with("hand", names(s, discarded)).with("in_play", names(s, pl.in_play)).with("bought", names(s, pl.bought)).with("kept", keeps);
  e.with("upgrades", names(s, pl.upgrades_pending));
  // Whole piles move as they are; the hand's cards one by one, each shown
  // (its hidden cards become known), the Explodey Bot staying.
  e.fact(CardFact::move_all(zone(player, kInPlayZone), zone(player, kDiscardZone)));
  e.fact(CardFact::move_all(zone(player, kBoughtZone), zone(player, kDiscardZone)));
  move_each(e, discarded, zone(player, kHandZone), zone(player, kDiscardZone));
  if (keeps) kept_explodey_shown(e, s, player);
  e.fact(CardFact::move_all(zone(player, kUpgradesPendingZone), zone(player, kUpgradesZone)));
  ev.add(e);
}

void discombobulated(Events& ev, const State& s, int player) {
  ev.add(Event("discombobulate", "{P} {discombobulate|discombobulates}: a Chaos Spell for {your|their} spell book next turn", player).with("left", static_cast<int>(s.chaos_deck.size())));
}

void spell_taken(Events& ev, const State& s, int player, int card, bool known) {
  const std::string tail = " aside from the Chaos Spell deck for {your|their} spell book (Discombobulate)";
  Event mine("spell-aside", "{P} {set|sets} {card}" + tail + (known ? " (a known card)" : ""), player);
  mine.with("card", name(s, card)).with("known", known).fact(CardFact::move(kChaosDeckZone, spells_aside_zone(player), card, Pos::kTop));
  if (known) {
    ev.add(mine);  // it lay where everyone saw it go: everyone knows it
    return;
  }
  ev.add_private(player, mine, Event("spell-aside", "{P} {set|sets} a Chaos Spell" + tail, player));
}

void spell_cast(Events& ev, const State& s, int player, int card) {
  const Config& c = *s.cfg;
  Event e("spell", "{P} {play|plays} the Chaos Spell {card} from {your|their} spell book; it goes under the Chaos Spell deck", player);
  e.with("card", name(s, card)).with("power", c.power[static_cast<size_t>(card)]);
  const int a = c.ability[static_cast<size_t>(card)];
  if (a != kNoAbility) e.with("ability", ability_name(a));
  e.fact(CardFact::move(spell_book_zone(player), kChaosDeckZone, card, Pos::kAny, Pos::kBottom));
  ev.add(e);
}

void spell_gained(Events& ev, const State& s, int player, int card, int from) {
  Event e("spell-gain", "{P} {gain|gains} {card} into {your|their} discard pile (Chaos Spell)", player);
  e.with("card", name(s, card)).fact(CardFact::move(from, zone(player, kDiscardZone), card, from == kMinionDeckZone ? Pos::kTop : Pos::kAny));
  ev.add(e);
}

void ability_step(Events& ev, const State& s, Action a) {
  const int p = s.turn_player();
  const PlayerState& me = s.players[p];
  auto card_event = [&](const char* kind, const std::string& text, int card) {
    Event e(kind, text, p);
    e.with("card", name(s, card));
    return e;
  };
  if (a >= kProphecize_ && a < kGust_) return s.tell_prophecize(ev, a);
  if (a >= kCrewsD_ && a < kProphecize_) return s.tell_pull(ev, a);
  if (a == kEndTurn) {
    ev.add(Event("end-turn", "{P} {end|ends} {your|their} turn", p));
  } else if (a >= kRepeat_ && a < kGamble_) {
    ev.add(Event("repeat", "{P} {copy|copies} {ability}, the most recent Minion card ability {you|they} used (Repeat)", p).with("ability", ability_name(a - kRepeat_)));
  } else if (a == kExperiment_) {
    const bool from_pile = s.explodey_left > 0;
    Event e = card_event("experiment", std::string("{P} {set|sets} an Explodey Bot ") + (from_pile ? "from the Explodey pile" : "from the expelled cards") + " aside for next turn (Experiment)", kExplodeyBot);
    e.with("from", from_pile ? "pile" : "expelled").with("left", from_pile ? s.explodey_left - 1 : 0);
    e.fact(CardFact::move(from_pile ? kExplodeyZone : kExpelledZone, zone(p, kFrozenZone), kExplodeyBot));
    ev.add(e);
  } else if (a == kHackUpgrade) {
    Event e = card_event("hack-upgrade", "{P} {put|puts} {card} under the Upgrade deck (Hack)", s.upgrade_row);
    e.fact(CardFact::move(kUpgradeRowZone, kUpgradeDeckZone, s.upgrade_row, Pos::kAny, Pos::kBottom));
    ev.add(e);
  } else if (a == kHackPower) {
    ev.add(Event("hack-power", "{P} {gain|gains} 2 power for an Upgrade only (Hack)", p).with("power", 2));
  } else if (a == kEngineerUpgrade) {
    Event e = card_event("engineer-upgrade", "{P} {put|puts} {card} under the Upgrade deck (Engineer)", s.upgrade_row);
    e.fact(CardFact::move(kUpgradeRowZone, kUpgradeDeckZone, s.upgrade_row, Pos::kAny, Pos::kBottom));
    ev.add(e);
  } else if (a >= kEngineer_) {
    const int card = a - kEngineer_;
    Event e = card_event("engineer", "{P} {expel|expels} {card} from {your|their} hand and {gain|gains} a Scaredy Bot (Engineer)", card);
    e.fact(CardFact::move(zone(p, kHandZone), kExpelledZone, card)).fact(CardFact::move(kScaredyZone, zone(p, kDiscardZone), kScaredyBot));
    ev.add(e);
  } else if (a >= kExpedite_) {
    const int card = a - kExpedite_;
    Event e = card_event("expedite", "{P} {put|puts} {card}, bought this turn, on the bottom of {your|their} deck (Expedite)", card);
    e.fact(CardFact::move(zone(p, kBoughtZone), zone(p, kDeckZone), card, Pos::kAny, Pos::kBottom));
    ev.add(e);
  } else if (a >= kHaggle_) {
    const int card = a - kHaggle_;
    Event e = card_event("haggle", "{P} {put|puts} {card} from the Minion row under the Minion deck (Haggle): its replacement costs 2 less this turn", card);
    e.fact(CardFact::move(kMinionRowZone, kMinionDeckZone, card, Pos::kAny, Pos::kBottom));
    ev.add(e);
  } else if (a >= kRemix_) {
    const int card = a - kRemix_;
    Event e = card_event("remix", "{P} {discard|discards} {card} (Remix, {left} to go)", card);
    e.with("left", s.remix_discards_left() == 0 ? 2 : s.remix_discards_left() - 1);
    e.fact(CardFact::move(zone(p, kHandZone), zone(p, kDiscardZone), card));
    ev.add(e);
  } else if (a >= kGust_) {
    int slots[kRowSlots];
    const int k = s.gust_slots(a, slots);
    Event e("gust", "{P} {put|puts} the Minion row under the Minion deck ({cards}, in that order) and {refill|refills} it from the top, left to right (Gust)", p);
    Json cards = Json(Json::Array{});
    for (int i = 0; i < k; ++i) cards.push_back(name(s, s.row[slots[i]]));
    e.with("cards", cards);
    for (int i = 0; i < k; ++i) e.fact(CardFact::move(kMinionRowZone, kMinionDeckZone, s.row[slots[i]], Pos::kAny, Pos::kBottom));
    ev.add(e);
  } else if (a >= kSnoozeRow_) {
    const int card = a - kSnoozeRow_;
    Event e = card_event("snooze-row", "{P} {put|puts} {card} from the Minion row under the Minion deck (Snooze)", card);
    e.fact(CardFact::move(kMinionRowZone, kMinionDeckZone, card, Pos::kAny, Pos::kBottom));
    ev.add(e);
  } else if (a >= kSnooze_) {
    const int card = a - kSnooze_;
    Event e = card_event("snooze", "{P} {set|sets} {card} from {your|their} hand aside for next turn (Snooze)", card);
    e.fact(CardFact::move(zone(p, kHandZone), zone(p, kFrozenZone), card));
    ev.add(e);
  } else if (a >= kPupate_) {
    const int card = a - kPupate_;
    const bool again = s.is_pupated(card);
    Event e = card_event("pupate", std::string("{P} {set|sets} {card} aside for next turn (Pupate): its base power ") + (again ? "stays doubled, once" : "is doubled"), card);
    e.with("power", 2 * s.cfg->power[static_cast<size_t>(card)]).fact(CardFact::move(zone(p, kInPlayZone), zone(p, kFrozenZone), card));
    ev.add(e);
  } else if (a >= kConsume_) {
    const int card = a - kConsume_;
    Event e = card_event("consume", "{P} {expel|expels} {card} from {your|their} hand: +{power} power (Consume)", card);
    e.with("power", s.modified_power(p, card) + 1).fact(CardFact::move(zone(p, kHandZone), kExpelledZone, card));
    ev.add(e);
  } else if (a >= kFroth_) {
    const int card = a - kFroth_;
    Event e = card_event("froth", "{P} {expel|expels} {card} from {your|their} discard pile: +{power} power (Froth)", card);
    e.with("power", s.cfg->power[static_cast<size_t>(card)]).fact(CardFact::move(zone(p, kDiscardZone), kExpelledZone, card));
    ev.add(e);
  } else if (a >= kReturnUpgrade) {
    const int u = kUpgradeBase + a - kReturnUpgrade;
    const int from = me.upgrades.contains(static_cast<uint8_t>(u)) ? kUpgradesZone : kUpgradesPendingZone;
    Event e = card_event("return-upgrade", "{P} {return|returns} {card} to the bottom of the Upgrade deck", u);
    e.fact(CardFact::move(zone(p, from), kUpgradeDeckZone, u, Pos::kAny, Pos::kBottom));
    ev.add(e);
  } else if (a >= kActivate) {
    const int u = kUpgradeBase + a - kActivate;
    const int gain = s.cfg->ability[static_cast<size_t>(u)];
    Event e = card_event("activate", "{P} {activate|activates} {card}: {gain}", u);
    ev.add(e.with("gain", gain == kPowerBoost ? std::string("+1 power") : std::string(ability_name(gain))));
  } else if (a == kFetch_) {
    ev.add(Event("fetch", "{P} {use|uses} Fetch: draw a card, then discard a card", p));
  } else if (a == kFreeze_) {
    ev.add(Event("freeze-use", "{P} {use|uses} Freeze: the top card of {your|their} deck waits for next turn", p));
  } else if (a == kReplicateLeftmost) {
    for (int i = 0; i < kRowSlots; ++i) {
      if (s.row[i] == kNoCard) continue;
      Event e = card_event("replicate", "{P} {put|puts} {card} from the Minion row under the Minion deck (Replicate)", s.row[i]);
      e.fact(CardFact::move(kMinionRowZone, kMinionDeckZone, s.row[i], Pos::kAny, Pos::kBottom));
      ev.add(e);
      break;
    }
  } else if (a >= kReplicateCopy) {
    ev.add(Event("replicate", "{P} {copy|copies} {ability} (Replicate)", p).with("ability", ability_name(a - kReplicateCopy)));
  } else if (a >= kBountySwap) {
    const int slot = (a - kBountySwap) / kStashSize;
    const uint8_t given = me.stash.c[(a - kBountySwap) % kStashSize];
    const uint8_t taken = s.row[slot];
    Event e("bounty", "{P} {swap|swaps} {card} from the Minion row for {given} from {your|their} Stash (Bounty)", p);
    e.with("card", name(s, taken)).with("given", name(s, given));
    e.fact(CardFact::move(kMinionRowZone, zone(p, kStashZone), taken)).fact(CardFact::move(zone(p, kStashZone), kMinionRowZone, given));
    ev.add(e);
  } else if (a >= kBounty_) {
    Event e = card_event("bounty", "{P} {take|takes} {card} from the Minion row into {your|their} Stash (Bounty)", a - kBounty_);
    e.fact(CardFact::move(kMinionRowZone, zone(p, kStashZone), a - kBounty_));
    ev.add(e);
  } else if (a >= kDiscardForFetch) {
    Event e = card_event("fetch-discard", "{P} {discard|discards} {card} (Fetch)", a - kDiscardForFetch);
    e.fact(CardFact::move(zone(p, kHandZone), zone(p, kDiscardZone), a - kDiscardForFetch));
    ev.add(e);
  } else if (a >= kIncinerateDiscard) {
    Event e = card_event("incinerate", "{P} {incinerate|incinerates} {card} from {your|their} discard pile: it is expelled", a - kIncinerateDiscard);
    e.fact(CardFact::move(zone(p, kDiscardZone), kExpelledZone, a - kIncinerateDiscard));
    ev.add(e);
  } else if (a >= kIncinerateHand) {
    Event e = card_event("incinerate", "{P} {incinerate|incinerates} {card} from {your|their} hand: it is expelled", a - kIncinerateHand);
    e.fact(CardFact::move(zone(p, kHandZone), kExpelledZone, a - kIncinerateHand));
    ev.add(e);
  } else if (a >= kHarvest_) {
    Event e = card_event("harvest", "{P} {harvest|harvests} {card}: from {your|their} discard pile to the bottom of {your|their} deck", a - kHarvest_);
    e.fact(CardFact::move(zone(p, kDiscardZone), zone(p, kDeckZone), a - kHarvest_, Pos::kAny, Pos::kBottom));
    ev.add(e);
  } else if (a >= kTransfer_) {
    Event e = card_event("transfer", "{P} {expel|expels} a Scaredy Bot to attach a Minion from {your|their} discard pile (Transfer)", kScaredyBot);
    e.fact(CardFact::move(zone(p, kInPlayZone), kExpelledZone, kScaredyBot));
    ev.add(e);
  }
}

}  // namespace henchmen::sss::story
