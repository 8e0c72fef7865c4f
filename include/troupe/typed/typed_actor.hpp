// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// typed_actor<Sigs...>: a strong handle to an actor with a statically typed
// messaging interface. Like `actor` it wraps a strong_actor_ptr (the actor may
// be anywhere) and exposes ctrl(), so `actor{typed}` works.
//
//   using math = typed_actor<replies_to<add_request>::with<int>,
//                            replies_to<sub_request>::with<int>>;
//   math::behavior_type f(math::pointer self);          // function-based
//   class impl : public math::base { ... };               // class-based
//   math::behavior_type g(math::stateful_pointer<S> self); // stateful (self->state)
//
// Subtyping: a handle converts implicitly to a handle whose interface is a
// subset of its own (signature order does not matter). actor_cast<actor>(typed)
// forgets the interface; actor_cast<math>(dynamic) restores one WITHOUT any
// check (the caller vouches for the actor's behavior).
#include <compare>
#include <cstddef>
#include <functional>

#include "troupe/actor.hpp"
#include "troupe/stateful_actor.hpp"
#include "troupe/typed/replies_to.hpp"
#include "troupe/typed/typed_behavior.hpp"
#include "troupe/typed/typed_event_based_actor.hpp"
#include "troupe/typed/typed_response_handle.hpp"

namespace troupe {

/// A strong handle to an actor with a statically typed messaging interface Sigs... (replies_to and reacts_to
/// signatures): sending it a message the interface does not accept fails to compile. Like `actor` it keeps the actor
/// alive and may point anywhere, local or remote; an empty handle (default, nullptr) points to none.
template <class... Sigs>
class typed_actor {
public:
  static_assert((detail::typed_signature<Sigs> && ...),
                "typed_actor<...> takes replies_to<...>::with<...> and reacts_to<...> signatures");

  /// Marks it as a typed handle (the typed_handle concept).
  static constexpr bool is_typed_handle = true;
  /// The interface's signatures.
  using signatures = detail::type_list<Sigs...>;
  /// Whether this interface accepts a message (Ts...).
  template <class... Ts>
  static constexpr bool accepts = detail::accepts_input_v<signatures, Ts...>;
  /// What request(handle, timeout, Ts...) returns to an actor of class Self.
  template <class Self, class... Ts>
  using response_handle_for = typed_response_handle<Self, detail::typed_output_t<signatures, Ts...>>;
  /// What an implementation's function or make_behavior() returns.
  using behavior_type = typed_behavior<Sigs...>;
  /// The base class of a class-based implementation.
  using base = typed_event_based_actor<Sigs...>;
  /// The `self` parameter of a function-based implementation.
  using pointer = base*;
  /// The base class of an implementation with a `state` member of type State.
  template <class State>
  using stateful_base = stateful_actor<State, base>;
  /// The `self` parameter of a function-based implementation with state (self->state).
  template <class State>
  using stateful_pointer = stateful_base<State>*;
  /// This interface plus more signatures.
  template <class... More>
  using extend = typed_actor<Sigs..., More...>;

  typed_actor() noexcept = default;
  /// An empty handle, as the default constructor makes.
  typed_actor(std::nullptr_t) noexcept {} // NOLINT

  /// From a handle with a larger (or equal) interface.
  template <class... Others>
    requires detail::is_sub_interface<signatures, detail::type_list<Others...>>::value
    typed_actor(const typed_actor<Others...>& other)
  noexcept : ptr_(other.ptr()) {} // NOLINT

  /// From a typed `self` whose interface contains this one.
  template <class T>
    requires detail::typed_actor_class<T> && detail::is_sub_interface<signatures, typename T::signatures>::value
    typed_actor(T* self)
  noexcept // NOLINT
    : ptr_(self ? strong_actor_ptr{actor_control_block::from(self)} : strong_actor_ptr{}) {}

  /// Wraps ptr WITHOUT checking the actor's interface (what actor_cast uses).
  static typed_actor make_unchecked(strong_actor_ptr ptr) noexcept {
    typed_actor result;
    result.ptr_ = std::move(ptr);
    return result;
  }

  /// The actor's id; 0 for an empty handle.
  actor_id id() const noexcept { return ptr_ ? ptr_->id() : 0; }
  /// The node the actor lives on; an empty node_id for an empty handle.
  node_id node() const noexcept { return ptr_ ? ptr_->node() : node_id{}; }
  /// handle->id(), handle->node(), ...: the actor (not valid on an empty handle).
  abstract_actor* operator->() const noexcept { return ptr_->get(); }
  /// A weak address of the actor, which does not keep it alive; empty for an empty handle.
  actor_addr address() const noexcept { return actor_addr{ptr_.get()}; }
  /// Whether the handle points to an actor (which may have terminated meanwhile).
  explicit operator bool() const noexcept { return static_cast<bool>(ptr_); }
  /// The actor's control block, or nullptr for an empty handle.
  actor_control_block* ctrl() const noexcept { return ptr_.get(); }
  /// The strong reference this handle holds.
  const strong_actor_ptr& ptr() const noexcept { return ptr_; }

  /// Handles compare by identity (the control block), also with an untyped actor or an actor_addr; the order is that
  /// of the blocks' addresses, stable for as long as the actors exist, and not the same in another process.
  /// @{
  friend bool operator==(const typed_actor& a, const typed_actor& b) noexcept { return a.ctrl() == b.ctrl(); }
  friend std::strong_ordering operator<=>(const typed_actor& a, const typed_actor& b) noexcept {
    return std::compare_three_way{}(a.ctrl(), b.ctrl());
  }
  friend bool operator==(const typed_actor& a, const actor& b) noexcept { return a.ctrl() == b.ctrl(); }
  friend bool operator==(const typed_actor& a, const actor_addr& b) noexcept { return a.ctrl() == b.get(); }
  /// @}

private:
  strong_actor_ptr ptr_;
};

/// The same text as to_string of the untyped `actor`.
template <class... Sigs>
std::string to_string(const typed_actor<Sigs...>& x) {
  return to_string(actor{x});
}

} // namespace troupe

// Hashing for unordered containers; Doxygen cannot place specializations of std::hash.
/// \cond
template <class... Sigs>
struct std::hash<troupe::typed_actor<Sigs...>> {
  std::size_t operator()(const troupe::typed_actor<Sigs...>& x) const noexcept {
    return std::hash<const void*>{}(x.ctrl());
  }
};
/// \endcond
