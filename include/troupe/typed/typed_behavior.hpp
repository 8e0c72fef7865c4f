// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// typed_behavior<Sigs...>: a behavior whose handlers the compiler checked
// against the interface Sigs...:
//   * every signature has a handler taking exactly its input types
//     (by value or const&) and returning its output types (T, std::tuple<Ts...>,
//     void for reacts_to / with<>);
//   * no handler accepts an input that is not in the interface.
// A handler may answer later: returning self->make_response_promise<Out...>()
// (typed_response_promise, checked like a direct answer), return result<Out...>
// (values, an error or a delegation) or return self->delegate(other, xs...)
// (delegated<Out...>: other's declared answer is checked). Escape hatches
// (unchecked results): a handler may return `message`, an untyped
// `response_promise` or a delegation to a dynamically typed actor.
// An `after(d) >> f` timeout may be given last, as for dynamic behaviors.
#include <tuple>
#include <type_traits>
#include <utility>

#include "troupe/behavior.hpp"
#include "troupe/delegated.hpp"
#include "troupe/result.hpp"
#include "troupe/typed/replies_to.hpp"
#include "troupe/typed_response_promise.hpp"

namespace troupe {

class response_promise;

namespace detail {

struct any_typed_output {}; // the handler's result is not checked

template <class R>
struct handler_output {
  using type = type_list<strip_and_convert_t<R>>;
};
template <>
struct handler_output<void> {
  using type = type_list<>;
};
template <class... Ts>
struct handler_output<std::tuple<Ts...>> {
  using type = type_list<strip_and_convert_t<Ts>...>;
};
template <>
struct handler_output<message> {
  using type = any_typed_output;
};
template <>
struct handler_output<response_promise> {
  using type = any_typed_output;
};
template <class... Ts>
struct handler_output<typed_response_promise<Ts...>> {
  using type = type_list<Ts...>; // checked like a direct answer
};
template <class... Ts>
struct handler_output<result<Ts...>> {
  using type = typename result<Ts...>::output_types; // checked like a direct answer
};
template <>
struct handler_output<result<void>> {
  using type = type_list<>;
};
template <class... Ts>
struct handler_output<delegated<Ts...>> {
  using type = type_list<Ts...>; // the delegate's declared answer
};
template <>
struct handler_output<delegated<message>> {
  using type = any_typed_output; // delegated to a dynamically typed actor
};

template <class Args>
struct signature_keys_of;
template <class... Ts>
struct signature_keys_of<type_list<Ts...>> {
  using type = type_list<signature_key_t<Ts>...>;
};

/// A handler fits a signature when its parameter keys fit the signature's
/// (an atom_value parameter handles every atom-constant variant).
template <class F>
struct typed_handler_info {
  static_assert(has_call_signature<F>::value,
                "typed behavior handlers must be callables with one fixed signature (no generic lambdas or on(...) "
                "patterns)");
  using input = typename signature_keys_of<typename callable_t<F>::decayed_arg_types>::type;
  using output = typename handler_output<std::decay_t<typename callable_t<F>::result_type>>::type;
};

/// Errors name the offending signature through the instantiation that fires them.
template <class Signature>
struct typed_behavior_missing_handler_for {
  static_assert(always_false_v<Signature>,
                "typed behavior does not implement every signature of its interface: no handler for the "
                "signature named in 'typed_behavior_missing_handler_for<...>'");
  static constexpr bool value = false;
};

template <class Signature, class HandlerResult>
struct typed_behavior_wrong_result_for {
  static_assert(always_false_v<Signature>,
                "typed behavior handler returns the wrong type: see 'typed_behavior_wrong_result_for<Signature, "
                "HandlerResult>'");
  static constexpr bool value = false;
};

template <class HandlerInput>
struct typed_behavior_handler_not_in_interface {
  static_assert(always_false_v<HandlerInput>,
                "typed behavior has a handler for an input that is not part of its interface: see "
                "'typed_behavior_handler_not_in_interface<...>'");
  static constexpr bool value = false;
};

template <class Item>
inline constexpr bool is_timeout_item_v = is_timeout_definition<std::decay_t<Item>>::value;

/// The handler infos of the callables among Items (timeouts dropped).
template <class... Items>
using handler_infos_t =
  decltype(std::tuple_cat(std::declval<std::conditional_t<is_timeout_item_v<Items>, std::tuple<>,
                                                          std::tuple<typed_handler_info<std::decay_t<Items>>>>>()...));

template <class Sig, class Infos>
struct check_signature;

template <class Sig, class... Infos>
struct check_signature<Sig, std::tuple<Infos...>> {
  static constexpr bool check() {
    constexpr bool found = (keys_fit<typename Infos::input, typename Sig::input_keys>::value || ...);
    if constexpr (!found) {
      return typed_behavior_missing_handler_for<Sig>::value;
    } else {
      return check_result<Infos...>();
    }
  }
  /// The first handler for the input decides (first match wins at run time).
  template <class I, class... Is>
  static constexpr bool check_result() {
    if constexpr (keys_fit<typename I::input, typename Sig::input_keys>::value) {
      if constexpr (std::is_same_v<typename I::output,
                                   typename Sig::output_types> || std::is_same_v<typename I::output, any_typed_output>)
        return true;
      else
        return typed_behavior_wrong_result_for<Sig, typename I::output>::value;
    } else {
      return check_result<Is...>();
    }
  }
};

template <class Info, class... Sigs>
constexpr bool check_handler_in_interface() {
  if constexpr (((keys_fit<typename Info::input, typename Sigs::input_keys>::value
                  || keys_fit<typename Sigs::input_keys, typename Info::input>::value)
                 || ...))
    return true;
  else
    return typed_behavior_handler_not_in_interface<typename Info::input>::value;
}

template <class Infos, class... Sigs>
struct check_handlers;
template <class... Infos, class... Sigs>
struct check_handlers<std::tuple<Infos...>, Sigs...> {
  static constexpr bool value = (check_handler_in_interface<Infos, Sigs...>() && ...);
};

template <class... Sigs, class... Items>
constexpr bool check_typed_behavior(type_list<Sigs...>, type_list<Items...>) {
  using infos = handler_infos_t<Items...>;
  constexpr bool all_sigs = (check_signature<Sigs, infos>::check() && ...);
  constexpr bool all_handlers = check_handlers<infos, Sigs...>::value;
  return all_sigs && all_handlers;
}

} // namespace detail

template <class... Sigs>
class typed_event_based_actor;

/// A behavior checked at compile time against the interface Sigs...: one handler per signature, with the
/// parameters the signature's inputs call for and a result that fits its outputs, optionally with an after(...)
/// timeout last. What a typed actor's function or make_behavior() returns.
template <class... Sigs>
class typed_behavior {
public:
  static_assert((detail::typed_signature<Sigs> && ...),
                "a typed interface lists replies_to<...>::with<...> and reacts_to<...> signatures");
  /// The interface's signatures.
  using signatures = detail::type_list<Sigs...>;
  /// The class that runs a function returning this behavior (spawn(f)).
  using actor_type = typed_event_based_actor<Sigs...>;

  /// Empty: an actor whose make_behavior() returns it terminates at once.
  typed_behavior() noexcept = default;

  /// All handlers of the interface (and optionally an after(...) timeout last).
  template <class T, class... Ts>
    requires(!std::is_same_v<std::decay_t<T>, typed_behavior> || sizeof...(Ts) > 0)
  typed_behavior(T&& x, Ts&&... xs) // NOLINT: implicit so that `return { handlers... };` works
    : bhvr_(std::forward<T>(x), std::forward<Ts>(xs)...) {
    static_assert(detail::check_typed_behavior(signatures{}, detail::type_list<T, Ts...>{}));
  }

  /// Wraps an already built behavior WITHOUT checking it against the interface.
  static typed_behavior make_unchecked(behavior bhvr) noexcept {
    typed_behavior result;
    result.bhvr_ = std::move(bhvr);
    return result;
  }

  /// The type-erased behavior the runtime runs.
  const behavior& unbox() const noexcept { return bhvr_; }

  /// False for an empty behavior (an actor that returns one terminates at once).
  explicit operator bool() const noexcept { return static_cast<bool>(bhvr_); }

private:
  behavior bhvr_;
};

} // namespace troupe
