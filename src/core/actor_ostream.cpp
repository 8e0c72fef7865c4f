// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/actor_ostream.hpp"

#include <iostream>
#include <mutex>

namespace troupe::detail {

void write_console_piece(std::string_view text) {
  static std::mutex mtx; // a function-local static: usable from any thread during static initialisation
  std::lock_guard guard{mtx};
  std::cout.write(text.data(), static_cast<std::streamsize>(text.size()));
  std::cout.flush();
}

} // namespace troupe::detail
