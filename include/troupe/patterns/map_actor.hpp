// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The actor of a Map (the scheduler of its workers). It spawns the workers
// once, then for each input sends every worker that has something to do a
// reference to the shared container and its part, and answers once all of
// them have replied. An input of at most one element needs no worker: the
// Map applies the function itself.
#include <algorithm>
#include <cstddef>
#include <functional>
#include <span>
#include <utility>

#include "troupe/actor.hpp"
#include "troupe/behavior.hpp"
#include "troupe/error.hpp"
#include "troupe/infinite.hpp"
#include "troupe/patterns/container_pattern_actor.hpp"
#include "troupe/patterns/map_worker.hpp"
#include "troupe/patterns/partition.hpp"
#include "troupe/patterns/runtime.hpp"
#include "troupe/spawn_options.hpp"

namespace troupe::patterns::detail {

template <class Cnt>
struct map_config {
  std::function<void(std::span<typename Cnt::value_type>)> fn;
  std::size_t replicas = 1;
  std::size_t chunk = 0; // 0: static partitioning
  Runtime runtime = Runtime::actors;
};

template <class Cnt>
class map_actor final : public container_pattern_actor<Cnt> {
public:
  using job_ptr = typename container_pattern_actor<Cnt>::job_ptr;

  map_actor(actor_config& cfg, map_config<Cnt> config)
    : container_pattern_actor<Cnt>(cfg), config_(std::move(config)) {}

  behavior make_behavior() override {
    this->trap_exits();
    for (std::size_t i = 0; i < config_.replicas; ++i)
      this->adopt(spawn_worker());
    return this->input_behavior();
  }

private:
  actor spawn_worker() {
    if (config_.runtime == Runtime::threads)
      return this->template spawn<map_worker<Cnt>, linked + detached>(config_.fn);
    return this->template spawn<map_worker<Cnt>, linked>(config_.fn);
  }

  void start(const job_ptr& job) override {
    const auto n = job->data.size();
    if (n <= 1) {
      if (n == 1)
        this->guarded([&] { config_.fn(job->range(0, 1)); });
      this->finish();
      return;
    }
    const auto& workers = this->internals();
    std::size_t parts = std::min(workers.size(), n);
    if (config_.chunk != 0) {
      job->chunk = std::min(config_.chunk, n);
      parts = std::min(parts, (n + job->chunk - 1) / job->chunk);
    }
    outstanding_ = parts;
    for (std::size_t i = 0; i < parts; ++i) {
      auto [begin, end] =
        config_.chunk == 0 ? static_partition(n, parts, i) : std::pair<std::size_t, std::size_t>{0, n};
      this->request(workers[i], infinite, job, begin, end)
        .then([this](error& e) { this->fail(e); },
              [this](std::size_t) {
                if (--outstanding_ == 0)
                  this->finish();
              });
    }
  }

  map_config<Cnt> config_;
  std::size_t outstanding_ = 0;
};

} // namespace troupe::patterns::detail
