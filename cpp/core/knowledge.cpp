#include "core/knowledge.h"

#include <algorithm>
#include <sstream>

namespace henchmen {

namespace {
bool in_set(const std::array<uint64_t, 4>& set, int card) {
  return card >= 0 && card < 256 && ((set[static_cast<size_t>(card) / 64] >> (card % 64)) & 1);
}
}  // namespace

void Knowledge::give_up(const std::string& why) {
  if (why_inexact_.empty()) why_inexact_ = why;
}

size_t Knowledge::taken_count(const Zone& z) const {
  size_t n = 0;
  for (const Ghost& g : z.ghosts) n += g.kind == Ghost::Kind::kTake;
  return n;
}

int Knowledge::ghosts() const {
  int n = 0;
  for (const Zone& z : zones_) n += static_cast<int>(z.ghosts.size());
  return n;
}

int Knowledge::size(int zone) const {
  const Zone& z = zones_[static_cast<size_t>(zone)];
  return static_cast<int>(z.top.size() + z.bottom.size()) + live(z);
}

int Knowledge::hidden(int zone) const {
  const Zone& z = zones_[static_cast<size_t>(zone)];
  if (!z.ghosts.empty()) return size(zone);  // undecided: nothing in the middle is placed
  int n = 0;
  for (const auto* part : {&z.top, &z.middle, &z.bottom}) {
    for (const Slot& s : *part) n += s.card < 0;
  }
  return n;
}

int Knowledge::slots_of(int group) const {
  int n = 0;
  for (const Zone* z = zones_.data(); z != zones_.data() + zones_.size(); ++z) {
    for (const auto* part : {&z->top, &z->middle, &z->bottom}) {
      for (const Slot& s : *part) n += s.group == group;
    }
  }
  for (const Slot& s : limbo_.middle) n += s.group == group;
  return n;
}

int Knowledge::middle_slots_of(int group, int zone) const {
  int n = 0;
  for (const Slot& s : zones_[static_cast<size_t>(zone)].middle) n += s.group == group;
  return n;
}

void Knowledge::reveal(Slot& s, int card) {
  if (card < 0) return;
  if (s.card >= 0) {
    if (s.card != card) give_up("a card known to be " + std::to_string(s.card) + " was seen as " + std::to_string(card));
    return;
  }
  if (s.link >= 0) {
    // A card whose kind a ghost decides: seeing it is a fact about that
    // ghost, which a sample checks.
    give_up("a card taken unseen from a zone with undecided cards was seen later");
    return;
  }
  Group& g = groups_[static_cast<size_t>(s.group)];
  if (g.count[static_cast<size_t>(card)] == 0) {
    give_up("card " + std::to_string(card) + " was seen where no card of that kind could be");
    return;
  }
  --g.count[static_cast<size_t>(card)];
  --g.size;
  s = Slot{static_cast<int16_t>(card), -1, -1};
}

bool Knowledge::groupify(int zone) {
  Zone& z = zones_[static_cast<size_t>(zone)];
  if (!z.ghosts.empty()) return false;
  std::vector<int> whole;  // the groups in this middle, each of which must lie wholly in it
  for (const Slot& s : z.middle) {
    if (s.link >= 0) return false;
    if (s.group < 0 || std::find(whole.begin(), whole.end(), s.group) != whole.end()) continue;
    if (slots_of(s.group) != middle_slots_of(s.group, zone)) return false;  // it has cards elsewhere too
    whole.push_back(s.group);
  }
  // Reuse an emptied group, else make one.
  int target = -1;
  for (size_t i = 0; i < groups_.size() && target < 0; ++i) {
    if (groups_[i].size == 0 && slots_of(static_cast<int>(i)) == 0) target = static_cast<int>(i);
  }
  if (target < 0) {
    target = static_cast<int>(groups_.size());
    groups_.emplace_back();
  }
  Group merged;
  for (const Slot& s : z.middle) {
    if (s.card >= 0) ++merged.count[static_cast<size_t>(s.card)];
  }
  for (const int g : whole) {
    for (size_t k = 0; k < 256; ++k) merged.count[k] = static_cast<uint16_t>(merged.count[k] + groups_[static_cast<size_t>(g)].count[k]);
    groups_[static_cast<size_t>(g)] = Group{};
  }
  merged.size = static_cast<int>(z.middle.size());
  groups_[static_cast<size_t>(target)] = merged;
  for (Slot& s : z.middle) s = Slot{-1, static_cast<int16_t>(target), -1};
  return true;
}

// A seen card taken from a middle where ghosts wait can still be placed
// exactly when nothing undecided could be it: no ghost saw (or may have
// taken unseen) a card of its kind, no card of undecided kind lies there,
// and it is either a known card there (no hidden card may be of its kind) or
// a hidden card of the one group that may hold it, whose slots there all
// predate every ghost (so they are alike for each ghost's choice). Removing
// it takes one slot from every ghost's choice in every world alike, which
// leaves the worlds' weights as they were. This keeps one ambiguous play
// (a known Tiny Bot beside hidden ones) from making every later card of the
// hand undecided until the hand empties.
Knowledge::Pick Knowledge::locate_beside_ghosts(int zone, int card) const {
  const Zone& z = zones_[static_cast<size_t>(zone)];
  const Pick undecided{Part::kMiddle, -1, true};
  uint32_t first = UINT32_MAX;
  for (const Ghost& g : z.ghosts) {
    if (g.kind == Ghost::Kind::kNoneOf || g.card < 0 || g.card == card) return undecided;
    first = std::min(first, g.available);
  }
  int known = -1;
  int group = -1;
  int slot = -1;
  for (size_t i = 0; i < z.middle.size(); ++i) {
    const Slot& s = z.middle[i];
    if (s.link >= 0) return undecided;
    if (s.card == card) known = static_cast<int>(i);
    if (s.card < 0 && may_be(s.group, card)) {
      if (group >= 0 && group != s.group) return undecided;
      group = s.group;
      slot = static_cast<int>(i);
    }
  }
  if (known >= 0 && group >= 0) return undecided;
  if (known >= 0) return Pick{Part::kMiddle, known, false};
  if (group < 0) return Pick{};  // no card of that kind can be here
  for (size_t i = first; i < z.middle.size(); ++i) {
    if (z.middle[i].card < 0 && z.middle[i].group == group) return undecided;
  }
  return Pick{Part::kMiddle, slot, false};
}

Knowledge::Pick Knowledge::locate_middle(int zone, int card) {
  const Zone& z = zones_[static_cast<size_t>(zone)];
  if (live(z) == 0) return Pick{};
  if (!z.ghosts.empty()) return card >= 0 ? locate_beside_ghosts(zone, card) : Pick{Part::kMiddle, -1, true};
  if (card >= 0) {
    int known = -1;
    int group = -1;
    bool several = false;
    int any_of_group = -1;
    for (size_t i = 0; i < z.middle.size(); ++i) {
      const Slot& s = z.middle[i];
      if (s.card == card) known = static_cast<int>(i);
      if (s.link >= 0) several = true;  // a card of undecided kind could be it
      if (s.card < 0 && s.group >= 0 && may_be(s.group, card)) {
        if (group >= 0 && group != s.group) several = true;
        group = s.group;
        any_of_group = static_cast<int>(i);
      }
    }
    if (several || (known >= 0 && group >= 0)) return Pick{Part::kMiddle, -1, true};
    if (known >= 0) return Pick{Part::kMiddle, known, false};
    if (group >= 0) return Pick{Part::kMiddle, any_of_group, false};
    return Pick{};  // no card of that kind can be here
  }
  // Unseen: a slot nobody can tell. Exact if the middle is one group.
  int group = -1;
  bool single = true;
  for (const Slot& s : z.middle) {
    if (s.card >= 0 || s.link >= 0 || (group >= 0 && s.group != group)) single = false;
    group = s.group;
  }
  if (!single && !groupify(zone)) return Pick{Part::kMiddle, -1, true};
  return Pick{Part::kMiddle, static_cast<int>(z.middle.size()) - 1, false};
}

Knowledge::Pick Knowledge::locate(int zone, Pos pos, int card) {
  Zone& z = zones_[static_cast<size_t>(zone)];
  if (pos == Pos::kTop) {
    if (!z.top.empty()) return Pick{Part::kTop, 0, false};
    if (live(z) > 0) return locate_middle(zone, card);
    if (!z.bottom.empty()) return Pick{Part::kBottom, 0, false};
    return Pick{};
  }
  if (pos == Pos::kBottom) {
    if (!z.bottom.empty()) return Pick{Part::kBottom, static_cast<int>(z.bottom.size()) - 1, false};
    if (live(z) > 0) return locate_middle(zone, card);
    if (!z.top.empty()) return Pick{Part::kTop, static_cast<int>(z.top.size()) - 1, false};
    return Pick{};
  }
  if (z.top.empty() && z.bottom.empty()) return locate_middle(zone, card);
  // Anywhere in a zone with known places at its ends.
  Pick only;
  int candidates = 0;
  for (const Part part : {Part::kTop, Part::kBottom}) {
    const auto& v = part == Part::kTop ? z.top : z.bottom;
    for (size_t i = 0; i < v.size(); ++i) {
      const Slot& s = v[i];
      if (card < 0 || s.card == card || s.link >= 0 || (s.card < 0 && may_be(s.group, card))) {
        ++candidates;
        only = Pick{part, static_cast<int>(i), false};
      }
    }
  }
  bool middle_may = live(z) > 0;
  if (card >= 0 && middle_may && z.ghosts.empty()) {
    middle_may = false;
    for (const Slot& s : z.middle) middle_may = middle_may || s.card == card || s.link >= 0 || (s.card < 0 && may_be(s.group, card));
  }
  if (candidates == 0) return middle_may ? locate_middle(zone, card) : Pick{};
  if (candidates == 1 && !middle_may) return only;
  give_up("a card of a zone with known places was taken from a place nobody could tell");
  return Pick{};
}

Knowledge::Slot Knowledge::take(int zone, const Pick& p, int card) {
  Zone& z = zones_[static_cast<size_t>(zone)];
  auto& v = p.part == Part::kTop ? z.top : p.part == Part::kBottom ? z.bottom : z.middle;
  Slot s = v[static_cast<size_t>(p.index)];
  v.erase(v.begin() + p.index);
  if (p.part == Part::kMiddle) {
    // The ghosts' choices are among the slots that existed then.
    for (Ghost& g : z.ghosts) {
      if (g.available > static_cast<uint32_t>(p.index)) --g.available;
    }
  }
  reveal(s, card);
  return s;
}

void Knowledge::put(int zone, Pos pos, const Slot& s) {
  Zone& z = zones_[static_cast<size_t>(zone)];
  if (pos == Pos::kTop) z.top.insert(z.top.begin(), s);
  else if (pos == Pos::kBottom) z.bottom.push_back(s);
  else z.middle.push_back(s);
}

void Knowledge::ghost(int zone, Ghost g) {
  Zone& z = zones_[static_cast<size_t>(zone)];
  g.seq = seq_++;
  g.available = static_cast<uint32_t>(z.middle.size());
  z.ghosts.push_back(g);
}

// A zone whose hidden cards have all left, each seen, tells what those
// cards were: the ghosts fold back into the compositions. Either every card
// left, or the cards still there can only be its known ones (no card of a
// known kind left, and as many left as there were hidden cards: a hand kept
// at cleanup). Groups lying wholly in the zone are spent whole; at most one
// may have cards elsewhere, and it gives the rest.
void Knowledge::try_fold(int zone) {
  Zone& z = zones_[static_cast<size_t>(zone)];
  if (z.ghosts.empty() || !z.top.empty() || !z.bottom.empty()) return;
  const int remaining = live(z);
  std::array<int, 256> left{};  // kinds that left, then less the known cards there
  for (const Ghost& g : z.ghosts) {
    if (g.kind != Ghost::Kind::kTake) {
      if (remaining > 0) return;  // a sighting among cards that stay: keep deciding it
      continue;
    }
    if (g.card < 0) return;  // an unseen card left: its kind is tied to where it went
    ++left[static_cast<size_t>(g.card)];
  }
  std::array<int, 256> known{};
  int n_known = 0;
  std::vector<std::pair<int, int>> in_zone;  // (group, slots here)
  for (const Slot& s : z.middle) {
    if (s.link >= 0) return;
    if (s.card >= 0) {
      ++known[static_cast<size_t>(s.card)];
      ++n_known;
      continue;
    }
    auto it = std::find_if(in_zone.begin(), in_zone.end(), [&](const auto& e) { return e.first == s.group; });
    if (it == in_zone.end()) in_zone.emplace_back(s.group, 1);
    else ++it->second;
  }
  if (remaining == 0) {
    for (size_t k = 0; k < 256; ++k) {
      if ((left[k] -= known[k]) < 0) return;
    }
  } else {
    if (remaining != n_known) return;
    for (size_t k = 0; k < 256; ++k) {
      if (known[k] > 0 && left[k] > 0) return;  // the known card may be the one that left
    }
  }
  int partial = -1;
  int partial_slots = 0;
  for (const auto& [group, here] : in_zone) {
    if (slots_of(group) == here) {
      const Group& g = groups_[static_cast<size_t>(group)];
      for (size_t k = 0; k < 256; ++k) {
        if ((left[k] -= g.count[k]) < 0) return;
      }
    } else {
      if (partial >= 0) return;  // two groups reach elsewhere: the split stays undecided
      partial = group;
      partial_slots = here;
    }
  }
  int rest = 0;
  for (size_t k = 0; k < 256; ++k) {
    rest += left[k];
    if (partial < 0 ? left[k] != 0 : left[k] > groups_[static_cast<size_t>(partial)].count[k]) return;
  }
  if (partial >= 0 && rest != partial_slots) return;
  for (const auto& [group, here] : in_zone) {
    if (group != partial) groups_[static_cast<size_t>(group)] = Group{};
  }
  if (partial >= 0) {
    Group& g = groups_[static_cast<size_t>(partial)];
    for (size_t k = 0; k < 256; ++k) g.count[k] = static_cast<uint16_t>(g.count[k] - left[k]);
    g.size -= partial_slots;
  }
  std::vector<Slot> stay;
  if (remaining > 0) {
    for (const Slot& s : z.middle) {
      if (s.card >= 0) stay.push_back(s);
    }
  }
  z.middle = std::move(stay);
  z.ghosts.clear();
}

void Knowledge::move_all(int from, int to, Pos to_pos) {
  Zone& a = zones_[static_cast<size_t>(from)];
  Zone& b = zones_[static_cast<size_t>(to)];
  if (from == to) return;
  if (!a.ghosts.empty()) {
    // Undecided cards go along with the slots they are decided among.
    if (!b.top.empty() || !b.middle.empty() || !b.bottom.empty() || !b.ghosts.empty() || to_pos != Pos::kAny) {
      give_up("a zone with undecided cards moved whole onto other cards");
      return;
    }
    std::swap(a, b);
    return;
  }
  if (to_pos != Pos::kAny && !a.middle.empty()) {
    give_up("a zone's unordered cards moved whole to an end of another zone");
    return;
  }
  std::vector<Slot> all;
  all.insert(all.end(), a.top.begin(), a.top.end());
  all.insert(all.end(), a.middle.begin(), a.middle.end());
  all.insert(all.end(), a.bottom.begin(), a.bottom.end());
  a.top.clear();
  a.middle.clear();
  a.bottom.clear();
  if (to_pos == Pos::kTop) b.top.insert(b.top.begin(), all.begin(), all.end());
  else if (to_pos == Pos::kBottom) b.bottom.insert(b.bottom.end(), all.begin(), all.end());
  else b.middle.insert(b.middle.end(), all.begin(), all.end());
}

void Knowledge::observe(const CardFact& f) {
  count_observed();
  reset_sampler();
  if (!exact()) return;
  const int n = static_cast<int>(zones_.size());
  if (f.zone >= n || f.to >= n) {
    give_up("a fact names zone " + std::to_string(std::max(f.zone, f.to)) + ", but there are " + std::to_string(n));
    return;
  }
  switch (f.kind) {
    case CardFact::Kind::kPlace: {
      if (f.card < 0) {
        give_up("a card appeared unseen in zone " + std::to_string(f.zone) + ": nobody could know its kind");
        return;
      }
      put(f.zone, f.pos, Slot{f.card, -1, -1});
      return;
    }
    case CardFact::Kind::kShuffle: {
      Zone& z = zones_[f.zone];
      for (const Slot& s : z.top) z.middle.push_back(s);
      for (const Slot& s : z.bottom) z.middle.push_back(s);
      z.top.clear();
      z.bottom.clear();
      return;
    }
    case CardFact::Kind::kMove:
    case CardFact::Kind::kRemove: {
      const Pick p = locate(f.zone, f.pos, f.card);
      if (!exact()) return;
      if (p.part == Part::kNone) {
        give_up("a card left zone " + std::to_string(f.zone) + (f.card >= 0 ? " as kind " + std::to_string(f.card) : "") + ", where no such card could be");
        return;
      }
      Slot s;
      if (p.ghost) {
        Ghost g;
        g.kind = Ghost::Kind::kTake;
        g.card = f.card;
        if (f.card < 0) g.link = links_++;
        ghost(f.zone, g);
        s = f.card >= 0 ? Slot{f.card, -1, -1} : Slot{-1, -1, g.link};
      } else {
        s = take(f.zone, p, f.card);
      }
      if (f.kind == CardFact::Kind::kMove) {
        put(f.to, f.to_pos, s);
      } else if (s.card < 0) {
        // Gone unseen for good: it still counts in its group (or ghost), in a
        // place no world shows.
        limbo_.middle.push_back(s);
      }
      try_fold(f.zone);
      return;
    }
    case CardFact::Kind::kMoveAll:
      move_all(f.zone, f.to, f.to_pos);
      return;
    case CardFact::Kind::kSee: {
      if (f.card < 0) return;
      const Pick p = locate(f.zone, f.pos, f.card);
      if (!exact()) return;
      if (p.part == Part::kNone) {
        give_up("a card of kind " + std::to_string(f.card) + " was seen in zone " + std::to_string(f.zone) + ", where none could be");
        return;
      }
      if (p.ghost) {
        Ghost g;
        g.kind = Ghost::Kind::kShow;
        g.card = f.card;
        ghost(f.zone, g);
        return;
      }
      Zone& z = zones_[f.zone];
      auto& v = p.part == Part::kTop ? z.top : p.part == Part::kBottom ? z.bottom : z.middle;
      reveal(v[static_cast<size_t>(p.index)], f.card);
      return;
    }
    case CardFact::Kind::kNoneOf: {
      Zone& z = zones_[f.zone];
      bool could = false;
      for (const auto* part : {&z.top, &z.bottom}) {
        for (const Slot& s : *part) {
          if (s.card >= 0 && in_set(f.cards, s.card)) give_up("a card known to be in a zone was said not to be");
          if (s.card < 0) {
            for (int k = 0; k < 256 && !could; ++k) could = in_set(f.cards, k) && (s.link >= 0 || may_be(s.group, k));
            if (could) give_up("a zone's known places were said to hold none of some cards");
          }
        }
      }
      if (!exact()) return;
      bool middle_could = !z.ghosts.empty();
      if (!middle_could) {
        for (const Slot& s : z.middle) {
          if (s.card >= 0 && in_set(f.cards, s.card)) {
            give_up("a card known to be in a zone was said not to be");
            return;
          }
          if (s.link >= 0) middle_could = true;
          for (int k = 0; k < 256 && !middle_could && s.group >= 0; ++k) middle_could = in_set(f.cards, k) && may_be(s.group, k);
        }
      }
      if (!middle_could) return;  // nothing learnt: no hidden card there could have been one
      sets_.push_back(f.cards);
      Ghost g;
      g.kind = Ghost::Kind::kNoneOf;
      g.none_of = static_cast<int32_t>(sets_.size() - 1);
      ghost(f.zone, g);
      return;
    }
  }
}

std::string Knowledge::check(int zone, const std::vector<uint8_t>& truth) const {
  const Zone& z = zones_[static_cast<size_t>(zone)];
  if (size(zone) != static_cast<int>(truth.size())) {
    return "zone " + std::to_string(zone) + " holds " + std::to_string(truth.size()) + " cards, but the reader counts " + std::to_string(size(zone));
  }
  std::array<int, 256> have{};
  for (const uint8_t c : truth) ++have[c];
  std::array<int, 256> known{};
  for (const auto* part : {&z.top, &z.bottom}) {
    for (const Slot& s : *part) {
      if (s.card >= 0) ++known[static_cast<size_t>(s.card)];
    }
  }
  if (z.ghosts.empty()) {
    for (const Slot& s : z.middle) {
      if (s.card >= 0) ++known[static_cast<size_t>(s.card)];
    }
  }
  for (size_t k = 0; k < 256; ++k) {
    if (known[k] > have[k]) return "zone " + std::to_string(zone) + ": the reader knows of " + std::to_string(known[k]) + " card(s) of kind " + std::to_string(k) + ", the zone has " + std::to_string(have[k]);
  }
  return "";
}

std::string Knowledge::describe() const {
  std::ostringstream out;
  auto slot = [&](const Slot& s) {
    if (s.card >= 0) out << s.card;
    else if (s.link >= 0) out << "~" << s.link;
    else out << "g" << s.group;
  };
  for (size_t zi = 0; zi < zones_.size(); ++zi) {
    const Zone& z = zones_[zi];
    if (z.top.empty() && z.middle.empty() && z.bottom.empty() && z.ghosts.empty()) continue;
    out << "zone " << zi << ": top[";
    for (const Slot& s : z.top) slot(s), out << " ";
    out << "] middle[";
    for (const Slot& s : z.middle) slot(s), out << " ";
    out << "] bottom[";
    for (const Slot& s : z.bottom) slot(s), out << " ";
    out << "] ghosts " << z.ghosts.size() << "\n";
  }
  for (size_t g = 0; g < groups_.size(); ++g) {
    if (groups_[g].size == 0) continue;
    out << "g" << g << " (" << groups_[g].size << "):";
    for (int c = 0; c < 256; ++c) {
      if (groups_[g].count[static_cast<size_t>(c)]) out << " " << c << "x" << groups_[g].count[static_cast<size_t>(c)];
    }
    out << "\n";
  }
  return out.str();
}

}  // namespace henchmen
