// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What self->monitor(node_id) needs from the layer that connects nodes: the
// network layer installs one of these in its system while it runs. The core
// names only this interface, so it knows nothing of connections.
#include "troupe/actor_addr.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/node_id.hpp"

namespace troupe {

/// What `self->monitor(node_id)` needs from the layer that connects nodes: the network layer installs one in its
/// system while it runs (actor_system::set_node_monitor_service()), so that the core knows nothing of connections.
class TROUPE_CORE_API node_monitor_service {
public:
  virtual ~node_monitor_service();

  /// Sends node_down_msg to `observer` once the connection to `node` is lost,
  /// or at once when there is no connection to it.
  virtual void monitor_node(const node_id& node, const actor_addr& observer) = 0;
  /// Undoes monitor_node(node, observer): `observer` gets no node_down_msg for `node` any more.
  virtual void demonitor_node(const node_id& node, const actor_addr& observer) = 0;
};

} // namespace troupe
