// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// What the logger shows: a named actor logging its work, whole lines from
// aout(self), a message no behavior matches (reported once the behavior has
// changed and it still does not match), and an actor that dies of an
// exception. The program counts the lines it expects through a sink.
//
//   troupe_example_logging [--logger.verbosity=L] [--logger.file=PATH]
//                          [--logger.console=auto|colored|plain|none] ...
#include <troupe/troupe.hpp>

#include <atomic>
#include <chrono>
#include <iostream>
#include <stdexcept>
#include <string>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

// Keeps a balance; every deposit is an info line in component "bank".
class teller : public event_based_actor {
public:
  using event_based_actor::event_based_actor;
  const char* name() const override { return "teller"; }

protected:
  behavior make_behavior() override {
    return {on(atom("deposit"), arg_match) >> [this](int amount) {
      balance_ += amount;
      TROUPE_LOG_INFO("bank", "deposit of " << amount << ", balance " << balance_);
      aout(this) << "teller: balance is now " << balance_ << std::endl;
      return balance_;
    }};
  }

private:
  int balance_ = 0;
};

// Closed until {open}; then it greets strings. An int matches neither state.
behavior door(event_based_actor* self) {
  return {on(atom("open")) >>
          [=] { self->become([=](const std::string& who) { aout(self) << "door: welcome, " << who << std::endl; }); }};
}

// Fails on its first message.
behavior fragile() {
  return {[](int) -> int { throw std::runtime_error("fragile actor broke"); }};
}

} // namespace

int main(int argc, char** argv) {
  actor_system_config cfg;
  cfg.logger.verbosity = log_level::info; // the command line may override it
  if (auto err = cfg.parse(argc, argv)) {
    std::cerr << "logging: " << to_string(err) << '\n' << actor_system_config::help_text();
    return 2;
  }
  std::atomic<int> infos{0};
  std::atomic<int> unmatched{0};
  std::atomic<int> failures{0};
  cfg.logger.sink = [&](const log_record& rec) {
    if (rec.level == log_level::info && rec.component == "bank")
      ++infos;
    if (rec.text.find("message (42) is still unmatched") != std::string_view::npos)
      ++unmatched;
    if (rec.level == log_level::error && rec.text.find("fragile actor broke") != std::string_view::npos)
      ++failures;
  };
  int balance = 0;
  {
    actor_system sys{cfg};
    scoped_actor self{sys};
    auto t = sys.spawn<teller>();
    for (int amount : {10, 20, 12})
      self->request(t, 5s, atom("deposit"), amount).receive([&](int b) { balance = b; });

    auto d = sys.spawn(door);
    self->send(d, 42); // closed: skipped
    self->send(d, atom("open"));
    self->send(d, "visitor"); // after the become; 42 is tried again and reported
    self->send(d, "second visitor");

    auto f = sys.spawn(fragile);
    self->request(f, 5s, 1).receive([](int) {}, [](const error&) {});
    self->send_exit(d, exit_reason::user_shutdown);
  }
  // What a lower verbosity (or a component filter) leaves out is not expected.
  auto& lg_cfg = cfg.logger;
  bool all = lg_cfg.component_filter.empty();
  bool ok = balance == 42 && (!all || infos == (lg_cfg.verbosity >= log_level::info ? 3 : 0))
            && (!all || unmatched == (lg_cfg.verbosity >= log_level::warning ? 1 : 0))
            && (!all || failures == (lg_cfg.verbosity >= log_level::error ? 1 : 0));
  std::cout << "logging: balance " << balance << ", " << infos << " info lines, " << unmatched
            << " unmatched-message warning, " << failures << " failure\n";
  if (!ok) {
    std::cout << "logging: FAILED\n";
    return 1;
  }
  std::cout << "logging: ok\n";
  return 0;
}
