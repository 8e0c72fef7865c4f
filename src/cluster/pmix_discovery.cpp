// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "pmix_discovery.hpp"

#include <pmix.h>

#include <algorithm>
#include <cstring>

#include "node_text.hpp"

namespace troupe::cluster {

namespace {

// What each rank puts: "ENDPOINT NODE".
constexpr const char* node_key = "troupe.node";

error pmix_failed(const char* what, pmix_status_t rc) {
  return error{sec::runtime_error, std::string{"cluster.discovery=launcher: "} + what + ": " + PMIx_Error_string(rc)};
}

// The value rank `rank` put under node_key, as a member.
expected<member> get_member(const pmix_proc_t& job, std::uint32_t rank) {
  pmix_proc_t p;
  PMIX_PROC_LOAD(&p, job.nspace, rank);
  pmix_value_t* v = nullptr;
  auto rc = PMIx_Get(&p, node_key, nullptr, 0, &v);
  if (rc != PMIX_SUCCESS)
    return pmix_failed("no endpoint from a rank", rc);
  std::string text = v->type == PMIX_STRING && v->data.string != nullptr ? v->data.string : "";
  PMIX_VALUE_RELEASE(v);
  auto space = text.find(' ');
  if (space == std::string::npos)
    return error{sec::invalid_argument, "rank " + std::to_string(rank) + " put '" + text + "', not ENDPOINT NODE"};
  auto node = parse_node_text(std::string_view{text}.substr(space + 1));
  if (!node)
    return node.error();
  member m;
  m.id = rank;
  m.endpoint = text.substr(0, space);
  m.node = *node;
  return m;
}

} // namespace

pmix_discovery::~pmix_discovery() {
  leave();
}

expected<formation> pmix_discovery::form(const std::string& endpoint, const node_id& me,
                                         std::chrono::nanoseconds timeout) {
  pmix_proc_t self;
  auto rc = PMIx_Init(&self, nullptr, 0);
  if (rc != PMIX_SUCCESS)
    return pmix_failed("no PMIx server (run the program under mpirun or srun --mpi=pmix)", rc);
  initialized_ = true;
  pmix_proc_t job;
  PMIX_PROC_LOAD(&job, self.nspace, PMIX_RANK_WILDCARD);
  pmix_value_t* v = nullptr;
  rc = PMIx_Get(&job, PMIX_JOB_SIZE, nullptr, 0, &v);
  if (rc != PMIX_SUCCESS)
    return pmix_failed("the job's size", rc);
  std::uint32_t size = v->type == PMIX_UINT32 ? v->data.uint32 : 0;
  PMIX_VALUE_RELEASE(v);
  if (size == 0 || self.rank >= size)
    return error{sec::runtime_error, "cluster.discovery=launcher: rank " + std::to_string(self.rank)
                                       + " in a job of size " + std::to_string(size)};
  auto mine = endpoint + " " + node_text(me);
  pmix_value_t value;
  PMIX_VALUE_LOAD(&value, mine.c_str(), PMIX_STRING);
  rc = PMIx_Put(PMIX_GLOBAL, node_key, &value);
  PMIX_VALUE_DESTRUCT(&value);
  if (rc != PMIX_SUCCESS)
    return pmix_failed("put the endpoint", rc);
  if ((rc = PMIx_Commit()) != PMIX_SUCCESS)
    return pmix_failed("commit the endpoint", rc);
  // Every rank's endpoint, gathered in one fence: afterwards a get is local.
  pmix_info_t info[2];
  bool collect = true;
  int seconds =
    static_cast<int>(std::max<std::int64_t>(1, std::chrono::duration_cast<std::chrono::seconds>(timeout).count()));
  PMIX_INFO_LOAD(&info[0], PMIX_COLLECT_DATA, &collect, PMIX_BOOL);
  PMIX_INFO_LOAD(&info[1], PMIX_TIMEOUT, &seconds, PMIX_INT);
  rc = PMIx_Fence(&job, 1, info, 2);
  PMIX_INFO_DESTRUCT(&info[0]);
  PMIX_INFO_DESTRUCT(&info[1]);
  if (rc != PMIX_SUCCESS)
    return pmix_failed("the fence with the other ranks", rc);
  formation f;
  f.self = self.rank;
  for (std::uint32_t r = 0; r < size; ++r) {
    auto m = get_member(job, r);
    if (!m)
      return m.error();
    f.members.push_back(std::move(*m));
  }
  return f;
}

void pmix_discovery::leave() {
  if (initialized_) {
    initialized_ = false;
    PMIx_Finalize(nullptr, 0);
  }
}

} // namespace troupe::cluster
