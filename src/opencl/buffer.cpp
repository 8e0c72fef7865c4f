// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "buffer.hpp"

#include <string>

#include "troupe/opencl/mem_ref.hpp"

namespace troupe::opencl::detail {

namespace {

struct destroyed_note {
  std::shared_ptr<memory_counters> counters;
  std::size_t bytes;
};

// Runs when OpenCL frees the memory: after the last reference is released
// and the last command using it is done, on whatever thread that happens.
void CL_CALLBACK on_destroyed(cl_mem, void* user) {
  auto* note = static_cast<destroyed_note*>(user);
  note->counters->buffers.fetch_sub(1);
  note->counters->bytes.fetch_sub(note->bytes);
  delete note;
}

} // namespace

expected<std::shared_ptr<buffer>> buffer::create(std::shared_ptr<device_impl> dev, std::size_t bytes) {
  cl_int status = CL_SUCCESS;
  auto mem = cl_ref<cl_mem>::adopt(clCreateBuffer(dev->context.get(), CL_MEM_READ_WRITE, bytes, nullptr, &status));
  if (status != CL_SUCCESS)
    return cl_error(errc::enqueue_failed, "clCreateBuffer", status, std::to_string(bytes) + " bytes");
  dev->memory->buffers.fetch_add(1);
  dev->memory->bytes.fetch_add(bytes);
  auto* note = new destroyed_note{dev->memory, bytes};
  if (clSetMemObjectDestructorCallback(mem.get(), &on_destroyed, note) != CL_SUCCESS) {
    // Without the callback the count would never come down again: take the
    // buffer back out of it now.
    delete note;
    dev->memory->buffers.fetch_sub(1);
    dev->memory->bytes.fetch_sub(bytes);
  }
  return std::make_shared<buffer>(std::move(dev), std::move(mem), bytes, cl_ref<cl_event>{});
}

} // namespace troupe::opencl::detail

namespace troupe::opencl {

opencl::device mem_ref_base::device() const {
  return opencl::device{buf_->dev()};
}

error mem_ref_base::read(void* dst, std::size_t bytes) const {
  auto ready = buf_->ready();
  auto status = clEnqueueReadBuffer(buf_->dev()->queue.get(), buf_->mem(), CL_TRUE, 0, bytes, dst,
                                    ready != nullptr ? 1 : 0, ready != nullptr ? &ready : nullptr, nullptr);
  if (status != CL_SUCCESS)
    return detail::cl_error(errc::transfer_failed, "clEnqueueReadBuffer", status);
  return error{};
}

} // namespace troupe::opencl
