// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Clusters on the launchers users already run: under mpirun or srun each
// process finds its rank, the job's size and every rank's endpoint (PMIx);
// otherwise a static list names the members.
//
//   actor_system_config cfg;
//   cfg.load<net::middleman>().load<cluster::module>();   // cluster.discovery=launcher|static
//   actor_system sys{cfg};
//   auto& c = sys.cluster();
//   auto next = c.lookup((c.rank() + 1) % c.size(), "worker");
//
// See docs/cluster.md.
#include "troupe/cluster/cluster_settings.hpp"
#include "troupe/cluster/discovery.hpp"
#include "troupe/cluster/member.hpp"
#include "troupe/cluster/member_events.hpp"
#include "troupe/cluster/module.hpp"
