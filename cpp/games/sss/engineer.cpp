// Seven Secret Supervillains: Engineer (Brutal Builders), either half: the
// Upgrade card replaced; or a Bot of the hand (a card whose name ends in
// "Bot": Tiny, Junky, Scaredy, Explodey) expelled for a Scaredy Bot from
// the pile, gained into the discard pile as a bought card ends up.
#include "games/sss/state.h"

namespace henchmen::sss {

void State::engineer_legal(std::vector<Action>& out) const {
  const PlayerState& me = players[turn_player_];
  if (me.tokens[kEngineer] == 0) return;
  // Designed: no Scaredy Bot left, nothing to gain, so no exchange.
  if (scaredy_left > 0) {
    me.hand.for_each_distinct([&](uint8_t c, int) {
      if (is_bot(c)) out.push_back(kEngineer_ + c);
    });
  }
  if (upgrade_row != kNoCard) out.push_back(kEngineerUpgrade);
}

void State::apply_engineer(Action action) {
  PlayerState& me = players[turn_player_];
  --me.tokens[kEngineer];
  if (action == kEngineerUpgrade) return replace_upgrade_card();
  const uint8_t card = static_cast<uint8_t>(action - kEngineer_);
  remove_from_hand(me, card);
  expelled.add(card);
  --scaredy_left;
  me.discard.add(kScaredyBot);
}

// "Put the card on the bottom of the Upgrade deck and take the top card off
// the Upgrade deck and place it in that spot" (chance, or the card itself
// when the deck held nothing else).
void State::replace_upgrade_card() {
  upgrade_deck.put_bottom(upgrade_row);
  upgrade_row = kNoCard;
  push_task(TaskKind::kRefillUpgrade, turn_player_, 0, 1);
}

}  // namespace henchmen::sss
