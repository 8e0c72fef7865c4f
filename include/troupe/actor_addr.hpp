// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A weak, comparable, hashable address of an actor: it does not keep the actor
// alive. actor_cast<actor>(addr) gives a handle back while the actor exists.
#include <compare>
#include <functional>
#include <string>

#include "troupe/actor_control_block.hpp"
#include "troupe/detail/export.hpp"

namespace troupe {

/// A weak, comparable, hashable address of an actor: it does not keep the actor alive, and
/// `actor_cast<actor>(addr)` gives a handle back while the actor exists. Equality and order are those of the
/// control block's address; an empty address compares equal only to another empty one.
class TROUPE_CORE_API actor_addr {
public:
  actor_addr() noexcept = default;
  /// An empty address.
  actor_addr(std::nullptr_t) noexcept {}
  /// The address of the actor with control block `p` (null: empty).
  explicit actor_addr(actor_control_block* p) noexcept : ptr_(p) {}

  /// The actor's id; 0 for an empty address.
  actor_id id() const noexcept { return ptr_ ? ptr_.get()->id() : 0; }
  /// The actor's node; an invalid node_id for an empty address.
  node_id node() const noexcept { return ptr_ ? ptr_.get()->node() : node_id{}; }
  /// addr->id(), addr->node(): the control block, which outlives the actor
  /// (not valid on an empty address).
  actor_control_block* operator->() const noexcept { return ptr_.get(); }
  /// Whether the address names an actor; says nothing about whether the actor is alive (use lock()).
  explicit operator bool() const noexcept { return static_cast<bool>(ptr_); }
  /// The control block, or nullptr for an empty address.
  actor_control_block* get() const noexcept { return ptr_.get(); }
  /// A strong reference to the actor while strong references keep it alive; null once it is gone (or when empty).
  strong_actor_ptr lock() const noexcept { return ptr_.lock(); }

  /// By control block address.
  /// @{
  friend bool operator==(const actor_addr& a, const actor_addr& b) noexcept { return a.get() == b.get(); }
  friend std::strong_ordering operator<=>(const actor_addr& a, const actor_addr& b) noexcept {
    return std::compare_three_way{}(a.get(), b.get());
  }
  /// @}

private:
  weak_actor_ptr ptr_;
};

/// "actor#<id>" (the id only, not the node), or "invalid-actor" for an empty address.
TROUPE_CORE_API std::string to_string(const actor_addr& x);

} // namespace troupe

// Hashing for unordered containers; Doxygen cannot place specializations of std::hash.
/// \cond
template <>
struct std::hash<troupe::actor_addr> {
  std::size_t operator()(const troupe::actor_addr& x) const noexcept { return std::hash<const void*>{}(x.get()); }
};
/// \endcond
