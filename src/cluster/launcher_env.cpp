// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "launcher_env.hpp"

#include <charconv>
#include <string_view>

namespace troupe::cluster {

namespace {

std::optional<std::uint32_t> env_number(const char* text) {
  if (text == nullptr)
    return std::nullopt;
  std::string_view s{text};
  std::uint32_t x = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
  if (s.empty() || ec != std::errc{} || end != s.data() + s.size())
    return std::nullopt;
  return x;
}

// The launchers' spellings of a rank and a size, in the order they are trusted: a launcher that knows MPI
// (Open MPI, PMI) before Slurm's own, which srun sets for every step.
struct spelling {
  const char* rank;
  const char* size;
};
constexpr spelling spellings[] = {
  {"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
  {"PMI_RANK", "PMI_SIZE"},
  {"SLURM_PROCID", "SLURM_NTASKS"},
};

} // namespace

bool under_pmix(const env_lookup& env) {
  auto ns = env("PMIX_NAMESPACE");
  return ns != nullptr && *ns != '\0';
}

std::string first_host_of(const std::string& list) {
  auto bracket = list.find('[');
  auto comma = list.find(',');
  if (bracket == std::string::npos || (comma != std::string::npos && comma < bracket))
    return list.substr(0, comma);
  auto inside = list.substr(bracket + 1);
  auto end = inside.find_first_of(",-]");
  if (end == 0 || end == std::string::npos)
    return {};
  return list.substr(0, bracket) + inside.substr(0, end);
}

expected<std::optional<launcher_env>> read_launcher_env(const env_lookup& env) {
  const char* half_set = nullptr; // a rank without its size: another launcher's spelling may still be whole
  for (const auto& s : spellings) {
    auto rank_text = env(s.rank);
    if (rank_text == nullptr)
      continue;
    auto size_text = env(s.size);
    if (size_text == nullptr) {
      half_set = half_set ? half_set : s.rank;
      continue;
    }
    auto rank = env_number(rank_text);
    auto size = env_number(size_text);
    if (!rank || !size || *size == 0 || *rank >= *size)
      return error{sec::invalid_argument, std::string{"cluster.discovery=launcher: "} + s.rank + "=" + rank_text
                                            + " and " + s.size + "=" + size_text + " are not a rank within a job"};
    launcher_env out;
    out.rank = *rank;
    out.size = *size;
    if (auto job = env("SLURM_JOB_ID")) {
      auto step = env("SLURM_STEP_ID");
      out.job = std::string{"slurm:"} + job + "." + (step ? step : "0");
      auto nodes = env("SLURM_STEP_NODELIST");
      if (nodes == nullptr)
        nodes = env("SLURM_JOB_NODELIST");
      if (nodes != nullptr)
        out.first_host = first_host_of(nodes);
    } else if (auto pmi_job = env("PMI_JOBID")) {
      out.job = std::string{"pmi:"} + pmi_job;
    } else if (auto ompi_job = env("OMPI_MCA_ess_base_jobid")) {
      out.job = std::string{"ompi:"} + ompi_job;
    }
    return std::optional<launcher_env>{out};
  }
  if (half_set != nullptr)
    return error{sec::invalid_argument,
                 std::string{"cluster.discovery=launcher: "} + half_set + " is set, but not the job's size"};
  return std::optional<launcher_env>{};
}

} // namespace troupe::cluster
