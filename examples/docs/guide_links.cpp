// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md, "Links, monitors and exit handlers" and "Timers".
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <chrono>
#include <string>

using namespace troupe;
using namespace std::chrono_literals;

int main() {
  actor_system_config cfg;
  actor_system sys{cfg};
  scoped_actor self{sys};
  {
    auto worker = sys.spawn([]() -> behavior { return {[](int x) { return x; }}; });
    // [snippet links]
    auto plain = sys.spawn([=](event_based_actor* self) -> behavior {
      self->link_to(worker); // dies with worker, unless worker's reason is normal
      return {[](int) {}};
    });
    auto supervisor = sys.spawn([=](event_based_actor* self) -> behavior {
      self->link_to(worker);
      self->set_exit_handler([=](exit_msg& em) { /* trapped: em.source, em.reason */ });
      self->monitor(plain);
      self->set_down_handler([=](down_msg& dm) { /* dm.source, dm.reason */ });
      return {[](int) {}};
    });
    self->send_exit(worker, exit_reason::user_shutdown); // exit_msg{self, reason}
    self->send_exit(supervisor, exit_reason::kill);      // kill cannot be trapped
    // [/snippet]
    // Monitoring an actor that has already terminated delivers the down_msg at once.
    self->monitor(plain);
    self->monitor(supervisor);
    error plain_reason;
    error supervisor_reason;
    for (int i = 0; i < 2; ++i)
      self->receive(
        [&](const down_msg& dm) { (dm.source == plain.address() ? plain_reason : supervisor_reason) = dm.reason; },
        after(10s) >> [] {});
    DOC_CHECK(plain_reason == exit_reason::user_shutdown);
    DOC_CHECK(supervisor_reason == exit_reason::kill);
  }
  {
    // A link to an actor that terminates normally does not take the linked
    // actor down.
    auto worker = sys.spawn([](event_based_actor* self) -> behavior { return {[=](int) { self->quit(); }}; });
    auto partner = sys.spawn([=](event_based_actor* self) -> behavior {
      self->link_to(worker);
      return {[](const std::string& s) { return s; }};
    });
    self->monitor(worker);
    anon_send(worker, 1);
    self->receive([](const down_msg&) {}, after(10s) >> [] {});
    DOC_CHECK(doc::ask<std::string>(self, partner, std::string{"alive"}) == "alive");
  }
  {
    auto dest = actor{self};
    // [snippet timers]
    self->delayed_send(dest, 10ms, 42); // delivered after 10 ms, sender = self
    auto idler = sys.spawn(
      [](event_based_actor* self, actor out) -> behavior {
        return {
          [](int) {},
          after(30ms) >>
            [=] {
              self->send(out, "idle");
              self->quit();
            }, // behavior timeout
        };
      },
      actor{self});
    self->receive([](int) {}, after(1s) >> [] { /* this receive() waited 1 s in vain */ });
    // [/snippet]
    std::string text;
    self->receive([&](const std::string& s) { text = s; }, after(5s) >> [] {});
    DOC_CHECK(text == "idle");
  }
  return doc::result();
}
