// Stopping long native work: a user's cancellation, a deadline, or an
// interrupt (Ctrl-C) noticed by a frontend.
//
// Native loops (playouts, searches, matches, batches) run for seconds or
// hours with the GIL released, where Python cannot deliver a signal. They
// call `Stop::check()` often; it is a relaxed atomic load almost always, and
// now and then (every kPollSeconds at most) it reads the clock and, on the
// thread that owns the Stop, asks the frontend's poll function whether the
// user interrupted. Once stopped, every thread sharing the Stop sees it at
// its next check and unwinds with `Stopped`; no state is left half-changed,
// because each loop only ever throws between whole steps.
#pragma once
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "core/error.h"

namespace henchmen {

// A flag a user (or a server) sets to cancel work in flight. Shared by
// pointer: Python holds one and passes it to as many calls as it likes.
class CancelToken {
 public:
  void cancel() { flag_.store(true, std::memory_order_relaxed); }
  bool cancelled() const { return flag_.load(std::memory_order_relaxed); }

 private:
  std::atomic<bool> flag_{false};
};

// Why work stopped; the bindings turn these into KeyboardInterrupt,
// henchmen.errors.Cancelled or a timeout as the caller asked.
struct Stopped : Error {
  enum class Why { kInterrupted, kCancelled, kDeadline };
  Why why;
  Stopped(Why w, const std::string& what) : Error(what), why(w) {}
};

class Stop {
 public:
  // Polls the frontend for an interrupt; returns true to stop. Called only on
  // the thread that created the Stop (Python delivers signals to one thread).
  using Poll = bool (*)(void* context);
  using Clock = std::chrono::steady_clock;

  Stop() : owner_(std::this_thread::get_id()) {}
  Stop(std::shared_ptr<const CancelToken> token, double seconds, Poll poller, void* context)
      : token_(std::move(token)), poll_(poller), context_(context), owner_(std::this_thread::get_id()) {
    if (seconds > 0) {
      deadline_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
      has_deadline_ = true;
    }
  }
  Stop(const Stop&) = delete;
  Stop& operator=(const Stop&) = delete;

  // One per thread and loop: counts calls locally so that the shared Stop is
  // only read, and the clock only now and then.
  class Probe {
   public:
    explicit Probe(Stop& stop) : stop_(stop) {}
    // Throws Stopped if the work must stop. Cheap enough for every step.
    void check() {
      if (stop_.stopped_.load(std::memory_order_acquire)) stop_.raise();
      if (++calls_ & 63) return;
      const auto now = Clock::now();
      if (now < next_) return;
      next_ = now + std::chrono::milliseconds(kPollMillis);
      stop_.poll(now);
    }
    // True once stopped, without throwing: for loops that end gracefully.
    bool stopped() {
      try {
        check();
      } catch (const Stopped&) {
        return true;
      }
      return false;
    }

   private:
    Stop& stop_;
    uint32_t calls_ = 0;
    Clock::time_point next_{};
  };

  // Stops every thread sharing this Stop (e.g. one of them failed).
  void set(Stopped::Why why) {
    int expected = -1;
    why_.compare_exchange_strong(expected, static_cast<int>(why));
    stopped_.store(true, std::memory_order_release);
  }
  bool is_set() const { return stopped_.load(std::memory_order_acquire); }
  Stopped::Why why() const { return static_cast<Stopped::Why>(why_.load()); }

  static constexpr int kPollMillis = 20;

 private:
  void poll(Clock::time_point now) {
    if (token_ && token_->cancelled()) set(Stopped::Why::kCancelled);
    else if (has_deadline_ && now >= deadline_) set(Stopped::Why::kDeadline);
    else if (poll_ && std::this_thread::get_id() == owner_ && poll_(context_)) set(Stopped::Why::kInterrupted);
    if (is_set()) raise();
  }

  [[noreturn]] void raise() const {
    switch (why()) {
      case Stopped::Why::kInterrupted: throw Stopped(Stopped::Why::kInterrupted, "interrupted");
      case Stopped::Why::kCancelled: throw Stopped(Stopped::Why::kCancelled, "cancelled");
      case Stopped::Why::kDeadline: break;
    }
    throw Stopped(Stopped::Why::kDeadline, "the deadline passed");
  }

  std::shared_ptr<const CancelToken> token_;
  Poll poll_ = nullptr;
  void* context_ = nullptr;
  std::thread::id owner_;
  Clock::time_point deadline_{};
  bool has_deadline_ = false;
  std::atomic<bool> stopped_{false};
  std::atomic<int> why_{-1};
};

}  // namespace henchmen
