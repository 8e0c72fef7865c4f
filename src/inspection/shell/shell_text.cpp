// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "shell_text.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <iomanip>

namespace troupe::inspection {

namespace {

std::string fixed(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", digits, x);
  return buf;
}

std::string joined(const std::vector<std::string>& xs) {
  if (xs.empty())
    return "(none)";
  std::string out;
  for (auto& x : xs)
    out += (out.empty() ? "" : ", ") + x;
  return out;
}

std::string interface_words(const host_statistics& h) {
  std::vector<std::string> xs;
  for (auto& i : h.interfaces)
    xs.push_back(i.name + (i.up ? " up" : " down") + (i.addresses.empty() ? "" : " " + joined(i.addresses)));
  return xs.empty() ? "(none)" : [&] {
    std::string out;
    for (auto& x : xs)
      out += (out.empty() ? "" : "; ") + x;
    return out;
  }();
}

std::string worker_words(const std::vector<worker_utilization>& ws) {
  if (ws.empty())
    return "(not measured yet)";
  std::string out;
  for (std::size_t i = 0; i < ws.size(); ++i)
    out += (i == 0 ? "" : "; ") + std::to_string(i) + ": busy " + fixed(ws[i].busy * 100, 0) + " %, stealing "
           + fixed(ws[i].stealing * 100, 0) + " %, idle " + fixed(ws[i].idle * 100, 0) + " %";
  return out;
}

std::string remote_words(const std::vector<remote_traffic>& xs) {
  if (xs.empty())
    return "(none in the last interval)";
  std::string out;
  for (auto& x : xs)
    out += (out.empty() ? "" : "; ") + std::to_string(x.actor) + ": " + std::to_string(x.sent) + " sent, "
           + std::to_string(x.received) + " received, " + byte_words(x.bytes);
  return out;
}

void line(std::ostream& out, const char* label, const std::string& value) {
  out << "  " << std::left << std::setw(12) << label << value << '\n';
}

} // namespace

std::string duration_words(std::chrono::nanoseconds x) {
  auto ns = static_cast<double>(x.count());
  if (ns < 1e3)
    return std::to_string(x.count()) + " ns";
  if (ns < 1e6)
    return fixed(ns / 1e3, 1) + " us";
  if (ns < 1e9)
    return fixed(ns / 1e6, 1) + " ms";
  return fixed(ns / 1e9, 1) + " s";
}

std::string byte_words(std::uint64_t x) {
  if (x < 1024)
    return std::to_string(x) + " B";
  auto v = static_cast<double>(x);
  if (x < 1024 * 1024)
    return fixed(v / 1024, 1) + " KiB";
  if (x < 1024ull * 1024 * 1024)
    return fixed(v / (1024 * 1024), 1) + " MiB";
  return fixed(v / (1024.0 * 1024 * 1024), 1) + " GiB";
}

void print_statistics(std::ostream& out, const node_info& node, const node_statistics& s) {
  const auto& h = s.host;
  out << "node " << node.node << " (" << (node.up ? "up" : "down") << ")\n";
  line(out, "host", h.host + ", pid " + std::to_string(node.pid) + ", " + h.os);
  line(out, "actors",
       std::to_string(s.running_actors) + " running, " + std::to_string(s.tracked_actors) + " with statistics");
  line(out, "messages",
       std::to_string(s.processed_messages) + " processed, " + std::to_string(s.dead_letters) + " dead letters");
  line(out, "cpu",
       "process " + fixed(s.host.process_cpu, 2) + " of " + std::to_string(h.cpus) + " CPUs, machine "
         + fixed(h.machine_cpu * 100, 1) + " %");
  line(out, "ram",
       byte_words(h.ram_used) + " used of " + byte_words(h.ram_total) + ", " + byte_words(h.ram_available)
         + " available");
  line(out, "rss", byte_words(h.rss));
  line(out, "workers", worker_words(s.workers));
  line(out, "interfaces", interface_words(h));
  line(out, "connected", joined(s.connected_nodes));
  line(out, "remote", remote_words(s.remote_actors));
  line(out, "mirror", node.mirror + (node.allow_control ? ", control allowed" : ", control not allowed"));
  if (s.events_dropped > 0)
    line(out, "dropped", std::to_string(s.events_dropped) + " events");
}

void print_statistics_line(std::ostream& out, const node_info& node, const node_statistics& s) {
  out << node.host << ':' << node.pid << ' ' << (node.up ? "up" : "down") << " actors=" << s.running_actors
      << " cpu=" << fixed(s.host.process_cpu, 2) << " rss=" << byte_words(s.host.rss)
      << " connections=" << s.connected_nodes.size() << '\n';
}

void print_actor_list(std::ostream& out, const node_snapshot& s) {
  out << std::left << std::setw(8) << "ID" << std::setw(24) << "NAME" << std::setw(6) << "STATE"
      << "DEPTH\n";
  for (auto& a : s.actors)
    out << std::left << std::setw(8) << a.id << std::setw(24) << a.name << std::setw(6) << to_string(a.state)
        << a.mailbox_depth << '\n';
  out << s.actors.size() << " actors with statistics, " << s.running_actors << " running\n";
}

void print_top(std::ostream& out, node_snapshot s, const std::string& order, std::size_t rows) {
  auto key = [&](const actor_snapshot& a) -> std::uint64_t {
    if (order == "time")
      return static_cast<std::uint64_t>(a.processing_time.count());
    if (order == "messages")
      return a.processed;
    return a.mailbox_depth;
  };
  std::stable_sort(s.actors.begin(), s.actors.end(),
                   [&](const actor_snapshot& x, const actor_snapshot& y) { return key(x) > key(y); });
  out << std::left << std::setw(8) << "ID" << std::setw(24) << "NAME" << std::setw(8) << "DEPTH" << std::setw(8)
      << "MAX" << std::setw(12) << "PROCESSED" << std::setw(12) << "TIME"
      << "P99\n";
  for (std::size_t i = 0; i < std::min(rows, s.actors.size()); ++i) {
    auto& a = s.actors[i];
    out << std::left << std::setw(8) << a.id << std::setw(24) << a.name << std::setw(8) << a.mailbox_depth
        << std::setw(8) << a.max_mailbox_depth << std::setw(12) << a.processed << std::setw(12)
        << duration_words(a.processing_time) << duration_words(a.processing.p99) << '\n';
  }
}

void print_details(std::ostream& out, const actor_details& d) {
  const auto& a = d.statistics;
  out << "actor " << a.id << '\n';
  line(out, "name", a.name);
  line(out, "state", to_string(a.state));
  line(out, "mailbox", std::to_string(a.mailbox_depth) + " waiting, at most " + std::to_string(a.max_mailbox_depth));
  line(out, "messages",
       std::to_string(a.processed) + " processed, " + std::to_string(a.sent) + " sent, " + std::to_string(a.skipped)
         + " skipped, " + std::to_string(a.unmatched) + " unmatched");
  line(out, "handler",
       "p50 " + duration_words(a.processing.p50) + ", p99 " + duration_words(a.processing.p99) + ", mean "
         + duration_words(a.processing.mean()) + " (" + std::to_string(a.processing.samples) + " samples)");
  line(out, "wait",
       "p50 " + duration_words(a.mailbox_wait.p50) + ", p99 " + duration_words(a.mailbox_wait.p99) + " ("
         + std::to_string(a.mailbox_wait.samples) + " samples)");
  line(out, "time",
       duration_words(a.processing_time) + " in handlers, " + duration_words(a.idle_time) + " idle, age "
         + duration_words(a.age));
  line(out, "links", joined(d.links));
  line(out, "monitors", joined(d.monitors));
}

std::string parse_error_with_column(const error& err, std::size_t offset) {
  const auto& text = err.context();
  if (!text.starts_with("at "))
    return text.empty() ? to_string(err) : text;
  std::size_t pos = 0;
  auto* first = text.data() + 3;
  auto* last = text.data() + text.size();
  auto [end, ec] = std::from_chars(first, last, pos);
  if (ec != std::errc{} || end == last || *end != ':')
    return text;
  auto cause = std::string{end + 1};
  if (!cause.empty() && cause.front() == ' ')
    cause.erase(0, 1);
  return "the message does not parse at column " + std::to_string(offset + pos + 1) + ": " + cause;
}

} // namespace troupe::inspection
