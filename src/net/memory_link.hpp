// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One connection of a memory_network: two lanes of bytes, one towards each
// end, with the faults the test set. Each end reads and writes through a
// memory_stream on its own I/O thread; completions run on that thread's
// executor, never inside the call, as Asio's would.
#include <asio.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace troupe::net {

class memory_link : public std::enable_shared_from_this<memory_link> {
public:
  // The ends: the one that connected, the one that listened.
  enum end : int { client = 0, server = 1 };
  using read_handler = std::function<void(const asio::error_code&, std::size_t)>;

  struct faults {
    bool partitioned = false;
    std::chrono::nanoseconds delay{0};
  };

  memory_link(std::string text, std::uint16_t port, faults f) : text_(std::move(text)), port_(port), faults_(f) {}

  const std::string& text() const noexcept { return text_; }
  std::uint16_t port() const noexcept { return port_; }

  // The executor of `e`'s I/O thread: its read completions run there.
  void bind(end e, asio::any_io_executor ex);
  // Some bytes towards `e` into `buf`, or eof once the other end closed and
  // everything before its close arrived.
  void read_some(end e, asio::mutable_buffer buf, read_handler h);
  // Everything in `bufs` from `e` as one unit (lost whole, if lost); an
  // error once either end closed or the link was cut.
  template <class Buffers>
  asio::error_code write(end e, const Buffers& bufs) {
    std::vector<std::byte> bytes(asio::buffer_size(bufs));
    asio::buffer_copy(asio::buffer(bytes), bufs);
    return write_bytes(e, std::move(bytes));
  }
  // `e` closes: its pending read ends with operation_aborted, the other end
  // reads what was sent before and then eof.
  void close(end e);
  // Both ends see the connection reset.
  void cut();
  bool open();

  void set_partitioned(bool on);
  void set_delay(std::chrono::nanoseconds d);
  void drop_writes(end towards, std::size_t n);
  // Bytes written towards `e` so far, lost ones not counted.
  std::uint64_t carried(end towards);

private:
  struct chunk {
    std::chrono::steady_clock::time_point due;
    std::vector<std::byte> bytes;
  };
  // The bytes travelling towards one end.
  struct lane {
    std::vector<std::byte> ready; // arrived, [ready_begin, size) unread
    std::size_t ready_begin = 0;
    std::deque<chunk> held; // written, not arrived (partition or delay)
    bool sender_closed = false;
    std::size_t drop = 0; // writes still to lose
    std::uint64_t carried = 0;
    asio::mutable_buffer parked_buf;
    read_handler parked; // a read waiting for bytes
  };

  asio::error_code write_bytes(end from, std::vector<std::byte> bytes);
  // Moves the held chunks that are due (all, with `all`) to ready, unless
  // partitioned, then serves a parked read (mtx_ held).
  void release(end towards, bool all);
  void serve(end towards);
  void complete(end e, read_handler h, asio::error_code ec, std::size_t n);
  static end other(end e) noexcept { return e == client ? server : client; }

  const std::string text_;
  const std::uint16_t port_;
  std::mutex mtx_;
  faults faults_;
  lane lanes_[2]; // lanes_[e]: towards e
  asio::any_io_executor exec_[2];
  bool closed_[2] = {false, false};
  bool cut_ = false;
};

// One end of a memory_link, as byte_stream uses a socket.
class memory_stream {
public:
  memory_stream(std::shared_ptr<memory_link> link, memory_link::end e, asio::any_io_executor ex)
    : link_(std::move(link)), end_(e), exec_(ex) {
    link_->bind(end_, exec_);
  }

  template <class Buffers, class Handler>
  void async_read_some(const Buffers& bufs, Handler&& h) {
    auto shared = std::make_shared<std::decay_t<Handler>>(std::forward<Handler>(h));
    link_->read_some(end_, *asio::buffer_sequence_begin(bufs),
                     [shared](const asio::error_code& ec, std::size_t n) { (*shared)(ec, n); });
  }

  template <class Buffers, class Handler>
  void async_write(const Buffers& bufs, Handler&& h) {
    auto ec = link_->write(end_, bufs);
    auto n = ec ? std::size_t{0} : asio::buffer_size(bufs);
    asio::post(exec_, [h = std::forward<Handler>(h), ec, n]() mutable { h(ec, n); });
  }

  template <class Handler>
  void post(Handler&& h) {
    asio::post(exec_, std::forward<Handler>(h));
  }

  void close() { link_->close(end_); }
  // "memory:NETWORK:PORT", with which end this is.
  std::string text() const { return link_->text() + (end_ == memory_link::client ? "" : " (accepted)"); }

private:
  std::shared_ptr<memory_link> link_;
  memory_link::end end_;
  asio::any_io_executor exec_;
};

} // namespace troupe::net
