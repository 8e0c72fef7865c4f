// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md, "Errors".
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <cstdint>
#include <cstdio>

using namespace troupe;

// [snippet category]
enum class math_errc : std::uint8_t { division_by_zero = 1 };
template <>
struct troupe::error_category<math_errc> {
  static constexpr atom_value value = atom("math");
};
// [/snippet]

// [snippet error_enum]
TROUPE_ERROR_CODE_ENUM(io_errc, "io", not_found, permission_denied, disk_full);
// [/snippet]

// [snippet expected]
expected<int> parse_digit(char c) {
  if (c < '0' || c > '9')
    return error{sec::invalid_argument, "not a digit"};
  return c - '0';
}
// [/snippet]

int main() {
  {
    // [snippet error_enum_use]
    error e = make_error(io_errc::disk_full, "/var/log");
    to_string(e);                     // error(io, disk_full, "/var/log")
    e.is(io_errc::disk_full);         // true
    to_string(io_errc::not_found);    // not_found
    error{io_errc::not_found}.code(); // 0, a real error nonetheless
    // [/snippet]
    DOC_CHECK(to_string(e) == R"(error(io, disk_full, "/var/log"))");
    DOC_CHECK(e.is(io_errc::disk_full));
    DOC_CHECK(to_string(io_errc::not_found) == "not_found");
    DOC_CHECK(error{io_errc::not_found}.code() == 0 && error{io_errc::not_found});
  }
  // [snippet errors]
  error none;                                                  // no error: false in a boolean context
  error e1 = sec::request_timeout;                             // category "system"
  error e2{exit_reason::user_shutdown, "by operator"};         // category "exit", with a context
  error e3 = make_error(math_errc::division_by_zero, "x / 0"); // a user category (below)
  e1 == sec::request_timeout;                                  // true
  e2.is(exit_reason::user_shutdown);                           // true
  error{sec::none} == none;                                    // true
  to_string(e2);                                               // error(exit, user_shutdown, "by operator")
  e3.category();
  e3.code();
  e3.context(); // atom("math"), 1, "x / 0"
  // [/snippet]
  // [snippet expected_use]
  auto d = parse_digit('7');
  if (d)
    std::printf("%d\n", *d); // 7
  auto bad = parse_digit('x');
  if (!bad)
    std::printf("%s\n", to_string(bad.error()).c_str()); // error(system, invalid_argument, "not a digit")
  // [/snippet]
  DOC_CHECK(d && *d == 7);
  DOC_CHECK(!bad && bad.error() == sec::invalid_argument);
  DOC_CHECK(to_string(bad.error()) == R"(error(system, invalid_argument, "not a digit"))");
  DOC_CHECK(!none);
  DOC_CHECK(e1.category() == atom("system"));
  DOC_CHECK(e2.category() == atom("exit"));
  DOC_CHECK(e1 == sec::request_timeout);
  DOC_CHECK(e2.is(exit_reason::user_shutdown));
  DOC_CHECK(error{sec::none} == none);
  DOC_CHECK(to_string(e2) == R"(error(exit, user_shutdown, "by operator"))");
  DOC_CHECK(e3.category() == atom("math"));
  DOC_CHECK(e3.code() == 1);
  DOC_CHECK(e3.context() == "x / 0");
  // Equality ignores the context; an error is the size of one pointer;
  // exit_reason::normal is a value distinct from no error, but it tests
  // false: `if (reason)` asks "did it fail?".
  DOC_CHECK(e2 == error{exit_reason::user_shutdown});
  DOC_CHECK(sizeof(error) == sizeof(void*));
  DOC_CHECK(!error{exit_reason::normal} && !error{exit_reason::normal}.empty());
  DOC_CHECK(error{exit_reason::normal} != error{});
  return doc::result();
}
