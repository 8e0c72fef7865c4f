// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "kernel_runner.hpp"

#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "buffer.hpp"

namespace troupe::opencl::detail {

namespace {

// One request between its enqueue and its answer; owned by the device's
// completion thread once handed to it.
struct request {
  std::shared_ptr<kernel_runner> runner; // keeps kernel, program and device
  device_impl* dev = nullptr;
  response_promise rp;
  message inputs; // the host memory the writes read
  std::vector<std::shared_ptr<buffer>> buffers;
  std::vector<std::size_t> counts; // elements per argument
  std::vector<output_desc> outputs;
  cl_ref<cl_event> kernel_done;
  message result;        // the answer's storage, once made
  cl_ref<cl_event> last; // the last read into it (or the kernel)
  bool reading = false;  // result made and its reads enqueued
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

// Answers with `err` once the commands already enqueued are done with the
// request's host memory: those carry no events, so this waits for the whole
// queue, which is fine on a path that only failures take.
void abandon(request& req, error err) {
  clFinish(req.dev->queue.get());
  req.rp.deliver(std::move(err));
}

// Makes the answer's storage and enqueues the reads of the outputs that go
// back to the host. On an error, reads enqueued already still write into
// the result: the caller abandons the request, which waits for them.
error enqueue_reads(request& req) {
  const auto& iface = req.runner->iface();
  req.result = iface.make_outputs(req.outputs.data());
  req.last = req.kernel_done;
  req.reading = true;
  auto queue = req.dev->queue.get();
  for (std::size_t i = 0; i < iface.args.size(); ++i) {
    const auto& a = iface.args[i];
    if (a.output_index < 0 || a.output_is_ref)
      continue;
    cl_event ev = nullptr;
    auto status =
      clEnqueueReadBuffer(queue, req.buffers[i]->mem(), CL_FALSE, 0, req.counts[i] * a.elem_size,
                          a.out_data(req.result, static_cast<std::size_t>(a.output_index)), 0, nullptr, &ev);
    if (status != CL_SUCCESS)
      return cl_error(errc::transfer_failed, "clEnqueueReadBuffer", status, arg_text(i));
    req.last = cl_ref<cl_event>::adopt(ev);
  }
  return error{};
}

// Answers once the kernel and the reads are done. Large outputs are made
// and read here, on the device's completion thread, while the kernel runs
// (see early_read_limit).
void answer(request& req) {
  const auto& iface = req.runner->iface();
  if (!req.reading) {
    if (auto err = enqueue_reads(req))
      return abandon(req, std::move(err));
    clFlush(req.dev->queue.get());
  }
  cl_event done = req.last.get();
  clWaitForEvents(1, &done); // a failed command makes this an error; the statuses say which
  if (auto status = execution_status(req.kernel_done.get()); status < 0) {
    req.rp.deliver(cl_error(errc::kernel_failed, "kernel execution", status));
    return;
  }
  if (auto status = execution_status(done); status < 0) {
    req.rp.deliver(cl_error(errc::transfer_failed, "reading the outputs", status));
    return;
  }
  message result = std::move(req.result);
  if (iface.map_result) {
    try {
      result = iface.map_result(result);
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

// On the device's completion thread, in the order the requests were handed over.
void on_complete(void* user) {
  std::unique_ptr<request> req{static_cast<request*>(user)};
  auto* dev = req->dev; // the manager holds the device until no request is in flight
  try {
    answer(*req);
  } catch (const std::exception& e) {
    // No memory for the answer, say: this request gets an error (only the
    // first deliver counts), and the thread goes on with the next one.
    req->rp.deliver(error{sec::runtime_error, std::string{"answering the request failed: "} + e.what()});
  }
  req.reset();
  dev->request_done();
}

// Outputs for the host up to this size are made, and their reads enqueued,
// by the worker that enqueues the kernel, so that the reads follow the
// kernel at once. Larger ones are made by the device's completion thread:
// made by whichever worker ran the actor, they came from up to one malloc
// arena per worker, and each request paged in fresh memory (about 1 ms per
// request of 4 MiB with 16 workers, measured on NVIDIA's runtime).
constexpr std::size_t early_read_limit = 256 * 1024;

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
  req->counts = std::move(counts);
  const auto& sizes = req->counts;
  // The commands carry no wait lists and only the kernel carries an event:
  // the device's queue is in order, so every earlier command, a mem_ref's
  // producer too, is done before the next starts. Redundant events and wait
  // lists cost NVIDIA's runtime tens of microseconds each.
  auto queue = dev->queue.get();
  for (std::size_t i = 0; i < args.size(); ++i) {
    const auto& a = args[i];
    if (!has_buffer(a.kind))
      continue;
    if (a.input_is_ref) {
      const auto& b = a.ref(req->inputs, static_cast<std::size_t>(a.input_index))->buffer();
      req->buffers[i] = b;
      continue;
    }
    const auto bytes = sizes[i] * a.elem_size;
    auto b = buffer::create(dev, bytes);
    if (!b)
      return abandon(*req, b.error());
    req->buffers[i] = *b;
    if (a.input_index >= 0) {
      auto view = a.view(req->inputs, static_cast<std::size_t>(a.input_index));
      auto status = clEnqueueWriteBuffer(queue, (*b)->mem(), CL_FALSE, 0, bytes, view.data, 0, nullptr, nullptr);
      if (status != CL_SUCCESS)
        return abandon(*req, cl_error(errc::enqueue_failed, "clEnqueueWriteBuffer", status, arg_text(i)));
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
      status = clSetKernelArg(kernel, index, sizes[i] * a.elem_size, nullptr);
    } else {
      const void* value = a.input_index >= 0 ? a.view(req->inputs, static_cast<std::size_t>(a.input_index)).data
                                             : static_cast<const void*>(a.value.data());
      status = clSetKernelArg(kernel, index, a.elem_size, value);
    }
    if (status != CL_SUCCESS)
      return abandon(*req, cl_error(errc::enqueue_failed, "clSetKernelArg", status, arg_text(i)));
  }
  cl_event kernel_ev = nullptr;
  auto status = clEnqueueNDRangeKernel(queue, kernel, static_cast<cl_uint>(range_.global.size()),
                                       range_.offsets.empty() ? nullptr : range_.offsets.data(), range_.global.data(),
                                       range_.local.empty() ? nullptr : range_.local.data(), 0, nullptr, &kernel_ev);
  if (status != CL_SUCCESS)
    return abandon(*req, cl_error(errc::enqueue_failed, "clEnqueueNDRangeKernel", status));
  req->kernel_done = cl_ref<cl_event>::adopt(kernel_ev);
  // 4. What the answer holds: the outputs' sizes, and the device memory of
  // those that stay on the device, final once the kernel is done.
  req->outputs.resize(iface_.num_outputs);
  for (std::size_t i = 0; i < args.size(); ++i) {
    const auto& a = args[i];
    if (a.output_index < 0)
      continue;
    auto& d = req->outputs[static_cast<std::size_t>(a.output_index)];
    d.count = sizes[i];
    if (a.output_is_ref)
      d.buf = req->buffers[i]->with_ready(req->kernel_done);
  }
  std::size_t host_bytes = 0;
  for (std::size_t i = 0; i < args.size(); ++i)
    if (args[i].output_index >= 0 && !args[i].output_is_ref)
      host_bytes += sizes[i] * args[i].elem_size;
  if (host_bytes <= early_read_limit) {
    error err;
    try {
      err = enqueue_reads(*req);
    } catch (const std::exception& e) {
      // The writes may still read the inputs: abandon waits for them.
      err = error{sec::runtime_error, std::string{"making the answer failed: "} + e.what()};
    }
    if (err)
      return abandon(*req, std::move(err));
  }
  // 5. The device's completion thread waits for the kernel and the reads
  // and answers; it owns the request from here on.
  dev->request_started();
  clFlush(queue);
  dev->completions.push(&on_complete, req.release());
}

} // namespace troupe::opencl::detail
