// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A message is an immutable-by-default, type-erased tuple with copy-on-write:
// copies share one reference-counted payload; write access through
// get_mutable_as() copies the payload first if anybody else still sees it.
#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "troupe/actor.hpp"
#include "troupe/atom.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/detail/intrusive_ptr.hpp"
#include "troupe/detail/thread_cache.hpp"
#include "troupe/type_id.hpp"

namespace troupe {

namespace detail {

class message_data;

/// Per element-type-list constants: the "vtable" of a payload.
struct message_layout {
  const type_id* types;
  const std::uint32_t* offsets; // of each element, from the start of the payload
  std::uint32_t size;
  std::uint32_t alloc_size;
  message_data* (*copy)(const message_data*);
  void (*destroy)(message_data*) noexcept;
};

class message_data {
public:
  explicit message_data(const message_layout* layout) noexcept : layout_(layout) {}
  message_data(const message_data&) = delete;
  message_data& operator=(const message_data&) = delete;

  std::uint32_t size() const noexcept { return layout_->size; }
  type_id type_at(std::size_t i) const noexcept { return layout_->types[i]; }
  const type_id* types() const noexcept { return layout_->types; }
  const message_layout* layout() const noexcept { return layout_; }

  const void* at(std::size_t i) const noexcept {
    return reinterpret_cast<const std::byte*>(this) + layout_->offsets[i];
  }
  void* mutable_at(std::size_t i) noexcept { return reinterpret_cast<std::byte*>(this) + layout_->offsets[i]; }

  bool unique() const noexcept { return rc_.load(std::memory_order_acquire) == 1; }
  message_data* copy() const { return layout_->copy(this); }

  friend void intrusive_ptr_add_ref(const message_data* p) noexcept { p->rc_.fetch_add(1, std::memory_order_relaxed); }
  friend void intrusive_ptr_release(const message_data* p) noexcept {
    if (p->rc_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      auto* mp = const_cast<message_data*>(p);
      mp->layout_->destroy(mp);
    }
  }

private:
  mutable std::atomic<std::uint32_t> rc_{1};
  const message_layout* layout_;
};

template <class... Ts>
struct message_layout_of {
  static constexpr std::size_t count = sizeof...(Ts);
  static_assert(((alignof(Ts) <= alignof(std::max_align_t)) && ...), "over-aligned types cannot be message elements");

  static constexpr auto compute() {
    struct result {
      std::uint32_t offsets[count == 0 ? 1 : count];
      std::uint32_t total;
    } r{};
    std::size_t pos = sizeof(message_data);
    std::size_t i = 0;
    ((pos = (pos + alignof(Ts) - 1) / alignof(Ts) * alignof(Ts), r.offsets[i++] = static_cast<std::uint32_t>(pos),
      pos += sizeof(Ts)),
     ...);
    // A multiple of the strictest element alignment: thread-cache blocks of
    // such a size are aligned to it (blocks are carved at multiples of their size).
    constexpr std::size_t max_align = std::max({alignof(message_data), alignof(Ts)...});
    r.total = static_cast<std::uint32_t>((pos + max_align - 1) / max_align * max_align);
    return r;
  }
  static constexpr auto computed = compute();
  static constexpr type_id types[count == 0 ? 1 : count] = {type_id_of<Ts>()...};

  template <std::size_t I>
  using elem_t = std::tuple_element_t<I, std::tuple<Ts...>>;

  template <std::size_t... Is>
  static void destroy_elements(message_data* p, std::index_sequence<Is...>) noexcept {
    (static_cast<elem_t<Is>*>(p->mutable_at(Is))->~elem_t<Is>(), ...);
  }

  static void destroy(message_data* p) noexcept {
    destroy_elements(p, std::index_sequence_for<Ts...>{});
    p->~message_data();
    cached_deallocate(p, computed.total);
  }

  /// Constructs the elements one by one; on an exception destroys those built.
  template <class... Us>
  static message_data* make(Us&&... xs) {
    void* mem = cached_allocate(computed.total);
    auto* p = new (mem) message_data(&value);
    std::size_t built = 0;
    try {
      std::size_t i = 0;
      ((new (p->mutable_at(i)) Ts(std::forward<Us>(xs)), ++i, ++built), ...);
    } catch (...) {
      destroy_prefix(p, built, std::index_sequence_for<Ts...>{});
      p->~message_data();
      cached_deallocate(mem, computed.total);
      throw;
    }
    return p;
  }

  template <std::size_t... Is>
  static void destroy_prefix(message_data* p, std::size_t built, std::index_sequence<Is...>) noexcept {
    ((Is < built ? static_cast<elem_t<Is>*>(p->mutable_at(Is))->~elem_t<Is>() : void()), ...);
  }

  template <std::size_t... Is>
  static message_data* copy_impl(const message_data* src, std::index_sequence<Is...>) {
    return make(*static_cast<const elem_t<Is>*>(src->at(Is))...);
  }
  static message_data* copy(const message_data* src) { return copy_impl(src, std::index_sequence_for<Ts...>{}); }

  static constexpr message_layout value{types, computed.offsets, static_cast<std::uint32_t>(count), computed.total,
                                        &copy, &destroy};
};

/// Strings given as literals or C strings travel as std::string.
template <class T>
struct strip_and_convert {
  using type = std::decay_t<T>;
};
template <>
struct strip_and_convert<const char*> {
  using type = std::string;
};
template <>
struct strip_and_convert<char*> {
  using type = std::string;
};
template <atom_value V>
struct strip_and_convert<atom_constant<V>> {
  using type = atom_value; // atom constants travel as plain atoms
};
/// A type that names its message_type travels as that (the current sender
/// travels as its actor_addr).
template <class T>
  requires requires {
    typename T::message_type;
  }
struct strip_and_convert<T> {
  using type = typename T::message_type;
};

template <class>
inline constexpr bool dependent_false = false;

/// An actor pointer (`self`) travels as the handle a receiver matches on: the
/// typed handle of a typed actor, `actor` otherwise. Any other pointer would
/// share memory between actors and dangle once its owner moves on.
template <class T>
struct pointer_to_handle {
  static_assert(dependent_false<T>,
                "troupe: messages must not contain pointers; send values, or a handle for an actor");
};
template <class T>
  requires std::derived_from<std::remove_cv_t<T>, abstract_actor>
struct pointer_to_handle<T> {
  using type = actor;
};
template <class T>
  requires std::derived_from<std::remove_cv_t<T>, abstract_actor> && requires {
    typename T::handle_type;
  }
struct pointer_to_handle<T> {
  using type = typename T::handle_type;
};
template <class T>
struct strip_and_convert<T*> {
  using type = typename pointer_to_handle<T>::type;
};
template <class T>
using strip_and_convert_t = typename strip_and_convert<std::decay_t<T>>::type;

/// What tells typed signatures apart: the element type, except that an atom
/// constant stays itself (replies_to<add_atom, int> vs replies_to<sub_atom, int>).
template <class T>
struct signature_key {
  using type = strip_and_convert_t<T>;
};
template <atom_value V>
struct signature_key<atom_constant<V>> {
  using type = atom_constant<V>;
};
template <class T>
using signature_key_t = typename signature_key<std::decay_t<T>>::type;

template <class T>
struct is_atom_constant : std::false_type {};
template <atom_value V>
struct is_atom_constant<atom_constant<V>> : std::true_type {};

} // namespace detail

/// An immutable-by-default, type-erased tuple of values: what actors send and receive.
/// Copies share one reference-counted payload; write access (get_mutable_as(), mutable_at()) first copies the
/// payload when another message still shares it (copy-on-write). make_message() and message_builder build one;
/// a default-constructed message is empty.
class message {
public:
  message() noexcept = default;
  /// Adopts a payload without adding a reference; a null payload gives an empty message.
  explicit message(detail::intrusive_ptr<detail::message_data> data) noexcept : data_(std::move(data)) {}

  /// The number of elements.
  std::size_t size() const noexcept { return data_ ? data_->size() : 0; }
  /// Whether the message has no elements.
  bool empty() const noexcept { return size() == 0; }
  /// The type of element i. Precondition: i < size().
  type_id type_at(std::size_t i) const noexcept { return data_->type_at(i); }

  /// Whether element i exists and has type T.
  template <class T>
  bool match_element(std::size_t i) const noexcept {
    return i < size() && data_->type_at(i) == type_id_of<T>();
  }

  /// Whether the message is exactly (Ts...).
  template <class... Ts>
  bool match_elements() const noexcept {
    if (size() != sizeof...(Ts))
      return false;
    std::size_t i = 0;
    return ((data_->type_at(i++) == type_id_of<Ts>()) && ...);
  }

  /// Precondition: match_element<T>(i).
  template <class T>
  const T& get_as(std::size_t i) const noexcept {
    assert(match_element<T>(i));
    return *static_cast<const T*>(data_->at(i));
  }

  /// Write access; copies the payload first if it is shared (copy-on-write).
  template <class T>
  T& get_mutable_as(std::size_t i) {
    assert(match_element<T>(i));
    return *static_cast<T*>(mutable_at(i));
  }

  /// Pointer to element i if it has type T, else nullptr.
  template <class T>
  const T* get_if(std::size_t i) const noexcept {
    return match_element<T>(i) ? static_cast<const T*>(data_->at(i)) : nullptr;
  }

  /// Type-erased read access to element i. Precondition: i < size().
  const void* at(std::size_t i) const noexcept { return data_->at(i); }
  /// Type-erased write access to element i; copies the payload first if it is shared. Precondition: i < size().
  void* mutable_at(std::size_t i) {
    force_unshare();
    return data_->mutable_at(i);
  }

  /// Gives this message a payload no other message shares.
  void force_unshare() {
    if (data_ && !data_->unique())
      data_.reset(data_->copy(), false);
  }

  /// Whether another message shares this payload, so that a write would copy it first.
  bool shared() const noexcept { return data_ && !data_->unique(); }
  /// The payload itself (nullptr for a default-constructed message).
  const detail::message_data* data() const noexcept { return data_.get(); }

  /// "(x, y, ...)": each element as the installed element printer writes it, or else as its type_id's stringify.
  friend TROUPE_CORE_API std::string to_string(const message& msg);

private:
  detail::intrusive_ptr<detail::message_data> data_;
};

/// Builds a message; string literals become std::string.
template <class... Ts>
message make_message(Ts&&... xs) {
  using layout = detail::message_layout_of<detail::strip_and_convert_t<Ts>...>;
  return message{detail::intrusive_ptr<detail::message_data>{layout::make(std::forward<Ts>(xs)...), false}};
}

/// A message stays itself: make_message(msg) returns msg, not a message with msg as its only element.
inline message make_message(message msg) noexcept {
  return msg;
}

/// The message as text, "(x, y, ...)": each element as the installed element printer, or else its type_id, writes it.
TROUPE_CORE_API std::string to_string(const message& msg);

namespace detail {

/// Appends the text of one message element. Without an installed printer,
/// to_string(message) prints each element through its type_id; the
/// serialization layer installs one that knows announced types and the cast
/// form (type(value)) that reads back exactly.
using element_printer = void (*)(std::string& out, type_id type, const void* value);
TROUPE_CORE_API void set_element_printer(element_printer f) noexcept;

} // namespace detail

} // namespace troupe
