// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/serialization/message_recording.hpp"

#include <cstring>

#include "troupe/error.hpp"
#include "troupe/serialization/binary_deserializer.hpp"
#include "troupe/serialization/binary_serializer.hpp"

namespace troupe {

namespace {

error malformed(std::string what) {
  return error{sec::malformed_message, "not a message recording: " + std::move(what)};
}

} // namespace

void append_recording_header(std::vector<std::byte>& out) {
  auto at = out.size();
  out.resize(at + recording_magic.size() + 1);
  std::memcpy(out.data() + at, recording_magic.data(), recording_magic.size());
  out.back() = static_cast<std::byte>(recording_version);
}

void append_recorded(std::vector<std::byte>& out, const recorded_message& x) {
  auto at = out.size();
  out.resize(at + 4); // the length, written once known
  binary_serializer sink{out};
  sink.apply(const_cast<recorded_message&>(x)); // inspect takes a mutable reference; writing reads it only
  auto n = static_cast<std::uint32_t>(out.size() - at - 4);
  for (int i = 0; i < 4; ++i)
    out[at + static_cast<std::size_t>(i)] = static_cast<std::byte>((n >> (8 * i)) & 0xff);
}

expected<recording_contents> read_recording(std::span<const std::byte> input) noexcept {
  try {
    auto header = recording_magic.size() + 1;
    if (input.size() < header || std::memcmp(input.data(), recording_magic.data(), recording_magic.size()) != 0)
      return malformed("it does not start with \"troupe-recording\"");
    auto version = static_cast<std::uint8_t>(input[recording_magic.size()]);
    if (version != recording_version)
      return malformed("format version " + std::to_string(version) + ", this build reads version "
                       + std::to_string(recording_version));
    recording_contents out;
    std::size_t pos = header;
    while (pos < input.size()) {
      if (input.size() - pos < 4) {
        out.trailing_bytes = input.size() - pos;
        break;
      }
      std::uint32_t n = 0;
      for (int i = 0; i < 4; ++i)
        n |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(input[pos + static_cast<std::size_t>(i)])) << (8 * i);
      if (n > max_recording_entry)
        return malformed("entry " + std::to_string(out.entries.size() + 1) + " claims " + std::to_string(n) + " bytes");
      if (input.size() - pos - 4 < n) {
        out.trailing_bytes = input.size() - pos;
        break;
      }
      binary_deserializer source{input.subspan(pos + 4, n)};
      recorded_message entry;
      if (!source.apply(entry))
        return malformed("entry " + std::to_string(out.entries.size() + 1) + ": " + to_string(source.err()));
      if (source.remaining() != 0)
        return malformed("entry " + std::to_string(out.entries.size() + 1) + " has "
                         + std::to_string(source.remaining()) + " bytes beyond its fields");
      out.entries.push_back(std::move(entry));
      pos += 4 + n;
    }
    return out;
  } catch (const std::bad_alloc&) {
    return error{sec::runtime_error, "out of memory while reading a message recording"};
  }
}

} // namespace troupe
