// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// libFuzzer target for the wire protocol's decoders (CMake target fuzz_wire with
// -DTROUPE_BUILD_FUZZERS=ON; scripts/fuzz.sh builds and runs it). The input is a
// byte stream as a node reads it from a socket: length-prefixed frames, each
// decoded the way a connection does, with message payloads decoded through a
// codec. Every frame must decode or yield an error; a decoded hello must
// re-encode to a hello that decodes to the same values.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "net/service_wire.hpp"
#include "net/wire.hpp"
#include "troupe/serialization.hpp"

namespace {

using namespace troupe;
namespace wire = troupe::net::wire;

// Resolves every handle to nothing, as for actors that do not exist.
struct null_codec : actor_handle_codec {
  node_id exporting(actor_control_block*) override { return node_id{}; }
  strong_actor_ptr resolve(const node_id&, std::uint64_t) override { return nullptr; }
};

void check_hello(std::span<const std::byte> body) {
  auto h = wire::read_hello(body);
  if (!h)
    return;
  std::vector<std::byte> again;
  wire::write_hello(again, *h);
  auto back = wire::read_hello(std::span<const std::byte>{again}.subspan(wire::length_size + 1));
  if (!back || back->node != h->node || back->app_identifier != h->app_identifier
      || back->published_actor != h->published_actor || back->published_interface != h->published_interface
      || back->types != h->types || back->nonce != h->nonce || back->authenticates != h->authenticates)
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::byte> input{reinterpret_cast<const std::byte*>(data), size};
  null_codec codec;
  while (input.size() >= wire::length_size) {
    auto n = wire::read_length(input.first<wire::length_size>(), 1 << 16);
    if (!n)
      return 0; // a node closes the connection here
    input = input.subspan(wire::length_size);
    if (input.size() < *n)
      return 0; // truncated: the node waits for more
    auto frame = input.first(*n);
    input = input.subspan(*n);
    auto f = wire::read_frame(frame);
    if (!f)
      return 0;
    switch (f->kind) {
      case wire::frame_kind::hello:
        check_hello(f->body);
        break;
      case wire::frame_kind::actor_message: {
        std::span<const std::byte> payload;
        if (auto hdr = wire::read_actor_message(f->body, payload))
          (void)deserialize(payload, &codec);
        break;
      }
      case wire::frame_kind::monitor:
        (void)wire::read_monitor(f->body);
        break;
      case wire::frame_kind::down:
        (void)wire::read_down(f->body);
        break;
      case wire::frame_kind::auth:
        (void)wire::read_auth(f->body);
        break;
      case wire::frame_kind::fragment:
        (void)wire::read_fragment(f->body);
        break;
      case wire::frame_kind::node_contact:
        (void)wire::read_node_contact(f->body);
        break;
      case wire::frame_kind::route_hint:
        (void)wire::read_route_hint(f->body);
        break;
      case wire::frame_kind::moved:
        (void)wire::read_moved(f->body);
        break;
      case wire::frame_kind::heartbeat:
      case wire::frame_kind::goodbye:
      case wire::frame_kind::park:
      case wire::frame_kind::park_ack:
      case wire::frame_kind::park_refused:
        break;
      case wire::frame_kind::lookup_request:
        (void)wire::read_lookup_request(f->body);
        break;
      case wire::frame_kind::lookup_response:
      case wire::frame_kind::spawn_response:
        (void)wire::read_service_response(f->body);
        break;
      case wire::frame_kind::spawn_request: {
        std::span<const std::byte> payload;
        if (auto req = wire::read_spawn_request(f->body, payload))
          (void)deserialize(payload, &codec);
        break;
      }
      case wire::frame_kind::group_join:
      case wire::frame_kind::group_leave:
        (void)wire::read_group_membership(f->body);
        break;
    }
  }
  return 0;
}
