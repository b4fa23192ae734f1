// Legendary: the events of the rules, what each player saw of every step,
// with the card facts that let core/knowledge.h follow every card (zones in
// state.h). The rules call these only when a sink listens
// (`if (Events* ev = events())`), so native playouts and search pay nothing.
#pragma once
#include <string>

#include "core/events.h"
#include "games/legendary/state.h"

namespace henchmen::legendary::story {

// Outside the zones: a card comes from a stack (a Wound, an Officer, a
// Bystander) or goes to the KO pile, the Escaped pile or a stack.
constexpr int kOutside = -1;

// One card moving between zones (or from or to outside), as a fact.
CardFact fact(int card, int from, int to, Pos from_pos = Pos::kAny, Pos to_pos = Pos::kAny);

// An event about one card: its name in "card", its fact attached.
Event about(const State& s, const char* kind, const std::string& text, int player, int card, int from, int to, Pos from_pos = Pos::kAny,
            Pos to_pos = Pos::kAny);

// The same, read in full by `audience` (a bit per player); the others read
// `others_text` without the card's name and with its fact hidden.
void private_move(Events& ev, const State& s, uint32_t audience, const char* kind, const std::string& text, const std::string& others_text, int player,
                  int other, int card, int from, int to, Pos from_pos, Pos to_pos);

const std::string& name(const State& s, int card);
std::string villain_name(const State& s, int card);  // a Killbot, a Skrull Hero, a villain
std::string space_name(const State& s, int space);

void setup_pick(Events& ev, const State& s, uint8_t op);  // after the pick
void setup_built(Events& ev, const State& s);
void turn_started(Events& ev, const State& s);
void drawn(Events& ev, const State& s, int player, int card, bool from_top, bool top_public);
void reshuffled(Events& ev, const State& s, int player);  // before the discard pile moves
void villain_card(Events& ev, const State& s, int card);   // the top of the Villain Deck, turned over
void entered(Events& ev, const State& s, int card, int from);
void escaped(Events& ev, const State& s, const CitySpace& v);
void twist(Events& ev, const State& s, int number, bool mystique);
void strike(Events& ev, const State& s);
void game_over(Events& ev, const State& s);

}  // namespace henchmen::legendary::story
