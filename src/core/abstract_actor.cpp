// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/abstract_actor.hpp"

#include <mutex>

#include "troupe/actor_system.hpp"
#include "troupe/detail/actor_statistics.hpp"
#include "troupe/scheduler/current_worker.hpp"
#include "troupe/system_messages.hpp"

namespace troupe {

void intrusive_ptr_release(actor_control_block* p) noexcept {
  if (p->strong_.fetch_sub(1, std::memory_order_acq_rel) != 1)
    return;
  // The actor is unreachable. Its cleanup may create references to itself
  // again (a message sent from on_exit() names it as sender), so it runs while
  // we hold one reference; whoever drops the last one afterwards destroys it.
  p->strong_.store(1, std::memory_order_relaxed);
  p->get()->on_unreachable();
  if (p->strong_.fetch_sub(1, std::memory_order_acq_rel) != 1)
    return;
  p->get()->~abstract_actor();
  p->weak_release();
}

void actor_control_block::weak_release() noexcept {
  if (weak_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    auto size = alloc_size_ & ~statistics_flag;
    void* start = this;
    if (has_statistics()) {
      auto* stats = detail::actor_statistics::of(this);
      stats->~actor_statistics();
      start = stats;
    }
    this->~actor_control_block();
    detail::cached_deallocate(start, size);
  }
}

abstract_actor::~abstract_actor() {
  while (attached_ != nullptr) {
    auto* next = attached_->next;
    delete attached_;
    attached_ = next;
  }
}

error abstract_actor::exit_reason_value() const {
  std::lock_guard guard{lock_};
  return reason_;
}

bool abstract_actor::add_link(const actor_addr& other, error* reason) {
  std::lock_guard guard{lock_};
  if (terminated_.load(std::memory_order_relaxed)) {
    *reason = reason_;
    return false;
  }
  for (auto* a = attached_; a != nullptr; a = a->next)
    if (a->what == attachable::kind::link && a->other == other)
      return true;
  attached_ = new attachable{attached_, other, attachable::kind::link, nullptr};
  return true;
}

namespace {

// The other ends of the attachments of one kind in the list at `head`.
template <class Attachable, class Kind>
std::vector<actor_addr> others_of(const Attachable* head, Kind kind) {
  std::vector<actor_addr> out;
  for (auto* a = head; a != nullptr; a = a->next)
    if (a->what == kind)
      out.push_back(a->other);
  return out;
}

} // namespace

std::vector<actor_addr> abstract_actor::links() const {
  std::lock_guard guard{lock_};
  return others_of(attached_, attachable::kind::link);
}

std::vector<actor_addr> abstract_actor::monitored_by() const {
  std::lock_guard guard{lock_};
  return others_of(attached_, attachable::kind::monitor);
}

bool abstract_actor::add_monitor(const actor_addr& observer, error* reason) {
  std::lock_guard guard{lock_};
  if (terminated_.load(std::memory_order_relaxed)) {
    *reason = reason_;
    return false;
  }
  attached_ = new attachable{attached_, observer, attachable::kind::monitor, nullptr};
  return true;
}

void abstract_actor::remove_link(const actor_addr& other) {
  std::lock_guard guard{lock_};
  for (auto** a = &attached_; *a != nullptr; a = &(*a)->next) {
    if ((*a)->what == attachable::kind::link && (*a)->other == other) {
      auto* victim = *a;
      *a = victim->next;
      delete victim;
      return;
    }
  }
}

void abstract_actor::remove_monitor(const actor_addr& observer) {
  std::lock_guard guard{lock_};
  for (auto** a = &attached_; *a != nullptr; a = &(*a)->next) {
    if ((*a)->what == attachable::kind::monitor && (*a)->other == observer) {
      auto* victim = *a;
      *a = victim->next;
      delete victim;
      return;
    }
  }
}

bool abstract_actor::finalize_links(error reason) {
  attachable* list;
  {
    std::lock_guard guard{lock_};
    if (terminated_.load(std::memory_order_relaxed))
      return false;
    reason_ = std::move(reason); // immutable from here on
    terminated_.store(true, std::memory_order_release);
    list = attached_;
    attached_ = nullptr;
  }
  auto* ctx = scheduler::current_worker();
  auto self = address();
  while (list != nullptr) {
    auto* next = list->next;
    if (list->what == attachable::kind::callback) {
      (*list->callback)(reason_);
    } else if (auto dest = list->other.lock()) {
      auto content = list->what == attachable::kind::link ? make_message(exit_msg{self, reason_})
                                                          : make_message(down_msg{self, reason_});
      dest->get()->enqueue(make_mailbox_element(nullptr, message_id{}, std::move(content)), ctx);
    }
    delete list;
    list = next;
  }
  return true;
}

void abstract_actor::attach(std::unique_ptr<exit_callback> f) {
  if (!f)
    return;
  {
    std::lock_guard guard{lock_};
    if (!terminated_.load(std::memory_order_relaxed)) {
      attached_ = new attachable{attached_, actor_addr{}, attachable::kind::callback, std::move(f)};
      return;
    }
  }
  (*f)(reason_); // immutable once terminated, which the lock let us see
}

void deliver(const strong_actor_ptr& to, mailbox_element_ptr e, execution_unit* ctx) {
  if (to)
    to->get()->enqueue(std::move(e), ctx);
}

void bounce(mailbox_element_ptr e, const error& reason, execution_unit* ctx) {
  if (e->mid.is_request() && e->sender)
    e->sender->get()->enqueue(make_mailbox_element(nullptr, e->mid.response_id(), reason), ctx);
}

} // namespace troupe
