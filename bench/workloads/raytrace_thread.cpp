// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// raytrace with plain std::thread (PARSEC's pthreads style): one thread per
// worker for the whole run; in each frame they take rows from a shared atomic
// counter, and a barrier separates the frames
// (bench/workloads/raytrace_common.hpp).
//   raytrace_thread [--workers=W] [--verify] [W=640] [H=480] [F=4]
#include <atomic>
#include <barrier>
#include <thread>

#include "raytrace_common.hpp"

int main(int argc, char** argv) {
  bench::raytrace_problem p{argc, argv};
  std::size_t workers = p.a.workers != 0 ? p.a.workers : std::thread::hardware_concurrency();
  if (workers == 0)
    workers = 1;
  std::atomic<int> next_row{0};
  int frame = 0;
  // Between frames the last thread to arrive folds the frame into the
  // checksum and sets up the next one.
  std::barrier frame_done{static_cast<std::ptrdiff_t>(workers), [&]() noexcept {
                            p.fold();
                            if (++frame < p.frames)
                              p.start_frame(frame);
                            next_row.store(0, std::memory_order_relaxed);
                          }};
  p.start_frame(0);
  bench::work_timer work;
  auto render = [&] {
    for (int f = 0; f < p.frames; ++f) {
      for (int y = next_row.fetch_add(1, std::memory_order_relaxed); y < p.h;
           y = next_row.fetch_add(1, std::memory_order_relaxed))
        p.render(p.rows[static_cast<std::size_t>(y)]);
      frame_done.arrive_and_wait();
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t k = 1; k < workers; ++k)
    threads.emplace_back(render);
  render();
  for (auto& t : threads)
    t.join();
  work.done();
  return p.finish();
}
