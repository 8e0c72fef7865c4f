// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "env_discovery.hpp"

#include "node_text.hpp"
#include "rendezvous.hpp"
#include "swim/member_tags.hpp"

namespace troupe::cluster {

std::uint16_t rendezvous_port(const std::string& job) {
  return static_cast<std::uint16_t>(10000 + swim::endpoint_tag("rendezvous:" + job) % 20000);
}

expected<std::unique_ptr<discovery>> env_discovery::make(const launcher_env& env, const std::string& rendezvous) {
  endpoint at;
  if (!rendezvous.empty()) {
    auto ep = parse_endpoint(rendezvous);
    if (!ep || ep->port == 0)
      return error{sec::invalid_argument, "cluster.rendezvous=" + rendezvous + ": HOST:PORT with a port"};
    at = *ep;
  } else if (!env.job.empty()) {
    at.host = env.first_host.empty() ? "127.0.0.1" : env.first_host;
    at.port = rendezvous_port(env.job);
  } else {
    return error{sec::invalid_argument, "cluster.discovery=launcher without PMIx: the launcher names no job, so "
                                        "set cluster.rendezvous=HOST:PORT (rank 0's host and a free port)"};
  }
  return std::unique_ptr<discovery>{new env_discovery{env, std::move(at)}};
}

expected<formation> env_discovery::form(const std::string& endpoint, const node_id& me,
                                        std::chrono::nanoseconds timeout) {
  auto mine = endpoint + " " + node_text(me);
  auto table = env_.rank == 0 ? rendezvous_serve(at_, env_.size, mine, timeout)
                              : rendezvous_join(at_, env_.rank, env_.size, mine, timeout);
  if (!table)
    return table.error();
  formation f;
  f.self = env_.rank;
  for (std::uint32_t r = 0; r < env_.size; ++r) {
    const auto& entry = (*table)[r];
    auto space = entry.rfind(' ');
    auto node = space == std::string::npos ? expected<node_id>{error{sec::invalid_argument, "no node"}}
                                           : parse_node_text(std::string_view{entry}.substr(space + 1));
    auto ep = space == std::string::npos ? expected<cluster::endpoint>{error{sec::invalid_argument, "no endpoint"}}
                                         : parse_endpoint(std::string_view{entry}.substr(0, space));
    if (!node || !ep)
      return error{sec::malformed_message,
                   "rendezvous: rank " + std::to_string(r) + " said '" + entry + "', not ENDPOINT NODE"};
    member m;
    m.id = r;
    m.endpoint = entry.substr(0, space);
    m.node = *node;
    f.members.push_back(std::move(m));
  }
  return f;
}

} // namespace troupe::cluster
