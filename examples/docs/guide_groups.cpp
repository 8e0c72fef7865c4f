// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md, "Groups", "The registry" and "Actor types spawned by name".
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <chrono>
#include <string>
#include <thread>

using namespace troupe;
using namespace std::chrono_literals;

// [snippet actor_types_fun]
behavior accumulator(event_based_actor* self, int start) {
  return {[=, sum = start](int x) mutable { return sum += x; }};
}
// [/snippet]

int main() {
  // [snippet actor_types_config]
  actor_system_config cfg;
  cfg.add_actor_type("accumulator", accumulator); // its arguments after self: (int)
  // [/snippet]
  actor_system sys{cfg};
  scoped_actor self{sys};
  {
    // [snippet groups]
    group news = sys.groups().get_local("news"); // the same name gives the same group
    auto reader = [](event_based_actor* self, group g, actor out) -> behavior {
      self->join(g);
      return {[=](const std::string& headline) { self->send(out, "read: " + headline); }};
    };
    auto a = sys.spawn(reader, news, actor{self});
    auto b = sys.spawn(reader, news, actor{self});
    // [/snippet]
    // The readers join when they start; wait for both before sending.
    auto* members = static_cast<local_group*>(news.get());
    for (int i = 0; i < 5000 && members->member_count() < 2; ++i)
      std::this_thread::sleep_for(1ms);
    DOC_CHECK(members->member_count() == 2);
    // [snippet groups_send]
    self->send(news, std::string{"troupe learns publish/subscribe"}); // one copy to each member
    // [/snippet]
    int copies = 0;
    for (int i = 0; i < 2; ++i)
      self->receive([&](const std::string& s) { copies += s == "read: troupe learns publish/subscribe"; },
                    after(5s) >> [] {});
    DOC_CHECK(copies == 2);
    // [snippet groups_leave]
    self->send_exit(a, exit_reason::user_shutdown); // a member that terminates leaves
    anon_send(news, std::string{"only b reads this"});
    // [/snippet]
    for (int i = 0; i < 5000 && members->member_count() > 1; ++i)
      std::this_thread::sleep_for(1ms);
    DOC_CHECK(members->member_count() == 1);
    self->send_exit(b, exit_reason::user_shutdown);
  }
  {
    // [snippet registry]
    auto acc = sys.spawn(accumulator, 0);
    sys.registry().put("totals", acc);
    actor found = sys.registry().get("totals"); // an empty handle if nobody is registered so
    sys.registry().erase("totals");             // an actor that terminates is erased by itself
    // [/snippet]
    DOC_CHECK(found == acc);
    DOC_CHECK(!sys.registry().get("totals"));
    self->send_exit(acc, exit_reason::user_shutdown);
  }
  {
    // [snippet actor_types_spawn]
    expected<actor> acc = spawn_by_name(sys, "accumulator", make_message(100));
    // spawn_by_name(sys, "accumulator", make_message("x")): sec::type_clash
    // spawn_by_name(sys, "nothing", message{}):            sec::invalid_argument
    // [/snippet]
    DOC_CHECK(acc.has_value());
    DOC_CHECK(doc::ask<int>(self, *acc, 1) == 101);
    DOC_CHECK(spawn_by_name(sys, "accumulator", make_message("x")).error() == sec::type_clash);
    DOC_CHECK(spawn_by_name(sys, "nothing", message{}).error() == sec::invalid_argument);
    self->send_exit(*acc, exit_reason::user_shutdown);
  }
  return doc::result();
}
