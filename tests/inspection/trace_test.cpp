// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Message traces: an envelope carries a trace only while its sender runs in a
// traced span; the wire carries it between nodes; and nodes with
// inspect.trace turn each message handled into a span whose parent is the
// span that sent it, so that a chain of requests across two nodes, and the
// responses back, form one trace.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "troupe/inspection.hpp"
#include "troupe/net.hpp"
#include "troupe/troupe.hpp"

#include "tracer/chrome_trace.hpp"
#include "tracer/otlp_http.hpp"
#include "tracer/otlp_json.hpp"
#include "tracer/tracer.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace trace_test {

namespace {

using go_atom = atom_constant<atom("go")>;
constexpr go_atom go_atom_v{};
using get_atom = atom_constant<atom("get")>;
constexpr get_atom get_atom_v{};

// Answers (get, n) with n * 2.
class back_end : public event_based_actor {
public:
  using event_based_actor::event_based_actor;
  const char* name() const override { return "back_end"; }
  behavior make_behavior() override {
    return {[](get_atom, std::int32_t n) { return n * 2; }};
  }
};

// Answers (get, n) by asking the back end and adding one.
class front_end : public event_based_actor {
public:
  front_end(actor_config& cfg, actor back) : event_based_actor(cfg), back_(std::move(back)) {}
  const char* name() const override { return "front_end"; }
  behavior make_behavior() override {
    return {[this](get_atom, std::int32_t n) {
      auto rp = make_response_promise();
      request(back_, 5s, get_atom_v, n).then([rp](std::int32_t x) mutable { rp.deliver(x + 1); });
      return rp;
    }};
  }

private:
  actor back_;
};

// On (go, n): asks the front end and tells `observer` the answer.
class client : public event_based_actor {
public:
  client(actor_config& cfg, actor front, actor observer)
    : event_based_actor(cfg), front_(std::move(front)), observer_(std::move(observer)) {}
  const char* name() const override { return "client"; }
  behavior make_behavior() override {
    return {[this](go_atom, std::int32_t n) {
      request(front_, 5s, get_atom_v, n).then([this](std::int32_t x) { send(observer_, x); });
    }};
  }

private:
  actor front_;
  actor observer_;
};

std::string scratch_path(const std::string& name) {
  return ::testing::TempDir() + "troupe-trace-" + name + "-" + std::to_string(getpid());
}

struct tracing_node {
  explicit tracing_node(std::map<std::string, std::string> options) {
    cfg.load<net::middleman>();
    cfg.load<inspection::probe>();
    cfg.set("inspect.track-actors", "false");
    for (auto& [key, value] : options)
      if (cfg.set(key, value))
        throw std::invalid_argument("tracing_node: " + key + " does not set");
    sys = std::make_unique<actor_system>(cfg);
  }
  actor_system_config cfg;
  std::unique_ptr<actor_system> sys;
};

struct span_row {
  std::string trace;
  std::string span;
  std::string parent;
  std::string name;
  std::string kind;
  std::string actor_name;
};

// Every span in an OTLP/JSON lines file.
std::vector<span_row> read_spans(const std::string& path) {
  std::vector<span_row> out;
  std::ifstream in{path};
  std::string line;
  while (std::getline(in, line)) {
    auto doc = nlohmann::json::parse(line);
    for (auto& rs : doc.at("resourceSpans"))
      for (auto& ss : rs.at("scopeSpans"))
        for (auto& s : ss.at("spans")) {
          span_row row;
          row.trace = s.at("traceId").get<std::string>();
          row.span = s.at("spanId").get<std::string>();
          row.parent = s.value("parentSpanId", "");
          row.name = s.at("name").get<std::string>();
          for (auto& a : s.at("attributes")) {
            if (a.at("key") == "troupe.message.kind")
              row.kind = a.at("value").at("stringValue").get<std::string>();
            if (a.at("key") == "troupe.actor.name")
              row.actor_name = a.at("value").at("stringValue").get<std::string>();
          }
          out.push_back(std::move(row));
        }
  }
  return out;
}

const span_row* find_span(const std::vector<span_row>& spans, const std::string& name) {
  for (auto& s : spans)
    if (s.name == name)
      return &s;
  return nullptr;
}

} // namespace

TEST(Tracer, AFullRingCountsTheSpansItLoses) {
  actor_system_config cfg;
  actor_system sys{cfg};
  auto who = sys.spawn<back_end>();
  auto* receiver = who.ctrl()->get();
  inspection::tracer t{{}, 2};
  EXPECT_TRUE(t.wants(*receiver));
  inspection::tracer only_front{{"front_end"}, 2};
  EXPECT_FALSE(only_front.wants(*receiver));
  for (int i = 0; i < 5; ++i) {
    auto e = make_mailbox_element(nullptr, message_id{}, get_atom_v, std::int32_t{i});
    t.begin(*receiver, *e);
    EXPECT_NE(detail::current_trace_slot, nullptr) << "the open span is the thread's current trace";
    t.end();
    EXPECT_EQ(detail::current_trace_slot, nullptr);
  }
  std::vector<inspection::span_record> spans;
  EXPECT_EQ(t.collect(spans), 2u);
  EXPECT_EQ(t.lost(), 3u);
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_EQ(*spans[0].actor_name, "back_end");
  EXPECT_EQ(*spans[0].message_name, "'get'");
  EXPECT_EQ(spans[0].parent, 0u) << "a message from outside any trace starts one";
  EXPECT_NE(spans[0].trace_low | spans[0].trace_high, spans[1].trace_low | spans[1].trace_high);
  EXPECT_LE(spans[0].start, spans[0].end);
  anon_send_exit(who, exit_reason::user_shutdown);
}

TEST(Tracing, ARequestChainAcrossTwoNodesIsOneTrace) {
  auto path_a = scratch_path("a.otlp.json");
  auto path_b = scratch_path("b.otlp.json");
  auto chrome_b = scratch_path("b.chrome.json");
  {
    tracing_node b{{{"inspect.trace", "on"}, {"inspect.trace-file", path_b}, {"inspect.trace-chrome", chrome_b}}};
    tracing_node a{{{"inspect.trace", "on"}, {"inspect.trace-file", path_a}}};
    auto back = b.sys->spawn<back_end>();
    auto front = b.sys->spawn<front_end>(back);
    auto port = b.sys->middleman().publish(front, 0, "127.0.0.1");
    ASSERT_TRUE(port) << to_string(port.error());
    auto remote_front = a.sys->middleman().remote_actor("127.0.0.1", *port);
    ASSERT_TRUE(remote_front) << to_string(remote_front.error());
    scoped_actor observer{*a.sys};
    auto c = a.sys->spawn<client>(*remote_front, actor_cast<actor>(observer.ctrl()));
    anon_send(c, go_atom_v, std::int32_t{20});
    std::int32_t answer = 0;
    observer->receive([&](std::int32_t x) { answer = x; }, after(10s) >> [] { FAIL() << "no answer"; });
    EXPECT_EQ(answer, 41);
    anon_send_exit(c, exit_reason::user_shutdown);
    anon_send_exit(front, exit_reason::user_shutdown);
    anon_send_exit(back, exit_reason::user_shutdown);
  } // the probes write what is left as their systems end
  auto spans = read_spans(path_a);
  auto on_b = read_spans(path_b);
  spans.insert(spans.end(), on_b.begin(), on_b.end());
  const auto* go = find_span(spans, "client 'go'");
  const auto* served = find_span(spans, "front_end 'get'");
  const auto* backed = find_span(spans, "back_end 'get'");
  const auto* answered = find_span(spans, "front_end int");
  const auto* done = find_span(spans, "client int");
  ASSERT_TRUE(go && served && backed && answered && done) << [&] {
    std::string names;
    for (auto& s : spans)
      names += s.name + "; ";
    return names;
  }();
  EXPECT_EQ(go->parent, "") << "the anonymous 'go' starts the trace";
  EXPECT_EQ(go->kind, "async");
  for (const auto* s : {served, backed, answered, done})
    EXPECT_EQ(s->trace, go->trace) << s->name << " keeps the trace id across nodes";
  EXPECT_EQ(served->parent, go->span) << "node b's span is a child of node a's";
  EXPECT_EQ(served->kind, "request");
  EXPECT_EQ(backed->parent, served->span);
  EXPECT_EQ(answered->parent, backed->span) << "a response is a child of the span that answered";
  EXPECT_EQ(answered->kind, "response");
  EXPECT_EQ(done->parent, answered->span) << "the response crosses back with its trace";
  EXPECT_EQ(done->kind, "response");
  EXPECT_EQ(go->trace.size(), 32u);
  EXPECT_EQ(go->span.size(), 16u);
  // Node b's Chrome trace: strict JSON once the node ended, one complete event per span.
  std::ifstream chrome_in{chrome_b};
  auto chrome = nlohmann::json::parse(chrome_in);
  ASSERT_TRUE(chrome.is_array());
  std::size_t complete = 0;
  for (auto& ev : chrome)
    if (ev.at("ph") == "X") {
      ++complete;
      auto name = ev.at("name").get<std::string>();
      if (name == served->name || name == backed->name || name == answered->name) { // not the exit messages
        EXPECT_EQ(ev.at("args").at("trace_id"), go->trace) << name;
      }
      EXPECT_GE(ev.at("dur").get<double>(), 0.0);
    }
  EXPECT_EQ(complete, on_b.size());
  for (auto* p : {&path_a, &path_b, &chrome_b})
    std::remove(p->c_str());
}

TEST(Tracing, OnlyTheNamedActorsAreTraced) {
  auto path = scratch_path("named.otlp.json");
  {
    tracing_node b{{{"inspect.trace", "back_end"}, {"inspect.trace-file", path}}};
    auto back = b.sys->spawn<back_end>();
    auto front = b.sys->spawn<front_end>(back);
    scoped_actor self{*b.sys};
    std::int32_t answer = 0;
    self->request(front, 5s, get_atom_v, std::int32_t{1})
      .receive([&](std::int32_t x) { answer = x; }, [](error& err) { FAIL() << to_string(err); });
    EXPECT_EQ(answer, 3);
    anon_send_exit(front, exit_reason::user_shutdown);
    anon_send_exit(back, exit_reason::user_shutdown);
  }
  auto spans = read_spans(path);
  ASSERT_FALSE(spans.empty());
  for (auto& s : spans) // the request, and the exit message that ended it
    EXPECT_EQ(s.actor_name, "back_end") << s.name;
  const auto* served = find_span(spans, "back_end 'get'");
  ASSERT_NE(served, nullptr);
  EXPECT_EQ(served->parent, "") << "its untraced sender passed no trace on";
  std::remove(path.c_str());
}

TEST(Tracing, BadTraceOptionsAreReportedAndTheNodeRuns) {
  ::testing::internal::CaptureStderr();
  {
    tracing_node node{{{"inspect.trace", " , "}}};
    auto back = node.sys->spawn<back_end>();
    scoped_actor self{*node.sys};
    self->request(back, 5s, get_atom_v, std::int32_t{2})
      .receive([](std::int32_t x) { EXPECT_EQ(x, 4); }, [](error& err) { FAIL() << to_string(err); });
    anon_send_exit(back, exit_reason::user_shutdown);
  }
  { tracing_node node{{{"inspect.trace", "on"}, {"inspect.trace-otlp", "https://collector:4318"}}}; }
  { tracing_node node{{{"inspect.trace", "on"}, {"inspect.trace-chrome", "/nonexistent-dir/trace.json"}}}; }
  auto err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("inspect.trace= ,  is not off, on or NAME,..."), std::string::npos) << err;
  EXPECT_NE(err.find("inspect.trace-otlp: not an http:// URL"), std::string::npos) << err;
  EXPECT_NE(err.find("inspect.trace-chrome: cannot write /nonexistent-dir/trace.json"), std::string::npos) << err;
}

TEST(OtlpHttp, ReadsCollectorUrlsAndRefusesOthers) {
  auto full = inspection::parse_otlp_url("http://127.0.0.1:9999/custom/path");
  ASSERT_TRUE(full);
  EXPECT_EQ(full->host, "127.0.0.1");
  EXPECT_EQ(full->port, 9999);
  EXPECT_EQ(full->path, "/custom/path");
  auto bare = inspection::parse_otlp_url("http://collector");
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->port, 4318);
  EXPECT_EQ(bare->path, "/v1/traces");
  auto v6 = inspection::parse_otlp_url("http://[::1]:4000");
  ASSERT_TRUE(v6);
  EXPECT_EQ(v6->host, "::1");
  EXPECT_EQ(v6->port, 4000);
  for (auto bad : {"collector:4318", "http://", "http://host:0", "http://host:70000", "http://host:12x"})
    EXPECT_FALSE(inspection::parse_otlp_url(bad)) << bad;
}

TEST(OtlpHttp, ACollectorThatIsNotThereIsAnErrorNotAHang) {
  // A port nobody listens on: refused at once.
  auto to = inspection::parse_otlp_url("http://127.0.0.1:1/v1/traces");
  ASSERT_TRUE(to);
  auto err = inspection::post_otlp(*to, "{}", 2000ms);
  EXPECT_TRUE(err);
}

TEST(OtlpJson, NamesAndIdsAreEscapedAndHex) {
  std::string actor = "say \"hi\"\n";
  std::string msg = "'go'";
  inspection::span_record s;
  s.trace_high = 0x0123456789abcdefULL;
  s.trace_low = 1;
  s.span = 0xff;
  s.parent = 0;
  s.actor_name = &actor;
  s.message_name = &msg;
  s.message_id = 7;
  inspection::span_clock clock;
  auto text = inspection::otlp_json({s}, {"svc", "node", "host", 42}, clock);
  auto doc = nlohmann::json::parse(text);
  auto& span = doc["resourceSpans"][0]["scopeSpans"][0]["spans"][0];
  EXPECT_EQ(span["traceId"], "0123456789abcdef0000000000000001");
  EXPECT_EQ(span["spanId"], "00000000000000ff");
  EXPECT_FALSE(span.contains("parentSpanId"));
  EXPECT_EQ(span["name"], "say \"hi\"\n 'go'");
  EXPECT_EQ(span["kind"], 2) << "a request is served";
  // A name that is not UTF-8 still makes valid JSON.
  std::string broken = "bad\xff name";
  s.actor_name = &broken;
  auto broken_text = inspection::otlp_json({s}, {"svc", "node", "host", 42}, clock);
  EXPECT_TRUE(nlohmann::json::accept(broken_text)) << broken_text;
}

} // namespace trace_test
