// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The per-node part of inspection, loaded with cfg.load<inspection::probe>()
// after the middleman: it owns the inspect.* options and switches on the
// statistics of every actor the program spawns.
#include <memory>

#include "troupe/actor_system_config.hpp"
#include "troupe/actor_system_module.hpp"
#include "troupe/inspection/probe_settings.hpp"

namespace troupe {
class actor_system;
} // namespace troupe

namespace troupe::inspection {

/// The probe module of one actor system.
class probe final : public actor_system_module {
public:
  using settings = probe_settings; ///< its options
  /// The kind actor_system::find_module finds it by.
  static constexpr kind static_kind = actor_system_module::inspection_probe;

  /// Adds inspect.* to `cfg`, writing into `s`.
  static void add_options(actor_system_config& cfg, settings& s);
  /// Called by the system once it runs: makes the probe, which turns statistics on when asked to.
  static std::unique_ptr<actor_system_module> make(actor_system& sys, const settings& s);

  /// The probe of `sys`, whose statistics follow `s`.
  probe(actor_system& sys, const settings& s);

  /// inspection_probe.
  kind module_kind() const noexcept override { return static_kind; }
  /// Does nothing: the statistics are kept by the actors themselves, with no thread or actor of the probe.
  void start() override;
  /// Stops giving new actors statistics; those that have them keep them.
  void stop() override;

  /// The options it was made with.
  const settings& config() const noexcept { return settings_; }

private:
  actor_system& sys_;
  settings settings_;
};

} // namespace troupe::inspection
