// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Sends that no actor makes itself: anon_send (local_actor.hpp), which has no
// sender, anon_send_exit, which asks an actor to terminate without being
// anyone, and send_as, which sends on another actor's behalf so that the
// receiver sees that actor as the sender and its answers go there.
//
//   anon_send_exit(worker, exit_reason::user_shutdown);
//   send_as(client, server, ping_atom_v);  // server's reply goes to client
#include <utility>

#include "troupe/actor.hpp"
#include "troupe/actor_addr.hpp"
#include "troupe/error.hpp"
#include "troupe/group.hpp"
#include "troupe/local_actor.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/message_id.hpp"
#include "troupe/scheduler/current_worker.hpp"
#include "troupe/system_messages.hpp"

namespace troupe {

/// Sends exit_msg{actor_addr{}, reason} (an empty source) to `to`, with the effect of send_exit: it
/// terminates unless it traps exits (exit_reason::kill cannot be trapped,
/// exit_reason::normal is ignored by actors that do not trap exits). CAF put
/// the receiver's own address in the source; troupe leaves it empty, as an
/// anonymous message has no sender to name.
inline void anon_send_exit(const actor& to, error reason) {
  if (to)
    to.ctrl()->get()->enqueue(make_mailbox_element(nullptr, message_id{}, exit_msg{actor_addr{}, std::move(reason)}),
                              scheduler::current_worker());
}

/// The same for an address; nothing if the actor is gone.
inline void anon_send_exit(const actor_addr& to, error reason) {
  anon_send_exit(actor{to.lock()}, std::move(reason));
}

/// Sends xs to `to` as `from` sends them: the receiver's current_sender() is
/// `from`, and what it answers goes to `from`.
template <class... Ts>
void send_as(const actor& from, const actor& to, Ts&&... xs) {
  if (to)
    to.ctrl()->get()->enqueue(make_mailbox_element(from.ptr(), message_id{}, std::forward<Ts>(xs)...),
                              scheduler::current_worker());
}

/// To a typed actor: the compiler checks the message against its interface.
template <detail::typed_handle Handle, class... Ts>
void send_as(const actor& from, const Handle& to, Ts&&... xs) {
  detail::check_typed_input<Handle, Ts...>();
  send_as(from, actor{to}, std::forward<Ts>(xs)...);
}

/// To every current member of a group, one shared copy each.
template <class... Ts>
void send_as(const actor& from, const group& to, Ts&&... xs) {
  if (to)
    to->enqueue(from.ptr(), message_id{}, make_message(std::forward<Ts>(xs)...), scheduler::current_worker());
}

} // namespace troupe
