// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A part of the runtime that a program opts into per system
// (cfg.load<net::middleman>()): the system creates it after its scheduler
// runs, starts it, and stops it once every actor is done, in reverse order of
// loading. The core knows modules only through this interface, so it never
// depends on the parts built on top of it.
#include <memory>

#include "troupe/detail/export.hpp"

namespace troupe {

class actor_system;

/// A part of the runtime that a program opts into per system (`cfg.load<net::middleman>()`): the system makes it
/// in its constructor, starts it after the scheduler, and stops it once every actor is done, in reverse order of
/// loading. The core knows modules only through this interface.
class TROUPE_CORE_API actor_system_module {
public:
  /// One per kind: actor_system::find_module(kind) finds the loaded one.
  enum kind { middleman, opencl_manager, inspection_probe, cluster_module, num_kinds };

  virtual ~actor_system_module();

  /// Which module this is.
  virtual kind module_kind() const noexcept = 0;
  /// Called once by the system's constructor, after the scheduler started.
  virtual void start() = 0;
  /// Called once by the system's destructor, after every actor is done and
  /// before the scheduler stops.
  virtual void stop() = 0;
};

} // namespace troupe
