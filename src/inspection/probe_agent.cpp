// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "probe_agent.hpp"

#include <unistd.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "troupe/actor_system.hpp"
#include "troupe/atoms.hpp"
#include "troupe/detail/cycle_count.hpp"
#include "troupe/inspection/host_statistics.hpp"
#include "troupe/inspection/nexus.hpp"
#include "troupe/inspection/node_statistics.hpp"
#include "troupe/inspection/snapshot.hpp"
#include "troupe/net/middleman.hpp"
#include "troupe/result.hpp"
#include "troupe/stateful_actor.hpp"
#include "troupe/system_messages.hpp"

#include "actor_access.hpp"
#include "reconnect_backoff.hpp"
#include "recorder/flight_recorder.hpp"
#include "worker_meter.hpp"

namespace troupe::inspection {

namespace {

using namespace std::chrono_literals;

// The most messages `peek` lists of one mailbox.
constexpr std::size_t peek_limit = 100;
// The most actors a node's statistics list as talking to other nodes.
constexpr std::size_t max_remote_actors = 16;

struct agent_state {
  agent_settings settings;
  std::shared_ptr<probe_shared> shared;
  std::shared_ptr<node_collector> collector;
  node_info self_info;
  nexus_actor nexus; // empty while there is no link
  reconnect_backoff backoff{250ms, 8s};
  host_sampler sampler;
  worker_meter workers;
  std::vector<std::string> connections; // the connected nodes at the last tick, sorted
};

using agent_pointer = stateful_actor<agent_state>*;

// A handler answers with result<T>: an expected<T> would travel as a value.
template <class T>
result<T> as_result(expected<T> x) {
  if (!x)
    return std::move(x.error());
  return std::move(*x);
}

node_info describe_node(actor_system& sys, const agent_settings& s, mirror_level level, const host_statistics& h) {
  return node_info{to_string(sys.node()), h.host, static_cast<std::uint32_t>(getpid()), h.os, s.allow_control,
                   to_string(level),      true};
}

// Connections are read at each tick: those that came and went since the last one become events.
void note_connection_changes(agent_pointer self, std::vector<std::string> now) {
  auto& st = self->state;
  auto& sink = st.shared->sink;
  for (auto& n : now)
    if (!std::binary_search(st.connections.begin(), st.connections.end(), n))
      sink.record_here(event_kind::connection_up, n);
  for (auto& n : st.connections)
    if (!std::binary_search(now.begin(), now.end(), n))
      sink.record_here(event_kind::connection_down, n);
  st.connections = std::move(now);
}

void flush_events(agent_pointer self) {
  auto& st = self->state;
  if (!st.nexus)
    return; // they wait in the bounded buffer until there is a link
  for (auto& ev : st.shared->events.take())
    self->send(st.nexus, std::move(ev));
}

void try_connect(agent_pointer self) {
  auto& st = self->state;
  if (st.nexus)
    return;
  auto nexus =
    self->home_system().middleman().remote_actor<nexus_actor>(st.settings.nexus_host, st.settings.nexus_port);
  if (!nexus) {
    self->delayed_send(self, st.backoff.next(), connect_atom_v);
    return;
  }
  st.nexus = std::move(*nexus);
  st.backoff.reset();
  self->monitor(st.nexus);
  self->send(st.nexus, hello_atom{}, st.self_info);
  flush_events(self);
}

void tick(agent_pointer self) {
  auto& st = self->state;
  auto& sys = self->home_system();
  auto stats = st.collector->collect();
  stats.host = st.sampler.sample(); // with the loads since the last tick
  stats.workers = st.workers.sample(sys.scheduler().times(), troupe::detail::cycle_count());
  stats.remote_actors = st.shared->traffic.take(max_remote_actors);
  stats.events_dropped = st.shared->events.dropped();
  note_connection_changes(self, stats.connected_nodes);
  if (st.nexus)
    self->send(st.nexus, std::move(stats));
  flush_events(self);
  self->delayed_send(self, st.settings.interval, tick_atom_v);
}

error refuse_control(const agent_state& st) {
  return error{sec::unsupported_operation,
               "node " + st.self_info.node + " does not allow control (start it with --inspect.allow-control=true)"};
}

result<std::string> dump_recorder(const agent_state& st) {
  const auto& file = st.settings.recorder_file;
  if (file.empty())
    return error{sec::unsupported_operation,
                 "node " + st.self_info.node + " has no flight recorder (start it with --inspect.recorder-file=PATH)"};
  if (!flight_recorder::dump("dump command"))
    return error{sec::runtime_error, "node " + st.self_info.node + " could not write its flight recorder to " + file
                                       + " (not writable, or a dump was being written)"};
  return file;
}

behavior agent_behavior(agent_pointer self, agent_settings settings, std::shared_ptr<probe_shared> shared,
                        std::shared_ptr<node_collector> collector) {
  auto& st = self->state;
  st.settings = std::move(settings);
  st.shared = std::move(shared);
  st.collector = std::move(collector);
  st.self_info = describe_node(self->home_system(), st.settings, st.shared->mirror.load(), st.sampler.sample());
  self->set_down_handler([self](down_msg& msg) {
    auto& st = self->state;
    if (!st.nexus || msg.source != st.nexus.address())
      return;
    st.nexus = nexus_actor{};
    self->delayed_send(self, st.backoff.next(), connect_atom_v);
  });
  self->send(self, connect_atom_v);
  self->send(self, tick_atom_v);
  auto& sys = self->home_system();
  return {
    [self](connect_atom) { try_connect(self); },
    [self](tick_atom) { tick(self); },
    [self](wake_atom) { flush_events(self); },
    [&sys](list_actors_atom) { return snapshot(sys); },
    [&sys](info_atom, actor_id id) { return as_result(describe_actor(sys, id)); },
    [&sys](peek_atom, actor_id id) { return as_result(peek_actor(sys, id, peek_limit)); },
    [self, &sys](send_atom, actor_id id, const std::string& text, const actor& from) -> result<std::string> {
      if (!self->state.settings.allow_control)
        return refuse_control(self->state);
      return as_result(send_text(sys, id, text, from));
    },
    [self, &sys](kill_atom, actor_id id, const std::string& reason) -> result<std::string> {
      if (!self->state.settings.allow_control)
        return refuse_control(self->state);
      return as_result(kill_actor(sys, id, reason));
    },
    [self](dump_atom) { return dump_recorder(self->state); },
    [self](mirror_atom, const std::string& text) {
      auto level = parse_mirror_level(text);
      if (!level)
        return;
      auto& st = self->state;
      st.shared->mirror.store(*level);
      st.self_info.mirror = to_string(*level);
      if (st.nexus)
        self->send(st.nexus, hello_atom{}, st.self_info); // the nexus's table shows the new level
    },
  };
}

} // namespace

actor spawn_probe_agent(actor_system& sys, agent_settings settings, std::shared_ptr<probe_shared> shared,
                        std::shared_ptr<node_collector> collector) {
  return sys.spawn<detached + hidden>([settings = std::move(settings), shared = std::move(shared),
                                       collector = std::move(collector)](agent_pointer self) mutable {
    return agent_behavior(self, std::move(settings), std::move(shared), std::move(collector));
  });
}

} // namespace troupe::inspection
