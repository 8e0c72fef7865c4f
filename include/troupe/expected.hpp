// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// expected<T>: a value or the error that prevented it, never both. What an
// operation returns when failing is part of its normal outcome (bad input,
// an unreachable node, a missing device) rather than a broken precondition:
// the caller tests it, no exception is thrown.
//
//   expected<actor> a = mngr.spawn(...);
//   if (!a) { log(to_string(a.error())); return; }
//   self->send(*a, 42);
#include <cassert>
#include <type_traits>
#include <utility>
#include <variant>

#include "troupe/error.hpp"

namespace troupe {

/// A value of type T or the error that prevented it, never both. For operations whose failure is part of
/// their normal outcome (bad input, an unreachable node, a missing device): the caller tests it, and nothing
/// is thrown.
template <class T>
class expected {
public:
  static_assert(!std::is_reference_v<T> && !std::is_same_v<std::remove_cv_t<T>, troupe::error>,
                "expected<T> holds a value type other than error");

  /// The type of the value.
  using value_type = T;

  /// Implicit, like a return value: holds `value`, or `err`, which must be a failure (`static_cast<bool>(err)`,
  /// asserted in debug builds).
  /// @{
  expected(T value) : data_(std::in_place_index<0>, std::move(value)) {}        // NOLINT: implicit, like a return value
  expected(troupe::error err) : data_(std::in_place_index<1>, std::move(err)) { // NOLINT: implicit, like a return value
    assert(static_cast<bool>(std::get<1>(data_)) && "expected<T> needs a non-empty error");
  }
  /// @}
  /// Constructs the value in place from xs...
  template <class... Us>
  explicit expected(std::in_place_t, Us&&... xs) : data_(std::in_place_index<0>, std::forward<Us>(xs)...) {}

  /// Whether it holds a value (rather than an error).
  /// @{
  explicit operator bool() const noexcept { return data_.index() == 0; }
  bool has_value() const noexcept { return data_.index() == 0; }
  /// @}

  /// The value, also through * and ->. Precondition for value(), *, ->: has_value() (without a value,
  /// value() throws std::bad_variant_access).
  /// @{
  T& value() & { return std::get<0>(data_); }
  const T& value() const& { return std::get<0>(data_); }
  T&& value() && { return std::get<0>(std::move(data_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  /// @}

  /// The value, or `fallback` when there is none.
  template <class U>
  T value_or(U&& fallback) const& {
    return has_value() ? value() : static_cast<T>(std::forward<U>(fallback));
  }

  /// The error. Precondition: !has_value().
  const troupe::error& error() const& { return std::get<1>(data_); }
  /// The same (the name decoders used before expected<T> existed).
  const troupe::error& err() const& { return std::get<1>(data_); }

  /// Equal when both hold equal values, or both hold errors with the same category and code.
  friend bool operator==(const expected& a, const expected& b) { return a.data_ == b.data_; }

private:
  std::variant<T, troupe::error> data_;
};

/// An operation without a result: success, or the error.
template <>
class expected<void> {
public:
  /// No value: void.
  using value_type = void;

  /// Success by default; from an error, that error (implicit, like a return value). Unlike expected<T>, an
  /// empty error here means success.
  /// @{
  expected() noexcept = default;
  expected(troupe::error err) : err_(std::move(err)) {} // NOLINT: implicit, like a return value
  /// @}

  /// Whether the operation succeeded: the error is empty (so an exit_reason::normal error is a failure).
  /// @{
  explicit operator bool() const noexcept { return err_.empty(); }
  bool has_value() const noexcept { return err_.empty(); }
  /// @}
  /// Nothing to return; asserts has_value() in debug builds (for generic code that calls value()).
  void value() const noexcept { assert(has_value()); }

  /// The error. Precondition: !has_value().
  const troupe::error& error() const& { return err_; }
  /// The same as error() (the older name).
  const troupe::error& err() const& { return err_; }

  /// Equal when both succeeded, or both failed with the same category and code.
  friend bool operator==(const expected& a, const expected& b) { return a.err_ == b.err_; }

private:
  troupe::error err_;
};

} // namespace troupe
