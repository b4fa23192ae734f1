// Seven Secret Supervillains: the Secretive's end and score. "Minion deck
// gone ends game. Players compare their crews. (Most crew rep is 1 pt, 1/2 pt
// tie.) Most points wins. (If tie, total rep wins.)"
#include "core/events.h"
#include "games/sss/state.h"

namespace henchmen::sss {

// A player's cards (designed): everything they own: hand, deck, discard pile,
// in play, bought this turn and set aside. Not the Stash: its cards are
// still for sale, to their holder alone.
int State::owned_reputation(int player, int crew) const {
  const PlayerState& p = players[player];
  int total = 0;
  auto add = [&](uint8_t card) {
    if (is_minion(card) && crew_of(card) == crew) total += cfg->reputation[card];
  };
  for (const uint8_t c : p.hand) add(c);
  for (int i = 0; i < p.deck.n; ++i) add(p.deck.c[i]);
  for (int i = 0; i < p.deck.n_top; ++i) add(p.deck.top[i]);  // the known top segment is deck too
  if (player == turn_player_ && !minion_look()) {
    for (int i = 0; i < n_looked; ++i) add(looked[i]);  // off the deck only while Rewrite or Sell looks at them (Trendset's are the Minion deck's)
  }
  for (const uint8_t c : p.discard) add(c);
  for (const uint8_t c : p.in_play) add(c);
  for (const uint8_t c : p.bought) add(c);
  for (const uint8_t c : p.frozen) add(c);
  return total;
}

// Designed: every player tied for a crew's most gets the half point, however
// many are tied; a crew nobody holds a Minion of scores nobody.
void State::crew_scores(int* points2, int* total) const {
  const int n = cfg->players;
  for (int p = 0; p < n; ++p) points2[p] = total[p] = 0;
  for (int crew = 0; crew < cfg->crews; ++crew) {
    int rep[kMaxPlayers] = {};
    int most = 0, at_most = 0;
    for (int p = 0; p < n; ++p) {
      rep[p] = owned_reputation(p, crew);
      total[p] += rep[p];
      if (rep[p] > most) {
        most = rep[p];
        at_most = 1;
      } else if (rep[p] == most) {
        ++at_most;
      }
    }
    if (most == 0) continue;
    for (int p = 0; p < n; ++p) {
      if (rep[p] == most) points2[p] += at_most == 1 ? 2 : 1;
    }
  }
}

namespace {
// Points first, total reputation to break ties.
void crew_keys(const State& s, long* key) {
  int points2[kMaxPlayers], total[kMaxPlayers];
  s.crew_scores(points2, total);
  for (int p = 0; p < s.num_players(); ++p) key[p] = points2[p] * 10000L + total[p];
}
}  // namespace

int State::crew_result() const {
  long key[kMaxPlayers];
  crew_keys(*this, key);
  int best = 0;
  bool tie = false;
  for (int p = 1; p < cfg->players; ++p) {
    if (key[p] > key[best]) {
      best = p;
      tie = false;
    } else if (key[p] == key[best]) {
      tie = true;
    }
  }
  return tie ? -2 : best;
}

// The ranking as returns (designed): (players ranked below - players ranked
// above) / (n - 1): 1, 1/3, -1/3, -1 at four, tied players alike; zero-sum.
double State::crew_return(int player) const {
  long key[kMaxPlayers];
  crew_keys(*this, key);
  int below = 0, above = 0;
  for (int p = 0; p < cfg->players; ++p) {
    below += key[p] < key[player];
    above += key[p] > key[player];
  }
  return static_cast<double>(below - above) / (cfg->players - 1);
}

void State::end_by_crews(bool turn_limit) {
  over = true;
  n_tasks = 0;
  for (auto& t : tasks) t = Task{};
  pending = Pending::kNone;
  winner = static_cast<int8_t>(crew_result());
  if (Events* ev = events()) {
    int points2[kMaxPlayers], total[kMaxPlayers];
    crew_scores(points2, total);
    Json points = Json(Json::Array{});
    Json reputation = Json(Json::Array{});
    for (int p = 0; p < cfg->players; ++p) {
      points.push_back(points2[p] / 2.0);
      reputation.push_back(total[p]);
    }
    // Half points as people write them: "3", "3.5".
    const std::string shown = winner >= 0 ? std::to_string(points2[winner] / 2) + (points2[winner] % 2 ? ".5" : "") : "";
    const std::string head = turn_limit ? "The turn limit (" + std::to_string(cfg->max_turns) + " turns) is reached: " : "The Minion deck is gone: ";
    Event e("game-over", head + (winner >= 0 ? "{P} {win|wins} on crews (" + shown + " points, {reputation} reputation)" : "the best are tied on crews, no single winner"), winner >= 0 ? winner : -1);
    e.with("reason", turn_limit ? "turn limit" : "minion deck").with("points", winner >= 0 ? points2[winner] / 2.0 : 0.0).with("reputation", winner >= 0 ? total[winner] : 0);
    e.with("all_points", points).with("all_reputation", reputation);
    ev->add(e);
  }
}

}  // namespace henchmen::sss
