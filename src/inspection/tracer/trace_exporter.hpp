// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Collects the tracer's spans on a thread of its own, every period and once
// more when it ends, and writes them out: as OTLP/JSON lines to a file, POSTed
// to an OTLP/HTTP collector, and as a Chrome trace, whichever are configured.
// A collector that fails is reported once on stderr and tried again with the
// next batch; the spans of a failed POST are not kept.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "troupe/expected.hpp"

#include "chrome_trace.hpp"
#include "otlp_http.hpp"
#include "span_batch.hpp"
#include "tracer.hpp"

namespace troupe::inspection {

/// Where spans go; at least one must be set.
struct trace_outputs {
  std::string otlp_file;   ///< OTLP/JSON, one ExportTraceServiceRequest per line
  std::string otlp_url;    ///< an OTLP/HTTP collector, http://HOST[:PORT][/PATH]
  std::string chrome_file; ///< a Chrome trace (JSON array format)
};

class trace_exporter {
public:
  /// Opens the outputs and starts the thread; an error names the output that cannot be used.
  static expected<std::unique_ptr<trace_exporter>>
  start(std::shared_ptr<tracer> source, const trace_outputs& out, span_origin origin,
        std::chrono::milliseconds period = std::chrono::milliseconds{200});

  trace_exporter(const trace_exporter&) = delete;
  trace_exporter& operator=(const trace_exporter&) = delete;
  /// Exports what is left, closes the files and ends the thread.
  ~trace_exporter();

private:
  trace_exporter(std::shared_ptr<tracer> source, span_origin origin, std::chrono::milliseconds period);
  void run();
  void export_once();
  span_clock clock_now();

  std::shared_ptr<tracer> source_;
  span_origin origin_;
  std::chrono::milliseconds period_;
  std::FILE* otlp_file_ = nullptr;
  std::optional<otlp_endpoint> collector_;
  std::unique_ptr<chrome_trace_file> chrome_;
  std::uint64_t base_cycles_;
  std::chrono::system_clock::time_point base_time_;
  std::chrono::steady_clock::time_point base_steady_;
  bool collector_failed_ = false; // reported once until it works again
  std::vector<span_record> batch_;

  std::mutex mtx_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

} // namespace troupe::inspection
