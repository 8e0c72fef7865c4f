// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/trace_context.hpp"

#include <new>

namespace troupe::detail {

constinit thread_local const trace_context* current_trace_slot __attribute__((tls_model("initial-exec"))) = nullptr;

trace_context_ptr copy_trace(const trace_context& current) noexcept {
  try {
    return trace_context_ptr{new trace_context(current)};
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}

void drop_trace(trace_context* ctx) noexcept {
  delete ctx;
}

} // namespace troupe::detail
