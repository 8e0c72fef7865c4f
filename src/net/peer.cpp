// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "peer.hpp"

#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>

#include "decode_pool.hpp"
#include "export_table.hpp"
#include "log_component.hpp"
#include "peer_owner.hpp"
#include "remote_proxy.hpp"
#include "remote_services.hpp"
#include "routing_table.hpp"
#include "tcp_watch.hpp"
#include "troupe/abstract_actor.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/log.hpp"
#include "troupe/message.hpp"
#include "troupe/net/middleman_settings.hpp"
#include "troupe/serialization/message_codec.hpp"

namespace troupe::net {

namespace {

std::uint64_t next_serial() noexcept {
  static std::atomic<std::uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

} // namespace

peer::peer(peer_context& ctx, byte_stream stream, role r, std::uint64_t published_actor,
           std::vector<std::string> published_interface)
  : ctx_(ctx), serial_(next_serial()), stream_(std::move(stream)), handshake_timer_(ctx.io),
    endpoint_text_(stream_.remote_text()), remote_address_(stream_.remote_address()), role_(r),
    published_actor_(published_actor), published_interface_(std::move(published_interface)),
    handshake_(ctx.system.node(), ctx.config, ctx.types), last_received_(now().time_since_epoch().count()),
    out_(ctx.config.max_queued_bytes) {}

peer::~peer() {
  // A peer that was never closed (its middleman stopped at the deadline).
  if (fd_ >= 0 && !socket_closed_)
    ::close(fd_);
}

void peer::start(handshake_callback on_handshake) {
  on_handshake_ = std::move(on_handshake);
  if (stream_.is_plain_tcp()) {
    // From here on the tcp_watch reports the socket, not Asio's reactor.
    asio::error_code ec;
    fd_ = stream_.socket()->release(ec);
    if (ec) {
      close(error{sec::cannot_connect_to_node, "cannot take the socket: " + ec.message()});
      return;
    }
    if (!ctx_.watch.add(shared_from_this(), serial_, fd_)) {
      auto why = std::string{std::strerror(errno)};
      ::close(std::exchange(fd_, -1));
      close(error{sec::cannot_connect_to_node, "cannot watch the socket: " + why});
      return;
    }
  }
  handshake_timer_.expires_after(ctx_.config.connect_timeout);
  handshake_timer_.async_wait([self = shared_from_this()](const asio::error_code& ec) {
    if (!ec && !self->ready())
      self->close(error{sec::cannot_connect_to_node, "handshake timed out"});
  });
  if (!stream_.is_tls()) {
    begin_exchange();
    return;
  }
  stream_.async_handshake([self = shared_from_this()](const asio::error_code& ec) {
    if (self->closed_)
      return;
    if (ec) {
      // A plaintext peer, a certificate the CA did not sign, none at all.
      self->close(error{sec::authentication_failed, "TLS handshake failed: " + ec.message()});
      return;
    }
    self->begin_exchange();
  });
}

void peer::begin_exchange() {
  auto ours = handshake_.make_hello(published_actor_, published_interface_, ctx_.owner.listen_endpoints());
  std::vector<std::byte> frame;
  wire::write_hello(frame, ours);
  send_frame(frame);
  // Not at once: the hello is written first (its write is queued already),
  // before a hello read now could make this side ready and queue a heartbeat
  // on the control lane, ahead of it.
  asio::post(ctx_.io, [self = shared_from_this()] { self->read_on(); });
}

// ---- frames ------------------------------------------------------------------------

bool peer::on_bytes(std::size_t n) {
  in_end_ += n;
  if (n > 0)
    last_received_.store(now().time_since_epoch().count(), std::memory_order_relaxed);
  for (;;) {
    auto avail = in_end_ - in_begin_;
    in_needed_ = wire::length_size;
    if (avail < wire::length_size)
      break;
    // Before the handshake only a hello may come, which is small.
    auto limit = ready() ? ctx_.config.max_message_size + 64 : wire::max_control_frame;
    auto len = wire::read_length(
      std::span<const std::byte, wire::length_size>{in_.data() + in_begin_, wire::length_size}, limit);
    if (!len) {
      close(len.error());
      return false;
    }
    in_needed_ = wire::length_size + *len;
    if (avail < in_needed_)
      break;
    std::span<const std::byte> frame{in_.data() + in_begin_ + wire::length_size, *len};
    in_begin_ += in_needed_;
    on_frame(frame);
    if (closed_ || input_paused_)
      return false;
    if (!ready() && in_end_ > in_begin_) {
      // In the handshake a frame may have queued our answer (the auth after a
      // hello): it goes out before the next frame is handled, so that a peer
      // refused by that frame still gets it and learns why.
      asio::post(ctx_.io, [self = shared_from_this()] { self->read_on(); });
      return false;
    }
  }
  // A buffer grown for one large frame does not stay large.
  if (in_.size() > 4 * read_chunk && in_needed_ <= read_chunk && in_end_ - in_begin_ <= read_chunk) {
    std::vector<std::byte> smaller(in_.begin() + static_cast<std::ptrdiff_t>(in_begin_),
                                   in_.begin() + static_cast<std::ptrdiff_t>(in_end_));
    smaller.resize(read_chunk);
    in_.swap(smaller);
    in_end_ -= in_begin_;
    in_begin_ = 0;
  }
  return true;
}

void peer::on_frame(std::span<const std::byte> bytes) {
  auto frame = wire::read_frame(bytes);
  if (!frame) {
    close(frame.error());
    return;
  }
  if (!ready() && frame->kind != wire::frame_kind::hello && frame->kind != wire::frame_kind::auth) {
    close(error{sec::malformed_message, "frame before the handshake"});
    return;
  }
  if (!kept_by_dialer_ && !dialed() && ready() && frame->kind != wire::frame_kind::hello
      && frame->kind != wire::frame_kind::auth && frame->kind != wire::frame_kind::goodbye) {
    kept_by_dialer_ = true;
    ctx_.owner.kept_by_dialer(shared_from_this());
  }
  error err;
  switch (frame->kind) {
    case wire::frame_kind::hello:
      err = on_hello(frame->body);
      break;
    case wire::frame_kind::auth:
      err = on_auth(frame->body);
      break;
    case wire::frame_kind::actor_message:
      err = on_actor_message(frame->body);
      break;
    case wire::frame_kind::fragment:
      on_fragment(frame->body);
      return;
    case wire::frame_kind::node_contact:
      err = on_node_contact(frame->body);
      break;
    case wire::frame_kind::route_hint:
      err = on_route_hint(frame->body);
      break;
    case wire::frame_kind::moved:
      err = on_moved(frame->body);
      break;
    case wire::frame_kind::monitor: {
      auto m = wire::read_monitor(frame->body);
      if (!m)
        err = m.error();
      else if (!m->node || m->node == ctx_.system.node())
        ctx_.owner.watch_local(m->actor, shared_from_this());
      else
        ctx_.owner.relay_monitor(m->node, m->actor, shared_from_this());
      break;
    }
    case wire::frame_kind::down: {
      auto info = wire::read_down(frame->body);
      if (!info) {
        err = info.error();
        break;
      }
      // Not before the actor's messages that are still being decoded.
      auto of = info->node ? info->node : node();
      order_.after_messages_of(of, info->actor, [this, of, id = info->actor, reason = info->reason] {
        ctx_.owner.remote_down(of, id, reason, this);
      });
      break;
    }
    case wire::frame_kind::lookup_request:
    case wire::frame_kind::lookup_response:
    case wire::frame_kind::spawn_request:
    case wire::frame_kind::spawn_response:
    case wire::frame_kind::group_join:
    case wire::frame_kind::group_leave:
      err = ctx_.services.handle(*this, frame->kind, frame->body);
      break;
    case wire::frame_kind::heartbeat:
      break;
    case wire::frame_kind::park:
      err = on_park();
      break;
    case wire::frame_kind::park_ack:
      err = on_park_answer(true);
      break;
    case wire::frame_kind::park_refused:
      err = on_park_answer(false);
      break;
    case wire::frame_kind::goodbye:
      goodbye_received_ = true;
      close(error{}); // an orderly close: the node shuts down
      return;
  }
  if (err)
    close(err);
}

error peer::on_hello(std::span<const std::byte> body) {
  auto outcome = handshake_.on_hello(body);
  if (outcome.err)
    return outcome.err;
  set_contacts(std::move(outcome.contacts));
  to_own_node_ = node() == ctx_.system.node();
  if (outcome.ready)
    become_ready();
  else
    send_frame(outcome.auth_frame);
  return error{};
}

error peer::on_auth(std::span<const std::byte> body) {
  if (auto err = handshake_.on_auth(body, ready()))
    return err;
  become_ready();
  return error{};
}

void peer::become_ready() {
  link_ = std::make_shared<node_link>(shared_from_this());
  active_at_ = now();
  ready_.store(true, std::memory_order_release);
  handshake_timer_.cancel();
  ctx_.owner.peer_ready(shared_from_this());
  if (auto f = std::exchange(on_handshake_, nullptr))
    f(error{});
}

node_id peer::origin_of(const wire::actor_message_header& hdr) const {
  if (!hdr.source_node || hdr.source_node == node() || hdr.source_node == ctx_.system.node())
    return node_id{};
  return hdr.source_node;
}

error peer::on_actor_message(std::span<const std::byte> body) {
  std::span<const std::byte> payload;
  auto hdr = wire::read_actor_message(body, payload);
  if (!hdr)
    return hdr.error();
  if (hdr->dest_node && hdr->dest_node != ctx_.system.node()) {
    // For a node the sender is not connected to: pass it on, directly or
    // through the next node on the way. The way back to the sender is the
    // way it came.
    if (hdr->source_node)
      ctx_.routes.learn(hdr->source_node, shared_from_this());
    auto next = ctx_.routes.next_hop(hdr->dest_node);
    if (next && next.get() != this && hdr->hops < wire::max_hops)
      next->forward_actor_message(*hdr, payload, node());
    else if (hdr->hops >= wire::max_hops)
      answer_undeliverable(*hdr, error{sec::cannot_connect_to_node, "too many hops to " + to_string(hdr->dest_node)});
    else
      answer_undeliverable(*hdr, error{sec::cannot_connect_to_node, "no route to " + to_string(hdr->dest_node)});
    return error{};
  }
  if (hdr->marker) {
    on_move_marker(*hdr);
    return error{};
  }
  had_messages_ = true;
  auto origin = origin_of(*hdr);
  origin_codec with_origin{*this, origin};
  auto msg = deserialize(payload, origin ? static_cast<actor_handle_codec*>(&with_origin) : this);
  if (ctx_.tap.load(std::memory_order_acquire) != nullptr) [[unlikely]]
    tap_incoming(*hdr, msg, body.size() + wire::length_size);
  if (order_.idle())
    deliver_now(*hdr, std::move(msg));
  else // behind a message of its pair that is still being decoded, if any
    order_.in_order(pair_of(*hdr),
                    [this, hdr = *hdr, msg = std::move(msg)]() mutable { deliver_now(hdr, std::move(msg)); });
  return error{};
}

strong_actor_ptr peer::receiver_of(actor_id id) {
  // find_local answers null for an actor that terminated, and the epoch
  // changes when an entry goes: the cached answer is the one it would give.
  auto epoch = ctx_.exports.epoch();
  auto& last = last_receiver_;
  if (last.id == id && last.epoch == epoch) {
    if (auto x = last.actor.lock(); x && !x->get()->is_terminated())
      return x;
  }
  auto found = ctx_.exports.find(id);
  last = cached_receiver{id, epoch, weak_actor_ptr{closed_ ? nullptr : found.get()}};
  return found;
}

strong_actor_ptr peer::sender_of(const wire::actor_message_header& hdr) {
  if (hdr.source == 0)
    return nullptr;
  if (hdr.source_node || to_own_node_)
    return resolve(hdr.source_node ? hdr.source_node : node(), hdr.source);
  // A proxy leaves the middleman's table only when it is killed, so a live
  // cached one is the one the table holds.
  auto& last = last_sender_;
  if (last.id == hdr.source && !closed_) {
    if (auto x = last.proxy.lock(); x && !x->get()->is_terminated())
      return x;
  }
  auto found = resolve(node(), hdr.source);
  last = cached_sender{hdr.source, weak_actor_ptr{closed_ ? nullptr : found.get()}};
  return found;
}

void peer::deliver_now(const wire::actor_message_header& hdr, expected<message> msg) {
  auto dest = receiver_of(hdr.dest);
  auto sender = sender_of(hdr);
  if (!msg) {
    // The bytes framed correctly but do not decode here (a type this node did
    // not announce, say): the connection stays, the request gets the error.
    TROUPE_LOG_WARNING(log_component, "dropped a message from " << to_string(node()) << ": " << to_string(msg.error()));
    answer_undeliverable(hdr, msg.error());
    return;
  }
  if (!dest) {
    answer_undeliverable(hdr, error{sec::request_receiver_down});
    return;
  }
  deliver(dest, envelope_of(hdr, std::move(sender), std::move(*msg)), nullptr);
}

mailbox_element_ptr peer::envelope_of(const wire::actor_message_header& hdr, strong_actor_ptr sender, message msg) {
  mailbox_element_ptr e{new mailbox_element(std::move(sender), message_id{hdr.message_id}, std::move(msg))};
  // The trace comes with the message, never from whatever this thread runs.
  e->trace.reset();
  if (hdr.traced()) [[unlikely]]
    e->trace = troupe::detail::copy_trace(trace_context{{}, hdr.trace_high, hdr.trace_low, hdr.trace_span});
  return e;
}

error peer::on_node_contact(std::span<const std::byte> body) {
  auto c = wire::read_node_contact(body);
  if (!c)
    return c.error();
  if (!c->node || c->node == node())
    set_contacts(std::move(c->endpoints));
  else if (ctx_.owner.connect_introduced(c->node, std::move(c->endpoints), shared_from_this()))
    input_paused_ = true;
  return error{};
}

error peer::on_route_hint(std::span<const std::byte> body) {
  auto h = wire::read_route_hint(body);
  if (!h)
    return h.error();
  ctx_.owner.take_route_hint(*h, shared_from_this());
  return error{};
}

void peer::set_contacts(std::vector<wire::endpoint> eps) {
  for (auto& ep : eps)
    if (ep.host.empty())
      ep.host = remote_address_;
  std::erase_if(eps, [](const wire::endpoint& ep) { return ep.host.empty(); });
  std::lock_guard guard{contacts_mtx_};
  contacts_ = std::move(eps);
}

std::vector<wire::endpoint> peer::contacts() const {
  std::lock_guard guard{contacts_mtx_};
  return contacts_;
}

void peer::send_own_contacts(const std::vector<wire::endpoint>& eps) {
  std::vector<std::byte> frame;
  wire::write_node_contact(frame, wire::node_contact{node_id{}, eps});
  send_frame(frame);
}

void peer::resume_input() {
  if (!input_paused_ || closed_)
    return;
  {
    io_input_guard guard{*this};
    input_paused_ = false;
  }
  // Its heartbeats waited, unread.
  last_received_.store(now().time_since_epoch().count(), std::memory_order_relaxed);
  asio::post(ctx_.io, [self = shared_from_this()] {
    if (!self->input_paused_)
      self->read_on();
  });
}

void peer::introduce_node_of(actor_control_block* x) {
  auto* proxy = dynamic_cast<remote_proxy*>(x->get());
  if (proxy == nullptr)
    return;
  auto now = clock::now();
  {
    std::lock_guard guard{contacts_mtx_};
    if (auto i = introduced_.find(x->node());
        i != introduced_.end() && now - i->second < ctx_.config.automatic_connection_retry)
      return; // told recently
  }
  auto route = proxy->route();
  if (!route || route->node() != x->node())
    return; // reached through another node: not ours to introduce
  auto eps = route->contacts();
  if (eps.empty())
    return; // it accepts no connections
  {
    std::lock_guard guard{contacts_mtx_};
    introduced_[x->node()] = now;
  }
  // The control lane: ahead of the message that carries the handle.
  std::vector<std::byte> frame;
  wire::write_node_contact(frame, wire::node_contact{x->node(), std::move(eps)});
  start_write(out_.push_control(frame));
}

void peer::on_fragment(std::span<const std::byte> body) {
  auto f = wire::read_fragment(body);
  if (!f) {
    close(f.error());
    return;
  }
  error err;
  if (f->first) {
    if (f->total > ctx_.config.max_message_size + 64) {
      close(error{sec::malformed_message, "a fragmented message exceeds middleman.max-message-size"});
      return;
    }
    err = reassembly_.begin(static_cast<std::size_t>(f->total));
  }
  if (!err)
    err = reassembly_.append(f->piece);
  if (!err && f->last != reassembly_.complete())
    err = error{sec::malformed_message, f->last ? "a last fragment before the message is complete"
                                                : "the fragment that completes a message is not marked last"};
  if (!err && f->last)
    err = on_large_frame(reassembly_.take());
  if (err)
    close(err);
}

void peer::tap_incoming(const wire::actor_message_header& hdr, const expected<message>& msg, std::size_t bytes) {
  auto* tap = ctx_.tap.load(std::memory_order_acquire);
  if (tap == nullptr || !msg)
    return;
  tapped_message m;
  m.sender_node = hdr.source_node ? hdr.source_node : node();
  m.sender = hdr.source;
  m.receiver_node = ctx_.system.node();
  m.receiver = hdr.dest;
  m.content = &*msg;
  m.bytes = bytes;
  tap->carried(m);
}

void peer::answer_undeliverable(const wire::actor_message_header& hdr, const error& reason) {
  if (auto* tap = ctx_.tap.load(std::memory_order_acquire); tap != nullptr && !hdr.marker)
    tap->undeliverable(hdr.dest_node ? hdr.dest_node : ctx_.system.node(), hdr.dest, reason);
  message_id mid{hdr.message_id};
  if (hdr.marker || !mid.is_request() || hdr.source == 0)
    return; // nobody waits for an answer
  if (hdr.source_node) {
    // The requester is on a third node: answer through its proxy.
    if (auto requester = resolve(hdr.source_node, hdr.source))
      requester->get()->enqueue(make_mailbox_element(nullptr, mid.response_id(), make_message(reason)), nullptr);
    return;
  }
  std::vector<std::byte> frame;
  wire::actor_message_header answer;
  answer.source = 0;
  answer.dest = hdr.source;
  answer.message_id = mid.response_id().value();
  auto start = wire::begin_actor_message(frame, answer);
  if (serialize(make_message(reason), frame, this))
    return;
  wire::finish_frame(frame, start);
  start_write(out_.push(frame, 0, hdr.source));
}

// ---- writing ----------------------------------------------------------------------

namespace {

// A message that finds the connection idle goes out from the sending thread
// when it answers (something arrived since the last such message) or when
// the connection was idle for this long (a request). One that follows others
// closely with nothing in between (a stream) leaves the writing to the I/O
// thread, which sends many per write.
constexpr std::chrono::microseconds sender_write_after_idle{20};

} // namespace

bool peer::answering() noexcept {
  // Racy between senders, and meant to be: it only picks who writes.
  auto seen = message_reads_.load(std::memory_order_relaxed);
  if (seen == reads_at_last_write_.load(std::memory_order_relaxed))
    return false;
  reads_at_last_write_.store(seen, std::memory_order_relaxed);
  return true;
}

error peer::send_actor_message(const mailbox_element& e, actor_id dest, const node_id& dest_node) {
  // Most messages are small: a per-thread buffer avoids an allocation each.
  thread_local std::vector<std::byte> frame;
  frame.clear();
  wire::actor_message_header hdr;
  hdr.dest = dest;
  if (dest_node != node())
    hdr.dest_node = dest_node;
  hdr.message_id = e.mid.value();
  if (e.trace) [[unlikely]] {
    hdr.trace_high = e.trace->trace_high;
    hdr.trace_low = e.trace->trace_low;
    hdr.trace_span = e.trace->span;
  }
  if (e.sender) {
    hdr.source = e.sender->id();
    // The peer takes an unnamed node to be ours, which a local sender's is:
    // only a proxy's node needs comparing.
    if (auto sender_node = exporting(e.sender.get()); e.sender->is_remote() && sender_node != ctx_.system.node())
      hdr.source_node = sender_node;
  }
  auto start = wire::begin_actor_message(frame, hdr);
  if (auto err = serialize(e.content, frame, this)) {
    TROUPE_LOG_WARNING(log_component, "cannot send to " << to_string(node()) << ": " << to_string(err));
    return err;
  }
  wire::finish_frame(frame, start);
  if (frame.size() - wire::length_size > ctx_.config.max_message_size + 64)
    return error{sec::invalid_argument, "message exceeds middleman.max-message-size"};
  const auto size = frame.size();
  if (auto* tap = ctx_.tap.load(std::memory_order_acquire)) [[unlikely]] {
    tapped_message m;
    m.outgoing = true;
    m.sender_node = hdr.source_node ? hdr.source_node : ctx_.system.node();
    m.sender = hdr.source;
    m.receiver_node = dest_node;
    m.receiver = dest;
    m.content = &e.content;
    m.bytes = size;
    tap->carried(m);
  }
  auto r = out_.push(frame, hdr.source, dest);
  if (r == outbound_queue::push_result::closed || r == outbound_queue::push_result::sealed)
    return error{sec::request_receiver_down}; // sealed: parking() tells the proxy to hold it
  if (r == outbound_queue::push_result::start_write && fd_ >= 0 && !ctx_.owner.on_io_thread()
      && (answering() || out_.idle_gap() >= sender_write_after_idle))
    write_from_sender();
  else
    start_write(r);
  if (sender_may_wait())
    out_.wait_for_room(size);
  return error{};
}

void peer::forward_actor_message(const wire::actor_message_header& hdr, std::span<const std::byte> payload,
                                 const node_id& from) {
  wire::actor_message_header out = hdr;
  if (hdr.dest_node == node())
    out.dest_node = node_id{}; // the last hop
  ++out.hops;
  // A marker's answer goes back to the node that sent it.
  if (!out.source_node && (out.source != 0 || out.marker))
    out.source_node = from;
  std::vector<std::byte> frame;
  auto start = wire::begin_actor_message(frame, out);
  frame.insert(frame.end(), payload.begin(), payload.end());
  wire::finish_frame(frame, start);
  start_write(out_.push(frame, out.marker ? outbound_queue::any : out.source, out.dest));
}

bool peer::sender_may_wait() const {
  return !ctx_.owner.on_io_thread() && !reading_on_worker();
}

void peer::send_move_marker(actor_id dest, const node_id& dest_node, std::uint64_t token) {
  wire::actor_message_header hdr;
  hdr.dest = dest;
  hdr.dest_node = dest_node;
  hdr.message_id = token;
  hdr.marker = true;
  std::vector<std::byte> frame;
  auto start = wire::begin_actor_message(frame, hdr);
  wire::finish_frame(frame, start);
  // Behind every message queued for that actor, whoever sent it.
  start_write(out_.push(frame, outbound_queue::any, dest));
}

void peer::on_move_marker(const wire::actor_message_header& hdr) {
  // Answered once every message to that actor from the marker's node that
  // arrived before it was delivered, over the way back to that node.
  auto from = hdr.source_node ? hdr.source_node : node();
  if (from == ctx_.system.node())
    return;
  if (from != node())
    ctx_.routes.learn(from, shared_from_this());
  wire::moved answer{from, ctx_.system.node(), hdr.dest, hdr.message_id};
  order_.after_messages_to(from, hdr.dest, [this, answer] {
    if (auto next = ctx_.routes.next_hop(answer.to)) {
      std::vector<std::byte> frame;
      wire::write_moved(frame, answer);
      next->send_frame(frame);
    }
  });
}

error peer::on_moved(std::span<const std::byte> body) {
  auto m = wire::read_moved(body);
  if (!m)
    return m.error();
  if (m->to == ctx_.system.node()) {
    ctx_.owner.proxy_moved(m->of, m->actor, m->token);
    return error{};
  }
  // For a node behind this one: on towards it, never back.
  auto next = ctx_.routes.next_hop(m->to);
  if (next && next.get() != this && m->ttl > 0) {
    --m->ttl;
    std::vector<std::byte> frame;
    wire::write_moved(frame, *m);
    next->send_frame(frame);
  }
  return error{};
}

void peer::send_frame(std::vector<std::byte>& frame) {
  start_write(out_.push_unordered(frame));
}

void peer::send_down(std::vector<std::byte>& frame, actor_id id) {
  start_write(out_.push(frame, id, outbound_queue::any));
}

void peer::start_write(outbound_queue::push_result r) {
  if (r == outbound_queue::push_result::start_write)
    asio::post(ctx_.io, [self = shared_from_this()] { self->flush(); });
}

namespace {

// Batches a sending thread writes before it leaves the rest to the I/O thread.
constexpr int max_sender_batches = 4;

} // namespace

void peer::write_from_sender() {
  thread_local std::vector<std::byte> batch;
  std::span<const std::byte> piece;
  for (int round = 0; round < max_sender_batches; ++round) {
    // The goodbye closes the connection once written: the I/O thread goes on.
    // (A goodbye queued after the queue went idle starts a write there.)
    if (saying_goodbye_.load(std::memory_order_acquire)) {
      asio::post(ctx_.io, [self = shared_from_this()] { self->flush(); });
      return;
    }
    if (!out_.next_batch(batch, piece))
      return; // idle: the next sender finds it so
    std::array<iovec, 2> iov{iovec{batch.data(), batch.size()},
                             iovec{const_cast<std::byte*>(piece.data()), piece.size()}};
    msghdr msg{};
    msg.msg_iov = iov.data();
    msg.msg_iovlen = piece.empty() ? 1 : 2;
    const auto total = batch.size() + piece.size();
    ssize_t n = -1;
    int err = 0;
    {
      std::lock_guard guard{socket_mtx_};
      if (socket_closed_)
        return; // the queue is closed too
      do {
        n = ::sendmsg(fd_, &msg, MSG_DONTWAIT | MSG_NOSIGNAL);
      } while (n < 0 && errno == EINTR);
      err = n < 0 ? errno : 0;
    }
    if (n < 0 && err != EAGAIN && err != EWOULDBLOCK) {
      asio::post(ctx_.io, [self = shared_from_this(), err] {
        self->close(error{sec::cannot_connect_to_node, "write failed: " + std::string{std::strerror(err)}});
      });
      return;
    }
    auto sent = static_cast<std::size_t>(std::max<ssize_t>(n, 0));
    if (sent < total) {
      // The socket is full: the I/O thread writes the rest when it has room.
      std::vector<std::byte> rest;
      rest.reserve(total - sent);
      if (sent < batch.size())
        rest.insert(rest.end(), batch.begin() + static_cast<std::ptrdiff_t>(sent), batch.end());
      auto piece_sent = sent > batch.size() ? sent - batch.size() : 0;
      rest.insert(rest.end(), piece.begin() + static_cast<std::ptrdiff_t>(piece_sent), piece.end());
      asio::post(ctx_.io,
                 [self = shared_from_this(), rest = std::move(rest)]() mutable { self->write_rest(std::move(rest)); });
      return;
    }
    release_sent(out_.batch_written());
  }
  // Still more: the I/O thread goes on, so that one sender does not write for all.
  asio::post(ctx_.io, [self = shared_from_this()] { self->flush(); });
}

void peer::write_rest(std::vector<std::byte> rest) {
  if (closed_)
    return;
  write_buf_ = std::move(rest);
  write_piece_ = {};
  write_batch({asio::buffer(write_buf_), asio::const_buffer{}});
}

void peer::flush() {
  if (closed_)
    return;
  if (!out_.next_batch(write_buf_, write_piece_)) {
    if (close_when_flushed_)
      close(error{}); // said goodbye
    return;
  }
  write_batch({asio::buffer(write_buf_), asio::buffer(write_piece_.data(), write_piece_.size())});
}

void peer::write_batch(std::array<asio::const_buffer, 2> bufs) {
  if (fd_ >= 0) {
    write_off_ = 0;
    write_on_io();
    return;
  }
  stream_.async_write(bufs, [self = shared_from_this()](const asio::error_code& ec, std::size_t) {
    if (self->closed_)
      return;
    if (ec) {
      self->close(error{sec::cannot_connect_to_node, "write failed: " + ec.message()});
      return;
    }
    self->release_sent(self->out_.batch_written());
    self->flush();
  });
}

namespace {

// Batches the I/O thread writes in a row before it lets its other work go first.
constexpr int max_io_batches = 16;

} // namespace

void peer::write_on_io() {
  for (int batches = 0;;) {
    const auto total = write_buf_.size() + write_piece_.size();
    while (write_off_ < total) {
      std::array<iovec, 2> iov{};
      int count = 0;
      if (write_off_ < write_buf_.size())
        iov[count++] = iovec{write_buf_.data() + write_off_, write_buf_.size() - write_off_};
      if (!write_piece_.empty()) {
        auto skip = write_off_ > write_buf_.size() ? write_off_ - write_buf_.size() : 0;
        iov[count++] = iovec{const_cast<std::byte*>(write_piece_.data()) + skip, write_piece_.size() - skip};
      }
      msghdr msg{};
      msg.msg_iov = iov.data();
      msg.msg_iovlen = static_cast<std::size_t>(count);
      auto n = ::sendmsg(fd_, &msg, MSG_DONTWAIT | MSG_NOSIGNAL);
      if (n >= 0) {
        write_off_ += static_cast<std::size_t>(n);
        continue;
      }
      if (errno == EINTR)
        continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        want_write_ = true; // the tcp_watch reports when there is room
        rearm();
        return;
      }
      close(error{sec::cannot_connect_to_node, "write failed: " + std::string{std::strerror(errno)}});
      return;
    }
    write_off_ = 0;
    release_sent(out_.batch_written());
    if (++batches == max_io_batches) {
      asio::post(ctx_.io, [self = shared_from_this()] { self->flush(); });
      return;
    }
    if (!out_.next_batch(write_buf_, write_piece_)) {
      if (close_when_flushed_)
        close(error{}); // said goodbye
      return;
    }
  }
}

void peer::release_sent(std::vector<std::byte> bytes) {
  if (bytes.empty())
    return;
  // A large message, sent: a middleman worker frees it when one is idle, so
  // that this thread goes on with the small messages behind it.
  auto held = std::make_shared<std::vector<std::byte>>(std::move(bytes));
  ctx_.decoders.try_submit([held] {});
}

// ---- life cycle ---------------------------------------------------------------------

void peer::close_after_read_error(const asio::error_code& ec) {
  // After our goodbye, or once parked, the peer may close first: that is the
  // expected end.
  if (close_when_flushed_ || park_ == park_phase::agreed) {
    close(error{});
    return;
  }
  // In TLS 1.3 the server checks the client's certificate after the client's
  // handshake has finished: the client learns of a refusal from its next read.
  const bool tls_refusal =
    stream_.is_tls() && !ready()
    && (ec.category() == asio::error::get_ssl_category() || ec.category() == asio::ssl::error::get_stream_category());
  if (tls_refusal)
    close(error{sec::authentication_failed, "TLS: refused by the peer: " + ec.message()});
  else
    close(error{sec::cannot_connect_to_node, "connection lost: " + ec.message()});
}

void peer::say_goodbye() {
  if (closed_)
    return;
  if (!ready()) {
    close(error{});
    return;
  }
  std::vector<std::byte> frame;
  wire::write_goodbye(frame);
  close_when_flushed_ = true;
  saying_goodbye_.store(true, std::memory_order_release);
  start_write(out_.push_last(frame));
}

void peer::on_tick(clock::time_point now) {
  if (closed_ || !ready())
    return;
  if (park_ != park_phase::none) {
    // A sender that wrote the last batch does not close; this tick does.
    if (park_ == park_phase::agreed && close_when_flushed_)
      close_if_parked_and_flushed();
    if (!closed_ && now - park_since_ > ctx_.config.connection_timeout)
      close(error{sec::connection_timeout, "the peer did not finish parking the connection"});
    return; // no heartbeat: the queue is sealed
  }
  auto last = clock::time_point{clock::duration{last_received_.load(std::memory_order_relaxed)}};
  if (!input_paused_ && now - last > ctx_.config.connection_timeout) {
    close(error{sec::connection_timeout, "no traffic for middleman.connection-timeout"});
    return;
  }
  // A connection that carried messages since the last tick needs no
  // heartbeat: they prove this side alive.
  if (auto pushed = out_.pushes(); pushed != pushes_at_tick_) {
    pushes_at_tick_ = pushed;
    return;
  }
  send_heartbeat();
}

// ---- parking ---------------------------------------------------------------------

void peer::request_park() {
  if (closed_ || park_ != park_phase::none)
    return;
  park_ = park_phase::requested;
  park_since_ = now();
  // Before the seal: a sender that finds the queue sealed finds this set.
  parking_.store(true, std::memory_order_release);
  std::vector<std::byte> frame;
  wire::write_park(frame, wire::frame_kind::park);
  start_write(out_.seal(frame));
}

error peer::on_park() {
  switch (park_) {
    case park_phase::requested: {
      // Both sides asked at once: each request answers the other.
      park_ = park_phase::agreed;
      close_when_flushed_ = true;
      saying_goodbye_.store(true, std::memory_order_release);
      close_if_parked_and_flushed();
      return error{};
    }
    case park_phase::agreed:
      return error{sec::malformed_message, "a park request on a parked connection"};
    case park_phase::none:
      break;
  }
  std::vector<std::byte> frame;
  if (!ctx_.owner.park_requested(shared_from_this())) {
    wire::write_park(frame, wire::frame_kind::park_refused);
    start_write(out_.push_control(frame));
    return error{};
  }
  // The owner parked this side's links and exports. The ack is the last
  // frame; the requester closes once it has read it.
  park_ = park_phase::agreed;
  park_since_ = now();
  parking_.store(true, std::memory_order_release);
  wire::write_park(frame, wire::frame_kind::park_ack);
  start_write(out_.seal(frame));
  return error{};
}

error peer::on_park_answer(bool agreed) {
  if (park_ != park_phase::requested)
    return error{sec::malformed_message, "a park answer without a request"};
  if (agreed) {
    park_ = park_phase::agreed;
    close_when_flushed_ = true;
    saying_goodbye_.store(true, std::memory_order_release);
    close_if_parked_and_flushed();
    return error{};
  }
  park_ = park_phase::none;
  active_at_ = now(); // asked again only after another idle period
  out_.unseal();
  parking_.store(false, std::memory_order_release);
  ctx_.owner.park_refused(shared_from_this());
  return error{};
}

void peer::close_if_parked_and_flushed() {
  if (!closed_ && out_.idle())
    close(error{});
}

bool peer::quiescent() {
  io_input_guard guard{*this};
  return !closed_ && !input_paused_ && order_.idle() && !reassembly_.under_way() && out_.queued_bytes() == 0;
}

peer::clock::time_point peer::last_active(clock::time_point at) {
  auto seen = out_.pushes() + message_reads_.load(std::memory_order_relaxed);
  if (seen != activity_seen_) {
    activity_seen_ = seen;
    active_at_ = at;
  }
  return active_at_;
}

void peer::send_heartbeat() {
  std::vector<std::byte> frame;
  wire::write_heartbeat(frame);
  start_write(out_.push_control(frame));
}

void peer::close(const error& reason) {
  if (closed_)
    return;
  {
    // From here on no worker reads: the input is this thread's alone.
    io_input_guard guard{*this};
    closed_ = true;
    last_receiver_ = {};
    last_sender_ = {};
  }
  // Its link points back at it; the middleman ends or parks the link.
  link_.reset();
  if (fd_ >= 0)
    ctx_.watch.remove(serial_); // before the descriptor is closed (and maybe reused)
  {
    std::lock_guard guard{socket_mtx_};
    socket_closed_ = true;
    if (fd_ >= 0) {
      ::shutdown(fd_, SHUT_RDWR);
      ::close(fd_);
    } else {
      stream_.close();
    }
  }
  out_.close();
  if (reason)
    TROUPE_LOG_WARNING(log_component, "connection to " << endpoint_text_ << " closed: " << to_string(reason));
  else
    TROUPE_LOG_INFO(log_component, "connection to " << endpoint_text_ << " closed by the peer");
  handshake_timer_.cancel();
  if (auto f = std::exchange(on_handshake_, nullptr))
    f(reason ? reason : error{sec::cannot_connect_to_node, "connection closed during the handshake"});
  if ((goodbye_received_ || park_ == park_phase::agreed) && !order_.idle()) {
    // What arrived before the goodbye (or the park) is delivered first (finish_decode).
    closing_after_decodes_ = true;
    return;
  }
  if (auto dropped = order_.clear())
    TROUPE_LOG_WARNING(log_component, "connection to " << endpoint_text_ << ": dropped " << dropped
                                                       << " messages that were being decoded or waited behind one");
  ctx_.owner.peer_closed(this);
}

// ---- actor handles --------------------------------------------------------------------

node_id peer::exporting(actor_control_block* x) {
  if (x->is_remote()) {
    if (x->node() != node())
      introduce_node_of(x);
    return x->node();
  }
  // A stream of messages from one actor exports it again and again: each
  // thread remembers its last export. While no exported entry went since
  // (the epoch), the entry holds the actor and lists this peer already.
  struct last_export {
    std::uint64_t peer = 0; // serial_, not the address: a new peer may reuse it
    actor_id actor = 0;
    std::uint64_t epoch = 0;
  };
  thread_local last_export last;
  auto epoch = ctx_.exports.epoch();
  if (last.peer == serial_ && last.actor == x->id() && last.epoch == epoch)
    return ctx_.system.node();
  ctx_.owner.export_actor(x, this);
  last = last_export{serial_, x->id(), epoch};
  return ctx_.system.node();
}

strong_actor_ptr peer::resolve(const node_id& n, std::uint64_t id) {
  return resolve(n, id, node_id{});
}

strong_actor_ptr peer::resolve(const node_id& n, std::uint64_t id, const node_id& origin) {
  if (n == ctx_.system.node())
    return ctx_.exports.find(id);
  if (n == node())
    return ctx_.owner.proxy_for(n, id, shared_from_this());
  // A handle to a third node: directly if this node has a connection to it,
  // else through the peer it came from, which may need to be told the way.
  return ctx_.owner.proxy_for(n, id, nullptr, shared_from_this(), origin == n ? node_id{} : origin);
}

} // namespace troupe::net
