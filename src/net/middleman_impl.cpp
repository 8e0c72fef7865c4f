// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "middleman_impl.hpp"

#include <algorithm>
#include <chrono>
#include <future>
#include <stdexcept>
#include <utility>

#include "log_component.hpp"
#include "memory_link.hpp"

#include "remote_proxy.hpp"
#include "troupe/detail/system_thread.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/group_manager.hpp"
#include "troupe/log.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/system_messages.hpp"

namespace troupe::net {

namespace {

// Throws on settings that cannot work together, before any is acted on.
const middleman_settings& checked(const middleman_settings& cfg) {
  const bool tls = !cfg.tls_certificate.empty() || !cfg.tls_key.empty() || !cfg.tls_ca.empty();
  if (!cfg.memory_network.empty() && tls)
    throw std::invalid_argument("troupe: middleman.memory-network does not carry TLS (middleman.tls.*)");
  return cfg;
}

} // namespace

middleman_impl::middleman_impl(actor_system& sys, const middleman_settings& cfg)
  : sys_(sys), cfg_(checked(cfg)), tls_(make_tls_context(cfg)),
    memory_(cfg.memory_network.empty() ? nullptr : memory_network::get(cfg.memory_network)),
    types_(wire::announced_types()), work_(io_.get_executor()), tick_timer_(io_), shutdown_deadline_(io_),
    decoders_(cfg.io_thread ? cfg.workers : 0), routes_(sys.node()),
    connector_(io_, cfg_, routes_, sys.node(), memory_, tls_.get(),
               [this](byte_stream stream) { return adopt_dialed(std::move(stream)); }) {
  set_connection_limits(cfg_.max_connections, cfg_.idle_timeout);
}

middleman_impl::~middleman_impl() {
  stop();
}

std::size_t middleman_impl::poll() {
  if (has_io_thread() || !started_ || stopped_)
    return 0;
  return io_.poll();
}

void middleman_impl::start() {
  // Local actors that peers watch report their end through this actor.
  watcher_ = sys_.spawn<hidden>([this](event_based_actor* self) {
    self->set_down_handler([this](down_msg& m) {
      asio::post(io_, [this, id = m.source.id(), reason = m.reason] { local_down(id, reason); });
    });
    return behavior{[](int) {}}; // only system messages arrive
  });
  started_ = true;
  {
    std::lock_guard guard{io_gate_->mtx};
    io_gate_->owner = this;
  }
  // Only with an I/O thread: it reads what arrives while every worker is busy.
  watch_.set_worker_reads(cfg_.io_thread && cfg_.read_on_idle_workers);
  asio::post(io_, [this] { watch_.start(); });
  if (!has_io_thread()) {
    // The starting thread is the I/O thread whenever it polls.
    io_thread_id_.store(std::this_thread::get_id(), std::memory_order_relaxed);
    if (memory_)
      memory_->attach(this, [this] { return poll(); });
  } else {
    thread_ = std::thread{[this] {
      troupe::detail::set_thread_system(&sys_);
      io_thread_id_.store(std::this_thread::get_id(), std::memory_order_relaxed);
      io_.run();
      {
        std::lock_guard guard{io_wait_mtx_};
        io_ended_ = true;
      }
      io_wait_.notify_all();
    }};
    decoders_.start();
    io_thread_id_.store(thread_.get_id(), std::memory_order_relaxed);
    if (cfg_.read_on_idle_workers)
      sys_.scheduler().set_idle_poller(&watch_);
  }
  asio::post(io_, [this] { tick(); });
  sys_.set_node_monitor_service(this);
  sys_.groups().add_module("remote", [this](const std::string& id) { return services_.find_remote_group(id); });
}

void middleman_impl::stop() {
  if (stopped_ || !started_)
    return;
  stopped_ = true;
  sys_.scheduler().set_idle_poller(nullptr); // returns once no worker reads for us
  sys_.set_node_monitor_service(nullptr);
  sys_.groups().remove_module("remote");
  asio::post(io_, [this] {
    stopping_ = true;
    connector_.stop();
    tick_timer_.cancel();
    for (auto& entry : published_)
      close_listener(*entry);
    published_.clear();
    // Each peer learns from a goodbye that this node goes away (not from a
    // timeout); the loop ends once every socket is closed, or at the deadline.
    // What waits for a parked connection is not sent any more.
    std::vector<node_id> parked;
    for (const auto& [node, entry] : parked_)
      parked.push_back(node);
    for (const auto& node : parked)
      lose_parked(node, error{sec::system_shutdown, "the middleman stops"});
    auto peers = peers_;
    for (auto& p : peers)
      if (p->parking())
        p->close(error{}); // sealed: its goodbye would not go out
      else
        p->say_goodbye();
    shutdown_deadline_.expires_after(std::chrono::seconds{2});
    shutdown_deadline_.async_wait([this](const asio::error_code& ec) {
      if (!ec)
        io_.stop();
    });
    if (peers_.empty()) {
      shutdown_deadline_.cancel();
      watch_.stop();
    }
    work_.reset();
  });
  if (thread_.joinable()) {
    thread_.join();
  } else {
    // No I/O thread: the goodbyes are written here (a memory link takes
    // them at once; a socket gets the same deadline).
    if (memory_)
      memory_->detach(this);
    io_.restart();
    io_.run();
    std::lock_guard guard{io_wait_mtx_};
    io_ended_ = true;
  }
  {
    std::lock_guard guard{io_gate_->mtx};
    io_gate_->owner = nullptr;
  }
  // A worker still decoding finishes that message (its delivery is dropped:
  // the I/O thread is gone); those not started are dropped.
  decoders_.stop();
  // Whatever still holds a proxy sees its node as gone.
  for (auto& p : proxies_.take_all())
    proxy_table::as_proxy(p).kill(exit_reason::remote_link_unreachable);
  // A link holds its connection: none is kept past the middleman.
  for (auto& [node, links] : links_)
    for (auto& weak : links)
      if (auto l = weak.lock())
        l->lose(error{sec::system_shutdown, "the middleman stopped"});
  links_.clear();
  if (watcher_)
    watcher_->enqueue(make_mailbox_element(nullptr, message_id{}, exit_msg{actor_addr{}, exit_reason::kill}), nullptr);
  watcher_ = nullptr;
  exports_.clear();
  services_.stop();
}

// ---- publishing -------------------------------------------------------------------

expected<std::uint16_t> middleman_impl::publish(actor handle, std::vector<std::string> ifs, std::uint16_t port,
                                                const std::string& addr, bool reuse_addr) {
  // An empty handle listens without an actor (publish_local_groups).
  if (handle && handle.node() != sys_.node())
    return error{sec::invalid_argument, "publish: the actor lives on another node"};
  if (handle)
    export_actor(handle.ctrl(), nullptr);
  return run_on_io([&, this]() -> expected<std::uint16_t> {
    auto entry =
      std::make_shared<published_entry>(published_entry{handle, std::move(ifs), asio::ip::tcp::acceptor{io_}, 0, {}});
    if (auto err = listen(entry, addr, port, reuse_addr))
      return err;
    published_.push_back(entry);
    // Nodes connected already learn the new endpoint, to pass it on.
    auto eps = listen_endpoints();
    for (auto& p : peers_)
      if (p->ready() && !p->closed())
        p->send_own_contacts(eps);
    return entry->port;
  });
}

error middleman_impl::listen(const std::shared_ptr<published_entry>& entry, const std::string& addr, std::uint16_t port,
                             bool reuse_addr) {
  if (memory_) {
    // A link reaches the I/O thread while the middleman runs, and becomes a
    // connection there while the entry is still published.
    std::weak_ptr<published_entry> weak = entry;
    auto bound = memory_->listen(port, [gate = io_gate_, weak](const std::shared_ptr<memory_link>& link) {
      // A link that never reaches a running middleman is closed with it.
      post_through(gate, [weak, link](middleman_impl& self) {
        auto e = weak.lock();
        if (!e || self.stopping_) {
          link->close(memory_link::server);
          return;
        }
        self.adopt_accepted(*e, byte_stream{memory_stream{link, memory_link::server, self.io_.get_executor()}});
      });
    });
    if (!bound)
      return bound.error();
    entry->port = *bound;
    entry->memory_host = addr;
    return error{};
  }
  asio::error_code ec;
  auto address = addr.empty() ? asio::ip::address{asio::ip::address_v4::any()} : asio::ip::make_address(addr, ec);
  if (ec)
    return error{sec::invalid_argument, "publish: bad address '" + addr + "': " + ec.message()};
  asio::ip::tcp::endpoint ep{address, port};
  auto& acc = entry->acceptor;
  if (acc.open(ep.protocol(), ec); ec)
    return error{sec::runtime_error, "publish: " + ec.message()};
  if (reuse_addr)
    acc.set_option(asio::socket_base::reuse_address{true}, ec);
  if (acc.bind(ep, ec); ec)
    return error{sec::runtime_error, "publish: cannot bind port " + std::to_string(port) + ": " + ec.message()};
  if (acc.listen(asio::socket_base::max_listen_connections, ec); ec)
    return error{sec::runtime_error, "publish: " + ec.message()};
  entry->port = acc.local_endpoint(ec).port();
  if (!address.is_loopback() && cfg_.secret.empty() && !tls_)
    TROUPE_LOG_WARNING(log_component, "port " << entry->port
                                              << " listens beyond loopback without authentication "
                                                 "(middleman.secret or middleman.tls.*)");
  accept(entry);
  return error{};
}

void middleman_impl::close_listener(published_entry& entry) {
  asio::error_code ignored;
  entry.acceptor.close(ignored);
  if (memory_)
    memory_->stop_listening(entry.port);
}

void middleman_impl::adopt_accepted(const published_entry& entry, byte_stream stream) {
  auto p =
    std::make_shared<peer>(peer_ctx_, std::move(stream), peer::role::acceptor, entry.handle.id(), entry.interface);
  peers_.push_back(p);
  if (entry.handle)
    export_actor(entry.handle.ctrl(), p.get()); // its hello hands the peer a handle
  p->start(nullptr);
}

void middleman_impl::accept(const std::shared_ptr<published_entry>& entry) {
  entry->acceptor.async_accept([this, entry](const asio::error_code& ec, asio::ip::tcp::socket sock) {
    if (ec) {
      if (ec != asio::error::operation_aborted)
        TROUPE_LOG_WARNING(log_component, "accept on port " << entry->port << ": " << ec.message());
      if (!entry->acceptor.is_open())
        return;
    } else {
      adopt_accepted(*entry, byte_stream::over_tcp(std::move(sock), tls_.get(), byte_stream::side::server));
    }
    accept(entry);
  });
}

error middleman_impl::unpublish(const actor& handle, std::uint16_t port) {
  return run_on_io([&, this]() -> error {
    bool found = false;
    std::erase_if(published_, [&](const std::shared_ptr<published_entry>& e) {
      if (e->handle != handle || (port != 0 && e->port != port))
        return false;
      close_listener(*e);
      found = true;
      return true;
    });
    if (!found)
      return error{sec::invalid_argument, "unpublish: the actor is not published on port " + std::to_string(port)};
    return error{};
  });
}

// ---- connecting -------------------------------------------------------------------

expected<std::shared_ptr<peer>> middleman_impl::dial(const std::string& host, std::uint16_t port) {
  using result = expected<std::shared_ptr<peer>>;
  auto done = std::make_shared<std::promise<result>>();
  auto fut = done->get_future();
  asio::post(io_, [this, host, port, done] {
    connector_.dial(host, port, [done](result r) { done->set_value(std::move(r)); });
  });
  // Ends at the latest at the dial's real-time connect timeout.
  if (driven_here())
    drive_until([&] { return fut.wait_for(std::chrono::seconds{0}) == std::future_status::ready; },
                std::chrono::nanoseconds::max());
  return fut.get();
}

bool middleman_impl::drive_until(const std::function<bool()>& done, std::chrono::nanoseconds timeout) {
  // Nobody else runs the network: this thread does.
  auto deadline = timeout == std::chrono::nanoseconds::max() ? std::chrono::steady_clock::time_point::max()
                                                             : std::chrono::steady_clock::now() + timeout;
  while (!done()) {
    if (std::chrono::steady_clock::now() >= deadline)
      return false;
    if ((memory_ ? memory_->poll_attached() : io_.poll()) == 0)
      io_.run_one_for(std::chrono::milliseconds{1});
  }
  return true;
}

std::shared_ptr<peer> middleman_impl::adopt_dialed(byte_stream stream) {
  auto p = std::make_shared<peer>(peer_ctx_, std::move(stream), peer::role::dialer);
  peers_.push_back(p);
  return p;
}

// ---- automatic connections ---------------------------------------------------------

std::vector<wire::endpoint> middleman_impl::listen_endpoints() const {
  std::vector<wire::endpoint> out;
  for (const auto& entry : published_) {
    if (memory_) {
      wire::endpoint x{entry->memory_host, entry->port};
      if (out.size() < wire::max_contact_endpoints)
        out.push_back(std::move(x));
      continue;
    }
    asio::error_code ec;
    auto ep = entry->acceptor.local_endpoint(ec);
    if (ec)
      continue;
    auto host = ep.address().is_unspecified() ? std::string{} : ep.address().to_string();
    wire::endpoint x{std::move(host), ep.port()};
    if (std::find(out.begin(), out.end(), x) == out.end() && out.size() < wire::max_contact_endpoints)
      out.push_back(std::move(x));
  }
  return out;
}

bool middleman_impl::connect_introduced(const node_id& node, std::vector<wire::endpoint> eps,
                                        const std::shared_ptr<peer>& relay) {
  return connector_.connect_introduced(node, std::move(eps), relay);
}

std::vector<node_id> middleman_impl::connected_nodes() {
  return run_on_io([this] { return routes_.connected_nodes(); });
}

std::size_t middleman_impl::queued_bytes(const node_id& node) {
  return run_on_io([&]() -> std::size_t {
    auto p = routes_.direct_even_closed(node);
    return p ? p->queued_bytes() : 0;
  });
}

// ---- exported actors --------------------------------------------------------------

void middleman_impl::export_actor(actor_control_block* x, const peer* via) {
  if (!exports_.add(x, via))
    return;
  // Its end removes the entry and tells the peers that watch it.
  error reason;
  if (!x->get()->add_monitor(watcher_.address(), &reason))
    asio::post(io_, [this, id = x->id(), reason] { local_down(id, reason); });
}

void middleman_impl::watch_local(actor_id id, const std::shared_ptr<peer>& watcher) {
  // A peer that holds a proxy for a local actor hears of its end from
  // local_down; what is left is an actor that is gone before the peer asked.
  if (auto gone_reason = exports_.add_watcher(id, watcher.get())) {
    std::vector<std::byte> frame;
    wire::write_down(frame, id, gone_reason);
    watcher->send_down(frame, id);
  }
}

void middleman_impl::local_down(actor_id id, const error& reason) {
  strong_actor_ptr released; // after the table's lock
  std::vector<node_id> parked;
  auto told = exports_.remove(id, reason, released, parked);
  if (told.empty() && parked.empty())
    return;
  std::vector<std::byte> frame;
  wire::write_down(frame, id, reason);
  for (auto& p : peers_)
    if (std::find(told.begin(), told.end(), p.get()) != told.end() && p->ready())
      p->send_down(frame, id);
  // A node whose connection is parked hears it on the next one, behind what
  // its links held (the last link goes out last); it is dialed for this.
  for (const auto& node : parked)
    if (auto i = parked_.find(node); i != parked_.end() && !i->second.links.empty())
      i->second.links.back()->hold_frame(frame, id);
}

// ---- proxies ----------------------------------------------------------------------

strong_actor_ptr middleman_impl::proxy_for(const node_id& node, actor_id id, const std::shared_ptr<peer>& via,
                                           const std::shared_ptr<peer>& relay, const node_id& relay_hint) {
  std::shared_ptr<peer> route = via;
  if (!route)
    route = routes_.next_hop(node);
  if (!route && relay && !relay->closed()) {
    route = relay;
    routes_.relay_through(node, relay);
  }
  if (!route || route->closed())
    return nullptr; // a node this one cannot reach
  auto found = proxies_.find_or_make(sys_, node, id, route);
  if (found.stale)
    proxy_table::as_proxy(found.stale).kill(exit_reason::remote_link_unreachable);
  if (found.created) {
    if (relay_hint && route == relay && route->node() != node && route->node() != relay_hint) {
      // The relay passed the handle on without reading it: it may not know
      // the way yet. Ahead of the monitor and of every message.
      std::vector<std::byte> hint;
      wire::write_route_hint(hint, wire::route_hint{node, relay_hint});
      route->send_frame(hint);
    }
    // Ask the actor's node (through the relay, if routed) to tell us when it
    // is gone.
    std::vector<std::byte> frame;
    wire::write_monitor(frame, id, route->node() == node ? node_id{} : node);
    route->send_frame(frame);
  }
  return found.proxy;
}

void middleman_impl::take_route_hint(wire::route_hint hint, const std::shared_ptr<peer>& from) {
  if (auto next = routes_.take_hint(hint, from)) {
    // The next node may not know the way either.
    std::vector<std::byte> frame;
    wire::write_route_hint(frame, hint);
    next->send_frame(frame);
  }
}

void middleman_impl::relay_monitor(const node_id& node, actor_id id, const std::shared_ptr<peer>& watcher) {
  auto next = routes_.next_hop(node);
  if (!next || next.get() == watcher.get()) {
    std::vector<std::byte> frame;
    wire::write_down(frame, id, error{exit_reason::remote_link_unreachable, "no route to that node"}, node);
    watcher->send_down(frame, id);
    return;
  }
  // This node's own proxy watches the actor; its down reaches the watcher.
  proxy_for(node, id, next);
  relay_watchers_.add(node, id, watcher);
}

void middleman_impl::notify_relay_watchers(const node_id& node, actor_id id, const error& reason) {
  auto watchers = relay_watchers_.take(node, id);
  if (watchers.empty())
    return;
  std::vector<std::byte> frame;
  wire::write_down(frame, id, reason, node);
  for (auto& w : watchers)
    w->send_down(frame, id);
}

strong_actor_ptr middleman_impl::proxy_on_io(const node_id& node, actor_id id, std::shared_ptr<peer> via) {
  return run_on_io([&, this]() -> strong_actor_ptr {
    // A connection that was dialed twice to one node says goodbye: its
    // published actor is reached over the connection the node keeps.
    auto route = via->closed() || via->leaving() ? routes_.direct(node) : via;
    if (!route)
      return nullptr;
    return proxy_for(node, id, route);
  });
}

strong_actor_ptr middleman_impl::resolve_on_io(std::function<strong_actor_ptr()> f) {
  struct result {
    strong_actor_ptr value;
    bool done = false;
  };
  auto r = std::make_shared<result>();
  asio::post(io_, [this, r, f = std::move(f)] {
    auto value = f();
    {
      std::lock_guard guard{io_wait_mtx_};
      r->value = std::move(value);
      r->done = true;
    }
    io_wait_.notify_all();
  });
  std::unique_lock lock{io_wait_mtx_};
  io_wait_.wait(lock, [&] { return r->done || io_ended_; });
  return std::move(r->value);
}

void middleman_impl::remote_down(const node_id& node, actor_id id, const error& reason, const peer* from) {
  const peer* only_through = from && reason == exit_reason::remote_link_unreachable ? from : nullptr;
  auto taken = proxies_.take(node, id, only_through);
  if (taken.kept)
    return; // a route it no longer takes; its own route reports its end
  if (taken.proxy)
    proxy_table::as_proxy(taken.proxy).kill(reason);
  notify_relay_watchers(node, id, reason);
}

// ---- peers ------------------------------------------------------------------------

void middleman_impl::peer_ready(const std::shared_ptr<peer>& p) {
  if (p->dialed()) {
    // A node keeps one connection that it dialed to each node: a second one
    // goes at once (the older one's proxies stay valid). The one it keeps
    // says so at once, so that the other side drops a connection it still
    // holds from before, one lost on this side but maybe not yet on that.
    for (const auto& other : peers_)
      if (other != p && other->dialed() && other->ready() && !other->closed() && !other->leaving() && !other->parking()
          && other->node() == p->node()) {
        p->say_goodbye();
        return;
      }
    p->send_heartbeat();
  }
  routes_.add_direct(p);
  links_[p->node()].push_back(p->link());
  {
    std::lock_guard guard{nodes_mtx_};
    connected_.insert(p->node());
  }
  TROUPE_LOG_INFO(log_component, "connected to " << to_string(p->node()) << " at " << p->remote_endpoint_text());
  move_routed_proxies(p->node());
  unpark(p->node());
}

void middleman_impl::move_routed_proxies(const node_id& node) {
  auto direct = routes_.direct(node);
  if (!direct)
    return;
  for (auto& x : proxies_.movable(node)) {
    auto token = next_move_token_++;
    proxy_table::as_proxy(x).begin_move(direct, token);
    send_move_marker(std::move(x), token);
  }
}

void middleman_impl::send_move_marker(strong_actor_ptr proxy, std::uint64_t token) {
  auto* p = &proxy_table::as_proxy(proxy);
  if (p->is_terminated())
    return;
  if (!p->relay_quiet()) {
    // A sender still writes to the relay, or waits there for room: the marker
    // goes behind its message, a moment later.
    auto timer = std::make_shared<asio::steady_timer>(io_, std::chrono::milliseconds{1});
    timer->async_wait([this, timer, proxy = std::move(proxy), token](const asio::error_code& ec) mutable {
      if (!ec)
        send_move_marker(std::move(proxy), token);
    });
    return;
  }
  auto direct = p->route();
  if (!direct || direct->closed())
    return; // it ends with the direct connection's close
  // The actor's down comes over the direct connection from now on.
  std::vector<std::byte> frame;
  wire::write_monitor(frame, proxy->id());
  direct->send_frame(frame);
  if (auto relay = p->relay(); relay && !relay->closed())
    relay->send_move_marker(proxy->id(), proxy->node(), token);
  else
    p->finish_move(token); // nothing can be on the way there any more
}

void middleman_impl::proxy_moved(const node_id& node, actor_id id, std::uint64_t token) {
  if (auto x = proxies_.find(node, id))
    proxy_table::as_proxy(x).finish_move(token);
}

void middleman_impl::kept_by_dialer(const std::shared_ptr<peer>& p) {
  std::vector<std::shared_ptr<peer>> stale;
  for (const auto& other : peers_)
    if (other != p && !other->dialed() && other->ready() && !other->closed() && !other->parking()
        && other->node() == p->node())
      stale.push_back(other);
  for (auto& s : stale)
    s->close(error{sec::cannot_connect_to_node, "the node connected again: it lost this connection"});
}

void middleman_impl::peer_closed(peer* p) {
  std::shared_ptr<peer> keep; // p stays alive until this function returns
  std::erase_if(peers_, [&](const std::shared_ptr<peer>& x) {
    if (x.get() != p)
      return false;
    keep = x;
    return true;
  });
  if (stopping_ && peers_.empty()) {
    shutdown_deadline_.cancel();
    watch_.stop(); // the loop may run out of work now
  }
  if (p->ready() && p->parked()) {
    // Both sides parked it: nothing ends. Its links go on over a connection
    // made meanwhile, or over the next one.
    exports_.release_exports_of(p);
    routes_.remove_direct(p, nullptr);
    unpark(p->node());
    return;
  }
  if (p->ready() && p->parking() && parked_.count(p->node()) != 0) {
    // Closed before the peer agreed: what this side parked ends with it, as
    // it would have without parking.
    auto entry = std::move(parked_[p->node()]);
    parked_.erase(p->node());
    exports_.unpark(p->node(), p);
    routes_.add_direct(keep);
    for (auto& l : entry.links)
      l->attach(keep);
  }
  exports_.release_exports_of(p);
  if (!p->ready())
    return;
  // The nodes relayed through p are cut off from this one.
  kill_proxies_bound_to(p, routes_.drop_relays_through(p));
  // Another connection to the same node takes over, if there is one.
  std::shared_ptr<peer> successor;
  for (auto& other : peers_)
    if (other->ready() && !other->closed() && !other->parking() && other->node() == p->node()) {
      successor = other;
      break;
    }
  if (!routes_.remove_direct(p, successor)) {
    kill_proxies_bound_to(p, {p->node()});
    lose_links_of(p);
    return;
  }
  connector_.connection_lost(p->node());
  if (successor) {
    kill_proxies_bound_to(p, {p->node()});
    lose_links_of(p);
    return;
  }
  lose_links_of(p);
  if (parked_.count(p->node()) != 0)
    return; // the node's parked links still reach it
  node_lost(p->node());
}

void middleman_impl::lose_links_of(const peer* p) {
  auto i = links_.find(p->node());
  if (i == links_.end())
    return;
  std::erase_if(i->second, [p](const std::weak_ptr<node_link>& weak) {
    auto l = weak.lock();
    if (l && l->current().get() == p)
      l->lose(error{exit_reason::remote_link_unreachable});
    return !l || (!l->current() && !l->parked()); // gone, or lost
  });
  if (i->second.empty())
    links_.erase(i);
}

void middleman_impl::node_lost(const node_id& node) {
  std::vector<actor_addr> observers;
  {
    std::lock_guard guard{nodes_mtx_};
    connected_.erase(node);
    if (auto j = node_observers_.find(node); j != node_observers_.end()) {
      observers = std::move(j->second);
      node_observers_.erase(j);
    }
  }
  for (auto& o : observers)
    if (auto x = o.lock())
      x->get()->enqueue(
        make_mailbox_element(nullptr, message_id{}, node_down_msg{node, error{exit_reason::remote_link_unreachable}}),
        nullptr);
  auto dead = proxies_.take_node(node);
  kill_unreachable(dead);
}

void middleman_impl::kill_proxies_bound_to(const peer* p, const std::vector<node_id>& nodes) {
  auto dead = proxies_.take_bound_to(p, nodes);
  kill_unreachable(dead);
}

void middleman_impl::kill_unreachable(std::vector<strong_actor_ptr>& dead) {
  for (auto& x : dead) {
    proxy_table::as_proxy(x).kill(exit_reason::remote_link_unreachable);
    notify_relay_watchers(x->node(), x->id(), exit_reason::remote_link_unreachable);
  }
}

// ---- node monitors ---------------------------------------------------------------

void middleman_impl::monitor_node(const node_id& node, const actor_addr& observer) {
  {
    std::lock_guard guard{nodes_mtx_};
    if (connected_.count(node) != 0) {
      node_observers_[node].push_back(observer);
      return;
    }
  }
  if (auto x = observer.lock())
    x->get()->enqueue(make_mailbox_element(
                        nullptr, message_id{},
                        node_down_msg{node, error{exit_reason::remote_link_unreachable, "no connection to that node"}}),
                      nullptr);
}

void middleman_impl::demonitor_node(const node_id& node, const actor_addr& observer) {
  std::lock_guard guard{nodes_mtx_};
  if (auto i = node_observers_.find(node); i != node_observers_.end()) {
    std::erase(i->second, observer);
    if (i->second.empty())
      node_observers_.erase(i);
  }
}

void middleman_impl::schedule_tick() {
  // The system's timers follow its clock, which a deterministic test moves:
  // heartbeats and connection timeouts happen when the test says.
  sys_.timers().schedule_after(cfg_.heartbeat_interval,
                               [gate = io_gate_] { post_through(gate, [](middleman_impl& self) { self.tick(); }); });
}

void middleman_impl::tick() {
  // stop() cancels the timer, but a tick whose timer had already fired is
  // queued and runs anyway: it must not arm the next one, or the loop never
  // runs out of work and stop() waits for it forever.
  if (stopping_)
    return;
  auto now = sys_.timers().now();
  auto peers = peers_;
  for (auto& p : peers)
    p->on_tick(now);
  park_idle(now);
  // A connection quiet for a heartbeat interval is no longer read by workers.
  watch_.prune(now - cfg_.heartbeat_interval);
  if (!has_io_thread()) {
    schedule_tick();
    return;
  }
  tick_timer_.expires_after(cfg_.heartbeat_interval);
  tick_timer_.async_wait([this](const asio::error_code& ec) {
    if (!ec)
      tick();
  });
}

} // namespace troupe::net
