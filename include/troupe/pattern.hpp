// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The pattern-matching DSL: on<T...>(), on(values...), val<T>, anything,
// arg_match, on_arg_match, others, .when(guard) and `pattern >> callback`.
// A match case checks type ids (pointer compares) and values; it never
// allocates and never compares type names.
#include <array>
#include <chrono>
#include <cstddef>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "troupe/atom.hpp"
#include "troupe/detail/type_list.hpp"
#include "troupe/error.hpp"
#include "troupe/guard.hpp"
#include "troupe/infinite.hpp"
#include "troupe/message.hpp"
#include "troupe/param.hpp"

namespace troupe {

class response_promise;

// Returned by a handler to leave the message in the mailbox for a later behavior.
struct skip_t {
  constexpr skip_t operator()() const noexcept { return *this; }
};
inline constexpr skip_t skip{};

// ---- pattern elements ------------------------------------------------------

// A type: on<int, anything>() matches an int followed by any elements; as a
// value inside on(...) write anything{}.
struct anything {};
using anything_t = anything;

template <class T>
struct val_t {
  using val_tag = void;
  using type = T;
};
template <class T>
inline constexpr val_t<T> val{};

struct arg_match_t {};
inline constexpr arg_match_t arg_match{};

namespace detail {

// Matches any number of elements of any type.
struct wildcard_elem {
  using type = void;
};

// Matches one element of type T.
template <class T>
struct type_elem {
  using type = T;
  constexpr bool check(const T&) const noexcept { return true; }
};

// Matches one element of type T equal to a stored value.
template <class T, class V>
struct value_elem {
  using type = T;
  V value;
  bool check(const T& x) const { return x == value; }
};

// Matches one atom equal to V (no storage: V is part of the type).
template <atom_value V>
struct atom_const_elem {
  using type = atom_value;
  using constant = atom_constant<V>;
  static constexpr bool check(const atom_value& x) noexcept { return x == V; }
};

// Turns one argument of on(...) into a pattern element.
template <class A>
constexpr auto to_elem(A&& x) {
  using D = std::decay_t<A>;
  if constexpr (std::is_same_v<D, anything_t>)
    return wildcard_elem{};
  else if constexpr (is_atom_constant<D>::value)
    return atom_const_elem<static_cast<atom_value>(D{})>{};
  else if constexpr (std::is_same_v<D, const char*> || std::is_same_v<D, char*>)
    return value_elem<std::string, std::string>{std::string{x}};
  else if constexpr (requires { typename D::val_tag; })
    return type_elem<typename D::type>{};
  else
    return value_elem<D, D>{std::forward<A>(x)};
}

template <class T>
struct val_elem_of {
  using type = type_elem<T>;
};
template <>
struct val_elem_of<anything_t> {
  using type = wildcard_elem;
};

template <class T>
inline constexpr bool is_wildcard_v = std::is_same_v<T, wildcard_elem>;

struct no_guard {
  template <class... Ts>
  constexpr bool operator()(const Ts&...) const noexcept {
    return true;
  }
};

// What invoking a handler produced.
struct invoke_result {
  enum kind_t : unsigned char { no_match, done, reply, skipped } kind = no_match;
  message value; // the reply, for kind == reply
};

// Converts a callback's return value into an invoke_result.
template <class R>
void set_result(invoke_result& res, R&& x) {
  using D = std::decay_t<R>;
  if constexpr (std::is_same_v<D, skip_t>) {
    res.kind = invoke_result::skipped;
  } else if constexpr (requires { typename D::result_tag; }) {
    D{std::forward<R>(x)}.apply_to(res); // result<Ts...>: values, an error or a delegation
  } else if constexpr (std::is_same_v<D, message>) {
    res.kind = invoke_result::reply;
    res.value = std::forward<R>(x);
  } else if constexpr (std::is_same_v<D, response_promise> || requires { typename D::promise_tag; }) {
    res.kind = invoke_result::done; // answered later through the promise
  } else if constexpr (is_tuple<D>::value) {
    res.kind = invoke_result::reply;
    res.value =
      std::apply([](auto&&... xs) { return make_message(std::forward<decltype(xs)>(xs)...); }, std::forward<R>(x));
  } else {
    res.kind = invoke_result::reply;
    res.value = make_message(std::forward<R>(x));
  }
}

template <class... Elems>
struct elem_info {
  static constexpr std::size_t count = sizeof...(Elems);
  static constexpr std::array<bool, count> wild = {is_wildcard_v<Elems>...};
  static constexpr std::size_t num_wild = (std::size_t{0} + ... + (is_wildcard_v<Elems> ? 1 : 0));
  static_assert(num_wild <= 1, "a pattern may contain at most one 'anything'");
  static constexpr std::size_t wild_pos = [] {
    for (std::size_t i = 0; i < count; ++i)
      if (wild[i])
        return i;
    return count;
  }();
  // Pattern positions of the typed (non-wildcard) elements.
  static constexpr std::size_t num_typed = count - num_wild;
  static constexpr auto typed = [] {
    std::array<std::size_t, num_typed == 0 ? 1 : num_typed> r{};
    std::size_t j = 0;
    for (std::size_t i = 0; i < count; ++i)
      if (!wild[i])
        r[j++] = i;
    return r;
  }();
};

} // namespace detail

// ---- match cases -----------------------------------------------------------

template <class Guard, class F, class... Elems>
class match_case {
public:
  using info = detail::elem_info<Elems...>;
  using fun_traits = detail::callable_t<F>;
  using fun_args = typename fun_traits::arg_types;
  static constexpr std::size_t arity = fun_traits::arity;
  static_assert(arity <= info::num_typed, "the callback takes more arguments than the pattern matches");

  match_case(std::tuple<Elems...> elems, Guard guard, F fun)
    : elems_(std::move(elems)), guard_(std::move(guard)), fun_(std::move(fun)) {
    check_arg_types(std::make_index_sequence<arity>{});
  }

  // Tries this case on msg; on a match runs the callback and fills res.
  bool invoke(message& msg, detail::invoke_result& res) {
    const std::size_t n = msg.size();
    if constexpr (info::num_wild == 0) {
      if (n != info::count)
        return false;
    } else {
      if (n < info::count - 1)
        return false;
    }
    return invoke_typed(msg, n, std::make_index_sequence<info::num_typed>{}, res);
  }

private:
  template <std::size_t J>
  using typed_elem_t = std::tuple_element_t<info::typed[J], std::tuple<Elems...>>;

  // Message index of pattern position i when the message has n elements.
  static constexpr std::size_t msg_index(std::size_t i, std::size_t n) noexcept {
    return i < info::wild_pos ? i : n - (info::count - i);
  }

  template <std::size_t... K>
  static constexpr void check_arg_types(std::index_sequence<K...>) {
    constexpr std::size_t offset = info::num_typed - arity;
    (check_one_arg<typename detail::tl_at<K, fun_args>::type, typed_elem_t<offset + K>>(), ...);
  }

  template <class Param, class Elem>
  static constexpr void check_one_arg() {
    if constexpr (detail::is_atom_constant<std::decay_t<Param>>::value) {
      // Only a pattern element that matches exactly this atom may bind it.
      constexpr bool same_atom = [] {
        if constexpr (requires { typename Elem::constant; })
          return std::is_same_v<typename Elem::constant, std::decay_t<Param>>;
        else
          return false;
      }();
      static_assert(same_atom, "an atom constant parameter needs the same atom constant in the pattern");
      static_assert(!detail::is_mutable_ref_v<Param>, "atom constant parameters are taken by value or const&");
    } else if constexpr (detail::is_param<std::decay_t<Param>>::value) {
      static_assert(std::is_same_v<typename std::decay_t<Param>::message_type, typename Elem::type>,
                    "callback parameter type does not match the pattern's element type");
      static_assert(!detail::is_mutable_ref_v<Param>, "param<T> parameters are taken by value");
    } else {
      static_assert(std::is_same_v<std::decay_t<Param>, typename Elem::type>,
                    "callback parameter type does not match the pattern's element type");
    }
    static_assert(!std::is_rvalue_reference_v<Param>, "callback parameters must be values or lvalue references");
  }

  template <std::size_t... J>
  bool invoke_typed(message& msg, std::size_t n, std::index_sequence<J...>, detail::invoke_result& res) {
    // 1. types, 2. values
    if (!((msg.type_at(msg_index(info::typed[J], n)) == type_id_of<typename typed_elem_t<J>::type>()) && ...))
      return false;
    if (!(std::get<info::typed[J]>(elems_).check(
            *static_cast<const typename typed_elem_t<J>::type*>(msg.at(msg_index(info::typed[J], n))))
          && ...))
      return false;
    // 3. guard over all typed elements
    if (!static_cast<bool>(
          guard_(*static_cast<const typename typed_elem_t<J>::type*>(msg.at(msg_index(info::typed[J], n)))...)))
      return false;
    // 4. callback over the last `arity` typed elements
    call(msg, n, std::make_index_sequence<arity>{}, res);
    if (res.kind == detail::invoke_result::no_match)
      res.kind = detail::invoke_result::done;
    return true;
  }

  static constexpr bool needs_mutable() {
    return []<std::size_t... K>(std::index_sequence<K...>) {
      return (detail::is_mutable_ref_v<typename detail::tl_at<K, fun_args>::type> || ...);
    }
    (std::make_index_sequence<arity>{});
  }

  template <std::size_t K>
  static decltype(auto) arg(message& msg, std::size_t n) {
    constexpr std::size_t offset = info::num_typed - arity;
    using T = typename typed_elem_t<offset + K>::type;
    using Param = typename detail::tl_at<K, fun_args>::type;
    auto idx = msg_index(info::typed[offset + K], n);
    if constexpr (detail::is_atom_constant<std::decay_t<Param>>::value)
      return std::decay_t<Param>{}; // matched: the atom is the constant
    else if constexpr (detail::is_param<std::decay_t<Param>>::value)
      return std::decay_t<Param>{msg.at(idx), msg.shared()};
    else if constexpr (detail::is_mutable_ref_v<Param>)
      return *static_cast<T*>(msg.mutable_at(idx));
    else
      return *static_cast<const T*>(msg.at(idx));
  }

  template <std::size_t... K>
  void call(message& msg, std::size_t n, std::index_sequence<K...>, detail::invoke_result& res) {
    if constexpr (needs_mutable())
      msg.force_unshare();
    using R = typename fun_traits::result_type;
    if constexpr (std::is_void_v<R>) {
      fun_(arg<K>(msg, n)...);
      res.kind = detail::invoke_result::done;
    } else {
      detail::set_result(res, fun_(arg<K>(msg, n)...));
    }
  }

  std::tuple<Elems...> elems_;
  [[no_unique_address]] Guard guard_; // usually no_guard: takes no space
  F fun_;
};

namespace detail {

// A callback parameter's element: its type, or for an atom constant
// parameter (add_atom) the atom it names.
template <class T>
struct param_elem {
  using type = type_elem<T>;
};
template <atom_value V>
struct param_elem<atom_constant<V>> {
  using type = atom_const_elem<V>;
};
template <class T>
struct param_elem<param<T>> {
  using type = type_elem<T>;
};

template <class F>
struct arg_match_elems {
  template <class... Ts>
  static std::tuple<typename param_elem<Ts>::type...> make(type_list<Ts...>);
  using type = decltype(make(std::declval<typename callable_t<F>::decayed_arg_types>()));
};

} // namespace detail

// The left-hand side of `>>`: elements, an optional guard, and whether arg_match
// asks to take the remaining element types from the callback.
template <bool ArgMatch, class Guard, class... Elems>
class pattern {
public:
  constexpr pattern(std::tuple<Elems...> elems, Guard guard) : elems_(std::move(elems)), guard_(std::move(guard)) {}

  template <class G>
  auto when(G g) const {
    static_assert(std::is_same_v<Guard, detail::no_guard>, "a pattern takes one guard");
    return pattern<ArgMatch, G, Elems...>{elems_, std::move(g)};
  }

  template <class F>
  auto operator>>(F fun) const {
    if constexpr (ArgMatch) {
      using tail = typename detail::arg_match_elems<F>::type;
      return make_case(std::tuple_cat(elems_, tail{}), std::move(fun));
    } else {
      return make_case(elems_, std::move(fun));
    }
  }

private:
  template <class... Es, class F>
  auto make_case(std::tuple<Es...> elems, F fun) const {
    return match_case<Guard, F, Es...>{std::move(elems), guard_, std::move(fun)};
  }

  std::tuple<Elems...> elems_;
  Guard guard_;
};

// on<int, float>(), on<int, anything>()
template <class... Ts>
constexpr auto on() {
  return pattern<false, detail::no_guard, typename detail::val_elem_of<Ts>::type...>{{}, {}};
}

namespace detail {
template <class T>
struct is_arg_match : std::is_same<std::decay_t<T>, arg_match_t> {};
} // namespace detail

// on(atom("get"), 42, "text", val<int>, anything, arg_match)
template <class T, class... Ts>
constexpr auto on(T&& x, Ts&&... xs) {
  constexpr std::size_t n = 1 + sizeof...(Ts);
  constexpr bool last_is_arg_match = [] {
    bool flags[] = {detail::is_arg_match<T>::value, detail::is_arg_match<Ts>::value...};
    for (std::size_t i = 0; i + 1 < n; ++i)
      if (flags[i])
        return false;
    return flags[n - 1];
  }();
  constexpr std::size_t arg_matches =
    (detail::is_arg_match<T>::value ? 1 : 0) + (std::size_t{0} + ... + (detail::is_arg_match<Ts>::value ? 1 : 0));
  static_assert(arg_matches == 0 || (arg_matches == 1 && last_is_arg_match),
                "arg_match may only appear as the last argument of on()");
  if constexpr (arg_matches == 1) {
    auto all = std::forward_as_tuple(std::forward<T>(x), std::forward<Ts>(xs)...);
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return pattern<true, detail::no_guard, decltype(detail::to_elem(std::get<I>(all)))...>{
        {detail::to_elem(std::get<I>(all))...}, {}};
    }
    (std::make_index_sequence<n - 1>{});
  } else {
    return pattern<false, detail::no_guard, decltype(detail::to_elem(std::forward<T>(x))),
                   decltype(detail::to_elem(std::forward<Ts>(xs)))...>{
      {detail::to_elem(std::forward<T>(x)), detail::to_elem(std::forward<Ts>(xs))...}, {}};
  }
}

constexpr auto on(arg_match_t) {
  return pattern<true, detail::no_guard>{{}, {}};
}

// on_arg_match >> [](int a, int b) { ... } is on(arg_match) >> ...
inline constexpr auto on_arg_match = pattern<true, detail::no_guard>{{}, {}};

// Matches every message; `others >> f` and `others() >> f` both work.
struct others_t : pattern<false, detail::no_guard, detail::wildcard_elem> {
  constexpr others_t() : pattern({}, {}) {}
  constexpr others_t operator()() const { return *this; }
};
inline constexpr others_t others{};

// A plain callable is a match case whose types come from its signature.
template <class F>
auto make_match_case(F fun) {
  if constexpr (requires { fun.invoke(std::declval<message&>(), std::declval<detail::invoke_result&>()); })
    return fun;
  else
    return on_arg_match >> std::move(fun);
}

// ---- timeouts: after(d) >> f -------------------------------------------------

template <class F>
struct timeout_definition {
  std::chrono::nanoseconds timeout;
  F handler;
};

struct timeout_builder {
  std::chrono::nanoseconds timeout;
  template <class F>
  timeout_definition<F> operator>>(F f) const {
    static_assert(detail::callable_t<F>::arity == 0, "a timeout handler takes no arguments");
    return {timeout, std::move(f)};
  }
};

template <class Rep, class Period>
constexpr timeout_builder after(std::chrono::duration<Rep, Period> d) {
  return {std::chrono::duration_cast<std::chrono::nanoseconds>(d)};
}

// after(infinite) >> f: a handler that never runs (no timer is scheduled).
constexpr timeout_builder after(infinite_t) {
  return {detail::infinite_timeout};
}

template <class T>
struct is_timeout_definition : std::false_type {};
template <class F>
struct is_timeout_definition<timeout_definition<F>> : std::true_type {};

} // namespace troupe
