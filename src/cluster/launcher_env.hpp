// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What a launcher without PMIx tells a process in its environment: its rank
// and the job's size (Open MPI's OMPI_COMM_WORLD_*, the PMI-1/PMI-2 PMI_*,
// Slurm's SLURM_*), a name for the job, and, under Slurm, the first host of
// the step, where rank 0 runs with Slurm's default block distribution.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "troupe/expected.hpp"

namespace troupe::cluster {

struct launcher_env {
  std::uint32_t rank = 0;
  std::uint32_t size = 0;
  std::string job;        ///< the job (and step) the process belongs to; empty when the launcher names none
  std::string first_host; ///< where rank 0 runs, when the launcher says; empty otherwise
};

/// Looks a variable up: getenv, or a table in the tests.
using env_lookup = std::function<const char*(const char*)>;

/// Whether a PMIx server serves this process (its launcher set PMIX_NAMESPACE).
bool under_pmix(const env_lookup& env);

/// The rank and size the launcher's variables give, or nothing when none is set; sec::invalid_argument when
/// they are set but make no sense (a rank out of the job, a size that is not a number).
expected<std::optional<launcher_env>> read_launcher_env(const env_lookup& env);

/// The first host of a Slurm host list ("node[01-04,07],gpu5" gives "node01"), or an empty string.
std::string first_host_of(const std::string& host_list);

} // namespace troupe::cluster
