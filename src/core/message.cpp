// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/message.hpp"

#include <atomic>

namespace troupe {

namespace {

std::atomic<detail::element_printer> installed_printer{nullptr};

} // namespace

void detail::set_element_printer(element_printer f) noexcept {
  installed_printer.store(f, std::memory_order_release);
}

std::string to_string(const message& msg) {
  auto* print = installed_printer.load(std::memory_order_acquire);
  std::string out = "(";
  for (std::size_t i = 0; i < msg.size(); ++i) {
    if (i > 0)
      out += ", ";
    if (print != nullptr)
      print(out, msg.type_at(i), msg.at(i));
    else
      msg.type_at(i)->stringify(out, msg.at(i));
  }
  out += ')';
  return out;
}

} // namespace troupe
