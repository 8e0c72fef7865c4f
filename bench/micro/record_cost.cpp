// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// What recording an actor's messages (inspect.record) costs it, and whether the
// recording keeps pace:
//
//   record_cost [messages] [runs] [workers]   (defaults: 1000000 messages, 3 runs, 2 workers)
//
// A sender on the benchmark's thread sends `messages` (int, sequence) to one
// actor named "sink" as fast as it can; the sink counts them. Each run does it
// once without recording and once with inspect.record=sink, in that order, and
// prints the sink's messages per second of both, then reads the recording back
// and says how many messages it holds and how many it lost (gaps).
#include <troupe/inspection.hpp>
#include <troupe/serialization.hpp>
#include <troupe/troupe.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "bench_common.hpp"

using namespace troupe;
using namespace troupe_bench;
using clock_type = std::chrono::steady_clock;

namespace {

class sink : public event_based_actor {
public:
  sink(actor_config& cfg, long expected, std::shared_ptr<latch> done)
    : event_based_actor(cfg), expected_(expected), done_(std::move(done)) {}
  const char* name() const override { return "sink"; }
  behavior make_behavior() override {
    return {[this](int) {
      if (++seen_ == expected_)
        done_->signal();
    }};
  }

private:
  long expected_;
  long seen_ = 0;
  std::shared_ptr<latch> done_;
};

// Messages per second of one pass; with a file, the node records the sink there.
double one_pass(long messages, std::size_t workers, const std::string& file) {
  auto cfg = make_config(workers);
  cfg.load<inspection::probe>();
  if (cfg.set("inspect.track-actors", "false")
      || (!file.empty() && (cfg.set("inspect.record", "sink") || cfg.set("inspect.record-file", file)))) {
    std::fprintf(stderr, "record_cost: the options do not set\n");
    std::exit(1);
  }
  actor_system sys{cfg};
  auto done = std::make_shared<latch>();
  auto s = sys.spawn<sink>(messages, done);
  auto t0 = clock_type::now();
  for (long i = 0; i < messages; ++i)
    anon_send(s, static_cast<int>(i));
  done->wait();
  auto t1 = clock_type::now();
  kill(s);
  return static_cast<double>(messages) / std::chrono::duration<double>(t1 - t0).count();
}

} // namespace

int main(int argc, char** argv) {
  long messages = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 1'000'000;
  int runs = argc > 2 ? std::atoi(argv[2]) : 3;
  std::size_t workers = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 2;
  auto file = "/tmp/troupe-record-cost-" + std::to_string(getpid()) + ".rec";
  std::vector<double> plain;
  std::vector<double> recorded;
  for (int r = 0; r < runs; ++r) {
    plain.push_back(one_pass(messages, workers, ""));
    recorded.push_back(one_pass(messages, workers, file));
    std::ifstream in{file, std::ios::binary};
    std::vector<char> bytes{std::istreambuf_iterator<char>{in}, std::istreambuf_iterator<char>{}};
    auto rec = read_recording(std::as_bytes(std::span{bytes}));
    if (!rec) {
      std::fprintf(stderr, "record_cost: %s\n", to_string(rec.error()).c_str());
      return 1;
    }
    std::uint64_t held = 0;
    std::uint64_t lost = 0;
    for (auto& e : rec->entries)
      (e.lost > 0 ? lost += e.lost : ++held);
    std::printf("run %d: %.2f M msg/s plain, %.2f M msg/s recorded (%.2fx); the file holds %llu of %ld, "
                "lost %llu, %.1f MB\n",
                r + 1, plain.back() / 1e6, recorded.back() / 1e6, plain.back() / recorded.back(),
                static_cast<unsigned long long>(held), messages, static_cast<unsigned long long>(lost),
                static_cast<double>(bytes.size()) / 1e6);
  }
  std::remove(file.c_str());
  std::sort(plain.begin(), plain.end());
  std::sort(recorded.begin(), recorded.end());
  std::printf("median: %.2f M msg/s plain, %.2f M msg/s recorded\n", plain[plain.size() / 2] / 1e6,
              recorded[recorded.size() / 2] / 1e6);
  return 0;
}
