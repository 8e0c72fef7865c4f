// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "member_monitors.hpp"

#include "troupe/abstract_actor.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/system_messages.hpp"

namespace troupe::cluster {

namespace {

void tell(const actor_addr& observer, const node_id& node, const error& reason) {
  if (auto x = observer.lock())
    x->get()->enqueue(make_mailbox_element(nullptr, message_id{}, node_down_msg{node, reason}), nullptr);
}

} // namespace

void member_monitors::monitor_node(const node_id& node, const actor_addr& observer) {
  std::unique_lock guard{mtx_};
  auto state = node ? state_of_(node) : std::nullopt;
  if (!state) {
    guard.unlock();
    if (inner_ != nullptr)
      inner_->monitor_node(node, observer);
    return;
  }
  if (*state == member_state::down || *state == member_state::left) {
    guard.unlock();
    tell(observer, node,
         *state == member_state::left
           ? error{exit_reason::normal, "the member left the cluster"}
           : error{exit_reason::remote_link_unreachable, "the membership protocol reports the member down"});
    return;
  }
  observers_[node].push_back(observer);
}

void member_monitors::demonitor_node(const node_id& node, const actor_addr& observer) {
  {
    std::lock_guard guard{mtx_};
    if (auto i = observers_.find(node); i != observers_.end()) {
      std::erase(i->second, observer);
      if (i->second.empty())
        observers_.erase(i);
      return;
    }
  }
  if (inner_ != nullptr)
    inner_->demonitor_node(node, observer);
}

void member_monitors::lost(const node_id& node, const error& reason) {
  std::vector<actor_addr> fire;
  {
    std::lock_guard guard{mtx_};
    if (auto i = observers_.find(node); i != observers_.end()) {
      fire = std::move(i->second);
      observers_.erase(i);
    }
  }
  for (const auto& o : fire)
    tell(o, node, reason);
}

} // namespace troupe::cluster
