// Seven Secret Supervillains: Pupate (Cocoon Conquest). A card played this
// turn is set aside to join the hand next turn (set_aside.h), its base power
// doubled; the mark is public (the card was in play) and lasts while the card
// stays in a hand, in play or set aside, however many turns it pupates. A card
// a Gamble puts face down is still the hand's (it goes back there), so it
// keeps its mark.
#include "games/sss/set_aside.h"
#include "games/sss/state.h"

namespace henchmen::sss {

// "Set this card aside": a Pupate sets aside a card in play that carries it
// (one Replicate copied or the Upgrade gave too: another such card).
void State::pupate_legal(std::vector<Action>& out) const {
  const PlayerState& me = players[turn_player_];
  if (me.tokens[kPupate] == 0 || !can_set_aside(me)) return;
  me.in_play.for_each_distinct([&](uint8_t c, int) {
    if (cfg->ability[c] == kPupate) out.push_back(kPupate_ + c);
  });
}

void State::apply_pupate(Action action) {
  PlayerState& me = players[turn_player_];
  const uint8_t card = static_cast<uint8_t>(action - kPupate_);
  --me.tokens[kPupate];
  me.in_play.remove(card);
  set_aside(me, card, true);  // it left play in front of everyone
  pupated[card >> 6] |= uint64_t{1} << (card & 63);  // doubled once: a second Pupate changes nothing
}

void State::drop_lost_pupate_marks() {
  for (int word = 0; word < 2; ++word) {
    for (uint64_t bits = pupated[word]; bits; bits &= bits - 1) {
      const uint8_t card = static_cast<uint8_t>(word * 64 + __builtin_ctzll(bits));
      bool carried = gamble_card == card;
      for (int p = 0; p < cfg->players && !carried; ++p) {
        const PlayerState& pl = players[p];
        carried = pl.hand.contains(card) || pl.in_play.contains(card) || pl.frozen.contains(card);
      }
      if (!carried) pupated[word] &= ~(uint64_t{1} << (card & 63));
    }
  }
}

}  // namespace henchmen::sss
