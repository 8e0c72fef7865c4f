// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "completion_thread.hpp"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <utility>

namespace troupe::opencl::detail {

struct completion_thread::state {
  struct item {
    completion_fn fn = nullptr;
    void* user = nullptr;
  };
  std::mutex mtx;
  std::condition_variable cv;
  std::deque<item> items;
  bool stop = false;
};

completion_thread::~completion_thread() {
  if (!state_)
    return;
  {
    std::lock_guard guard{state_->mtx};
    state_->stop = true;
  }
  state_->cv.notify_one();
  if (thread_.get_id() == std::this_thread::get_id())
    thread_.detach(); // a completion let go of the device: the loop ends by itself
  else
    thread_.join();
}

void completion_thread::push(completion_fn fn, void* user) {
  std::call_once(started_, [this] {
    state_ = std::make_shared<state>();
    thread_ = std::thread{[st = state_] { run(st); }};
  });
  {
    std::lock_guard guard{state_->mtx};
    state_->items.push_back({fn, user});
  }
  state_->cv.notify_one();
}

void completion_thread::run(const std::shared_ptr<state>& st) {
  for (;;) {
    state::item it;
    {
      std::unique_lock guard{st->mtx};
      st->cv.wait(guard, [&] { return st->stop || !st->items.empty(); });
      if (st->items.empty())
        return; // stopped, and nothing is left to finish
      it = std::move(st->items.front());
      st->items.pop_front();
    }
    it.fn(it.user);
  }
}

} // namespace troupe::opencl::detail
