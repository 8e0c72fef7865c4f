// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// cluster.discovery=launcher where no PMIx server serves the process (srun
// --mpi=pmi2 or --mpi=none, MPICH's Hydra): the rank and the job's size come
// from the launcher's environment, and each rank's endpoint and node from a
// rendezvous on rank 0, at cluster.rendezvous or, under Slurm, at the step's
// first host and a port derived from the job and step.
#include <string>

#include "endpoint.hpp"
#include "launcher_env.hpp"
#include "troupe/cluster/discovery.hpp"

namespace troupe::cluster {

class env_discovery final : public discovery {
public:
  /// The provider for the job `env` describes, meeting at `rendezvous` (HOST:PORT; empty: derived from the job),
  /// or sec::invalid_argument when no rendezvous address can be found.
  static expected<std::unique_ptr<discovery>> make(const launcher_env& env, const std::string& rendezvous);

  std::string name() const override { return "launcher"; }
  expected<formation> form(const std::string& endpoint, const node_id& me, std::chrono::nanoseconds timeout) override;

  /// Where the ranks meet.
  const cluster::endpoint& rendezvous() const noexcept { return at_; }

private:
  env_discovery(launcher_env env, cluster::endpoint at) : env_(std::move(env)), at_(std::move(at)) {}

  launcher_env env_;
  cluster::endpoint at_;
};

/// The rendezvous port for job `job`: the same on every rank, below the usual ephemeral range.
std::uint16_t rendezvous_port(const std::string& job);

} // namespace troupe::cluster
