// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "memory_link.hpp"

#include <algorithm>
#include <cstring>

namespace troupe::net {

void memory_link::bind(end e, asio::any_io_executor ex) {
  std::lock_guard guard{mtx_};
  exec_[e] = std::move(ex);
}

void memory_link::complete(end e, read_handler h, asio::error_code ec, std::size_t n) {
  // Never inside the caller's call, and on the reader's own thread.
  asio::post(exec_[e], [h = std::move(h), ec, n] { h(ec, n); });
}

void memory_link::read_some(end e, asio::mutable_buffer buf, read_handler h) {
  std::lock_guard guard{mtx_};
  if (closed_[e])
    return complete(e, std::move(h), asio::error::operation_aborted, 0);
  auto& in = lanes_[e];
  in.parked_buf = buf;
  in.parked = std::move(h);
  serve(e);
}

void memory_link::serve(end towards) {
  auto& in = lanes_[towards];
  if (!in.parked)
    return;
  if (cut_) {
    complete(towards, std::exchange(in.parked, nullptr), asio::error::connection_reset, 0);
    return;
  }
  if (in.ready_begin < in.ready.size()) {
    auto n = std::min(in.parked_buf.size(), in.ready.size() - in.ready_begin);
    std::memcpy(in.parked_buf.data(), in.ready.data() + in.ready_begin, n);
    in.ready_begin += n;
    if (in.ready_begin == in.ready.size()) {
      in.ready.clear();
      in.ready_begin = 0;
    }
    complete(towards, std::exchange(in.parked, nullptr), {}, n);
    return;
  }
  // The other end's close arrives behind its last bytes, as a FIN would.
  if (in.sender_closed && in.held.empty() && !faults_.partitioned)
    complete(towards, std::exchange(in.parked, nullptr), asio::error::eof, 0);
}

std::uint64_t memory_link::carried(end towards) {
  std::lock_guard guard{mtx_};
  return lanes_[towards].carried;
}

asio::error_code memory_link::write_bytes(end from, std::vector<std::byte> bytes) {
  std::lock_guard guard{mtx_};
  const auto to = other(from);
  if (cut_)
    return asio::error::connection_reset;
  if (closed_[from])
    return asio::error::bad_descriptor;
  if (closed_[to])
    return asio::error::broken_pipe;
  auto& out = lanes_[to];
  if (out.drop > 0) {
    --out.drop;
    return {}; // lost on the way: the writer cannot tell
  }
  out.carried += bytes.size();
  const auto delay = faults_.delay;
  out.held.push_back(chunk{std::chrono::steady_clock::now() + delay, std::move(bytes)});
  if (delay.count() > 0) {
    // The writer's thread wakes the lane when the chunk is due.
    auto timer = std::make_shared<asio::steady_timer>(exec_[from], delay);
    timer->async_wait([self = shared_from_this(), timer, to](const asio::error_code&) {
      std::lock_guard guard{self->mtx_};
      self->release(to, false);
    });
  }
  release(to, false);
  return {};
}

void memory_link::release(end towards, bool all) {
  auto& lane = lanes_[towards];
  if (!faults_.partitioned) {
    const auto now = std::chrono::steady_clock::now();
    while (!lane.held.empty() && (all || lane.held.front().due <= now)) {
      auto& bytes = lane.held.front().bytes;
      lane.ready.insert(lane.ready.end(), bytes.begin(), bytes.end());
      lane.held.pop_front();
    }
  }
  serve(towards);
}

void memory_link::close(end e) {
  std::lock_guard guard{mtx_};
  if (closed_[e])
    return;
  closed_[e] = true;
  auto& own = lanes_[e];
  if (own.parked)
    complete(e, std::exchange(own.parked, nullptr), asio::error::operation_aborted, 0);
  own = lane{};
  // What this end wrote still arrives, delay or not, then its close.
  lanes_[other(e)].sender_closed = true;
  release(other(e), true);
}

void memory_link::cut() {
  std::lock_guard guard{mtx_};
  cut_ = true;
  for (auto e : {client, server}) {
    lanes_[e].ready.clear();
    lanes_[e].held.clear();
    serve(e);
  }
}

bool memory_link::open() {
  std::lock_guard guard{mtx_};
  return !cut_ && !closed_[client] && !closed_[server];
}

void memory_link::set_partitioned(bool on) {
  std::lock_guard guard{mtx_};
  faults_.partitioned = on;
  if (!on) {
    release(client, false);
    release(server, false);
  }
}

void memory_link::set_delay(std::chrono::nanoseconds d) {
  std::lock_guard guard{mtx_};
  faults_.delay = d;
}

void memory_link::drop_writes(end towards, std::size_t n) {
  std::lock_guard guard{mtx_};
  lanes_[towards].drop += n;
}

} // namespace troupe::net
