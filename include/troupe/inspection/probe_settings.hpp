// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The probe's options (inspect.*), filled from the command line or a config file.

namespace troupe::inspection {

/// What cfg.load<inspection::probe>() adds to the configuration.
struct probe_settings {
  /// inspect.track-actors: every actor spawned from now on keeps statistics (inspection::snapshot).
  bool track_actors = true;
};

} // namespace troupe::inspection
