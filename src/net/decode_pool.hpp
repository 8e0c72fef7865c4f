// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The threads that deserialize large incoming messages (middleman.workers),
// so that the I/O thread goes on reading every connection meanwhile. The I/O
// thread hands over tasks; a task that finds the pool full is refused, and
// the I/O thread decodes that message itself: at most twice as many messages
// as there are threads wait here, and a sender faster than the decoders is
// slowed by TCP as before. The same threads free large outgoing messages once
// they are written, which takes milliseconds at 100 MB.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace troupe::net {

class decode_pool {
public:
  using task = std::function<void()>;

  // `threads` = 0: a pool that refuses every task.
  explicit decode_pool(std::size_t threads);
  ~decode_pool();

  decode_pool(const decode_pool&) = delete;
  decode_pool& operator=(const decode_pool&) = delete;

  void start();
  // Lets the running tasks finish, drops those that have not started, and
  // joins the threads. Idempotent.
  void stop();

  // Queues t and moves from it, unless the pool is stopped or has no thread,
  // or every thread has a task waiting for it already: then false, and t is
  // left as it was.
  bool try_submit(task&& t);

private:
  void run();

  std::size_t threads_;
  std::mutex mtx_;
  std::condition_variable work_;
  std::deque<task> queue_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

} // namespace troupe::net
