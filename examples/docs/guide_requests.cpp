// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md, "Requests". The snippet runs inside an event-based actor; the
// actor terminates normally once all three responses have been handled, and
// the check below waits for that.
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <chrono>

using namespace troupe;
using namespace std::chrono_literals;

int main() {
  actor_system_config cfg;
  actor_system sys{cfg};
  scoped_actor main_self{sys};
  auto adder = sys.spawn([]() -> behavior { return {[](int a, int b) { return a + b; }}; });
  // Never answers: the handler declines every int, so it stays queued.
  auto silent = sys.spawn([]() -> behavior { return {[](int) { return skip; }}; });
  auto client = sys.spawn([=](event_based_actor* self) {
    // [snippet event_based]
    self->request(adder, 1s, 1, 2)
      .then( // multiplexed: other messages keep flowing
        [=](int r) { /* ... */ }, [=](const error& e) { /* sec::request_timeout, sec::request_receiver_down, ... */ });
    self->request(adder, 1s, 3, 4).await([=](int r) { /* ... */ }); // only this response until it arrives
    self->request(silent, 20ms, 1)
      .await([=](int) { /* ... */ }, [=](const error& e) { /* sec::request_timeout: no response within 20 ms */ });
    // [/snippet]
  });
  main_self->monitor(client);
  error reason;
  main_self->receive([&](const down_msg& dm) { reason = dm.reason; }, after(10s) >> [] {});
  DOC_CHECK(reason == exit_reason::normal);

  // A blocking actor waits in place.
  main_self->request(adder, 1s, 5, 6).receive([](int r) { /* ... */ }, [](const error& e) { /* ... */ });

  // A request that times out: the response is sec::request_timeout.
  error err;
  main_self->request(silent, 20ms, 1).receive([](int) {}, [&](const error& e) { err = e; });
  DOC_CHECK(err == sec::request_timeout);

  // Without an error handler, the requesting actor terminates with the error.
  auto careless = sys.spawn([=](event_based_actor* self) { self->request(silent, 20ms, 1).then([](int) {}); });
  main_self->monitor(careless);
  main_self->receive([&](const down_msg& dm) { reason = dm.reason; }, after(10s) >> [] {});
  DOC_CHECK(reason == sec::request_timeout);
  return doc::result();
}
