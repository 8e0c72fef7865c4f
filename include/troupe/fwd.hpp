// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Declarations of the runtime's central classes, for headers that name them
// (pointers, references, friends, template code) without needing their
// definitions. Including this instead of a class's own header is what keeps a
// low header from including a high one, and so keeps the include graph free of
// cycles.

namespace troupe {

class abstract_actor;
class actor;
class actor_addr;
class actor_registry;
class actor_system;
class actor_system_config;
class actor_system_module;
class behavior;
class blocking_actor;
class event_based_actor;
class execution_unit;
class group_manager;
class local_actor;
class message;
class node_monitor_service;
class response_promise;
class resumable;
class scheduled_actor;
class scoped_actor;
class type_registry;

namespace detail {
/// The one implementation behind every spawn entry point (building_blocks/spawner.hpp).
struct spawner;
} // namespace detail

namespace net {
class middleman;
} // namespace net

namespace opencl {
class manager;
} // namespace opencl

namespace cluster {
class module;
} // namespace cluster

} // namespace troupe
