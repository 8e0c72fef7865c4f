// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What inspection learns from the core about failures: a part that reports
// them (the probe) installs one of these in its system while it runs. The
// core calls it only off the message path: for a message that reached a
// terminated actor, for an actor that ended with an error, and, when the
// receiver asks for them (a flight recorder), for every spawn and exit. The
// calls on the message path are for actors the receiver chose at their spawn
// (a message recording, a tracer): each message they take from their mailbox,
// and the end of its handler.
#include "troupe/detail/export.hpp"
#include "troupe/error.hpp"

namespace troupe {

class abstract_actor;
struct mailbox_element;

/// Told of dead letters and failed actors (actor_system::set_actor_events()). Calls come from any thread, while
/// the actor in question cleans up or refuses a message: keep them short and never block.
class TROUPE_CORE_API actor_events {
public:
  virtual ~actor_events();

  /// `e` reached `receiver` after it terminated, or was still waiting in its mailbox when it did.
  virtual void dead_letter(const abstract_actor& receiver, const mailbox_element& e) noexcept = 0;
  /// `who` ended with `reason`, which is neither exit_reason::normal nor exit_reason::user_shutdown.
  virtual void actor_failed(const abstract_actor& who, const error& reason) noexcept = 0;

  /// Whether the core also reports every spawn and exit of an actor that is not hidden.
  bool wants_lifecycle() const noexcept { return lifecycle_; }
  /// `who` was spawned (on the spawning thread, before it runs). Only with wants_lifecycle().
  virtual void actor_spawned(const abstract_actor& who) noexcept;
  /// `who` ended with `reason` (any reason; failures are reported to actor_failed too). Only with
  /// wants_lifecycle().
  virtual void actor_exited(const abstract_actor& who, const error& reason) noexcept;

  /// Whether every message `who` takes from its mailbox goes to message_taken and message_done. Asked once, at
  /// the spawn, after actor_spawned (only with wants_lifecycle(); never for a blocking actor, which takes its
  /// messages in a loop of its own). The default: no.
  virtual bool records(const abstract_actor& who) noexcept;
  /// `receiver`, an actor records() chose, took `e` from its mailbox and is about to handle it (on the thread that
  /// runs it; a message it skips and handles later is reported once, when first taken).
  virtual void message_taken(const abstract_actor& receiver, const mailbox_element& e) noexcept;
  /// `receiver` is done with the message it last took (handled, skipped or failed), on the same thread. Messages
  /// it sent meanwhile are in their receivers' mailboxes.
  virtual void message_done(const abstract_actor& receiver) noexcept;

protected:
  /// Set by a receiver that wants spawns and exits, before it is installed.
  void want_lifecycle(bool on) noexcept { lifecycle_ = on; }

private:
  bool lifecycle_ = false;
};

} // namespace troupe
