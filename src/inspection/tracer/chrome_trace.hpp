// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Spans as a Chrome trace (the JSON array format that chrome://tracing and
// Perfetto load): one complete event per span on its thread's track, with
// the trace, span and parent ids as arguments, and a name for the process and
// each thread. The file stays loadable while it grows (the viewers accept an
// array without its closing bracket); close() ends it as strict JSON.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "troupe/expected.hpp"

#include "span_batch.hpp"

namespace troupe::inspection {

/// The events of `spans`, each followed by ",\n"; names the process (when `named_threads` is empty) and each
/// thread not yet in `named_threads`, and adds them there.
std::string chrome_trace_events(const std::vector<span_record>& spans, const span_origin& origin,
                                const span_clock& clock, std::set<std::uint32_t>& named_threads);

class chrome_trace_file {
public:
  /// Creates (or truncates) `path`; an error says why it cannot.
  static expected<std::unique_ptr<chrome_trace_file>> open(const std::string& path);
  explicit chrome_trace_file(std::FILE* file) : file_(file) {}
  chrome_trace_file(const chrome_trace_file&) = delete;
  chrome_trace_file& operator=(const chrome_trace_file&) = delete;
  ~chrome_trace_file(); // closes the array

  /// Appends the events of `spans` and flushes them to the file.
  void append(const std::vector<span_record>& spans, const span_origin& origin, const span_clock& clock);

private:
  std::FILE* file_;
  std::set<std::uint32_t> named_threads_;
  bool wrote_any_ = false;
};

} // namespace troupe::inspection
