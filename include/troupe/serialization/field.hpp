// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Named fields for inspect() and announce():
//   field("a", &T::a)   a member descriptor (for announce<T>(...))
//   field("a", x.a)     a named reference   (inside inspect(f, x))
// Unnamed fields (plain member pointers / plain references) are named a0, a1, ...
// in the text format. Annotations among them (meta::type_name) are no fields:
// for_each_field skips them, and the field after one keeps its number.
#include <cstddef>
#include <string_view>
#include <type_traits>

#include "troupe/meta_annotation.hpp"

namespace troupe {

/// A member pointer with a name.
template <class C, class M>
struct member_field {
  std::string_view name; ///< The field's name; empty: positional (a0, a1, ... in the text format).
  M C::*ptr;             ///< The member.
};

/// A reference to a field value with a name (possibly empty = positional).
template <class T>
struct named_ref {
  std::string_view name; ///< The field's name; empty: positional.
  T& value;              ///< The field's value.
};

/// A member descriptor for announce<T>(...): field("a", &T::a).
template <class C, class M>
constexpr member_field<C, M> field(std::string_view name, M C::*ptr) noexcept {
  return {name, ptr};
}

/// A named reference for inspect(f, x): field("a", x.a). `value` must be an lvalue.
template <class T>
  requires(!std::is_member_object_pointer_v<std::remove_cvref_t<T>>)
constexpr named_ref<std::remove_reference_t<T>> field(std::string_view name, T&& value) noexcept {
  static_assert(std::is_lvalue_reference_v<T>, "field(name, x) needs an lvalue");
  return {name, value};
}

namespace detail {

template <class T>
struct is_named_ref : std::false_type {};
template <class T>
struct is_named_ref<named_ref<T>> : std::true_type {};

/// Turns a member descriptor (member_field or plain member pointer) into a
/// named reference into `obj`.
template <class C, class M>
named_ref<M> bind_field(C& obj, member_field<C, M> f) noexcept {
  return {f.name, obj.*(f.ptr)};
}
template <class C, class M>
named_ref<M> bind_field(C& obj, M C::*ptr) noexcept {
  return {std::string_view{}, obj.*ptr};
}

/// Unwraps a named_ref or passes a plain reference through.
template <class T>
decltype(auto) field_value(T& x) noexcept {
  if constexpr (is_named_ref<std::remove_const_t<T>>::value)
    return (x.value);
  else
    return (x);
}
template <class T>
std::string_view field_name(const T& x) noexcept {
  if constexpr (is_named_ref<std::remove_const_t<T>>::value)
    return x.name;
  else
    return {};
}

/// Calls f(index, name, value) for each field among the arguments of an
/// inspector's call, in order, until one returns false; annotations are
/// skipped and not counted.
template <class F, class... Ts>
bool for_each_field(F&& f, Ts&... xs) {
  std::size_t index = 0;
  auto one = [&](auto& x) -> bool {
    if constexpr (is_annotation_v<decltype(x)>)
      return true;
    else
      return f(index++, field_name(x), field_value(x));
  };
  return (one(xs) && ...);
}

/// The name a meta::type_name among the arguments gives, or empty.
template <class... Ts>
std::string_view annotated_type_name(const Ts&... xs) noexcept {
  std::string_view result;
  auto one = [&](const auto& x) {
    if constexpr (std::is_base_of_v<meta::type_name_t, std::remove_cvref_t<decltype(x)>>)
      result = x.value;
  };
  (one(xs), ...);
  return result;
}

} // namespace detail

} // namespace troupe
