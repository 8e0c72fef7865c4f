// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The options of the cluster module (cluster.*), as the command line or a
// config file set them.
#include <chrono>
#include <cstddef>
#include <string>

namespace troupe::cluster {

/// The cluster module's options.
struct cluster_settings {
  /// cluster.discovery: how a node finds the others: launcher (the job's ranks, through PMIx under mpirun or
  /// srun --mpi=pmix), static (cluster.static.members), etcd (cluster.etcd.*) or dns (cluster.dns.*).
  std::string discovery = "launcher";
  /// cluster.rendezvous: HOST:PORT where rank 0 meets the other ranks when the launcher has no PMIx server (the
  /// ranks then come from its environment); empty: under Slurm, the step's first host and a port derived from the
  /// job and step, otherwise 127.0.0.1 and a port derived from the job.
  std::string rendezvous;
  /// cluster.endpoint: HOST:PORT where this node listens and how the others reach it; port 0 picks one. In static
  /// mode a node finds itself in the member list by it.
  std::string endpoint = "127.0.0.1:0";
  /// cluster.static.members: HOST:PORT,... of every member, this node included.
  std::string static_members;
  /// cluster.etcd.endpoints: http://HOST:PORT,... of etcd's HTTP/JSON gateway (any member of the etcd
  /// cluster; the next is tried when one does not answer).
  std::string etcd_endpoints = "http://127.0.0.1:2379";
  /// cluster.etcd.prefix: the key prefix under which the members register; clusters that share an etcd use
  /// different ones.
  std::string etcd_prefix = "/troupe/members/";
  /// cluster.etcd.lease: how long a member's registration outlives its last renewal (a crashed member's key
  /// goes after this long).
  std::chrono::nanoseconds etcd_lease = std::chrono::seconds{10};
  /// cluster.dns.name: the name whose SRV records (else A and AAAA records, at this node's port) list the members.
  std::string dns_name;
  /// cluster.dns.server: ADDRESS:PORT (IPv4) of the DNS server to ask; empty: the system's resolvers.
  std::string dns_server;
  /// cluster.discovery-interval: how often a provider whose members change is asked again (members that joined
  /// are added; the etcd registration is renewed).
  std::chrono::nanoseconds discovery_interval = std::chrono::seconds{1};
  /// cluster.on-member-loss: abort (the process ends, as an MPI job does when a rank dies) or continue (the
  /// others go on; subscribers get member_down).
  std::string on_member_loss = "continue";
  /// cluster.membership: swim (every member watched by the membership protocol over UDP at its endpoint's port,
  /// connected or not) or connections (only members this node has a connection to, by the network layer).
  std::string membership = "swim";
  /// cluster.probe-interval: how often the membership protocol probes a member.
  std::chrono::nanoseconds probe_interval = std::chrono::milliseconds{200};
  /// cluster.suspicion-timeout: how long a suspected member has to refute before it is declared down, with
  /// independent confirmations; twice as long without.
  std::chrono::nanoseconds suspicion_timeout = std::chrono::milliseconds{1500};
  /// cluster.max-connections: the open data connections a node keeps at most. Beyond it, the least recently used
  /// connection that has been quiet for a heartbeat interval is parked: closed without ending anything it carried
  /// (handles stay valid, and the next message connects again). 0: no limit.
  std::size_t max_connections = 512;
  /// cluster.idle-timeout: a data connection that carried no message for this long is parked. 0: never.
  std::chrono::nanoseconds idle_timeout = std::chrono::seconds{60};
  /// cluster.formation-timeout: how long start waits for the others (the launcher's exchange).
  std::chrono::nanoseconds formation_timeout = std::chrono::seconds{60};
};

} // namespace troupe::cluster
