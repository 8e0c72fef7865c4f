// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "chrome_trace.hpp"

#include <cerrno>
#include <cstring>
#include <memory>

namespace troupe::inspection {

namespace {

// Microseconds, the unit of Chrome's timestamps, with nanoseconds as decimals.
void append_micros(std::string& out, std::uint64_t ns) {
  out += std::to_string(ns / 1000);
  auto rest = ns % 1000;
  out += '.';
  out += static_cast<char>('0' + rest / 100);
  out += static_cast<char>('0' + rest / 10 % 10);
  out += static_cast<char>('0' + rest % 10);
}

void metadata(std::string& out, const char* what, std::uint32_t pid, std::uint32_t tid, const std::string& name) {
  out += R"({"ph":"M","name":")";
  out += what;
  out += R"(","pid":)";
  out += std::to_string(pid);
  out += R"(,"tid":)";
  out += std::to_string(tid);
  out += R"(,"args":{"name":)";
  append_json_string(out, name);
  out += "}},\n";
}

void hex_arg(std::string& out, const char* key, std::uint64_t high, std::uint64_t low, bool wide) {
  out += '"';
  out += key;
  out += R"(":")";
  if (wide)
    append_hex(out, high);
  append_hex(out, low);
  out += '"';
}

} // namespace

std::string chrome_trace_events(const std::vector<span_record>& spans, const span_origin& origin,
                                const span_clock& clock, std::set<std::uint32_t>& named_threads) {
  std::string out;
  out.reserve(spans.size() * 360);
  for (const auto& s : spans) {
    if (named_threads.empty())
      metadata(out, "process_name", origin.pid, 0, origin.service + " " + origin.node);
    if (named_threads.insert(s.thread).second)
      metadata(out, "thread_name", origin.pid, s.thread, "thread " + std::to_string(s.thread));
    auto start = clock.unix_ns(s.start);
    auto end = clock.unix_ns(s.end);
    out += R"({"ph":"X","cat":"actor","name":)";
    append_json_string(out, *s.actor_name + " " + *s.message_name);
    out += R"(,"ts":)";
    append_micros(out, start);
    out += R"(,"dur":)";
    append_micros(out, end >= start ? end - start : 0);
    out += R"(,"pid":)";
    out += std::to_string(origin.pid);
    out += R"(,"tid":)";
    out += std::to_string(s.thread);
    out += R"(,"args":{)";
    hex_arg(out, "trace_id", s.trace_high, s.trace_low, true);
    out += ',';
    hex_arg(out, "span_id", 0, s.span, false);
    if (s.parent != 0) {
      out += ',';
      hex_arg(out, "parent_span_id", 0, s.parent, false);
    }
    out += R"(,"actor":)";
    out += std::to_string(s.actor);
    out += R"(,"kind":")";
    out += message_kind(s.message_id);
    out += "\"}},\n";
  }
  return out;
}

expected<std::unique_ptr<chrome_trace_file>> chrome_trace_file::open(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr)
    return error{sec::runtime_error, "cannot write " + path + ": " + std::strerror(errno)};
  std::fputs("[\n", f);
  std::fflush(f);
  return std::make_unique<chrome_trace_file>(f);
}

chrome_trace_file::~chrome_trace_file() {
  // Every event ends in ",\n": the last one's comma gives way to the bracket.
  if (wrote_any_ && std::fseek(file_, -2, SEEK_END) == 0)
    std::fputs("\n]\n", file_);
  else
    std::fputs("]\n", file_);
  std::fclose(file_);
}

void chrome_trace_file::append(const std::vector<span_record>& spans, const span_origin& origin,
                               const span_clock& clock) {
  auto text = chrome_trace_events(spans, origin, clock, named_threads_);
  wrote_any_ = wrote_any_ || !text.empty();
  std::fwrite(text.data(), 1, text.size(), file_);
  std::fflush(file_);
}

} // namespace troupe::inspection
