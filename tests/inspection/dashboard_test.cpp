// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The dashboard's server side: the web endpoint's POST bodies and event
// streams, the event log, and the JSON of a node's own dashboard (through its
// probe, over a real socket) and of a nexus's (answers forwarded to the node).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "dashboard/dashboard_routes.hpp"
#include "dashboard/event_log.hpp"
#include "dashboard/nexus_source.hpp"
#include "http/http_server.hpp"
#include "http_test_client.hpp"
#include "nexus_fixture.hpp"

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test_support::contains;
using troupe::test_support::eventually;
using troupe::test_support::free_port;
using troupe::test_support::http_exchange;
using troupe::test_support::ping_server;

namespace ins = troupe::inspection;
using json = nlohmann::json;

namespace dashboard_test {

namespace {

std::string post(std::uint16_t port, const std::string& path, const std::string& body, bool control = true) {
  std::string head = "POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n";
  if (control)
    head += "X-Troupe-Control: 1\r\n";
  head += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
  return http_exchange(port, head + body);
}

std::string body_of(const std::string& response) {
  auto at = response.find("\r\n\r\n");
  return at == std::string::npos ? std::string{} : response.substr(at + 4);
}

// The answer's body as JSON; a JSON null when it is not JSON.
json json_of(const std::string& response) {
  return json::parse(body_of(response), nullptr, false);
}

std::string percent_encoded(const std::string& text) {
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_') {
      out += static_cast<char>(c);
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    }
  }
  return out;
}

} // namespace

// ---- the web endpoint ------------------------------------------------------------

TEST(HttpServer, PostRoutesReadTheirBodyAndRefuseBadLengths) {
  ins::http_routes routes;
  routes.post["/echo"] = [](const ins::http_request& r) {
    ins::http_response out;
    out.body = "got " + r.body;
    return out;
  };
  ins::http_server server{"127.0.0.1", 0, std::move(routes)};
  auto ok = post(server.port(), "/echo", "hello body");
  EXPECT_TRUE(contains(ok, "HTTP/1.1 200 OK\r\n")) << ok;
  EXPECT_EQ(body_of(ok), "got hello body");
  // A body sent after the head, in a second write, is waited for.
  std::string big(10000, 'x');
  EXPECT_EQ(body_of(post(server.port(), "/echo", big)), "got " + big);
  auto huge = http_exchange(server.port(), "POST /echo HTTP/1.1\r\nContent-Length: 999999\r\n\r\n");
  EXPECT_TRUE(contains(huge, "HTTP/1.1 413 ")) << huge;
  auto chunked = http_exchange(server.port(), "POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n");
  EXPECT_TRUE(contains(chunked, "HTTP/1.1 400 ")) << chunked;
  auto twice = http_exchange(server.port(), "POST /echo HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx");
  EXPECT_TRUE(contains(twice, "HTTP/1.1 400 ")) << twice;
  auto letters = http_exchange(server.port(), "POST /echo HTTP/1.1\r\nContent-Length: 1x\r\n\r\nx");
  EXPECT_TRUE(contains(letters, "HTTP/1.1 400 ")) << letters;
  EXPECT_TRUE(contains(test_support::get(server.port(), "/echo"), "HTTP/1.1 405 "));
  // A client that announces more than it sends is dropped; the server goes on.
  http_exchange(server.port(), "POST /echo HTTP/1.1\r\nContent-Length: 5\r\n\r\nab");
  EXPECT_EQ(body_of(post(server.port(), "/echo", "again")), "got again");
}

TEST(HttpServer, StreamsSendEventsEveryPeriodWithTheirOwnCursor) {
  std::atomic<int> calls{0};
  ins::http_routes routes;
  ins::http_stream ticks;
  ticks.period = 20ms;
  ticks.next = [&](const ins::http_request&, std::uint64_t& cursor) {
    ++calls;
    return "event: tick\ndata: " + std::to_string(cursor++) + "\n\n";
  };
  routes.streams["/ticks"] = std::move(ticks);
  ins::http_stream failing;
  failing.next = [](const ins::http_request&, std::uint64_t&) -> std::string {
    throw std::runtime_error("producer broke");
  };
  routes.streams["/fails"] = std::move(failing);
  ins::http_server server{"127.0.0.1", 0, std::move(routes)};
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  timeval tv{5, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(server.port());
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  std::string request = "GET /ticks HTTP/1.1\r\n\r\n";
  ASSERT_EQ(::send(fd, request.data(), request.size(), MSG_NOSIGNAL), static_cast<ssize_t>(request.size()));
  std::string got;
  char buf[1024];
  while (!contains(got, "data: 3\n\n")) {
    auto n = ::recv(fd, buf, sizeof buf, 0);
    ASSERT_GT(n, 0) << got;
    got.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  EXPECT_TRUE(contains(got, "Content-Type: text/event-stream\r\n")) << got;
  EXPECT_TRUE(contains(got, "event: tick\ndata: 0\n\nevent: tick\ndata: 1\n\n")) << got;
  // Once the client is gone, the next write fails and the stream stops.
  ASSERT_TRUE(eventually([&] {
    auto before = calls.load();
    std::this_thread::sleep_for(100ms);
    return calls.load() == before;
  }));
  // A stream whose producer throws at once answers 500 with the reason; the server serves on.
  auto failed = test_support::get(server.port(), "/fails");
  EXPECT_TRUE(contains(failed, "HTTP/1.1 500 ")) << failed;
  EXPECT_TRUE(contains(failed, "producer broke")) << failed;
  EXPECT_TRUE(contains(test_support::get(server.port(), "/nothing"), "HTTP/1.1 404 "));
}

// ---- the event log -----------------------------------------------------------------

TEST(EventLog, KeepsTheLastEventsNumberedInOrder) {
  ins::event_log log{3};
  std::uint64_t next = 99;
  EXPECT_TRUE(log.since(0, next).empty());
  EXPECT_EQ(next, 0u);
  for (int i = 0; i < 5; ++i)
    log.add(ins::probe_event{"n", {}, ins::event_kind::dead_letter, std::to_string(i)});
  auto all = log.since(0, next);
  ASSERT_EQ(all.size(), 3u); // 0 and 1 are gone
  EXPECT_EQ(all.front().first, 2u);
  EXPECT_EQ(all.front().second.text, "2");
  EXPECT_EQ(all.back().first, 4u);
  EXPECT_EQ(next, 5u);
  auto rest = log.since(4, next);
  ASSERT_EQ(rest.size(), 1u);
  EXPECT_EQ(rest.front().second.text, "4");
  EXPECT_TRUE(log.since(5, next).empty());
}

// ---- a node's own dashboard, through its probe ---------------------------------------

class NodeDashboard : public ::testing::Test {
protected:
  void start(bool allow_control) {
    cfg.load<net::middleman>();
    cfg.load<ins::probe>();
    port = free_port();
    ASSERT_FALSE(cfg.set("inspect.http", std::to_string(port)));
    ASSERT_FALSE(cfg.set("inspect.allow-control", allow_control ? "true" : "false"));
    sys = std::make_unique<actor_system>(cfg);
    server = sys->spawn<ping_server>();
    self = to_string(sys->node());
  }

  std::string get(const std::string& path) { return test_support::get(port, path); }

  std::string actor_query() { return "node=" + percent_encoded(self) + "&id=" + std::to_string(server.id()); }

  actor_system_config cfg;
  std::unique_ptr<actor_system> sys;
  std::uint16_t port = 0;
  actor server;
  std::string self;
};

TEST_F(NodeDashboard, ServesThePageOverviewActorsAndOneActor) {
  start(false);
  auto page = get("/");
  EXPECT_TRUE(contains(page, "Content-Type: text/html; charset=utf-8\r\n")) << page.substr(0, 200);
  EXPECT_TRUE(contains(page, "<html")) << page.substr(0, 200);
  EXPECT_TRUE(contains(page, "api/stream"));
  auto overview = json_of(get("/api/overview"));
  ASSERT_TRUE(overview.is_object()) << get("/api/overview");
  EXPECT_EQ(overview["scope"], "node");
  ASSERT_EQ(overview["nodes"].size(), 1u);
  auto& node = overview["nodes"][0];
  EXPECT_EQ(node["node"], self);
  EXPECT_EQ(node["control"], false);
  EXPECT_GE(node["stats"]["running_actors"].get<std::uint64_t>(), 1u);
  EXPECT_GT(node["stats"]["rss"].get<std::uint64_t>(), 0u);
  bool busy_listed = false;
  for (auto& a : overview["busiest"])
    busy_listed = busy_listed || (a["name"] == "ping_server" && a["id"] == server.id() && a["node"] == self);
  EXPECT_TRUE(busy_listed) << overview.dump();
  auto actors = json_of(get("/api/actors?node=" + percent_encoded(self)));
  bool listed = false;
  for (auto& a : actors["actors"])
    listed = listed || (a["id"] == server.id() && a["name"] == "ping_server");
  EXPECT_TRUE(listed) << actors.dump();
  auto one = json_of(get("/api/actor?" + actor_query()));
  EXPECT_EQ(one["actor"]["name"], "ping_server") << one.dump();
  EXPECT_TRUE(one["mailbox"].is_array());
  EXPECT_TRUE(one["actor"]["processing"]["buckets"].is_array());
  EXPECT_EQ(one["control"], false);
}

TEST_F(NodeDashboard, BadQueriesGetAClearError) {
  start(false);
  auto no_node = get("/api/actors");
  EXPECT_TRUE(contains(no_node, "HTTP/1.1 400 ")) << no_node;
  EXPECT_TRUE(contains(json_of(no_node)["error"].get<std::string>(), "node="));
  auto other = get("/api/actors?node=elsewhere");
  EXPECT_TRUE(contains(other, "HTTP/1.1 404 ")) << other;
  auto bad_id = get("/api/actor?node=" + percent_encoded(self) + "&id=12x");
  EXPECT_TRUE(contains(bad_id, "HTTP/1.1 400 ")) << bad_id;
  auto no_actor = get("/api/actor?node=" + percent_encoded(self) + "&id=987654");
  EXPECT_TRUE(contains(no_actor, "HTTP/1.1 404 ")) << no_actor;
  auto since = get("/api/events?since=x");
  EXPECT_TRUE(contains(since, "HTTP/1.1 400 ")) << since;
}

TEST_F(NodeDashboard, ControlNeedsTheOptionAndTheHeader) {
  start(false);
  auto body = json{{"node", self}, {"id", server.id()}, {"message", "('ping')"}}.dump();
  auto no_header = post(port, "/api/send", body, false);
  EXPECT_TRUE(contains(no_header, "HTTP/1.1 403 ")) << no_header;
  EXPECT_TRUE(contains(no_header, "X-Troupe-Control")) << no_header;
  auto refused = post(port, "/api/send", body);
  EXPECT_TRUE(contains(refused, "HTTP/1.1 403 ")) << refused;
  EXPECT_TRUE(contains(refused, "inspect.allow-control=true")) << refused;
  auto not_json = post(port, "/api/send", "{node:");
  EXPECT_TRUE(contains(not_json, "HTTP/1.1 400 ")) << not_json;
  auto no_id = post(port, "/api/kill", json{{"node", self}, {"reason", ""}}.dump());
  EXPECT_TRUE(contains(no_id, "HTTP/1.1 400 ")) << no_id;
}

TEST_F(NodeDashboard, SendAndKillActWhereControlIsAllowed) {
  start(true);
  auto processed = [&] {
    auto one = json_of(get("/api/actor?" + actor_query()));
    return one.is_object() && one.contains("actor") ? one["actor"]["processed"].get<std::uint64_t>() : 0u;
  };
  auto before = processed();
  auto garbled = post(port, "/api/send", json{{"node", self}, {"id", server.id()}, {"message", "('ping'"}}.dump());
  EXPECT_TRUE(contains(garbled, "HTTP/1.1 400 ")) << garbled;
  auto sent = post(port, "/api/send", json{{"node", self}, {"id", server.id()}, {"message", "('ping')"}}.dump());
  EXPECT_TRUE(contains(sent, "HTTP/1.1 200 ")) << sent;
  EXPECT_TRUE(contains(json_of(sent)["result"].get<std::string>(), "ping_server#")) << sent;
  EXPECT_TRUE(eventually([&] { return processed() == before + 1; }));
  auto killed = post(port, "/api/kill", json{{"node", self}, {"id", server.id()}, {"reason", "kill"}}.dump());
  EXPECT_TRUE(contains(killed, "HTTP/1.1 200 ")) << killed;
  EXPECT_TRUE(eventually([&] { return contains(get("/api/actor?" + actor_query()), "HTTP/1.1 404 "); }));
  // A message to the dead actor is a dead letter: the node's event stream shows it.
  anon_send(server, ping_atom_v);
  EXPECT_TRUE(eventually([&] {
    auto events = json_of(get("/api/events?since=0"));
    for (auto& e : events["events"])
      if (e["kind"] == "dead-letter" && e["node"] == self)
        return true;
    return false;
  }));
}

// ---- a whole system's dashboard, at the nexus -----------------------------------------

TEST(NexusDashboard, ListsTheNodesAndForwardsActorRequests) {
  test_support::nexus_fixture fx;
  auto& node = fx.add_node({{"inspect.allow-control", "true"}});
  auto server = node.spawn<ping_server>();
  auto name = to_string(node.node());
  ins::http_routes routes;
  ins::add_dashboard_routes(routes, std::make_shared<ins::nexus_source>(fx.nexus_system(), fx.nexus, 100ms));
  ins::http_server http{"127.0.0.1", 0, std::move(routes)};
  ASSERT_TRUE(eventually([&] {
    auto overview = json_of(test_support::get(http.port(), "/api/overview"));
    return overview.is_object() && overview["nodes"].size() == 1 && !overview["nodes"][0]["stats"].is_null();
  }));
  auto overview = json_of(test_support::get(http.port(), "/api/overview"));
  EXPECT_EQ(overview["scope"], "system");
  EXPECT_EQ(overview["nodes"][0]["node"], name);
  EXPECT_EQ(overview["nodes"][0]["control"], true);
  auto query = "node=" + percent_encoded(name) + "&id=" + std::to_string(server.id());
  auto one = json_of(test_support::get(http.port(), "/api/actor?" + query));
  EXPECT_EQ(one["actor"]["name"], "ping_server") << one.dump();
  auto sent = post(http.port(), "/api/send", json{{"node", name}, {"id", server.id()}, {"message", "('ping')"}}.dump());
  EXPECT_TRUE(contains(sent, "HTTP/1.1 200 ")) << sent;
  auto unknown = test_support::get(http.port(), "/api/actors?node=nowhere");
  EXPECT_TRUE(contains(unknown, "HTTP/1.1 404 ") || contains(unknown, "HTTP/1.1 400 ")) << unknown;
  EXPECT_TRUE(eventually([&] {
    auto events = json_of(test_support::get(http.port(), "/api/events?since=0"));
    for (auto& e : events["events"])
      if (e["kind"] == "node-up" && e["node"] == name)
        return true;
    return false;
  }));
  // The nexus's system got the server's answer to the page's message, so it
  // knows the server: end it, or the node's shutdown waits for it.
  anon_send_exit(server, exit_reason::user_shutdown);
}

} // namespace dashboard_test
