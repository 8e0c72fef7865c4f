// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Where a check was written, so that its failure is reported at that line.
// std::source_location would do, but clang 14 cannot compile libstdc++ 12's
// <source_location>; the builtins it rests on work in g++ and clang alike.

namespace troupe::test {

/// Where a check was written (file and line), so that a failing check is reported at the test's line rather than
/// inside the library. Take it as a defaulted parameter `call_site where = call_site::current()`.
class call_site {
public:
  /// As a default argument, the caller's file and line.
  static constexpr call_site current(const char* file = __builtin_FILE(), int line = __builtin_LINE()) noexcept {
    return call_site{file, line};
  }

  /// The source file, as the compiler spells it.
  constexpr const char* file_name() const noexcept { return file_; }
  /// The line in that file.
  constexpr int line() const noexcept { return line_; }

private:
  constexpr call_site(const char* file, int line) noexcept : file_(file), line_(line) {}

  const char* file_;
  int line_;
};

} // namespace troupe::test
