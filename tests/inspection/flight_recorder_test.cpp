// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The flight recorder: a thread's ring keeps its newest entries and never
// hands out a torn one; a dump writes the window's entries, also from the
// SIGUSR2 handler; and a node with inspect.recorder-file records its actors'
// spawns, exits and dead letters.
#include <gtest/gtest.h>

#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "nexus_fixture.hpp"
#include "recorder/flight_recorder.hpp"
#include "recorder/flight_ring.hpp"

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test_support::contains;
using troupe::test_support::eventually;
using troupe::test_support::ping_server;

namespace ins = troupe::inspection;
namespace recorder = troupe::inspection::flight_recorder;

namespace flight_recorder_test {

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in{path};
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string scratch_path(const char* name) {
  return ::testing::TempDir() + "troupe-" + name + "-" + std::to_string(getpid()) + ".txt";
}

// Stops the process's recorder at the end of a test, however it ends.
struct recorder_guard {
  ~recorder_guard() { recorder::stop(); }
};

} // namespace

TEST(FlightRing, KeepsTheNewestEntriesAndCutsLongTexts) {
  auto ring = std::make_unique<ins::flight_ring>();
  ins::flight_entry e;
  EXPECT_FALSE(ring->read(0, e));
  std::string longer(200, 'x');
  for (std::uint64_t i = 0; i < ins::flight_ring::capacity + 10; ++i)
    ring->add(ins::flight_kind::spawn, i, i == ins::flight_ring::capacity + 9 ? longer : "actor", 1000 + i);
  EXPECT_EQ(ring->added(), ins::flight_ring::capacity + 10);
  ASSERT_TRUE(ring->read(0, e)); // the oldest kept: entry 10
  EXPECT_EQ(e.actor, 10u);
  EXPECT_EQ(e.cycles, 1010u);
  EXPECT_EQ(std::string(e.text, e.length), "actor");
  ASSERT_TRUE(ring->read(ins::flight_ring::capacity - 1, e)); // the newest
  EXPECT_EQ(e.actor, ins::flight_ring::capacity + 9);
  EXPECT_EQ(e.length, ins::flight_text_capacity);
  EXPECT_EQ(std::string(e.text, e.length), std::string(ins::flight_text_capacity, 'x'));
  EXPECT_FALSE(ring->read(ins::flight_ring::capacity, e));
}

TEST(FlightRing, AReaderNeverSeesATornEntry) {
  auto ring = std::make_unique<ins::flight_ring>();
  std::atomic<bool> done{false};
  std::thread writer{[&] {
    for (std::uint64_t i = 0; i < 200'000; ++i)
      ring->add(ins::flight_kind::message, i, std::string(i % 100, static_cast<char>('a' + i % 26)), i);
    done = true;
  }};
  std::uint64_t checked = 0;
  while (!done.load()) {
    ins::flight_entry e;
    for (std::size_t i = 0; i < ins::flight_ring::capacity; i += 97) {
      if (!ring->read(i, e))
        continue;
      // Every field of an entry comes from the same add().
      ASSERT_EQ(e.cycles, e.actor);
      ASSERT_EQ(e.length, e.actor % 100);
      for (std::size_t c = 0; c < e.length; ++c)
        ASSERT_EQ(e.text[c], static_cast<char>('a' + e.actor % 26));
      ++checked;
    }
  }
  writer.join();
  EXPECT_GT(checked, 0u);
}

TEST(FlightRecorder, DumpsTheWindowAndAnswersSigusr2) {
  recorder_guard guard;
  auto path = scratch_path("flight");
  ASSERT_TRUE(recorder::start(path, 30s));
  EXPECT_FALSE(recorder::start(path, 30s)) << "one recorder per process";
  recorder::add(ins::flight_kind::spawn, 7, "counter");
  std::thread other{[] { recorder::add(ins::flight_kind::dead_letter, 0, "to counter#7:\n('late')"); }};
  other.join();
  ASSERT_TRUE(recorder::dump("asked"));
  auto text = read_file(path);
  EXPECT_TRUE(contains(text, "# troupe flight recorder: asked, pid " + std::to_string(getpid()))) << text;
  EXPECT_TRUE(contains(text, " spawn 7 counter\n")) << text;
  EXPECT_TRUE(contains(text, " dead-letter 0 to counter#7: ('late')\n")) << text; // one line per entry
  // SIGUSR2 writes the same from its handler.
  std::remove(path.c_str());
  recorder::add(ins::flight_kind::exit, 7, "counter normal");
  ASSERT_EQ(raise(SIGUSR2), 0);
  // A sanitizer may hold the signal back until the next call it watches.
  EXPECT_TRUE(eventually([&] { return contains(read_file(path), "\n"); }));
  text = read_file(path);
  EXPECT_TRUE(contains(text, "# troupe flight recorder: SIGUSR2")) << text;
  EXPECT_TRUE(contains(text, " exit 7 counter normal\n")) << text;
  std::remove(path.c_str());
}

// A previous SIGSEGV handler that aborts after its report (a sanitizer's does)
// raises SIGABRT into the recorder again: the dump of the first signal stays.
TEST(FlightRecorder, TheFirstFatalSignalsDumpIsKept) {
  GTEST_FLAG_SET(death_test_style, "threadsafe"); // a sanitizer runs threads of its own
  // Without the pid: the dying child runs this test's body again.
  auto path = ::testing::TempDir() + "troupe-fatal-flight.txt";
  std::remove(path.c_str());
  auto crash = [&] {
    struct sigaction reporter {};
    reporter.sa_handler = [](int) { std::abort(); };
    sigemptyset(&reporter.sa_mask);
    sigaction(SIGSEGV, &reporter, nullptr);
    if (!recorder::start(path, 30s))
      std::_Exit(3);
    recorder::add(ins::flight_kind::spawn, 9, "doomed");
    raise(SIGSEGV);
    for (;;) // a sanitizer may deliver the signal at its next watched call
      std::this_thread::sleep_for(10ms);
  };
  EXPECT_EXIT(crash(), ::testing::KilledBySignal(SIGABRT), "");
  auto text = read_file(path);
  EXPECT_TRUE(contains(text, "# troupe flight recorder: fatal signal SIGSEGV")) << text;
  EXPECT_TRUE(contains(text, " spawn 9 doomed\n")) << text;
  std::remove(path.c_str());
}

TEST(FlightRecorder, AnUnwritablePathFailsTheDumpOnly) {
  recorder_guard guard;
  ASSERT_TRUE(recorder::start("/nonexistent-dir/flight.txt", 30s));
  recorder::add(ins::flight_kind::spawn, 1, "a");
  EXPECT_FALSE(recorder::dump("asked"));
}

TEST(FlightRecorder, ANodeRecordsSpawnsExitsAndDeadLetters) {
  auto path = scratch_path("node-flight");
  {
    actor_system_config cfg;
    cfg.load<net::middleman>();
    cfg.load<ins::probe>();
    ASSERT_FALSE(cfg.set("inspect.recorder-file", path));
    actor_system sys{cfg};
    auto server = sys.spawn<ping_server>();
    auto id = server.id();
    anon_send_exit(server, exit_reason::kill);
    scoped_actor self{sys};
    self->wait_for(server);
    anon_send(server, ping_atom_v); // a dead letter
    ASSERT_TRUE(recorder::dump("asked"));
    auto text = read_file(path);
    EXPECT_TRUE(contains(text, " spawn " + std::to_string(id) + " ping_server\n")) << text;
    EXPECT_TRUE(contains(text, " exit " + std::to_string(id) + " ping_server ")) << text;
    EXPECT_TRUE(contains(text, " dead-letter 0 to ping_server#" + std::to_string(id))) << text;
  }
  EXPECT_FALSE(recorder::running()) << "the probe stops its recorder with the system";
  std::remove(path.c_str());
}

} // namespace flight_recorder_test
