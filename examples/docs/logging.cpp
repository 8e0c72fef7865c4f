// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/logging.md.
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <chrono>
#include <mutex>
#include <string>
#include <vector>

using namespace troupe;
using namespace std::chrono_literals;

// [snippet name]
class account : public event_based_actor {
public:
  using event_based_actor::event_based_actor;

  const char* name() const override { return "account"; }

protected:
  behavior make_behavior() override {
    return {[this](int amount) {
      balance_ += amount;
      TROUPE_LOG_INFO("bank", "deposit " << amount << ", balance " << balance_);
      return balance_;
    }};
  }

private:
  int balance_ = 0;
};
// [/snippet]

int main() {
  {
    // [snippet configure]
    actor_system_config cfg;
    cfg.logger.verbosity = log_level::info;                 // --logger.verbosity=info
    cfg.logger.console = logger_config::console_mode::none; // --logger.console=none
    // --logger.component-filter=bank,core:warning
    auto err = cfg.set("logger.component-filter", "bank,core:warning");
    // [/snippet]
    DOC_CHECK(!err);
    // [snippet sink]
    std::mutex mtx;
    std::vector<std::string> lines;
    cfg.logger.sink = [&](const log_record& rec) {
      std::lock_guard guard{mtx};
      lines.emplace_back(rec.line); // "<time> INFO bank actor#2 (account): deposit 5, balance 5"
    };
    // [/snippet]
    {
      actor_system sys{cfg};
      auto acc = sys.spawn<account>();
      scoped_actor self{sys};
      DOC_CHECK(doc::ask<int>(self, acc, 5) == 5);
      DOC_CHECK(doc::ask<int>(self, acc, 7) == 12);
      // [snippet statement]
      TROUPE_LOG_DEBUG("bank", "not written: " << acc.id()); // debug is above info
      TROUPE_LOG_WARNING("bank", "audit pending for actor " << acc.id());
      // [/snippet]
    }
    std::lock_guard guard{mtx};
    DOC_CHECK(lines.size() == 3);
    DOC_CHECK(lines[0].find(" INFO bank actor#") != std::string::npos);
    DOC_CHECK(lines[0].find("(account): deposit 5, balance 5") != std::string::npos);
    DOC_CHECK(lines[2].find(" WARNING bank: audit pending for actor ") != std::string::npos);
  }
  {
    actor_system_config cfg;
    cfg.logger.console = logger_config::console_mode::none;
    actor_system sys{cfg};
    // [snippet aout]
    auto greeter = sys.spawn([](event_based_actor* self) -> behavior {
      return {[=](const std::string& who) { aout(self) << "hello, " << who << '!' << std::endl; }};
    });
    // [/snippet]
    anon_send(greeter, "world");
  }
  return doc::result();
}
