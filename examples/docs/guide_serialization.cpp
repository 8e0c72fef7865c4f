// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md, "Announcing types and serialization".
// [snippet types]
#include <troupe/serialization.hpp>

struct add_request {
  int a;
  int b;
};
// [/snippet]

#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <cstddef>
#include <vector>

using namespace troupe;

int main() {
  actor_system_config cfg;
  actor_system sys{cfg};
  // [snippet announce]
  announce<add_request>("add_request", field("a", &add_request::a), field("b", &add_request::b));
  auto msg = make_message(atom("add"), add_request{1, 2});
  std::vector<std::byte> bytes = serialize(msg);    // compact, little-endian, versioned
  auto back = deserialize(bytes);                   // a message, or an error for bad input
  auto text = to_string(msg);                       // ('add', add_request{a = 1, b = 2})
  auto parsed = message_from_string(sys, text);     // parses it back
  auto bad = message_from_string(sys, "('add', 1"); // bad.err(): "at 9: expected ')'"
  // [/snippet]
  DOC_CHECK(back.has_value());
  DOC_CHECK(back && back->size() == 2 && back->get_as<add_request>(1).b == 2);
  DOC_CHECK(text == "('add', add_request{a = 1, b = 2})");
  DOC_CHECK(parsed && to_string(*parsed) == text);
  DOC_CHECK(!bad && bad.err() == sec::invalid_argument && bad.err().context() == "at 9: expected ')'");
  // Decoding reports bad input as an error instead of throwing.
  bytes.pop_back();
  DOC_CHECK(!deserialize(bytes));
  return doc::result();
}
