#pragma once
// One queued message: the payload plus who sent it and which request it is.
#include "troupe/actor_control_block.hpp"
#include "troupe/detail/thread_cache.hpp"
#include "troupe/message.hpp"
#include "troupe/message_id.hpp"

namespace troupe {

struct mailbox_element : detail::cache_allocated<mailbox_element> {
  mailbox_element(strong_actor_ptr from, message_id id, message msg) noexcept
    : sender(std::move(from)), mid(id), content(std::move(msg)) {}

  mailbox_element* next = nullptr; // intrusive link used by the mailbox
  strong_actor_ptr sender;         // null for anonymous messages
  message_id mid;
  message content;
};

} // namespace troupe
