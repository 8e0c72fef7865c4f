// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/local_group.hpp"

#include <algorithm>

#include "detail/termination_watcher.hpp"
#include "troupe/abstract_actor.hpp"
#include "troupe/mailbox_element.hpp"

namespace troupe {

local_group::local_group(actor_system& sys, std::string module, std::string identifier)
  : abstract_group(std::move(module), std::move(identifier)), members_(std::make_shared<const member_list>()) {
  // `this` outlives every callback: the destructor detaches the watcher first.
  watcher_ = detail::termination_watcher::make(sys, [this](const actor_addr& who) { remove(who); });
}

local_group::~local_group() {
  static_cast<detail::termination_watcher*>(watcher_->get())->detach();
  // Members that are still alive keep a monitor entry for the watcher, which
  // ignores it; the entry goes with the member.
}

std::shared_ptr<const local_group::member_list> local_group::members() const {
  std::lock_guard guard{mtx_};
  return members_;
}

bool local_group::subscribe(const actor_addr& who) {
  auto target = who.lock();
  if (!target)
    return false; // no member can be gone already
  {
    std::lock_guard guard{mtx_};
    if (std::find(members_->begin(), members_->end(), who) != members_->end())
      return false;
    auto next = std::make_shared<member_list>(*members_);
    next->push_back(who);
    members_ = std::move(next);
  }
  error reason;
  if (!target->get()->add_monitor(actor_addr{watcher_.get()}, &reason)) {
    remove(who); // it terminated meanwhile, before the watcher could see it
    return false;
  }
  return true;
}

bool local_group::unsubscribe(const actor_addr& who) {
  if (!remove(who))
    return false;
  if (auto target = who.lock())
    target->get()->remove_monitor(actor_addr{watcher_.get()});
  return true;
}

bool local_group::remove(const actor_addr& who) {
  std::lock_guard guard{mtx_};
  auto i = std::find(members_->begin(), members_->end(), who);
  if (i == members_->end())
    return false;
  auto next = std::make_shared<member_list>();
  next->reserve(members_->size() - 1);
  next->insert(next->end(), members_->begin(), i);
  next->insert(next->end(), i + 1, members_->end());
  members_ = std::move(next);
  return true;
}

void local_group::enqueue(const strong_actor_ptr& sender, message_id mid, const message& content, execution_unit* ctx) {
  auto list = members(); // no lock held while the members' mailboxes take the copies
  for (const auto& member : *list)
    if (auto dest = member.lock())
      dest->get()->enqueue(mailbox_element_ptr{new mailbox_element(sender, mid, content)}, ctx);
}

} // namespace troupe
