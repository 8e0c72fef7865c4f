// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The file format of a message recording (inspect.record): every message that
// a recorded actor took from its mailbox, in the order it took them, so that
// a test can replay them into a fresh instance (troupe/test/replay.hpp).
//
// Format (version 1), little-endian:
//   the 17 bytes "troupe-recording\n", then uint8 version (= recording_version)
//   entries, each: uint32 length n, then n bytes: one recorded_message in the
//   binary encoding of binary_serializer.hpp (its fields in declaration order)
// A recording cut short (the process died while writing) reads up to its
// last whole entry; read_recording says how many bytes it left.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "troupe/detail/export.hpp"
#include "troupe/expected.hpp"
#include "troupe/serialization/field.hpp"

namespace troupe {

/// The bytes that start every recording.
inline constexpr std::string_view recording_magic = "troupe-recording\n";
/// The format version after the magic bytes.
inline constexpr std::uint8_t recording_version = 1;
/// The largest entry a recording may hold (a message of up to 64 MiB and its envelope).
inline constexpr std::size_t max_recording_entry = (std::size_t{64} << 20) + 4096;

/// One message a recorded actor took from its mailbox, or, with `lost` above zero, a gap: that many messages of
/// the actor were not recorded here because the recording fell behind.
struct recorded_message {
  std::uint64_t receiver = 0;   ///< the recorded actor's id in the recording process
  std::string receiver_name;    ///< its name (what inspect.record selects by)
  std::uint64_t at_ns = 0;      ///< when it took the message, in nanoseconds since the recording started
  std::string sender_node;      ///< a remote sender's node (to_string(node_id)); empty for a local or no sender
  std::uint64_t sender = 0;     ///< the sender's actor id; 0 for an anonymous message
  std::uint64_t message_id = 0; ///< the message_id's integer value: whether it is a request, a response, urgent
  std::string content;          ///< the message in the binary message format (message_codec.hpp); empty if unencodable
  std::string content_text;     ///< without an encoding: the message as to_string prints it, for people
  std::uint64_t lost = 0;       ///< above zero: a gap of this many messages, and no message
};

/// The fields of recorded_message, for the serialization.
template <class Inspector>
bool inspect(Inspector& f, recorded_message& x) {
  return f(field("receiver", x.receiver), field("receiver_name", x.receiver_name), field("at_ns", x.at_ns),
           field("sender_node", x.sender_node), field("sender", x.sender), field("message_id", x.message_id),
           field("content", x.content), field("content_text", x.content_text), field("lost", x.lost));
}

/// A recording read back: its entries in order, and how many bytes at its end did not make a whole entry.
struct recording_contents {
  std::vector<recorded_message> entries; ///< every whole entry, in the order they were written
  std::size_t trailing_bytes = 0;        ///< bytes of a last entry cut short (0 for a complete file)
};

/// Appends the recording's header to `out` (once, at the start of a file).
TROUPE_CORE_API void append_recording_header(std::vector<std::byte>& out);

/// Appends one entry (its length and its encoding) to `out`.
TROUPE_CORE_API void append_recorded(std::vector<std::byte>& out, const recorded_message& x);

/// Reads a whole recording. Never throws; an error for input that is not a recording (wrong magic or version) or
/// whose entries do not decode; a last entry cut short is left out and counted in trailing_bytes.
TROUPE_CORE_API expected<recording_contents> read_recording(std::span<const std::byte> input) noexcept;

} // namespace troupe
