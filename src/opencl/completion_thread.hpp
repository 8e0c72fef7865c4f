// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Finishes a device's requests: one thread runs each request's completion,
// which waits for the request's commands and answers it, in the order the
// requests were handed over.
//
// Blocking waits on a thread of troupe's own rather than clSetEventCallback:
// NVIDIA's runtime reports callbacks from a thread that polls, and once a
// command runs for more than a moment the callback comes about 8 ms after
// the command finished, while clWaitForEvents returns within microseconds.
// On PoCL both are prompt.
#include <memory>
#include <mutex>
#include <thread>

namespace troupe::opencl::detail {

class completion_thread {
public:
  // Called with the pointer given to push.
  using completion_fn = void (*)(void* user);

  completion_thread() = default;
  completion_thread(const completion_thread&) = delete;
  completion_thread& operator=(const completion_thread&) = delete;
  // Finishes what was handed over, then ends the thread.
  ~completion_thread();

  // Runs fn(user) after the completions pushed before. The thread starts
  // with the first request, so a device that never runs a kernel costs no
  // thread. Any thread may push.
  void push(completion_fn fn, void* user);

private:
  struct state;
  static void run(const std::shared_ptr<state>& st);

  // Shared with the thread, so that the thread outlives nothing it uses
  // even when the last owner lets go on the thread itself.
  std::shared_ptr<state> state_;
  std::thread thread_;
  std::once_flag started_;
};

} // namespace troupe::opencl::detail
