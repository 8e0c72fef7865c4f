// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A worker of a Map. Each worker owns a copy of the user function. For static
// partitioning it applies the function to the partition it is sent; for
// dynamic partitioning it takes chunks from the job's shared counter until the
// input is exhausted. It answers with the number of elements it handled.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <span>
#include <utility>

#include "troupe/behavior.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/patterns/shared_container.hpp"

namespace troupe::patterns::detail {

template <class Cnt>
class map_worker final : public event_based_actor {
public:
  using job_ptr = std::shared_ptr<shared_container<Cnt>>;
  using function = std::function<void(std::span<typename Cnt::value_type>)>;

  map_worker(actor_config& cfg, function f) : event_based_actor(cfg), f_(std::move(f)) {}

  behavior make_behavior() override {
    return {[this](const job_ptr& job, std::size_t begin, std::size_t end) {
      return job->chunk == 0 ? run_partition(*job, begin, end) : run_chunks(*job, end);
    }};
  }

private:
  std::size_t run_partition(shared_container<Cnt>& job, std::size_t begin, std::size_t end) {
    f_(job.range(begin, end - begin));
    return end - begin;
  }

  std::size_t run_chunks(shared_container<Cnt>& job, std::size_t end) {
    std::size_t handled = 0;
    for (;;) {
      // Only the counter is shared; the elements of a chunk belong to whoever took it.
      auto begin = job.next.fetch_add(job.chunk, std::memory_order_relaxed);
      if (begin >= end)
        return handled;
      auto len = std::min(job.chunk, end - begin);
      f_(job.range(begin, len));
      handled += len;
    }
  }

  function f_;
};

} // namespace troupe::patterns::detail
