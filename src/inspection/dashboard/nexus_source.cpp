// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "nexus_source.hpp"

#include <optional>

#include "troupe/actor_system.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/scoped_actor.hpp"
#include "troupe/send.hpp"

namespace troupe::inspection {

namespace {

using namespace std::chrono_literals;

// How long a page waits for the nexus (and, through it, a node).
constexpr auto nexus_answer_timeout = 3s;

// Fills the log with the events the nexus passes on. It is also the sender of
// the messages sent from the page: their answers are dropped.
behavior listen(event_based_actor* self, std::shared_ptr<event_log> log, nexus_actor nexus) {
  self->send(nexus, add_listener_atom{}, actor_cast<actor>(self));
  self->set_default_handler(drop);
  return {
    [](std::vector<node_info>&) {}, // the nodes known when it began to listen
    [](node_info&) {},              // node changes arrive as node_up / node_down events too
    [](node_statistics&) {},        // the page asks for the latest when it wants them
    [log](probe_event& e) { log->add(std::move(e)); },
  };
}

} // namespace

nexus_source::nexus_source(actor_system& sys, nexus_actor nexus, std::chrono::milliseconds interval)
  : sys_(sys), nexus_(std::move(nexus)), interval_(interval), events_(std::make_shared<event_log>()) {
  listener_ = sys_.spawn<hidden>(listen, events_, nexus_);
}

nexus_source::~nexus_source() {
  anon_send_exit(listener_, exit_reason::user_shutdown);
}

template <class T, class... Ts>
expected<T> nexus_source::ask(Ts&&... xs) {
  scoped_actor self{sys_};
  std::optional<T> out;
  error failure{sec::request_timeout, "the nexus did not answer"};
  self->request(nexus_, nexus_answer_timeout, std::forward<Ts>(xs)...)
    .receive([&](T& x) { out = std::move(x); }, [&](error& err) { failure = std::move(err); });
  if (!out)
    return failure;
  return std::move(*out);
}

std::vector<dashboard_node> nexus_source::nodes() {
  std::vector<dashboard_node> out;
  auto infos = ask<std::vector<node_info>>(list_nodes_atom{});
  if (!infos)
    throw std::runtime_error("the nexus did not answer: " + to_string(infos.error()));
  for (auto& info : *infos) {
    dashboard_node n;
    if (auto stats = ask<node_statistics>(statistics_atom{}, info.node))
      n.stats = std::move(*stats);
    n.info = std::move(info);
    out.push_back(std::move(n));
  }
  return out;
}

expected<node_snapshot> nexus_source::actors(const std::string& node) {
  return ask<node_snapshot>(list_actors_atom{}, node);
}

expected<actor_details> nexus_source::actor(const std::string& node, actor_id id) {
  return ask<actor_details>(info_atom{}, node, id);
}

expected<std::vector<std::string>> nexus_source::mailbox(const std::string& node, actor_id id) {
  return ask<std::vector<std::string>>(peek_atom{}, node, id);
}

expected<std::string> nexus_source::send(const std::string& node, actor_id id, const std::string& text) {
  return ask<std::string>(send_atom{}, node, id, text, listener_);
}

expected<std::string> nexus_source::kill(const std::string& node, actor_id id, const std::string& reason) {
  return ask<std::string>(kill_atom{}, node, id, reason);
}

} // namespace troupe::inspection
