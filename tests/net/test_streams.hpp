// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The stream ends a node of the multi-process tests offers: ('source', n,
// size) answers with the producer of n numbered texts of `size` bytes (n < 0:
// without end), and ('sink', producer, credit) consumes that producer's
// stream of ints there.
#include <cstdint>
#include <cstdio>
#include <string>

#include "troupe/streams.hpp"
#include "troupe/troupe.hpp"

namespace troupe::test {

// Item k of a numbered stream: k in 10 digits, then filler up to `size` bytes.
inline std::string numbered_text(std::int64_t k, int size) {
  char head[24];
  std::snprintf(head, sizeof head, "%010lld", static_cast<long long>(k));
  std::string text{head};
  if (size > static_cast<int>(text.size()))
    text.resize(static_cast<std::size_t>(size), '.');
  return text;
}

inline std::int64_t number_of(const std::string& text) {
  return std::stoll(text.substr(0, 10));
}

// Internal linkage: clang cannot emit the debug info of a coroutine in an inline (COMDAT) function under
// -fsanitize=address ("Cannot represent a difference across sections").
[[maybe_unused]] static generator<std::string> numbered_texts(std::int64_t n, int size) {
  for (std::int64_t k = 0; n < 0 || k < n; ++k)
    co_yield numbered_text(k, size);
}

inline behavior stream_ends(event_based_actor* self) {
  return {
    on(atom("source"), arg_match) >>
      [self](std::int64_t n, int size) {
        return streams::spawn_source<std::string>(self->system(), [n, size] { return numbered_texts(n, size); })
          .producer();
      },
    on(atom("sink"), arg_match) >>
      [self](const actor& producer, std::uint32_t credit) {
        return streams::spawn_sink(
          self->system(), stream<int>{producer}, [](int) {}, [](const error&) {}, streams::flow_options{credit});
      },
  };
}

} // namespace troupe::test
