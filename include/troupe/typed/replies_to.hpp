// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Signatures of a typed messaging interface:
//
//   replies_to<In...>::with<Out...>   a message (In...) answered with (Out...)
//   reacts_to<In...>                  a message (In...) with no answer
//                                     (the same type as replies_to<In...>::with<>)
//
// plus the compile-time lookups the typed API uses: which signature accepts a
// given input, and whether one interface contains another.
#include <type_traits>

#include "troupe/building_blocks/typed_protocol.hpp"
#include "troupe/detail/type_list.hpp"
#include "troupe/message.hpp"

namespace troupe {

/// Names the input of a signature; replies_to<In...>::with<Out...> is the signature.
template <class... In>
struct replies_to {
  /// A signature of a typed interface: a message (In...) answered with (Out...); with<> has no answer.
  template <class... Out>
  struct with {
    /// Element types as they travel in a message (const char* -> std::string, ...).
    using input_types = detail::type_list<detail::strip_and_convert_t<In>...>;
    /// input_types, but atom constants stay themselves: what tells signatures apart
    using input_keys = detail::type_list<detail::signature_key_t<In>...>;
    /// Element types of the answer as they travel in a message.
    using output_types = detail::type_list<detail::strip_and_convert_t<Out>...>;
  };
};

/// A signature of a message (In...) with no answer: the same type as replies_to<In...>::with<>.
template <class... In>
using reacts_to = typename replies_to<In...>::template with<>;

namespace detail {

template <class T>
concept typed_signature = requires {
  typename T::input_types;
  typename T::input_keys;
  typename T::output_types;
};

/// Marks "the interface has no signature for this input" (keeps follow-up
/// errors quiet once the static_assert at the call site fired).
struct invalid_typed_output {};

/// Whether keys K (of a message or a handler) fit signature keys S: equal, or
/// a plain atom where the signature names an atom constant.
template <class K, class S>
inline constexpr bool
  key_fits_v = std::is_same_v<K, S> || (std::is_same_v<K, atom_value> && is_atom_constant<S>::value);

template <class Ks, class Ss>
struct keys_fit : std::false_type {};
template <class... Ks, class... Ss>
  requires(sizeof...(Ks) == sizeof...(Ss))
struct keys_fit<type_list<Ks...>, type_list<Ss...>> : std::bool_constant<(key_fits_v<Ks, Ss> && ...)> {};

/// The signature a message with keys Keys goes to: the one with exactly these
/// keys, else the only one they fit (a plain atom fitting several atom-constant
/// signatures is ambiguous: no signature).
template <class Keys, class... Sigs>
struct find_output {
  static constexpr std::size_t n = sizeof...(Sigs);
  static constexpr std::size_t pick() {
    constexpr bool exact[] = {std::is_same_v<Keys, typename Sigs::input_keys>..., false};
    constexpr bool fits[] = {keys_fit<Keys, typename Sigs::input_keys>::value..., false};
    for (std::size_t i = 0; i < n; ++i)
      if (exact[i])
        return i;
    std::size_t found = n;
    std::size_t count = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (fits[i]) {
        found = i;
        ++count;
      }
    return count == 1 ? found : n;
  }
  static constexpr std::size_t index = pick();
  template <std::size_t I, bool Valid = (I < n)>
  struct output {
    using type = typename tl_at<I, type_list<Sigs...>>::type::output_types;
  };
  template <std::size_t I>
  struct output<I, false> {
    using type = invalid_typed_output;
  };
  using type = typename output<index>::type;
};

template <class Interface, class Input>
struct interface_output;

template <class... Sigs, class Input>
struct interface_output<type_list<Sigs...>, Input> : find_output<Input, Sigs...> {};

/// The response types (a type_list) for sending Ts... to Interface, or
/// invalid_typed_output if no signature (or more than one) accepts Ts...
template <class Interface, class... Ts>
using typed_output_t = typename interface_output<Interface, type_list<signature_key_t<Ts>...>>::type;

template <class Interface, class... Ts>
inline constexpr bool accepts_input_v = !std::is_same_v<typed_output_t<Interface, Ts...>, invalid_typed_output>;

template <class T, class List>
struct tl_contains;
template <class T, class... Ts>
struct tl_contains<T, type_list<Ts...>> : std::bool_constant<(std::is_same_v<T, Ts> || ...)> {};

/// Every signature of Sub is in Super (order does not matter).
template <class Sub, class Super>
struct is_sub_interface;
template <class... Ss, class Super>
struct is_sub_interface<type_list<Ss...>, Super> : std::bool_constant<(tl_contains<Ss, Super>::value && ...)> {};

template <class>
inline constexpr bool always_false_v = false;

} // namespace detail
} // namespace troupe
