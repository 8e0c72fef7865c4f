// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The short form: a kernel actor from the kernel's signature, written with the
// output as the result type. Every pointer parameter is an input and the
// result an output, each holding as many elements as `dims` spans:
//
//   __kernel void matrix_multiply(__global float* a, __global float* b, __global float* c)
//   expected<actor> mm = opencl::spawn_cl<float*(float*, float*)>(source, "matrix_multiply", {size, size});
//   // mm answers (std::vector<float>, std::vector<float>) with std::vector<float>
//
// spawn_cl_typed returns the same actor as signature_handle<Sig>, a typed handle.
#include <string>
#include <type_traits>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/expected.hpp"
#include "troupe/opencl/arg_tags.hpp"
#include "troupe/opencl/dim_vec.hpp"
#include "troupe/opencl/manager.hpp"
#include "troupe/typed/replies_to.hpp"
#include "troupe/typed/typed_actor.hpp"

namespace troupe::opencl {

namespace detail {

template <class Sig>
struct kernel_signature {
  static_assert(std::is_same_v<Sig, void>, "spawn_cl takes a signature of the form R*(A*, B*, ...)");
};

template <class R, class... Args>
struct kernel_signature<R*(Args*...)> {
  using handle = typed_actor<
    typename replies_to<std::vector<std::remove_const_t<Args>>...>::template with<std::vector<std::remove_const_t<R>>>>;

  static expected<actor> spawn(manager& mngr, const std::string& source, const std::string& name, const dim_vec& dims) {
    const auto n = dims.product();
    return mngr.spawn(source, name, nd_range{dims}, in<std::remove_const_t<Args>>{n}..., out<std::remove_const_t<R>>{});
  }
};

} // namespace detail

/// The typed handle of spawn_cl<Sig>'s actor.
template <class Sig>
using signature_handle = typename detail::kernel_signature<Sig>::handle;

/// A kernel actor for kernel `name` of `source`, compiled for the default device of `sys`'s manager. Sig is the
/// kernel's signature with the output as the result, R*(A*, B*, ...): each pointer parameter becomes an in<A> that
/// must hold dims.product() elements, the result an out<R> of as many. Errors as for manager::create_program and
/// manager::spawn; throws std::logic_error when `sys` has not loaded the manager.
template <class Sig>
expected<actor> spawn_cl(actor_system& sys, const std::string& source, const std::string& name, const dim_vec& dims) {
  return detail::kernel_signature<Sig>::spawn(sys.opencl_manager(), source, name, dims);
}

/// On actor_system::current(), which must have loaded the manager.
template <class Sig>
expected<actor> spawn_cl(const std::string& source, const std::string& name, const dim_vec& dims) {
  return spawn_cl<Sig>(troupe::detail::implicit_system("spawn_cl"), source, name, dims);
}

/// The actor of spawn_cl<Sig>(sys, ...) as the typed handle signature_handle<Sig>.
template <class Sig>
expected<signature_handle<Sig>> spawn_cl_typed(actor_system& sys, const std::string& source, const std::string& name,
                                               const dim_vec& dims) {
  auto a = spawn_cl<Sig>(sys, source, name, dims);
  if (!a)
    return a.error();
  return actor_cast<signature_handle<Sig>>(*a);
}

} // namespace troupe::opencl
