// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The actor system: owns the scheduler, the timer thread and detached threads,
// spawns actors and, on destruction, waits until every actor has terminated.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/actor_concepts.hpp"
#include "troupe/actor_events.hpp"
#include "troupe/actor_system_config.hpp"
#include "troupe/blocking_actor.hpp"
#include "troupe/building_blocks/spawner.hpp"
#include "troupe/building_blocks/typed_protocol.hpp"
#include "troupe/detail/actor_tracker.hpp"
#include "troupe/detail/deprecated.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/detail/striped_counter.hpp"
#include "troupe/detail/thread_cache.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/fwd.hpp"
#include "troupe/logger.hpp"
#include "troupe/node_counters.hpp"
#include "troupe/node_id.hpp"
#include "troupe/node_monitor_service.hpp"
#include "troupe/scheduler/abstract_coordinator.hpp"
#include "troupe/scheduler/timer_service.hpp"
#include "troupe/spawn_options.hpp"

namespace troupe {

/// The actor system: owns the scheduler, the timer thread, the threads of detached and blocking actors, the
/// logger, the registry and the groups; spawns actors, and on destruction waits until every (non-hidden) actor
/// has terminated. The first system constructed while no default exists becomes the process's default system
/// (see current()).
class TROUPE_CORE_API actor_system {
public:
  /// Starts a system with a copy of `cfg`: makes the loaded modules, then starts the timer thread, the scheduler
  /// and the modules. Throws what a module's construction throws (a bad option, say); nothing runs yet then. A
  /// module whose start throws (a cluster that cannot form) fails it too: the modules started before it stop, and
  /// every thread ends before the exception leaves.
  explicit actor_system(const actor_system_config& cfg);
  actor_system(const actor_system&) = delete;
  actor_system& operator=(const actor_system&) = delete;
  /// Waits for all actors (await_all_actors_done), then stops and joins every thread.
  ~actor_system();

  /// Function-based actor: behavior fn(event_based_actor* self, xs...), or
  /// without self, or with a `stateful_actor<S>*` / `blocking_actor*` first parameter.
  /// Typed actors: a function taking a typed self pointer (`math::pointer`,
  /// `math::stateful_pointer<S>`) or returning a typed behavior, and a class
  /// derived from math::base, make a typed actor; spawn then returns its
  /// typed_actor<...> handle instead of `actor`.
  template <spawn_options Os = no_spawn_options, actor_function F, class... Ts>
  auto spawn(F fun, Ts&&... xs);

  /// Class-based actor: Impl(actor_config&, xs...) or Impl(xs...).
  template <actor_class Impl, spawn_options Os = no_spawn_options, class... Ts>
  auto spawn(Ts&&... xs);

  /// spawn() of a function, restricted to typed actors (an untyped function does not compile).
  template <spawn_options Os = no_spawn_options, actor_function F, class... Ts>
  TROUPE_DEPRECATED("use spawn: it returns a typed actor's typed handle")
  auto typed_spawn(F fun, Ts&&... xs);

  /// spawn() of an actor class, restricted to typed actor classes (an untyped one does not compile).
  template <actor_class Impl, spawn_options Os = no_spawn_options, class... Ts>
  TROUPE_DEPRECATED("use spawn: it returns a typed actor's typed handle")
  auto typed_spawn(Ts&&... xs);

  /// The system the free functions troupe::spawn and troupe::typed_spawn use:
  /// on a scheduler worker, the system that worker belongs to; on a module's
  /// own thread (the network's I/O thread, say), that module's system; elsewhere the
  /// process's default system, which is the first actor_system constructed
  /// while no other default existed, until its destructor starts. nullptr when
  /// there is none.
  static actor_system* current() noexcept;

  /// `actor`, or Impl's typed handle for a typed actor class.
  template <class Impl>
  static auto as_handle(actor x) {
    if constexpr (detail::typed_actor_class<Impl>)
      return Impl::handle_type::make_unchecked(x.ptr());
    else
      return x;
  }

  /// Blocks until no (non-hidden) actor is running.
  void await_all_actors_done();
  /// The number of running (non-hidden) actors; a snapshot that may be stale at once.
  std::size_t running_actors() const noexcept { return running_.load(std::memory_order_acquire); }
  /// The always-on counts: running actors, messages handled and dead letters (node_counters.hpp). Sums read
  /// without stopping anything; each may be a message behind.
  node_counters counters() const noexcept;

  /// The scheduler that runs this system's event-based actors.
  scheduler::abstract_coordinator& scheduler() noexcept { return *scheduler_; }
  /// The timer service (a deterministic test drives its manual clock).
  scheduler::timer_service& timers() noexcept { return timers_; }
  /// The system's copy of the configuration it was made from.
  const actor_system_config& config() const noexcept { return cfg_; }
  /// This system's identity; node() of each of its actors.
  const node_id& node() const noexcept { return node_; }

  /// The system's logger, made from config().logger (see logger.hpp).
  troupe::logger& logger() noexcept { return logger_; }

  /// The announced types (troupe/serialization/type_registry.hpp). The registry
  /// is process-wide, shared by all actor systems.
  type_registry& types() noexcept;

  /// Actors by name (actor_registry.hpp).
  actor_registry& registry() noexcept { return *registry_; }
  /// Groups by name (group_manager.hpp).
  group_manager& groups() noexcept { return *groups_; }

  /// The loaded module of kind k (cfg.load<...>()), or nullptr.
  actor_system_module* find_module(actor_system_module::kind k) const noexcept;

  /// The cluster (troupe::cluster, cfg.load<cluster::module>()); defined by troupe::cluster. Throws
  /// std::logic_error when the config did not load it.
  cluster::module& cluster();

  /// The network layer (troupe::net, cfg.load<net::middleman>()); defined by
  /// troupe::net. Throws std::logic_error when the config did not load it.
  net::middleman& middleman();

  /// The OpenCL part (troupe::opencl, cfg.load<opencl::manager>()); defined by
  /// troupe::opencl. Throws std::logic_error when the config did not load it.
  opencl::manager& opencl_manager();

  /// The service behind self->monitor(node_id) (the network layer sets it
  /// while it runs; nullptr: no node but this one is reachable).
  void set_node_monitor_service(node_monitor_service* x) noexcept {
    node_monitors_.store(x, std::memory_order_release);
  }
  /// The installed node monitor service, or nullptr while none is.
  node_monitor_service* node_monitors() const noexcept { return node_monitors_.load(std::memory_order_acquire); }

  /// The actors with statistics and whether new ones get them: the runtime's side of inspection, which
  /// troupe::inspection switches on and reads (`inspection::snapshot`).
  detail::actor_tracker& tracker() noexcept { return tracker_; }

  /// Installs (or, with nullptr, removes) what is told of dead letters and failed actors; `x` must outlive its
  /// installation and every call already under way when it is removed (the probe removes it when it stops).
  void set_actor_events(actor_events* x) noexcept { actor_events_.store(x, std::memory_order_release); }
  /// What is told of dead letters and failed actors, or nullptr.
  actor_events* events() const noexcept { return actor_events_.load(std::memory_order_acquire); }

private:
  /// Starts the modules in order; when one throws, stops those started and the threads, and rethrows.
  void start_modules();
  /// Stops the timer thread and the scheduler, and joins every thread the system started.
  void stop_threads();

  /// The runtime's side of the system, used by actors and the spawner only.
  friend struct detail::spawner;
  friend class local_actor;
  friend class scheduled_actor;
  friend class scoped_actor;
  friend class blocking_actor;

  void schedule(resumable* job) { scheduler_->enqueue(job); }

  /// Runs fun `delay` from now on the timer service's clock, which is
  /// steady_clock unless the config asked for a manual one.
  template <class F>
  void schedule_timer_after(std::chrono::nanoseconds delay, F&& fun) {
    timers_.schedule_after(delay, std::forward<F>(fun));
  }

  /// Runs f on a new thread that the system joins on shutdown.
  void start_thread(std::function<void()> f);

  /// A message handled by an actor that runs off the scheduler's workers (detached or blocking): they have no
  /// execution unit to count in.
  void count_processed_off_workers() noexcept { processed_off_workers_.add(); }
  void count_dead_letter() noexcept { dead_letters_.add(); }

  void actor_started() noexcept { running_.fetch_add(1, std::memory_order_relaxed); }
  void actor_done() noexcept;

  actor_id next_actor_id() noexcept { return next_id_.fetch_add(1, std::memory_order_relaxed); }
  bool shutting_down() const noexcept { return shutting_down_.load(std::memory_order_acquire); }
  bool tracks_new_actors() const noexcept { return tracker_.enabled(); }

  void launch_blocking(blocking_actor* self);

  actor_system_config cfg_;
  troupe::logger logger_; // before the scheduler: outlives every thread that logs
  node_id node_ = node_id::make_local();
  std::unique_ptr<scheduler::abstract_coordinator> scheduler_;
  scheduler::timer_service timers_;
  std::atomic<std::size_t> running_{0};
  std::atomic<actor_id> next_id_{1};
  std::atomic<bool> shutting_down_{false};
  std::atomic<int> waiters_{0};
  std::mutex done_mtx_;
  std::condition_variable done_cv_;
  /// Threads of detached and blocking actors; finished ones are joined when
  /// the next one starts, the rest on shutdown.
  struct owned_thread {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> finished;
  };
  std::mutex threads_mtx_;
  std::vector<owned_thread> threads_;
  std::vector<std::unique_ptr<actor_system_module>> modules_;
  std::atomic<node_monitor_service*> node_monitors_{nullptr};
  std::atomic<actor_events*> actor_events_{nullptr};
  std::unique_ptr<actor_registry> registry_;
  std::unique_ptr<group_manager> groups_;
  detail::actor_tracker tracker_;
  detail::striped_counter processed_off_workers_;
  detail::striped_counter dead_letters_;
};

namespace detail {

/// actor_system::current(), or std::logic_error naming `fn` when there is none:
/// the system of the free functions that name none (spawn, publish, spawn_cl).
TROUPE_CORE_API actor_system& implicit_system(const char* fn);

} // namespace detail

// ---- spawn: every entry point routes through detail::spawner ----------------------------

template <spawn_options Os, actor_function F, class... Ts>
auto actor_system::spawn(F fun, Ts&&... xs) {
  detail::spawner::check_parentless<Os>();
  return detail::spawner::spawn_function<Os, detail::spawn_kind::any>(*this, nullptr, std::move(fun),
                                                                      std::forward<Ts>(xs)...);
}

template <actor_class Impl, spawn_options Os, class... Ts>
auto actor_system::spawn(Ts&&... xs) {
  detail::spawner::check_parentless<Os>();
  return detail::spawner::spawn_object<Impl, Os, detail::spawn_kind::any>(*this, nullptr, std::forward<Ts>(xs)...);
}

template <spawn_options Os, actor_function F, class... Ts>
auto actor_system::typed_spawn(F fun, Ts&&... xs) {
  detail::spawner::check_parentless<Os>();
  return detail::spawner::spawn_function<Os, detail::spawn_kind::typed_only>(*this, nullptr, std::move(fun),
                                                                             std::forward<Ts>(xs)...);
}

template <actor_class Impl, spawn_options Os, class... Ts>
auto actor_system::typed_spawn(Ts&&... xs) {
  detail::spawner::check_parentless<Os>();
  return detail::spawner::spawn_object<Impl, Os, detail::spawn_kind::typed_only>(*this, nullptr,
                                                                                 std::forward<Ts>(xs)...);
}

// local_actor's spawn, defined here because it needs the system: the spawning
// actor is the parent (linked, monitored).

template <spawn_options Os, actor_function F, class... Ts>
auto local_actor::spawn(F fun, Ts&&... xs) {
  return detail::spawner::spawn_function<Os, detail::spawn_kind::any>(system(), this, std::move(fun),
                                                                      std::forward<Ts>(xs)...);
}

template <actor_class Impl, spawn_options Os, class... Ts>
auto local_actor::spawn(Ts&&... xs) {
  return detail::spawner::spawn_object<Impl, Os, detail::spawn_kind::any>(system(), this, std::forward<Ts>(xs)...);
}

template <spawn_options Os, actor_function F, class... Ts>
auto local_actor::typed_spawn(F fun, Ts&&... xs) {
  return detail::spawner::spawn_function<Os, detail::spawn_kind::typed_only>(system(), this, std::move(fun),
                                                                             std::forward<Ts>(xs)...);
}

template <actor_class Impl, spawn_options Os, class... Ts>
auto local_actor::typed_spawn(Ts&&... xs) {
  return detail::spawner::spawn_object<Impl, Os, detail::spawn_kind::typed_only>(system(), this,
                                                                                 std::forward<Ts>(xs)...);
}

} // namespace troupe
