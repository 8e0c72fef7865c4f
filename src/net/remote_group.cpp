// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "remote_group.hpp"

#include "peer.hpp"
#include "service_wire.hpp"
#include "troupe/abstract_actor.hpp"
#include "troupe/mailbox_element.hpp"

namespace troupe::net {

remote_group::remote_group(std::string identifier, actor intermediary, std::weak_ptr<peer> via)
  : abstract_group("remote", std::move(identifier)), intermediary_(std::move(intermediary)), via_(std::move(via)) {
  if (auto p = via_.lock())
    p->pin();
}

remote_group::~remote_group() {
  if (auto p = via_.lock())
    p->unpin();
}

bool remote_group::subscribe(const actor_addr& who) {
  return send_membership(wire::frame_kind::group_join, who);
}

bool remote_group::unsubscribe(const actor_addr& who) {
  return send_membership(wire::frame_kind::group_leave, who);
}

bool remote_group::send_membership(wire::frame_kind kind, const actor_addr& who) {
  auto member = who.lock();
  if (!member || member->is_remote() || intermediary_->is_terminated())
    return false;
  auto p = via_.lock();
  if (!p)
    return false;
  // The owner addresses the member by its id, so the member becomes
  // reachable from that connection (and reported there when it ends).
  p->exporting(member.get());
  std::vector<std::byte> frame;
  wire::write_group_membership(frame, kind, wire::group_membership{intermediary_.id(), member->id()});
  p->send_frame(frame);
  return true;
}

void remote_group::enqueue(const strong_actor_ptr& sender, message_id mid, const message& content,
                           execution_unit* ctx) {
  intermediary_->enqueue(mailbox_element_ptr{new mailbox_element(sender, mid, content)}, ctx);
}

} // namespace troupe::net
