// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One device with its own context and in-order command queue. Every kernel
// actor on the device enqueues on that queue, so work on the device runs in
// the order the actors enqueued it.
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>

#include "cl.hpp"
#include "completion_thread.hpp"
#include "troupe/opencl/device.hpp"

namespace troupe::opencl::detail {

// Live device buffers; shared with the destructor callbacks of the buffers,
// which may run after the device object is gone.
struct memory_counters {
  std::atomic<std::size_t> buffers{0};
  std::atomic<std::uint64_t> bytes{0};
};

class device_impl {
public:
  device_impl(std::size_t index, cl_device_id id, cl_ref<cl_context> context, cl_ref<cl_command_queue> queue,
              device_info info)
    : index(index), id(id), context(std::move(context)), queue(std::move(queue)), info(std::move(info)) {}

  void request_started() {
    std::lock_guard guard{mtx_};
    ++in_flight_;
  }

  // Called last by a request's completion: it touches nothing after the
  // notification, so the manager may destroy the device once it wakes up.
  void request_done() {
    std::lock_guard guard{mtx_};
    if (--in_flight_ == 0)
      idle_.notify_all();
  }

  void wait_idle() {
    std::unique_lock guard{mtx_};
    idle_.wait(guard, [this] { return in_flight_ == 0; });
  }

  std::size_t in_flight() const {
    std::lock_guard guard{mtx_};
    return in_flight_;
  }

  const std::size_t index;
  const cl_device_id id;
  const cl_ref<cl_context> context;
  const cl_ref<cl_command_queue> queue;
  const device_info info;
  const std::shared_ptr<memory_counters> memory = std::make_shared<memory_counters>();

private:
  mutable std::mutex mtx_;
  std::condition_variable idle_;
  std::size_t in_flight_ = 0;

public:
  // Last, so that it is destroyed first: its thread ends before the queue,
  // the context and the counters it may still use.
  completion_thread completions;
};

} // namespace troupe::opencl::detail
