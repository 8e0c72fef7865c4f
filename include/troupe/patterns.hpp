// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// troupe::patterns: parallel patterns that run as actors (docs/patterns.md).
// Seq, Map and DivConq are leaves; Farm and Pipeline compose any pattern; each
// spawned pattern is an actor (spawn_pattern).
#include "troupe/patterns/div_conq.hpp"
#include "troupe/patterns/farm.hpp"
#include "troupe/patterns/farm_policy.hpp"
#include "troupe/patterns/map.hpp"
#include "troupe/patterns/parallel_pattern.hpp"
#include "troupe/patterns/partition_sched.hpp"
#include "troupe/patterns/pipeline.hpp"
#include "troupe/patterns/runtime.hpp"
#include "troupe/patterns/seq.hpp"
#include "troupe/patterns/spawn_pattern.hpp"
