// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A division service called like a function from main().
//
// Shows: a typed handler returning result<int> (an answer, an error or a
// delegation), `return self->delegate(...)` checked against the interface,
// make_function_view for synchronous calls from non-actor code, blocking
// actors that report failure with fail_state, and wait_for.
//
//   troupe_example_sync_calls [--scheduler.workers=N]
#include <troupe/troupe.hpp>

#include <chrono>
#include <iostream>
#include <string>
#include <vector>

using namespace troupe;
using namespace std::chrono_literals;

struct div_request {
  int x;
  int y;
};
using divider = typed_actor<replies_to<div_request>::with<int>>;

// Does the expensive divisions (here: all of them, slowly).
divider::behavior_type worker(divider::pointer) {
  return {[](const div_request& r) -> result<int> {
    if (r.y == 0)
      return error{sec::invalid_argument, "division by zero"};
    return r.x / r.y;
  }};
}

// Answers cheap requests itself, refuses bad ones, and hands the rest to the worker.
divider::behavior_type front(divider::pointer self, divider w) {
  return {[=](const div_request& r) -> result<int> {
    if (r.y == 0)
      return error{sec::invalid_argument, "division by zero"};
    if (r.x < 1000)
      return r.x / r.y;
    return self->delegate(w, r); // w's answer goes straight to the caller
  }};
}

// A batch job on its own thread: checks some divisions and fails if one is wrong.
void checker(blocking_actor* self, divider service, std::vector<div_request> jobs) {
  for (auto& job : jobs) {
    self->request(service, 1s, job)
      .receive(
        [&](int q) {
          if (q * job.y > job.x || (q + 1) * job.y <= job.x)
            self->fail_state(error{sec::runtime_error, "wrong quotient"});
        },
        [&](const error& e) { self->fail_state(e); }); // the first failure is the exit reason
    if (self->fail_state())
      return;
  }
}

int main(int argc, char** argv) {
  actor_system_config cfg;
  if (auto err = cfg.parse(argc, argv)) {
    std::cerr << to_string(err) << '\n';
    return 1;
  }
  actor_system sys{cfg};
  auto service = sys.spawn(front, sys.spawn(worker));
  int failures = 0;

  // Synchronous calls: the result is an expected<int>.
  auto divide = make_function_view(service, 2s);
  for (auto [x, y] : {std::pair{84, 2}, std::pair{100000, 7}, std::pair{1, 0}}) {
    expected<int> q = divide(div_request{x, y});
    if (q)
      std::cout << x << " / " << y << " = " << *q << '\n';
    else
      std::cout << x << " / " << y << ": " << to_string(q.error()) << '\n';
    failures += (y == 0) == static_cast<bool>(q); // the zero divisor must fail, the others succeed
  }

  // Two batch jobs; the one with a zero divisor ends with that error.
  scoped_actor self{sys};
  auto good = self->spawn<monitored>(checker, service, std::vector<div_request>{{10, 3}, {5000, 9}});
  auto bad = self->spawn<monitored>(checker, service, std::vector<div_request>{{7, 7}, {3, 0}});
  self->wait_for(good, bad);
  for (int i = 0; i < 2; ++i)
    self->receive([&](const down_msg& dm) {
      bool is_bad = dm.source == bad.address();
      std::cout << (is_bad ? "bad" : "good") << " batch: " << to_string(dm.reason) << '\n';
      failures += is_bad != (dm.reason == sec::invalid_argument);
    });
  return failures == 0 ? 0 : 1;
}
