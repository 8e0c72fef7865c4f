// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "kernel_runner.hpp"

#include <algorithm>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "buffer.hpp"

namespace troupe::opencl::detail {

namespace {

// One request between its enqueue and its answer; owned by the completion
// callback once that is registered.
struct request {
  std::shared_ptr<kernel_runner> runner; // keeps kernel, program and device
  device_impl* dev = nullptr;
  response_promise rp;
  message inputs;  // the host memory the writes read
  message outputs; // the host memory the reads fill
  std::vector<std::shared_ptr<buffer>> buffers;
  std::vector<cl_ref<cl_event>> enqueued; // every command of the request, in order
  cl_ref<cl_event> kernel_done;
};

std::string arg_text(std::size_t i) {
  return "argument " + std::to_string(i);
}

cl_int execution_status(cl_event ev) {
  cl_int status = CL_COMPLETE;
  if (clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, nullptr) != CL_SUCCESS)
    return CL_INVALID_EVENT;
  return status;
}

void answer(request& req, cl_int status) {
  if (status >= 0 && req.kernel_done)
    status = std::min(status, execution_status(req.kernel_done.get()));
  if (status < 0) {
    req.rp.deliver(cl_error(errc::kernel_failed, "kernel execution", status));
    return;
  }
  message result = std::move(req.outputs);
  const auto& map_result = req.runner->iface().map_result;
  if (map_result) {
    try {
      result = map_result(result);
    } catch (const std::exception& e) {
      req.rp.deliver(error{sec::runtime_error, std::string{"map_result threw: "} + e.what()});
      return;
    } catch (...) {
      req.rp.deliver(error{sec::runtime_error, "map_result threw"});
      return;
    }
  }
  req.rp.deliver(std::move(result));
}

// The completion callback of a request's last command, on a thread of the
// OpenCL runtime.
void CL_CALLBACK on_complete(cl_event, cl_int status, void* user) {
  std::unique_ptr<request> req{static_cast<request*>(user)};
  auto* dev = req->dev; // the manager holds the device until no request is in flight
  answer(*req, status);
  req.reset();
  dev->request_done();
}

// Answers with `err` once the commands already enqueued are done with the
// request's host memory.
void abandon(request& req, error err) {
  std::vector<cl_event> evs;
  for (auto& e : req.enqueued)
    evs.push_back(e.get());
  if (!evs.empty())
    clWaitForEvents(static_cast<cl_uint>(evs.size()), evs.data());
  req.rp.deliver(std::move(err));
}

bool has_buffer(arg_kind k) {
  return k == arg_kind::in || k == arg_kind::out || k == arg_kind::in_out || k == arg_kind::scratch;
}

} // namespace

void kernel_runner::launch(message inputs, response_promise rp) {
  const auto& args = iface_.args;
  const auto& dev = prog_->dev;
  // 1. Every size, before anything is created or enqueued.
  std::vector<std::size_t> counts(args.size());
  for (std::size_t i = 0; i < args.size(); ++i) {
    const auto& a = args[i];
    auto computed = [&](std::size_t fallback) -> std::optional<std::size_t> {
      if (!a.size)
        return fallback;
      return a.size(inputs);
    };
    switch (a.kind) {
      case arg_kind::in:
      case arg_kind::in_out: {
        std::size_t n = 0;
        if (a.input_is_ref) {
          const auto* r = a.ref(inputs, static_cast<std::size_t>(a.input_index));
          if (!r->valid())
            return rp.deliver(error{errc::wrong_input_size, arg_text(i) + ": an empty mem_ref"});
          if (r->buffer()->dev() != dev)
            return rp.deliver(error{errc::wrong_device, arg_text(i) + ": the mem_ref lives on another device"});
          n = r->size();
        } else {
          n = a.view(inputs, static_cast<std::size_t>(a.input_index)).count;
        }
        if (n == 0)
          return rp.deliver(error{errc::wrong_input_size, arg_text(i) + " is empty"});
        if (a.size) {
          auto want = a.size(inputs);
          if (!want)
            return rp.deliver(
              error{errc::argument_mismatch, arg_text(i) + ": the size function's parameters do not fit the inputs"});
          if (*want != n)
            return rp.deliver(error{errc::wrong_input_size, arg_text(i) + ": expected " + std::to_string(*want)
                                                              + " elements, got " + std::to_string(n)});
        }
        counts[i] = n;
        break;
      }
      case arg_kind::out:
      case arg_kind::scratch:
      case arg_kind::local: {
        auto n = computed(range_.global_size());
        if (!n)
          return rp.deliver(
            error{errc::argument_mismatch, arg_text(i) + ": the size function's parameters do not fit the inputs"});
        if (*n == 0)
          return rp.deliver(error{errc::argument_mismatch, arg_text(i) + ": a size of 0 elements"});
        counts[i] = *n;
        break;
      }
      case arg_kind::priv:
        counts[i] = 1;
        break;
    }
  }
  // 2. Buffers and writes.
  auto req = std::make_unique<request>();
  req->runner = shared_from_this();
  req->dev = dev.get();
  req->rp = std::move(rp);
  req->inputs = std::move(inputs);
  req->buffers.resize(args.size());
  auto queue = dev->queue.get();
  std::vector<cl_event> wait;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const auto& a = args[i];
    if (!has_buffer(a.kind))
      continue;
    if (a.input_is_ref) {
      const auto& b = a.ref(req->inputs, static_cast<std::size_t>(a.input_index))->buffer();
      req->buffers[i] = b;
      if (b->ready() != nullptr)
        wait.push_back(b->ready());
      continue;
    }
    const auto bytes = counts[i] * a.elem_size;
    auto b = buffer::create(dev, bytes);
    if (!b)
      return abandon(*req, b.error());
    req->buffers[i] = *b;
    if (a.input_index >= 0) {
      auto view = a.view(req->inputs, static_cast<std::size_t>(a.input_index));
      cl_event ev = nullptr;
      auto status = clEnqueueWriteBuffer(queue, (*b)->mem(), CL_FALSE, 0, bytes, view.data, 0, nullptr, &ev);
      if (status != CL_SUCCESS)
        return abandon(*req, cl_error(errc::enqueue_failed, "clEnqueueWriteBuffer", status, arg_text(i)));
      req->enqueued.push_back(cl_ref<cl_event>::adopt(ev));
      wait.push_back(ev);
    }
  }
  // 3. Arguments and the kernel.
  auto kernel = kernel_.get();
  for (std::size_t i = 0; i < args.size(); ++i) {
    const auto& a = args[i];
    const auto index = static_cast<cl_uint>(i);
    cl_int status = CL_SUCCESS;
    if (has_buffer(a.kind)) {
      cl_mem mem = req->buffers[i]->mem();
      status = clSetKernelArg(kernel, index, sizeof(cl_mem), &mem);
    } else if (a.kind == arg_kind::local) {
      status = clSetKernelArg(kernel, index, counts[i] * a.elem_size, nullptr);
    } else {
      const void* value = a.input_index >= 0 ? a.view(req->inputs, static_cast<std::size_t>(a.input_index)).data
                                             : static_cast<const void*>(a.value.data());
      status = clSetKernelArg(kernel, index, a.elem_size, value);
    }
    if (status != CL_SUCCESS)
      return abandon(*req, cl_error(errc::enqueue_failed, "clSetKernelArg", status, arg_text(i)));
  }
  cl_event kernel_ev = nullptr;
  auto status = clEnqueueNDRangeKernel(
    queue, kernel, static_cast<cl_uint>(range_.global.size()), range_.offsets.empty() ? nullptr : range_.offsets.data(),
    range_.global.data(), range_.local.empty() ? nullptr : range_.local.data(), static_cast<cl_uint>(wait.size()),
    wait.empty() ? nullptr : wait.data(), &kernel_ev);
  if (status != CL_SUCCESS)
    return abandon(*req, cl_error(errc::enqueue_failed, "clEnqueueNDRangeKernel", status));
  req->kernel_done = cl_ref<cl_event>::adopt(kernel_ev);
  req->enqueued.push_back(req->kernel_done);
  // 4. The answer's storage and the reads into it.
  std::vector<output_desc> descs(iface_.num_outputs);
  for (std::size_t i = 0; i < args.size(); ++i) {
    const auto& a = args[i];
    if (a.output_index < 0)
      continue;
    auto& d = descs[static_cast<std::size_t>(a.output_index)];
    d.count = counts[i];
    if (a.output_is_ref)
      d.buf = req->buffers[i]->with_ready(req->kernel_done);
  }
  req->outputs = iface_.make_outputs(descs.data());
  for (std::size_t i = 0; i < args.size(); ++i) {
    const auto& a = args[i];
    if (a.output_index < 0 || a.output_is_ref)
      continue;
    cl_event ev = nullptr;
    status =
      clEnqueueReadBuffer(queue, req->buffers[i]->mem(), CL_FALSE, 0, counts[i] * a.elem_size,
                          a.out_data(req->outputs, static_cast<std::size_t>(a.output_index)), 1, &kernel_ev, &ev);
    if (status != CL_SUCCESS)
      return abandon(*req, cl_error(errc::enqueue_failed, "clEnqueueReadBuffer", status, arg_text(i)));
    req->enqueued.push_back(cl_ref<cl_event>::adopt(ev));
  }
  // 5. The answer comes from the callback of the last command (an in-order
  // queue finishes it last). From the registration on, the callback owns the
  // request and may run at any time.
  auto last = req->enqueued.back();
  dev->request_started();
  if (clSetEventCallback(last.get(), CL_COMPLETE, &on_complete, req.get()) == CL_SUCCESS) {
    req.release(); // NOLINT(bugprone-unused-return-value): the callback owns it now
    clFlush(queue);
    return;
  }
  clWaitForEvents(1, &kernel_ev);
  auto raw = last.get();
  clWaitForEvents(1, &raw);
  answer(*req, execution_status(raw));
  req.reset();
  dev->request_done();
}

} // namespace troupe::opencl::detail
