// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "wire.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

#include "troupe/serialization/binary_deserializer.hpp"
#include "troupe/serialization/binary_serializer.hpp"
#include "troupe/serialization/type_registry.hpp"

namespace troupe::net::wire {

namespace {

constexpr std::size_t max_types = 1 << 16;

// A frame starts with a placeholder length that finish_frame fills in.
std::size_t begin_frame(std::vector<std::byte>& out, frame_kind kind) {
  auto start = out.size();
  std::array<std::byte, length_size + 1> head{};
  head[length_size] = static_cast<std::byte>(kind);
  out.insert(out.end(), head.begin(), head.end());
  return start;
}

void write_node(binary_serializer& f, const node_id& x) {
  f.write_bytes(x.host_id().data(), node_id::host_id_size);
  f.write_int(x.process_id());
  f.write_int(x.instance());
}

bool read_node(binary_deserializer& f, node_id& x) {
  node_id::host_id_type host{};
  std::uint32_t process{}, instance{};
  for (auto& b : host)
    if (!f.read_byte(b))
      return false;
  if (!f.read_int(process) || !f.read_int(instance))
    return false;
  x = node_id{host, process, instance};
  return true;
}

// The error of a failed read, or one saying what was left over.
template <class T>
expected<T> finish(binary_deserializer& f, T value) {
  if (!f.err().empty())
    return f.err();
  if (f.remaining() != 0)
    return error{sec::malformed_message, std::to_string(f.remaining()) + " trailing bytes in frame"};
  return value;
}

error malformed(binary_deserializer& f, const char* what) {
  if (!f.err().empty())
    return error{sec::malformed_message, std::string{what} + ": " + f.err().context()};
  return error{sec::malformed_message, what};
}

std::uint64_t fnv1a(std::uint64_t h, std::string_view text) {
  for (unsigned char c : text)
    h = (h ^ c) * 0x100000001b3ULL;
  return (h ^ 0xff) * 0x100000001b3ULL; // separates "ab","c" from "a","bc"
}

void write_endpoints(binary_serializer& f, const std::vector<endpoint>& eps) {
  f.write_varint(eps.size());
  for (const auto& ep : eps) {
    f.write_string(ep.host);
    f.write_int(ep.port);
  }
}

error read_endpoints(binary_deserializer& f, std::vector<endpoint>& eps) {
  std::size_t n{};
  if (!f.read_count(n, 3))
    return malformed(f, "truncated endpoint list");
  if (n > max_contact_endpoints)
    return error{sec::malformed_message, "too many endpoints"};
  eps.resize(n);
  for (auto& ep : eps) {
    if (!f.read_string(ep.host) || !f.read_int(ep.port))
      return malformed(f, "truncated endpoint list");
    if (ep.host.size() > max_contact_host || ep.port == 0)
      return error{sec::malformed_message, "bad endpoint"};
  }
  return error{};
}

// The longest varint: 64 bits in groups of 7.
constexpr std::size_t max_varint_size = 10;

// Writes x as a varint into buf from position n; returns the position after.
template <std::size_t N>
std::size_t put_varint(std::array<std::byte, N>& buf, std::size_t n, std::uint64_t x) noexcept {
  while (x >= 0x80) {
    buf[n++] = static_cast<std::byte>(static_cast<std::uint8_t>(x | 0x80));
    x >>= 7;
  }
  buf[n++] = static_cast<std::byte>(static_cast<std::uint8_t>(x));
  return n;
}

} // namespace

// ---- encoding -------------------------------------------------------------------

void finish_frame(std::vector<std::byte>& out, std::size_t frame_start) {
  auto n = static_cast<std::uint32_t>(out.size() - frame_start - length_size);
  for (std::size_t i = 0; i < length_size; ++i)
    out[frame_start + i] = static_cast<std::byte>(static_cast<std::uint8_t>(n >> (8 * i)));
}

void write_hello(std::vector<std::byte>& out, const hello& x) {
  auto start = begin_frame(out, frame_kind::hello);
  binary_serializer f{out};
  f.write_int(magic);
  f.write_int(x.version);
  write_node(f, x.node);
  f.write_string(x.app_identifier);
  f.write_varint(x.published_actor);
  f.write_varint(x.published_interface.size());
  for (const auto& line : x.published_interface)
    f.write_string(line);
  f.write_varint(x.types.size());
  for (const auto& t : x.types) {
    f.write_string(t.name);
    f.write_int(t.layout);
  }
  f.write_bytes(x.nonce.data(), x.nonce.size());
  f.write_byte(x.authenticates ? 1 : 0);
  write_endpoints(f, x.endpoints);
  finish_frame(out, start);
}

void write_auth(std::vector<std::byte>& out, const auth_tag& tag) {
  auto start = begin_frame(out, frame_kind::auth);
  binary_serializer f{out};
  f.write_bytes(tag.data(), tag.size());
  finish_frame(out, start);
}

std::size_t begin_actor_message(std::vector<std::byte>& out, const actor_message_header& x) {
  if (!x.source_node && !x.dest_node && x.hops == 0 && !x.marker && !x.traced()) {
    // Nearly every message: the length (filled in by finish_frame), the kind,
    // three varints and no flags, put together here and appended at once.
    std::array<std::byte, length_size + 1 + 3 * max_varint_size + 1> head{};
    std::size_t n = length_size;
    head[n++] = static_cast<std::byte>(frame_kind::actor_message);
    n = put_varint(head, n, x.source);
    head[n++] = std::byte{0};
    n = put_varint(head, n, x.dest);
    n = put_varint(head, n, x.message_id);
    auto start = out.size();
    out.insert(out.end(), head.begin(), head.begin() + static_cast<std::ptrdiff_t>(n));
    return start;
  }
  auto start = begin_frame(out, frame_kind::actor_message);
  binary_serializer f{out};
  f.write_varint(x.source);
  f.write_byte((x.source_node ? 1 : 0) | (x.dest_node ? 2 : 0) | (x.hops != 0 ? 4 : 0) | (x.marker ? 8 : 0)
               | (x.traced() ? 16 : 0));
  if (x.source_node)
    write_node(f, x.source_node);
  f.write_varint(x.dest);
  if (x.dest_node)
    write_node(f, x.dest_node);
  f.write_varint(x.message_id);
  if (x.hops != 0)
    f.write_byte(x.hops);
  if (x.traced()) {
    f.write_int(x.trace_high);
    f.write_int(x.trace_low);
    f.write_int(x.trace_span);
  }
  return start;
}

namespace {

void write_optional_node(binary_serializer& f, const node_id& node) {
  f.write_byte(node ? 1 : 0);
  if (node)
    write_node(f, node);
}

bool read_optional_node(binary_deserializer& f, node_id& node) {
  std::uint8_t has_node{};
  if (!f.read_byte(has_node) || has_node > 1)
    return false;
  return has_node == 0 || read_node(f, node);
}

} // namespace

void write_monitor(std::vector<std::byte>& out, std::uint64_t actor, const node_id& node) {
  auto start = begin_frame(out, frame_kind::monitor);
  binary_serializer f{out};
  f.write_varint(actor);
  write_optional_node(f, node);
  finish_frame(out, start);
}

void write_down(std::vector<std::byte>& out, std::uint64_t actor, const error& reason, const node_id& node) {
  auto start = begin_frame(out, frame_kind::down);
  binary_serializer f{out};
  f.write_varint(actor);
  write_optional_node(f, node);
  f.apply(reason);
  finish_frame(out, start);
}

void write_heartbeat(std::vector<std::byte>& out) {
  finish_frame(out, begin_frame(out, frame_kind::heartbeat));
}

void write_goodbye(std::vector<std::byte>& out) {
  finish_frame(out, begin_frame(out, frame_kind::goodbye));
}

void write_park(std::vector<std::byte>& out, frame_kind kind) {
  finish_frame(out, begin_frame(out, kind));
}

void write_node_contact(std::vector<std::byte>& out, const node_contact& x) {
  auto start = begin_frame(out, frame_kind::node_contact);
  binary_serializer f{out};
  write_optional_node(f, x.node);
  write_endpoints(f, x.endpoints);
  finish_frame(out, start);
}

void write_route_hint(std::vector<std::byte>& out, const route_hint& x) {
  auto start = begin_frame(out, frame_kind::route_hint);
  binary_serializer f{out};
  write_node(f, x.target);
  write_node(f, x.via);
  f.write_byte(x.ttl);
  finish_frame(out, start);
}

void write_moved(std::vector<std::byte>& out, const moved& x) {
  auto start = begin_frame(out, frame_kind::moved);
  binary_serializer f{out};
  write_node(f, x.to);
  write_node(f, x.of);
  f.write_varint(x.actor);
  f.write_varint(x.token);
  f.write_byte(x.ttl);
  finish_frame(out, start);
}

void write_fragment_header(std::vector<std::byte>& out, std::size_t piece_size, bool last, std::uint64_t total) {
  const bool first = total != 0;
  auto n = static_cast<std::uint32_t>(piece_size + 2 + (first ? 8 : 0)); // kind, flags, total
  for (std::size_t i = 0; i < length_size; ++i)
    out.push_back(static_cast<std::byte>((n >> (8 * i)) & 0xff));
  out.push_back(static_cast<std::byte>(frame_kind::fragment));
  out.push_back(static_cast<std::byte>((last ? fragment_last : 0) | (first ? fragment_first : 0)));
  if (first)
    for (std::size_t i = 0; i < 8; ++i)
      out.push_back(static_cast<std::byte>((total >> (8 * i)) & 0xff));
}

// ---- decoding -------------------------------------------------------------------

bool is_known_kind(std::uint8_t kind) noexcept {
  auto in = [kind](frame_kind first, frame_kind last) {
    return kind >= static_cast<std::uint8_t>(first) && kind <= static_cast<std::uint8_t>(last);
  };
  return in(frame_kind::hello, frame_kind::park_refused) || in(frame_kind::lookup_request, frame_kind::group_leave);
}

expected<std::uint32_t> read_length(std::span<const std::byte, length_size> prefix, std::size_t limit) noexcept {
  std::uint32_t n = 0;
  for (std::size_t i = 0; i < length_size; ++i)
    n |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(prefix[i])) << (8 * i);
  if (n == 0)
    return error{sec::malformed_message, "empty frame"};
  if (n > limit)
    return error{sec::malformed_message,
                 "frame of " + std::to_string(n) + " bytes exceeds the limit of " + std::to_string(limit)};
  return n;
}

expected<frame_view> read_frame(std::span<const std::byte> frame) noexcept {
  if (frame.empty())
    return error{sec::malformed_message, "empty frame"};
  auto kind = static_cast<std::uint8_t>(frame[0]);
  if (!is_known_kind(kind))
    return error{sec::malformed_message, "unknown frame kind " + std::to_string(kind)};
  auto k = static_cast<frame_kind>(kind);
  if (k != frame_kind::actor_message && k != frame_kind::fragment && frame.size() > max_control_frame)
    return error{sec::malformed_message, "oversized control frame"};
  return frame_view{k, frame.subspan(1)};
}

expected<hello> read_hello(std::span<const std::byte> body) noexcept {
  try {
    binary_deserializer f{body};
    hello x;
    std::uint32_t m{};
    if (!f.read_int(m))
      return malformed(f, "truncated hello");
    if (m != magic)
      return error{sec::malformed_message, "not a troupe node (bad magic)"};
    if (!f.read_int(x.version))
      return malformed(f, "truncated hello");
    if (x.version != protocol_version)
      return error{sec::incompatible_versions, "peer speaks protocol version " + std::to_string(x.version)
                                                 + ", this node " + std::to_string(protocol_version)};
    if (!read_node(f, x.node) || !f.read_string(x.app_identifier) || !f.read_varint(x.published_actor))
      return malformed(f, "truncated hello");
    std::size_t n{};
    if (!f.read_count(n, 1) || n > max_interface_lines)
      return malformed(f, "bad interface in hello");
    x.published_interface.resize(n);
    for (auto& line : x.published_interface)
      if (!f.read_string(line))
        return malformed(f, "truncated interface in hello");
    if (!f.read_count(n, 9) || n > max_types)
      return malformed(f, "bad type list in hello");
    x.types.resize(n);
    for (auto& t : x.types)
      if (!f.read_string(t.name) || !f.read_int(t.layout))
        return malformed(f, "truncated type list in hello");
    for (auto& b : x.nonce)
      if (!f.read_byte(b))
        return malformed(f, "truncated hello");
    std::uint8_t authenticates{};
    if (!f.read_byte(authenticates))
      return malformed(f, "truncated hello");
    if (authenticates > 1)
      return error{sec::malformed_message, "bad authentication flag in hello"};
    x.authenticates = authenticates == 1;
    if (auto err = read_endpoints(f, x.endpoints))
      return err;
    return finish(f, std::move(x));
  } catch (const std::bad_alloc&) {
    return error{sec::malformed_message, "hello too large"};
  }
}

namespace {

// A varint at p, for the header of every actor message: false where it is
// truncated or longer than 64 bits (the general reader then says which).
bool take_varint(const std::byte*& p, const std::byte* end, std::uint64_t& x) noexcept {
  std::uint64_t result = 0;
  for (unsigned shift = 0; shift < 64; shift += 7) {
    if (p == end)
      return false;
    auto b = static_cast<std::uint8_t>(*p++);
    if (shift == 63 && b > 1)
      return false;
    result |= static_cast<std::uint64_t>(b & 0x7F) << shift;
    if ((b & 0x80) == 0) {
      x = result;
      return true;
    }
  }
  return false;
}

// The header of nearly every message: no node ids and no hop count. Read
// straight from the bytes, it takes about half the general reader's work; anything
// else, well-formed or not, is left to that reader.
bool read_plain_header(std::span<const std::byte> body, actor_message_header& x, std::size_t& used) noexcept {
  const std::byte* p = body.data();
  const std::byte* end = p + body.size();
  if (!take_varint(p, end, x.source) || p == end || *p != std::byte{0})
    return false;
  ++p;
  if (!take_varint(p, end, x.dest) || !take_varint(p, end, x.message_id) || x.dest == 0)
    return false;
  used = static_cast<std::size_t>(p - body.data());
  return true;
}

} // namespace

expected<actor_message_header> read_actor_message(std::span<const std::byte> body,
                                                  std::span<const std::byte>& payload) noexcept {
  {
    actor_message_header plain;
    std::size_t used = 0;
    if (read_plain_header(body, plain, used)) {
      payload = body.subspan(used);
      return plain;
    }
  }
  binary_deserializer f{body};
  actor_message_header x;
  std::uint8_t nodes{};
  if (!f.read_varint(x.source) || !f.read_byte(nodes))
    return malformed(f, "truncated message header");
  if (nodes > 31)
    return error{sec::malformed_message, "bad node flags"};
  x.marker = (nodes & 8) != 0;
  if ((nodes & 1) != 0 && !read_node(f, x.source_node))
    return malformed(f, "truncated message header");
  if (!f.read_varint(x.dest) || ((nodes & 2) != 0 && !read_node(f, x.dest_node)) || !f.read_varint(x.message_id))
    return malformed(f, "truncated message header");
  if ((nodes & 4) != 0 && !f.read_byte(x.hops))
    return malformed(f, "truncated message header");
  if ((nodes & 4) != 0 && (x.hops == 0 || x.hops > max_hops))
    return error{sec::malformed_message, "bad hop count " + std::to_string(x.hops)};
  if ((nodes & 16) != 0) {
    if (!f.read_int(x.trace_high) || !f.read_int(x.trace_low) || !f.read_int(x.trace_span))
      return malformed(f, "truncated trace context");
    if (!x.traced())
      return error{sec::malformed_message, "trace context without a trace id"};
  }
  if (x.dest == 0)
    return error{sec::malformed_message, "message without receiver"};
  if (x.marker && f.remaining() != 0)
    return error{sec::malformed_message, "move marker with a payload"};
  payload = body.subspan(f.position());
  return x;
}

expected<auth_tag> read_auth(std::span<const std::byte> body) noexcept {
  binary_deserializer f{body};
  auth_tag tag{};
  for (auto& b : tag)
    if (!f.read_byte(b))
      return malformed(f, "truncated auth frame");
  return finish(f, tag);
}

expected<fragment_view> read_fragment(std::span<const std::byte> body) noexcept {
  if (body.empty())
    return error{sec::malformed_message, "truncated fragment frame"};
  auto flags = static_cast<std::uint8_t>(body[0]);
  if ((flags & ~(fragment_last | fragment_first)) != 0)
    return error{sec::malformed_message, "unknown fragment flags " + std::to_string(flags)};
  fragment_view f;
  f.first = (flags & fragment_first) != 0;
  f.last = (flags & fragment_last) != 0;
  body = body.subspan(1);
  if (f.first) {
    if (body.size() < 8)
      return error{sec::malformed_message, "truncated fragment frame"};
    for (std::size_t i = 0; i < 8; ++i)
      f.total |= static_cast<std::uint64_t>(body[i]) << (8 * i);
    body = body.subspan(8);
    if (f.total == 0)
      return error{sec::malformed_message, "a first fragment of an empty frame"};
  }
  f.piece = body;
  return f;
}

expected<monitor_info> read_monitor(std::span<const std::byte> body) noexcept {
  binary_deserializer f{body};
  monitor_info x;
  if (!f.read_varint(x.actor) || !read_optional_node(f, x.node))
    return malformed(f, "truncated monitor frame");
  return finish(f, x);
}

expected<down_info> read_down(std::span<const std::byte> body) noexcept {
  try {
    binary_deserializer f{body};
    down_info x;
    if (!f.read_varint(x.actor) || !read_optional_node(f, x.node) || !f.apply(x.reason))
      return malformed(f, "truncated down frame");
    return finish(f, std::move(x));
  } catch (const std::bad_alloc&) {
    return error{sec::malformed_message, "down frame too large"};
  }
}

expected<node_contact> read_node_contact(std::span<const std::byte> body) noexcept {
  try {
    binary_deserializer f{body};
    node_contact x;
    if (!read_optional_node(f, x.node))
      return malformed(f, "truncated node contact");
    if (auto err = read_endpoints(f, x.endpoints))
      return err;
    return finish(f, std::move(x));
  } catch (const std::bad_alloc&) {
    return error{sec::malformed_message, "node contact too large"};
  }
}

expected<route_hint> read_route_hint(std::span<const std::byte> body) noexcept {
  binary_deserializer f{body};
  route_hint x;
  if (!read_node(f, x.target) || !read_node(f, x.via) || !f.read_byte(x.ttl))
    return malformed(f, "truncated route hint");
  if (!x.target || !x.via || x.target == x.via)
    return error{sec::malformed_message, "route hint without two nodes"};
  if (x.ttl > max_hops)
    return error{sec::malformed_message, "bad route hint ttl " + std::to_string(x.ttl)};
  return finish(f, x);
}

expected<moved> read_moved(std::span<const std::byte> body) noexcept {
  binary_deserializer f{body};
  moved x;
  if (!read_node(f, x.to) || !read_node(f, x.of) || !f.read_varint(x.actor) || !f.read_varint(x.token)
      || !f.read_byte(x.ttl))
    return malformed(f, "truncated moved frame");
  if (!x.to || !x.of || x.to == x.of || x.actor == 0)
    return error{sec::malformed_message, "moved frame without two nodes and an actor"};
  if (x.ttl > max_hops)
    return error{sec::malformed_message, "bad moved ttl " + std::to_string(x.ttl)};
  return finish(f, x);
}

// ---- authentication -------------------------------------------------------------

auth_tag make_auth_tag(const std::string& secret, const nonce_type& peer_nonce, const node_id& prover,
                       const node_id& verifier) {
  std::vector<std::byte> data;
  binary_serializer f{data};
  f.write_bytes(peer_nonce.data(), peer_nonce.size());
  write_node(f, prover);
  write_node(f, verifier);
  auth_tag tag{};
  unsigned int len = 0;
  if (HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
           reinterpret_cast<const unsigned char*>(data.data()), data.size(), tag.data(), &len)
        == nullptr
      || len != tag.size())
    throw std::runtime_error("troupe: HMAC-SHA-256 failed");
  return tag;
}

bool auth_tag_equal(const auth_tag& a, const auth_tag& b) noexcept {
  return CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

nonce_type make_nonce() {
  nonce_type n{};
  if (RAND_bytes(n.data(), static_cast<int>(n.size())) != 1)
    throw std::runtime_error("troupe: no random bytes for a handshake nonce");
  return n;
}

// ---- announced types ------------------------------------------------------------

std::vector<type_fingerprint> announced_types() {
  std::vector<type_fingerprint> out;
  for (const auto* e : type_registry::global().list()) {
    if (e->builtin_code() != 0)
      continue; // the same on every node of this protocol version
    auto h = fnv1a(0xcbf29ce484222325ULL, e->name());
    for (const auto& field : e->field_names())
      h = fnv1a(h, field);
    h = fnv1a(h, std::to_string(e->size()));
    out.push_back(type_fingerprint{e->name(), h});
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  return out;
}

error check_types(const std::vector<type_fingerprint>& ours, const std::vector<type_fingerprint>& theirs) {
  std::unordered_map<std::string_view, std::uint64_t> index;
  for (const auto& t : ours)
    index.emplace(t.name, t.layout);
  for (const auto& t : theirs)
    if (auto i = index.find(t.name); i != index.end() && i->second != t.layout)
      return error{sec::incompatible_types, "type '" + t.name + "' has another layout on the peer"};
  return error{};
}

} // namespace troupe::net::wire
