// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The part of a connection that reads: a plaintext TCP socket on the I/O
// thread when the tcp_watch reports it ready, and on idle scheduler workers
// (poll_from_worker); TLS and memory streams with Asio's asynchronous reads.
// Whoever reads holds the input lock; the frames themselves are handled in
// peer.cpp (on_bytes), or, for the plain actor messages a worker takes, here.
#include <sys/epoll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "export_table.hpp"
#include "peer.hpp"
#include "troupe/abstract_actor.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/net/middleman_settings.hpp"
#include "troupe/serialization/message_codec.hpp"

namespace troupe::net {

namespace {

// Reads in a row before a reader lets the I/O thread's other work go first.
constexpr int max_reads_per_turn = 4;

// Set while this thread, a scheduler worker, reads a connection.
thread_local bool reading_on_worker_now = false;

} // namespace

bool peer::reading_on_worker() noexcept {
  return reading_on_worker_now;
}

// A worker decodes only what needs no proxy: a handle to an actor of another
// node (proxies are made on the I/O thread) leaves the frame to the I/O thread.
class peer::refusing_codec final : public actor_handle_codec {
public:
  explicit refusing_codec(peer& p) noexcept : peer_(p) {}

  node_id exporting(actor_control_block*) override {
    refused_ = true;
    return node_id{};
  }
  strong_actor_ptr resolve(const node_id& node, std::uint64_t id) override {
    if (node == peer_.ctx_.system.node())
      return peer_.ctx_.exports.find(id); // any thread may look
    refused_ = true;
    return nullptr;
  }
  bool refused() const noexcept { return refused_; }

private:
  peer& peer_;
  bool refused_ = false;
};

void peer::make_room() {
  if (in_begin_ > 0) {
    std::memmove(in_.data(), in_.data() + in_begin_, in_end_ - in_begin_);
    in_end_ -= in_begin_;
    in_begin_ = 0;
  }
  auto room = std::max(read_chunk, in_needed_ > in_end_ ? in_needed_ - in_end_ : 0);
  if (in_.size() < in_end_ + room)
    in_.resize(in_end_ + room);
}

void peer::read_some() {
  if (fd_ >= 0) {
    on_readable();
    return;
  }
  // No worker reads a TLS or memory stream: its input is this thread's.
  make_room();
  stream_.async_read_some(asio::buffer(in_.data() + in_end_, in_.size() - in_end_),
                          [self = shared_from_this()](const asio::error_code& ec, std::size_t n) {
                            if (self->closed_)
                              return;
                            if (ec) {
                              self->close_after_read_error(ec);
                              return;
                            }
                            if (self->on_bytes(n) && !self->closed_)
                              self->read_some();
                          });
}

void peer::read_on() {
  if (closed_)
    return;
  bool go_on = false;
  {
    io_input_guard guard{*this};
    go_on = on_bytes(0) && !closed_;
  }
  if (go_on)
    read_some();
}

void peer::on_socket_events(std::uint32_t events) {
  if (closed_)
    return;
  if (want_write_ && (events & (EPOLLOUT | EPOLLERR | EPOLLHUP)) != 0) {
    want_write_ = false;
    write_on_io();
    if (closed_)
      return;
  }
  if (next_reader_ != tcp_watch::reader::none && (events & (EPOLLIN | EPOLLRDHUP | EPOLLERR | EPOLLHUP)) != 0)
    on_readable(); // arms the socket again itself
  else
    rearm();
}

void peer::rearm() {
  if (!closed_)
    ctx_.watch.arm(serial_, next_reader_, want_write_, std::exchange(had_messages_, false));
}

bool peer::worker_may_read() const {
  // The handshake, a pause, the first frames on an accepted connection
  // (kept_by_dialer_), a connection to this node and a large message
  // arriving in fragments are the I/O thread's.
  return !closed_ && !input_to_io_ && !input_paused_ && ready() && !to_own_node_ && (dialed() || kept_by_dialer_)
         && !reassembly_.under_way();
}

void peer::on_readable() {
  if (!input_.try_lock()) {
    // A worker reads, briefly: this thread reads after it.
    asio::post(ctx_.io, [self = shared_from_this()] {
      if (!self->closed_)
        self->on_readable();
    });
    return;
  }
  io_holds_input_ = true;
  // First what a worker left in the buffer, if anything.
  bool go_on = on_bytes(0) && !closed_;
  if (go_on) {
    input_to_io_ = false;
    go_on = read_available_on_io();
  }
  if (had_messages_) {
    last_message_.store(now().time_since_epoch().count(), std::memory_order_relaxed);
    message_reads_.fetch_add(1, std::memory_order_relaxed);
  }
  if (go_on && !closed_)
    next_reader_ = worker_may_read() ? tcp_watch::reader::any : tcp_watch::reader::io;
  else
    next_reader_ = tcp_watch::reader::none; // closed, paused, or on later
  io_holds_input_ = false;
  input_.unlock();
  rearm();
}

bool peer::read_available_on_io() {
  for (int reads = 0; reads < max_reads_per_turn; ++reads) {
    make_room();
    const auto room = in_.size() - in_end_;
    auto n = ::recv(fd_, in_.data() + in_end_, room, MSG_DONTWAIT);
    if (n > 0) {
      if (!on_bytes(static_cast<std::size_t>(n)) || closed_)
        return false;
      if (static_cast<std::size_t>(n) < room)
        return true; // it took all there was: the next arrival reports again
      continue;
    }
    if (n == 0) {
      close_after_read_error(asio::error::eof);
      return false;
    }
    if (errno == EINTR)
      continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK)
      return true;
    close_after_read_error(asio::error_code{errno, asio::system_category()});
    return false;
  }
  // More may wait: the next read comes after the other handlers.
  asio::post(ctx_.io, [self = shared_from_this()] {
    if (!self->closed_)
      self->on_readable();
  });
  return false;
}

bool peer::poll_from_worker(execution_unit* ctx) {
  if (!input_.try_lock())
    return false;
  bool delivered = read_on_worker(ctx);
  input_.unlock();
  return delivered;
}

bool peer::read_on_worker(execution_unit* ctx) {
  if (!worker_may_read())
    return false;
  reading_on_worker_now = true;
  worker_read counts;
  for (int reads = 0;; ++reads) {
    if (!frames_on_worker(ctx, counts))
      break;
    if (reads == max_reads_per_turn) {
      // Bytes that are there already report nothing new: the I/O thread
      // reads on.
      asio::post(ctx_.io, [self = shared_from_this()] {
        if (!self->closed_)
          self->on_readable();
      });
      break;
    }
    make_room();
    const auto room = in_.size() - in_end_;
    auto n = ::recv(fd_, in_.data() + in_end_, room, MSG_DONTWAIT);
    if (n > 0) {
      in_end_ += static_cast<std::size_t>(n);
      last_received_.store(now().time_since_epoch().count(), std::memory_order_relaxed);
      if (static_cast<std::size_t>(n) < room) {
        frames_on_worker(ctx, counts);
        break; // all there was
      }
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
      break;
    hand_input_to_io(); // the end of the stream, or an error: the I/O thread closes
    break;
  }
  if (counts.messages > 0) {
    last_message_.store(now().time_since_epoch().count(), std::memory_order_relaxed);
    message_reads_.fetch_add(1, std::memory_order_relaxed);
    ctx_.watch.count_read_on_workers(counts.messages);
  }
  reading_on_worker_now = false;
  return counts.frames > 0;
}

bool peer::frames_on_worker(execution_unit* ctx, worker_read& counts) {
  const auto limit = ctx_.config.max_message_size + 64;
  for (;;) {
    auto avail = in_end_ - in_begin_;
    in_needed_ = wire::length_size;
    if (avail < wire::length_size)
      return true;
    auto len = wire::read_length(
      std::span<const std::byte, wire::length_size>{in_.data() + in_begin_, wire::length_size}, limit);
    if (!len) {
      hand_input_to_io(); // the I/O thread closes the connection
      return false;
    }
    in_needed_ = wire::length_size + *len;
    if (avail < in_needed_)
      return true;
    auto done = frame_on_worker({in_.data() + in_begin_ + wire::length_size, *len}, ctx);
    if (done == worker_frame::to_io) {
      hand_input_to_io();
      return false;
    }
    in_begin_ += in_needed_;
    ++counts.frames;
    if (done == worker_frame::delivered)
      ++counts.messages;
  }
}

peer::worker_frame peer::frame_on_worker(std::span<const std::byte> bytes, execution_unit* ctx) {
  auto frame = wire::read_frame(bytes);
  if (!frame)
    return worker_frame::to_io;
  if (frame->kind == wire::frame_kind::heartbeat)
    return worker_frame::taken;
  if (frame->kind != wire::frame_kind::actor_message || !order_.idle())
    return worker_frame::to_io;
  std::span<const std::byte> payload;
  auto hdr = wire::read_actor_message(frame->body, payload);
  // Passed on, from a third node, or a move marker: the I/O thread knows the
  // routes.
  if (!hdr || hdr->source_node || hdr->marker || (hdr->dest_node && hdr->dest_node != ctx_.system.node()))
    return worker_frame::to_io;
  auto dest = receiver_of(hdr->dest);
  if (!dest)
    return worker_frame::to_io; // the I/O thread answers a request
  strong_actor_ptr sender;
  if (hdr->source != 0) {
    // Only a proxy that the I/O thread made and remembered.
    if (last_sender_.id != hdr->source)
      return worker_frame::to_io;
    sender = last_sender_.proxy.lock();
    if (!sender || sender->get()->is_terminated())
      return worker_frame::to_io;
  }
  refusing_codec codec{*this};
  auto msg = deserialize(payload, &codec);
  if (!msg || codec.refused())
    return worker_frame::to_io; // the I/O thread decodes it, or answers the error
  // An observer sees what workers read as it sees what the I/O thread reads.
  if (ctx_.tap.load(std::memory_order_acquire) != nullptr) [[unlikely]]
    tap_incoming(*hdr, msg, frame->body.size() + wire::length_size);
  deliver(dest, envelope_of(*hdr, std::move(sender), std::move(*msg)), ctx);
  return worker_frame::delivered;
}

void peer::hand_input_to_io() {
  input_to_io_ = true;
  asio::post(ctx_.io, [self = shared_from_this()] {
    if (!self->closed_)
      self->on_readable();
  });
}

} // namespace troupe::net
