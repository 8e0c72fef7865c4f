// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// `actor` is a strong, dynamically typed handle. It counts references on the
// actor's control block and sends through abstract_actor::enqueue, so it never
// assumes where the actor runs.
#include <compare>
#include <concepts>
#include <functional>
#include <string>

#include "troupe/actor_addr.hpp"
#include "troupe/actor_control_block.hpp"
#include "troupe/detail/export.hpp"

namespace troupe {

class abstract_actor;

/// A handle to an actor: anything that wraps its control block (actor,
/// typed_actor<...>, scoped_actor). spawn and send take these.
template <class H>
concept actor_handle = requires(const H& x) {
  { x.ctrl() } -> std::same_as<actor_control_block*>;
};

/// A strong, dynamically typed handle to an actor: it keeps the actor object alive (the actor may still have
/// terminated) and sends through abstract_actor::enqueue, so it works the same for a local actor and for a
/// proxy of a remote one. An empty handle refers to no actor: send() to it does nothing, and a request to it
/// fails with sec::request_receiver_down.
class TROUPE_CORE_API actor {
public:
  /// An empty handle.
  /// @{
  actor() noexcept = default;
  actor(std::nullptr_t) noexcept {}
  /// @}
  /// Wraps the strong reference `ptr`; a null `ptr` gives an empty handle.
  explicit actor(strong_actor_ptr ptr) noexcept : ptr_(std::move(ptr)) {}

  /// From an actor pointer (`self`).
  template <class T>
    requires std::derived_from<T, abstract_actor> actor(T* self)
  noexcept : actor(from_ptr(self)) {} // NOLINT: implicit on purpose

  /// From anything that wraps an actor (scoped_actor, typed handles).
  template <actor_handle T>
  actor(const T& x) noexcept : ptr_(x.ctrl()) {} // NOLINT: implicit on purpose

  /// The actor's id, or 0 for an empty handle.
  actor_id id() const noexcept { return ptr_ ? ptr_->id() : 0; }
  /// The actor's node, or an empty node_id for an empty handle.
  node_id node() const noexcept { return ptr_ ? ptr_->node() : node_id{}; }
  /// handle->id(), handle->node(), ...: the actor (not valid on an empty handle).
  abstract_actor* operator->() const noexcept { return ptr_->get(); }
  /// The actor's weak address (empty for an empty handle).
  actor_addr address() const noexcept { return actor_addr{ptr_.get()}; }
  /// Whether the handle refers to an actor (which may have terminated).
  explicit operator bool() const noexcept { return static_cast<bool>(ptr_); }

  /// The actor's control block, or nullptr for an empty handle.
  actor_control_block* ctrl() const noexcept { return ptr_.get(); }
  /// The strong reference this handle holds.
  const strong_actor_ptr& ptr() const noexcept { return ptr_; }

  /// Handles compare by identity (the control block), also with an actor_addr; the order is that of the
  /// blocks' addresses, stable for as long as the actors exist, and not the same in another process.
  /// @{
  friend bool operator==(const actor& a, const actor& b) noexcept { return a.ctrl() == b.ctrl(); }
  friend std::strong_ordering operator<=>(const actor& a, const actor& b) noexcept {
    return std::compare_three_way{}(a.ctrl(), b.ctrl());
  }
  friend bool operator==(const actor& a, const actor_addr& b) noexcept { return a.ctrl() == b.get(); }
  /// @}

private:
  static strong_actor_ptr from_ptr(const abstract_actor* p) noexcept {
    return p ? strong_actor_ptr{actor_control_block::from(p)} : strong_actor_ptr{};
  }
  strong_actor_ptr ptr_;
};

/// "actor#<id>" (the id only, not the node), or "invalid-actor" for an empty handle.
TROUPE_CORE_API std::string to_string(const actor& x);

/// actor_cast<actor>(addr): a strong handle if the actor still exists.
/// actor_cast<actor_addr>(handle): its weak address.
/// actor_cast<typed_actor<...>>(handle or addr): a typed handle, NOT checked.
template <class To, class From>
To actor_cast(const From& x) {
  if constexpr (std::is_same_v<To, actor>) {
    if constexpr (std::is_same_v<From, actor_addr>)
      return actor{x.lock()};
    else
      return actor{x};
  } else if constexpr (std::is_same_v<To, actor_addr>) {
    return actor{x}.address();
  } else if constexpr (requires { To::make_unchecked(strong_actor_ptr{}); }) {
    // To a typed handle: unchecked, the caller vouches for the interface.
    if constexpr (std::is_same_v<From, actor_addr>)
      return To::make_unchecked(x.lock());
    else
      return To::make_unchecked(actor{x}.ptr());
  } else {
    return To{actor{x}};
  }
}

} // namespace troupe

// Hashing for unordered containers; Doxygen cannot place specializations of std::hash.
/// \cond
template <>
struct std::hash<troupe::actor> {
  std::size_t operator()(const troupe::actor& x) const noexcept { return std::hash<const void*>{}(x.ctrl()); }
};
/// \endcond
