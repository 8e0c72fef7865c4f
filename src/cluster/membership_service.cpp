// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "membership_service.hpp"

#include <asio.hpp>

#include <chrono>

#include "endpoint.hpp"
#include "swim/member_tags.hpp"
#include "swim/packet_codec.hpp"
#include "swim/swim_node.hpp"
#include "troupe/detail/system_thread.hpp"

namespace troupe::cluster {

namespace {

using udp = asio::ip::udp;

// The protocol's timers need no finer grain: its intervals are hundreds of milliseconds.
constexpr auto tick_step = std::chrono::milliseconds{10};

} // namespace

struct membership_service::io {
  io(swim::member_index self, std::size_t members, const swim::config& cfg)
    : node(self, members, cfg, static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count())),
      socket(context), timer(context), started(std::chrono::steady_clock::now()) {}

  swim::time_point now() const { return std::chrono::steady_clock::now() - started; }

  swim::swim_node node;
  asio::io_context context;
  udp::socket socket;
  asio::steady_timer timer;
  std::vector<udp::endpoint> peers; // by member id
  swim::member_tags tags;           // by member id
  std::chrono::steady_clock::time_point started;
  std::vector<swim::packet> out;
  std::vector<std::byte> buffer = std::vector<std::byte>(65536);
  std::vector<std::byte> datagram;
  udp::endpoint sender;
  bool stopping = false;
};

namespace {

expected<udp::endpoint> resolve_member(udp::resolver& resolver, const std::string& text) {
  auto ep = parse_endpoint(text);
  if (!ep)
    return ep.error();
  asio::error_code ec;
  auto found = resolver.resolve(ep->host, std::to_string(ep->port), ec);
  if (ec || found.empty())
    return error{sec::invalid_argument, "cluster: cannot resolve member " + text + ": " + ec.message()};
  return found.begin()->endpoint();
}

} // namespace

std::uint64_t cluster_key(const std::vector<std::string>& endpoints) {
  // The endpoints in rank order, each ended by a comma.
  std::string all;
  for (const auto& e : endpoints)
    all += e + ",";
  return swim::endpoint_tag(all);
}

std::uint64_t cluster_key(const std::string& name) {
  return swim::endpoint_tag("discovered:" + name);
}

membership_service::membership_service(std::vector<std::string> endpoints, swim::member_index self, std::uint64_t key,
                                       std::uint64_t incarnation, const swim::config& cfg, event_handler on_event,
                                       stranger_handler on_stranger)
  : endpoints_(std::move(endpoints)), self_(self), key_(key), incarnation_(incarnation), cfg_(cfg),
    on_event_(std::move(on_event)), on_stranger_(std::move(on_stranger)) {}

membership_service::~membership_service() {
  stop();
}

error membership_service::start(const std::string& listen_host, actor_system* owner) {
  io_ = std::make_unique<io>(self_, endpoints_.size(), cfg_);
  auto& s = *io_;
  s.node.announce(incarnation_);
  asio::error_code ec;
  udp::resolver resolver{s.context};
  for (const auto& text : endpoints_) {
    auto ep = resolve_member(resolver, text);
    if (!ep)
      return ep.error();
    s.peers.push_back(*ep);
    s.tags.add(swim::endpoint_tag(text));
  }
  auto host = listen_host.empty() ? std::string{"0.0.0.0"} : listen_host;
  auto address = asio::ip::make_address(host, ec);
  if (ec) {
    // A host name, such as localhost: where it resolves.
    auto found = resolver.resolve(host, "0", ec);
    if (ec || found.empty())
      return error{sec::invalid_argument, "cluster: cannot listen for membership at " + host + ": " + ec.message()};
    address = found.begin()->endpoint().address();
  }
  s.socket.open(address.is_v6() ? udp::v6() : udp::v4(), ec);
  if (!ec)
    s.socket.bind(udp::endpoint{address, s.peers[self_].port()}, ec);
  if (ec)
    return error{sec::runtime_error, "cluster: cannot bind the membership socket at " + host + ":"
                                       + std::to_string(s.peers[self_].port()) + ": " + ec.message()};
  asio::post(s.context, [this] {
    tick();
    read();
  });
  thread_ = std::thread{[this, owner] {
    detail::set_thread_system(owner);
    io_->context.run();
  }};
  return error{};
}

void membership_service::tick() {
  auto& st = *io_;
  if (st.stopping)
    return;
  st.node.tick(st.now(), st.out);
  flush();
  st.timer.expires_after(tick_step);
  st.timer.async_wait([this](const asio::error_code& e) {
    if (!e)
      tick();
  });
}

void membership_service::read() {
  auto& st = *io_;
  st.socket.async_receive_from(asio::buffer(st.buffer), st.sender, [this](const asio::error_code& e, std::size_t n) {
    auto& st2 = *io_;
    if (e == asio::error::operation_aborted || st2.stopping)
      return;
    if (!e) {
      std::size_t news_of_strangers = 0;
      auto p = swim::decode(std::span<const std::byte>{st2.buffer.data(), n}, key_, st2.tags, &news_of_strangers);
      if (p) {
        st2.node.receive(*p, st2.now(), st2.out);
        flush();
        // News of members not named yet: one joined, and the gossip spreads it faster than a timer would.
        if (news_of_strangers > 0 && on_stranger_)
          on_stranger_();
      } else if (p.error() == sec::out_of_range) {
        strangers_.fetch_add(1, std::memory_order_relaxed);
        if (on_stranger_)
          on_stranger_();
      } else {
        dropped_.fetch_add(1, std::memory_order_relaxed);
      }
    }
    read();
  });
}

void membership_service::flush() {
  auto& st = *io_;
  for (auto& p : st.out) {
    st.datagram.clear();
    swim::encode(p, key_, st.tags, st.datagram);
    asio::error_code ignored; // a lost datagram is what the protocol is made for
    st.socket.send_to(asio::buffer(st.datagram), st.peers[p.to], 0, ignored);
  }
  st.out.clear();
  for (auto& e : st.node.take_events())
    on_event_(e);
}

error membership_service::add_member(const std::string& text) {
  if (!io_)
    return error{sec::invalid_state, "cluster: the membership protocol does not run"};
  udp::resolver resolver{io_->context};
  auto ep = resolve_member(resolver, text);
  auto tag = swim::endpoint_tag(text);
  // The protocol's thread owns the node: the member joins there, in the order the members were added.
  asio::post(io_->context, [this, tag, where = ep ? *ep : udp::endpoint{}] {
    auto& st = *io_;
    st.tags.add(tag);
    st.node.add_member();
    st.peers.push_back(where);
  });
  return ep ? error{} : ep.error();
}

void membership_service::stop() {
  if (!thread_.joinable())
    return;
  asio::post(io_->context, [this] {
    auto& st = *io_;
    st.node.leave(st.now(), st.out);
    flush();
    st.stopping = true;
    asio::error_code ignored;
    st.timer.cancel();
    st.socket.close(ignored);
  });
  thread_.join();
  io_.reset();
}

} // namespace troupe::cluster
