// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// troupe::inspection: runtime inspection of a node's actors (docs/inspection.md).
#include "troupe/inspection/actor_details.hpp"
#include "troupe/inspection/actor_snapshot.hpp"
#include "troupe/inspection/busy_actor.hpp"
#include "troupe/inspection/duration_summary.hpp"
#include "troupe/inspection/host_statistics.hpp"
#include "troupe/inspection/mirror_level.hpp"
#include "troupe/inspection/nexus.hpp"
#include "troupe/inspection/node_info.hpp"
#include "troupe/inspection/node_snapshot.hpp"
#include "troupe/inspection/node_statistics.hpp"
#include "troupe/inspection/probe.hpp"
#include "troupe/inspection/probe_event.hpp"
#include "troupe/inspection/probe_settings.hpp"
#include "troupe/inspection/remote_traffic.hpp"
#include "troupe/inspection/snapshot.hpp"
#include "troupe/inspection/time_histogram.hpp"
#include "troupe/inspection/wire_time.hpp"
#include "troupe/inspection/worker_utilization.hpp"
