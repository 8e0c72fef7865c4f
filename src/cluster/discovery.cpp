// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/cluster/discovery.hpp"

#include <cstdlib>

#include "dns/dns_discovery.hpp"
#include "env_discovery.hpp"
#include "etcd/etcd_discovery.hpp"
#include "pmix_discovery.hpp"
#include "static_discovery.hpp"

namespace troupe::cluster {

discovery::~discovery() = default;

expected<std::unique_ptr<discovery>> make_discovery(const cluster_settings& s) {
  if (s.discovery == "launcher") {
    // PMIx where its server serves the process; else the launcher's environment and a rendezvous on rank 0.
    auto env = [](const char* name) -> const char* { return std::getenv(name); };
    if (!under_pmix(env)) {
      auto found = read_launcher_env(env);
      if (!found)
        return found.error();
      if (*found)
        return env_discovery::make(**found, s.rendezvous);
    }
    return std::unique_ptr<discovery>{new pmix_discovery};
  }
  if (s.discovery == "static")
    return static_discovery::make(s.static_members);
  if (s.discovery == "etcd")
    return etcd_discovery::make(s);
  if (s.discovery == "dns")
    return dns_discovery::make(s);
  return error{sec::invalid_argument,
               "cluster.discovery=" + s.discovery + ": not a provider (launcher, static, etcd or dns)"};
}

} // namespace troupe::cluster
