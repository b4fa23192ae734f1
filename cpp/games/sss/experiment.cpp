// Seven Secret Supervillains: Experiment (Pandamonium). "Add an Explodey Bot
// to your hand next turn": a Bot set aside (set_aside.h) in front of
// everyone, taken from the expansion's pile (State::explodey_left), or, the
// pile empty, from the expelled Explodey Bots ("any expelled Explodey Bot
// can be used in addition to the Explodey Bot pile"). With neither, the
// ability fails: it is not offered, as Freeze is not with no card to freeze.
#include "games/sss/set_aside.h"
#include "games/sss/state.h"

namespace henchmen::sss {

void State::experiment_legal(std::vector<Action>& out) const {
  const PlayerState& me = players[turn_player_];
  if (me.tokens[kExperiment] > 0 && can_set_aside(me) && explodey_available()) out.push_back(kExperiment_);
}

void State::apply_experiment() {
  PlayerState& me = players[turn_player_];
  --me.tokens[kExperiment];
  if (explodey_left > 0) --explodey_left;
  else expelled.remove(kExplodeyBot);
  set_aside(me, kExplodeyBot, true);  // public: it came from a face-up pile
}

}  // namespace henchmen::sss
