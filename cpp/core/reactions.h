// Reaction windows: off-turn interrupts, through one mechanism for every game.
//
// At a moment its rules name (a card about to be played, an attack declared,
// an Action played, a turn starting), a game opens a window. The players who
// may react are asked one at a time in a fixed order, each answering with a
// reaction or a pass. A reaction may open a window of its own (a chain: a
// Block on a Block); the inner window closes first, the game resolves what
// it answered, and the outer window goes on. A window closes when everyone
// it asks has passed since the last reaction in it.
//
// Privacy: who is asked must depend only on what everyone can see (a
// non-empty hand, a player still in the game), never on whether they hold a
// reaction card, so being asked tells nobody anything; and a pass makes no
// event anyone else reads. A player asked with nothing to play simply has
// "pass" as their only move.
// Cost: a window that no one could answer, by what everyone can see, is
// never opened, so it costs no decision at all; games keep that case common
// by asking only players who could, publicly, react (docs/authoring.md).
//
// A flat value type: a game keeps one inside its trivially copyable state.
#pragma once
#include <cstdint>

namespace henchmen {

template <int MaxDepth, int MaxPlayers>
struct Reactions {
  struct Window {
    uint8_t trigger = 0;   // what opened it (the game's own code)
    int8_t opener = -1;    // the player whose play it answers
    uint8_t arg = 0;       // the game's own detail (a card, a target)
    uint8_t order[MaxPlayers] = {};
    uint8_t n = 0;         // players asked
    uint8_t next = 0;      // index into order of the one asked now
    uint8_t passes = 0;    // consecutive passes since the window opened or last reaction
  };

  Window windows[MaxDepth];
  uint8_t depth = 0;

  bool open() const { return depth > 0; }
  bool full() const { return depth >= MaxDepth; }
  const Window& top() const { return windows[depth - 1]; }
  Window& top() { return windows[depth - 1]; }

  // Opens a window asking the players in `askable` (a bit per player, from
  // public information only), in seat order starting after `opener`.
  // Returns false, and opens nothing, when nobody is askable (or the chain is
  // as deep as it may go): then the game resolves at once.
  bool open_window(uint8_t trigger, int opener, uint32_t askable, int players, uint8_t arg = 0) {
    if (depth >= MaxDepth) return false;
    Window w;
    w.trigger = trigger;
    w.opener = static_cast<int8_t>(opener);
    w.arg = arg;
    for (int k = 1; k <= players; ++k) {
      const int p = (opener + k) % players;
      if ((askable >> p) & 1) w.order[w.n++] = static_cast<uint8_t>(p);
    }
    if (w.n == 0) return false;
    windows[depth++] = w;
    return true;
  }

  // The player who must answer now, or -1 when no window is open.
  int responder() const { return depth ? top().order[top().next] : -1; }

  // The responder passes. Returns true when that closes the window (everyone
  // asked has passed since the last reaction); the game then resolves it and
  // calls close().
  bool pass() {
    Window& w = top();
    ++w.passes;
    w.next = static_cast<uint8_t>((w.next + 1) % w.n);
    return w.passes >= w.n;
  }

  // The responder reacted: everyone is asked again, starting after them.
  // The game may then open a window on the reaction itself.
  void reacted() {
    Window& w = top();
    w.passes = 0;
    w.next = static_cast<uint8_t>((w.next + 1) % w.n);
  }

  // Drops a player from every open window (eliminated, out of cards): they
  // are not asked again. Returns true if the top window then closes.
  bool drop(int player) {
    bool closed = false;
    for (int d = 0; d < depth; ++d) {
      Window& w = windows[d];
      const uint8_t asked_now = w.order[w.next];
      uint8_t k = 0;
      for (uint8_t i = 0; i < w.n; ++i) {
        if (w.order[i] != player) w.order[k++] = w.order[i];
      }
      if (k == w.n) continue;
      w.n = k;
      w.next = 0;
      for (uint8_t i = 0; i < w.n; ++i) {
        if (w.order[i] == asked_now) w.next = i;
      }
      if (w.passes > w.n) w.passes = w.n;
      if (d == depth - 1) closed = w.n == 0 || w.passes >= w.n;
    }
    return closed;
  }

  void close() {
    if (depth) windows[--depth] = Window{};
  }
  void clear() {
    while (depth) close();
  }
};

}  // namespace henchmen
