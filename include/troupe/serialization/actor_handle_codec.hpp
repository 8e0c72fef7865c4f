// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// How actor handles cross a process boundary. Without a codec, a handle is
// written as its actor id with no node and reads back as an invalid handle.
// The network layer hands the serializer and deserializer of one connection
// a codec: a written handle carries its node, and the codec makes a local
// actor reachable by its id from that peer; a read handle becomes the local
// actor or a proxy for the remote one.
#include <cstdint>

#include "troupe/actor_control_block.hpp"
#include "troupe/node_id.hpp"

namespace troupe {

/// How actor handles cross a process boundary: the network layer gives the binary_serializer and binary_deserializer
/// of one connection a codec. Without one, a handle is written as its actor id alone and reads back invalid.
class actor_handle_codec {
public:
  virtual ~actor_handle_codec() = default;

  /// The handle to `x` (not null) is about to be written: its node, as the
  /// peer will see it. A local actor becomes reachable by its id.
  virtual node_id exporting(actor_control_block* x) = 0;

  /// The handle that `node` and `id` name: a local actor, a proxy, or null (the
  /// actor is gone, or the node cannot be reached).
  virtual strong_actor_ptr resolve(const node_id& node, std::uint64_t id) = 0;
};

} // namespace troupe
