// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What the network layer tells an observer (the inspection probe) about the
// messages it carries: each message sent to or received from another node,
// and each one it could not deliver. Installed with
// middleman::set_message_tap; without one a message costs a pointer load.
#include <cstddef>

#include "troupe/actor_control_block.hpp"
#include "troupe/error.hpp"
#include "troupe/message.hpp"
#include "troupe/node_id.hpp"

namespace troupe::net {

/// One message between this node and another, as the network layer carried it.
struct tapped_message {
  bool outgoing = false;  ///< sent by this node (else received)
  node_id sender_node;    ///< where the sender lives (this node for an outgoing message from a local actor)
  actor_id sender = 0;    ///< 0: no sender
  node_id receiver_node;  ///< where the receiver lives
  actor_id receiver = 0;  ///< the receiver
  const message* content; ///< the message itself, valid during the call only
  std::size_t bytes = 0;  ///< its size on the wire, framing included
};

/// Told of the messages between nodes. Calls come from senders' threads, the I/O thread and decoding workers: keep
/// them short, never block, never send to another node from inside one.
class message_tap {
public:
  virtual ~message_tap();

  /// A message was sent to or received from another node.
  virtual void carried(const tapped_message& m) noexcept = 0;
  /// A message to actor `receiver` on `node` could not be delivered, for `reason`.
  virtual void undeliverable(const node_id& node, actor_id receiver, const error& reason) noexcept = 0;
};

} // namespace troupe::net
