// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A match case: a pattern's elements, an optional guard and the callback, tried
// on one message. It checks type ids (pointer compares) and values, then the
// guard, then calls the callback with the matched elements; it never allocates
// and never compares type names.
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "troupe/atom.hpp"
#include "troupe/detail/type_list.hpp"
#include "troupe/match/elements.hpp"
#include "troupe/match/invoke_result.hpp"
#include "troupe/message.hpp"
#include "troupe/param.hpp"

namespace troupe {

/// One case of a behavior: the pattern elements Elems, a guard and a callback F. Built by `pattern >> callback` (or
/// from a plain callable); behavior tries its cases in order on each message.
template <class Guard, class F, class... Elems>
class match_case {
public:
  /// Compile-time facts about the pattern: element count, where the `anything` wildcard is, which elements are typed.
  using info = detail::elem_info<Elems...>;
  /// The callback's signature: result type, parameter types and arity.
  using fun_traits = detail::callable_t<F>;
  /// The callback's parameter types, as declared (references kept).
  using fun_args = typename fun_traits::arg_types;
  /// Number of callback parameters; they bind to the last `arity` typed (non-wildcard) elements of the pattern.
  static constexpr std::size_t arity = fun_traits::arity;
  static_assert(arity <= info::num_typed, "the callback takes more arguments than the pattern matches");

  /// Stores the pattern elements, guard and callback; fails to compile when a callback parameter's type does not fit
  /// the element it binds to (atom constants need the same atom in the pattern, `param<T>` and atom constants must
  /// not be mutable references, no rvalue references).
  match_case(std::tuple<Elems...> elems, Guard guard, F fun)
    : elems_(std::move(elems)), guard_(std::move(guard)), fun_(std::move(fun)) {
    check_arg_types(std::make_index_sequence<arity>{});
  }

  /// Tries this case on msg; on a match runs the callback and fills res.
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

  /// Message index of pattern position i when the message has n elements.
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

} // namespace troupe
