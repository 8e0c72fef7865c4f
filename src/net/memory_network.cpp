// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/net/memory_network.hpp"

#include <unordered_map>

#include "memory_link.hpp"
#include "troupe/error.hpp"

namespace troupe::net {

std::shared_ptr<memory_network> memory_network::get(const std::string& name) {
  static std::mutex mtx;
  static std::unordered_map<std::string, std::weak_ptr<memory_network>> networks;
  std::lock_guard guard{mtx};
  // Names of networks nobody holds any more go, so that a program making
  // one per test does not collect them.
  std::erase_if(networks, [](const auto& entry) { return entry.second.expired(); });
  auto& slot = networks[name];
  if (auto known = slot.lock())
    return known;
  auto made = std::make_shared<memory_network>(name);
  slot = made;
  return made;
}

memory_network::~memory_network() {
  // A link outlives the network only in its ends' hands: they see it cut.
  for (auto& [port, st] : ports_)
    for (auto& l : live_links(st))
      l->cut();
}

std::vector<std::shared_ptr<memory_link>> memory_network::live_links(port_state& st) {
  std::vector<std::shared_ptr<memory_link>> out;
  std::erase_if(st.links, [&](const std::weak_ptr<memory_link>& w) {
    auto l = w.lock();
    if (!l || !l->open())
      return true;
    out.push_back(std::move(l));
    return false;
  });
  return out;
}

void memory_network::partition(std::uint16_t port) {
  set_partitioned(port, true);
}

void memory_network::heal(std::uint16_t port) {
  set_partitioned(port, false);
}

void memory_network::set_partitioned(std::uint16_t port, bool on) {
  std::lock_guard guard{mtx_};
  auto& st = ports_[port];
  st.partitioned = on;
  for (auto& l : live_links(st))
    l->set_partitioned(on);
}

void memory_network::set_delay(std::uint16_t port, std::chrono::nanoseconds d) {
  std::lock_guard guard{mtx_};
  auto& st = ports_[port];
  st.delay = d;
  for (auto& l : live_links(st))
    l->set_delay(d);
}

void memory_network::drop_writes(std::uint16_t port, direction dir, std::size_t n) {
  std::lock_guard guard{mtx_};
  for (auto& l : live_links(ports_[port])) {
    if (dir != direction::to_client)
      l->drop_writes(memory_link::server, n);
    if (dir != direction::to_server)
      l->drop_writes(memory_link::client, n);
  }
}

std::size_t memory_network::cut(std::uint16_t port) {
  std::lock_guard guard{mtx_};
  auto links = live_links(ports_[port]);
  for (auto& l : links)
    l->cut();
  return links.size();
}

std::size_t memory_network::connections(std::uint16_t port) {
  std::lock_guard guard{mtx_};
  return live_links(ports_[port]).size();
}

std::uint64_t memory_network::bytes_carried(std::uint16_t port, direction dir) {
  std::lock_guard guard{mtx_};
  std::uint64_t n = 0;
  for (auto& l : live_links(ports_[port])) {
    if (dir != direction::to_client)
      n += l->carried(memory_link::server);
    if (dir != direction::to_server)
      n += l->carried(memory_link::client);
  }
  return n;
}

bool memory_network::listening(std::uint16_t port) {
  std::lock_guard guard{mtx_};
  auto i = ports_.find(port);
  return i != ports_.end() && i->second.on_accept != nullptr;
}

expected<std::uint16_t> memory_network::listen(std::uint16_t port, accept_handler on_accept) {
  std::lock_guard guard{mtx_};
  if (port == 0) {
    // The next port nobody listens on, as the kernel picks an ephemeral one.
    for (unsigned tries = 0; tries < 65536 && port == 0; ++tries) {
      auto candidate = next_free_++;
      if (next_free_ == 0)
        next_free_ = 1024;
      if (candidate != 0 && ports_[candidate].on_accept == nullptr)
        port = candidate;
    }
    if (port == 0)
      return error{sec::runtime_error, "publish: no free port on memory network " + name_};
  } else if (ports_[port].on_accept != nullptr) {
    return error{sec::runtime_error,
                 "publish: cannot bind port " + std::to_string(port) + " of memory network " + name_ + ": in use"};
  }
  ports_[port].on_accept = std::move(on_accept);
  return port;
}

void memory_network::stop_listening(std::uint16_t port) {
  std::lock_guard guard{mtx_};
  if (auto i = ports_.find(port); i != ports_.end())
    i->second.on_accept = nullptr;
}

expected<std::shared_ptr<memory_link>> memory_network::connect(std::uint16_t port) {
  accept_handler on_accept;
  std::shared_ptr<memory_link> link;
  {
    std::lock_guard guard{mtx_};
    auto i = ports_.find(port);
    if (i == ports_.end() || i->second.on_accept == nullptr)
      return error{sec::cannot_connect_to_node, "cannot connect to port " + std::to_string(port) + " of memory network "
                                                  + name_ + ": connection refused"};
    auto& st = i->second;
    auto text = "memory:" + name_ + ":" + std::to_string(port) + "#" + std::to_string(next_link_++);
    link = std::make_shared<memory_link>(std::move(text), port, memory_link::faults{st.partitioned, st.delay});
    st.links.push_back(link);
    on_accept = st.on_accept;
  }
  // Outside the lock: the listener posts the end to its own thread.
  on_accept(link);
  return link;
}

void memory_network::attach(const void* who, std::function<std::size_t()> poll) {
  std::lock_guard guard{mtx_};
  pollers_.emplace_back(who, std::move(poll));
}

void memory_network::detach(const void* who) {
  std::lock_guard guard{mtx_};
  std::erase_if(pollers_, [who](const auto& entry) { return entry.first == who; });
}

std::size_t memory_network::poll_attached() {
  decltype(pollers_) pollers;
  {
    std::lock_guard guard{mtx_};
    pollers = pollers_;
  }
  std::size_t ran = 0;
  for (auto& [who, poll] : pollers)
    ran += poll();
  return ran;
}

} // namespace troupe::net
