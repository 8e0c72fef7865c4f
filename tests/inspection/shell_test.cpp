// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// troupe-shell's commands, run in process against a nexus on loopback: the
// paper's Listing 1 session, node names, the shell's own mailbox, a node's
// flight recorder dumped on command, and one clear line for each kind of bad
// input.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "nexus_fixture.hpp"
#include "node_resolver.hpp"
#include "shell_session.hpp"
#include "shell_text.hpp"

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test_support::contains;
using troupe::test_support::eventually;
using troupe::test_support::nexus_fixture;
using troupe::test_support::ping_server;
namespace ins = troupe::inspection;

namespace {

class ShellTest : public ::testing::Test {
protected:
  ShellTest() {
    alice = &fx.add_node({{"inspect.allow-control", "true"}});
    server = alice->spawn<ping_server>();
    shell_sys = &fx.add_client();
    scoped_actor self{*shell_sys};
    nexus = fx.nexus_from(self);
    if (!fx.known(self, *alice))
      throw std::runtime_error("alice never reached the nexus");
    session = std::make_unique<ins::shell_session>(*shell_sys, nexus, out);
  }

  ~ShellTest() override {
    session.reset();
    anon_send_exit(server, exit_reason::user_shutdown);
  }

  // Runs `line` and returns what it printed.
  std::string run(const std::string& line) {
    out.str("");
    EXPECT_TRUE(session->run(line));
    return out.str();
  }

  nexus_fixture fx;
  actor_system* alice = nullptr;
  actor_system* shell_sys = nullptr;
  actor server;
  ins::nexus_actor nexus;
  std::ostringstream out;
  std::unique_ptr<ins::shell_session> session;
};

TEST_F(ShellTest, ListingOneSession) {
  auto id = to_string(alice->node());
  auto nodes = run("list-nodes");
  EXPECT_TRUE(contains(nodes, id + " ")) << nodes;
  EXPECT_TRUE(contains(nodes, " " + std::to_string(getpid()) + " up")) << nodes;
  auto changed = run("change-node " + id.substr(0, id.size() - 3));
  EXPECT_TRUE(contains(changed, "node " + id)) << changed;
  EXPECT_NE(session->prompt(), "troupe> ");
  auto actors = run("list-actors");
  EXPECT_TRUE(contains(actors, std::to_string(server.id()))) << actors;
  EXPECT_TRUE(contains(actors, "ping_server")) << actors;
  EXPECT_EQ(run("send " + std::to_string(server.id()) + " ('ping')"), "sent\n");
  auto answer = run("await-msg 5s");
  EXPECT_TRUE(contains(answer, "('pong')")) << answer;
  auto stats = run("statistics");
  EXPECT_TRUE(contains(stats, "rss")) << stats;
  EXPECT_TRUE(contains(stats, " processed, ")) << stats;
  EXPECT_TRUE(contains(stats, " dead letters")) << stats;
  EXPECT_TRUE(contains(stats, "control allowed")) << stats;
  auto top = run("top messages");
  EXPECT_TRUE(contains(top, "ping_server")) << top;
  auto info = run("info " + std::to_string(server.id()));
  EXPECT_TRUE(contains(info, "name        ping_server")) << info;
  EXPECT_TRUE(contains(info, "links")) << info;
  auto peek = run("peek " + std::to_string(server.id()));
  EXPECT_EQ(peek, "(no messages waiting)\n");
  EXPECT_EQ(run("back"), "");
  EXPECT_EQ(session->prompt(), "troupe> ");
}

TEST_F(ShellTest, TheShellsOwnMailbox) {
  run("change-node " + to_string(alice->node()));
  EXPECT_EQ(run("mailbox"), "(empty)\n");
  for (int i = 0; i < 3; ++i)
    run("send " + std::to_string(server.id()) + " ('ping')");
  ASSERT_TRUE(eventually([&] {
    auto m = run("mailbox");
    return std::count(m.begin(), m.end(), '\n') == 3;
  }));
  auto first = run("pop-front");
  EXPECT_TRUE(contains(first, "('pong')")) << first;
  auto two = run("dequeue 5");
  EXPECT_EQ(std::count(two.begin(), two.end(), '\n'), 2);
  EXPECT_EQ(run("pop-front"), "(empty)\n");
  EXPECT_EQ(run("await-msg 50ms"), "error: no message within 50ms\n");
}

TEST_F(ShellTest, BadInputGetsOneClearLine) {
  EXPECT_EQ(run("frobnicate"), "error: unknown command frobnicate (help lists the commands)\n");
  EXPECT_TRUE(contains(run("list-actors"), "list-actors needs a node"));
  EXPECT_TRUE(contains(run("change-node nosuchnode"), "error: no node nosuchnode"));
  EXPECT_TRUE(contains(run("back"), "already in global mode"));
  EXPECT_TRUE(contains(run("await-msg soon"), "usage: await-msg"));
  EXPECT_TRUE(contains(run("mirror loud"), "usage: mirror"));
  run("change-node " + to_string(alice->node()));
  EXPECT_TRUE(contains(run("info x"), "usage: info ID"));
  EXPECT_TRUE(contains(run("send 4"), "usage: send ID MESSAGE"));
  auto bad = run("send " + std::to_string(server.id()) + " ('ping' 'pong')");
  EXPECT_TRUE(contains(bad, "error: the message does not parse at column ")) << bad;
  EXPECT_TRUE(contains(run("info 987654"), "error: no actor 987654"));
  EXPECT_TRUE(contains(run("kill 987654"), "error: no actor 987654"));
  EXPECT_TRUE(contains(run("top sideways"), "usage: top"));
  EXPECT_FALSE(session->run("quit"));
}

TEST_F(ShellTest, ControlIsRefusedWithoutTheOption) {
  auto& bob = fx.add_node();
  auto bobs = bob.spawn<ping_server>();
  scoped_actor self{*shell_sys};
  ASSERT_TRUE(fx.known(self, bob));
  run("change-node " + to_string(bob.node()));
  auto refused = run("send " + std::to_string(bobs.id()) + " ('ping')");
  EXPECT_TRUE(contains(refused, "--inspect.allow-control=true")) << refused;
  refused = run("kill " + std::to_string(bobs.id()));
  EXPECT_TRUE(contains(refused, "--inspect.allow-control=true")) << refused;
  anon_send_exit(bobs, exit_reason::user_shutdown);
}

TEST_F(ShellTest, MirrorAndKill) {
  auto id = to_string(alice->node());
  EXPECT_EQ(run("mirror headers " + id), "mirror headers on " + id + "\n");
  scoped_actor self{*shell_sys};
  EXPECT_TRUE(eventually([&] { return fx.entry(self, *alice)->mirror == "headers"; }));
  run("change-node " + id);
  EXPECT_EQ(run("kill " + std::to_string(server.id()) + " user_shutdown"),
            "killed ping_server#" + std::to_string(server.id()) + "\n");
  EXPECT_TRUE(eventually([&] { return !contains(run("list-actors"), "ping_server"); }));
}

TEST_F(ShellTest, DumpHasTheNodesFlightRecorderWriteItsFile) {
  auto path = ::testing::TempDir() + "troupe-shell-dump-" + std::to_string(getpid()) + ".txt";
  std::remove(path.c_str());
  auto& carol = fx.add_node({{"inspect.recorder-file", path}});
  auto carols = carol.spawn<ping_server>();
  scoped_actor self{*shell_sys};
  ASSERT_TRUE(fx.known(self, carol));
  EXPECT_TRUE(contains(run("dump"), "dump needs a node"));
  run("change-node " + to_string(carol.node()));
  EXPECT_TRUE(contains(run("dump now"), "usage: dump"));
  EXPECT_EQ(run("dump"), "the flight recorder wrote " + path + "\n");
  std::ifstream in{path};
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_TRUE(contains(text.str(), "# troupe flight recorder: dump command, pid ")) << text.str();
  EXPECT_TRUE(contains(text.str(), " spawn " + std::to_string(carols.id()) + " ping_server\n")) << text.str();
  // A node without a recorder says how to start one.
  run("change-node " + to_string(alice->node()));
  auto refused = run("dump");
  EXPECT_TRUE(contains(refused, "has no flight recorder (start it with --inspect.recorder-file=PATH)")) << refused;
  anon_send_exit(carols, exit_reason::user_shutdown);
  std::remove(path.c_str());
}

TEST_F(ShellTest, Completions) {
  EXPECT_EQ(session->completions("list-"), (std::vector<std::string>{"list-nodes", "list-actors"}));
  EXPECT_EQ(session->completions("mirror he"), std::vector<std::string>{"headers"});
  auto id = to_string(alice->node());
  EXPECT_EQ(session->completions("change-node " + id.substr(0, 6)).size(), 1u);
  EXPECT_TRUE(session->completions("zzz").empty());
}

TEST(NodeResolver, IdPrefixOrHostAndPid) {
  std::vector<ins::node_info> nodes{{"aaa111", "alpha", 10, "", false, "events", true},
                                    {"aab222", "beta", 20, "", false, "events", true}};
  EXPECT_EQ(ins::resolve_node(nodes, "aaa111")->host, "alpha");
  EXPECT_EQ(ins::resolve_node(nodes, "aab")->host, "beta");
  EXPECT_EQ(ins::resolve_node(nodes, "beta:20")->node, "aab222");
  auto ambiguous = ins::resolve_node(nodes, "aa");
  ASSERT_FALSE(ambiguous);
  EXPECT_TRUE(contains(ambiguous.error().context(), "ambiguous: alpha:10, beta:20"));
  EXPECT_FALSE(ins::resolve_node(nodes, "beta:21"));
  EXPECT_FALSE(ins::resolve_node(nodes, ""));
}

TEST(ShellText, ParseErrorsPointAtTheColumn) {
  error err{sec::invalid_argument, "at 7: expected ')'"};
  EXPECT_EQ(ins::parse_error_with_column(err, 7), "the message does not parse at column 15: expected ')'");
  EXPECT_EQ(ins::parse_error_with_column(error{sec::invalid_argument, "other"}, 3), "other");
  EXPECT_EQ(ins::duration_words(std::chrono::microseconds{1500}), "1.5 ms");
  EXPECT_EQ(ins::byte_words(3 * 1024 * 1024), "3.0 MiB");
}

} // namespace
