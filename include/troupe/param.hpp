// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// param<T>: a handler parameter that reads a message element of type T in
// place and copies it only when the handler asks to change it while another
// message still shares the payload (copy-on-write per element):
//
//   [](put_atom, param<std::string> key, param<std::string> value) {
//     values.emplace(key.move(), value.move()); // no copy if nobody shares the message
//   }
//
// A handler taking param<T> matches (and a typed signature names) a T, like
// one taking `const T&`. param_t<T> is what a composable behavior's handler
// takes for an input T: T itself for arithmetic types and atom constants,
// which are cheaper to copy than to point to.
#include <memory>
#include <type_traits>
#include <utility>

#include "troupe/atom.hpp"

namespace troupe {

/// A handler parameter that reads a message element of type T in place and copies it only when the handler asks
/// to change it while another message still shares the payload (copy-on-write per element). A handler taking
/// `param<T>` matches (and a typed signature names) a T, like one taking `const T&`. Move-only.
template <class T>
class param {
public:
  /// What a message holds in its place (see strip_and_convert): a signature or
  /// a pattern sees a parameter param<T> as a T.
  using message_type = T;

  /// element points to a T in a message; shared says whether another message
  /// sees the same payload. An unshared element belongs to the handler alone,
  /// so writing to it in place is safe.
  param(const void* element, bool shared) noexcept : ptr_(static_cast<const T*>(element)), shared_(shared) {}

  /// A copy would have to decide who may write to an unshared element.
  param(const param&) = delete;
  param& operator=(const param&) = delete;

  /// Takes over `other`'s element and private copy; `other` is left pointing to nothing.
  param(param&& other) noexcept
    : ptr_(std::exchange(other.ptr_, nullptr)), shared_(other.shared_), copy_(std::move(other.copy_)) {}
  /// Takes over `other`'s element and private copy; `other` is left pointing to nothing.
  param& operator=(param&& other) noexcept {
    ptr_ = std::exchange(other.ptr_, nullptr);
    shared_ = other.shared_;
    copy_ = std::move(other.copy_);
    return *this;
  }

  ~param() = default;

  /// Read access to the element (or to the private copy, once get_mutable() made one).
  /// @{
  const T& get() const noexcept { return *ptr_; }
  operator const T&() const noexcept { return *ptr_; } // NOLINT: reads like the element on purpose
  const T* operator->() const noexcept { return ptr_; }
  /// @}

  /// Write access: the element itself when nobody else sees it, else a private
  /// copy made now (later calls reuse it).
  T& get_mutable() {
    if (shared_) {
      copy_ = std::make_unique<T>(*ptr_);
      ptr_ = copy_.get();
      shared_ = false;
    }
    return const_cast<T&>(*ptr_); // NOLINT: unshared, so the handler owns it
  }

  /// The value, moved out of the message (or out of the private copy).
  T&& move() { return std::move(get_mutable()); }

private:
  const T* ptr_;
  bool shared_;
  /// On the heap so that moving a param never moves T and ptr_ stays valid.
  std::unique_ptr<T> copy_;
};

namespace detail {

template <class T>
struct is_param : std::false_type {};
template <class T>
struct is_param<param<T>> : std::true_type {};

template <class T>
struct add_param {
  using type = std::conditional_t<std::is_arithmetic_v<T>, T, param<T>>;
};
template <atom_value V>
struct add_param<atom_constant<V>> {
  using type = atom_constant<V>;
};

} // namespace detail

/// The parameter type a composable behavior's handler takes for an input T: T itself for arithmetic types and atom
/// constants (cheaper to copy than to point to), param<T> for everything else.
template <class T>
using param_t = typename detail::add_param<T>::type;

} // namespace troupe
