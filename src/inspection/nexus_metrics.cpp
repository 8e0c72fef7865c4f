// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "nexus_metrics.hpp"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "troupe/actor_system.hpp"
#include "troupe/scoped_actor.hpp"

#include "prometheus_text.hpp"

namespace troupe::inspection {

namespace {

using namespace std::chrono_literals;

// How long a scrape waits for the nexus's answers.
constexpr auto answer_timeout = 3s;

} // namespace

http_handler nexus_metrics_page(actor_system& sys, nexus_actor nexus) {
  return [&sys, nexus](const http_request&) {
    scoped_actor self{sys};
    std::optional<std::vector<node_info>> nodes;
    self->request(nexus, answer_timeout, list_nodes_atom{})
      .receive([&](std::vector<node_info>& xs) { nodes = std::move(xs); }, [](error&) {});
    http_response r;
    if (!nodes) {
      r.status = 503;
      r.body = "the nexus did not answer\n";
      return r;
    }
    // A node that has not reported yet (or whose report the nexus lost) still
    // shows in the table: up or down, without figures.
    std::vector<std::optional<node_statistics>> stats(nodes->size());
    for (std::size_t i = 0; i < nodes->size(); ++i)
      self->request(nexus, answer_timeout, statistics_atom{}, (*nodes)[i].node)
        .receive([&](node_statistics& s) { stats[i] = std::move(s); }, [](error&) {});
    std::vector<metrics_node> view;
    view.reserve(nodes->size());
    for (std::size_t i = 0; i < nodes->size(); ++i)
      view.push_back(metrics_node{stats[i] ? &*stats[i] : nullptr, &(*nodes)[i]});
    r.content_type = prometheus_content_type;
    r.body = prometheus_text(view, true);
    return r;
  };
}

} // namespace troupe::inspection
