// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "dashboard_json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace troupe::inspection {

namespace {

using json = nlohmann::json;

// At most this many actors in the landing page's list.
constexpr std::size_t max_busiest = 10;

std::int64_t unix_ms(std::chrono::system_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

std::int64_t ns(std::chrono::nanoseconds d) {
  return d.count();
}

// Text from the network may hold anything: invalid UTF-8 becomes U+FFFD
// rather than failing the whole answer.
std::string dump(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

json summary(const duration_summary& s, bool with_buckets) {
  json j{{"samples", s.samples}, {"sum", ns(s.sum)}, {"p50", ns(s.p50)}, {"p99", ns(s.p99)}};
  if (with_buckets) {
    auto buckets = json::array();
    for (auto& b : s.buckets)
      buckets.push_back(json{{"le", ns(b.upper_bound)}, {"count", b.count}});
    j["buckets"] = std::move(buckets);
  }
  return j;
}

json actor_row(const actor_snapshot& a, bool with_buckets) {
  return json{{"id", a.id},
              {"name", a.name},
              {"state", to_string(a.state)},
              {"mailbox_depth", a.mailbox_depth},
              {"max_mailbox_depth", a.max_mailbox_depth},
              {"processed", a.processed},
              {"sent", a.sent},
              {"skipped", a.skipped},
              {"unmatched", a.unmatched},
              {"processing_time", ns(a.processing_time)},
              {"idle_time", ns(a.idle_time)},
              {"age", ns(a.age)},
              {"processing", summary(a.processing, with_buckets)},
              {"mailbox_wait", summary(a.mailbox_wait, with_buckets)}};
}

json stats_json(const node_statistics& s) {
  auto workers = json::array();
  for (auto& w : s.workers)
    workers.push_back(json{{"busy", w.busy}, {"stealing", w.stealing}, {"idle", w.idle}, {"stolen", w.stolen}});
  auto groups = json::array();
  for (auto& g : s.actor_groups)
    groups.push_back(json{{"name", g.name},
                          {"actors", g.actors},
                          {"mailbox_depth", g.mailbox_depth},
                          {"max_mailbox_depth", g.max_mailbox_depth},
                          {"processed", g.processed}});
  auto remote = json::array();
  for (auto& r : s.remote_actors)
    remote.push_back(json{{"actor", r.actor}, {"sent", r.sent}, {"received", r.received}, {"bytes", r.bytes}});
  return json{{"taken", unix_ms(s.taken)},
              {"running_actors", s.running_actors},
              {"tracked_actors", s.tracked_actors},
              {"processed_messages", s.processed_messages},
              {"dead_letters", s.dead_letters},
              {"events_dropped", s.events_dropped},
              {"cpus", s.host.cpus},
              {"machine_cpu", s.host.machine_cpu},
              {"process_cpu", s.host.process_cpu},
              {"ram_total", s.host.ram_total},
              {"ram_available", s.host.ram_available},
              {"ram_used", s.host.ram_used},
              {"rss", s.host.rss},
              {"connected_nodes", s.connected_nodes},
              {"workers", std::move(workers)},
              {"actor_groups", std::move(groups)},
              {"remote_actors", std::move(remote)}};
}

// Messages per second a node exchanged with other nodes in its last interval,
// spread over its connections to listed nodes; nothing before its first report.
std::optional<double> per_link_rate(const node_statistics* s,
                                    const std::map<std::string, const node_statistics*>& listed,
                                    std::chrono::milliseconds interval) {
  if (s == nullptr || interval.count() <= 0)
    return std::nullopt;
  auto peers = std::count_if(s->connected_nodes.begin(), s->connected_nodes.end(),
                             [&](const std::string& n) { return listed.count(n) > 0; });
  if (peers == 0)
    return std::nullopt;
  std::uint64_t messages = 0;
  for (auto& r : s->remote_actors)
    messages += r.sent + r.received;
  auto seconds = static_cast<double>(interval.count()) / 1000.0;
  return static_cast<double>(messages) / seconds / static_cast<double>(peers);
}

json links_json(const std::vector<dashboard_node>& nodes, std::chrono::milliseconds interval) {
  std::map<std::string, const node_statistics*> by_node;
  for (auto& n : nodes)
    by_node[n.info.node] = n.stats ? &*n.stats : nullptr;
  // Between listed nodes only: a probe's link to the nexus is not the system's.
  std::set<std::pair<std::string, std::string>> pairs;
  for (auto& n : nodes)
    if (n.stats)
      for (auto& other : n.stats->connected_nodes)
        if (by_node.count(other) > 0)
          pairs.emplace(std::min(n.info.node, other), std::max(n.info.node, other));
  auto out = json::array();
  for (auto& [a, b] : pairs) {
    auto ra = per_link_rate(by_node[a], by_node, interval);
    auto rb = per_link_rate(by_node[b], by_node, interval);
    json rate = nullptr;
    if (ra && rb)
      rate = (*ra + *rb) / 2;
    else if (ra || rb)
      rate = ra ? *ra : *rb;
    out.push_back(json{{"from", a}, {"to", b}, {"messages_per_second", rate}});
  }
  return out;
}

json busiest_json(const std::vector<dashboard_node>& nodes) {
  struct row {
    const std::string* node;
    const busy_actor* actor;
  };
  std::vector<row> rows;
  for (auto& n : nodes)
    if (n.stats && n.info.up)
      for (auto& a : n.stats->busiest_actors)
        rows.push_back(row{&n.info.node, &a});
  std::sort(rows.begin(), rows.end(), [](const row& x, const row& y) {
    if (x.actor->mailbox_depth != y.actor->mailbox_depth)
      return x.actor->mailbox_depth > y.actor->mailbox_depth;
    return x.actor->processed > y.actor->processed;
  });
  if (rows.size() > max_busiest)
    rows.resize(max_busiest);
  auto out = json::array();
  for (auto& r : rows)
    out.push_back(json{{"node", *r.node},
                       {"id", r.actor->id},
                       {"name", r.actor->name},
                       {"mailbox_depth", r.actor->mailbox_depth},
                       {"processed", r.actor->processed}});
  return out;
}

} // namespace

std::string overview_json(const char* scope, std::chrono::milliseconds interval,
                          const std::vector<dashboard_node>& nodes) {
  auto list = json::array();
  for (auto& n : nodes)
    list.push_back(json{{"node", n.info.node},
                        {"host", n.info.host},
                        {"pid", n.info.pid},
                        {"os", n.info.os},
                        {"up", n.info.up},
                        {"mirror", n.info.mirror},
                        {"control", n.info.allow_control},
                        {"stats", n.stats ? stats_json(*n.stats) : json(nullptr)}});
  json j{{"scope", scope},
         {"time", unix_ms(std::chrono::system_clock::now())},
         {"interval_ms", interval.count()},
         {"nodes", std::move(list)},
         {"links", links_json(nodes, interval)},
         {"busiest", busiest_json(nodes)}};
  return dump(j);
}

std::string actors_json(const node_snapshot& snapshot, const std::string& node) {
  auto rows = json::array();
  for (auto& a : snapshot.actors)
    rows.push_back(actor_row(a, false));
  return dump(json{{"node", node}, {"running_actors", snapshot.running_actors}, {"actors", std::move(rows)}});
}

std::string actor_json(const std::string& node, const actor_details& details, const std::vector<std::string>& mailbox,
                       bool control) {
  return dump(json{{"node", node},
                   {"actor", actor_row(details.statistics, true)},
                   {"links", details.links},
                   {"monitors", details.monitors},
                   {"mailbox", mailbox},
                   {"control", control}});
}

std::string events_json(const std::vector<std::pair<std::uint64_t, probe_event>>& events, std::uint64_t next) {
  auto list = json::array();
  for (auto& [seq, e] : events)
    list.push_back(
      json{{"seq", seq}, {"node", e.node}, {"time", unix_ms(e.time)}, {"kind", to_string(e.kind)}, {"text", e.text}});
  return dump(json{{"next", next}, {"events", std::move(list)}});
}

std::optional<control_request> parse_control_body(const std::string& body, const char* text_field, std::string& why) {
  auto j = json::parse(body, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    why = "the body is not a JSON object";
    return std::nullopt;
  }
  auto n = j.find("node");
  auto i = j.find("id");
  auto t = j.find(text_field);
  if (n == j.end() || !n->is_string()) {
    why = "the body has no \"node\" string";
    return std::nullopt;
  }
  if (i == j.end() || !i->is_number_unsigned()) {
    why = "the body has no \"id\" number";
    return std::nullopt;
  }
  if (t == j.end() || !t->is_string()) {
    why = std::string{"the body has no \""} + text_field + "\" string";
    return std::nullopt;
  }
  return control_request{n->get<std::string>(), i->get<actor_id>(), t->get<std::string>()};
}

std::string error_json(const std::string& text) {
  return dump(json{{"error", text}});
}

std::string result_json(const std::string& text) {
  return dump(json{{"result", text}});
}

} // namespace troupe::inspection
