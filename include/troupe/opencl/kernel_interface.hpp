// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The message interface of a kernel actor, deduced from its argument tags at
// compile time and handed to the runtime as plain data: what each argument
// is, where its element sits in the request and in the answer, how to read a
// vector's memory and how to build the answer. manager::spawn builds it; the
// OpenCL side (src/opencl) needs no template.
#include <cstddef>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "troupe/detail/type_list.hpp"
#include "troupe/message.hpp"
#include "troupe/opencl/arg_tags.hpp"
#include "troupe/opencl/mem_ref.hpp"

namespace troupe::opencl::detail {

using troupe::detail::type_list;

/// Host memory of an input: a vector's elements, or a priv value.
struct host_view {
  const void* data;
  std::size_t count;
};

/// One output of a request, before the answer is built.
struct output_desc {
  std::size_t count;
  std::shared_ptr<buffer> buf; // for an output that stays on the device
};

struct arg_spec {
  arg_kind kind = arg_kind::in;
  std::size_t elem_size = 0;
  bool input_is_ref = false;
  bool output_is_ref = false;
  int input_index = -1;  // of its element in the request, or -1
  int output_index = -1; // of its element in the answer, or -1
  size_function size;
  std::vector<std::byte> value;                                      // a fixed priv value
  host_view (*view)(const message&, std::size_t) = nullptr;          // a host input
  const mem_ref_base* (*ref)(const message&, std::size_t) = nullptr; // a mem_ref input
  void* (*out_data)(message&, std::size_t) = nullptr;                // a host output
};

struct kernel_interface {
  std::vector<arg_spec> args;
  std::size_t num_inputs = 0;
  std::size_t num_outputs = 0;
  bool (*matches)(const message&) = nullptr; // the request is exactly the inputs
  message (*make_outputs)(const output_desc*) = nullptr;
  std::function<std::optional<message>(message&)> map_args; // empty: none
  std::function<message(message&)> map_result;              // empty: none
};

// ---- type lists of the inputs and outputs ---------------------------------

template <class... Ls>
struct concat {
  using type = type_list<>;
};
template <class... As>
struct concat<type_list<As...>> {
  using type = type_list<As...>;
};
template <class... As, class... Bs, class... Rest>
struct concat<type_list<As...>, type_list<Bs...>, Rest...> : concat<type_list<As..., Bs...>, Rest...> {};

template <class T>
using list_unless_void = std::conditional_t<std::is_void_v<T>, type_list<>, type_list<T>>;

template <class... Tags>
using inputs_of = typename concat<list_unless_void<typename std::decay_t<Tags>::input_type>...>::type;

template <class... Tags>
using outputs_of = typename concat<list_unless_void<typename std::decay_t<Tags>::output_type>...>::type;

// ---- element access --------------------------------------------------------

template <class T>
host_view view_vector(const message& m, std::size_t i) {
  const auto& xs = m.get_as<std::vector<T>>(i);
  return {xs.data(), xs.size()};
}

template <class T>
host_view view_value(const message& m, std::size_t i) {
  return {&m.get_as<T>(i), 1};
}

template <class T>
const mem_ref_base* view_ref(const message& m, std::size_t i) {
  return &m.get_as<mem_ref<T>>(i);
}

template <class T>
void* vector_data(message& m, std::size_t i) {
  return m.get_mutable_as<std::vector<T>>(i).data();
}

template <class T>
struct output_maker;
template <class T>
struct output_maker<std::vector<T>> {
  static std::vector<T> make(const output_desc& d) { return std::vector<T>(d.count); }
};
template <class T>
struct output_maker<mem_ref<T>> {
  static mem_ref<T> make(const output_desc& d) { return mem_ref<T>{d.buf, d.count}; }
};

template <class... Ts>
bool matches_exactly(const message& m) {
  return m.match_elements<Ts...>();
}

template <class... Ts>
message make_outputs_of(const output_desc* d) {
  if constexpr (sizeof...(Ts) == 0) {
    return message{};
  } else {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return make_message(output_maker<Ts>::make(d[I])...);
    }
    (std::index_sequence_for<Ts...>{});
  }
}

template <class... Ts>
constexpr auto matcher_for(type_list<Ts...>) {
  return &matches_exactly<Ts...>;
}

template <class... Ts>
constexpr auto output_factory_for(type_list<Ts...>) {
  return &make_outputs_of<Ts...>;
}

// ---- one tag -> one arg_spec -------------------------------------------------

template <class Tag>
arg_spec spec_of(Tag tag, int& next_input, int& next_output) {
  using T = typename Tag::element_type;
  arg_spec s;
  s.kind = Tag::kind;
  s.elem_size = sizeof(T);
  s.input_is_ref = Tag::input_is_ref;
  s.output_is_ref = Tag::output_is_ref;
  if constexpr (!std::is_void_v<typename Tag::input_type>) {
    s.input_index = next_input++;
    if constexpr (Tag::kind == arg_kind::priv)
      s.view = &view_value<T>;
    else if constexpr (Tag::input_is_ref)
      s.ref = &view_ref<T>;
    else
      s.view = &view_vector<T>;
  }
  if constexpr (!std::is_void_v<typename Tag::output_type>) {
    s.output_index = next_output++;
    if constexpr (!Tag::output_is_ref)
      s.out_data = &vector_data<T>;
  }
  if constexpr (Tag::kind == arg_kind::priv) {
    if constexpr (std::is_void_v<typename Tag::input_type>) {
      s.value.resize(sizeof(T));
      std::memcpy(s.value.data(), &tag.value, sizeof(T));
    }
  } else {
    s.size = std::move(tag.size);
  }
  return s;
}

/// The interface of a kernel with these tags, without mapping functions.
template <class... Tags>
kernel_interface make_interface(Tags... tags) {
  kernel_interface k;
  int next_input = 0;
  int next_output = 0;
  (k.args.push_back(spec_of(std::move(tags), next_input, next_output)), ...);
  k.num_inputs = static_cast<std::size_t>(next_input);
  k.num_outputs = static_cast<std::size_t>(next_output);
  k.matches = matcher_for(inputs_of<Tags...>{});
  k.make_outputs = output_factory_for(outputs_of<Tags...>{});
  return k;
}

// ---- mapping functions ---------------------------------------------------------

template <class R>
message to_message(R&& x) {
  using D = std::decay_t<R>;
  if constexpr (std::is_same_v<D, message>)
    return std::forward<R>(x);
  else if constexpr (troupe::detail::is_tuple<D>::value)
    return std::apply([](auto&&... xs) { return make_message(std::forward<decltype(xs)>(xs)...); }, std::forward<R>(x));
  else
    return make_message(std::forward<R>(x));
}

/// Calls f with the outputs of an answer; its result becomes the answer.
template <class F, class... Outs>
std::function<message(message&)> wrap_map_result(F f, type_list<Outs...>) {
  return [f = std::move(f)](message& outputs) mutable -> message {
    return [&]<std::size_t... I>(std::index_sequence<I...>)->message {
      using R = decltype(f(outputs.get_mutable_as<Outs>(I)...));
      if constexpr (std::is_void_v<R>) {
        f(outputs.get_mutable_as<Outs>(I)...);
        return message{};
      } else {
        return to_message(f(outputs.get_mutable_as<Outs>(I)...));
      }
    }
    (std::index_sequence_for<Outs...>{});
  };
}

} // namespace troupe::opencl::detail
