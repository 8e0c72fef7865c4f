// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Turns each message a traced actor handles into a span. The core reports the
// take and the end of each such message on the thread that handles it; the
// tracer keeps the open span in that thread's state, names it the thread's
// current trace (so the envelopes of messages sent meanwhile carry it), and
// puts the finished span into the thread's ring, for the exporter to collect.
// Nothing on that path takes a lock once a thread has its ring and has seen an
// actor and a message type before.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "troupe/message.hpp"

#include "span_record.hpp"
#include "span_ring.hpp"

namespace troupe {
class abstract_actor;
struct mailbox_element;
} // namespace troupe

namespace troupe::inspection {

class tracer {
public:
  /// Spans per thread waiting for the exporter before more are lost.
  static constexpr std::size_t default_ring_capacity = 8192;

  /// Traces every actor if `names` is empty, else the actors whose name() is one of them.
  explicit tracer(std::set<std::string> names, std::size_t ring_capacity = default_ring_capacity);
  tracer(const tracer&) = delete;
  tracer& operator=(const tracer&) = delete;
  ~tracer();

  /// Whether `who` is traced (asked at its spawn, and again on each message by the sink only when a recording
  /// also runs).
  bool wants(const abstract_actor& who) const;

  /// `receiver` took `e`: opens its span and makes it the thread's current trace.
  void begin(const abstract_actor& receiver, const mailbox_element& e) noexcept;
  /// The handler of the message last begun on this thread returned: closes its span.
  void end() noexcept;

  /// Moves every finished span to the end of `out` (the exporter's thread); returns how many.
  std::size_t collect(std::vector<span_record>& out);
  /// Spans lost so far because a thread's ring was full, or a thread could not get one.
  std::uint64_t lost() const noexcept { return lost_.load(std::memory_order_relaxed); }

private:
  struct thread_state;
  thread_state& attach() noexcept;
  const std::string* intern(std::string text);
  const std::string* actor_name(thread_state& t, const abstract_actor& who);
  const std::string* message_name(thread_state& t, const message& msg);

  const std::uint64_t serial_; // tells a thread's state which tracer its ring belongs to
  const std::set<std::string> names_;
  const std::size_t ring_capacity_;
  std::atomic<std::uint64_t> lost_{0};

  std::mutex mtx_; // guards the two below; taken once per thread, per new actor name and per new message name
  std::vector<std::unique_ptr<span_ring>> rings_;
  std::unordered_set<std::string> interned_;
};

} // namespace troupe::inspection
