// A small persistent thread pool for batched work: parallel_for splits [0, n)
// into contiguous blocks, one per worker, and waits for all of them.
// Results never depend on the number of threads, because callers give every
// item its own independent state and generator.
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "core/error.h"

namespace henchmen {

// The most threads one call may use: a few per core is plenty for work that
// never blocks, and asking for hundreds only risks running out of memory.
inline int max_threads() {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return std::min(256, std::max(8, 4 * cores));
}

// Throws OptionError unless 1 <= threads <= max_threads().
inline void check_threads(int64_t threads) {
  if (threads < 1 || threads > max_threads()) {
    throw OptionError("threads must be from 1 to " + std::to_string(max_threads()) + " (four per core on this machine), got " + std::to_string(threads));
  }
}

// Runs work(t) for t in [0, threads) on as many threads (the caller's thread
// runs t = 0) and joins them. A thread that cannot be started, or a worker
// that throws, never aborts the process: the first failure is rethrown here
// after every started thread has been joined. `on_failure` is called at once
// so that the others can stop early.
template <class Work, class OnFailure>
void run_threads(int threads, Work&& work, OnFailure&& on_failure) {
  std::vector<std::thread> pool;
  std::mutex mu;
  std::exception_ptr first;
  auto guarded = [&](int t) {
    try {
      work(t);
    } catch (...) {
      {
        std::lock_guard<std::mutex> lock(mu);
        if (!first) first = std::current_exception();
      }
      on_failure();
    }
  };
  try {
    for (int t = 1; t < threads; ++t) pool.emplace_back(guarded, t);
  } catch (const std::system_error& e) {
    std::lock_guard<std::mutex> lock(mu);
    if (!first) first = std::make_exception_ptr(Error("could not start " + std::to_string(threads) + " threads (" + e.what() + "); ask for fewer"));
  }
  if (!first) guarded(0);
  else on_failure();
  for (auto& th : pool) th.join();
  if (first) std::rethrow_exception(first);
}

class ThreadPool {
 public:
  // Throws Error (never aborts) if the threads cannot be started.
  explicit ThreadPool(int threads) {
    size_ = threads < 1 ? 1 : threads;
    try {
      for (int t = 1; t < size_; ++t) workers_.emplace_back([this, t] { run(t); });
    } catch (const std::system_error& e) {
      shut_down();
      throw Error("could not start " + std::to_string(size_) + " threads (" + e.what() + "); ask for fewer");
    }
  }
  ~ThreadPool() { shut_down(); }
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const { return size_; }

  // Calls fn(begin, end) on disjoint blocks covering [0, n); returns when
  // done. If a block throws, the first exception is rethrown here once every
  // block has finished (fn must leave its items consistent when it throws).
  void parallel_for(int64_t n, const std::function<void(int64_t, int64_t)>& fn) {
    if (size_ == 1 || n < 2) {
      fn(0, n);
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      job_ = &fn;
      n_ = n;
      pending_.store(size_ - 1, std::memory_order_relaxed);
      failure_ = nullptr;
      generation_.fetch_add(1, std::memory_order_release);
    }
    wake_.notify_all();
    std::exception_ptr mine;
    try {
      fn(0, block_end(0, n));
    } catch (...) {
      mine = std::current_exception();
    }
    if (!spin_until([this] { return pending_.load(std::memory_order_acquire) == 0; })) {
      std::unique_lock<std::mutex> lock(mu_);
      done_.wait(lock, [this] { return pending_.load(std::memory_order_acquire) == 0; });
    }
    std::lock_guard<std::mutex> lock(mu_);
    job_ = nullptr;
    if (mine) std::rethrow_exception(mine);
    if (failure_) std::rethrow_exception(failure_);
  }

 private:
  // Batched stepping hands out a job every few tens of microseconds: waking a
  // sleeping thread costs about as much as the job, so each side spins for a
  // short while (yielding, so an oversubscribed machine loses little) before
  // it sleeps on the condition variable. Returns whether `ready` came true.
  template <class Ready>
  static bool spin_until(Ready ready) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::microseconds(200);
    for (int i = 0;; ++i) {
      if (ready()) return true;
      if ((i & 63) == 63) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        std::this_thread::yield();
      }
    }
  }

  void shut_down() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
      generation_.fetch_add(1, std::memory_order_release);
    }
    wake_.notify_all();
    for (auto& w : workers_) w.join();
    workers_.clear();
  }

  int64_t block_end(int t, int64_t n) const { return n * (t + 1) / size_; }

  void run(int t) {
    uint64_t seen = 0;
    while (true) {
      const std::function<void(int64_t, int64_t)>* job;
      int64_t n;
      spin_until([&] { return generation_.load(std::memory_order_acquire) != seen; });
      {
        std::unique_lock<std::mutex> lock(mu_);
        wake_.wait(lock, [&] { return generation_.load(std::memory_order_relaxed) != seen; });
        seen = generation_.load(std::memory_order_relaxed);
        if (stop_) return;
        job = job_;
        n = n_;
      }
      std::exception_ptr failed;
      try {
        (*job)(n * t / size_, block_end(t, n));
      } catch (...) {
        failed = std::current_exception();
      }
      if (failed) {
        std::lock_guard<std::mutex> lock(mu_);
        if (!failure_) failure_ = failed;
      }
      // The last worker to finish wakes the caller, under the lock so that
      // the wake-up cannot fall between the caller's check and its wait.
      if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        std::lock_guard<std::mutex> lock(mu_);
        done_.notify_one();
      }
    }
  }

  std::vector<std::thread> workers_;
  int size_ = 1;
  std::mutex mu_;
  std::condition_variable wake_;
  std::condition_variable done_;
  const std::function<void(int64_t, int64_t)>* job_ = nullptr;
  int64_t n_ = 0;
  std::atomic<int> pending_{0};
  std::exception_ptr failure_;
  std::atomic<uint64_t> generation_{0};
  bool stop_ = false;
};

}  // namespace henchmen
