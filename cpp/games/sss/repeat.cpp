// Seven Secret Supervillains: Repeat (Telemacawters). "Copy the most recent
// Minion card ability you used this turn." Abilities wait in the pool as
// tokens, so an ability is *used* when a token of it is spent (its action
// taken), not when the card is played. Each token remembers whether a
// Minion card gave it (State::minion_tokens): played from a Minion, or
// copied by a Replicate or Repeat token that was a Minion's; an Upgrade's,
// a Bot's (Transfer) and their copies are not. A spent token is a Minion's
// while the pool holds one of that ability, so it can be repeated. Using a
// Minion's Repeat makes Repeat the most recent, and repeating a Repeat does
// nothing, so it is not offered; nor with nothing used yet (Royal Rule
// cards give no ability to use).
#include "games/sss/state.h"

namespace henchmen::sss {

void State::repeat_legal(std::vector<Action>& out) const {
  if (players[turn_player_].tokens[kRepeat] == 0 || repeatable == kNoAbility || repeatable == kRepeat) return;
  out.push_back(kRepeat_ + repeatable);
}

void State::apply_repeat(Action action) {
  PlayerState& me = players[turn_player_];
  --me.tokens[kRepeat];
  ++me.tokens[action - kRepeat_];
}

// Runs after every turn action of a game with Repeat (not the end of the
// turn, which empties the pool): compares the turn player's pool with
// `before` to find the token spent and the tokens gained.
void State::note_tokens(Action action, const uint8_t* before) {
  const PlayerState& me = players[turn_player_];
  bool spent_minion = false;
  for (int a = kNoAbility + 1; a < kNumAbilities; ++a) {
    if (me.tokens[a] < before[a] && minion_tokens[a] > 0) {
      minion_tokens[a] = static_cast<uint8_t>(minion_tokens[a] - 1);
      repeatable = static_cast<uint8_t>(a);
      spent_minion = true;
    }
  }
  // A gain is a card played, an Upgrade activated, or a copy (Replicate,
  // Repeat) that belongs to whoever gave the token spent for it.
  const bool played = action < kAttach;
  const bool activated = action >= kActivate && action < kReturnUpgrade;
  const bool minion_gain = played ? is_minion(action - kPlay) : !activated && spent_minion;
  if (!minion_gain) return;
  for (int a = kNoAbility + 1; a < kNumAbilities; ++a) {
    if (me.tokens[a] > before[a]) minion_tokens[a] = static_cast<uint8_t>(minion_tokens[a] + me.tokens[a] - before[a]);
  }
}

}  // namespace henchmen::sss
