// What one player knows of where the cards are, and the worlds they cannot
// rule out.
//
// A Knowledge follows one reader through the card facts of the events they
// read (core/events.h), and through nothing else, so it can never know more
// than they saw. Cards are physical objects whose ids are their kinds. From
// the reader's side every card in a zone is a slot: known (they know its
// kind) or hidden in a group, a set of slots whose combined kinds they know
// (its composition) and which the game's chance dealt uniformly. A deck
// shuffled in front of everyone is one group; an opponent's hand drawn from
// it holds slots of that group; cards the reader saw shuffled back into an
// empty deck become a new group, and hands keep the old one apart from it.
//
// Facts update slots and compositions exactly while each zone's hidden slots
// stay exchangeable. A fact that would mix them (a card of one kind taken
// from a hand where a known card of that kind lies beside hidden cards that
// could be of it too) leaves a ghost instead: the card's slot is not
// decided, and a sample decides it, rejecting the worlds in which it could
// not have been. A zone whose hidden cards have all left, every kind seen,
// folds its ghosts back into the compositions.
//
// So `sample` draws from exactly the worlds the reader cannot rule out,
// weighted by the game's chance, with each choice another player made of a
// hidden card counted once per physical card it could have been (the same
// as if they had picked one at random: what a player prefers to keep in hand
// is not modelled).
#pragma once
#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <cstdint>
#include <string>
#include <vector>

#include "core/events.h"
#include "core/rng.h"

namespace henchmen {

class Knowledge {
 public:
  // A sampled world: for each zone the cards at its top (top first), in its
  // middle (in no order) and at its bottom (bottom last).
  struct ZoneCards {
    std::vector<uint8_t> top, middle, bottom;
    // Every card of the zone, wherever the tracker placed it.
    template <class F>
    void each(F&& f) const {
      for (const auto* part : {&top, &middle, &bottom}) {
        for (const uint8_t c : *part) f(c);
      }
    }
    // The zone as counts by kind, counts[0] to counts[kinds - 1] (a game whose piles are counts).
    void count(uint8_t* counts, int kinds) const {
      for (int k = 0; k < kinds; ++k) counts[k] = 0;
      each([&](uint8_t c) { ++counts[c]; });
    }
  };
  using World = std::vector<ZoneCards>;

  explicit Knowledge(int zones = 0) : zones_(static_cast<size_t>(zones)) {}
  Knowledge(const Knowledge& o)
      : zones_(o.zones_), limbo_(o.limbo_), groups_(o.groups_), sets_(o.sets_), seq_(o.seq_), links_(o.links_), why_inexact_(o.why_inexact_) {}
  ~Knowledge();
  Knowledge& operator=(const Knowledge& o) {
    if (this != &o) {
      zones_ = o.zones_;
      limbo_ = o.limbo_;
      groups_ = o.groups_;
      sets_ = o.sets_;
      seq_ = o.seq_;
      links_ = o.links_;
      why_inexact_ = o.why_inexact_;
      hard_.store(false);
      reset_sampler();
    }
    return *this;
  }

  // Reads one fact as this reader saw it.
  void observe(const CardFact& f);

  // Draws a world (knowledge_sample.cpp). With no ghosts waiting, a deal
  // of every group is the draw. With ghosts, worlds are dealt and rejected
  // until one agrees with every ghost: an exact, independent draw. When
  // that is rare (many ghosts in hands that are never emptied), a Markov
  // chain over the same worlds takes over: it moves between worlds that
  // agree with every ghost, each equally likely, so its draws converge to
  // the same distribution. False if no world could be found at all (the
  // facts contradict each other) or the tracking gave up (see `exact`).
  bool sample(Rng& rng, World& out) const;

  // A Markov chain a caller carries from draw to draw (one search). Where
  // the chain is needed, a draw without one burns in from the settled start
  // (thousands of moves, so that it depends on nothing before it); a draw
  // with one continues from the chain's last world for a short stretch.
  // Successive draws are then correlated, which search does not mind (it
  // averages thousands), and each is still a function of the knowledge and
  // the caller's generators in order: a seeded search stays deterministic.
  class Chain {
   public:
    int64_t draws() const { return draws_; }

   private:
    friend class Knowledge;
    std::shared_ptr<const void> sampler_;  // the cache it walks: a chain follows one knowledge
    std::shared_ptr<void> world_;          // its last world (the sampler's own type)
    int64_t draws_ = 0;
  };
  bool sample(Rng& rng, World& out, Chain* chain) const;

  // False once a fact could not be followed exactly (the game said
  // something the model cannot represent); the reason is in `why_inexact`.
  bool exact() const { return why_inexact_.empty(); }
  const std::string& why_inexact() const { return why_inexact_; }
  int ghosts() const;  // undecided cards waiting in zones
  int groups() const { return static_cast<int>(groups_.size()); }
  int zones() const { return static_cast<int>(zones_.size()); }
  // The number of cards in a zone, and how many the reader knows there.
  int size(int zone) const;
  int hidden(int zone) const;
  // Empty if the zone's known cards and size agree with `truth` (the game's
  // own cards of that zone, in any order); else what disagrees.
  std::string check(int zone, const std::vector<uint8_t>& truth) const;
  // A short description of every zone, for debugging.
  std::string describe() const;

  // Totals over every sample in this process: draws asked for, worlds dealt
  // (a draw deals again each time a ghost rules a world out), and draws that
  // found none within their tries. For benchmarks and docs.
  struct Stats {
    int64_t samples = 0, attempts = 0, failures = 0;
    int64_t chained = 0;   // draws that came from the Markov chain
    int64_t observed = 0;  // card facts followed (observe): what catching up with a game costs
  };
  static Stats stats();
  // For tests: every draw from a knowledge settled from now on takes the
  // chain, even where rejection would find worlds (so that the chain can be
  // checked on tables small enough to enumerate).
  static void always_chain(bool on);

 private:
  static void count_observed();
  struct Slot {
    int16_t card = -1;   // >= 0: known kind
    int16_t group = -1;  // >= 0: hidden in this group
    int32_t link = -1;   // >= 0: this card is the one ghost `link` took
  };
  // A card that left a zone's middle (or was shown from it) whose slot is
  // not decided. Ghosts of all zones are decided in the order of `seq`.
  struct Ghost {
    enum class Kind : uint8_t { kTake, kShow, kNoneOf };
    Kind kind = Kind::kTake;
    int16_t card = -1;        // the kind seen, or -1 (a card that left unseen)
    uint32_t seq = 0;
    uint32_t available = 0;   // middle slots that existed when it happened
    int32_t link = -1;        // kTake unseen: the slot it became elsewhere
    int32_t none_of = -1;     // kNoneOf: index into sets_
  };
  struct Zone {
    std::vector<Slot> top, middle, bottom;
    std::vector<Ghost> ghosts;
  };
  struct Group {
    std::array<uint16_t, 256> count{};
    int size = 0;
  };

  // Slot selection for a take (or a sighting) from `zone` at `pos`.
  enum class Part : uint8_t { kTop, kMiddle, kBottom, kNone };
  struct Pick {
    Part part = Part::kNone;
    int index = -1;         // the slot, or -1: any slot of the middle's one group
    bool ghost = false;     // undecided: leave a ghost
  };

  void give_up(const std::string& why);
  int live(const Zone& z) const { return static_cast<int>(z.middle.size() - taken_count(z)); }
  size_t taken_count(const Zone& z) const;
  Pick locate(int zone, Pos pos, int card);  // may merge a middle into one group
  Pick locate_middle(int zone, int card);
  Pick locate_beside_ghosts(int zone, int card) const;
  // Merges the middle's known cards, and every group lying wholly in it,
  // into one group; true if the middle's slots are then all of one group.
  bool groupify(int zone);
  // The kinds a hidden slot of `group` may be.
  bool may_be(int group, int card) const { return group >= 0 && groups_[static_cast<size_t>(group)].count[static_cast<size_t>(card)] > 0; }
  Slot take(int zone, const Pick& p, int card);
  void put(int zone, Pos pos, const Slot& s);
  void reveal(Slot& s, int card);
  void ghost(int zone, Ghost g);
  void try_fold(int zone);
  void move_all(int from, int to, Pos to_pos);
  int slots_of(int group) const;  // everywhere, limbo included
  int middle_slots_of(int group, int zone) const;

  std::vector<Zone> zones_;
  Zone limbo_;  // hidden cards gone for good: still dealt, never shown
  std::vector<Group> groups_;
  std::vector<std::array<uint64_t, 4>> sets_;  // the card sets of kNoneOf ghosts
  uint32_t seq_ = 0;
  int32_t links_ = 0;
  std::string why_inexact_;
  mutable std::atomic<bool> hard_{false};  // no world could be found: fail at once from now on

  // The sampler's cache (knowledge_sample.cpp): what a draw needs, built
  // once per knowledge, and the Markov chain's current world.
  struct Sampler;
  void reset_sampler();
  mutable std::mutex sampler_mu_;
  mutable std::shared_ptr<Sampler> sampler_;
  friend struct SamplerAccess;
};

}  // namespace henchmen
