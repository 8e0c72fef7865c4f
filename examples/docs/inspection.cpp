// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/inspection.md.
#include <troupe/inspection.hpp>
#include <troupe/net.hpp>
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <algorithm>
#include <cstdio>

using namespace troupe;

int main() {
  // [snippet load]
  actor_system_config cfg;
  cfg.load<net::middleman>().load<inspection::probe>(); // inspect.track-actors=true by default
  actor_system sys{cfg};
  // [/snippet]
  scoped_actor self{sys};
  auto echo = sys.spawn([]() -> behavior { return {[](int x) { return x; }}; });
  for (int i = 0; i < 3; ++i)
    DOC_CHECK(doc::ask<int>(self, echo, i) == i);

  // [snippet snapshot]
  inspection::node_snapshot snap = inspection::snapshot(sys);
  std::sort(snap.actors.begin(), snap.actors.end(),
            [](const auto& x, const auto& y) { return x.mailbox_depth > y.mailbox_depth; });
  for (const inspection::actor_snapshot& a : snap.actors)
    std::printf("%llu %s: %llu waiting (at most %llu), %llu processed, p99 %lld ns\n",
                static_cast<unsigned long long>(a.id), a.name.c_str(), static_cast<unsigned long long>(a.mailbox_depth),
                static_cast<unsigned long long>(a.max_mailbox_depth), static_cast<unsigned long long>(a.processed),
                static_cast<long long>(a.processing.p99.count()));
  // [/snippet]
  DOC_CHECK(snap.tracking);
  DOC_CHECK(snap.running_actors == 1);
  DOC_CHECK(snap.actors.size() == 1); // the scoped actor is hidden
  DOC_CHECK(snap.actors.front().id == echo.id());
  DOC_CHECK(snap.actors.front().processed >= 2); // the third answer may be a message ahead of its count
  DOC_CHECK(snap.actors.front().name == "actor");

  // [snippet counters]
  node_counters counts = sys.counters(); // kept with or without the probe
  std::printf("%llu actors running, %llu messages processed, %llu dead letters\n",
              static_cast<unsigned long long>(counts.running_actors),
              static_cast<unsigned long long>(counts.processed_messages),
              static_cast<unsigned long long>(counts.dead_letters));
  // [/snippet]
  DOC_CHECK(counts.running_actors == 1);
  DOC_CHECK(counts.processed_messages >= 6); // three requests handled on a worker, three answers taken by `self`
  DOC_CHECK(counts.dead_letters == 0);
  return doc::result();
}
