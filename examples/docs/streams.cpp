// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/streams.md: a source, two stages and a sink.
#include <troupe/streams.hpp>
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <memory>
#include <vector>

using namespace troupe;

int main() {
  actor_system sys{actor_system_config{}};
  auto total = std::make_shared<long>(0);
  auto ended = std::make_shared<error>(sec::runtime_error);
  // [snippet pipeline]
  // A source: the generator runs inside it, and only as far as the demand reaches.
  auto numbers = streams::spawn_source<int>(sys, []() -> generator<int> {
    for (int i = 1; i <= 1000; ++i)
      co_yield i;
  });
  // Stages: each an actor with a credit of its own.
  auto squares = streams::spawn_stage(sys, numbers, streams::map([](int x) { return long{x} * x; }));
  auto even = streams::spawn_stage(sys, squares, streams::filter([](long x) { return x % 2 == 0; }));
  // A sink: on_next for each item, in order, then on_done once (a default error for a normal end).
  streams::spawn_sink(
    sys, even, [total](long x) { *total += x; }, [ended](error e) { *ended = std::move(e); },
    streams::flow_options{128}); // at most 128 items in flight to the sink
  // [/snippet]
  sys.await_all_actors_done();
  long want = 0;
  for (long i = 2; i <= 1000; i += 2)
    want += i * i;
  DOC_CHECK(*total == want);
  DOC_CHECK(!*ended);
  return doc::result();
}
