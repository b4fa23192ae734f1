// A small persistent thread pool for batched work: parallel_for splits [0, n)
// into contiguous blocks, one per worker, and waits for all of them.
// Results never depend on the number of threads, because callers give every
// item its own independent state and generator.
#pragma once
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace henchmen {

class ThreadPool {
 public:
  explicit ThreadPool(int threads) {
    for (int t = 1; t < threads; ++t) workers_.emplace_back([this, t] { run(t); });
    size_ = threads < 1 ? 1 : threads;
  }
  ~ThreadPool() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
      ++generation_;
    }
    wake_.notify_all();
    for (auto& w : workers_) w.join();
  }
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const { return size_; }

  // Calls fn(begin, end) on disjoint blocks covering [0, n); returns when done.
  void parallel_for(int64_t n, const std::function<void(int64_t, int64_t)>& fn) {
    if (size_ == 1 || n < 2) {
      fn(0, n);
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      job_ = &fn;
      n_ = n;
      pending_ = size_ - 1;
      ++generation_;
    }
    wake_.notify_all();
    fn(0, block_end(0, n));
    std::unique_lock<std::mutex> lock(mu_);
    done_.wait(lock, [this] { return pending_ == 0; });
    job_ = nullptr;
  }

 private:
  int64_t block_end(int t, int64_t n) const { return n * (t + 1) / size_; }

  void run(int t) {
    uint64_t seen = 0;
    while (true) {
      const std::function<void(int64_t, int64_t)>* job;
      int64_t n;
      {
        std::unique_lock<std::mutex> lock(mu_);
        wake_.wait(lock, [&] { return generation_ != seen; });
        seen = generation_;
        if (stop_) return;
        job = job_;
        n = n_;
      }
      (*job)(n * t / size_, block_end(t, n));
      {
        std::lock_guard<std::mutex> lock(mu_);
        --pending_;
      }
      done_.notify_one();
    }
  }

  std::vector<std::thread> workers_;
  int size_ = 1;
  std::mutex mu_;
  std::condition_variable wake_;
  std::condition_variable done_;
  const std::function<void(int64_t, int64_t)>* job_ = nullptr;
  int64_t n_ = 0;
  int pending_ = 0;
  uint64_t generation_ = 0;
  bool stop_ = false;
};

}  // namespace henchmen
