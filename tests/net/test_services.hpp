// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What a node offers to others beyond a published actor, for the tests of
// lookup, remote spawn and remote groups: registered actors, spawnable actor
// types and the members of the group "chat".
#include <cstdint>
#include <string>

#include "test_service.hpp"
#include "troupe/troupe.hpp"

namespace troupe::test {

// A member of g: answers "roll call" (sent to the group) with
// "present:<name>" to the group, and ignores every other text.
inline behavior chat_member(event_based_actor* self, group g, std::string name) {
  self->join(g);
  return {[=](const std::string& text) {
    if (text == "roll call")
      self->send(g, "present:" + name);
  }};
}

// The member on the node that owns the local group g, which also tells how
// many members g has here: ('count') -> n, the proxies for members on other
// nodes included.
inline behavior chat_owner(event_based_actor* self, group g) {
  self->join(g);
  return {
    [=](const std::string& text) {
      if (text == "roll call")
        self->send(g, std::string{"present:owner"});
    },
    [=](atom_value a) -> result<std::int64_t> {
      if (a != atom("count"))
        return error{sec::unexpected_message};
      return static_cast<std::int64_t>(static_cast<local_group*>(g.get())->member_count());
    },
  };
}

inline behavior offset_adder(int offset) {
  return {[=](int x) { return x + offset; }};
}

inline void add_service_types(actor_system_config& cfg) {
  cfg.add_actor_type("calculator", typed_calculator)
    .add_actor_type("offset", offset_adder)
    .add_actor_type("service", service);
}

// Registers a service as "service" and the owner of the local group "chat"
// as "chat-owner"; returns the service.
inline actor start_services(actor_system& sys) {
  auto svc = sys.spawn(service);
  sys.registry().put("service", svc);
  sys.registry().put("chat-owner", sys.spawn(chat_owner, sys.groups().get_local("chat")));
  return svc;
}

} // namespace troupe::test
