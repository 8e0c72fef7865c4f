// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/cluster/module.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <optional>
#include <stdexcept>
#include <utility>

#include "endpoint.hpp"
#include "member_monitors.hpp"
#include "membership_service.hpp"
#include "troupe/actor_registry.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/detail/system_thread.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/log.hpp"
#include "troupe/net/middleman.hpp"
#include "troupe/send.hpp"

namespace troupe {

// Declared by the core (actor_system.hpp), defined here: only programs that
// link troupe::cluster can ask for it.
cluster::module& actor_system::cluster() {
  auto* m = find_module(actor_system_module::cluster_module);
  if (m == nullptr)
    throw std::logic_error("troupe: actor_system::cluster() needs cfg.load<cluster::module>()");
  return static_cast<cluster::module&>(*m);
}

} // namespace troupe

namespace troupe::cluster {

namespace {

using watch_atom = atom_constant<atom("cl_watch")>;

// Where the others reach a node that listens at `listen`: its host name when it listens on every interface.
endpoint advertised(endpoint listen) {
  if (listen.host.empty() || listen.host == "0.0.0.0" || listen.host == "::") {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) == 0)
      listen.host = name;
  }
  return listen;
}

} // namespace

// The members as this node knows them, and who hears of changes; shared by the module and its watcher actor.
struct membership {
  std::mutex mtx;
  std::vector<member> members;
  std::vector<bool> watched; // by rank: the watcher monitors the member's node
  std::vector<actor> subscribers;
  bool abort_on_loss = false;
  member_monitors* monitors = nullptr; // with the membership protocol: self->monitor(member) of its members
  // Tells the network layer that a member's node is gone: a parked connection to it is not made again.
  std::function<void(const node_id&)> forget_node;

  // The member on `node` is lost (its connection broke): marks it down and tells the subscribers.
  void lost(const node_id& node, const error& reason) {
    std::optional<std::uint32_t> id;
    {
      std::lock_guard guard{mtx};
      for (auto& m : members)
        if (m.node == node && m.node)
          id = m.id;
    }
    if (id)
      change(*id, member_state::down, std::nullopt, reason);
  }

  // What the membership protocol now believes of member `id`.
  void protocol_changed(const swim::event& e) {
    static const error silent{sec::request_timeout, "the member stopped answering the membership protocol's probes"};
    switch (e.now) {
      case swim::status::alive:
        change(e.who, member_state::up, e.incarnation, error{});
        break;
      case swim::status::suspect:
        change(e.who, member_state::suspect, e.incarnation, error{});
        break;
      case swim::status::dead:
        change(e.who, member_state::down, e.incarnation, silent);
        break;
      case swim::status::left:
        change(e.who, member_state::left, e.incarnation, error{});
        break;
    }
  }

  // Member `id` is now `to`: records it and tells the subscribers (or, for a loss, maybe ends the process).
  void change(std::uint32_t id, member_state to, std::optional<std::uint64_t> incarnation, const error& reason) {
    member now;
    std::vector<actor> tell;
    std::function<void(const node_id&)> forget;
    {
      std::lock_guard guard{mtx};
      if (id >= members.size())
        return;
      auto& m = members[id];
      bool final = m.state == member_state::down || m.state == member_state::left;
      // A loss is reported once; only the protocol brings a member back, with a higher incarnation.
      if (m.state == to || (final && !(to == member_state::up && incarnation && *incarnation > m.incarnation)))
        return;
      if (final) {
        // A process that came back at the member's endpoint: another actor system, found as it is reached.
        m.node = node_id{};
        watched[id] = false;
      }
      m.state = to;
      if (incarnation)
        m.incarnation = *incarnation;
      now = m;
      tell = subscribers;
      forget = forget_node;
    }
    if (now.node && (to == member_state::down || to == member_state::left)) {
      if (monitors != nullptr)
        monitors->lost(now.node,
                       to == member_state::left ? error{exit_reason::normal, "the member left the cluster"} : reason);
      if (forget)
        forget(now.node);
    }
    if (to == member_state::down && abort_on_loss) {
      TROUPE_LOG_ERROR("cluster", "member " << to_string(now) << " lost (" << to_string(reason)
                                            << "); cluster.on-member-loss=abort ends this process");
      std::abort();
    }
    // At the end of a job every rank sees the others go: not worth a warning.
    TROUPE_LOG_INFO("cluster", "member " << to_string(now) << (reason ? ": " + to_string(reason) : std::string{}));
    for (auto& s : tell) {
      switch (to) {
        case member_state::up:
          anon_send(s, member_up{now});
          break;
        case member_state::suspect:
          anon_send(s, member_suspect{now});
          break;
        case member_state::down:
          anon_send(s, member_down{now, reason});
          break;
        case member_state::left:
          anon_send(s, member_left{now});
          break;
      }
    }
  }
};

void module::add_options(actor_system_config& cfg, settings& s) {
  cfg.add_option("cluster.discovery", s.discovery,
                 "how a node finds the others: launcher (the job's ranks, through PMIx under mpirun or srun "
                 "--mpi=pmix), static (cluster.static.members), etcd (cluster.etcd.*) or dns (cluster.dns.*)");
  cfg.add_option("cluster.endpoint", s.endpoint,
                 "HOST:PORT where this node listens and the others reach it (port 0 picks one; host 0.0.0.0: every "
                 "interface, reached by the host name); static mode finds the node in the list by it");
  cfg.add_option("cluster.rendezvous", s.rendezvous,
                 "HOST:PORT where rank 0 meets the others under a launcher without PMIx (default: the first host of "
                 "a Slurm step, else 127.0.0.1, at a port derived from the job)");
  cfg.add_option("cluster.static.members", s.static_members, "HOST:PORT,... of every member, in rank order");
  cfg.add_option("cluster.etcd.endpoints", s.etcd_endpoints,
                 "http://HOST:PORT,... of etcd's HTTP/JSON gateway (the next is tried when one does not answer)");
  cfg.add_option("cluster.etcd.prefix", s.etcd_prefix, "the etcd key prefix under which the members register");
  cfg.add_option("cluster.etcd.lease", s.etcd_lease, "how long a member's etcd registration outlives its last renewal");
  cfg.add_option("cluster.dns.name", s.dns_name,
                 "the name whose SRV records (else A and AAAA records, at this node's port) list the members");
  cfg.add_option("cluster.dns.server", s.dns_server, "ADDRESS:PORT of the DNS server to ask (default: the system's)");
  cfg.add_option("cluster.discovery-interval", s.discovery_interval,
                 "how often a provider whose members change (etcd, dns) is asked again");
  cfg.add_option("cluster.on-member-loss", s.on_member_loss,
                 "abort (the process ends when a member is lost, as an MPI job does) or continue");
  cfg.add_option("cluster.membership", s.membership,
                 "swim (the membership protocol watches every member over UDP at its endpoint's port) or "
                 "connections (only the members this node is connected to)");
  cfg.add_option("cluster.probe-interval", s.probe_interval, "how often the membership protocol probes a member");
  cfg.add_option("cluster.suspicion-timeout", s.suspicion_timeout,
                 "how long a suspected member has to refute before it is declared down (twice as long unconfirmed)");
  cfg.add_option("cluster.max-connections", s.max_connections,
                 "open data connections kept at most: the least recently used quiet ones are parked (0: no limit)");
  cfg.add_option("cluster.idle-timeout", s.idle_timeout,
                 "a data connection that carried no message for this long is parked, and made again on use (0: never)");
  cfg.add_option("cluster.formation-timeout", s.formation_timeout,
                 "how long the system's start waits for the other members");
}

std::unique_ptr<actor_system_module> module::make(actor_system& sys, const settings& s) {
  if (s.on_member_loss != "abort" && s.on_member_loss != "continue")
    throw std::invalid_argument("cluster.on-member-loss=" + s.on_member_loss + ": abort or continue");
  if (s.membership != "swim" && s.membership != "connections")
    throw std::invalid_argument("cluster.membership=" + s.membership + ": swim or connections");
  if (s.probe_interval.count() <= 0 || s.suspicion_timeout.count() <= 0 || s.discovery_interval.count() <= 0)
    throw std::invalid_argument(
      "cluster.probe-interval, cluster.suspicion-timeout and cluster.discovery-interval must be positive");
  if (auto ep = parse_endpoint(s.endpoint); !ep)
    throw std::invalid_argument("cluster.endpoint: " + to_string(ep.error()));
  auto provider = make_discovery(s);
  if (!provider)
    throw std::invalid_argument(to_string(provider.error()));
  return std::make_unique<module>(sys, s, std::move(*provider));
}

module::module(actor_system& sys, const settings& s, std::unique_ptr<discovery> provider) :sys_(sys), settings_(s),
  provider_(std::move(provider)), membership_(std::make_shared<membership>()) {
  membership_->abort_on_loss = s.on_member_loss == "abort";
}

module::~module() {
  stop_refreshing();
}

void module::start() {
  if (sys_.find_module(actor_system_module::middleman) == nullptr)
    throw std::runtime_error("cluster: the cluster module needs cfg.load<net::middleman>() before it");
  auto listen = parse_endpoint(settings_.endpoint);
  // Reusing the address lets a member that restarts listen at its endpoint while its old connections linger.
  auto port = sys_.middleman().open(listen->port, listen->host.c_str(), true);
  if (!port)
    throw std::runtime_error("cluster: cannot listen at " + settings_.endpoint + ": " + to_string(port.error()));
  port_ = *port;
  // Data connections open on first use and are parked when idle, or when
  // more than cluster.max-connections are open; the membership protocol
  // watches the members meanwhile. (Members judged by their connections keep
  // them.)
  auto& mm = sys_.middleman();
  if (settings_.membership == "swim")
    mm.set_connection_limits(settings_.max_connections != 0 ? settings_.max_connections : mm.config().max_connections,
                             settings_.idle_timeout.count() != 0 ? settings_.idle_timeout : mm.config().idle_timeout);
  {
    std::lock_guard guard{membership_->mtx};
    membership_->forget_node = [&mm](const node_id& node) { mm.forget_node(node); };
  }
  auto here = advertised(*listen);
  here.port = port_;
  auto formed = provider_->form(to_string(here), sys_.node(), settings_.formation_timeout);
  if (!formed)
    throw std::runtime_error("cluster: " + to_string(formed.error()));
  rank_ = formed->self;
  auto size = static_cast<std::uint32_t>(formed->members.size());
  {
    std::lock_guard guard{membership_->mtx};
    membership_->members = std::move(formed->members);
    membership_->watched.assign(size, false);
    membership_->watched[rank_] = true; // this node does not watch itself
    size_.store(size, std::memory_order_relaxed);
  }
  if (settings_.membership == "swim") {
    // The protocol judges the members: self->monitor(member) hears its verdicts, not the connections'.
    monitors_ = std::make_unique<member_monitors>(sys_.node_monitors(), [m = membership_](const node_id& node) {
      std::lock_guard guard{m->mtx};
      for (const auto& x : m->members)
        if (x.node == node)
          return std::optional<member_state>{x.state};
      return std::optional<member_state>{};
    });
    membership_->monitors = monitors_.get();
    start_protocol(listen->host, formed->cluster_name);
    sys_.set_node_monitor_service(monitors_.get());
  }
  if (provider_->dynamic()) {
    refresher_ = std::thread{[this] {
      detail::set_thread_system(&sys_);
      refresh_loop();
    }};
    provider_->watch([this] { nudge(); }); // a change it sees is listed at once
  }
  watcher_ = sys_.spawn<hidden>([m = membership_](event_based_actor* self) {
    return behavior{
      [self](watch_atom, const node_id& node) { self->monitor(node); },
      [m](const node_down_msg& down) { m->lost(down.node, down.reason); },
    };
  });
  TROUPE_LOG_INFO("cluster",
                  "rank " << rank_ << " of " << size_ << " at " << to_string(here) << " (" << provider_->name() << ")");
}

void module::start_protocol(const std::string& listen_host, const std::string& cluster_name) {
  swim::config cfg;
  cfg.probe_interval = settings_.probe_interval;
  cfg.probe_timeout = settings_.probe_interval * 2 / 5;
  cfg.suspicion_min = settings_.suspicion_timeout;
  cfg.suspicion_max = settings_.suspicion_timeout * 2;
  std::vector<std::string> endpoints;
  for (const auto& m : membership_->members)
    endpoints.push_back(m.endpoint);
  auto key = cluster_name.empty() ? cluster_key(endpoints) : cluster_key(cluster_name);
  // The clock's milliseconds: a process that restarts at the endpoint of a member declared dead comes back with
  // a higher incarnation than the one the others knew.
  auto incarnation = static_cast<std::uint64_t>(
    std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count());
  auto on_event = [m = membership_](const swim::event& e) { m->protocol_changed(e); };
  // A datagram from a member this node was not told of: one that joined since the last refresh, so refresh now.
  auto on_stranger = [this] { nudge(); };
  protocol_ = std::make_unique<membership_service>(std::move(endpoints), rank_, key, incarnation, cfg,
                                                   std::move(on_event), std::move(on_stranger));
  if (auto err = protocol_->start(listen_host, &sys_)) {
    protocol_.reset();
    provider_->leave();
    throw std::runtime_error(to_string(err));
  }
}

std::uint64_t module::dropped_packets() const noexcept {
  return protocol_ ? protocol_->dropped() : 0;
}

void module::nudge() {
  {
    std::lock_guard guard{refresh_mtx_};
    nudged_ = true;
  }
  refresh_cv_.notify_all();
}

void module::stop_refreshing() {
  if (provider_)
    provider_->stop_watching();
  if (refresher_.joinable()) {
    {
      std::lock_guard guard{refresh_mtx_};
      stopping_ = true;
    }
    refresh_cv_.notify_all();
    refresher_.join();
  }
}

void module::refresh_loop() {
  bool reachable = true;
  // Nudges (a watch's change, datagrams from members not named yet) bring a refresh sooner, but refreshes stay
  // a tenth of the interval apart, and half a second at most: a storm of nudges costs the provider little.
  auto least = std::min<std::chrono::nanoseconds>(settings_.discovery_interval / 10, std::chrono::milliseconds{500});
  auto last = std::chrono::steady_clock::now(); // the formation listed the members
  std::unique_lock guard{refresh_mtx_};
  for (;;) {
    refresh_cv_.wait_until(guard, last + settings_.discovery_interval, [this] { return stopping_ || nudged_; });
    refresh_cv_.wait_until(guard, last + least, [this] { return stopping_; });
    if (stopping_)
      return;
    last = std::chrono::steady_clock::now();
    nudged_ = false;
    guard.unlock();
    auto listed = provider_->refresh();
    if (listed) {
      if (!reachable)
        TROUPE_LOG_INFO("cluster", "cluster.discovery=" << provider_->name() << " answers again");
      reachable = true;
      merge(*listed);
    } else {
      failed_refreshes_.fetch_add(1, std::memory_order_relaxed);
      if (reachable)
        TROUPE_LOG_WARNING("cluster", "cluster.discovery=" << provider_->name() << " cannot be asked ("
                                                           << to_string(listed.error())
                                                           << "); going on with the members known so far");
      reachable = false;
    }
    guard.lock();
  }
}

void module::merge(const std::vector<std::string>& listed) {
  for (const auto& endpoint : listed) {
    member joined;
    std::vector<actor> tell;
    {
      std::lock_guard guard{membership_->mtx};
      auto& ms = membership_->members;
      if (std::any_of(ms.begin(), ms.end(), [&](const member& m) { return m.endpoint == endpoint; }))
        continue;
      joined.id = static_cast<std::uint32_t>(ms.size());
      joined.endpoint = endpoint;
      ms.push_back(joined);
      membership_->watched.push_back(false);
      size_.store(static_cast<std::uint32_t>(ms.size()), std::memory_order_relaxed);
      tell = membership_->subscribers;
    }
    // The protocol numbers its members as the module does: in the order they are added, here only.
    if (protocol_)
      if (auto err = protocol_->add_member(endpoint))
        TROUPE_LOG_WARNING("cluster", "member " << endpoint << ": " << to_string(err));
    TROUPE_LOG_INFO("cluster", "member " << to_string(joined) << " joined");
    for (auto& s : tell)
      anon_send(s, member_up{joined});
  }
}

void module::stop() {
  stop_refreshing();
  if (monitors_)
    sys_.set_node_monitor_service(monitors_->inner()); // kept until the module goes: a caller may still be in it
  if (protocol_) {
    protocol_->stop(); // the others hear that this member leaves
    protocol_.reset();
  }
  provider_->leave();
  if (watcher_)
    anon_send_exit(watcher_, exit_reason::user_shutdown);
  watcher_ = nullptr;
  std::lock_guard guard{membership_->mtx};
  membership_->subscribers.clear();
  membership_->forget_node = nullptr;
}

std::vector<member> module::members() const {
  std::lock_guard guard{membership_->mtx};
  return membership_->members;
}

expected<member> module::member_at(std::uint32_t r) const {
  std::lock_guard guard{membership_->mtx};
  if (r >= membership_->members.size())
    return error{sec::invalid_argument,
                 "rank " + std::to_string(r) + " of a cluster of " + std::to_string(membership_->members.size())};
  return membership_->members[r];
}

expected<node_id> module::reach(std::uint32_t r) {
  auto m = member_at(r);
  if (!m)
    return m.error();
  auto ep = parse_endpoint(m->endpoint);
  if (!ep)
    return ep.error();
  auto node = sys_.middleman().connect(ep->host, ep->port);
  if (!node)
    return node.error();
  bool watch = false;
  {
    std::lock_guard guard{membership_->mtx};
    auto& known = membership_->members[r];
    // In job mode an endpoint belongs to one process for the job's life; a service's member may restart there.
    if (known.node && known.node != *node && !provider_->dynamic())
      return error{sec::invalid_argument, "rank " + std::to_string(r) + " at " + known.endpoint
                                            + " is another node than the one the cluster formed with"};
    known.node = *node;
    // The membership protocol, when it runs, is the one judge of a member: a connection that breaks is a data
    // path that failed, not a verdict.
    watch = !membership_->watched[r] && settings_.membership == "connections";
    membership_->watched[r] = true;
  }
  if (watch)
    anon_send(watcher_, watch_atom::value, *node);
  return *node;
}

expected<actor> module::lookup(std::uint32_t r, const std::string& name) {
  if (r == rank_) {
    if (auto h = sys_.registry().get(name))
      return h;
    return error{sec::invalid_argument, "no actor registered as '" + name + "' on rank " + std::to_string(r)};
  }
  auto node = reach(r);
  if (!node)
    return node.error();
  return sys_.middleman().remote_lookup(name, *node);
}

void module::subscribe_impl(actor who) {
  if (!who)
    return;
  std::vector<member> up;
  {
    std::lock_guard guard{membership_->mtx};
    membership_->subscribers.push_back(who);
    for (auto& m : membership_->members)
      if (m.state == member_state::up)
        up.push_back(m);
  }
  for (auto& m : up)
    anon_send(who, member_up{m});
}

void module::unsubscribe_impl(const actor_addr& who) {
  std::lock_guard guard{membership_->mtx};
  std::erase_if(membership_->subscribers, [&](const actor& s) { return s.address() == who; });
}

} // namespace troupe::cluster
