// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "otlp_json.hpp"

namespace troupe::inspection {

namespace {

// OTLP's SpanKind: a request is served, every other message consumed.
constexpr int span_kind_server = 2;
constexpr int span_kind_consumer = 5;

void string_attribute(std::string& out, const char* key, const std::string& value) {
  out += R"({"key":")";
  out += key;
  out += R"(","value":{"stringValue":)";
  append_json_string(out, value);
  out += "}}";
}

void int_attribute(std::string& out, const char* key, std::uint64_t value) {
  out += R"({"key":")";
  out += key;
  out += R"(","value":{"intValue":")";
  out += std::to_string(value);
  out += R"("}})";
}

void span_json(std::string& out, const span_record& s, const span_clock& clock) {
  out += R"({"traceId":")";
  append_hex(out, s.trace_high);
  append_hex(out, s.trace_low);
  out += R"(","spanId":")";
  append_hex(out, s.span);
  out += '"';
  if (s.parent != 0) {
    out += R"(,"parentSpanId":")";
    append_hex(out, s.parent);
    out += '"';
  }
  out += R"(,"name":)";
  append_json_string(out, *s.actor_name + " " + *s.message_name);
  out += R"(,"kind":)";
  message_id id{s.message_id};
  out += std::to_string(id.is_async() || id.is_response() ? span_kind_consumer : span_kind_server);
  out += R"(,"startTimeUnixNano":")";
  out += std::to_string(clock.unix_ns(s.start));
  out += R"(","endTimeUnixNano":")";
  out += std::to_string(clock.unix_ns(s.end));
  out += R"(","attributes":[)";
  int_attribute(out, "troupe.actor.id", s.actor);
  out += ',';
  string_attribute(out, "troupe.actor.name", *s.actor_name);
  out += ',';
  string_attribute(out, "troupe.message.type", *s.message_name);
  out += ',';
  string_attribute(out, "troupe.message.kind", message_kind(s.message_id));
  if (!id.is_async()) {
    out += ',';
    int_attribute(out, "troupe.request.id", id.request_id().value());
  }
  out += ',';
  int_attribute(out, "thread.id", s.thread);
  out += "]}";
}

} // namespace

std::string otlp_json(const std::vector<span_record>& spans, const span_origin& origin, const span_clock& clock) {
  std::string out;
  out.reserve(256 + spans.size() * 480);
  out += R"({"resourceSpans":[{"resource":{"attributes":[)";
  string_attribute(out, "service.name", origin.service);
  out += ',';
  string_attribute(out, "host.name", origin.host);
  out += ',';
  int_attribute(out, "process.pid", origin.pid);
  out += ',';
  string_attribute(out, "troupe.node", origin.node);
  out += R"(]},"scopeSpans":[{"scope":{"name":"troupe.inspection"},"spans":[)";
  bool first = true;
  for (const auto& s : spans) {
    if (!first)
      out += ',';
    first = false;
    span_json(out, s, clock);
  }
  out += "]}]}]}";
  return out;
}

} // namespace troupe::inspection
