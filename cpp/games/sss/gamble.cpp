// Seven Secret Supervillains: Gamble (Monkey Mischief). "Put 1 card face
// down, an opponent guesses odd or even. Draw if they guessed wrong." The
// card comes from the hand (never a played card); the guess is the
// opponent's decision, asked through the core's reaction window
// (core/reactions.h); then the card is shown and goes back to the hand,
// where the others know again every card they knew before.
// Designed: the guesser is the next player in turn order; what is odd or
// even is the card's printed (base) power, and zero is even; with no
// opponent (a solo game) there is nobody to guess, so Gamble is not offered.
#include "games/sss/state.h"
#include "games/sss/story.h"

namespace henchmen::sss {

namespace {
constexpr uint8_t kGambleWindow = 1;  // the reaction window's trigger
}

void State::gamble_legal(std::vector<Action>& out) const {
  const PlayerState& me = players[turn_player_];
  if (me.tokens[kGamble] == 0 || cfg->players < 2) return;
  me.hand.for_each_distinct([&](uint8_t c, int) { out.push_back(kGamble_ + c); });
}

void State::open_gamble(int card) {
  gamble_card = static_cast<uint8_t>(card);
  reactions.open_window(kGambleWindow, turn_player_, 1u << gamble_guesser(), cfg->players, gamble_card);
}

void State::apply_gamble(Action action) {
  const int me_idx = turn_player_;
  PlayerState& me = players[me_idx];
  if (action < kGambleOdd) {
    const uint8_t card = static_cast<uint8_t>(action - kGamble_);
    --me.tokens[kGamble];
    if (Events* ev = events()) {
      Event mine("gamble", "{P} {put|puts} {card} face down for {q} to guess: odd or even? (Gamble)", me_idx, gamble_guesser());
      mine.with("card", cfg->name[card]).with("guesser", gamble_guesser()).fact(CardFact::move(seat_zone(me_idx, kHandZone), kFaceDownZone, card));
      Event others("gamble", "{P} {put|puts} a card face down for {q} to guess: odd or even? (Gamble)", me_idx, gamble_guesser());
      others.with("guesser", gamble_guesser());
      ev->add_private(me_idx, mine, others);
    }
    // Others do not see which card left, so any card they knew was in the
    // hand may be the one: none is known to be in the hand meanwhile
    // (whatever the card was, so the loss itself tells nothing), and what
    // they knew waits in gamble_known for the card to come back.
    me.hand.remove(card);
    gamble_known = me.hand_public;
    me.hand_public.clear();
    open_gamble(card);
    return;
  }
  const int guesser = gamble_guesser();
  const bool said_odd = action == kGambleOdd;
  const uint8_t card = gamble_card;
  const int power = cfg->power[card];
  const bool odd = power % 2 == 1;
  const bool wrong = said_odd != odd;
  if (Events* ev = events()) {
    Event guess("gamble-guess", std::string("{P} {guess|guesses} ") + (said_odd ? "odd" : "even") + " for {q's} face-down card (Gamble)", guesser, me_idx);
    guess.with("guess", said_odd ? "odd" : "even");
    ev->add(guess);
    Event shown("gamble-reveal",
                std::string("{P} {turn|turns} over {card}: power {power}, ") + (odd ? "odd" : "even") + (wrong ? "; the guess was wrong, {P} {draw|draws} a card" : "; the guess was right") +
                    " ({card} goes back to {your|their} hand)",
                me_idx);
    shown.with("card", cfg->name[card]).with("power", power).with("odd", odd).with("right", !wrong);
    shown.fact(CardFact::move(kFaceDownZone, seat_zone(me_idx, kHandZone), card));
    ev->add(shown);
  }
  reactions.reacted();
  reactions.close();
  gamble_card = kNoCard;
  me.hand.add(card);
  // The card shown is the one that went down, so the hand is as it was:
  // what everyone knew of it is known again, and the card shown besides
  // unless it is one of those (a known Explodey Bot gambled is one card).
  me.hand_public = gamble_known;
  if (!me.hand_public.contains(card)) me.hand_public.add(card);
  gamble_known.clear();
  if (wrong) push_task(TaskKind::kDrawGamble, me_idx, 0, 1);
}

}  // namespace henchmen::sss
