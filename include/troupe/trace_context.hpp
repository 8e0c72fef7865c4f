// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Where a message stands in a trace. While an actor handles a traced message,
// a tracer names the span it runs in as the thread's current trace; every
// message the actor sends meanwhile copies it into its envelope, so the span
// that handles that message becomes a child of this one. Without a tracer the
// current trace stays null and an envelope carries nothing.
#include <cstddef>
#include <cstdint>
#include <utility>

#include "troupe/detail/export.hpp"
#include "troupe/detail/thread_cache.hpp"

namespace troupe {

/// The trace a message belongs to (a 128-bit id) and the span that sent it.
struct trace_context : detail::cache_allocated<trace_context> {
  std::uint64_t trace_high = 0; ///< The trace id's first 8 bytes (big-endian, as W3C and OTLP print it).
  std::uint64_t trace_low = 0;  ///< Its last 8 bytes.
  std::uint64_t span = 0;       ///< The span that sent the message: the parent of the span that handles it.

  /// Whether both name the same trace and span.
  friend bool operator==(const trace_context& x, const trace_context& y) noexcept {
    return x.trace_high == y.trace_high && x.trace_low == y.trace_low && x.span == y.span;
  }
};

namespace detail {

/// Frees a trace context (out of line: an envelope's destructor only tests its pointer).
TROUPE_CORE_API void drop_trace(trace_context* ctx) noexcept;

} // namespace detail

/// Owns the trace context of one envelope; null while no tracer runs. Like a unique_ptr, but its destructor inlines
/// to a test of the pointer, which every message pays, and frees a context out of line.
class trace_context_ptr {
public:
  /// Holds nothing.
  trace_context_ptr() noexcept = default;
  /// Holds nothing.
  trace_context_ptr(std::nullptr_t) noexcept {}
  /// Takes ownership of `ctx`, which must come from new (the thread cache).
  explicit trace_context_ptr(trace_context* ctx) noexcept : ptr_(ctx) {}
  /// Takes what `other` holds, leaving it empty.
  trace_context_ptr(trace_context_ptr&& other) noexcept : ptr_(other.release()) {}
  /// Frees what it holds and takes what `other` holds, leaving it empty.
  trace_context_ptr& operator=(trace_context_ptr&& other) noexcept {
    reset(other.release());
    return *this;
  }
  trace_context_ptr(const trace_context_ptr&) = delete;
  trace_context_ptr& operator=(const trace_context_ptr&) = delete;
  ~trace_context_ptr() {
    if (ptr_ != nullptr) [[unlikely]]
      detail::drop_trace(ptr_);
  }

  /// The context held, or null.
  trace_context* get() const noexcept { return ptr_; }
  /// The context held (not null).
  trace_context& operator*() const noexcept { return *ptr_; }
  /// The context held (not null).
  trace_context* operator->() const noexcept { return ptr_; }
  /// Whether it holds a context.
  explicit operator bool() const noexcept { return ptr_ != nullptr; }
  /// Gives up ownership and returns the context.
  trace_context* release() noexcept { return std::exchange(ptr_, nullptr); }
  /// Frees the context held, if any, and holds `ctx`.
  void reset(trace_context* ctx = nullptr) noexcept {
    if (auto* old = std::exchange(ptr_, ctx); old != nullptr)
      detail::drop_trace(old);
  }

  /// Whether it holds nothing.
  friend bool operator==(const trace_context_ptr& x, std::nullptr_t) noexcept { return x.ptr_ == nullptr; }

private:
  trace_context* ptr_ = nullptr;
};

namespace detail {

/// The span the calling thread runs now, set by a tracer around a traced message's handler; null otherwise.
extern TROUPE_CORE_API constinit thread_local const trace_context* current_trace_slot
  __attribute__((tls_model("initial-exec")));

/// A copy of `current` for a new envelope, or null if it cannot be allocated (the message goes untraced).
TROUPE_CORE_API trace_context_ptr copy_trace(const trace_context& current) noexcept;

/// The trace context a message sent now carries: a copy of the current trace, or null (nearly always).
[[gnu::always_inline]] inline trace_context_ptr inherit_trace() noexcept {
  if (const auto* current = current_trace_slot; current != nullptr) [[unlikely]]
    return copy_trace(*current);
  return nullptr;
}

/// Names `ctx` (null: none) the current trace of the calling thread until the scope ends.
class current_trace_scope {
public:
  explicit current_trace_scope(const trace_context* ctx) noexcept : previous_(current_trace_slot) {
    current_trace_slot = ctx;
  }
  current_trace_scope(const current_trace_scope&) = delete;
  current_trace_scope& operator=(const current_trace_scope&) = delete;
  ~current_trace_scope() { current_trace_slot = previous_; }

private:
  const trace_context* previous_;
};

} // namespace detail

} // namespace troupe
