// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// troupe::inspection: runtime inspection of a node's actors (docs/inspection.md).
#include "troupe/inspection/actor_snapshot.hpp"
#include "troupe/inspection/duration_summary.hpp"
#include "troupe/inspection/node_snapshot.hpp"
#include "troupe/inspection/probe.hpp"
#include "troupe/inspection/probe_settings.hpp"
#include "troupe/inspection/snapshot.hpp"
