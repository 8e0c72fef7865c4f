// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The frames of troupe's binary actor system protocol (docs/protocol.md):
// encoding into a byte buffer and decoding from one, without any I/O, so that
// the decoder can be tested and fuzzed on its own. Every decoder checks every
// length against the input and returns an error instead of trusting it.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "troupe/error.hpp"
#include "troupe/expected.hpp"
#include "troupe/node_id.hpp"

namespace troupe::net::wire {

// "TRPE" as a little-endian uint32, at the start of every hello.
inline constexpr std::uint32_t magic = 0x45505254;
inline constexpr std::uint16_t protocol_version = 8;

// uint32 length (of kind and body), then uint8 kind.
inline constexpr std::size_t length_size = 4;
// A frame of every kind but actor_message is small; a peer that announces a
// larger one is cut off before its bytes are read.
inline constexpr std::size_t max_control_frame = 1 << 20;
// A message whose frame is larger than this crosses in fragments of this
// size, so that smaller frames can go between them.
inline constexpr std::size_t fragment_size = 64 << 10;
// The flags of a fragment frame.
inline constexpr std::uint8_t fragment_last = 1;  // the frame is complete with this piece
inline constexpr std::uint8_t fragment_first = 2; // a uint64 total length follows the flags

enum class frame_kind : std::uint8_t {
  hello = 1,         // the first frame in each direction
  actor_message = 2, // a message to an actor of the receiving node
  monitor = 3,       // the sender made a proxy for one of the receiver's actors
  down = 4,          // one of the sender's actors terminated (or does not exist)
  heartbeat = 5,     // nothing else to say; proves the sender is alive
  goodbye = 6,       // the sender closes the connection on purpose
  auth = 7,          // proof that the sender knows the shared secret
  fragment = 8,      // a piece of a large actor_message frame (its kind and body)
  node_contact = 9,  // where a node (the sender, or one it is connected to) listens
  route_hint = 10,   // the way to a node the receiver may not know: through another node
  moved = 11,        // a move marker arrived: the proxy it names may go on directly
  // Closing an idle connection without ending what it carried: the sender has
  // queued its last frame and its proxies of the receiver's actors wait for a
  // new connection; the receiver answers with park_ack (it did the same, and
  // it is the last frame it sends) or park_refused (go on as before).
  park = 12,
  park_ack = 13,
  park_refused = 14,
  // The node services (service_wire.hpp), numbered apart from the kinds above
  // so that both lists can grow.
  lookup_request = 16,  // find a registered actor or a published group by name
  lookup_response = 17, // the answer: an actor id or an error
  spawn_request = 18,   // spawn an actor type by name with the arguments that follow
  spawn_response = 19,  // the answer: an actor id and its interface, or an error
  group_join = 20,      // an actor of the sender joins a group of the receiver
  group_leave = 21,     // and leaves it
};

// Whether `kind` is a kind of frame this version knows.
bool is_known_kind(std::uint8_t kind) noexcept;

inline constexpr std::size_t nonce_size = 16;
inline constexpr std::size_t auth_tag_size = 32; // HMAC-SHA-256
using nonce_type = std::array<std::uint8_t, nonce_size>;
using auth_tag = std::array<std::uint8_t, auth_tag_size>;

// A type the peer announced: its portable name and a hash of its layout.
struct type_fingerprint {
  std::string name;
  std::uint64_t layout = 0;
  friend bool operator==(const type_fingerprint&, const type_fingerprint&) = default;
};

// Where a node accepts connections. An empty host stands for the address the
// receiver sees the connection come from (a node listening on every address).
struct endpoint {
  std::string host;
  std::uint16_t port = 0;
  friend bool operator==(const endpoint&, const endpoint&) = default;
};
inline constexpr std::size_t max_contact_endpoints = 64;
// The most signatures an interface in a frame may list.
inline constexpr std::size_t max_interface_lines = 4096;
// A message passed on this many times is dropped (a stale route that loops);
// a route hint is passed on at most this many times.
inline constexpr std::uint8_t max_hops = 8;
inline constexpr std::size_t max_contact_host = 255;

struct hello {
  std::uint16_t version = protocol_version;
  node_id node;
  std::string app_identifier;
  // The actor published on the port the peer connected to (0: none; the
  // connecting side never publishes one) and its interface.
  std::uint64_t published_actor = 0;
  std::vector<std::string> published_interface;
  std::vector<type_fingerprint> types;
  // Fresh random bytes for this connection; the peer proves it knows the
  // secret by an HMAC over them.
  nonce_type nonce{};
  // Whether the sender has a secret and waits for the peer's auth frame.
  bool authenticates = false;
  // Where the sender accepts connections: a node connected to it passes
  // this on to nodes that receive handles to its actors (node_contact).
  std::vector<endpoint> endpoints;
};

struct actor_message_header {
  std::uint64_t source = 0; // 0: anonymous
  // The sender's node when it is not the node at the other end of the
  // connection (a handle that was passed on); invalid otherwise.
  node_id source_node;
  std::uint64_t dest = 0;
  // The receiver's node when it is not the node at the other end: that node
  // forwards the message (routing through an intermediate node).
  node_id dest_node;
  std::uint64_t message_id = 0;
  // How many nodes passed the message on so far.
  std::uint8_t hops = 0;
  // No message: a move marker. The sending node moved its proxy of `dest`
  // from this route onto a direct connection; `message_id` is the move's
  // token. Its receiver answers with `moved` once every message sent before
  // it was delivered.
  bool marker = false;
  // The trace the message belongs to and the span that sent it; sent only
  // while the sending node traces (a zero trace id: none).
  std::uint64_t trace_high = 0;
  std::uint64_t trace_low = 0;
  std::uint64_t trace_span = 0;
  bool traced() const noexcept { return (trace_high | trace_low) != 0; }
};

struct node_contact {
  node_id node; // invalid: the sender itself
  std::vector<endpoint> endpoints;
};

// "Traffic for `target` goes towards `via`": sent ahead of the first message
// to `target` through a node that may know `via` but not `target` (a handle
// that arrived in a message from `via` which the receiver passed on).
struct route_hint {
  node_id target;
  node_id via;
  std::uint8_t ttl = max_hops; // how many more times it may be passed on
};

// The answer to a move marker: node `to` may send what it holds for actor
// `actor` of node `of` on its direct connection. Passed on towards `to` by
// nodes on the way, at most `ttl` more times.
struct moved {
  node_id to;
  node_id of;
  std::uint64_t actor = 0;
  std::uint64_t token = 0;
  std::uint8_t ttl = max_hops;
};

// ---- encoding: each appends one whole frame (length prefix included) ----------

void write_hello(std::vector<std::byte>& out, const hello& x);
// The message bytes come from serialize(message, ...), appended by the
// caller through the returned position: begin_actor_message writes the
// header, finish_frame the length once the body is complete.
std::size_t begin_actor_message(std::vector<std::byte>& out, const actor_message_header& x);
// `node`: the actor's node when it is not the sender's (monitor) or the
// receiver's peer (down) itself, i.e. a routed actor; invalid otherwise.
void write_monitor(std::vector<std::byte>& out, std::uint64_t actor, const node_id& node = {});
void write_down(std::vector<std::byte>& out, std::uint64_t actor, const error& reason, const node_id& node = {});
void write_heartbeat(std::vector<std::byte>& out);
void write_auth(std::vector<std::byte>& out, const auth_tag& tag);
void write_goodbye(std::vector<std::byte>& out);
// park, park_ack and park_refused: frames without a body.
void write_park(std::vector<std::byte>& out, frame_kind kind);
void write_node_contact(std::vector<std::byte>& out, const node_contact& x);
void write_route_hint(std::vector<std::byte>& out, const route_hint& x);
void write_moved(std::vector<std::byte>& out, const moved& x);
// The header of a fragment frame that carries the next `piece_size` bytes of
// a large frame's kind and body; the caller writes those bytes right after it.
// The first fragment of a frame says how long the whole is (`total`, the
// frame's kind and body), so that the receiver puts the pieces straight into
// one buffer; later fragments pass total = 0.
void write_fragment_header(std::vector<std::byte>& out, std::size_t piece_size, bool last, std::uint64_t total);
// Sets the length prefix of the frame that starts at `frame_start`.
void finish_frame(std::vector<std::byte>& out, std::size_t frame_start);

// ---- decoding -------------------------------------------------------------------

// The length prefix: the bytes that follow it. An error if 0 or above `limit`.
expected<std::uint32_t> read_length(std::span<const std::byte, length_size> prefix, std::size_t limit) noexcept;

// The body of a frame (after its length prefix): its kind and the rest.
struct frame_view {
  frame_kind kind;
  std::span<const std::byte> body;
};
expected<frame_view> read_frame(std::span<const std::byte> frame) noexcept;

expected<hello> read_hello(std::span<const std::byte> body) noexcept;
// The header and, in `payload`, the serialized message after it.
expected<actor_message_header> read_actor_message(std::span<const std::byte> body,
                                                  std::span<const std::byte>& payload) noexcept;
struct monitor_info {
  std::uint64_t actor = 0;
  node_id node; // invalid: the receiver's own actor
};
expected<monitor_info> read_monitor(std::span<const std::byte> body) noexcept;
expected<auth_tag> read_auth(std::span<const std::byte> body) noexcept;
struct fragment_view {
  bool first = false;
  bool last = false;
  std::uint64_t total = 0; // the first fragment's: the whole frame's kind and body
  std::span<const std::byte> piece;
};
expected<fragment_view> read_fragment(std::span<const std::byte> body) noexcept;
struct down_info {
  std::uint64_t actor = 0;
  node_id node; // invalid: an actor of the sender
  error reason;
};
expected<down_info> read_down(std::span<const std::byte> body) noexcept;
expected<node_contact> read_node_contact(std::span<const std::byte> body) noexcept;
expected<route_hint> read_route_hint(std::span<const std::byte> body) noexcept;
expected<moved> read_moved(std::span<const std::byte> body) noexcept;

// The proof of a node that knows `secret`: HMAC-SHA-256 over the nonce the
// peer chose, the prover's node and the peer's node, so that a tag can be
// replayed neither on another connection nor in the other direction.
auth_tag make_auth_tag(const std::string& secret, const nonce_type& peer_nonce, const node_id& prover,
                       const node_id& verifier);
// Compares in constant time.
bool auth_tag_equal(const auth_tag& a, const auth_tag& b) noexcept;
// Fresh random bytes (OpenSSL's generator).
nonce_type make_nonce();

// The fingerprints of every type this process announced beyond the built-ins.
std::vector<type_fingerprint> announced_types();
// The first type both sides announced under one name with different layouts,
// as an error naming it; no error when they agree.
error check_types(const std::vector<type_fingerprint>& ours, const std::vector<type_fingerprint>& theirs);

} // namespace troupe::net::wire
