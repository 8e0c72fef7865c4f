// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/streams.md: a source, two stages and a sink; fused operators; a
// broadcast, a farm and a merge; a stream from another node.
#include <troupe/net.hpp>
#include <troupe/streams.hpp>
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

using namespace troupe;

namespace {

generator<int> one_to(int n) {
  for (int i = 1; i <= n; ++i)
    co_yield i;
}

void graphs() {
  actor_system sys{actor_system_config{}};
  auto evens = std::make_shared<std::vector<int>>();
  auto all = std::make_shared<std::vector<int>>();
  auto tripled = std::make_shared<long>(0);
  // [snippet fusion]
  // One actor that parses, keeps the even numbers and doubles them: `|` fuses operators.
  auto texts = streams::spawn_source<std::string>(sys, []() -> generator<std::string> {
    for (int i = 1; i <= 100; ++i)
      co_yield std::to_string(i);
  });
  auto parse_even_double = streams::map([](const std::string& s) { return std::stoi(s); })
                           | streams::filter([](int x) { return x % 2 == 0; })
                           | streams::map([](int x) { return 2 * x; });
  auto doubled = streams::spawn_stage(sys, texts, parse_even_double);
  // [/snippet]
  streams::spawn_sink(
    sys, doubled, [evens](int x) { evens->push_back(x); }, [](const error&) {});
  // [snippet graph]
  auto numbers = streams::spawn_source<int>(sys, [] { return one_to(1000); });
  // Two consumers, each of every item: as fast as the slower one.
  auto both = streams::spawn_broadcast(sys, numbers, 2);
  streams::spawn_sink(
    sys, both, [all](int x) { all->push_back(x); }, [](const error&) {});
  // A farm: four stages take turns by demand, and a merge joins what they make (in the order they finish).
  auto times_three = streams::spawn_farm(sys, both, 4, streams::map([](int x) { return 3L * x; }));
  streams::spawn_sink(
    sys, times_three, [tripled](long x) { *tripled += x; }, [](const error&) {});
  // [/snippet]
  sys.await_all_actors_done();
  DOC_CHECK(evens->size() == 50 && evens->front() == 4 && evens->back() == 200);
  DOC_CHECK(all->size() == 1000 && std::is_sorted(all->begin(), all->end()));
  DOC_CHECK(*tripled == 3L * 1000 * 1001 / 2);
}

void between_nodes() {
  actor_system_config server_cfg;
  server_cfg.load<net::middleman>();
  actor_system server{server_cfg};
  actor_system_config client_cfg;
  client_cfg.load<net::middleman>();
  actor_system client{client_cfg};
  auto received = std::make_shared<long>(0);
  // [snippet remote]
  // The serving node publishes the producer of a stream like any actor...
  auto readings = streams::spawn_source<double>(server, []() -> generator<double> {
    for (int i = 0; i < 10000; ++i)
      co_yield i * 0.5;
  });
  auto port = server.middleman().publish(readings.producer(), 0, "127.0.0.1");
  // ... and a consumer on another node subscribes through the handle it gets: the credit bounds what is in
  // flight on the connection as it bounds a mailbox.
  auto producer = client.middleman().remote_actor("127.0.0.1", *port);
  streams::spawn_sink(
    client, stream<double>{*producer}, [received](double) { ++*received; }, [](const error&) {},
    streams::flow_options{512});
  // [/snippet]
  client.await_all_actors_done();
  DOC_CHECK(*received == 10000);
}

} // namespace

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
  graphs();
  between_nodes();
  return doc::result();
}
