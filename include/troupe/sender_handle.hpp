// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The sender of the message being handled, as local_actor::current_sender()
// returns it. It holds a strong reference, taken from the mailbox element that
// already holds one, so answering the sender
// (`send(actor_cast<actor>(self->current_sender()), ...)`) moves that
// reference into the handle instead of upgrading a weak one. Everywhere else it
// reads like the sender's actor_addr and converts to it; store it as an
// actor_addr to keep only a weak reference. In a message it travels as an
// actor_addr. CAF returned the strong_actor_ptr itself, so it also converts to
// one: `strong_actor_ptr p = self->current_sender();` shares the reference.
#include <compare>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>

#include "troupe/actor.hpp"
#include "troupe/actor_addr.hpp"
#include "troupe/actor_control_block.hpp"

namespace troupe {

/// The sender of the message being handled, as local_actor::current_sender() returns it: a strong reference
/// (taken from the mailbox element) that reads like, compares like and converts to the sender's actor_addr.
/// `actor_cast<actor>` on it moves or copies that reference, with no weak-to-strong upgrade. Store it as an
/// actor_addr to keep only a weak reference; in a message it travels as an actor_addr. Empty for an
/// anonymous message.
class sender_handle {
public:
  /// What a message holds in its place (see strip_and_convert).
  using message_type = actor_addr;

  sender_handle() noexcept = default;
  /// Holds `ptr` (null: no sender).
  explicit sender_handle(strong_actor_ptr ptr) noexcept : ptr_(std::move(ptr)) {}

  /// The sender's id, or 0 when there is none.
  actor_id id() const noexcept { return ptr_ ? ptr_->id() : 0; }
  /// The sender's node, or an empty node_id when there is none.
  node_id node() const noexcept { return ptr_ ? ptr_->node() : node_id{}; }
  /// sender->id(), sender->node(): the control block (not valid when empty).
  actor_control_block* operator->() const noexcept { return ptr_.get(); }
  /// Whether there is a sender.
  explicit operator bool() const noexcept { return static_cast<bool>(ptr_); }
  /// The sender's control block, or nullptr.
  actor_control_block* get() const noexcept { return ptr_.get(); }
  /// A copy of the strong reference (null when there is no sender); unlike actor_addr::lock it cannot fail
  /// otherwise, since this handle keeps the sender alive.
  strong_actor_ptr lock() const noexcept { return ptr_; }
  /// The sender's weak address (empty when there is none).
  actor_addr address() const noexcept { return actor_addr{ptr_.get()}; }

  /// Implicit, so that the sender reads like an actor_addr: same as address().
  // NOLINTNEXTLINE(google-explicit-constructor): reads like an actor_addr on purpose
  operator actor_addr() const noexcept { return address(); }

  /// Classic spelling of the sender as a strong_actor_ptr (the canonical forms are `actor_cast<actor>(sender)`
  /// and address()): copies the reference, or moves it out of a temporary such as current_sender() itself.
  /// @{
  // NOLINTNEXTLINE(google-explicit-constructor): CAF code assigns it on purpose
  operator strong_actor_ptr() const& noexcept { return ptr_; }
  // NOLINTNEXTLINE(google-explicit-constructor)
  operator strong_actor_ptr() && noexcept { return std::move(ptr_); }
  /// @}

  /// The strong reference itself; leaves this handle empty.
  strong_actor_ptr release() && noexcept { return std::move(ptr_); }

  /// Comparison by identity (the control block) with another sender, an address, a handle, a strong pointer
  /// or nullptr (true when there is no sender); ordered by block address like actor_addr.
  /// @{
  friend bool operator==(const sender_handle& a, const sender_handle& b) noexcept { return a.get() == b.get(); }
  friend bool operator==(const sender_handle& a, const actor_addr& b) noexcept { return a.get() == b.get(); }
  friend bool operator==(const sender_handle& a, const actor& b) noexcept { return a.get() == b.ctrl(); }
  friend bool operator==(const sender_handle& a, std::nullptr_t) noexcept { return !a; }
  friend bool operator==(const sender_handle& a, const strong_actor_ptr& b) noexcept { return a.get() == b.get(); }
  friend std::strong_ordering operator<=>(const sender_handle& a, const sender_handle& b) noexcept {
    return std::compare_three_way{}(a.get(), b.get());
  }
  friend std::strong_ordering operator<=>(const sender_handle& a, const actor_addr& b) noexcept {
    return std::compare_three_way{}(a.get(), b.get());
  }
  /// @}

private:
  strong_actor_ptr ptr_;
};

/// The sender's address as text: "actor#<id>", or "invalid-actor" when there is none.
inline std::string to_string(const sender_handle& x) {
  return to_string(x.address());
}

/// actor_cast from the sender: to `actor` or a typed handle it moves (rvalue)
/// or copies the strong reference; no weak-to-strong upgrade. To actor_addr it gives address(). A typed handle
/// is not checked against the sender's interface.
/// @{
template <class To>
To actor_cast(sender_handle&& x) {
  if constexpr (std::is_same_v<To, actor_addr>)
    return x.address();
  else if constexpr (std::is_same_v<To, actor>)
    return actor{std::move(x).release()};
  else if constexpr (requires { To::make_unchecked(strong_actor_ptr{}); })
    return To::make_unchecked(std::move(x).release()); // unchecked, as for any handle
  else
    return To{actor{std::move(x).release()}};
}

template <class To>
To actor_cast(const sender_handle& x) {
  return actor_cast<To>(sender_handle{x.lock()});
}
/// @}

} // namespace troupe

// Hashing for unordered containers; Doxygen cannot place specializations of std::hash.
/// \cond
template <>
struct std::hash<troupe::sender_handle> {
  std::size_t operator()(const troupe::sender_handle& x) const noexcept { return std::hash<const void*>{}(x.get()); }
};
/// \endcond
