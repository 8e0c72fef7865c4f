// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// troupe::net: network-transparent actors (link troupe::net). Load it per
// system with cfg.load<net::middleman>(); docs/net.md shows the use.
#include "troupe/net/broker.hpp"
#include "troupe/net/broker_handles.hpp"
#include "troupe/net/broker_messages.hpp"
#include "troupe/net/interface_signature.hpp"
#include "troupe/net/memory_network.hpp"
#include "troupe/net/middleman.hpp"
#include "troupe/net/middleman_settings.hpp"
#include "troupe/net/receive_policy.hpp"
#include "troupe/troupe.hpp"

namespace troupe {

/// The seed's spellings, usable unqualified next to the rest of troupe.
using net::publish;
using net::remote_actor;

} // namespace troupe
