// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// cluster.discovery=launcher: the job's PMIx server (mpirun, srun --mpi=pmix)
// tells a process its rank and the job's size; each puts its endpoint and
// node id, a fence gathers them, and each gets every rank's.
#include <string>

#include "troupe/cluster/discovery.hpp"

namespace troupe::cluster {

class pmix_discovery final : public discovery {
public:
  ~pmix_discovery() override;

  std::string name() const override { return "launcher"; }
  expected<formation> form(const std::string& endpoint, const node_id& me, std::chrono::nanoseconds timeout) override;
  void leave() override;

private:
  bool initialized_ = false;
};

} // namespace troupe::cluster
