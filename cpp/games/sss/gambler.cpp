// Seven Secret Supervillains: the Gambler (solo). "Roll dice for Chaos turns.
// The numbers rolled are the Minion row cards Chaos gets. (6 is nothing.)
// The game ends when there are no Minion cards to buy."
//
// Chaos's turn is one chance node: its outcome is the set of row slots the
// dice named (a bit per slot), with the probability of the N dice showing
// exactly those of 1 to 5 (and any number of 6s). Which die showed what does
// not change the game, so it is not a branch.
#include "core/events.h"
#include "games/sss/state.h"

namespace henchmen::sss {

int State::solo_score() const {
  int total = 0;
  for (int crew = 0; crew < cfg->crews; ++crew) total += owned_reputation(0, crew);
  return total;
}

bool State::no_minion_in_row() const {
  for (const uint8_t c : row) {
    if (c != kNoCard) return false;
  }
  return true;
}

// Nothing left to buy: the row, the Minion deck and the Stash are empty (the
// cards Trendset holds off the Minion deck are still in it).
bool State::no_minion_to_buy() const { return no_minion_in_row() && minion_deck_left() == 0 && players[0].stash.empty(); }

void State::chaos_outcomes(std::vector<std::pair<Action, double>>& out) const {
  // Every sequence of N faces, 6^N at most 1296: counted, not sampled.
  const int n = cfg->chaos_dice;
  int total = 1;
  for (int i = 0; i < n; ++i) total *= 6;
  int count[1 << kRowSlots] = {};
  for (int seq = 0; seq < total; ++seq) {
    int mask = 0;
    for (int i = 0, x = seq; i < n; ++i, x /= 6) {
      if (x % 6 < kRowSlots) mask |= 1 << (x % 6);
    }
    ++count[mask];
  }
  for (int mask = 0; mask < (1 << kRowSlots); ++mask) {
    if (count[mask]) out.emplace_back(kChanceChaos + mask, static_cast<double>(count[mask]) / total);
  }
}

Action State::sample_chaos(Rng& rng) const {
  int mask = 0;
  for (int i = 0; i < cfg->chaos_dice; ++i) {
    const uint32_t face = rng.below(6);  // 0-4: slots 1-5; 5: the 6, nothing
    if (face < kRowSlots) mask |= 1 << face;
  }
  return kChanceChaos + mask;
}

// Designed: the dice are read together; Chaos takes each named slot's card
// once (two dice showing 3 take one card), the cards leave the game, and the
// slots refill left to right before your next turn.
void State::chaos_takes(int slots) {
  Json taken = Json(Json::Array{});
  Json named = Json(Json::Array{});
  Event e("chaos", "", -1);
  int refills = 0;
  uint8_t refill_slot[kRowSlots];
  for (int slot = 0; slot < kRowSlots; ++slot) {
    if (!(slots & (1 << slot))) continue;
    named.push_back(slot + 1);
    if (row[slot] == kNoCard) continue;
    taken.push_back(cfg->name[row[slot]]);
    e.fact(CardFact::move(kMinionRowZone, kExpelledZone, row[slot]));
    expelled.add(row[slot]);
    row[slot] = kNoCard;
    refill_slot[refills++] = static_cast<uint8_t>(slot);
  }
  // The refills go first in the queue, before the cleanup's end.
  if (n_tasks + refills <= kMaxTasks) {
    for (int i = n_tasks - 1; i >= 1; --i) tasks[i + refills] = tasks[i];
    for (int i = 0; i < refills; ++i) tasks[1 + i] = Task{TaskKind::kRefillRow, tasks[0].player, refill_slot[i], 1};
    n_tasks = static_cast<uint8_t>(n_tasks + refills);
  }
  if (Events* ev = events()) {
    e.text = taken.as_array("taken").empty() ? "Chaos rolls: its dice name no Minion" : "Chaos rolls and takes {cards} from the Minion row";
    e.with("cards", taken).with("slots", named);
    ev->add(e);
  }
}

void State::end_solo(bool turn_limit) {
  over = true;
  n_tasks = 0;
  for (auto& t : tasks) t = Task{};
  pending = Pending::kNone;
  if (Events* ev = events()) {
    const std::string head = turn_limit ? "The turn limit (" + std::to_string(cfg->max_turns) + " turns) is reached" : "No Minion is left to buy";
    Event e("game-over", head + ": {P} {score|scores} {score} reputation", 0);
    e.with("reason", turn_limit ? "turn limit" : "no minions").with("score", solo_score());
    ev->add(e);
  }
}

}  // namespace henchmen::sss
