// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// aout(self): console output for actors. Everything streamed into one
// actor_ostream is collected and written to std::cout in one piece, under a
// process-wide lock, at each std::endl or std::flush and when the stream is
// destroyed; std::cout is flushed after each piece. Lines written this way
// never interleave, whichever threads the actors run on:
//
//   aout(self) << "got " << x << std::endl;
#include <ostream>
#include <sstream>
#include <string_view>

#include "troupe/detail/export.hpp"

namespace troupe {

namespace detail {
/// Writes `text` to std::cout and flushes it, under the lock every aout shares.
TROUPE_CORE_API void write_console_piece(std::string_view text);
} // namespace detail

/// Console output for actors, made by aout(self): everything streamed into one actor_ostream is collected and
/// written to std::cout in one piece, under a process-wide lock, at each std::endl or std::flush and when the
/// stream is destroyed, so lines written this way never interleave. One stream belongs to one thread.
class actor_ostream {
public:
  actor_ostream() = default;
  /// Takes over the text the moved-from stream collected so far.
  actor_ostream(actor_ostream&&) = default;
  /// Takes over the moved-from stream's text; what this stream collected and did not write yet is dropped.
  actor_ostream& operator=(actor_ostream&&) = default;
  /// Writes what is left, as flush().
  ~actor_ostream() { flush(); }

  /// Appends x, formatted as a std::ostream formats it.
  template <class T>
  actor_ostream& operator<<(const T& x) {
    buf_ << x;
    return *this;
  }

  /// Manipulators: std::endl ends the line and writes it, std::flush writes
  /// what is collected, any other (std::hex, ...) applies to the buffer.
  actor_ostream& operator<<(std::ostream& (*manip)(std::ostream&)) {
    using manip_t = std::ostream& (*)(std::ostream&);
    if (manip == static_cast<manip_t>(std::endl)) {
      buf_ << '\n';
      flush();
    } else if (manip == static_cast<manip_t>(std::flush)) {
      flush();
    } else {
      manip(buf_);
    }
    return *this;
  }

  /// Writes the collected text, if any, to std::cout in one piece under the lock, flushes std::cout and starts
  /// collecting anew.
  void flush() {
    auto text = buf_.view();
    if (text.empty())
      return;
    detail::write_console_piece(text);
    buf_.str({});
  }

private:
  std::ostringstream buf_;
};

/// `self` is whatever names the writer (an actor pointer, a scoped_actor); the
/// output does not depend on it.
template <class Self>
actor_ostream aout(const Self&) {
  return actor_ostream{};
}

} // namespace troupe
