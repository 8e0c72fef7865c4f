// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Parking: the middleman closes connections that carried nothing for
// middleman.idle-timeout, and the least recently used ones beyond
// middleman.max-connections, without ending what they carried. Their links
// hold what is sent meanwhile, their exports wait for the node, and the next
// message dials again (peer.hpp and node_link.hpp say how each side parks).
#include <algorithm>
#include <chrono>
#include <utility>

#include "log_component.hpp"
#include "middleman_impl.hpp"
#include "remote_proxy.hpp"
#include "troupe/log.hpp"

namespace troupe::net {

void middleman_impl::set_connection_limits(std::size_t max_connections, std::chrono::nanoseconds idle_timeout) {
  max_connections_.store(max_connections, std::memory_order_relaxed);
  idle_timeout_.store(idle_timeout.count(), std::memory_order_relaxed);
}

std::size_t middleman_impl::parked_nodes() {
  return run_on_io([this] { return parked_.size(); });
}

std::size_t middleman_impl::open_connections() {
  return run_on_io([this] {
    return static_cast<std::size_t>(std::count_if(
      peers_.begin(), peers_.end(), [](const auto& p) { return p->ready() && !p->closed() && !p->parking(); }));
  });
}

bool middleman_impl::may_park(const std::shared_ptr<peer>& p) {
  if (!p->ready() || p->closed() || p->leaving() || p->parking() || p->pinned() || p->contacts().empty())
    return false;
  // One connection to a node parks at a time. It carries only its node's
  // traffic: no relay, no relayed monitor, no proxy that moved onto it from
  // a relay.
  if (parked_.count(p->node()) != 0)
    return false;
  if (routes_.relays_through(p.get()) || relay_watchers_.watched_through(p.get()) || proxies_.routed_through(p.get()))
    return false;
  return p->quiescent();
}

void middleman_impl::park(const std::shared_ptr<peer>& p) {
  const auto node = p->node();
  auto& entry = parked_[node];
  entry.contacts = p->contacts();
  auto& links = links_[node];
  std::erase_if(links, [](const std::weak_ptr<node_link>& l) { return l.expired(); });
  for (const auto& weak : links)
    if (auto l = weak.lock(); l && l->current() == p) {
      l->park([gate = io_gate_, node] { post_through(gate, [node](middleman_impl& self) { self.reconnect(node); }); });
      entry.links.push_back(std::move(l));
    }
  exports_.park(p.get(), node);
  // Another connection to the node (both sides dialed) carries what the
  // parked links send once this one closed: parking merges the two.
  std::shared_ptr<peer> successor;
  for (const auto& other : peers_)
    if (other != p && other->node() == node && other->ready() && !other->closed() && !other->parking()) {
      successor = other;
      break;
    }
  routes_.remove_direct(p.get(), successor);
  TROUPE_LOG_DEBUG(log_component, "parking the idle connection to " << to_string(node));
}

bool middleman_impl::park_requested(const std::shared_ptr<peer>& p) {
  if (stopping_ || !may_park(p))
    return false;
  park(p);
  return true;
}

void middleman_impl::park_refused(const std::shared_ptr<peer>& p) {
  // The links go on over p, with what they held; so do the exports.
  routes_.add_direct(p);
  unpark(p->node());
}

void middleman_impl::unpark(const node_id& node) {
  auto i = parked_.find(node);
  if (i == parked_.end())
    return;
  auto direct = routes_.direct(node);
  if (!direct || direct->parking())
    return;
  // What was sent on a connection that is still being parked must arrive
  // first: its close unparks.
  for (const auto& other : peers_)
    if (other->node() == node && other->parking() && !other->closed())
      return;
  auto entry = std::move(i->second);
  parked_.erase(i);
  exports_.unpark(node, direct.get());
  for (auto& l : entry.links)
    l->attach(direct);
}

void middleman_impl::reconnect(const node_id& node) {
  auto i = parked_.find(node);
  if (stopping_ || i == parked_.end() || i->second.dialing)
    return;
  if (routes_.direct(node)) {
    unpark(node);
    return;
  }
  i->second.dialing = true;
  reconnect_at(node, i->second.contacts, 0);
}

void middleman_impl::reconnect_at(const node_id& node, std::vector<wire::endpoint> eps, std::size_t i) {
  if (i >= eps.size()) {
    lose_parked(node, error{exit_reason::remote_link_unreachable, "the parked connection could not be made again"});
    return;
  }
  auto host = eps[i].host;
  auto port = eps[i].port;
  connector_.dial(host, port, [this, node, eps = std::move(eps), i](expected<std::shared_ptr<peer>> r) mutable {
    if (stopping_ || parked_.count(node) == 0)
      return;
    if (!r || (*r)->node() != node) {
      reconnect_at(node, std::move(eps), i + 1);
      return;
    }
    parked_[node].dialing = false;
    unpark(node); // or at the close of the connection still being parked
  });
}

void middleman_impl::lose_parked(const node_id& node, const error& reason) {
  auto i = parked_.find(node);
  if (i == parked_.end())
    return;
  auto entry = std::move(i->second);
  parked_.erase(i);
  auto dead = proxies_.take_waiting(node);
  for (auto& l : entry.links)
    l->lose(reason);
  for (auto& x : dead) {
    proxy_table::as_proxy(x).kill(reason);
    notify_relay_watchers(x->node(), x->id(), reason);
  }
  exports_.forget_parked(node);
  TROUPE_LOG_INFO(log_component, "lost the parked connection to " << to_string(node) << ": " << to_string(reason));
  if (!routes_.direct(node))
    node_lost(node);
}

void middleman_impl::forget_node(const node_id& node) {
  post_through(io_gate_, [node](middleman_impl& self) {
    self.lose_parked(node, error{exit_reason::remote_link_unreachable, "the node is gone"});
  });
}

void middleman_impl::park_idle(peer::clock::time_point now) {
  const auto max = max_connections_.load(std::memory_order_relaxed);
  const auto idle = std::chrono::nanoseconds{idle_timeout_.load(std::memory_order_relaxed)};
  if (max == 0 && idle.count() == 0)
    return;
  struct candidate {
    std::shared_ptr<peer> p;
    peer::clock::time_point active;
  };
  std::vector<candidate> open;
  for (const auto& p : peers_)
    if (p->ready() && !p->closed() && !p->parking())
      open.push_back({p, p->last_active(now)});
  // The least recently used first.
  std::sort(open.begin(), open.end(), [](const candidate& a, const candidate& b) { return a.active < b.active; });
  auto over = max > 0 && open.size() > max ? open.size() - max : 0;
  for (auto& c : open) {
    const auto quiet = now - c.active;
    // Beyond the limit, a connection quiet for a heartbeat interval goes.
    const bool due = (idle.count() > 0 && quiet >= idle) || (over > 0 && quiet >= cfg_.heartbeat_interval);
    if (!due || !may_park(c.p))
      continue;
    park(c.p);
    c.p->request_park();
    if (over > 0)
      --over;
  }
}

} // namespace troupe::net
