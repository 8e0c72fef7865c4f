// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "exception_reason.hpp"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <typeinfo>

namespace troupe::detail {

namespace {

std::string demangle(const char* name) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> out{abi::__cxa_demangle(name, nullptr, nullptr, &status), std::free};
  return status == 0 && out ? std::string{out.get()} : std::string{name};
}

} // namespace

error exception_reason(std::exception_ptr ep) {
  try {
    std::rethrow_exception(ep);
  } catch (const std::exception& ex) {
    return error{exit_reason::unhandled_exception, demangle(typeid(ex).name()) + ": " + ex.what()};
  } catch (...) {
    auto* type = abi::__cxa_current_exception_type();
    return error{exit_reason::unhandled_exception, type != nullptr
                                                     ? "unknown exception (" + demangle(type->name()) + ")"
                                                     : std::string{"unknown exception"}};
  }
}

} // namespace troupe::detail
