// Drawing worlds from a Knowledge (see knowledge.h for the model).
//
// A world gives every hidden slot a kind and every ghost the slot it took
// (or showed). Its prior is uniform: each group's cards dealt uniformly among
// its slots, and each ghost's slot uniform among the slots free when it
// happened (their number is public, so the same in every world). Keeping
// only the worlds that agree with every ghost therefore leaves the exact
// posterior, uniform over the consistent (deal, choices) pairs. Rejection
// samples it independently; when consistent worlds are too rare for that, a
// Metropolis chain with symmetric moves (swap two slots of a group; move a
// ghost's choice) accepts every consistent proposal, so its stationary
// distribution is the same uniform one. Each draw is a function of the
// knowledge and its own generator only: the chain restarts every draw from
// a start settled once from a fixed seed, and runs long enough to forget it
// (a chain carried from draw to draw would make a draw depend on the draws
// before it, and two runs of one seeded game diverge).
#include <algorithm>
#include <atomic>

#include "core/knowledge.h"

namespace henchmen {

namespace {
std::atomic<int64_t> g_samples{0}, g_attempts{0}, g_failures{0}, g_chained{0}, g_observed{0};
std::atomic<bool> g_always_chain{false};  // for tests: the chain on tables small enough to enumerate

constexpr int kRejectionTries = 100;
constexpr uint64_t kSettleSeed = 0x5eed5a3b1e5ULL;  // any fixed value: the settled start depends on nothing else

bool in_set(const std::array<uint64_t, 4>& set, int card) {
  return card >= 0 && card < 256 && ((set[static_cast<size_t>(card) / 64] >> (card % 64)) & 1);
}
}  // namespace

void Knowledge::always_chain(bool on) { g_always_chain.store(on); }

Knowledge::Stats Knowledge::stats() { return Stats{g_samples.load(), g_attempts.load(), g_failures.load(), g_chained.load(), g_observed.load()}; }

void Knowledge::count_observed() { g_observed.fetch_add(1, std::memory_order_relaxed); }

struct SamplerAccess;

struct Knowledge::Sampler {
  struct Ref {
    uint32_t zone;
    uint8_t part;
    uint32_t index;
  };
  struct Step {
    uint32_t zone;
    uint32_t ghost;
  };
  // A world: kinds[zone][part][index] (-1 for a link slot, whose kind is
  // link_kind[link]), and picks[i]: the middle slot ghost order[i] took.
  struct World {
    std::vector<std::array<std::vector<int16_t>, 3>> kinds;
    std::vector<int16_t> link_kind;
    std::vector<uint32_t> picks;
  };

  std::vector<std::vector<Ref>> refs;  // hidden slots by group
  std::vector<std::vector<int16_t>> decks;
  std::vector<Step> order;  // every ghost, as they happened
  World base;
  // Whether rejection is hopeless here, and the chain's start: both computed
  // once from a fixed seed, so they depend on the knowledge alone and a draw
  // depends only on the knowledge and its own generator (never on the draws
  // before it: determinism, and clones that share the cache agree).
  bool settled = false;
  bool rare = false;
  bool start_ready = false;
  World start;
  std::vector<std::vector<uint8_t>> taken;  // scratch
  std::vector<int16_t> shuffled;             // scratch
};

Knowledge::~Knowledge() = default;

void Knowledge::reset_sampler() {
  std::lock_guard<std::mutex> lock(sampler_mu_);
  sampler_.reset();
}

struct SamplerAccess {
  using Sampler = Knowledge::Sampler;
  using Slot = Knowledge::Slot;
  using Ghost = Knowledge::Ghost;

  const Knowledge& k;
  Sampler& s;

  uint32_t nz() const { return static_cast<uint32_t>(k.zones_.size()); }
  const Knowledge::Zone& zone(uint32_t zi) const { return zi < nz() ? k.zones_[zi] : k.limbo_; }

  void build() {
    s.refs.assign(k.groups_.size(), {});
    s.decks.assign(k.groups_.size(), {});
    s.base.kinds.assign(nz() + 1, {});
    for (uint32_t zi = 0; zi <= nz(); ++zi) {
      const auto& z = zone(zi);
      const std::vector<Slot>* parts[3] = {&z.top, &z.middle, &z.bottom};
      for (uint8_t p = 0; p < 3; ++p) {
        auto& kinds = s.base.kinds[zi][p];
        kinds.resize(parts[p]->size());
        for (uint32_t i = 0; i < parts[p]->size(); ++i) {
          const Slot& slot = (*parts[p])[i];
          kinds[i] = slot.card;
          if (slot.card < 0 && slot.link < 0) s.refs[static_cast<size_t>(slot.group)].push_back(Sampler::Ref{zi, p, i});
        }
      }
    }
    for (size_t g = 0; g < k.groups_.size(); ++g) {
      for (int c = 0; c < 256; ++c) s.decks[g].insert(s.decks[g].end(), k.groups_[g].count[static_cast<size_t>(c)], static_cast<int16_t>(c));
    }
    for (uint32_t zi = 0; zi < nz(); ++zi) {
      for (uint32_t g = 0; g < k.zones_[zi].ghosts.size(); ++g) s.order.push_back(Sampler::Step{zi, g});
    }
    std::sort(s.order.begin(), s.order.end(), [&](const auto& a, const auto& b) { return k.zones_[a.zone].ghosts[a.ghost].seq < k.zones_[b.zone].ghosts[b.ghost].seq; });
    s.base.link_kind.assign(static_cast<size_t>(k.links_), -1);
    s.base.picks.assign(s.order.size(), 0);
    s.taken.assign(nz(), {});
  }

  int16_t kind_of(const Sampler::World& w, uint32_t zi, uint32_t i) const {
    const Slot& slot = k.zones_[zi].middle[i];
    return slot.link >= 0 ? w.link_kind[static_cast<size_t>(slot.link)] : w.kinds[zi][1][i];
  }

  void deal(Rng& rng, Sampler::World& w) {
    w.kinds = s.base.kinds;
    w.link_kind = s.base.link_kind;
    w.picks = s.base.picks;
    for (size_t g = 0; g < s.refs.size(); ++g) {
      // Shuffle a copy of the group's sorted cards: shuffling them in place
      // would make this deal depend on the deals before it.
      auto& deck = s.shuffled;
      deck = s.decks[g];
      for (size_t i = deck.size(); i > 1; --i) std::swap(deck[i - 1], deck[rng.below(static_cast<uint32_t>(i))]);
      for (size_t i = 0; i < deck.size(); ++i) w.kinds[s.refs[g][i].zone][s.refs[g][i].part][s.refs[g][i].index] = deck[i];
    }
  }

  // Walks the ghosts in order. With `rng`, each ghost picks a free slot at
  // random (recorded in w.picks); without, the recorded picks are checked.
  // True if the world agrees with every ghost.
  bool walk(Sampler::World& w, Rng* rng) {
    for (uint32_t zi = 0; zi < nz(); ++zi) s.taken[zi].assign(k.zones_[zi].middle.size(), 0);
    for (size_t i = 0; i < s.order.size(); ++i) {
      const uint32_t zi = s.order[i].zone;
      const Ghost& g = k.zones_[zi].ghosts[s.order[i].ghost];
      auto& taken = s.taken[zi];
      if (g.kind == Ghost::Kind::kNoneOf) {
        for (uint32_t j = 0; j < g.available; ++j) {
          if (!taken[j] && in_set(k.sets_[static_cast<size_t>(g.none_of)], kind_of(w, zi, j))) return false;
        }
        continue;
      }
      uint32_t pick;
      if (rng) {
        uint32_t free = 0;
        for (uint32_t j = 0; j < g.available; ++j) free += !taken[j];
        if (free == 0) return false;
        uint32_t r = rng->below(free);
        for (pick = 0;; ++pick) {
          if (!taken[pick] && r-- == 0) break;
        }
        w.picks[i] = pick;
      } else {
        pick = w.picks[i];
        if (pick >= g.available || taken[pick]) return false;
      }
      const int16_t kind = kind_of(w, zi, pick);
      if (g.card >= 0 && kind != g.card) return false;
      if (g.kind == Ghost::Kind::kTake) {
        taken[pick] = 1;
        if (g.link >= 0) w.link_kind[static_cast<size_t>(g.link)] = kind;
      }
    }
    return true;
  }

  // One Metropolis move (symmetric proposals, uniform target), undone if
  // the world then disagrees with a ghost: swap the kinds of two slots of a
  // group; move one ghost's pick; or swap and draw every pick afresh (the
  // picks' proposal is then the prior's, whose probability is the same in
  // every world, so the move is still symmetric). The last lets the chain
  // cross between worlds that differ in a card and in the picks it forces.
  void move(Rng& rng, Sampler::World& w) {
    const uint32_t kind = s.order.empty() ? 0 : rng.below(3);
    if (kind == 1) {
      const size_t i = rng.below(static_cast<uint32_t>(s.order.size()));
      const Ghost& g = k.zones_[s.order[i].zone].ghosts[s.order[i].ghost];
      if (g.kind == Ghost::Kind::kNoneOf || g.available == 0) return;
      const uint32_t old = w.picks[i];
      w.picks[i] = rng.below(g.available);
      if (!walk(w, nullptr)) {
        w.picks[i] = old;
        walk(w, nullptr);
      }
      return;
    }
    // Swaps: one, or (with fresh picks) up to three at once, since a card
    // can only move between hands together with the cards its picks force.
    const int swaps = kind == 0 ? 1 : 1 + static_cast<int>(rng.below(3));
    std::vector<std::pair<int16_t*, int16_t*>> done;
    for (int n = 0; n < swaps; ++n) {
      const auto pair = random_pair(rng, w);
      if (!pair.first) continue;
      std::swap(*pair.first, *pair.second);
      done.push_back(pair);
    }
    if (done.empty()) return;
    auto undo = [&] {
      for (auto it = done.rbegin(); it != done.rend(); ++it) std::swap(*it->first, *it->second);
    };
    if (kind == 0) {
      if (!walk(w, nullptr)) {
        undo();
        walk(w, nullptr);
      }
      return;
    }
    const std::vector<uint32_t> old = w.picks;
    if (!walk(w, &rng)) {
      undo();
      w.picks = old;
      walk(w, nullptr);
    }
  }

  // Two slots of one group (chosen without looking at their kinds, so the
  // choice is the same from either side); null when no group has two.
  std::pair<int16_t*, int16_t*> random_pair(Rng& rng, Sampler::World& w) {
    size_t total = 0;
    for (const auto& r : s.refs) total += r.size() > 1 ? r.size() : 0;
    if (total == 0) return {nullptr, nullptr};
    size_t x = rng.below(static_cast<uint32_t>(total));
    size_t g = 0;
    while (s.refs[g].size() < 2 || x >= s.refs[g].size()) {
      if (s.refs[g].size() > 1) x -= s.refs[g].size();
      ++g;
    }
    const auto& refs = s.refs[g];
    const Sampler::Ref a = refs[x];
    const Sampler::Ref b = refs[(x + 1 + rng.below(static_cast<uint32_t>(refs.size() - 1))) % refs.size()];
    return {&w.kinds[a.zone][a.part][a.index], &w.kinds[b.zone][b.part][b.index]};
  }

  // A world that agrees with every ghost, built directly: each ghost in
  // order takes a free slot that could be of its kind (deciding a hidden
  // slot's kind as it goes), then every group's other cards are dealt to
  // the slots left, respecting what "none of" ghosts ruled out. Not a
  // uniform draw: the chain starts here and mixes from it.
  bool construct(Rng& rng, Sampler::World& w) {
    constexpr int16_t kOpen = -2;
    w.kinds = s.base.kinds;
    w.link_kind = s.base.link_kind;
    w.picks = s.base.picks;
    std::vector<std::array<int, 256>> left(k.groups_.size());
    for (size_t g = 0; g < k.groups_.size(); ++g) {
      for (int c = 0; c < 256; ++c) left[g][static_cast<size_t>(c)] = k.groups_[g].count[static_cast<size_t>(c)];
    }
    // Where each hidden slot is in refs, and what kinds it may not be.
    std::vector<std::vector<int32_t>> group_of(nz() + 1);
    for (uint32_t zi = 0; zi <= nz(); ++zi) group_of[zi].assign(zone(zi).middle.size(), -1);
    std::vector<std::vector<std::vector<int32_t>>> barred(nz() + 1);
    for (uint32_t zi = 0; zi <= nz(); ++zi) barred[zi].assign(zone(zi).middle.size(), {});
    for (size_t g = 0; g < s.refs.size(); ++g) {
      for (const auto& r : s.refs[g]) {
        w.kinds[r.zone][r.part][r.index] = kOpen;
        if (r.part == 1) group_of[r.zone][r.index] = static_cast<int32_t>(g);
      }
    }
    auto allowed = [&](uint32_t zi, uint32_t j, int card) {
      for (const int32_t set : barred[zi][j]) {
        if (in_set(k.sets_[static_cast<size_t>(set)], card)) return false;
      }
      return true;
    };
    // A kind for an open slot of group g, by what is left of g; zi < 0: a
    // slot at a known place (no "none of" ghost can bar it).
    auto draw_kind = [&](size_t g, int64_t zi, uint32_t j) -> int16_t {
      auto ok = [&](int c) { return zi < 0 || allowed(static_cast<uint32_t>(zi), j, c); };
      int total = 0;
      for (int c = 0; c < 256; ++c) total += ok(c) ? left[g][static_cast<size_t>(c)] : 0;
      if (total == 0) return -1;
      int r = static_cast<int>(rng.below(static_cast<uint32_t>(total)));
      for (int c = 0; c < 256; ++c) {
        const int n = ok(c) ? left[g][static_cast<size_t>(c)] : 0;
        if (r < n) return static_cast<int16_t>(c);
        r -= n;
      }
      return -1;
    };
    for (uint32_t zi = 0; zi < nz(); ++zi) s.taken[zi].assign(k.zones_[zi].middle.size(), 0);
    std::vector<uint32_t> candidates;
    for (size_t i = 0; i < s.order.size(); ++i) {
      const uint32_t zi = s.order[i].zone;
      const Ghost& g = k.zones_[zi].ghosts[s.order[i].ghost];
      auto& taken = s.taken[zi];
      if (g.kind == Ghost::Kind::kNoneOf) {
        for (uint32_t j = 0; j < g.available; ++j) {
          if (taken[j]) continue;
          const int16_t kind = w.kinds[zi][1][j] == kOpen ? kOpen : kind_of(w, zi, j);
          if (kind == kOpen) barred[zi][j].push_back(g.none_of);
          else if (in_set(k.sets_[static_cast<size_t>(g.none_of)], kind)) return false;
        }
        continue;
      }
      candidates.clear();
      for (uint32_t j = 0; j < g.available; ++j) {
        if (taken[j]) continue;
        const bool open = w.kinds[zi][1][j] == kOpen;
        if (g.card < 0) candidates.push_back(j);
        else if (!open && kind_of(w, zi, j) == g.card) candidates.push_back(j);
        else if (open && left[static_cast<size_t>(group_of[zi][j])][static_cast<size_t>(g.card)] > 0 && allowed(zi, j, g.card)) candidates.push_back(j);
      }
      if (candidates.empty()) return false;
      const uint32_t pick = candidates[rng.below(static_cast<uint32_t>(candidates.size()))];
      if (w.kinds[zi][1][pick] == kOpen) {
        const size_t grp = static_cast<size_t>(group_of[zi][pick]);
        const int16_t kind = g.card >= 0 ? static_cast<int16_t>(g.card) : draw_kind(grp, zi, pick);
        if (kind < 0) return false;
        --left[grp][static_cast<size_t>(kind)];
        w.kinds[zi][1][pick] = kind;
      }
      w.picks[i] = pick;
      if (g.kind == Ghost::Kind::kTake) {
        taken[pick] = 1;
        if (g.link >= 0) w.link_kind[static_cast<size_t>(g.link)] = kind_of(w, zi, pick);
      }
    }
    for (size_t g = 0; g < s.refs.size(); ++g) {
      std::vector<Sampler::Ref> open;
      for (const auto& r : s.refs[g]) {
        if (w.kinds[r.zone][r.part][r.index] == kOpen) open.push_back(r);
      }
      for (size_t i = open.size(); i > 1; --i) std::swap(open[i - 1], open[rng.below(static_cast<uint32_t>(i))]);
      for (const auto& r : open) {
        const int16_t kind = draw_kind(g, r.part == 1 ? static_cast<int64_t>(r.zone) : -1, r.index);
        if (kind < 0) return false;
        --left[g][static_cast<size_t>(kind)];
        w.kinds[r.zone][r.part][r.index] = kind;
      }
    }
    return walk(w, nullptr);
  }

  void output(const Sampler::World& w, Knowledge::World& out) const {
    out.assign(nz(), Knowledge::ZoneCards{});
    for (uint32_t zi = 0; zi < nz(); ++zi) {
      const auto& z = k.zones_[zi];
      auto& o = out[zi];
      auto kind_at = [&](int p, size_t i) {
        const Slot& slot = p == 0 ? z.top[i] : p == 1 ? z.middle[i] : z.bottom[i];
        return static_cast<uint8_t>(slot.link >= 0 ? w.link_kind[static_cast<size_t>(slot.link)] : w.kinds[zi][static_cast<size_t>(p)][i]);
      };
      for (size_t i = 0; i < z.top.size(); ++i) o.top.push_back(kind_at(0, i));
      for (size_t i = 0; i < z.middle.size(); ++i) {
        if (!s.taken[zi][i]) o.middle.push_back(kind_at(1, i));
      }
      for (size_t i = 0; i < z.bottom.size(); ++i) o.bottom.push_back(kind_at(2, i));
    }
  }
};

bool Knowledge::sample(Rng& rng, World& out) const { return sample(rng, out, nullptr); }

bool Knowledge::sample(Rng& rng, World& out, Chain* chain) const {
  if (!exact() || hard_.load(std::memory_order_relaxed)) return false;
  g_samples.fetch_add(1, std::memory_order_relaxed);
  std::lock_guard<std::mutex> lock(sampler_mu_);
  if (!sampler_) {
    sampler_ = std::make_shared<Sampler>();
    SamplerAccess{*this, *sampler_}.build();
  }
  Sampler& s = *sampler_;
  SamplerAccess a{*this, s};
  Sampler::World w;
  auto reject = [&](Rng& r, int tries) {
    for (int attempt = 0; attempt < tries; ++attempt) {
      g_attempts.fetch_add(1, std::memory_order_relaxed);
      a.deal(r, w);
      if (a.walk(w, &r)) return true;
    }
    return false;
  };
  const size_t burn = 2000 + 50 * s.order.size();
  // The start of the chain, from the fixed seed: built directly, then burnt in.
  auto settle_start = [&]() {
    Rng fixed(kSettleSeed);
    bool found = false;
    for (int attempt = 0; attempt < 200 && !found; ++attempt) found = a.construct(fixed, s.start);
    if (!found) return false;
    for (size_t i = 0; i < burn; ++i) a.move(fixed, s.start);
    s.start_ready = true;
    return true;
  };
  if (!s.settled) {
    Rng fixed(kSettleSeed);
    s.rare = g_always_chain.load() || !reject(fixed, kRejectionTries);
    if (s.rare && !settle_start()) {
      g_failures.fetch_add(1, std::memory_order_relaxed);
      hard_.store(true, std::memory_order_relaxed);
      return false;
    }
    s.settled = true;
  }
  if (!s.rare) {
    if (reject(rng, kRejectionTries)) {
      a.output(w, out);
      return true;
    }
    // Unlucky this time: the chain below, from a start settled now.
    if (!s.start_ready && !settle_start()) return false;
  }
  // Consistent worlds are rare here: a Metropolis chain from the settled
  // start, long enough to forget it, driven by this draw's generator alone;
  // or, for a caller's chain already on this knowledge, a stretch on from
  // its last world (a twentieth of the burn-in: still dozens of moves per
  // hidden card and ghost).
  g_chained.fetch_add(1, std::memory_order_relaxed);
  const bool carried = chain && chain->world_ && chain->sampler_ == sampler_;
  w = carried ? *static_cast<const Sampler::World*>(chain->world_.get()) : s.start;
  const size_t moves = carried ? burn / 20 : burn;
  for (size_t i = 0; i < moves; ++i) a.move(rng, w);
  a.walk(w, nullptr);
  a.output(w, out);
  if (chain) {
    if (!carried) {
      chain->sampler_ = sampler_;
      chain->world_ = std::make_shared<Sampler::World>(w);
    } else {
      *static_cast<Sampler::World*>(chain->world_.get()) = w;
    }
    ++chain->draws_;
  }
  return true;
}

}  // namespace henchmen
