// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// oneTBB with exactly W worker threads (--workers, default: the cores), made
// before the timer: the "system" is ready once its arena exists. Work runs
// inside it through pool.run(f).
#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include <cstddef>
#include <thread>
#include <utility>

namespace bench {

class tbb_pool {
public:
  explicit tbb_pool(std::size_t requested)
    : workers_(requested != 0 ? requested : std::thread::hardware_concurrency()),
      limit_(tbb::global_control::max_allowed_parallelism, workers_), arena_(static_cast<int>(workers_)) {
    arena_.initialize();
  }

  std::size_t workers() const noexcept { return workers_; }

  template <class F>
  void run(F&& f) {
    arena_.execute(std::forward<F>(f));
  }

private:
  std::size_t workers_;
  tbb::global_control limit_;
  tbb::task_arena arena_;
};

} // namespace bench
