// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/actor_system.hpp"

#include "troupe/actor_exited.hpp"
#include "troupe/actor_registry.hpp"
#include "troupe/detail/system_thread.hpp"
#include "troupe/group_manager.hpp"

#include "detail/exception_reason.hpp"
#include "detail/runtime_log.hpp"
#include "detail/this_actor_slot.hpp"

#include <exception>
#include <string>
#include <typeinfo>

namespace troupe {

namespace {

// The default system of the free functions (actor_system::current()).
std::atomic<actor_system*> default_system{nullptr};

// The system a module's thread works for (see system_thread.hpp).
constinit thread_local actor_system* this_thread_system __attribute__((tls_model("initial-exec"))) = nullptr;

} // namespace

void detail::set_thread_system(actor_system* sys) noexcept {
  this_thread_system = sys;
}

actor_system* detail::thread_system() noexcept {
  return this_thread_system;
}

actor_system::actor_system(const actor_system_config& cfg)
  : cfg_(cfg), logger_(cfg_.logger), scheduler_(cfg_.make_scheduler(this)), timers_(cfg_.timer_clock),
    registry_(std::make_unique<actor_registry>(*this)), groups_(std::make_unique<group_manager>(*this)) {
  // Made before any thread runs: a module that cannot be made (a bad option)
  // throws out of a constructor that has nothing to undo yet.
  modules_ = cfg_.make_modules(*this);
  timers_.start();
  scheduler_->start();
  start_modules();
  actor_system* none = nullptr;
  default_system.compare_exchange_strong(none, this, std::memory_order_acq_rel);
}

void actor_system::start_modules() {
  std::size_t started = 0;
  try {
    for (; started < modules_.size(); ++started)
      modules_[started]->start();
  } catch (...) {
    // No actor of the program exists yet: what runs belongs to the modules, which end it as they stop.
    while (started > 0)
      modules_[--started]->stop();
    shutting_down_.store(true, std::memory_order_release);
    stop_threads();
    groups_.reset();
    registry_.reset();
    detail::thread_cache::recycle_if_unused();
    throw;
  }
}

void actor_system::stop_threads() {
  // Pending timers hold messages (and handles); destroying them may release
  // the last reference to idle actors, which then terminate as unreachable.
  timers_.stop();
  scheduler_->stop();
  std::vector<owned_thread> threads;
  {
    std::lock_guard guard{threads_mtx_};
    threads.swap(threads_);
  }
  for (auto& t : threads)
    if (t.thread.joinable())
      t.thread.join();
}

actor_system_module* actor_system::find_module(actor_system_module::kind k) const noexcept {
  for (const auto& m : modules_)
    if (m->module_kind() == k)
      return m.get();
  return nullptr;
}

actor_system_module::~actor_system_module() = default;

actor_system* actor_system::current() noexcept {
  if (auto* worker = scheduler::current_worker())
    return worker->system();
  if (auto* sys = this_thread_system)
    return sys;
  return default_system.load(std::memory_order_acquire);
}

actor_system& detail::implicit_system(const char* fn) {
  if (auto* sys = actor_system::current())
    return *sys;
  throw std::logic_error(std::string{"troupe::"} + fn + ": no actor_system exists (create one first)");
}

actor_system::~actor_system() {
  actor_system* self = this;
  default_system.compare_exchange_strong(self, nullptr, std::memory_order_acq_rel);
  // The registry's references are the system's own: an actor that nothing
  // else holds ends now instead of keeping the shutdown waiting.
  registry_->clear();
  await_all_actors_done();
  for (auto i = modules_.rbegin(); i != modules_.rend(); ++i)
    (*i)->stop();
  shutting_down_.store(true, std::memory_order_release);
  stop_threads();
  // Their watchers live in cached blocks: gone before the depot is checked
  // for blocks still held, or it could never start again from its first slab.
  groups_.reset();
  registry_.reset();
  // The workers' caches went back to the depot when their threads ended.
  detail::thread_cache::recycle_if_unused();
}

node_counters actor_system::counters() const noexcept {
  node_counters out;
  out.running_actors = running_actors();
  out.processed_messages = scheduler_->processed_messages() + processed_off_workers_.get();
  out.dead_letters = dead_letters_.get();
  return out;
}

void actor_system::await_all_actors_done() {
  if (running_.load(std::memory_order_seq_cst) == 0)
    return;
  std::unique_lock lock{done_mtx_};
  waiters_.fetch_add(1, std::memory_order_seq_cst);
  // seq_cst on both counters: either actor_done() sees the waiter or we see 0.
  done_cv_.wait(lock, [this] { return running_.load(std::memory_order_seq_cst) == 0; });
  waiters_.fetch_sub(1, std::memory_order_relaxed);
}

void actor_system::actor_done() noexcept {
  // Only the last actor touches the mutex, and only if someone is waiting.
  if (running_.fetch_sub(1, std::memory_order_seq_cst) == 1 && waiters_.load(std::memory_order_seq_cst) > 0) {
    std::lock_guard guard{done_mtx_};
    done_cv_.notify_all();
  }
}

void actor_system::start_thread(std::function<void()> f) {
  auto finished = std::make_shared<std::atomic<bool>>(false);
  std::thread t{[f = std::move(f), finished] {
    f();
    finished->store(true, std::memory_order_release);
  }};
  std::lock_guard guard{threads_mtx_};
  // Reap threads that have finished so the list does not grow without bound.
  std::erase_if(threads_, [](owned_thread& x) {
    if (!x.finished->load(std::memory_order_acquire))
      return false;
    x.thread.join();
    return true;
  });
  threads_.push_back(owned_thread{std::move(t), std::move(finished)});
}

void actor_system::launch_blocking(blocking_actor* self) {
  start_thread([ptr = strong_actor_ptr{self->ctrl()}] {
    auto* me = static_cast<blocking_actor*>(ptr->get());
    detail::this_actor_scope running{me};
    error reason = exit_reason::normal;
    try {
      me->act();
      if (!me->pending_reason_.empty())
        reason = me->pending_reason_;
    } catch (const actor_exited& ex) {
      reason = ex.reason();
    } catch (...) {
      reason = detail::exception_reason(std::current_exception());
      detail::log_exception_exit(*me, reason);
    }
    me->finish(std::move(reason));
  });
}

} // namespace troupe
