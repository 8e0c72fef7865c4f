// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Keeps the log lines of a test instead of printing them: log_capture::config
// returns a configuration whose logger writes to no console and hands every
// line to the capture.
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "troupe/actor_system_config.hpp"
#include "troupe/log_record.hpp"

namespace troupe::test_support {

// One captured line, with owned text.
struct captured_line {
  log_level level;
  std::string component;
  actor_id actor;
  std::string actor_name;
  std::string text;
  std::string line;
};

class log_capture {
public:
  // Installs the capture as cfg.logger.sink and turns the console off.
  actor_system_config& attach(actor_system_config& cfg, log_level verbosity = log_level::trace) {
    cfg.logger.console = logger_config::console_mode::none;
    cfg.logger.verbosity = verbosity;
    cfg.logger.sink = sink();
    return cfg;
  }

  std::function<void(const log_record&)> sink() {
    return [st = state_](const log_record& r) {
      std::lock_guard guard{st->mtx};
      st->lines.push_back({r.level, std::string{r.component}, r.actor, std::string{r.actor_name}, std::string{r.text},
                           std::string{r.line}});
    };
  }

  std::vector<captured_line> lines() const {
    std::lock_guard guard{state_->mtx};
    return state_->lines;
  }

  // Lines whose text contains `part`.
  std::vector<captured_line> containing(const std::string& part) const {
    std::vector<captured_line> result;
    for (auto& x : lines())
      if (x.text.find(part) != std::string::npos)
        result.push_back(x);
    return result;
  }

private:
  struct state {
    mutable std::mutex mtx;
    std::vector<captured_line> lines;
  };
  std::shared_ptr<state> state_ = std::make_shared<state>();
};

} // namespace troupe::test_support
