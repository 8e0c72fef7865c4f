// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The nexus actor: a table of nodes fed by their probes, a list of listeners
// fed from that table, and requests passed through to one node's probe.
#include "troupe/inspection/nexus.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "troupe/actor_system.hpp"
#include "troupe/error.hpp"
#include "troupe/inspection/mirror_level.hpp"
#include "troupe/stateful_actor.hpp"
#include "troupe/system_messages.hpp"
#include "troupe/typed/typed_event_based_actor.hpp"

namespace troupe::inspection {

namespace {

using namespace std::chrono_literals;

// A probe that does not answer a forwarded request within this long is
// reported to the client as timed out; its node may still come back.
constexpr auto forward_timeout = 10s;

struct node_entry {
  node_info info;
  actor probe; // empty while the node is down
  node_statistics latest;
};

struct nexus_state {
  std::vector<node_entry> nodes; // in the order they first said hello
  std::vector<actor> listeners;

  std::vector<node_info> infos() const {
    std::vector<node_info> out;
    out.reserve(nodes.size());
    for (auto& e : nodes)
      out.push_back(e.info);
    return out;
  }

  node_entry* find(const std::string& node) {
    auto i = std::find_if(nodes.begin(), nodes.end(), [&](const node_entry& e) { return e.info.node == node; });
    return i == nodes.end() ? nullptr : &*i;
  }

  template <class... Ts>
  void tell_listeners(local_actor* self, const Ts&... xs) {
    for (auto& l : listeners)
      self->send(l, xs...);
  }
};

using nexus_pointer = nexus_actor::stateful_pointer<nexus_state>;

// Where a forwarded request goes: the probe of an up node, else why not.
expected<actor> probe_of(nexus_state& st, const std::string& node) {
  auto* e = st.find(node);
  if (e == nullptr)
    return error{sec::invalid_argument, "no node " + node};
  if (!e->probe)
    return error{sec::request_receiver_down, "node " + node + " is down"};
  return e->probe;
}

// Asks the node's probe and answers the client with what the probe answers.
template <class Answer, class... Ts>
auto forward(nexus_pointer self, const std::string& node, Ts... xs) {
  auto rp = self->template make_response_promise<Answer>();
  auto probe = probe_of(self->state, node);
  if (!probe) {
    rp.deliver(probe.error());
    return rp;
  }
  self->request(*probe, forward_timeout, std::move(xs)...)
    .then([rp](Answer& x) mutable { rp.deliver(std::move(x)); }, [rp](error& err) mutable { rp.deliver(err); });
  return rp;
}

probe_event nexus_event(const std::string& node, event_kind kind, std::string text) {
  return probe_event{node, std::chrono::system_clock::now(), kind, std::move(text)};
}

void on_hello(nexus_pointer self, node_info& info) {
  auto probe = actor_cast<actor>(self->current_sender());
  if (!probe)
    return;
  info.up = true;
  auto& st = self->state;
  auto* e = st.find(info.node);
  if (e == nullptr) {
    st.nodes.push_back(node_entry{info, probe, {}});
  } else {
    e->info = info;
    e->probe = probe;
  }
  self->monitor(probe);
  st.tell_listeners(self, info);
  st.tell_listeners(self, nexus_event(info.node, event_kind::node_up, info.host + ":" + std::to_string(info.pid)));
}

// A probe's proxy terminated: its node was lost (killed, frozen past the
// connection timeout, or cut off), or a listener went away.
void on_down(nexus_pointer self, const down_msg& msg) {
  auto& st = self->state;
  std::erase_if(st.listeners, [&](const actor& l) { return l.address() == msg.source; });
  for (auto& e : st.nodes) {
    if (!e.probe || e.probe.address() != msg.source)
      continue;
    e.probe = actor{};
    e.info.up = false;
    st.tell_listeners(self, e.info);
    st.tell_listeners(self, nexus_event(e.info.node, event_kind::node_down, to_string(msg.reason)));
  }
}

nexus_actor::behavior_type nexus_behavior(nexus_pointer self) {
  self->set_down_handler([self](down_msg& msg) { on_down(self, msg); });
  return {
    [self](hello_atom, node_info& info) { on_hello(self, info); },
    [self](node_statistics& stats) {
      if (auto* e = self->state.find(stats.node); e != nullptr && e->probe) {
        e->latest = stats;
        self->state.tell_listeners(self, stats);
      }
    },
    [self](probe_event& ev) {
      if (self->state.find(ev.node) != nullptr)
        self->state.tell_listeners(self, ev);
    },
    [self](add_listener_atom, actor& listener) {
      if (listener) {
        self->monitor(listener);
        self->state.listeners.push_back(std::move(listener));
      }
      return self->state.infos();
    },
    [self](list_nodes_atom) { return self->state.infos(); },
    [self](statistics_atom, const std::string& node) -> result<node_statistics> {
      auto* e = self->state.find(node);
      if (e == nullptr)
        return error{sec::invalid_argument, "no node " + node};
      if (e->latest.node.empty())
        return error{sec::invalid_state, "node " + node + " has sent no statistics yet"};
      return e->latest;
    },
    [self](list_actors_atom a, const std::string& node) { return forward<node_snapshot>(self, node, a); },
    [self](info_atom a, const std::string& node, actor_id id) { return forward<actor_details>(self, node, a, id); },
    [self](peek_atom a, const std::string& node, actor_id id) {
      return forward<std::vector<std::string>>(self, node, a, id);
    },
    [self](send_atom a, const std::string& node, actor_id id, std::string& text, actor& reply_to) {
      return forward<std::string>(self, node, a, id, std::move(text), std::move(reply_to));
    },
    [self](kill_atom a, const std::string& node, actor_id id, std::string& reason) {
      return forward<std::string>(self, node, a, id, std::move(reason));
    },
    [self](dump_atom a, const std::string& node) { return forward<std::string>(self, node, a); },
    [self](mirror_atom a, const std::string& level, const std::string& node) -> result<std::string> {
      if (!parse_mirror_level(level))
        return error{sec::invalid_argument, "no mirror level " + level + " (off, events, headers or full)"};
      if (!node.empty()) {
        auto probe = probe_of(self->state, node);
        if (!probe)
          return probe.error();
        self->send(*probe, a, level);
        return node;
      }
      for (auto& e : self->state.nodes)
        if (e.probe)
          self->send(e.probe, a, level);
      return std::string{"every node"};
    },
  };
}

} // namespace

nexus_actor spawn_nexus(actor_system& sys) {
  announce_types();
  return sys.spawn(nexus_behavior);
}

} // namespace troupe::inspection
