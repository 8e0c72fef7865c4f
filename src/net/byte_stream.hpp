// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The bytes of one connection: a TCP socket, TLS over one, or an end of a
// memory_network's link (tests). The peer reads, writes and closes through
// this and does not know which; a variant rather than a virtual interface
// keeps Asio's handlers unerased (no allocation per read) on the plaintext
// path.
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <asio.hpp>
#include <asio/ssl.hpp>

#include "memory_link.hpp"

#include <string>
#include <utility>
#include <variant>

namespace troupe::net {

class byte_stream {
public:
  using tcp_socket = asio::ip::tcp::socket;
  using tls_socket = asio::ssl::stream<tcp_socket>;
  // Which end of the TLS handshake this node takes: the one that dialed is
  // the client.
  enum class side { client, server };

  explicit byte_stream(tcp_socket sock) : impl_(std::in_place_type<tcp_socket>, std::move(sock)) { tune_socket(); }
  byte_stream(tcp_socket sock, asio::ssl::context& tls, side s)
    : impl_(std::in_place_type<tls_socket>, std::move(sock), tls), side_(s) {
    tune_socket();
  }
  explicit byte_stream(memory_stream m) : impl_(std::in_place_type<memory_stream>, std::move(m)) {}

  // TLS when the node has a TLS context (middleman.tls.*), else plain TCP.
  static byte_stream over_tcp(tcp_socket sock, asio::ssl::context* tls, side s) {
    if (tls != nullptr)
      return byte_stream{std::move(sock), *tls, s};
    return byte_stream{std::move(sock)};
  }

  bool is_tls() const noexcept { return std::holds_alternative<tls_socket>(impl_); }
  // A plaintext TCP socket, which any thread may write to with sendmsg.
  bool is_plain_tcp() const noexcept { return std::holds_alternative<tcp_socket>(impl_); }

  // The TCP socket underneath, or nullptr for a memory link.
  tcp_socket* socket() noexcept {
    if (auto* t = std::get_if<tls_socket>(&impl_))
      return &t->next_layer();
    return std::get_if<tcp_socket>(&impl_);
  }

  // "address:port" of the other end, for logs.
  std::string remote_text() {
    if (auto* m = std::get_if<memory_stream>(&impl_))
      return m->text();
    asio::error_code ec;
    auto ep = socket()->remote_endpoint(ec);
    return ec ? std::string{"?"} : ep.address().to_string() + ":" + std::to_string(ep.port());
  }

  // The other end's address, where its node listens too when it publishes
  // on every address: a memory link names its network's only host.
  std::string remote_address() {
    if (std::holds_alternative<memory_stream>(impl_))
      return "memory";
    asio::error_code ec;
    auto ep = socket()->remote_endpoint(ec);
    return ec ? std::string{} : ep.address().to_string();
  }

  // The TLS handshake, or nothing (the handler runs at once, through the
  // executor) for a plaintext stream.
  template <class Handler>
  void async_handshake(Handler&& h) {
    if (auto* t = std::get_if<tls_socket>(&impl_)) {
      t->async_handshake(side_ == side::client ? tls_socket::client : tls_socket::server, std::forward<Handler>(h));
      return;
    }
    auto done = [h = std::forward<Handler>(h)]() mutable { h(asio::error_code{}); };
    if (auto* m = std::get_if<memory_stream>(&impl_))
      m->post(std::move(done));
    else
      asio::post(socket()->get_executor(), std::move(done));
  }

  // Whatever has arrived, at least one byte.
  template <class Buffers, class Handler>
  void async_read_some(const Buffers& bufs, Handler&& h) {
    if (auto* t = std::get_if<tls_socket>(&impl_))
      t->async_read_some(bufs, std::forward<Handler>(h));
    else if (auto* m = std::get_if<memory_stream>(&impl_))
      m->async_read_some(bufs, std::forward<Handler>(h));
    else
      std::get<tcp_socket>(impl_).async_read_some(bufs, std::forward<Handler>(h));
  }

  template <class Buffers, class Handler>
  void async_write(const Buffers& bufs, Handler&& h) {
    if (auto* t = std::get_if<tls_socket>(&impl_))
      asio::async_write(*t, bufs, std::forward<Handler>(h));
    else if (auto* m = std::get_if<memory_stream>(&impl_))
      m->async_write(bufs, std::forward<Handler>(h));
    else
      asio::async_write(std::get<tcp_socket>(impl_), bufs, std::forward<Handler>(h));
  }

  // Closes the socket at once. No TLS close_notify: the protocol's goodbye
  // frame already marks an orderly end, and a truncation without it is
  // reported as a lost connection either way.
  void close() {
    if (auto* m = std::get_if<memory_stream>(&impl_)) {
      m->close();
      return;
    }
    asio::error_code ignored;
    socket()->shutdown(tcp_socket::shutdown_both, ignored);
    socket()->close(ignored);
  }

private:
  // Unsent bytes the kernel may hold for a connection before a write waits.
  // A small message written behind a large one waits for what is queued
  // ahead of it in the kernel: without a bound, the send buffer grows to
  // megabytes of fragments (milliseconds on loopback). Bytes in flight do
  // not count, so this does not cap a fast link's throughput.
  static constexpr int unsent_low_watermark = 128 << 10;

  void tune_socket() {
    asio::error_code ignored;
    socket()->set_option(asio::ip::tcp::no_delay{true}, ignored);
    int lowat = unsent_low_watermark;
    ::setsockopt(socket()->native_handle(), IPPROTO_TCP, TCP_NOTSENT_LOWAT, &lowat, sizeof(lowat));
  }

  std::variant<tcp_socket, tls_socket, memory_stream> impl_;
  side side_ = side::client;
};

} // namespace troupe::net
