// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Streams between actors with back-pressure: a source runs a generator<T>
// (co_yield), stages apply map, filter or buffer (or several fused with `|`),
// a broadcast or a balance feeds several consumers, a merge joins streams, a
// farm runs one operator in several stages, and a sink consumes. Demand
// travels upstream as credit, so no mailbox on the way holds more than a
// consumer asked for, however fast the producer:
//
//   auto numbers = streams::spawn_source<int>(sys, [] () -> generator<int> {
//     for (int i = 0; i < 1000; ++i)
//       co_yield i;
//   });
//   auto squares = streams::spawn_stage(sys, numbers, streams::map([](int x) { return x * x; }));
//   streams::spawn_sink(sys, squares, [](int x) { use(x); }, [](const error& e) { done(e); });
//
// See docs/streams.md for the protocol, the ends and failures, and the costs.
#include "troupe/streams/fan_out.hpp"
#include "troupe/streams/farm.hpp"
#include "troupe/streams/generator.hpp"
#include "troupe/streams/merge.hpp"
#include "troupe/streams/operators.hpp"
#include "troupe/streams/sink.hpp"
#include "troupe/streams/source.hpp"
#include "troupe/streams/stage.hpp"
#include "troupe/streams/stream.hpp"
