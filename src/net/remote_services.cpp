// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "remote_services.hpp"

#include <charconv>
#include <exception>
#include <utility>

#include "interface_text.hpp"
#include "log_component.hpp"
#include "peer.hpp"
#include "peer_owner.hpp"
#include "remote_group.hpp"
#include "routing_table.hpp"
#include "service_wire.hpp"
#include "troupe/actor_factory.hpp"
#include "troupe/actor_registry.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/group_manager.hpp"
#include "troupe/log.hpp"
#include "troupe/net/interface_signature.hpp"
#include "troupe/net/middleman_settings.hpp"
#include "troupe/serialization/message_codec.hpp"

namespace troupe::net {

namespace {

// Stands for a local group towards other nodes: a message to it goes to every
// member at once, on the thread that delivers it (the I/O thread), so that it
// keeps its place among the joins and leaves of the same connection. It runs
// no behavior of its own; its mailbox stays empty.
class group_intermediary final : public event_based_actor {
public:
  group_intermediary(actor_config& cfg, group g) : event_based_actor(cfg), group_(std::move(g)) {}

  bool enqueue(mailbox_element_ptr e, execution_unit* ctx) override {
    if (is_terminated()) {
      bounce(std::move(e), sec::request_receiver_down, ctx);
      return false;
    }
    group_->enqueue(e->sender, e->mid, e->content, ctx);
    return true;
  }

  behavior make_behavior() override {
    return {[](int) {}}; // never runs: only keeps the actor from ending by itself
  }

  const char* name() const override { return "group_intermediary"; }

private:
  group group_;
};

} // namespace

remote_services::remote_services(const services_context& ctx) : ctx_(ctx) {}

remote_services::~remote_services() = default;

// ---- the requesting side ------------------------------------------------------------

expected<remote_services::found> remote_services::call(const node_id& node, std::chrono::nanoseconds timeout,
                                                       request_writer write) {
  auto id = next_request_.fetch_add(1, std::memory_order_relaxed);
  auto slot = std::make_shared<reply_slot>();
  auto answer = slot->get_future();
  {
    std::lock_guard guard{pending_mtx_};
    pending_.emplace(id, pending_request{node, std::move(slot)});
  }
  asio::post(ctx_.io, [this, node, id, write = std::move(write)] {
    auto p = ctx_.routes.direct(node);
    if (!p) {
      finish(id, node, error{sec::cannot_connect_to_node, "no connection to node " + to_string(node)});
      return;
    }
    std::vector<std::byte> frame;
    if (auto err = write(frame, id, *p)) {
      finish(id, node, err);
      return;
    }
    p->send_frame(frame);
  });
  // A node without an I/O thread runs the network here until the answer came.
  auto answered = [&] { return answer.wait_for(std::chrono::seconds{0}) == std::future_status::ready; };
  bool ready = ctx_.host.driven_here() ? ctx_.host.drive_until(answered, timeout)
                                       : answer.wait_for(timeout) == std::future_status::ready;
  if (!ready) {
    std::lock_guard guard{pending_mtx_};
    pending_.erase(id);
    return error{sec::request_timeout, "node " + to_string(node) + " did not answer in time"};
  }
  return answer.get();
}

void remote_services::finish(std::uint64_t id, const node_id& from, expected<found> result) {
  std::shared_ptr<reply_slot> slot;
  {
    std::lock_guard guard{pending_mtx_};
    auto i = pending_.find(id);
    if (i == pending_.end() || i->second.node != from)
      return; // timed out already, or not this node's to answer
    slot = std::move(i->second.slot);
    pending_.erase(i);
  }
  slot->set_value(std::move(result));
}

expected<actor> remote_services::lookup(const node_id& node, const std::string& name) {
  auto x = call(node, ctx_.config.connect_timeout, [name](std::vector<std::byte>& frame, std::uint64_t id, peer&) {
    wire::write_lookup_request(frame, wire::lookup_request{id, wire::lookup_kind::actor, name});
    return error{};
  });
  if (!x)
    return x.error();
  return std::move(x->handle);
}

expected<remote_services::found> remote_services::spawn(const node_id& node, const std::string& type,
                                                        const message& args,
                                                        std::vector<std::string> expected_interface,
                                                        std::chrono::nanoseconds timeout) {
  return call(
    node, timeout,
    [type, args, ifs = std::move(expected_interface)](std::vector<std::byte>& frame, std::uint64_t id, peer& p) {
      auto start = wire::begin_spawn_request(frame, wire::spawn_request{id, type, ifs});
      // Arguments that cannot cross (a type not announced) fail here, before anything is sent.
      if (auto err = serialize(args, frame, &p))
        return err;
      wire::finish_frame(frame, start);
      return error{};
    });
}

expected<group> remote_services::find_remote_group(const std::string& identifier) {
  auto at = identifier.rfind('@');
  auto colon = identifier.rfind(':');
  std::uint16_t port = 0;
  if (at == std::string::npos || at == 0 || colon == std::string::npos || colon < at + 2
      || std::from_chars(identifier.data() + colon + 1, identifier.data() + identifier.size(), port).ec != std::errc{}
      || port == 0)
    return error{sec::invalid_argument, "a remote group reads name@host:port, not '" + identifier + "'"};
  auto name = identifier.substr(0, at);
  auto host = identifier.substr(at + 1, colon - at - 1);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2); // [::1]
  auto p = ctx_.host.dial(host, port);
  if (!p)
    return p.error();
  auto x =
    call((*p)->node(), ctx_.config.connect_timeout, [name](std::vector<std::byte>& frame, std::uint64_t id, peer&) {
      wire::write_lookup_request(frame, wire::lookup_request{id, wire::lookup_kind::group, name});
      return error{};
    });
  if (!x)
    return x.error();
  return group{std::make_shared<remote_group>(identifier, std::move(x->handle), x->via)};
}

// ---- the serving side -----------------------------------------------------------------

error remote_services::handle(peer& p, wire::frame_kind kind, std::span<const std::byte> body) {
  switch (kind) {
    case wire::frame_kind::lookup_request:
      return serve_lookup(p, body);
    case wire::frame_kind::spawn_request:
      return serve_spawn(p, body);
    case wire::frame_kind::lookup_response:
    case wire::frame_kind::spawn_response:
      return take_response(p, body);
    case wire::frame_kind::group_join:
    case wire::frame_kind::group_leave:
      return serve_membership(p, kind, body);
    default:
      return error{sec::malformed_message, "not a service frame"};
  }
}

error remote_services::serve_lookup(peer& p, std::span<const std::byte> body) {
  auto req = wire::read_lookup_request(body);
  if (!req)
    return req.error();
  auto& sys = ctx_.system;
  wire::service_response r;
  r.request_id = req->request_id;
  actor result;
  if (req->what == wire::lookup_kind::actor) {
    result = sys.registry().get(req->name);
    if (!result)
      r.reason =
        error{sec::invalid_argument, "no actor is registered as '" + req->name + "' on node " + to_string(sys.node())};
    else if (result.node() != sys.node())
      r.reason = error{sec::invalid_argument, "'" + req->name + "' names a proxy for an actor of another node"};
  } else if (!groups_exported_.load(std::memory_order_acquire)) {
    r.reason =
      error{sec::unsupported_operation, "node " + to_string(sys.node()) + " does not publish its local groups"};
  } else {
    result = intermediary_for(req->name);
  }
  if (!r.reason && !result)
    r.reason = error{sec::system_shutdown, "the actor system is shutting down"};
  if (!r.reason) {
    p.exporting(result.ctrl()); // the peer may address it from now on
    r.actor = result.id();
  }
  std::vector<std::byte> frame;
  wire::write_service_response(frame, wire::frame_kind::lookup_response, r);
  p.send_frame(frame);
  return error{};
}

error remote_services::serve_spawn(peer& p, std::span<const std::byte> body) {
  std::span<const std::byte> payload;
  auto req = wire::read_spawn_request(body, payload);
  if (!req)
    return req.error();
  auto& sys = ctx_.system;
  wire::service_response r;
  r.request_id = req->request_id;
  const auto* factory = sys.config().actor_type(req->type);
  if (factory == nullptr) {
    r.reason = error{sec::invalid_argument,
                     "no actor type named '" + req->type + "' on node " + to_string(sys.node()) + " (add_actor_type)"};
  } else {
    r.interface = interface_text(factory->interface);
    const auto& wanted = req->expected_interface;
    if (!wanted.empty() && r.interface.empty())
      r.reason =
        error{sec::unexpected_actor_messaging_interface, "actor type '" + req->type + "' is dynamically typed"};
    else if (!interface_fits(r.interface, wanted))
      r.reason = error{sec::unexpected_actor_messaging_interface,
                       "actor type '" + req->type + "' lacks " + missing_signatures(r.interface, wanted)};
  }
  if (!r.reason) {
    auto args = deserialize(payload, &p);
    if (!args) {
      r.reason = args.error();
    } else {
      try {
        auto spawned = spawn_by_name(sys, req->type, *args);
        if (!spawned) {
          r.reason = spawned.error();
        } else {
          p.exporting(spawned->ctrl()); // alive while the peer is connected, or until it quits
          r.actor = spawned->id();
        }
      } catch (const std::exception& ex) {
        r.reason = error{sec::runtime_error, "spawning '" + req->type + "' threw: " + ex.what()};
      }
    }
  }
  if (r.reason)
    TROUPE_LOG_INFO(log_component, "refused to spawn '" << req->type << "' for " << to_string(p.node()) << ": "
                                                        << to_string(r.reason));
  std::vector<std::byte> frame;
  wire::write_service_response(frame, wire::frame_kind::spawn_response, r);
  p.send_frame(frame);
  return error{};
}

error remote_services::take_response(peer& p, std::span<const std::byte> body) {
  auto r = wire::read_service_response(body);
  if (!r)
    return r.error();
  if (r->reason) {
    finish(r->request_id, p.node(), r->reason);
    return error{};
  }
  auto proxy = ctx_.proxies.proxy_for(p.node(), r->actor, p.shared_from_this());
  if (!proxy)
    finish(r->request_id, p.node(), error{sec::cannot_connect_to_node, "connection lost"});
  else
    finish(r->request_id, p.node(), found{actor{std::move(proxy)}, std::move(r->interface), p.weak_from_this()});
  return error{};
}

error remote_services::serve_membership(peer& p, wire::frame_kind kind, std::span<const std::byte> body) {
  auto m = wire::read_group_membership(body);
  if (!m)
    return m.error();
  auto i = intermediary_groups_.find(m->group);
  if (i == intermediary_groups_.end())
    return error{};                             // not a group this node handed out: nothing to join
  auto member = p.resolve(p.node(), m->member); // a proxy: its end removes it
  if (!member)
    return error{};
  if (kind == wire::frame_kind::group_join)
    i->second->subscribe(actor_addr{member.get()});
  else
    i->second->unsubscribe(actor_addr{member.get()});
  return error{};
}

actor remote_services::intermediary_for(const std::string& name) {
  auto& slot = intermediaries_[name];
  if (!slot) {
    auto g = ctx_.system.groups().get_local(name);
    slot = ctx_.system.spawn<group_intermediary, hidden>(g);
    if (slot)
      intermediary_groups_.emplace(slot.id(), std::move(g));
  }
  return slot;
}

void remote_services::stop() {
  std::unordered_map<std::uint64_t, pending_request> waiting;
  {
    std::lock_guard guard{pending_mtx_};
    waiting.swap(pending_);
  }
  for (auto& [id, request] : waiting)
    request.slot->set_value(error{sec::system_shutdown, "the middleman stopped"});
  intermediary_groups_.clear();
  intermediaries_.clear();
}

} // namespace troupe::net
