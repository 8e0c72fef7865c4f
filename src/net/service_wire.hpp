// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The frames of the node services (docs/protocol.md, "Services"): looking up
// a registered actor or a published group by name, spawning an actor type by
// name, and joining or leaving a group of the receiving node. Encoding and
// checked decoding only, as in wire.hpp.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "troupe/error.hpp"
#include "troupe/expected.hpp"
#include "wire.hpp"

namespace troupe::net::wire {

enum class lookup_kind : std::uint8_t {
  actor = 0, // an actor of the receiver's registry (sys.registry())
  group = 1, // a local group of the receiver, which must publish its groups
};

struct lookup_request {
  std::uint64_t request_id = 0;
  lookup_kind what = lookup_kind::actor;
  std::string name;
};

// The answer to a lookup or a spawn: an actor of the answering node and its
// interface, or why there is none (`reason` not empty).
struct service_response {
  std::uint64_t request_id = 0;
  std::uint64_t actor = 0;
  std::vector<std::string> interface;
  error reason;
};

struct spawn_request {
  std::uint64_t request_id = 0;
  std::string type;
  // The interface the requester expects (empty: any); the receiver checks it
  // before it spawns anything.
  std::vector<std::string> expected_interface;
};

// `member`, an actor of the sending node, joins or leaves the group whose
// intermediary is the receiver's actor `group`.
struct group_membership {
  std::uint64_t group = 0;
  std::uint64_t member = 0;
};

void write_lookup_request(std::vector<std::byte>& out, const lookup_request& x);
// kind: lookup_response or spawn_response.
void write_service_response(std::vector<std::byte>& out, frame_kind kind, const service_response& x);
// The serialized arguments follow (appended by the caller, then finish_frame).
std::size_t begin_spawn_request(std::vector<std::byte>& out, const spawn_request& x);
// kind: group_join or group_leave.
void write_group_membership(std::vector<std::byte>& out, frame_kind kind, const group_membership& x);

expected<lookup_request> read_lookup_request(std::span<const std::byte> body) noexcept;
expected<service_response> read_service_response(std::span<const std::byte> body) noexcept;
// The header and, in `payload`, the serialized arguments after it.
expected<spawn_request> read_spawn_request(std::span<const std::byte> body,
                                           std::span<const std::byte>& payload) noexcept;
expected<group_membership> read_group_membership(std::span<const std::byte> body) noexcept;

} // namespace troupe::net::wire
