// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// spawn_farm: the same operator in several stages side by side, for work that
// one actor cannot keep up with. A balance hands each item to a stage that
// asks for more, and a merge joins what the stages make: the items come out
// as the stages finish them, not in the order they went in.
#include <cstddef>
#include <utility>
#include <vector>

#include "troupe/actor_system.hpp"
#include "troupe/streams/fan_out.hpp"
#include "troupe/streams/merge.hpp"
#include "troupe/streams/stage.hpp"
#include "troupe/streams/stream.hpp"

namespace troupe::streams {

/// Spawns `workers` stages that apply `op` to the items of `in` (each item in one of them), between a balance
/// and a merge, and returns the merged stream. Every one of them holds at most `opts.credit` items.
template <class T, class Op>
stream<typename Op::template output<T>> spawn_farm(actor_system& sys, stream<T> in, std::size_t workers, Op op,
                                                   flow_options opts = {}) {
  using U = typename Op::template output<T>;
  workers = workers == 0 ? 1 : workers;
  auto shared = spawn_balance(sys, std::move(in), workers, opts);
  std::vector<stream<U>> outputs;
  outputs.reserve(workers);
  for (std::size_t i = 0; i < workers; ++i)
    outputs.push_back(spawn_stage(sys, shared, op, opts));
  return spawn_merge(sys, std::move(outputs), opts);
}

} // namespace troupe::streams
