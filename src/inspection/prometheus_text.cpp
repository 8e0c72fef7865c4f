// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "prometheus_text.hpp"

#include <algorithm>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>

namespace troupe::inspection {

namespace {

using label_list = std::vector<std::pair<std::string_view, std::string>>;

void append_escaped(std::string& out, std::string_view value) {
  for (char c : value) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '"')
      out += "\\\"";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
}

void append_number(std::string& out, double x) {
  if (std::isnan(x)) {
    out += "NaN";
    return;
  }
  if (std::isinf(x)) {
    out += x > 0 ? "+Inf" : "-Inf";
    return;
  }
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x);
  out.append(buf, ec == std::errc{} ? end : buf);
}

void append_number(std::string& out, std::uint64_t x) {
  char buf[24];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x);
  out.append(buf, end);
}

// Writes one family after another: its HELP and TYPE once, then its samples.
class exposition {
public:
  exposition(const std::vector<metrics_node>& nodes, bool node_label) : nodes_(nodes), node_label_(node_label) {}

  // A family with one sample per node that has statistics: value(stats).
  template <class Value>
  void per_node(const char* name, const char* type, const char* help, Value value) {
    begin(name, type, help);
    for (auto& n : nodes_)
      if (n.stats != nullptr)
        sample(name, n, {}, value(*n.stats));
  }

  // A family with any number of samples per node: each(stats, emit) calls
  // emit(labels, value) for each.
  template <class Each>
  void per_item(const char* name, const char* type, const char* help, Each each) {
    begin(name, type, help);
    for (auto& n : nodes_)
      if (n.stats != nullptr)
        each(*n.stats, [&](label_list labels, auto value) { sample(name, n, std::move(labels), value); });
  }

  // A family about the nexus's table: one sample per node, with or without statistics.
  template <class Value>
  void per_entry(const char* name, const char* type, const char* help, Value value) {
    begin(name, type, help);
    for (auto& n : nodes_)
      if (n.info != nullptr) {
        label_list labels;
        auto v = value(*n.info, labels);
        sample(name, n, std::move(labels), v);
      }
  }

  // A histogram family, one per node that has measured its clock: pick(stats)
  // gives its time_histogram. The buckets are cumulative, as Prometheus has them.
  template <class Pick>
  void per_histogram(const char* name, const char* help, Pick pick) {
    auto measured = [&](const metrics_node& n) {
      return n.stats != nullptr && pick(*n.stats).counts.size() == time_histogram::bounds.size() + 1;
    };
    if (std::none_of(nodes_.begin(), nodes_.end(), measured))
      return; // no family without samples
    begin(name, "histogram", help);
    std::string bucket = std::string{name} + "_bucket";
    std::string sum = std::string{name} + "_sum";
    std::string count = std::string{name} + "_count";
    for (auto& n : nodes_) {
      if (!measured(n))
        continue; // not measured yet (or from a node that sends another layout)
      const time_histogram& h = pick(*n.stats);
      std::uint64_t below = 0;
      for (std::size_t i = 0; i < time_histogram::bounds.size(); ++i) {
        below += h.counts[i];
        std::string le;
        append_number(le, time_histogram::bounds[i]);
        sample(bucket.c_str(), n, {{"le", std::move(le)}}, below);
      }
      sample(bucket.c_str(), n, {{"le", "+Inf"}}, h.count);
      sample(sum.c_str(), n, {}, h.sum_seconds);
      sample(count.c_str(), n, {}, h.count);
    }
  }

  std::string take() { return std::move(out_); }

private:
  void begin(const char* name, const char* type, const char* help) {
    out_ += "# HELP ";
    out_ += name;
    out_ += ' ';
    out_ += help;
    out_ += "\n# TYPE ";
    out_ += name;
    out_ += ' ';
    out_ += type;
    out_ += '\n';
  }

  template <class T>
  void sample(const char* name, const metrics_node& n, label_list labels, T value) {
    out_ += name;
    std::string_view node = n.stats != nullptr ? std::string_view{n.stats->node} : std::string_view{n.info->node};
    bool first = true;
    auto label = [&](std::string_view key, std::string_view val) {
      out_ += first ? '{' : ',';
      first = false;
      out_ += key;
      out_ += "=\"";
      append_escaped(out_, val);
      out_ += '"';
    };
    if (node_label_)
      label("node", node);
    for (auto& [key, val] : labels)
      label(key, val);
    if (!first)
      out_ += '}';
    out_ += ' ';
    append_number(out_, value);
    out_ += '\n';
  }

  const std::vector<metrics_node>& nodes_;
  bool node_label_;
  std::string out_;
};

} // namespace

std::string prometheus_text(const std::vector<metrics_node>& nodes, bool node_label) {
  exposition x{nodes, node_label};
  using stats = const node_statistics&;
  if (node_label) {
    x.per_entry("troupe_node_up", "gauge", "Whether the nexus has a link to the node's probe (1) or lost it (0).",
                [](const node_info& i, label_list&) { return std::uint64_t{i.up ? 1u : 0u}; });
    x.per_entry("troupe_node_info", "gauge", "The node's host, process id and operating system, as labels; always 1.",
                [](const node_info& i, label_list& labels) {
                  labels.emplace_back("host", i.host);
                  labels.emplace_back("pid", std::to_string(i.pid));
                  labels.emplace_back("os", i.os);
                  return std::uint64_t{1};
                });
  }
  x.per_node("troupe_actors_running", "gauge", "Live actors that are not hidden.",
             [](stats s) { return s.running_actors; });
  x.per_node("troupe_actors_tracked", "gauge", "Live actors that keep statistics (inspect.track-actors).",
             [](stats s) { return s.tracked_actors; });
  x.per_node("troupe_messages_processed_total", "counter", "Messages actors took from their mailboxes and handled.",
             [](stats s) { return s.processed_messages; });
  x.per_node("troupe_dead_letters_total", "counter",
             "Messages to actors that had terminated, or left in a mailbox when its actor ended.",
             [](stats s) { return s.dead_letters; });
  x.per_node("troupe_inspection_events_dropped_total", "counter",
             "Inspection events that did not fit the probe's buffer while the nexus was slow or away.",
             [](stats s) { return s.events_dropped; });
  x.per_node("troupe_connected_nodes", "gauge", "Other nodes this node has a connection to.",
             [](stats s) { return std::uint64_t{s.connected_nodes.size()}; });
  x.per_item("troupe_worker_seconds_total", "counter",
             "Time each scheduler worker spent running actors (busy), looking for work (searching) and asleep "
             "(parked), since the probe started.",
             [](stats s, auto emit) {
               for (std::size_t i = 0; i < s.workers_since_start.size(); ++i) {
                 auto& w = s.workers_since_start[i];
                 auto id = std::to_string(i);
                 emit({{"worker", id}, {"state", "busy"}}, w.busy_seconds);
                 emit({{"worker", id}, {"state", "searching"}}, w.searching_seconds);
                 emit({{"worker", id}, {"state", "parked"}}, w.parked_seconds);
               }
             });
  x.per_item("troupe_worker_steals_total", "counter", "Jobs each scheduler worker took from other workers.",
             [](stats s, auto emit) {
               for (std::size_t i = 0; i < s.workers_since_start.size(); ++i)
                 emit({{"worker", std::to_string(i)}}, s.workers_since_start[i].steals);
             });
  x.per_node("process_cpu_seconds_total", "counter", "User and system CPU time the process spent.",
             [](stats s) { return s.host.process_cpu_seconds; });
  x.per_node("process_resident_memory_bytes", "gauge", "The process's resident set size.",
             [](stats s) { return s.host.rss; });
  x.per_node("troupe_host_memory_total_bytes", "gauge", "The host's memory (MemTotal).",
             [](stats s) { return s.host.ram_total; });
  x.per_node("troupe_host_memory_available_bytes", "gauge", "The host's memory available to programs (MemAvailable).",
             [](stats s) { return s.host.ram_available; });
  x.per_node("troupe_host_cpus", "gauge", "The host's online CPUs.",
             [](stats s) { return std::uint64_t{s.host.cpus}; });
  auto groups = [](auto field) {
    return [field](stats s, auto emit) {
      for (auto& g : s.actor_groups)
        emit({{"name", g.name}}, field(g));
    };
  };
  x.per_item("troupe_actor_group_actors", "gauge", "Live actors with statistics, by name.",
             groups([](const actor_group& g) { return g.actors; }));
  x.per_item("troupe_actor_group_mailbox_depth", "gauge", "Messages waiting in the mailboxes of the actors, by name.",
             groups([](const actor_group& g) { return g.mailbox_depth; }));
  x.per_item("troupe_actor_group_mailbox_depth_max", "gauge", "The deepest mailbox among the actors, by name.",
             groups([](const actor_group& g) { return g.max_mailbox_depth; }));
  x.per_item("troupe_actor_group_processed_messages", "gauge",
             "Messages the live actors handled, by name (an actor that ends takes its count along).",
             groups([](const actor_group& g) { return g.processed; }));
  x.per_histogram("troupe_message_processing_seconds",
                  "Time in the handler of sampled messages (one in 32 that each thread handles), of every tracked "
                  "actor since the start, ended ones included.",
                  [](stats s) -> const time_histogram& { return s.processing; });
  x.per_histogram("troupe_mailbox_wait_seconds",
                  "Time sampled messages (one in 64 of each sending thread) waited in a tracked actor's mailbox, "
                  "since the start, ended actors included.",
                  [](stats s) -> const time_histogram& { return s.mailbox_wait; });
  return x.take();
}

} // namespace troupe::inspection
