// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "trace_exporter.hpp"

#include <cerrno>
#include <cstring>

#include "troupe/detail/cycle_count.hpp"

#include "otlp_json.hpp"

namespace troupe::inspection {

namespace {

// A collector gets this long to answer each batch.
constexpr std::chrono::milliseconds post_deadline{2000};

// The cycle rate is measured over at least this long before spans get times.
constexpr std::chrono::milliseconds min_clock_span{5};

} // namespace

trace_exporter::trace_exporter(std::shared_ptr<tracer> source, span_origin origin, std::chrono::milliseconds period)
  : source_(std::move(source)), origin_(std::move(origin)), period_(period), base_cycles_(detail::cycle_count()),
    base_time_(std::chrono::system_clock::now()), base_steady_(std::chrono::steady_clock::now()) {}

expected<std::unique_ptr<trace_exporter>> trace_exporter::start(std::shared_ptr<tracer> source,
                                                                const trace_outputs& out, span_origin origin,
                                                                std::chrono::milliseconds period) {
  if (out.otlp_file.empty() && out.otlp_url.empty() && out.chrome_file.empty())
    return error{sec::invalid_argument, "no output for the spans"};
  std::unique_ptr<trace_exporter> self{new trace_exporter(std::move(source), std::move(origin), period)};
  if (!out.otlp_url.empty()) {
    auto url = parse_otlp_url(out.otlp_url);
    if (!url)
      return error{sec::invalid_argument, "inspect.trace-otlp: " + url.error().context()};
    self->collector_ = std::move(*url);
  }
  if (!out.otlp_file.empty()) {
    self->otlp_file_ = std::fopen(out.otlp_file.c_str(), "w");
    if (self->otlp_file_ == nullptr)
      return error{sec::runtime_error,
                   "inspect.trace-file: cannot write " + out.otlp_file + ": " + std::strerror(errno)};
  }
  if (!out.chrome_file.empty()) {
    auto chrome = chrome_trace_file::open(out.chrome_file);
    if (!chrome)
      return error{sec::runtime_error, "inspect.trace-chrome: " + chrome.error().context()};
    self->chrome_ = std::move(*chrome);
  }
  self->thread_ = std::thread{[ptr = self.get()] { ptr->run(); }};
  return self;
}

trace_exporter::~trace_exporter() {
  if (thread_.joinable()) {
    {
      std::lock_guard guard{mtx_};
      stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
  }
  chrome_.reset();
  if (otlp_file_ != nullptr)
    std::fclose(otlp_file_);
}

void trace_exporter::run() {
  std::unique_lock guard{mtx_};
  for (;;) {
    wake_.wait_for(guard, period_, [&] { return stopping_; });
    auto stop = stopping_;
    guard.unlock();
    export_once(); // the last one after the stop: what the rings still hold
    guard.lock();
    if (stop)
      return;
  }
}

span_clock trace_exporter::clock_now() {
  // The rate from the start to now, so that the error does not grow with the run.
  auto elapsed = std::chrono::steady_clock::now() - base_steady_;
  if (elapsed < min_clock_span)
    std::this_thread::sleep_for(min_clock_span - elapsed);
  auto cycles = detail::cycle_count();
  auto ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - base_steady_).count();
  span_clock clock;
  clock.base_cycles = base_cycles_;
  clock.base_unix_ns = static_cast<std::uint64_t>(
    std::chrono::duration_cast<std::chrono::nanoseconds>(base_time_.time_since_epoch()).count());
  clock.ns_per_cycle = cycles > base_cycles_ ? ns / static_cast<double>(cycles - base_cycles_) : 1.0;
  return clock;
}

void trace_exporter::export_once() {
  batch_.clear();
  if (source_->collect(batch_) == 0)
    return;
  auto clock = clock_now();
  if (otlp_file_ != nullptr || collector_) {
    auto body = otlp_json(batch_, origin_, clock);
    if (otlp_file_ != nullptr) {
      body += '\n';
      std::fwrite(body.data(), 1, body.size(), otlp_file_);
      std::fflush(otlp_file_);
      body.pop_back();
    }
    if (collector_) {
      if (auto err = post_otlp(*collector_, body, post_deadline); err && !collector_failed_) {
        collector_failed_ = true;
        std::fprintf(stderr,
                     "troupe: cannot send spans to the OTLP collector: %s (spans are dropped until it "
                     "answers)\n",
                     err.context().c_str());
      } else if (!err) {
        collector_failed_ = false;
      }
    }
  }
  if (chrome_)
    chrome_->append(batch_, origin_, clock);
}

} // namespace troupe::inspection
