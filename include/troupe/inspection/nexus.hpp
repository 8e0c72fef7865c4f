// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The nexus: the actor every probe reports to. It keeps the nodes it knows,
// their latest statistics and whether they are up, passes events and
// statistics on to its listeners, and forwards its clients' requests (list
// the actors, send to one, kill one, change the mirror level,
// the node they name, have its flight recorder write its file). troupe-nexus
// runs one; troupe-shell is its client.
//
//   auto nexus = inspection::spawn_nexus(sys);
//   auto port = sys.middleman().publish(nexus, 4242, "127.0.0.1");
//
// Nodes are named by their id as to_string(node_id) prints it.
#include <string>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/atom.hpp"
#include "troupe/inspection/actor_details.hpp"
#include "troupe/inspection/node_info.hpp"
#include "troupe/inspection/node_snapshot.hpp"
#include "troupe/inspection/node_statistics.hpp"
#include "troupe/inspection/probe_event.hpp"
#include "troupe/typed/replies_to.hpp"
#include "troupe/typed/typed_actor.hpp"

namespace troupe {
class actor_system;
} // namespace troupe

namespace troupe::inspection {

/// @{ The tags of the nexus's messages.
using hello_atom = atom_constant<atom("hello")>;
using add_listener_atom = atom_constant<atom("addlisten")>;
using list_nodes_atom = atom_constant<atom("nodes")>;
using statistics_atom = atom_constant<atom("stats")>;
using list_actors_atom = atom_constant<atom("actors")>;
using info_atom = atom_constant<atom("info")>;
using peek_atom = atom_constant<atom("peek")>;
using send_atom = atom_constant<atom("send")>;
using kill_atom = atom_constant<atom("kill")>;
using mirror_atom = atom_constant<atom("mirror")>;
using dump_atom = atom_constant<atom("dump")>;
/// @}

/// The nexus's interface. A probe introduces its node (hello) and then reports
/// statistics and events; clients ask about and act on the nodes.
using nexus_actor = typed_actor<
  // from probes; the sender of hello is the node's probe
  reacts_to<hello_atom, node_info>, reacts_to<node_statistics>, reacts_to<probe_event>,
  // a client that wants every node_info change, node_statistics and probe_event from now on;
  // the answer is the nodes known when it starts listening
  replies_to<add_listener_atom, actor>::with<std::vector<node_info>>,
  // the nodes known, up and down, in the order they came
  replies_to<list_nodes_atom>::with<std::vector<node_info>>,
  // a node's latest statistics
  replies_to<statistics_atom, std::string>::with<node_statistics>,
  // forwarded to the node's probe: its live actors, one actor, the messages waiting for one
  replies_to<list_actors_atom, std::string>::with<node_snapshot>,
  replies_to<info_atom, std::string, actor_id>::with<actor_details>,
  replies_to<peek_atom, std::string, actor_id>::with<std::vector<std::string>>,
  // forwarded where the node allows control: a message in the text format to an actor, sent on
  // behalf of the given actor (which gets the answer); an exit reason by name ("" for kill).
  // Both answer with the actor as NAME#ID.
  replies_to<send_atom, std::string, actor_id, std::string, actor>::with<std::string>,
  replies_to<kill_atom, std::string, actor_id, std::string>::with<std::string>,
  // a new mirror level for one node, or for every node when the node is ""; answers which
  replies_to<mirror_atom, std::string, std::string>::with<std::string>,
  // forwarded: the node's flight recorder writes its file now; answers the file's path
  replies_to<dump_atom, std::string>::with<std::string>>;

/// Spawns a nexus in `sys` (publish it with the middleman to let probes reach it).
nexus_actor spawn_nexus(actor_system& sys);

/// Announces the types of the probes' and the nexus's messages (done by the
/// probe, spawn_nexus and the shell; calling it again does nothing).
void announce_types();

} // namespace troupe::inspection
