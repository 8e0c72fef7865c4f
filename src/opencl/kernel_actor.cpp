// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "kernel_actor.hpp"

#include <memory>
#include <string>
#include <utility>

#include "cl.hpp"
#include "kernel_runner.hpp"
#include "program_impl.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/behavior.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/opencl/errc.hpp"

namespace troupe::opencl::detail {

namespace {

// The kernel actor's only match case: a request with the kernel's inputs
// (after map_args, if any) starts the kernel and is answered later.
struct kernel_case {
  std::shared_ptr<kernel_runner> runner;
  event_based_actor* self;

  bool invoke(message& msg, troupe::detail::invoke_result& res) {
    const auto& k = runner->iface();
    message inputs;
    if (k.map_args) {
      auto mapped = k.map_args(msg);
      if (!mapped)
        return false;
      inputs = std::move(*mapped);
      if (!k.matches(inputs)) {
        res.kind = troupe::detail::invoke_result::reply;
        res.value = make_message(
          error{sec::type_clash, "map_args returned " + to_string(inputs) + ", which is not the kernel's inputs"});
        return true;
      }
    } else {
      if (!k.matches(msg))
        return false;
      inputs = msg;
    }
    runner->launch(std::move(inputs), self->make_response_promise());
    res.kind = troupe::detail::invoke_result::done;
    return true;
  }
};

} // namespace

expected<actor> spawn_kernel_actor(actor_system& sys, const program& prog, const std::string& name,
                                   const nd_range& range, kernel_interface k) {
  if (range.global.empty() || range.global_size() == 0)
    return error{errc::argument_mismatch, "the global work size is empty"};
  if ((!range.offsets.empty() && range.offsets.size() != range.global.size())
      || (!range.local.empty() && range.local.size() != range.global.size()))
    return error{errc::argument_mismatch, "offsets and local sizes need as many dimensions as the global size"};
  cl_int status = CL_SUCCESS;
  auto kernel = cl_ref<cl_kernel>::adopt(clCreateKernel(prog.impl()->prog.get(), name.c_str(), &status));
  if (status == CL_INVALID_KERNEL_NAME)
    return error{errc::unknown_kernel, "the program has no kernel " + name};
  if (status != CL_SUCCESS)
    return cl_error(errc::unknown_kernel, "clCreateKernel", status, name);
  cl_uint num_args = 0;
  clGetKernelInfo(kernel.get(), CL_KERNEL_NUM_ARGS, sizeof(num_args), &num_args, nullptr);
  if (num_args != k.args.size())
    return error{errc::argument_mismatch, "kernel " + name + " has " + std::to_string(num_args) + " parameters, "
                                            + std::to_string(k.args.size()) + " tags given"};
  auto runner = std::make_shared<kernel_runner>(prog.impl(), std::move(kernel), range, std::move(k));
  return sys.spawn([runner](event_based_actor* self) -> behavior { return behavior{kernel_case{runner, self}}; });
}

} // namespace troupe::opencl::detail
