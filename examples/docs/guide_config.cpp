// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md, "The actor system and its configuration".
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <string>
#include <vector>

using namespace troupe;

int main() {
  {
    // [snippet set_scheduler]
    actor_system_config cfg;
    cfg.set_scheduler<policy::work_sharing>(4, 100); // 4 workers, 100 messages per turn
    actor_system sys{cfg};
    // [/snippet]
    DOC_CHECK(cfg.workers == 4);
    DOC_CHECK(cfg.max_throughput == 100);
  }
  {
    // An argument of 0 keeps the current value.
    actor_system_config cfg;
    cfg.set_scheduler<policy::work_stealing>(3, 50).set_scheduler<policy::work_stealing>(0, 0);
    DOC_CHECK(cfg.workers == 3);
    DOC_CHECK(cfg.max_throughput == 50);
  }
  {
    // Options are applied in order; arguments that are not troupe options stay
    // in remainder().
    actor_system_config cfg;
    auto err = cfg.parse(
      std::vector<std::string>{"--scheduler.workers=2", "--verbose", "--scheduler.policy=sharing", "input.txt"});
    DOC_CHECK(!err);
    DOC_CHECK(cfg.workers == 2);
    DOC_CHECK(cfg.policy_name == "sharing");
    DOC_CHECK(cfg.remainder() == std::vector<std::string>{"--verbose", "input.txt"});
  }
  {
    // A malformed value and an unknown scheduler option are errors with code
    // sec::invalid_argument.
    actor_system_config cfg;
    DOC_CHECK(cfg.parse(std::vector<std::string>{"--scheduler.workers=many"}) == sec::invalid_argument);
    DOC_CHECK(cfg.parse(std::vector<std::string>{"--scheduler.speed=3"}) == sec::invalid_argument);
    DOC_CHECK(cfg.parse(std::vector<std::string>{"--config-file=/nonexistent/troupe.cfg"}) == sec::invalid_argument);
  }
  return doc::result();
}
