// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The bytes of one connection: a TCP socket, or TLS over one. The peer reads,
// writes and closes through this and does not know which; a variant rather
// than a virtual interface keeps Asio's handlers unerased (no allocation per
// read) on the plaintext path.
#include <asio.hpp>
#include <asio/ssl.hpp>

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

  explicit byte_stream(tcp_socket sock) : impl_(std::in_place_type<tcp_socket>, std::move(sock)) {}
  byte_stream(tcp_socket sock, asio::ssl::context& tls, side s)
    : impl_(std::in_place_type<tls_socket>, std::move(sock), tls), side_(s) {}

  bool is_tls() const noexcept { return std::holds_alternative<tls_socket>(impl_); }

  tcp_socket& socket() noexcept {
    if (auto* t = std::get_if<tls_socket>(&impl_))
      return t->next_layer();
    return std::get<tcp_socket>(impl_);
  }

  // The TLS handshake, or nothing (the handler runs at once, through the
  // executor) for a plaintext stream.
  template <class Handler>
  void async_handshake(Handler&& h) {
    if (auto* t = std::get_if<tls_socket>(&impl_))
      t->async_handshake(side_ == side::client ? tls_socket::client : tls_socket::server, std::forward<Handler>(h));
    else
      asio::post(socket().get_executor(), [h = std::forward<Handler>(h)]() mutable { h(asio::error_code{}); });
  }

  template <class Buffers, class Handler>
  void async_read(const Buffers& bufs, Handler&& h) {
    if (auto* t = std::get_if<tls_socket>(&impl_))
      asio::async_read(*t, bufs, std::forward<Handler>(h));
    else
      asio::async_read(std::get<tcp_socket>(impl_), bufs, std::forward<Handler>(h));
  }

  // Whatever has arrived, at least one byte.
  template <class Buffers, class Handler>
  void async_read_some(const Buffers& bufs, Handler&& h) {
    if (auto* t = std::get_if<tls_socket>(&impl_))
      t->async_read_some(bufs, std::forward<Handler>(h));
    else
      std::get<tcp_socket>(impl_).async_read_some(bufs, std::forward<Handler>(h));
  }

  template <class Buffers, class Handler>
  void async_write(const Buffers& bufs, Handler&& h) {
    if (auto* t = std::get_if<tls_socket>(&impl_))
      asio::async_write(*t, bufs, std::forward<Handler>(h));
    else
      asio::async_write(std::get<tcp_socket>(impl_), bufs, std::forward<Handler>(h));
  }

  // Closes the socket at once. No TLS close_notify: the protocol's goodbye
  // frame already marks an orderly end, and a truncation without it is
  // reported as a lost connection either way.
  void close() {
    asio::error_code ignored;
    socket().shutdown(tcp_socket::shutdown_both, ignored);
    socket().close(ignored);
  }

private:
  std::variant<tcp_socket, tls_socket> impl_;
  side side_ = side::client;
};

} // namespace troupe::net
