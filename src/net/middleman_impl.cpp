// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "middleman_impl.hpp"

#include <algorithm>
#include <chrono>
#include <future>
#include <stdexcept>
#include <utility>

#include "memory_link.hpp"

#include "remote_proxy.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/group_manager.hpp"
#include "troupe/log.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/system_messages.hpp"

namespace troupe::net {

namespace {

constexpr std::string_view log_component = "net";

// Throws on settings that cannot work together, before any is acted on.
const middleman_settings& checked(const middleman_settings& cfg) {
  const bool tls = !cfg.tls_certificate.empty() || !cfg.tls_key.empty() || !cfg.tls_ca.empty();
  if (!cfg.memory_network.empty() && tls)
    throw std::invalid_argument("troupe: middleman.memory-network does not carry TLS (middleman.tls.*)");
  return cfg;
}

} // namespace

middleman_impl::middleman_impl(actor_system& sys, const middleman_settings& cfg)
  : sys_(sys), cfg_(checked(cfg)), tls_(make_tls_context(cfg)), types_(wire::announced_types()),
    work_(io_.get_executor()), tick_timer_(io_), shutdown_deadline_(io_), decoders_(cfg.io_thread ? cfg.workers : 0) {
  if (!cfg.memory_network.empty())
    memory_ = memory_network::get(cfg.memory_network);
}

middleman_impl::~middleman_impl() {
  stop();
}

template <class F>
auto middleman_impl::run_on_io(F f) -> decltype(f()) {
  using result = decltype(f());
  if (on_io_thread())
    return f(); // the poller's thread, without an I/O thread of its own
  auto done = std::make_shared<std::promise<result>>();
  auto fut = done->get_future();
  asio::post(io_, [done, f = std::move(f)]() mutable { done->set_value(f()); });
  return fut.get();
}

template <class F>
void middleman_impl::post_through(const std::shared_ptr<io_gate>& gate, F f) {
  std::lock_guard guard{gate->mtx};
  if (auto* self = gate->owner)
    asio::post(self->io_, [self, f = std::move(f)]() mutable { f(*self); });
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
    tick_timer_.cancel();
    for (auto& entry : published_)
      close_listener(*entry);
    published_.clear();
    // Each peer learns from a goodbye that this node goes away (not from a
    // timeout); the loop ends once every socket is closed, or at the deadline.
    auto peers = peers_;
    for (auto& p : peers)
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
  std::vector<strong_actor_ptr> left;
  {
    std::lock_guard guard{proxies_mtx_};
    for (auto& [node, ids] : proxies_)
      for (auto& [id, p] : ids)
        left.push_back(std::move(p));
    proxies_.clear();
  }
  for (auto& p : left)
    static_cast<remote_proxy*>(p->get())->kill(exit_reason::remote_link_unreachable);
  left.clear();
  if (watcher_)
    watcher_->enqueue(make_mailbox_element(nullptr, message_id{}, exit_msg{actor_addr{}, exit_reason::kill}), nullptr);
  watcher_ = nullptr;
  std::unordered_map<actor_id, export_entry> exported;
  {
    std::lock_guard guard{exported_mtx_};
    exported.swap(exported_);
  } // released outside the lock: a release may run an actor's cleanup
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
  auto p = std::make_shared<peer>(*this, std::move(stream), peer::role::acceptor, entry.handle.id(), entry.interface);
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
  asio::post(io_,
             [this, host, port, done] { dial_async(host, port, [done](result r) { done->set_value(std::move(r)); }); });
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

void middleman_impl::dial_async(const std::string& host, std::uint16_t port, dial_callback done) {
  using result = expected<std::shared_ptr<peer>>;
  auto key = host + ":" + std::to_string(port);
  if (auto known = dialed_[key].lock(); known && known->ready() && !known->closed() && !known->leaving()) {
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
    auto p = std::make_shared<peer>(*this, std::move(stream), peer::role::dialer);
    peers_.push_back(p);
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
          start_peer(byte_stream::over_tcp(std::move(*sock), tls_.get(), byte_stream::side::client));
        });
    });
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
  if (!cfg_.enable_automatic_connections || stopping_ || eps.empty() || node == sys_.node() || route_to(node))
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

namespace {

// A node that listens on many endpoints is tried on this many at most: the
// introducing peer's input waits meanwhile.
constexpr std::size_t max_introduced_dials = 4;

} // namespace

void middleman_impl::dial_introduced(const node_id& node, std::vector<wire::endpoint> eps, std::size_t i) {
  auto host = eps[i].host;
  auto port = eps[i].port;
  dial_async(host, port, [this, node, eps = std::move(eps), i](expected<std::shared_ptr<peer>> r) mutable {
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

void middleman_impl::direct_attempt_ended(const node_id& node, bool connected) {
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

std::vector<node_id> middleman_impl::connected_nodes() {
  return run_on_io([this] {
    std::vector<node_id> out;
    for (auto& [node, p] : routes_)
      if (auto locked = p.lock(); locked && locked->ready() && !locked->closed())
        out.push_back(node);
    return out;
  });
}

std::size_t middleman_impl::queued_bytes(const node_id& node) {
  return run_on_io([&]() -> std::size_t {
    auto i = routes_.find(node);
    if (i == routes_.end())
      return 0;
    auto p = i->second.lock();
    return p ? p->queued_bytes() : 0;
  });
}

std::size_t middleman_impl::proxy_count() {
  std::lock_guard guard{proxies_mtx_};
  std::size_t n = 0;
  for (auto& [node, ids] : proxies_)
    n += ids.size();
  return n;
}

// ---- exported actors --------------------------------------------------------------

void middleman_impl::export_actor(actor_control_block* x, const peer* via) {
  bool first = false;
  {
    std::lock_guard guard{exported_mtx_};
    auto& e = exported_[x->id()];
    if (e.actor.get() != x) {
      if (e.actor)
        exports_epoch_.fetch_add(1, std::memory_order_release);
      e = export_entry{strong_actor_ptr{x}, {}, false};
      first = true;
    }
    if (via == nullptr)
      e.published = true;
    else if (std::find(e.peers.begin(), e.peers.end(), via) == e.peers.end())
      e.peers.push_back(via);
  }
  if (first) {
    // Its end removes the entry and tells the peers that watch it.
    error reason;
    if (!x->get()->add_monitor(watcher_.address(), &reason))
      asio::post(io_, [this, id = x->id(), reason] { local_down(id, reason); });
  }
}

strong_actor_ptr middleman_impl::find_local(actor_id id) {
  std::lock_guard guard{exported_mtx_};
  auto i = exported_.find(id);
  if (i == exported_.end() || i->second.actor->get()->is_terminated())
    return nullptr;
  return i->second.actor;
}

void middleman_impl::watch_local(actor_id id, const std::shared_ptr<peer>& watcher) {
  // A peer that holds a proxy for a local actor hears of its end from
  // local_down. It is in the actor's entry already when the actor was
  // exported to it; a handle that came over another connection to its node
  // (one dialed twice, one that was lost) is added now. What is left is an
  // actor that is gone before the peer asked.
  error gone_reason;
  {
    std::lock_guard guard{exported_mtx_};
    auto i = exported_.find(id);
    if (i == exported_.end()) {
      gone_reason = recent_end(id); // gone already, or never exported
    } else if (auto* a = i->second.actor->get(); a->is_terminated()) {
      gone_reason = a->exit_reason_value(); // local_down is on its way, too
    } else if (auto& peers = i->second.peers; std::find(peers.begin(), peers.end(), watcher.get()) == peers.end()) {
      peers.push_back(watcher.get());
    }
  }
  if (gone_reason) {
    std::vector<std::byte> frame;
    wire::write_down(frame, id, gone_reason);
    watcher->send_down(frame, id);
  }
}

void middleman_impl::local_down(actor_id id, const error& reason) {
  std::vector<const peer*> told;
  strong_actor_ptr released; // outside the lock
  {
    std::lock_guard guard{exported_mtx_};
    auto i = exported_.find(id);
    if (i == exported_.end())
      return;
    told = std::move(i->second.peers);
    released = std::move(i->second.actor);
    exported_.erase(i);
    exports_epoch_.fetch_add(1, std::memory_order_release);
  }
  // A peer whose handshake is still under way asks with a monitor frame
  // once it made its proxy; the reason waits for it here.
  recent_ends_.emplace_back(id, reason);
  if (recent_ends_.size() > max_recent_ends)
    recent_ends_.pop_front();
  std::vector<std::byte> frame;
  wire::write_down(frame, id, reason);
  for (auto& p : peers_)
    if (std::find(told.begin(), told.end(), p.get()) != told.end() && p->ready())
      p->send_down(frame, id);
}

error middleman_impl::recent_end(actor_id id) const {
  for (auto i = recent_ends_.rbegin(); i != recent_ends_.rend(); ++i)
    if (i->first == id)
      return i->second;
  return exit_reason::unknown;
}

// ---- proxies ----------------------------------------------------------------------

strong_actor_ptr middleman_impl::proxy_for(const node_id& node, actor_id id, const std::shared_ptr<peer>& via,
                                           const std::shared_ptr<peer>& relay, const node_id& relay_hint) {
  std::shared_ptr<peer> route = via;
  if (!route)
    route = next_hop(node);
  if (!route && relay && !relay->closed()) {
    route = relay;
    relayed_routes_[node] = relay;
  }
  if (!route || route->closed())
    return nullptr; // a node this one cannot reach
  strong_actor_ptr result;
  strong_actor_ptr stale; // killed outside the lock
  bool created = false;
  {
    std::lock_guard guard{proxies_mtx_};
    auto& slot = proxies_[node][id];
    if (slot) {
      // A proxy whose connection closed (its end not yet handled) is not
      // reused: its monitors went with the connection.
      auto old_route = static_cast<remote_proxy*>(slot->get())->route();
      if (!old_route || old_route->closed())
        stale = std::move(slot);
    }
    if (!slot) {
      slot = remote_proxy::make(sys_, node, id, route);
      created = true;
    }
    result = slot;
  }
  if (stale)
    static_cast<remote_proxy*>(stale->get())->kill(exit_reason::remote_link_unreachable);
  if (created) {
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
  return result;
}

std::shared_ptr<peer> middleman_impl::route_to(const node_id& node) {
  if (auto i = routes_.find(node); i != routes_.end())
    if (auto p = i->second.lock(); p && !p->closed())
      return p;
  return nullptr;
}

std::shared_ptr<peer> middleman_impl::next_hop(const node_id& node) {
  if (auto p = route_to(node))
    return p;
  if (auto i = relayed_routes_.find(node); i != relayed_routes_.end())
    if (auto p = i->second.lock(); p && !p->closed())
      return p;
  return nullptr;
}

void middleman_impl::learn_route(const node_id& node, const std::shared_ptr<peer>& p) {
  if (node == sys_.node() || next_hop(node))
    return; // a route that works is kept: messages between two actors keep their order
  relayed_routes_[node] = p;
}

void middleman_impl::take_route_hint(wire::route_hint hint, const std::shared_ptr<peer>& from) {
  if (hint.target == sys_.node() || hint.via == sys_.node() || next_hop(hint.target))
    return;
  auto next = next_hop(hint.via);
  if (!next || next == from)
    return; // no way there that does not lead back
  relayed_routes_[hint.target] = next;
  if (next->node() != hint.via && hint.ttl > 0) {
    // The next node may not know the way either.
    --hint.ttl;
    std::vector<std::byte> frame;
    wire::write_route_hint(frame, hint);
    next->send_frame(frame);
  }
}

void middleman_impl::relay_monitor(const node_id& node, actor_id id, const std::shared_ptr<peer>& watcher) {
  auto next = next_hop(node);
  if (!next || next.get() == watcher.get()) {
    std::vector<std::byte> frame;
    wire::write_down(frame, id, error{exit_reason::remote_link_unreachable, "no route to that node"}, node);
    watcher->send_down(frame, id);
    return;
  }
  // This node's own proxy watches the actor; its down reaches the watcher.
  proxy_for(node, id, next);
  relay_watchers_[remote_actor_key{node, id}].push_back(watcher);
}

void middleman_impl::notify_relay_watchers(const node_id& node, actor_id id, const error& reason) {
  auto i = relay_watchers_.find(remote_actor_key{node, id});
  if (i == relay_watchers_.end())
    return;
  auto watchers = std::move(i->second);
  relay_watchers_.erase(i);
  std::vector<std::byte> frame;
  wire::write_down(frame, id, reason, node);
  for (auto& w : watchers)
    if (auto p = w.lock(); p && !p->closed())
      p->send_down(frame, id);
}

strong_actor_ptr middleman_impl::proxy_on_io(const node_id& node, actor_id id, std::shared_ptr<peer> via) {
  return run_on_io([&, this]() -> strong_actor_ptr {
    // A connection that was dialed twice to one node says goodbye: its
    // published actor is reached over the connection the node keeps.
    auto route = via->closed() || via->leaving() ? route_to(node) : via;
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
  strong_actor_ptr p;
  {
    std::lock_guard guard{proxies_mtx_};
    if (auto i = proxies_.find(node); i != proxies_.end())
      if (auto j = i->second.find(id); j != i->second.end()) {
        if (from && reason == exit_reason::remote_link_unreachable
            && !static_cast<remote_proxy*>(j->second->get())->routes_through(from))
          return; // a route it no longer takes; its own route reports its end
        p = std::move(j->second);
        i->second.erase(j);
      }
  }
  if (p)
    static_cast<remote_proxy*>(p->get())->kill(reason);
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
      if (other != p && other->dialed() && other->ready() && !other->closed() && !other->leaving()
          && other->node() == p->node()) {
        p->say_goodbye();
        return;
      }
    p->send_heartbeat();
  }
  auto& route = routes_[p->node()];
  if (auto current = route.lock(); !current || current->closed())
    route = p;
  {
    std::lock_guard guard{nodes_mtx_};
    connected_.insert(p->node());
  }
  TROUPE_LOG_INFO(log_component, "connected to " << to_string(p->node()) << " at " << p->remote_endpoint_text());
  move_routed_proxies(p->node());
}

void middleman_impl::move_routed_proxies(const node_id& node) {
  auto direct = route_to(node);
  if (!direct)
    return;
  std::vector<strong_actor_ptr> moving;
  {
    std::lock_guard guard{proxies_mtx_};
    if (auto i = proxies_.find(node); i != proxies_.end())
      for (auto& [id, x] : i->second)
        if (static_cast<remote_proxy*>(x->get())->movable())
          moving.push_back(x);
  }
  for (auto& x : moving) {
    auto token = next_move_token_++;
    static_cast<remote_proxy*>(x->get())->begin_move(direct, token);
    send_move_marker(std::move(x), token);
  }
}

void middleman_impl::send_move_marker(strong_actor_ptr proxy, std::uint64_t token) {
  auto* p = static_cast<remote_proxy*>(proxy->get());
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
  strong_actor_ptr x;
  {
    std::lock_guard guard{proxies_mtx_};
    if (auto i = proxies_.find(node); i != proxies_.end())
      if (auto j = i->second.find(id); j != i->second.end())
        x = j->second;
  }
  if (x)
    static_cast<remote_proxy*>(x->get())->finish_move(token);
}

void middleman_impl::kept_by_dialer(const std::shared_ptr<peer>& p) {
  std::vector<std::shared_ptr<peer>> stale;
  for (const auto& other : peers_)
    if (other != p && !other->dialed() && other->ready() && !other->closed() && other->node() == p->node())
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
  release_exports_of(p);
  if (!p->ready())
    return;
  kill_relayed_proxies(p);
  auto i = routes_.find(p->node());
  if (i == routes_.end() || i->second.lock().get() != p) {
    kill_proxies_bound_to(p, {p->node()});
    return;
  }
  routes_.erase(i);
  // A direct connection made after an introduction is made again after a
  // while, not at once: the node may be gone for good.
  if (auto a = direct_attempts_.find(p->node()); a != direct_attempts_.end())
    a->second.not_before = std::chrono::steady_clock::now() + cfg_.automatic_connection_retry;
  // Another connection to the same node takes over, if there is one.
  for (auto& other : peers_)
    if (other->ready() && !other->closed() && other->node() == p->node()) {
      routes_[p->node()] = other;
      kill_proxies_bound_to(p, {p->node()});
      return;
    }
  std::vector<actor_addr> observers;
  {
    std::lock_guard guard{nodes_mtx_};
    connected_.erase(p->node());
    if (auto j = node_observers_.find(p->node()); j != node_observers_.end()) {
      observers = std::move(j->second);
      node_observers_.erase(j);
    }
  }
  for (auto& o : observers)
    if (auto x = o.lock())
      x->get()->enqueue(make_mailbox_element(nullptr, message_id{},
                                             node_down_msg{p->node(), error{exit_reason::remote_link_unreachable}}),
                        nullptr);
  std::vector<strong_actor_ptr> dead;
  {
    std::lock_guard guard{proxies_mtx_};
    if (auto j = proxies_.find(p->node()); j != proxies_.end()) {
      for (auto& [id, x] : j->second)
        dead.push_back(std::move(x));
      proxies_.erase(j);
    }
  }
  kill_unreachable(dead);
}

void middleman_impl::kill_relayed_proxies(const peer* p) {
  std::vector<node_id> lost;
  for (auto i = relayed_routes_.begin(); i != relayed_routes_.end();) {
    auto route = i->second.lock();
    if (!route || route.get() == p) {
      lost.push_back(i->first);
      i = relayed_routes_.erase(i);
    } else {
      ++i;
    }
  }
  kill_proxies_bound_to(p, lost);
}

void middleman_impl::kill_proxies_bound_to(const peer* p, const std::vector<node_id>& nodes) {
  std::vector<strong_actor_ptr> dead;
  {
    std::lock_guard guard{proxies_mtx_};
    for (const auto& node : nodes)
      if (auto j = proxies_.find(node); j != proxies_.end()) {
        for (auto k = j->second.begin(); k != j->second.end();) {
          if (static_cast<remote_proxy*>(k->second->get())->routes_through(p)) {
            dead.push_back(std::move(k->second));
            k = j->second.erase(k);
          } else {
            ++k;
          }
        }
        if (j->second.empty())
          proxies_.erase(j);
      }
  }
  kill_unreachable(dead);
}

void middleman_impl::kill_unreachable(std::vector<strong_actor_ptr>& dead) {
  for (auto& x : dead) {
    static_cast<remote_proxy*>(x->get())->kill(exit_reason::remote_link_unreachable);
    notify_relay_watchers(x->node(), x->id(), exit_reason::remote_link_unreachable);
  }
}

void middleman_impl::release_exports_of(const peer* p) {
  std::vector<strong_actor_ptr> released; // destroyed outside the lock
  std::lock_guard guard{exported_mtx_};
  for (auto i = exported_.begin(); i != exported_.end();) {
    auto& peers = i->second.peers;
    std::erase(peers, p);
    if (peers.empty() && !i->second.published) {
      released.push_back(std::move(i->second.actor));
      i = exported_.erase(i);
      exports_epoch_.fetch_add(1, std::memory_order_release);
    } else {
      ++i;
    }
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
  auto now = this->now();
  auto peers = peers_;
  for (auto& p : peers)
    p->on_tick(now);
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
