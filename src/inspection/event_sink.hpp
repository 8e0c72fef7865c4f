// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Where the core's reports of dead letters and failed actors enter the probe:
// turned into events, kept in the bounded buffer, and the probe's actor woken
// once per batch to send them on. It also hands spawns, exits and events to
// the flight recorder, the messages of recorded actors to the recording, and
// those of traced actors to the tracer.
#include <atomic>
#include <memory>
#include <string>

#include "troupe/actor.hpp"
#include "troupe/actor_events.hpp"
#include "troupe/atom.hpp"
#include "troupe/inspection/mirror_level.hpp"

#include "dashboard/event_log.hpp"
#include "event_buffer.hpp"
#include "recorder/message_log.hpp"
#include "tracer/tracer.hpp"

namespace troupe::inspection {

/// What the sink sends its reader when the buffer gets its first event.
using wake_atom = atom_constant<atom("wake")>;

class event_sink final : public actor_events {
public:
  /// Events of node `node` go to `buffer` while the mirror level is events or more.
  event_sink(std::string node, event_buffer& buffer, const std::atomic<mirror_level>& level);

  /// The actor to wake when the buffer gets its first event; set before the sink is installed. Without one, the
  /// buffer stays empty (no one would read it).
  void set_reader(actor reader) { reader_ = std::move(reader); }

  /// A log that keeps a copy of every event (the dashboard's); set before the sink is installed.
  void set_log(std::shared_ptr<event_log> log) { log_ = std::move(log); }

  /// Whether every event, and every spawn and exit, also goes to the flight recorder; set before the sink is
  /// installed.
  void set_flight_recording(bool on) noexcept {
    flight_ = on;
    want_lifecycle(flight_ || messages_ != nullptr || tracer_ != nullptr);
  }

  /// The message recording of the actors it names; set before the sink is installed.
  void set_message_log(message_log* log) noexcept {
    messages_ = log;
    want_lifecycle(flight_ || messages_ != nullptr || tracer_ != nullptr);
  }

  /// The tracer of the actors it wants; set before the sink is installed.
  void set_tracer(tracer* t) noexcept {
    tracer_ = t;
    want_lifecycle(flight_ || messages_ != nullptr || tracer_ != nullptr);
  }

  /// Adds an event of this node, unless the mirror level is off, and wakes the reader for the first of a batch
  /// (any thread once the sink is installed). Never throws: an event it cannot make is dropped.
  void record(event_kind kind, std::string text) noexcept;
  /// Adds an event without waking anyone: for the reader itself, which sends the buffer on next.
  void record_here(event_kind kind, std::string text) noexcept;

  void dead_letter(const abstract_actor& receiver, const mailbox_element& e) noexcept override;
  void actor_failed(const abstract_actor& who, const error& reason) noexcept override;
  void actor_spawned(const abstract_actor& who) noexcept override;
  void actor_exited(const abstract_actor& who, const error& reason) noexcept override;
  bool records(const abstract_actor& who) noexcept override;
  void message_taken(const abstract_actor& receiver, const mailbox_element& e) noexcept override;
  void message_done(const abstract_actor& receiver) noexcept override;

private:
  bool enabled() const noexcept { return level_.load(std::memory_order_relaxed) != mirror_level::off; }

  message_log* messages_ = nullptr;
  tracer* tracer_ = nullptr;
  std::string node_;
  event_buffer& buffer_;
  const std::atomic<mirror_level>& level_;
  // Adds the event to the buffer (for the reader) and the log; true if it was the buffer's first.
  bool keep(event_kind kind, std::string text);

  actor reader_;
  std::shared_ptr<event_log> log_;
  bool flight_ = false;
};

} // namespace troupe::inspection
