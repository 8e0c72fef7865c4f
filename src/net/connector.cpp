// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "connector.hpp"

#include <algorithm>
#include <utility>

#include "log_component.hpp"
#include "peer.hpp"
#include "routing_table.hpp"
#include "troupe/log.hpp"

namespace troupe::net {

namespace {

// A node that listens on many endpoints is tried on this many at most: the
// introducing peer's input waits meanwhile.
constexpr std::size_t max_introduced_dials = 4;

} // namespace

connector::connector(asio::io_context& io, const middleman_settings& cfg, const routing_table& routes, node_id self,
                     std::shared_ptr<memory_network> memory, asio::ssl::context* tls, peer_factory make_peer)
  : io_(io), cfg_(cfg), routes_(routes), self_(std::move(self)), memory_(std::move(memory)), tls_(tls),
    make_peer_(std::move(make_peer)) {}

void connector::dial(const std::string& host, std::uint16_t port, dial_callback done) {
  using result = expected<std::shared_ptr<peer>>;
  auto key = host + ":" + std::to_string(port);
  if (auto known = dialed_[key].lock();
      known && known->ready() && !known->closed() && !known->leaving() && !known->parking()) {
    // Never from inside the call: a caller may set state after it returns.
    asio::post(io_, [done = std::move(done), known] { done(known); });
    return;
  }
  // One callback for the first of: connected and shook hands, failed, timed out.
  auto finished = std::make_shared<bool>(false);
  auto finish = [done = std::move(done), finished](result r) {
    if (!std::exchange(*finished, true))
      done(std::move(r));
  };
  auto timer = std::make_shared<asio::steady_timer>(io_, cfg_.connect_timeout);
  auto sock = std::make_shared<asio::ip::tcp::socket>(io_);
  auto resolver = std::make_shared<asio::ip::tcp::resolver>(io_);
  auto shaking_hands = std::make_shared<std::weak_ptr<peer>>(); // once connected
  timer->async_wait([finish, sock, resolver, key, shaking_hands](const asio::error_code& ec) {
    if (ec)
      return;
    resolver->cancel();
    asio::error_code ignored;
    sock->close(ignored);
    error reason{sec::cannot_connect_to_node, "no connection to " + key + " within middleman.connect-timeout"};
    finish(reason);
    // A handshake that did not finish in time must not finish later: the
    // caller was told there is no connection.
    if (auto p = shaking_hands->lock(); p && !p->ready())
      p->close(reason);
  });
  // Connected: the handshake decides.
  auto start_peer = [this, finish, timer, key, shaking_hands](byte_stream stream) {
    auto p = make_peer_(std::move(stream));
    dialed_[key] = p;
    *shaking_hands = p;
    p->start([finish, timer, weak = std::weak_ptr<peer>{p}](const error& err) {
      timer->cancel();
      if (err)
        finish(err);
      else if (auto p = weak.lock())
        finish(p);
      else
        finish(error{sec::cannot_connect_to_node, "connection closed"});
    });
  };
  if (memory_) {
    auto link = memory_->connect(port);
    if (!link) {
      timer->cancel();
      asio::post(io_, [finish, err = link.error()] { finish(err); });
      return;
    }
    start_peer(byte_stream{memory_stream{std::move(*link), memory_link::client, io_.get_executor()}});
    return;
  }
  resolver->async_resolve(
    host, std::to_string(port),
    [this, finish, timer, sock, resolver, key, start_peer](const asio::error_code& ec,
                                                           const asio::ip::tcp::resolver::results_type& endpoints) {
      if (ec) {
        timer->cancel();
        finish(error{sec::cannot_connect_to_node, "cannot resolve " + key + ": " + ec.message()});
        return;
      }
      asio::async_connect(
        *sock, endpoints,
        [this, finish, timer, sock, key, start_peer](const asio::error_code& ec, const asio::ip::tcp::endpoint&) {
          if (ec) {
            timer->cancel();
            finish(error{sec::cannot_connect_to_node, "cannot connect to " + key + ": " + ec.message()});
            return;
          }
          start_peer(byte_stream::over_tcp(std::move(*sock), tls_, byte_stream::side::client));
        });
    });
}

bool connector::connect_introduced(const node_id& node, std::vector<wire::endpoint> eps,
                                   const std::shared_ptr<peer>& relay) {
  if (!cfg_.enable_automatic_connections || stopping_ || eps.empty() || node == self_ || routes_.direct(node))
    return false;
  if (auto i = direct_attempts_.find(node);
      i != direct_attempts_.end() && std::chrono::steady_clock::now() < i->second.not_before)
    return false; // backing off: the handles go through the relay meanwhile
  auto& waiting = introductions_[node];
  waiting.push_back(relay);
  if (waiting.size() == 1)
    dial_introduced(node, std::move(eps), 0);
  return true;
}

void connector::dial_introduced(const node_id& node, std::vector<wire::endpoint> eps, std::size_t i) {
  auto host = eps[i].host;
  auto port = eps[i].port;
  dial(host, port, [this, node, eps = std::move(eps), i](expected<std::shared_ptr<peer>> r) mutable {
    if (!stopping_ && (!r || (*r)->node() != node) && i + 1 < std::min(eps.size(), max_introduced_dials)) {
      dial_introduced(node, std::move(eps), i + 1);
      return;
    }
    if (!r)
      TROUPE_LOG_INFO(log_component, "no direct connection to " << to_string(node) << " (" << to_string(r.error())
                                                                << "): its actors are reached through another node");
    direct_attempt_ended(node, r && (*r)->node() == node);
    auto i_waiting = introductions_.find(node);
    if (i_waiting == introductions_.end())
      return;
    auto waiting = std::move(i_waiting->second);
    introductions_.erase(i_waiting);
    for (auto& w : waiting)
      if (auto p = w.lock())
        p->resume_input();
  });
}

void connector::direct_attempt_ended(const node_id& node, bool connected) {
  auto& a = direct_attempts_[node];
  if (connected) {
    a = direct_attempts{};
    return;
  }
  // A node that is down or cut off is not dialed at every handle: 1, 2, 4 ...
  // 64 times the retry setting between two attempts.
  a.failures = std::min(a.failures + 1, 7u);
  a.not_before = std::chrono::steady_clock::now() + cfg_.automatic_connection_retry * (1u << (a.failures - 1));
}

void connector::connection_lost(const node_id& node) {
  if (auto a = direct_attempts_.find(node); a != direct_attempts_.end())
    a->second.not_before = std::chrono::steady_clock::now() + cfg_.automatic_connection_retry;
}

} // namespace troupe::net
