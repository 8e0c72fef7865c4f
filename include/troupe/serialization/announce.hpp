// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// announce<T>(...): makes T known to the type registry so that messages with
// T elements can cross a process boundary (binary format) and be parsed from
// text. Local sends never need it.
//
//   announce<add_request>(&add_request::a, &add_request::b);        // name: C++ name, fields a0, a1
//   announce<add_request>("add_request", &add_request::a, ...);     // explicit portable name
//   announce<add_request>("add_request", field("a", &add_request::a),
//                                        field("b", &add_request::b)); // named fields
//   announce<add_request>("add_request");  // T has an inspect(f, x) overload (or is built-in)
//   announce<std::vector<add_request>>();  // composite: name std::vector<add_request>
//
// Without an explicit name, composites and built-ins get their portable name
// (type_name<T>()); other types get the compiler's C++ name, which is not
// portable between compilers: give a name for types that travel.
// Thread-safe; announcing a type again is a no-op. Returns an error when the
// name is taken by another type.
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

#include "troupe/serialization/binary_deserializer.hpp"
#include "troupe/serialization/binary_serializer.hpp"
#include "troupe/serialization/field.hpp"
#include "troupe/serialization/text_parser.hpp"
#include "troupe/serialization/text_printer.hpp"
#include "troupe/serialization/type_name.hpp"
#include "troupe/serialization/type_registry.hpp"

namespace troupe {

namespace detail {

template <class T>
struct is_field_descriptor : std::false_type {};
template <class C, class M>
struct is_field_descriptor<member_field<C, M>> : std::true_type {};
template <class C, class M>
struct is_field_descriptor<M C::*> : std::bool_constant<std::is_member_object_pointer_v<M C::*>> {};

template <class T, class... Fs>
class typed_entry final : public type_entry {
public:
  typed_entry(std::string name, std::vector<std::string> names, Fs... fs)
    : type_entry(type_id_of<T>(), std::move(name), sizeof(T), alignof(T), std::move(names)), fields_(fs...) {}

  void default_construct(void* p) const override { new (p) T(); }
  void copy_construct(void* dst, const void* src) const override { new (dst) T(*static_cast<const T*>(src)); }
  void destroy(void* p) const noexcept override { static_cast<T*>(p)->~T(); }
  /// Announced types always compare: with their operator== if they have one,
  /// otherwise field by field through their binary encodings.
  bool comparable() const noexcept override { return true; }
  bool equal(const void* a, const void* b) const override {
    if constexpr (deeply_equality_comparable<T>()) {
      return *static_cast<const T*>(a) == *static_cast<const T*>(b);
    } else {
      std::vector<std::byte> x;
      std::vector<std::byte> y;
      binary_serializer fx{x};
      binary_serializer fy{y};
      return save(fx, a) && save(fy, b) && x == y;
    }
  }
  bool save(binary_serializer& f, const void* p) const override {
    if constexpr (sizeof...(Fs) == 0)
      return f.apply(*static_cast<const T*>(p));
    else
      return with_fields(f, *const_cast<T*>(static_cast<const T*>(p)));
  }
  bool load(binary_deserializer& f, void* p) const override {
    if constexpr (sizeof...(Fs) == 0)
      return f.apply(*static_cast<T*>(p));
    else
      return with_fields(f, *static_cast<T*>(p));
  }
  void print(text_printer& f, const void* p) const override {
    if constexpr (sizeof...(Fs) == 0) {
      f.apply(*static_cast<const T*>(p));
    } else {
      f.begin_record(name());
      with_fields(f, *const_cast<T*>(static_cast<const T*>(p)));
      f.end_record();
    }
  }
  bool parse(text_parser& f, void* p) const override {
    if constexpr (sizeof...(Fs) == 0)
      return f.apply(*static_cast<T*>(p));
    else
      return f.begin_record(name()) && with_fields(f, *static_cast<T*>(p)) && f.end_record();
  }

private:
  template <class Inspector>
  bool with_fields(Inspector& f, T& x) const {
    return std::apply([&](const auto&... fs) { return f(detail::bind_field(x, fs)...); }, fields_);
  }

  std::tuple<Fs...> fields_;
};

template <class F>
std::string descriptor_name(const F& f, std::size_t index) {
  if constexpr (requires { f.name; }) {
    if (!f.name.empty())
      return std::string{f.name};
  }
  return "a" + std::to_string(index);
}

template <class T, class... Fs>
error announce_impl(std::string name, Fs... fs) {
  static_assert(std::is_default_constructible_v<T> && std::is_copy_constructible_v<T>,
                "announced types must be default- and copy-constructible");
  static_assert(alignof(T) <= alignof(std::max_align_t), "announced types cannot be over-aligned");
  if constexpr (sizeof...(Fs) == 0) {
    constexpr bool native =
      std::is_arithmetic_v<
        T> || std::is_enum_v<T> || std::is_same_v<T, std::string> || std::is_same_v<T, error> || is_handle_v<T> || is_vector_v<T> || is_array_v<T> || is_map_v<T> || is_optional_v<T> || is_variant_v<T> || is_tuple_v<T>;
    static_assert(native || has_inspect<binary_serializer, T>,
                  "announce<T>() without fields needs a built-in T or an inspect(f, x) overload");
  }
  std::vector<std::string> names;
  std::size_t i = 0;
  ((names.push_back(descriptor_name(fs, i++))), ...);
  auto& reg = type_registry::global();
  if (reg.find(type_id_of<T>()) != nullptr)
    return error{};
  return reg.add(std::make_unique<typed_entry<T, Fs...>>(std::move(name), std::move(names), fs...));
}

template <class T>
std::string default_announce_name() {
  using U = std::remove_cvref_t<T>;
  if constexpr (requires { detail::template_type_name<U>::get(); } || std::is_arithmetic_v<U> || typed_handle<U>)
    return type_name<U>();
  else
    return std::string{pretty_type_name<U>()};
}

} // namespace detail

/// Announces T under its default name: the portable name for built-ins, composites and typed handles, else the
/// compiler's C++ name, which is not portable between compilers. `fields` are member pointers or field("a", &T::a)
/// descriptors, none for a built-in T or one with an inspect overload. Thread-safe; announcing T again is a no-op.
/// Returns sec::invalid_argument when the name is taken by another type.
template <class T, class... Fs>
  requires(detail::is_field_descriptor<Fs>::value&&...)
error announce(Fs... fields) {
  return detail::announce_impl<T>(detail::default_announce_name<T>(), fields...);
}

/// The same under the portable name `name`: give one for types that travel between processes.
template <class T, class... Fs>
  requires(detail::is_field_descriptor<Fs>::value&&...)
error announce(std::string_view name, Fs... fields) {
  return detail::announce_impl<T>(std::string{name}, fields...);
}

} // namespace troupe
