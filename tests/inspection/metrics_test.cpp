// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// inspect.http: the request parser, the web endpoint on a real socket, the
// Prometheus text of a node and of the nexus, and a node serving its own
// metrics. (promtool and a real Prometheus server check the same output in
// prometheus_test.sh.)
#include <gtest/gtest.h>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "http/http_request.hpp"
#include "http/http_server.hpp"
#include "http_test_client.hpp"
#include "nexus_fixture.hpp"
#include "nexus_metrics.hpp"
#include "node_collector.hpp"
#include "prometheus_text.hpp"

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test_support::contains;
using troupe::test_support::eventually;
using troupe::test_support::free_port;
using troupe::test_support::get;
using troupe::test_support::http_exchange;
using troupe::test_support::ping_server;

namespace ins = troupe::inspection;

namespace metrics_test {

namespace {

// A server's routes that answer GET only.
ins::http_routes get_routes(std::map<std::string, ins::http_handler> get) {
  ins::http_routes routes;
  routes.get = std::move(get);
  return routes;
}

std::optional<ins::http_request> parse(const std::string& head, std::string& why) {
  return ins::parse_request_head(head, why);
}

ins::node_statistics sample_statistics() {
  ins::node_statistics s;
  s.node = "NODE-1";
  s.running_actors = 3;
  s.tracked_actors = 2;
  s.processed_messages = 42;
  s.dead_letters = 1;
  s.events_dropped = 0;
  s.connected_nodes = {"a", "b"};
  s.workers_since_start = {ins::worker_totals{1.5, 0.25, 0.25, 7}};
  s.host.process_cpu_seconds = 2.5;
  s.host.rss = 1024;
  s.host.ram_total = 4096;
  s.host.ram_available = 2048;
  s.host.cpus = 2;
  s.actor_groups = {ins::actor_group{"pinger \"x\"\\\n", 2, 5, 4, 10}};
  // 2 at most 1 µs, 5 at most 10 µs, 1 beyond 10 s
  s.processing.counts.assign(ins::time_histogram::bounds.size() + 1, 0);
  s.processing.counts[0] = 2;
  s.processing.counts[3] = 5;
  s.processing.counts.back() = 1;
  s.processing.count = 8;
  s.processing.sum_seconds = 0.5;
  s.mailbox_wait = s.processing;
  return s;
}

} // namespace

// ---- the request parser -------------------------------------------------------

TEST(HttpRequest, ReadsTheRequestLineAndTheHeaders) {
  std::string why;
  auto req = parse("GET /metrics?x=1 HTTP/1.1\r\nHost: localhost\r\nAccept:  text/plain \r\n\r\n", why);
  ASSERT_TRUE(req) << why;
  EXPECT_EQ(req->method, "GET");
  EXPECT_EQ(req->path, "/metrics");
  EXPECT_EQ(req->query, "x=1");
  ASSERT_NE(req->header("accept"), nullptr);
  EXPECT_EQ(*req->header("accept"), "text/plain");
  EXPECT_EQ(req->header("cookie"), nullptr);
}

TEST(HttpRequest, RefusesMalformedHeadsWithAReason) {
  const std::map<std::string, std::string> cases{
    {"GET /metrics HTTP/1.1\r\n", "does not end with an empty line"},
    {"GET  /metrics HTTP/1.1\r\n\r\n", "malformed request line"},
    {"GET /metrics\r\n\r\n", "malformed request line"},
    {"G(T /metrics HTTP/1.1\r\n\r\n", "malformed method"},
    {"GET /metrics HTTP/2.0\r\n\r\n", "unsupported HTTP version"},
    {"GET metrics HTTP/1.1\r\n\r\n", "malformed request target"},
    {"GET /a\x01 HTTP/1.1\r\n\r\n", "malformed request target"},
    {"GET / HTTP/1.1\r\nNo colon here\r\n\r\n", "malformed header field"},
    {"GET / HTTP/1.1\r\n folded: value\r\n\r\n", "malformed header field"},
    {"GET / HTTP/1.1\r\nX: a\rb\r\n\r\n", "malformed header value"},
  };
  for (auto& [head, reason] : cases) {
    std::string why;
    EXPECT_FALSE(parse(head, why)) << head;
    EXPECT_TRUE(contains(why, reason)) << head << ": " << why;
  }
  std::string many = "GET / HTTP/1.1\r\n";
  for (int i = 0; i < 65; ++i)
    many += "X-" + std::to_string(i) + ": 1\r\n";
  std::string why;
  EXPECT_FALSE(parse(many + "\r\n", why));
  EXPECT_EQ(why, "too many header fields");
  EXPECT_FALSE(parse("GET /" + std::string(ins::max_request_head, 'a') + " HTTP/1.1\r\n\r\n", why));
  EXPECT_EQ(why, "request head too long");
}

TEST(HttpRequest, QueryValuesArePercentDecoded) {
  EXPECT_EQ(ins::query_value("a=1&name=ping%20server&b", "name"), "ping server");
  EXPECT_EQ(ins::query_value("a=1&b", "b"), "");
  EXPECT_FALSE(ins::query_value("a=1", "name"));
  EXPECT_FALSE(ins::query_value("name=%zz", "name"));
  EXPECT_FALSE(ins::query_value("name=%2", "name"));
}

// ---- the server on a real socket -----------------------------------------------

TEST(HttpServer, AnswersRoutesAndRefusesWhatItCannotServe) {
  ins::http_server server{"127.0.0.1", 0,
                          get_routes({{"/hello",
                                       [](const ins::http_request& r) {
                                         ins::http_response out;
                                         out.body = "hello " + ins::query_value(r.query, "who").value_or("?");
                                         return out;
                                       }},
                                      {"/throws", [](const ins::http_request&) -> ins::http_response {
                                         throw std::runtime_error("boom");
                                       }}})};
  ASSERT_NE(server.port(), 0);
  auto ok = get(server.port(), "/hello?who=you");
  EXPECT_TRUE(contains(ok, "HTTP/1.1 200 OK\r\n")) << ok;
  EXPECT_TRUE(contains(ok, "Content-Length: 9\r\n")) << ok;
  EXPECT_TRUE(ok.ends_with("\r\n\r\nhello you")) << ok;
  auto head = http_exchange(server.port(), "HEAD /hello HTTP/1.1\r\n\r\n");
  EXPECT_TRUE(contains(head, "HTTP/1.1 200 OK\r\n")) << head;
  EXPECT_TRUE(head.ends_with("\r\n\r\n")) << head;
  EXPECT_TRUE(contains(get(server.port(), "/nothing"), "HTTP/1.1 404 Not Found\r\n"));
  EXPECT_TRUE(contains(http_exchange(server.port(), "POST /hello HTTP/1.1\r\n\r\n"), "HTTP/1.1 405 "));
  auto bad = http_exchange(server.port(), "GET /hello HTTP/9\r\n\r\n");
  EXPECT_TRUE(contains(bad, "HTTP/1.1 400 Bad Request\r\n")) << bad;
  EXPECT_TRUE(contains(bad, "unsupported HTTP version")) << bad;
  auto huge =
    http_exchange(server.port(), "GET /" + std::string(ins::max_request_head + 100, 'a') + " HTTP/1.1\r\n\r\n");
  EXPECT_TRUE(contains(huge, "HTTP/1.1 431 ")) << huge.substr(0, 100);
  auto failed = get(server.port(), "/throws");
  EXPECT_TRUE(contains(failed, "HTTP/1.1 500 ")) << failed;
  EXPECT_TRUE(contains(failed, "boom")) << failed;
  // A client that hangs up halfway leaves the server serving.
  http_exchange(server.port(), "GET /hel");
  EXPECT_TRUE(contains(get(server.port(), "/hello"), "200 OK"));
}

TEST(HttpServer, APortInUseIsAnError) {
  ins::http_server first{"127.0.0.1", 0, ins::http_routes{}};
  EXPECT_THROW((ins::http_server{"127.0.0.1", first.port(), ins::http_routes{}}), std::system_error);
}

// ---- the Prometheus text ------------------------------------------------------------

TEST(PrometheusText, ANodesFamiliesFollowPrometheusConventions) {
  auto s = sample_statistics();
  auto text = ins::prometheus_text({ins::metrics_node{&s, nullptr}}, false);
  EXPECT_TRUE(contains(text, "# TYPE troupe_messages_processed_total counter\ntroupe_messages_processed_total 42\n"))
    << text;
  EXPECT_TRUE(contains(text, "\ntroupe_dead_letters_total 1\n")) << text;
  EXPECT_TRUE(contains(text, "\ntroupe_actors_running 3\n")) << text;
  EXPECT_TRUE(contains(text, "\ntroupe_connected_nodes 2\n")) << text;
  EXPECT_TRUE(contains(text, "\ntroupe_worker_seconds_total{worker=\"0\",state=\"busy\"} 1.5\n")) << text;
  EXPECT_TRUE(contains(text, "\ntroupe_worker_seconds_total{worker=\"0\",state=\"parked\"} 0.25\n")) << text;
  EXPECT_TRUE(contains(text, "\ntroupe_worker_steals_total{worker=\"0\"} 7\n")) << text;
  EXPECT_TRUE(contains(text, "\nprocess_cpu_seconds_total 2.5\n")) << text;
  EXPECT_TRUE(contains(text, "\nprocess_resident_memory_bytes 1024\n")) << text;
  // Label values escape backslash, double quote and newline.
  EXPECT_TRUE(contains(text, "\ntroupe_actor_group_mailbox_depth_max{name=\"pinger \\\"x\\\"\\\\\\n\"} 4\n")) << text;
  EXPECT_FALSE(contains(text, "node=")) << text;
  // Every family has one HELP and one TYPE, before its samples; counters end in _total.
  std::istringstream lines{text};
  std::set<std::string> typed;
  std::set<std::string> histograms;
  std::string line;
  while (std::getline(lines, line)) {
    if (line.starts_with("# TYPE ")) {
      std::istringstream words{line.substr(7)};
      std::string name;
      std::string type;
      words >> name >> type;
      EXPECT_TRUE(typed.insert(name).second) << "a second TYPE for " << name;
      if (type == "counter") {
        EXPECT_TRUE(name.ends_with("_total")) << name;
      }
      if (type == "histogram") {
        EXPECT_TRUE(name.ends_with("_seconds")) << name;
        histograms.insert(name);
      }
    } else if (!line.starts_with("# HELP ")) {
      auto name = line.substr(0, line.find_first_of("{ "));
      for (const char* suffix : {"_bucket", "_sum", "_count"})
        if (name.ends_with(suffix) && histograms.contains(name.substr(0, name.size() - std::strlen(suffix))))
          name = name.substr(0, name.size() - std::strlen(suffix));
      EXPECT_TRUE(typed.contains(name)) << "a sample before its TYPE: " << line;
    }
  }
  EXPECT_EQ(histograms, (std::set<std::string>{"troupe_message_processing_seconds", "troupe_mailbox_wait_seconds"}));
}

TEST(PrometheusText, HistogramsCountCumulativelyWithSumAndCount) {
  auto s = sample_statistics();
  s.mailbox_wait = {}; // not measured yet: no family
  auto text = ins::prometheus_text({ins::metrics_node{&s, nullptr}}, false);
  EXPECT_TRUE(contains(text, "# TYPE troupe_message_processing_seconds histogram\n"
                             "troupe_message_processing_seconds_bucket{le=\"1e-06\"} 2\n"))
    << text;
  EXPECT_TRUE(contains(text, "\ntroupe_message_processing_seconds_bucket{le=\"5e-06\"} 2\n")) << text;
  EXPECT_TRUE(contains(text, "\ntroupe_message_processing_seconds_bucket{le=\"1e-05\"} 7\n")) << text;
  EXPECT_TRUE(contains(text, "\ntroupe_message_processing_seconds_bucket{le=\"10\"} 7\n")) << text;
  EXPECT_TRUE(contains(text, "\ntroupe_message_processing_seconds_bucket{le=\"+Inf\"} 8\n")) << text;
  EXPECT_TRUE(contains(text, "\ntroupe_message_processing_seconds_sum 0.5\n")) << text;
  EXPECT_TRUE(contains(text, "\ntroupe_message_processing_seconds_count 8\n")) << text;
  EXPECT_FALSE(contains(text, "troupe_mailbox_wait_seconds")) << text;
}

TEST(NodeCollector, HistogramsKeepTheTimingsOfActorsThatEnded) {
  actor_system_config cfg;
  actor_system sys{cfg};
  sys.tracker().enable(true);
  ins::node_collector collector{sys, 0ns}; // a clock measured at once: no second to wait
  auto server = sys.spawn<ping_server>();
  scoped_actor self{sys};
  // One request at a time: one message in 32 that the worker handles is timed
  // (from the server's fourth on), one in 64 from this thread waits stamped.
  for (int i = 0; i < 128; ++i)
    self->request(server, 5s, ping_atom_v).receive([](pong_atom) {}, [](error&) {});
  auto before = collector.collect();
  ASSERT_EQ(before.processing.counts.size(), ins::time_histogram::bounds.size() + 1);
  EXPECT_GT(before.processing.count, 0u);
  EXPECT_GT(before.mailbox_wait.count, 0u);
  EXPECT_GT(before.processing.sum_seconds, 0.0);
  anon_send_exit(server, exit_reason::kill);
  self->wait_for(server);
  ASSERT_TRUE(eventually([&] { return collector.collect().tracked_actors == 0; }));
  // The ended actor's samples stay: nothing goes down (its exit message may have added one more).
  auto after = collector.collect();
  for (auto [b, a] :
       {std::pair{&before.processing, &after.processing}, std::pair{&before.mailbox_wait, &after.mailbox_wait}}) {
    ASSERT_EQ(a->counts.size(), b->counts.size());
    EXPECT_GE(a->count, b->count);
    EXPECT_GE(a->sum_seconds, b->sum_seconds);
    for (std::size_t i = 0; i < a->counts.size(); ++i)
      EXPECT_GE(a->counts[i], b->counts[i]) << "bucket " << i;
  }
}

TEST(PrometheusText, TheNexusLabelsEachNodeAndListsNodesWithoutFigures) {
  auto s = sample_statistics();
  ins::node_info up_node{"NODE-1", "host-a", 11, "Linux", false, "events", true};
  ins::node_info down_node{"NODE-2", "host-b", 22, "Linux", false, "events", false};
  auto text = ins::prometheus_text({ins::metrics_node{&s, &up_node}, ins::metrics_node{nullptr, &down_node}}, true);
  EXPECT_TRUE(contains(text, "\ntroupe_node_up{node=\"NODE-1\"} 1\n")) << text;
  EXPECT_TRUE(contains(text, "\ntroupe_node_up{node=\"NODE-2\"} 0\n")) << text;
  EXPECT_TRUE(contains(text, "\ntroupe_node_info{node=\"NODE-2\",host=\"host-b\",pid=\"22\",os=\"Linux\"} 1\n"))
    << text;
  EXPECT_TRUE(contains(text, "\ntroupe_messages_processed_total{node=\"NODE-1\"} 42\n")) << text;
  EXPECT_FALSE(contains(text, "troupe_messages_processed_total{node=\"NODE-2\"")) << text;
  EXPECT_TRUE(contains(text, "\ntroupe_worker_seconds_total{node=\"NODE-1\",worker=\"0\",state=\"busy\"} 1.5\n"))
    << text;
}

// ---- a node serving its metrics ----------------------------------------------------

TEST(ProbeMetrics, ANodeServesItsMetricsAtInspectHttp) {
  auto port = free_port();
  actor_system_config cfg;
  cfg.load<net::middleman>().load<ins::probe>();
  ASSERT_FALSE(cfg.set("inspect.http", std::to_string(port))); // 127.0.0.1 by default
  actor_system sys{cfg};
  auto server = sys.spawn<ping_server>();
  scoped_actor self{sys};
  for (int i = 0; i < 5; ++i)
    self->request(server, 5s, ping_atom_v).receive([](pong_atom) {}, [](error&) {});
  // The server counts a message once its handler returned, which can be just
  // after the answer reached us.
  std::string page;
  ASSERT_TRUE(eventually([&] {
    page = get(port, "/metrics");
    return contains(page, "\ntroupe_actor_group_processed_messages{name=\"ping_server\"} 5\n");
  }))
    << page;
  EXPECT_TRUE(contains(page, "HTTP/1.1 200 OK\r\n")) << page;
  EXPECT_TRUE(contains(page, "Content-Type: text/plain; version=0.0.4; charset=utf-8\r\n")) << page;
  EXPECT_TRUE(contains(page, "\ntroupe_actor_group_actors{name=\"ping_server\"} 1\n")) << page;
  EXPECT_TRUE(contains(page, "\ntroupe_actors_running ")) << page;
  EXPECT_TRUE(contains(page, "\ntroupe_worker_seconds_total{worker=\"0\",state=\"busy\"} ")) << page;
  auto counts = sys.counters();
  EXPECT_GE(counts.processed_messages, 10u); // five requests and five answers
  anon_send_exit(server, exit_reason::user_shutdown);
}

TEST(ProbeMetrics, ABadHttpOptionIsReportedAndTheNodeRuns) {
  for (std::string bad : {"not-a-port", "127.0.0.1:99999"}) {
    actor_system_config cfg;
    cfg.load<net::middleman>().load<ins::probe>();
    ASSERT_FALSE(cfg.set("inspect.http", bad));
    auto err = test_support::run_node_and_capture_stderr(cfg);
    EXPECT_TRUE(contains(err, "inspect.http=" + bad + " is not PORT or HOST:PORT")) << err;
  }
}

TEST(ProbeMetrics, APortInUseIsReportedAndTheNodeRuns) {
  ins::http_server taken{"127.0.0.1", 0, ins::http_routes{}};
  actor_system_config cfg;
  cfg.load<net::middleman>().load<ins::probe>();
  ASSERT_FALSE(cfg.set("inspect.http", "127.0.0.1:" + std::to_string(taken.port())));
  auto err = test_support::run_node_and_capture_stderr(cfg);
  EXPECT_TRUE(contains(err, "inspect.http: cannot listen on 127.0.0.1:" + std::to_string(taken.port()))) << err;
}

TEST(NexusMetrics, TheNexusServesEveryNodesMetricsWithANodeLabel) {
  test_support::nexus_fixture fx;
  auto& node = fx.add_node();
  auto server = node.spawn<ping_server>();
  auto& client = fx.add_client();
  scoped_actor self{client};
  ASSERT_TRUE(fx.known(self, node));
  ins::http_server http{"127.0.0.1", 0,
                        get_routes({{"/metrics", ins::nexus_metrics_page(client, fx.nexus_from(self))}})};
  auto name = to_string(node.node());
  std::string page;
  EXPECT_TRUE(eventually([&] {
    page = get(http.port(), "/metrics");
    return contains(page, "\ntroupe_actor_group_actors{node=\"" + name + "\",name=\"ping_server\"} 1\n");
  }))
    << page;
  EXPECT_TRUE(contains(page, "\ntroupe_node_up{node=\"" + name + "\"} 1\n")) << page;
  EXPECT_TRUE(contains(page, "\ntroupe_actors_running{node=\"" + name + "\"} ")) << page;
  anon_send_exit(server, exit_reason::user_shutdown);
}

} // namespace metrics_test
