// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The actor of a DivConq: for each input it spawns the root of the recursion
// tree (linked, like every node to its parent) and answers with the container
// once the root has merged its result.
#include <cstddef>
#include <memory>
#include <utility>

#include "troupe/actor.hpp"
#include "troupe/behavior.hpp"
#include "troupe/error.hpp"
#include "troupe/infinite.hpp"
#include "troupe/patterns/container_pattern_actor.hpp"
#include "troupe/patterns/div_conq_functions.hpp"
#include "troupe/patterns/div_conq_node.hpp"
#include "troupe/spawn_options.hpp"

namespace troupe::patterns::detail {

template <class Cnt>
class div_conq_actor final : public container_pattern_actor<Cnt> {
public:
  using job_ptr = typename container_pattern_actor<Cnt>::job_ptr;
  using functions_ptr = std::shared_ptr<const div_conq_functions<Cnt>>;

  div_conq_actor(actor_config& cfg, functions_ptr fns) : container_pattern_actor<Cnt>(cfg), fns_(std::move(fns)) {}

  behavior make_behavior() override {
    this->trap_exits();
    return this->input_behavior();
  }

private:
  void start(const job_ptr& job) override {
    auto root = this->template spawn<div_conq_node<Cnt>, linked>(job, fns_);
    this->request(root, infinite, std::size_t{0}, job->data.size())
      .then([this](error& e) { this->fail(e); }, [this](std::size_t, std::size_t) { this->finish(); });
  }

  functions_ptr fns_;
};

} // namespace troupe::patterns::detail
