// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "service_wire.hpp"

#include <new>

#include "troupe/serialization/binary_deserializer.hpp"
#include "troupe/serialization/binary_serializer.hpp"

namespace troupe::net::wire {

namespace {

// The kind after a placeholder length that finish_frame fills in.
std::size_t start_frame(std::vector<std::byte>& out, frame_kind kind) {
  auto start = out.size();
  out.resize(start + length_size, std::byte{0});
  out.push_back(static_cast<std::byte>(kind));
  return start;
}

// An interface: a count, then one string per signature.
void write_lines(binary_serializer& f, const std::vector<std::string>& lines) {
  f.write_varint(lines.size());
  for (const auto& line : lines)
    f.write_string(line);
}

bool read_lines(binary_deserializer& f, std::vector<std::string>& lines) {
  std::size_t n{};
  if (!f.read_count(n, 1) || n > max_interface_lines)
    return false;
  lines.resize(n);
  for (auto& line : lines)
    if (!f.read_string(line))
      return false;
  return true;
}

// `what` names the frame in the error of a read that failed.
error truncated(const binary_deserializer& f, const std::string& what) {
  auto text = "truncated " + what + " frame";
  if (!f.err().empty())
    text += ": " + f.err().context();
  return error{sec::malformed_message, std::move(text)};
}

error leftover(const binary_deserializer& f, const std::string& what) {
  if (f.remaining() == 0)
    return error{};
  return error{sec::malformed_message, std::to_string(f.remaining()) + " trailing bytes in " + what + " frame"};
}

} // namespace

void write_lookup_request(std::vector<std::byte>& out, const lookup_request& x) {
  auto start = start_frame(out, frame_kind::lookup_request);
  binary_serializer f{out};
  f.write_varint(x.request_id);
  f.write_byte(static_cast<std::uint8_t>(x.what));
  f.write_string(x.name);
  finish_frame(out, start);
}

void write_service_response(std::vector<std::byte>& out, frame_kind kind, const service_response& x) {
  auto start = start_frame(out, kind);
  binary_serializer f{out};
  f.write_varint(x.request_id);
  if (x.reason) {
    f.write_byte(0);
    f.apply(x.reason);
  } else {
    f.write_byte(1);
    f.write_varint(x.actor);
    write_lines(f, x.interface);
  }
  finish_frame(out, start);
}

std::size_t begin_spawn_request(std::vector<std::byte>& out, const spawn_request& x) {
  auto start = start_frame(out, frame_kind::spawn_request);
  binary_serializer f{out};
  f.write_varint(x.request_id);
  f.write_string(x.type);
  write_lines(f, x.expected_interface);
  return start;
}

void write_group_membership(std::vector<std::byte>& out, frame_kind kind, const group_membership& x) {
  auto start = start_frame(out, kind);
  binary_serializer f{out};
  f.write_varint(x.group);
  f.write_varint(x.member);
  finish_frame(out, start);
}

expected<lookup_request> read_lookup_request(std::span<const std::byte> body) noexcept {
  try {
    binary_deserializer f{body};
    lookup_request x;
    std::uint8_t what{};
    if (!f.read_varint(x.request_id) || !f.read_byte(what) || !f.read_string(x.name))
      return truncated(f, "lookup");
    if (what > static_cast<std::uint8_t>(lookup_kind::group))
      return error{sec::malformed_message, "unknown lookup kind " + std::to_string(what)};
    x.what = static_cast<lookup_kind>(what);
    if (auto err = leftover(f, "lookup"))
      return err;
    return x;
  } catch (const std::bad_alloc&) {
    return error{sec::malformed_message, "lookup frame too large"};
  }
}

expected<service_response> read_service_response(std::span<const std::byte> body) noexcept {
  try {
    binary_deserializer f{body};
    service_response x;
    std::uint8_t ok{};
    if (!f.read_varint(x.request_id) || !f.read_byte(ok))
      return truncated(f, "service response");
    if (ok > 1)
      return error{sec::malformed_message, "bad success flag in service response"};
    if (ok == 0) {
      if (!f.apply(x.reason))
        return truncated(f, "service response");
      if (!x.reason)
        return error{sec::malformed_message, "service response without result or error"};
    } else {
      if (!f.read_varint(x.actor) || !read_lines(f, x.interface))
        return truncated(f, "service response");
      if (x.actor == 0)
        return error{sec::malformed_message, "service response names actor 0"};
    }
    if (auto err = leftover(f, "service response"))
      return err;
    return x;
  } catch (const std::bad_alloc&) {
    return error{sec::malformed_message, "service response too large"};
  }
}

expected<spawn_request> read_spawn_request(std::span<const std::byte> body,
                                           std::span<const std::byte>& payload) noexcept {
  try {
    binary_deserializer f{body};
    spawn_request x;
    if (!f.read_varint(x.request_id) || !f.read_string(x.type) || !read_lines(f, x.expected_interface))
      return truncated(f, "spawn");
    payload = body.subspan(f.position());
    return x;
  } catch (const std::bad_alloc&) {
    return error{sec::malformed_message, "spawn frame too large"};
  }
}

expected<group_membership> read_group_membership(std::span<const std::byte> body) noexcept {
  binary_deserializer f{body};
  group_membership x;
  if (!f.read_varint(x.group) || !f.read_varint(x.member))
    return truncated(f, "group membership");
  if (auto err = leftover(f, "group membership"))
    return err;
  return x;
}

} // namespace troupe::net::wire
