// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Actor types spawnable by name: cfg.add_actor_type("name", fun) (or
// add_actor_type<Impl, Args...>("name")) stores a factory that takes its
// arguments from a message, and spawn_by_name(sys, "name", args) uses it.
// This is what lets another node spawn an actor here (mm.remote_spawn): the
// arguments arrive as a message and are checked against the type's
// parameters before anything is spawned.
#include <cstddef>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/atom.hpp"
#include "troupe/building_blocks/function_actor.hpp"
#include "troupe/building_blocks/typed_protocol.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/detail/type_list.hpp"
#include "troupe/error.hpp"
#include "troupe/expected.hpp"
#include "troupe/message.hpp"
#include "troupe/type_id.hpp"

namespace troupe {

class actor_system;

/// An input key of a signature: a type, or an atom constant, which matches
/// one atom value only.
struct key_id {
  /// The type of the element; `type_id_of<atom_value>()` for an atom constant.
  type_id type = nullptr; // type_id_of<atom_value>() for an atom constant
  /// The atom value an atom constant matches; unused otherwise.
  atom_value atom{};
  /// Whether the key is an atom constant, matching `atom` only.
  bool is_atom_constant = false;
  /// Memberwise: the same type, atom and kind.
  friend bool operator==(const key_id&, const key_id&) = default;
};

/// One signature of a typed interface by type ids: its input keys and outputs.
struct signature_ids {
  /// The input keys, in order.
  std::vector<key_id> inputs;
  /// The types of the response.
  std::vector<type_id> outputs;
};
/// A typed interface; empty for a dynamically typed actor.
using interface_ids = std::vector<signature_ids>;

/// An actor type spawnable by name, as actor_system_config::add_actor_type() stores it: spawn_by_name() and other
/// nodes (remote spawn) take its arguments from a message, checked against its parameters before anything is
/// spawned.
struct actor_factory {
  /// Spawns the actor from `args`; sec::type_clash when they do not fit.
  std::function<expected<actor>(actor_system& sys, const message& args)> spawn;
  /// The interface of what it spawns.
  interface_ids interface;
  /// The parameter types, for messages: "(int32_t, std::string)".
  std::string parameters;
};

/// Spawns the actor type `name` of sys's config with `args` as its arguments:
/// sec::invalid_argument for a name the config does not know, sec::type_clash
/// for arguments that do not match its parameters.
TROUPE_CORE_API expected<actor> spawn_by_name(actor_system& sys, const std::string& name, const message& args);

namespace detail {

template <class List>
struct drop_first {
  using type = List;
};
template <class T, class... Ts>
struct drop_first<type_list<T, Ts...>> {
  using type = type_list<Ts...>;
};

template <class... Ts>
std::vector<type_id> type_ids_of(type_list<Ts...>) {
  return {type_id_of<Ts>()...};
}

template <class T>
key_id key_id_of() {
  if constexpr (is_atom_constant<T>::value)
    return key_id{type_id_of<atom_value>(), static_cast<atom_value>(T{}), true};
  else
    return key_id{type_id_of<T>(), atom_value{}, false};
}

template <class... Ts>
std::vector<key_id> key_ids_of(type_list<Ts...>) {
  return {key_id_of<Ts>()...};
}

template <class... Sigs>
interface_ids signature_ids_of(type_list<Sigs...>) {
  return {signature_ids{key_ids_of(typename Sigs::input_keys{}), type_ids_of(typename Sigs::output_types{})}...};
}

/// T: a typed handle or typed actor class (anything with `signatures`), or not.
template <class T>
interface_ids interface_ids_of() {
  if constexpr (requires { typename T::signatures; })
    return signature_ids_of(typename T::signatures{});
  else
    return {};
}

template <class... Ts>
std::string parameters_text(type_list<Ts...>) {
  std::string out = "(";
  ((out += (out.size() == 1 ? "" : ", "), out += type_id_of<Ts>()->name), ...);
  return out + ")";
}

/// Calls spawn(xs...) with the elements of `args` when they are exactly Ts.
template <class... Ts, class Spawn>
expected<actor> spawn_from_message(type_list<Ts...> params, const message& args, Spawn&& spawn) {
  if (!args.template match_elements<Ts...>())
    return error{sec::type_clash, "the arguments " + to_string(args) + " do not fit " + parameters_text(params)};
  return [&]<std::size_t... Is>(std::index_sequence<Is...>)->expected<actor> {
    actor result{spawn(args.template get_as<Ts>(Is)...)};
    if (!result)
      return error{sec::system_shutdown, "the actor system is shutting down"};
    return result;
  }
  (std::index_sequence_for<Ts...>{});
}

template <class F>
actor_factory make_function_factory(F fun) {
  using traits = function_actor_traits<F>;
  using all_args = typename callable_t<F>::decayed_arg_types;
  using params = std::conditional_t<traits::has_self, typename drop_first<all_args>::type, all_args>;
  actor_factory result;
  // `sys` is generic so that actor_system is complete where this is made.
  result.spawn = [fun](auto& sys, const message& args) {
    return spawn_from_message(params{}, args, [&](const auto&... xs) { return sys.spawn(fun, xs...); });
  };
  result.interface = interface_ids_of<typename traits::impl>();
  result.parameters = parameters_text(params{});
  return result;
}

template <class Impl, class... Ts>
actor_factory make_class_factory() {
  using params = type_list<std::decay_t<Ts>...>;
  actor_factory result;
  result.spawn = [](auto& sys, const message& args) {
    return spawn_from_message(params{}, args, [&](const auto&... xs) { return sys.template spawn<Impl>(xs...); });
  };
  result.interface = interface_ids_of<Impl>();
  result.parameters = parameters_text(params{});
  return result;
}

} // namespace detail

} // namespace troupe
