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

#include "troupe/detail/type_list.hpp"
#include "troupe/message.hpp"

namespace troupe {

template <class... In>
struct replies_to {
  template <class... Out>
  struct with {
    // Element types as they travel in a message (const char* -> std::string, ...).
    using input_types = detail::type_list<detail::strip_and_convert_t<In>...>;
    using output_types = detail::type_list<detail::strip_and_convert_t<Out>...>;
  };
};

template <class... In>
using reacts_to = typename replies_to<In...>::template with<>;

namespace detail {

template <class T>
concept typed_signature = requires {
  typename T::input_types;
  typename T::output_types;
};

// Marks "the interface has no signature for this input" (keeps follow-up
// errors quiet once the static_assert at the call site fired).
struct invalid_typed_output {};

template <class Input, class... Sigs>
struct find_output {
  using type = invalid_typed_output;
};

template <class Input, class Sig, class... Sigs>
struct find_output<Input, Sig, Sigs...>
  : std::conditional_t<std::is_same_v<Input, typename Sig::input_types>, std::type_identity<typename Sig::output_types>,
                       find_output<Input, Sigs...>> {};

template <class Interface, class Input>
struct interface_output;

template <class... Sigs, class Input>
struct interface_output<type_list<Sigs...>, Input> : find_output<Input, Sigs...> {};

// The response types (a type_list) for sending Ts... to Interface, or
// invalid_typed_output if no signature accepts Ts...
template <class Interface, class... Ts>
using typed_output_t = typename interface_output<Interface, type_list<strip_and_convert_t<Ts>...>>::type;

template <class Interface, class... Ts>
inline constexpr bool accepts_input_v = !std::is_same_v<typed_output_t<Interface, Ts...>, invalid_typed_output>;

template <class T, class List>
struct tl_contains;
template <class T, class... Ts>
struct tl_contains<T, type_list<Ts...>> : std::bool_constant<(std::is_same_v<T, Ts> || ...)> {};

// Every signature of Sub is in Super (order does not matter).
template <class Sub, class Super>
struct is_sub_interface;
template <class... Ss, class Super>
struct is_sub_interface<type_list<Ss...>, Super> : std::bool_constant<(tl_contains<Ss, Super>::value && ...)> {};

// A typed handle: typed_actor<...> (and anything shaped like it).
template <class T>
concept typed_handle = requires(const T& x) {
  typename T::signatures;
  { T::is_typed_handle } -> std::convertible_to<bool>;
  x.ctrl();
};

template <class>
inline constexpr bool always_false_v = false;

} // namespace detail
} // namespace troupe
