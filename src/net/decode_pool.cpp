// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "decode_pool.hpp"

#include <utility>

namespace troupe::net {

decode_pool::decode_pool(std::size_t threads) : threads_(threads) {}

decode_pool::~decode_pool() {
  stop();
}

void decode_pool::start() {
  std::lock_guard guard{mtx_};
  if (stopping_ || !workers_.empty())
    return;
  workers_.reserve(threads_);
  for (std::size_t i = 0; i < threads_; ++i)
    workers_.emplace_back([this] { run(); });
}

void decode_pool::stop() {
  std::deque<task> dropped; // destroyed outside the lock: they own buffers and peers
  {
    std::lock_guard guard{mtx_};
    stopping_ = true;
    dropped.swap(queue_);
  }
  work_.notify_all();
  for (auto& w : workers_)
    if (w.joinable())
      w.join();
}

bool decode_pool::try_submit(task&& t) {
  {
    std::lock_guard guard{mtx_};
    if (stopping_ || workers_.empty() || queue_.size() >= workers_.size())
      return false;
    queue_.push_back(std::move(t));
  }
  work_.notify_one();
  return true;
}

void decode_pool::run() {
  for (;;) {
    task t;
    {
      std::unique_lock lock{mtx_};
      work_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_)
        return;
      t = std::move(queue_.front());
      queue_.pop_front();
    }
    t();
  }
}

} // namespace troupe::net
