// Legendary: the events of the rules (see story.h).
#include "games/legendary/story.h"

namespace henchmen::legendary::story {

namespace {

const char* const kOrdinals[] = {"zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh"};
std::string ordinal(int n) { return n >= 0 && n <= 11 ? kOrdinals[n] : std::to_string(n) + "th"; }
std::string plural(int n, const std::string& one, const std::string& many) { return std::to_string(n) + " " + (n == 1 ? one : many); }

}  // namespace

const std::string& name(const State& s, int card) { return s.cfg->name[static_cast<size_t>(card)]; }

std::string villain_name(const State& s, int card) {
  if (card == kBystander) return "Killbot";
  if (is_hero(card)) return "Skrull " + name(s, card);
  return name(s, card);
}

std::string space_name(const State& s, int space) { return s.cfg->city_name[static_cast<size_t>(space)]; }

CardFact fact(int card, int from, int to, Pos from_pos, Pos to_pos) {
  if (from == kOutside) return CardFact::place(to, card, to_pos);
  if (to == kOutside) return CardFact::remove(from, card, from_pos);
  return CardFact::move(from, to, card, from_pos, to_pos);
}

Event about(const State& s, const char* kind, const std::string& text, int player, int card, int from, int to, Pos from_pos, Pos to_pos) {
  Event e(kind, text, player);
  e.with("card", name(s, card));
  if (from != kOutside || to != kOutside) e.fact(fact(card, from, to, from_pos, to_pos));
  return e;
}

void private_move(Events& ev, const State& s, uint32_t audience, const char* kind, const std::string& text, const std::string& others_text, int player,
                  int other, int card, int from, int to, Pos from_pos, Pos to_pos) {
  Event full = about(s, kind, text, player, card, from, to, from_pos, to_pos);
  full.other = other;
  Event others(kind, others_text, player, other);
  for (const CardFact& f : full.facts) others.fact(f.hidden());
  ev.add(audience, std::move(full), std::move(others));
}

void setup_pick(Events& ev, const State& s, uint8_t op) {
  const Config& c = *s.cfg;
  switch (op) {
    case tSetupMastermind:
      ev.add(Event("setup", "The Mastermind is {mastermind} (Attack {attack})").with("mastermind", c.mastermind_name[static_cast<size_t>(s.mastermind)]).with("attack", s.mastermind_attack()));
      return;
    case tSetupScheme:
      ev.add(Event("setup", "The Scheme is {scheme}").with("scheme", c.scheme[static_cast<size_t>(s.scheme)].name));
      return;
    default: break;
  }
  Json names = Json(Json::Array{});
  std::string what;
  if (op == tSetupVillains) {
    for (int g = 0; g < kVillainGroups; ++g) {
      if (s.villain_groups & (1u << g)) names.push_back(c.group_name[static_cast<size_t>(g)]);
    }
    what = "Villain groups";
  } else if (op == tSetupHenchmen) {
    for (int g = 0; g < kHenchmenGroups; ++g) {
      if (s.henchmen_groups & (1u << g)) names.push_back(c.henchmen_name[static_cast<size_t>(g)]);
    }
    what = "Henchmen";
  } else {
    for (int h = 0; h < kHeroes; ++h) {
      if (s.heroes_in & (1u << h)) names.push_back(c.hero_name[static_cast<size_t>(h)]);
    }
    what = "Heroes";
  }
  ev.add(Event("setup", what + " so far: {names}").with("names", names));
}

void setup_built(Events& ev, const State& s) {
  const Config& c = *s.cfg;
  Event e("setup", "The Villain Deck ({villains} cards: {twists} Scheme Twists, {strikes} Master Strikes, {bystanders} Bystanders) and the Hero Deck ({heroes} cards) are shuffled; each player shuffles a deck of {agents} S.H.I.E.L.D. Agents and {troopers} Troopers");
  e.with("villains", s.villain_deck.size()).with("twists", count_sorted(s.villain_deck, kTwist)).with("strikes", count_sorted(s.villain_deck, kStrike));
  e.with("bystanders", count_sorted(s.villain_deck, kBystander)).with("heroes", s.hero_deck_size());
  e.with("agents", c.starting_agents - c.starting_officers).with("troopers", c.starting_troopers);
  for (const uint8_t x : s.villain_deck) e.fact(CardFact::place(kVillainDeckZone, x));
  for (const uint8_t x : s.hero_deck) e.fact(CardFact::place(kHeroDeckZone, x));
  for (const uint8_t x : s.tactics) e.fact(CardFact::place(kTacticsZone, x));
  e.fact(CardFact::shuffle(kVillainDeckZone)).fact(CardFact::shuffle(kHeroDeckZone)).fact(CardFact::shuffle(kTacticsZone));
  for (int p = 0; p < c.players; ++p) {
    for (const uint8_t x : s.players[p].deck.rest) e.fact(CardFact::place(seat_zone(p, kDeckZone), x));
    e.fact(CardFact::shuffle(seat_zone(p, kDeckZone)));
  }
  ev.add(e);
}

void turn_started(Events& ev, const State& s) {
  const char* text = s.showdown ? "Turn {turn}: {p's} Final Showdown turn" : "Turn {turn}: {p's} turn";
  ev.add(Event("turn", text, s.turn_player()).with("turn", static_cast<int>(s.turn)));
}

void drawn(Events& ev, const State& s, int player, int card, bool from_top, bool top_public) {
  const int deck = seat_zone(player, kDeckZone);
  const int hand = seat_zone(player, kHandZone);
  if (from_top && top_public) {
    ev.add(about(s, "draw", "{P} {draw|draws} {card} (the known top card)", player, card, deck, hand, Pos::kTop));
    return;
  }
  Event mine = about(s, "draw", "{P} {draw|draws} {card}", player, card, deck, hand, Pos::kTop);
  ev.add_private(player, mine, Event("draw", "{P} {draw|draws} a card", player));
}

void reshuffled(Events& ev, const State& s, int player) {
  const auto& discard = s.players[player].discard;
  Event e("reshuffle", "{P} {shuffle|shuffles} {your|their} discard pile ({count}) into a new deck", player);
  e.with("count", plural(discard.size(), "card", "cards"));
  e.fact(CardFact::move_all(seat_zone(player, kDiscardZone), seat_zone(player, kDeckZone))).fact(CardFact::shuffle(seat_zone(player, kDeckZone)));
  ev.add(e);
}

void villain_card(Events& ev, const State& s, int card) {
  if (card == kTwist || card == kStrike) {
    // Told by twist() and strike(); the card leaves the deck here.
    Event e("villain-deck", card == kTwist ? "The Villain Deck turns up a Scheme Twist" : "The Villain Deck turns up a Master Strike");
    e.fact(CardFact::remove(kVillainDeckZone, card, Pos::kTop));
    ev.add(e);
    return;
  }
  if (card == kSkrullHero) {
    Event e("villain-deck", "The Villain Deck turns up a Skrull: a Hero from the Hero Deck enters the city as a Skrull villain");
    e.fact(CardFact::remove(kVillainDeckZone, card, Pos::kTop));
    ev.add(e);
    return;
  }
  if (card == kBystander && s.cfg->scheme[static_cast<size_t>(s.scheme)].rule != Rule::kKillbots) {
    int space = -1;
    for (int k = 0; k < kCity && space < 0; ++k) {
      if (s.city[k].card != kNoCard) space = k;
    }
    Event e("capture", space < 0 ? "A Bystander from the Villain Deck is captured by the Mastermind, {mastermind}" : "A Bystander from the Villain Deck is captured by {villain} in the {space}");
    if (space < 0) e.with("mastermind", s.cfg->mastermind_name[static_cast<size_t>(s.mastermind)]);
    else e.with("villain", villain_name(s, s.city[space].card)).with("space", space_name(s, space));
    e.fact(CardFact::remove(kVillainDeckZone, card, Pos::kTop));
    ev.add(e);
  }
  // A villain, a henchman or a Killbot: entered() tells it.
}

void entered(Events& ev, const State& s, int card, int from) {
  Event e("enter", "{villain} enters the city in the {space} (Attack {attack})");
  e.with("villain", villain_name(s, card)).with("space", space_name(s, 0));
  e.with("card", name(s, card));
  e.fact(CardFact::move(from, kCityZone, card, from == kHQZone ? Pos::kAny : Pos::kTop));
  // The Attack it will have once it stands in the Sewers.
  State next = s;
  int k = 0;
  while (k < kCity && next.city[k].card != kNoCard) ++k;
  if (k == kCity) k = kCity - 1;
  for (int i = k; i > 0; --i) next.city[i] = next.city[i - 1];
  next.city[0] = CitySpace{static_cast<uint8_t>(card), 0, kNoCard};
  e.with("attack", next.villain_attack(0));
  ev.add(e);
}

void escaped(Events& ev, const State& s, const CitySpace& v) {
  std::string text = "{villain} escapes from the city";
  if (v.bystanders) text += " carrying " + plural(v.bystanders, "Bystander", "Bystanders") + ": each player discards a card";
  if (v.under != kNoCard) text += " ({under} under it escapes too)";
  text += "; a Hero costing 6 or less is KO'd from the HQ";
  Event e("escape", text);
  e.with("villain", villain_name(s, v.card)).with("card", name(s, v.card)).with("bystanders", static_cast<int>(v.bystanders));
  e.fact(CardFact::remove(kCityZone, v.card));
  if (v.under != kNoCard) {
    e.with("under", name(s, v.under));
    e.fact(CardFact::remove(kUnderZone, v.under));
  }
  e.with("escaped", static_cast<int>(s.villains_escaped));
  ev.add(e);
}

void twist(Events& ev, const State& s, int number, bool mystique) {
  const SchemeDef& sd = s.cfg->scheme[static_cast<size_t>(s.scheme)];
  std::string text = std::string(mystique ? "Mystique becomes a Scheme Twist: the " : "The ") + ordinal(number) + " Scheme Twist strikes ({scheme})";
  switch (sd.rule) {
    case Rule::kCosmicCube:
      if (number == 5 || number == 6) text += ": each player gains a Wound";
      else if (number == 7) text += ": each player gains 3 Wounds";
      break;
    case Rule::kDarkPortals: text += number == 1 ? ": a Dark Portal opens over the Mastermind" : ": a Dark Portal opens over the city"; break;
    case Rule::kLegacyVirus: text += ": each player reveals a Tech Hero or gains a Wound"; break;
    case Rule::kBankRobbery: text += ": the Bank captures 2 Bystanders and another Villain Deck card is played"; break;
    case Rule::kNegativeZone: text += ": two more Villain Deck cards are played"; break;
    case Rule::kKillbots: text += ": Killbots grow stronger"; break;
    case Rule::kSkrullInvasion: text += ": the costliest Hero in the HQ becomes a Skrull"; break;
    case Rule::kCivilWar: text += ": every Hero in the HQ is KO'd"; break;
  }
  ev.add(Event("twist", text).with("scheme", sd.name).with("number", number));
}

void strike(Events& ev, const State& s) {
  ev.add(Event("strike", "Master Strike: {mastermind} strikes").with("mastermind", s.cfg->mastermind_name[static_cast<size_t>(s.mastermind)]));
}

void game_over(Events& ev, const State& s) {
  const Config& c = *s.cfg;
  const std::string mm = s.mastermind >= 0 ? c.mastermind_name[static_cast<size_t>(s.mastermind)] : std::string("the Mastermind");
  if (s.result == 1) {
    if (s.showdown_winner >= 0) {
      ev.add(Event("game-over", "The heroes win: {mastermind} is defeated, and {P} {win|wins} the Final Showdown for the Mastermind card", s.showdown_winner).with("mastermind", mm).with("reason", "mastermind defeated"));
    } else {
      ev.add(Event("game-over", "The heroes win: {mastermind} is defeated").with("mastermind", mm).with("reason", "mastermind defeated"));
    }
    return;
  }
  if (s.result == 0) {
    ev.add(Event("game-over", "A tie: the Villain Deck ran out before {mastermind} was defeated").with("mastermind", mm).with("reason", "villain deck ran out"));
    return;
  }
  const SchemeDef& sd = c.scheme[static_cast<size_t>(s.scheme)];
  std::string why;
  switch (sd.rule) {
    case Rule::kCosmicCube: why = "the " + ordinal(s.twists_played) + " Scheme Twist completes the Cosmic Cube"; break;
    case Rule::kDarkPortals: why = "the " + ordinal(s.twists_played) + " Scheme Twist opens the last Dark Portal"; break;
    case Rule::kLegacyVirus: why = "the Wound stack ran out"; break;
    case Rule::kBankRobbery: why = plural(s.bystanders_carried, "Bystander was", "Bystanders were") + " carried away"; break;
    case Rule::kNegativeZone: why = plural(s.villains_escaped, "villain", "villains") + " escaped"; break;
    case Rule::kKillbots: why = plural(s.killbots_escaped, "Killbot", "Killbots") + " escaped"; break;
    case Rule::kSkrullInvasion: why = plural(s.heroes_escaped, "Hero", "Heroes") + " escaped as Skrulls"; break;
    case Rule::kCivilWar: why = "the Hero Deck ran out"; break;
  }
  ev.add(Event("game-over", "Evil wins: {why} ({scheme})").with("why", why).with("scheme", sd.name).with("reason", "scheme"));
}

}  // namespace henchmen::legendary::story
