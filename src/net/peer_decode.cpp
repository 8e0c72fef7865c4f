// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The part of a connection that decodes large incoming messages off the I/O
// thread (middleman.workers). The I/O thread keeps reading meanwhile; the
// delivery order (delivery_order.hpp) holds back what must follow a message
// still being decoded. A worker holds the peer by shared_ptr, so a connection
// that closes meanwhile stays valid until the worker is done with it.
#include <memory>
#include <utility>

#include "decode_pool.hpp"
#include "export_table.hpp"
#include "peer.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/serialization/message_codec.hpp"

namespace troupe::net {

// The handle codec of a decode worker: local actors are found at once, proxies
// are made on the I/O thread (which owns them) while the worker waits.
class peer::worker_codec final : public actor_handle_codec {
public:
  worker_codec(std::shared_ptr<peer> p, const node_id& origin) : peer_(std::move(p)), origin_(origin) {}

  node_id exporting(actor_control_block* x) override { return peer_->exporting(x); }
  strong_actor_ptr resolve(const node_id& node, std::uint64_t id) override {
    return peer_->resolve_from_worker(node, id, origin_);
  }

private:
  std::shared_ptr<peer> peer_;
  node_id origin_; // see origin_codec
};

error peer::on_large_frame(reassembly::frame whole) {
  auto head = wire::read_frame(whole.view());
  if (!head)
    return head.error();
  if (head->kind != wire::frame_kind::actor_message)
    return error{sec::malformed_message, "a fragmented frame that is not an actor message"};
  std::span<const std::byte> payload;
  auto hdr = wire::read_actor_message(head->body, payload);
  if (!hdr)
    return hdr.error();
  if ((hdr->dest_node && hdr->dest_node != ctx_.system.node()) || hdr->marker)
    return on_actor_message(head->body); // passed on to another node, or no message: nothing to decode
  auto key = pair_of(*hdr);
  auto origin = origin_of(*hdr);
  auto ticket = order_.reserve(key);
  auto bytes = whole.size;
  auto held = std::make_shared<reassembly::frame>(std::move(whole)); // moved, never copied
  // The frame's bytes are freed once decoded, before the message is delivered:
  // freeing 100 MB takes milliseconds, and done while the receiver handles the
  // message it would compete with the receiver and the next small messages.
  decode_pool::task job = [self = shared_from_this(), key, ticket, hdr = *hdr, payload, held, origin, bytes]() mutable {
    worker_codec codec{self, origin};
    auto msg = deserialize(payload, &codec);
    held.reset();
    self->tap_incoming(hdr, msg, bytes);
    // When the I/O thread has stopped, the handler is never run: it, and the
    // message, are destroyed with the io_context.
    asio::post(self->ctx_.io, [self, key, ticket, hdr, msg = std::move(msg)]() mutable {
      self->finish_decode(key, ticket, hdr, std::move(msg));
    });
  };
  if (!ctx_.decoders.try_submit(std::move(job))) { // no workers, or all busy
    origin_codec with_origin{*this, origin};
    auto msg = deserialize(payload, origin ? static_cast<actor_handle_codec*>(&with_origin) : this);
    job = nullptr; // the last owner of the frame's bytes but `held`
    held.reset();
    tap_incoming(*hdr, msg, bytes);
    finish_decode(key, ticket, *hdr, std::move(msg));
  }
  return error{};
}

void peer::finish_decode(const delivery_order::pair_key& key, delivery_order::ticket t,
                         const wire::actor_message_header& hdr, expected<message> msg) {
  if (closed_ && !closing_after_decodes_)
    return;                    // the connection broke: close() dropped what waited
  io_input_guard guard{*this}; // the order and the caches
  order_.fulfil(key, t, [this, hdr, msg = std::move(msg)]() mutable { deliver_now(hdr, std::move(msg)); });
  if (closing_after_decodes_ && order_.idle()) {
    closing_after_decodes_ = false;
    ctx_.owner.peer_closed(this);
  }
}

delivery_order::pair_key peer::pair_of(const wire::actor_message_header& hdr) const {
  return delivery_order::pair_key{hdr.source_node ? hdr.source_node : node(), hdr.source, hdr.dest};
}

strong_actor_ptr peer::resolve_from_worker(const node_id& n, std::uint64_t id, const node_id& origin) {
  if (n == ctx_.system.node())
    return ctx_.exports.find(id); // any thread may look
  return ctx_.owner.resolve_on_io([self = shared_from_this(), n, id, origin]() -> strong_actor_ptr {
    // A broken connection drops the message anyway; after a goodbye it is
    // still delivered, and the proxy dies with the connection's others.
    if (self->closed_ && !self->closing_after_decodes_)
      return nullptr;
    return self->resolve(n, id, origin);
  });
}

} // namespace troupe::net
