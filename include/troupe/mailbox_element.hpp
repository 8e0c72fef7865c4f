// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One queued message: the payload plus who sent it and which request it is.
#include <memory>
#include <utility>

#include "troupe/actor_control_block.hpp"
#include "troupe/detail/thread_cache.hpp"
#include "troupe/message.hpp"
#include "troupe/message_id.hpp"
#include "troupe/trace_context.hpp"

namespace troupe {

/// One queued message: the payload plus who sent it and which request or response it is, and, while a tracer
/// runs, the trace it belongs to. Allocated from the thread cache and owned through mailbox_element_ptr.
struct mailbox_element : detail::cache_allocated<mailbox_element> {
  /// An element holding `msg`, sent by `from` (null: anonymous), with the id `id`; it carries the calling
  /// thread's current trace, if any.
  mailbox_element(strong_actor_ptr from, message_id id, message msg) noexcept
    : sender(std::move(from)), mid(id), content(std::move(msg)), trace(detail::inherit_trace()) {}

  mailbox_element* next = nullptr; ///< Intrusive link used by the mailbox.
  strong_actor_ptr sender;         ///< The sender; null for anonymous messages.
  /// Which request or response the message is; a default id for an ordinary message.
  message_id mid;
  /// The message itself.
  message content;
  /// The trace and the span that sent it; null unless the sender ran in a traced span.
  trace_context_ptr trace;
};

/// Who holds a mailbox element owns it: the sender until enqueue, then the
/// receiver's mailbox, then the handler that runs it. Only the mailbox's and
/// the stash's intrusive lists hold elements by raw pointer.
using mailbox_element_ptr = std::unique_ptr<mailbox_element>;

/// Inlined into every send: left to itself, g++ 12 calls it out of line, which
/// costs each message about 36 instructions more than building the element in place.
template <class... Ts>
[[gnu::always_inline]] inline mailbox_element_ptr make_mailbox_element(strong_actor_ptr sender, message_id mid,
                                                                       Ts&&... xs) {
  return mailbox_element_ptr{new mailbox_element(std::move(sender), mid, make_message(std::forward<Ts>(xs)...))};
}

} // namespace troupe
