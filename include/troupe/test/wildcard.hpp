#pragma once
// `_` in a check's with(...): any value of that element is fine.
namespace troupe::test {

struct wildcard {};

inline constexpr wildcard _{};

} // namespace troupe::test
