// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: typed behavior handler returns the wrong type
// result<Ts...> is checked like a direct answer: with<int> takes result<int>.
#include "common.hpp"

#include <string>

math::behavior_type wrong(math::pointer) {
  return {
    [](const add_request& r) { return r.a + r.b; },
#ifdef TROUPE_COMPILE_OK
    [](const sub_request& r) -> result<int> { return r.a - r.b; },
#else
    [](const sub_request& r) -> result<std::string> { return std::to_string(r.a - r.b); },
#endif
  };
}
