// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md, "The actor system and its configuration".
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <cstdint>
#include <string>
#include <vector>

using namespace troupe;

// [snippet opt_group]
struct config : actor_system_config {
  std::uint16_t port = 0;
  bool server_mode = false;
  config() {
    opt_group{custom_options_, "global"}
      .add(port, "port,p", "set port")                     // --port=N, -p N, -pN
      .add(server_mode, "server-mode,s", "run as server"); // --server-mode, -s
  }
};
// [/snippet]

int main() {
  {
    // Long and short names set the same fields; help() lists both.
    config cfg;
    DOC_CHECK(!cfg.parse(std::vector<std::string>{"-s", "-p", "4242", "input.txt"}));
    DOC_CHECK(cfg.port == 4242);
    DOC_CHECK(cfg.server_mode);
    DOC_CHECK(cfg.remainder() == std::vector<std::string>{"input.txt"});
    DOC_CHECK(!cfg.parse(std::vector<std::string>{"--port=1", "-p2", "--", "-p3"}));
    DOC_CHECK(cfg.port == 2);
    DOC_CHECK(cfg.remainder() == (std::vector<std::string>{"--", "-p3"}));
    DOC_CHECK(cfg.parse(std::vector<std::string>{"-sv"}) == sec::invalid_argument);
    DOC_CHECK(cfg.help().find("-p, --port=VALUE") != std::string::npos);
  }
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
