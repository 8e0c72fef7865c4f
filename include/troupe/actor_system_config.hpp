// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Settings of an actor_system, from code, the command line or a config file.
//
// Options (command line `--name=value`, or `name=value` lines in a file given
// with --config-file; '#' starts a comment):
//   scheduler.workers         worker threads (default: hardware concurrency)
//   scheduler.max-throughput  messages an actor handles per resume (default 300)
//   scheduler.policy          stealing (default) or sharing
//   logger.*                  the logger's options, see logger_config.hpp
//   config-file               read more options from this file
// parse() leaves arguments it does not know in remainder(). An argument "--"
// ends the options: it and everything after it go to remainder() unread.
//
// A program adds options of its own with add_option or opt_group (which also
// gives short names, `-p 4242` or `-p4242`), usually in the constructor of a
// config derived from this one; parse() and config files then set them and
// help() lists them.
#include <charconv>
#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "troupe/actor_factory.hpp"
#include "troupe/actor_system_module.hpp"
#include "troupe/config_option_set.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/error.hpp"
#include "troupe/logger_config.hpp"
#include "troupe/scheduler/abstract_coordinator.hpp"
#include "troupe/scheduler/coordinator.hpp"
#include "troupe/scheduler/timer_service.hpp"

namespace troupe {

class actor_system;

/// The settings of an actor_system, from code, the command line or a config file. The built-in options are
/// `scheduler.workers`, `scheduler.max-throughput`, `scheduler.policy` (stealing or sharing), `config-file`
/// and the `logger.*` options of logger_config; a program adds its own with add_option() or opt_group, and
/// loads modules with load(). An actor_system copies the config it is made from.
class TROUPE_CORE_API actor_system_config {
public:
  /// Makes a scheduler, called as f(system, workers, max_throughput).
  using coordinator_factory =
    std::function<std::unique_ptr<scheduler::abstract_coordinator>(actor_system*, std::size_t, std::size_t)>;

  actor_system_config();

  /// Reads options from argv (argv[0] is skipped). Returns an error with the
  /// offending option as context for malformed values or unreadable files.
  error parse(int argc, char** argv);
  /// Reads options from args, every element an argument (no program name): `--name=value`, `--flag`, and a
  /// program option's short form (`-p 4242`, `-p4242`). Arguments it does not know go to remainder(); "--" ends
  /// the options and goes there with everything after it. Returns the error of the first malformed or missing
  /// value; the options before it stay set.
  error parse(const std::vector<std::string>& args);
  /// Reads `name=value` lines from a file ('#' starts a comment; `config-file=...` includes another file,
  /// nested at most 8 deep). Returns an error naming the file and line for an unreadable file, a line without
  /// '=' or a bad option; the lines before it stay set.
  error parse_file(const std::string& path);
  /// Sets one option by name ("scheduler.workers", ...).
  error set(const std::string& name, const std::string& value);

  /// The scheduler: a policy type (policy::work_stealing, policy::work_sharing
  /// or a user type modelling scheduler_policy), workers and messages per resume.
  template <class Policy = scheduler::policy::work_stealing>
  actor_system_config& set_scheduler(std::size_t num_workers = 0, std::size_t max_msgs = 0) {
    if (num_workers != 0)
      workers = num_workers;
    if (max_msgs != 0)
      max_throughput = max_msgs;
    policy_name = "custom";
    factory_ = [](actor_system* sys, std::size_t n, std::size_t m) {
      return scheduler::make_coordinator<Policy>(sys, n, m);
    };
    return *this;
  }

  /// A scheduler that is not a coordinator<Policy> (the deterministic test
  /// scheduler of troupe::test); called as f(system, workers, max_throughput).
  actor_system_config& set_scheduler_factory(coordinator_factory f) {
    policy_name = "custom";
    factory_ = std::move(f);
    return *this;
  }

  /// manual: timers wait for timer_service::advance_to instead of a thread
  /// (deterministic tests); steady (default): real time.
  scheduler::timer_service::clock_mode timer_clock = scheduler::timer_service::clock_mode::steady;

  /// Worker threads of the scheduler; 0: one per hardware thread (option `scheduler.workers`, at most 1024).
  std::size_t workers = 0; // 0: hardware concurrency
  /// Messages an actor handles per resume before it yields its worker (option `scheduler.max-throughput`).
  std::size_t max_throughput = 300;
  /// The scheduler chosen: "stealing", "sharing" (option `scheduler.policy`) or "custom" (set_scheduler(),
  /// set_scheduler_factory()). Informational: setting it by hand does not change the scheduler.
  std::string policy_name = "stealing";

  /// Verbosity, component filter, outputs (logger.* options).
  logger_config logger;

  /// The arguments the last parse() did not know, in order.
  const std::vector<std::string>& remainder() const noexcept { return remainder_; }
  /// The built-in options, one line each.
  static std::string help_text();
  /// help_text() and the program's own options, with their short names.
  std::string help() const;

  /// A program option: --name=value on the command line or name=value in a
  /// config file stores the value in `field`. T is bool (where `--name` alone
  /// means true), an integer, a floating-point type or std::string. `field`
  /// must outlive every parse and set on this object (a member of the derived
  /// config that calls add_option is the usual field); a copy of the config
  /// still writes to the original's fields. opt_group adds to the same
  /// options, with short names and categories.
  template <class T>
  actor_system_config& add_option(std::string name, T& field, std::string description) {
    custom_options_.add(field, std::move(name), 0, std::move(description));
    return *this;
  }

  /// Whether parse() and set() know the option `name` (without the dashes).
  bool has_option(const std::string& name) const;

  /// Loads the module M (net::middleman, ...) into every system made from this
  /// config: M::settings holds its options, M::add_options(cfg, settings)
  /// registers them (so parse, set and help know them), and
  /// M::make(sys, settings) creates the module. Loading M again changes nothing.
  template <class M>
  actor_system_config& load();

  /// Whether a module of this kind is loaded.
  bool has_module(actor_system_module::kind k) const noexcept;

  /// An actor type that spawn_by_name (and so other nodes, mm.remote_spawn)
  /// can spawn as `name`: a function as for spawn, whose parameters after
  /// `self` come from the message of arguments.
  template <class F>
  actor_system_config& add_actor_type(std::string name, F fun) {
    actor_types_[std::move(name)] = detail::make_function_factory(std::move(fun));
    return *this;
  }
  /// The same for an actor class, constructed from arguments of types Ts.
  template <class Impl, class... Ts>
  actor_system_config& add_actor_type(std::string name) {
    actor_types_[std::move(name)] = detail::make_class_factory<Impl, Ts...>();
    return *this;
  }
  /// The actor type added as `name`, or nullptr.
  const actor_factory* actor_type(const std::string& name) const;

  /// The loaded modules, made for `sys` in loading order.
  std::vector<std::unique_ptr<actor_system_module>> make_modules(actor_system& sys) const;

  /// The scheduler for `sys`: the factory's (set_scheduler(), set_scheduler_factory(), `scheduler.policy`),
  /// else a work-stealing coordinator, with `workers` threads and `max_throughput` messages per resume.
  std::unique_ptr<scheduler::abstract_coordinator> make_scheduler(actor_system* sys) const;

protected:
  /// The program's own options; a derived config adds to them in its
  /// constructor, with add_option or opt_group{custom_options_, "global"}.
  config_option_set custom_options_;

private:
  struct module_entry {
    actor_system_module::kind kind;
    std::function<std::unique_ptr<actor_system_module>(actor_system&)> make;
  };

  std::vector<module_entry> modules_;
  std::map<std::string, actor_factory, std::less<>> actor_types_;
  coordinator_factory factory_;
  std::vector<std::string> remainder_;
  int file_depth_ = 0; // config files including config files
};

template <class M>
actor_system_config& actor_system_config::load() {
  if (has_module(M::static_kind))
    return *this;
  auto settings = std::make_shared<typename M::settings>();
  M::add_options(*this, *settings);
  modules_.push_back(
    module_entry{M::static_kind, [settings](actor_system& sys) -> std::unique_ptr<actor_system_module> {
                   return M::make(sys, *settings);
                 }});
  return *this;
}

} // namespace troupe
