// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The tags that describe a kernel's arguments, one per parameter, in order:
//
//   in<T>       read by the kernel; the actor receives a std::vector<T>
//   out<T>      written by the kernel; the actor answers with a std::vector<T>
//               of the global work size, or of the size its size function gives
//   in_out<T>   both: received, changed in place, answered
//   local<T>    work-group local memory of n elements (nothing travels)
//   priv<T>     a value passed by copy: fixed at spawn (priv<int>{42}), or taken
//               from the message with priv<T, val>
//   scratch<T>  device memory for the kernel alone (nothing travels)
//
// A second parameter `mref` makes the argument travel as a mem_ref<T> that
// stays in device memory: in<float, mref>, out<float, mref>,
// in_out<float, val, mref> (received as a vector, answered as a mem_ref).
// The elements are plain data: T must be trivially copyable.
#include <cstddef>
#include <type_traits>
#include <vector>

#include "troupe/opencl/mem_ref.hpp"
#include "troupe/opencl/size_function.hpp"

namespace troupe::opencl {

/// How an argument travels: as a host value (std::vector<T>, or T for priv),
/// as a mem_ref<T>, or not at all (a priv fixed at spawn). This one: as a host value.
struct val {};
/// An argument that travels as a mem_ref<T> and stays in device memory: in<float, mref>, out<float, mref>.
struct mref {};
/// A priv argument that does not travel at all: the value fixed at spawn (priv<T, hidden>, the default).
struct hidden {};

namespace detail {

enum class arg_kind : unsigned char { in, out, in_out, local, priv, scratch };

template <class T, class Kind>
using buffer_arg_t = std::conditional_t<std::is_same_v<Kind, mref>, mem_ref<T>, std::vector<T>>;

template <class T, class Kind>
constexpr void check_buffer_tag() {
  static_assert(std::is_trivially_copyable_v<T>, "troupe::opencl: kernel arguments hold plain data");
  static_assert(std::is_same_v<Kind, val> || std::is_same_v<Kind, mref>,
                "troupe::opencl: a buffer argument travels as opencl::val or opencl::mref");
}

} // namespace detail

/// An input; `size` (optional) is the element count every request must have.
template <class T, class Kind = val>
struct in {
  /// What manager::spawn reads from the tag: the argument's kind, its element type, what a request carries for it
  /// (input_type) and what the answer carries (output_type), void for nothing, and whether each is a mem_ref.
  /// @{
  static constexpr detail::arg_kind kind = detail::arg_kind::in;
  using element_type = T;
  using input_type = detail::buffer_arg_t<T, Kind>;
  using output_type = void;
  static constexpr bool input_is_ref = std::is_same_v<Kind, mref>;
  static constexpr bool output_is_ref = false;
  /// @}

  /// Any non-zero number of elements (an empty input answers the request with errc::wrong_input_size).
  in() { detail::check_buffer_tag<T, Kind>(); }
  /// Every request's input must have `expected_size` elements (a number, or a function of the inputs); another count
  /// answers the request with errc::wrong_input_size, a function whose parameters do not fit the inputs with
  /// errc::argument_mismatch.
  in(size_function expected_size) : size(std::move(expected_size)) { detail::check_buffer_tag<T, Kind>(); }

  /// The required element count; empty: any.
  size_function size;
};

/// An output; `size` (optional) gives its element count, else the global work size.
template <class T, class Kind = val>
struct out {
  /// What manager::spawn reads from the tag: the argument's kind, its element type, what a request carries for it
  /// (input_type) and what the answer carries (output_type), void for nothing, and whether each is a mem_ref.
  /// @{
  static constexpr detail::arg_kind kind = detail::arg_kind::out;
  using element_type = T;
  using input_type = void;
  using output_type = detail::buffer_arg_t<T, Kind>;
  static constexpr bool input_is_ref = false;
  static constexpr bool output_is_ref = std::is_same_v<Kind, mref>;
  /// @}

  /// As many elements as the global work size.
  out() { detail::check_buffer_tag<T, Kind>(); }
  /// `count` elements per request (a number, or a function of the inputs); a count of 0, or a function whose
  /// parameters do not fit the inputs, answers the request with errc::argument_mismatch.
  out(size_function count) : size(std::move(count)) { detail::check_buffer_tag<T, Kind>(); }

  /// The element count; empty: the global work size.
  size_function size;
};

/// An input the kernel changes and the actor answers with; `size` as for in.
template <class T, class InKind = val, class OutKind = InKind>
struct in_out {
  /// What manager::spawn reads from the tag: the argument's kind, its element type, what a request carries for it
  /// (input_type) and what the answer carries (output_type), void for nothing, and whether each is a mem_ref.
  /// @{
  static constexpr detail::arg_kind kind = detail::arg_kind::in_out;
  using element_type = T;
  using input_type = detail::buffer_arg_t<T, InKind>;
  using output_type = detail::buffer_arg_t<T, OutKind>;
  static constexpr bool input_is_ref = std::is_same_v<InKind, mref>;
  static constexpr bool output_is_ref = std::is_same_v<OutKind, mref>;
  /// @}

  /// Any non-zero number of elements, as for in; the answer has as many.
  in_out() {
    detail::check_buffer_tag<T, InKind>();
    detail::check_buffer_tag<T, OutKind>();
  }
  /// Every request's input must have `expected_size` elements, as for in.
  in_out(size_function expected_size) : size(std::move(expected_size)) {
    detail::check_buffer_tag<T, InKind>();
    detail::check_buffer_tag<T, OutKind>();
  }

  /// The required element count; empty: any.
  size_function size;
};

/// Local memory of `size` elements for each work group.
template <class T>
struct local {
  /// What manager::spawn reads from the tag: the argument's kind, its element type, what a request carries for it
  /// (input_type) and what the answer carries (output_type), void for nothing, and whether each is a mem_ref.
  /// @{
  static constexpr detail::arg_kind kind = detail::arg_kind::local;
  using element_type = T;
  using input_type = void;
  using output_type = void;
  static constexpr bool input_is_ref = false;
  static constexpr bool output_is_ref = false;
  /// @}

  /// `count` elements per work group (a number, or a function of the inputs; 0 answers the request with
  /// errc::argument_mismatch).
  local(size_function count) : size(std::move(count)) {}

  /// The element count per work group.
  size_function size;
};

/// A value passed by copy: fixed (hidden) or read from the message (val).
template <class T, class Kind = hidden>
struct priv {
  static_assert(std::is_trivially_copyable_v<T>, "troupe::opencl: kernel arguments hold plain data");
  static_assert(std::is_same_v<Kind, hidden> || std::is_same_v<Kind, val>,
                "troupe::opencl: a priv argument is opencl::hidden (fixed) or opencl::val (from the message)");
  /// What manager::spawn reads from the tag: the argument's kind, its element type, what a request carries for it
  /// (input_type) and what the answer carries (output_type), void for nothing, and whether each is a mem_ref.
  /// @{
  static constexpr detail::arg_kind kind = detail::arg_kind::priv;
  using element_type = T;
  using input_type = std::conditional_t<std::is_same_v<Kind, val>, T, void>;
  using output_type = void;
  static constexpr bool input_is_ref = false;
  static constexpr bool output_is_ref = false;
  /// @}

  /// A value-initialized T; with priv<T, val> the request supplies the value.
  priv() = default;
  /// Passes `x` to every run of the kernel (the priv<T, hidden> form).
  priv(T x) : value(x) {}

  /// The fixed value (unused for priv<T, val>).
  T value{};
};

/// Device memory only the kernel sees; `size` elements, else the global work size.
template <class T>
struct scratch {
  static_assert(std::is_trivially_copyable_v<T>, "troupe::opencl: kernel arguments hold plain data");
  /// What manager::spawn reads from the tag: the argument's kind, its element type, what a request carries for it
  /// (input_type) and what the answer carries (output_type), void for nothing, and whether each is a mem_ref.
  /// @{
  static constexpr detail::arg_kind kind = detail::arg_kind::scratch;
  using element_type = T;
  using input_type = void;
  using output_type = void;
  static constexpr bool input_is_ref = false;
  static constexpr bool output_is_ref = false;
  /// @}

  /// As many elements as the global work size.
  scratch() = default;
  /// `count` elements per request (a number, or a function of the inputs; 0, or a function whose parameters do
  /// not fit the inputs, answers the request with errc::argument_mismatch).
  scratch(size_function count) : size(std::move(count)) {}

  /// The element count; empty: the global work size.
  size_function size;
};

/// Whether T is one of the tags above.
template <class T>
concept arg_tag = requires {
  { std::decay_t<T>::kind } -> std::convertible_to<detail::arg_kind>;
  typename std::decay_t<T>::element_type;
  typename std::decay_t<T>::input_type;
  typename std::decay_t<T>::output_type;
};

} // namespace troupe::opencl
