// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md, "Messages" and "Atoms".
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

using namespace troupe;

int main() {
  {
    // [snippet messages]
    auto msg = make_message(1, "text", atom("ping"), std::vector<int>{1, 2});
    msg.size();                                                           // 4
    msg.match_element<std::string>(1);                                    // true: string literals travel as std::string
    msg.match_elements<int, std::string, atom_value, std::vector<int>>(); // exact element types
    msg.get_as<int>(0);              // 1 (precondition: the type matches; only asserted)
    msg.get_if<float>(0);            // nullptr
    to_string(msg);                  // (1, "text", 'ping', [1, 2])
    auto copy = msg;                 // shares the payload: msg.shared() is true
    copy.get_mutable_as<int>(0) = 2; // copy-on-write: copy gets its own payload
    // [/snippet]
    DOC_CHECK(msg.size() == 4);
    DOC_CHECK(msg.match_element<std::string>(1));
    DOC_CHECK(msg.match_elements<int, std::string, atom_value, std::vector<int>>());
    DOC_CHECK(msg.get_as<int>(0) == 1);
    DOC_CHECK(msg.get_if<float>(0) == nullptr);
    DOC_CHECK(to_string(msg) == R"((1, "text", 'ping', [1, 2]))");
    DOC_CHECK(copy.get_as<int>(0) == 2);
    DOC_CHECK(msg.get_as<int>(0) == 1);
    auto shared = msg;
    DOC_CHECK(msg.shared());
  }
  {
    // [snippet atoms]
    constexpr atom_value get = atom("get");      // at most 10 characters of [0-9A-Za-z_ ]
    using get_atom = atom_constant<atom("get")>; // the same atom as a type
    static_assert(get == get_atom::value);
    to_string(get); // "get"
    // [/snippet]
    DOC_CHECK(to_string(get) == "get");
    // Outside a constant expression, a character outside the alphabet throws.
    char bad[] = "a-b";
    bool threw = false;
    try {
      (void)atom(bad);
    } catch (const std::invalid_argument&) {
      threw = true;
    }
    DOC_CHECK(threw);
  }
  {
    actor_system sys{actor_system_config{}};
    scoped_actor self{sys};
    // [snippet predefined_atoms]
    auto store = sys.spawn([]() -> behavior {
      auto value = std::make_shared<int>(0);
      return {
        [value](put_atom, int x) { *value = x; },
        [value](get_atom) { return *value; },
      };
    });
    self->send(store, put_atom_v, 42);
    self->request(store, std::chrono::seconds(1), get_atom_v).receive([](int x) { /* 42 */ }, [](const error&) {});
    // [/snippet]
    DOC_CHECK(doc::ask<int>(self, store, get_atom_v) == 42);
    static_assert(std::is_same_v<put_atom, atom_constant<atom("put")>>);
    self->send_exit(store, exit_reason::kill);
  }
  return doc::result();
}
