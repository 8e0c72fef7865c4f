// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A payload whose decoding waits at a gate of the decoding process until a
// test opens it (or `hold_ms` pass): a large message stays "being decoded"
// for exactly as long as the test needs, so that what overtakes it, and what
// must not, can be told apart without timing.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <type_traits>

#include "troupe/serialization/announce.hpp"

namespace troupe::test {

class decode_gate {
public:
  static decode_gate& instance() {
    static decode_gate gate;
    return gate;
  }

  // Waits until the gate is open, `limit` at most.
  void pass(std::chrono::milliseconds limit) {
    std::unique_lock lock{mtx_};
    ++waiting_;
    opened_.wait_for(lock, limit, [this] { return open_; });
    --waiting_;
  }

  void open() {
    {
      std::lock_guard guard{mtx_};
      open_ = true;
    }
    opened_.notify_all();
  }

  // How many decodes wait at the gate.
  std::int64_t waiting() {
    std::lock_guard guard{mtx_};
    return waiting_;
  }

private:
  std::mutex mtx_;
  std::condition_variable opened_;
  bool open_ = false;
  std::int64_t waiting_ = 0;
};

struct held_text {
  std::int32_t hold_ms = 0;
  std::string text;
};

template <class Inspector>
bool inspect(Inspector& f, held_text& x) {
  if (!f(field("hold_ms", x.hold_ms), field("text", x.text)))
    return false;
  if constexpr (std::is_same_v<Inspector, binary_deserializer>)
    decode_gate::instance().pass(std::chrono::milliseconds{x.hold_ms});
  return true;
}

// In both processes, before their actor systems start.
inline void announce_held_text() {
  announce<held_text>("troupe_test.held_text");
}

} // namespace troupe::test
