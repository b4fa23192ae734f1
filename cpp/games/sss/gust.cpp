// Seven Secret Supervillains: Gust (Gale Force). The whole Minion row goes
// under the Minion deck "in any order", then the row refills from the top,
// left to right. The order is one choice: the action names a permutation of
// the row's cards (lexicographic rank over their slots, left to right), so
// no decision is left half made between actions.
#include "games/sss/state.h"

namespace henchmen::sss {

namespace {
constexpr int kFactorial[kRowSlots + 1] = {1, 1, 2, 6, 24, 120};
static_assert(kFactorial[kRowSlots] == kGustOrders, "one Gust action per order of a full row");
}  // namespace

int State::gust_slots(Action action, int* slots) const {
  int left[kRowSlots];
  int k = 0;
  for (int i = 0; i < kRowSlots; ++i) {
    if (row[i] != kNoCard) left[k++] = i;
  }
  int rank = action - kGust_;
  if (k == 0 || rank < 0 || rank >= kFactorial[k]) return -1;
  // The rank's factorial digits pick, in turn, among the slots not yet taken.
  for (int i = 0; i < k; ++i) {
    const int f = kFactorial[k - 1 - i];
    int d = rank / f;
    rank %= f;
    slots[i] = left[d];
    for (; d + 1 < k - i; ++d) left[d] = left[d + 1];
  }
  return k;
}

void State::gust_legal(std::vector<Action>& out) const {
  if (players[turn_player_].tokens[kGust] == 0) return;
  int k = 0;
  for (const uint8_t c : row) k += c != kNoCard;
  if (k == 0) return;  // nothing to replace
  for (int rank = 0; rank < kFactorial[k]; ++rank) out.push_back(kGust_ + rank);
}

// "Take cards off the top of the Minion deck and place them from left to
// right to fill all of the spots": every spot queues a refill, left to
// right; with fewer than 5 cards (the Minion deck was empty) the refills
// stop when the cards put under run out, so the leftmost spots fill.
void State::apply_gust(Action action) {
  --players[turn_player_].tokens[kGust];
  int slots[kRowSlots];
  const int k = gust_slots(action, slots);
  for (int i = 0; i < k; ++i) {
    minion_deck.put_bottom(row[slots[i]]);
    row[slots[i]] = kNoCard;
  }
  for (int slot = 0; slot < kRowSlots; ++slot) push_task(TaskKind::kRefillRow, turn_player_, slot, 1);
}

// "gust A, B, C, D, E": A goes under the Minion deck first (so it is drawn
// first of them), E last.
std::string State::gust_to_string(Action action) const {
  int slots[kRowSlots];
  const int k = gust_slots(action, slots);
  if (k < 0) return "gust #" + std::to_string(action - kGust_);
  std::string text = "gust ";
  for (int i = 0; i < k; ++i) text += (i ? ", " : "") + cfg->name[row[slots[i]]];
  return text;
}

}  // namespace henchmen::sss
