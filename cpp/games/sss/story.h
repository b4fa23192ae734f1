// Seven Secret Supervillains: the events of the rules, what each player saw
// of every step, with the card facts that let core/knowledge.h follow every
// card (zones in state.h). The rules call these only when a sink listens
// (`if (Events* ev = events())`), so native playouts and search pay nothing.
#pragma once
#include <vector>

#include "core/events.h"
#include "games/sss/state.h"

namespace henchmen::sss::story {

// The setup: every card placed, every deck shuffled.
void setup(Events& ev, const State& s);

// Chance and the certain steps of the task queue.
void drawn(Events& ev, const State& s, TaskKind kind, int player, int card, bool known);
void row_refilled(Events& ev, const State& s, int slot, int card);
void upgrade_refilled(Events& ev, const State& s, int card);
void supervillain_revealed(Events& ev, const State& s, int slot, int crew);
void reshuffled(Events& ev, const State& s, int player);  // before the discard pile moves
void thawed(Events& ev, const State& s, int player);      // before the frozen cards move
void turn_started(Events& ev, const State& s);
void turn_limit(Events& ev, const State& s);

// Attaching and what it wins: `from` is the zone the Minion leaves.
void attached(Events& ev, const State& s, int player, int card, int from, int reputation, bool wins);
void won(Events& ev, const State& s, int player, int crew);  // before the attached Minions go
void danger_zone(Events& ev, const State& s, int player, int crew, int reputation);
void game_won(Events& ev, const State& s, int player);

// Decisions, told before the state changes (so the cards are where they were).
void played(Events& ev, const State& s, int card);
void bought(Events& ev, const State& s, int card);
void cleanup(Events& ev, const State& s, int player);
void ability_step(Events& ev, const State& s, Action action);

// Gizzard Wizards (gizzard.cpp): Discombobulate, the spell it takes (only
// its owner sees which, unless it lay in a known place), a spell played,
// and what a spell gains (`from`: the zone the gained card leaves).
void discombobulated(Events& ev, const State& s, int player);
void spell_taken(Events& ev, const State& s, int player, int card, bool known);
void spell_cast(Events& ev, const State& s, int player, int card);  // before it leaves the spell book
void spell_gained(Events& ev, const State& s, int player, int card, int from);

}  // namespace henchmen::sss::story
