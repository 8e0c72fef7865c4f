// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "etcd_discovery.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "../listed_formation.hpp"
#include "base64.hpp"
#include "etcd_answers.hpp"
#include "prefix_watch.hpp"
#include "troupe/log.hpp"

namespace troupe::cluster {

namespace {

using json = nlohmann::json;

// Each call is small; a server that takes longer is treated as away, and the next one is asked.
constexpr std::chrono::milliseconds call_deadline{2000};

} // namespace

expected<std::unique_ptr<discovery>> etcd_discovery::make(const cluster_settings& s) {
  std::vector<http_url> servers;
  std::size_t start = 0;
  while (start <= s.etcd_endpoints.size()) {
    auto comma = std::min(s.etcd_endpoints.find(',', start), s.etcd_endpoints.size());
    auto item = std::string_view{s.etcd_endpoints}.substr(start, comma - start);
    start = comma + 1;
    if (item.empty())
      continue;
    auto url = parse_http_url(item);
    if (!url)
      return error{sec::invalid_argument, "cluster.etcd.endpoints: " + to_string(url.error())};
    servers.push_back(std::move(*url));
  }
  if (servers.empty())
    return error{sec::invalid_argument, "cluster.discovery=etcd needs cluster.etcd.endpoints=http://HOST:PORT,..."};
  if (s.etcd_prefix.empty())
    return error{sec::invalid_argument, "cluster.etcd.prefix must not be empty"};
  auto lease = std::chrono::ceil<std::chrono::seconds>(s.etcd_lease);
  if (lease < std::chrono::seconds{2} || lease < 2 * s.discovery_interval)
    return error{sec::invalid_argument,
                 "cluster.etcd.lease must be at least 2s and twice cluster.discovery-interval, which renews it"};
  return std::unique_ptr<discovery>{new etcd_discovery{std::move(servers), s.etcd_prefix, lease}};
}

etcd_discovery::etcd_discovery(std::vector<http_url> servers, std::string prefix, std::chrono::seconds lease)
  : servers_(std::move(servers)), prefix_(std::move(prefix)), lease_(lease) {}

expected<std::string> etcd_discovery::call(const std::string& path, const std::string& body) {
  error last;
  for (std::size_t tried = 0; tried < servers_.size(); ++tried) {
    const auto& server = servers_[current_];
    auto answer = http_post(server, path, body, call_deadline);
    if (answer && answer->status == 200)
      return std::move(answer->body);
    if (answer)
      // The server is there but refused: another member of the same etcd cluster would say the same.
      return error{sec::runtime_error, "etcd at " + server.host + ":" + std::to_string(server.port) + " answered "
                                         + std::to_string(answer->status) + " to " + path + ": " + answer->body};
    last = answer.error();
    current_ = (current_ + 1) % servers_.size();
  }
  return error{last == sec::request_timeout ? sec::request_timeout : sec::cannot_connect_to_node,
               "etcd: " + to_string(last)};
}

error etcd_discovery::register_self() {
  auto granted = call("/v3/lease/grant", json{{"TTL", lease_.count()}}.dump());
  if (!granted)
    return granted.error();
  auto id = granted_lease(*granted);
  if (!id)
    return id.error();
  json put{{"key", base64_encode(prefix_ + endpoint_)}, {"value", base64_encode(endpoint_)}, {"lease", *id}};
  if (auto done = call("/v3/kv/put", put.dump()); !done)
    return done.error();
  lease_id_ = std::move(*id);
  return error{};
}

error etcd_discovery::renew() {
  if (lease_id_.empty())
    return register_self();
  auto renewed = call("/v3/lease/keepalive", json{{"ID", lease_id_}}.dump());
  if (!renewed)
    return renewed.error();
  auto alive = lease_alive(*renewed);
  if (!alive)
    return alive.error();
  if (!*alive) {
    TROUPE_LOG_WARNING("cluster", "etcd: the registration of " << endpoint_ << " ran out; registering again");
    lease_id_.clear();
    return register_self();
  }
  return error{};
}

expected<std::vector<std::string>> etcd_discovery::list() {
  json range{{"key", base64_encode(prefix_)}, {"range_end", base64_encode(prefix_range_end(prefix_))}};
  auto listed = call("/v3/kv/range", range.dump());
  if (!listed)
    return listed.error();
  return listed_endpoints(*listed);
}

expected<formation> etcd_discovery::form(const std::string& endpoint, const node_id& me,
                                         std::chrono::nanoseconds timeout) {
  endpoint_ = endpoint;
  auto attempt = [this]() -> expected<std::vector<std::string>> {
    if (auto err = register_self())
      return err;
    return list();
  };
  return listed_formation(attempt, timeout, "cannot register with etcd", endpoint_, me, "etcd:" + prefix_);
}

expected<std::vector<std::string>> etcd_discovery::refresh() {
  if (auto err = renew())
    return err;
  return list();
}

void etcd_discovery::watch(std::function<void()> changed) {
  watch_ = std::make_unique<prefix_watch>(servers_, prefix_, std::move(changed));
}

void etcd_discovery::stop_watching() {
  if (watch_)
    watch_->stop();
  watch_.reset();
}

void etcd_discovery::leave() {
  if (lease_id_.empty())
    return;
  // Revoking the lease deletes the key at once; if etcd is away, the lease runs out instead.
  if (auto done = call("/v3/lease/revoke", json{{"ID", lease_id_}}.dump()); !done)
    TROUPE_LOG_INFO("cluster",
                    "etcd: could not revoke the registration of " << endpoint_ << ": " << to_string(done.error()));
  lease_id_.clear();
}

} // namespace troupe::cluster
