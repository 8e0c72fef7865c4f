// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A stream pipeline with a slow end: a source reads the lines of an access log,
// a farm of three stages parses the lines and keeps the errors (parse and
// filter fused into one operator, so each farm stage is one actor), and a
// sink counts the errors per code, slowly. The source never runs ahead: it
// reads a line only when the sink has asked for it, so however long the log,
// no mailbox holds more than the credits of the actors after it.
//
//   troupe_example_streams_pipeline [lines]   (default 20000)
#include <troupe/streams.hpp>
#include <troupe/troupe.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <sstream>
#include <string>

using namespace troupe;

namespace {

// A made-up access log: every 7th request fails with 500, every 11th with 404.
generator<std::string> log_lines(int n, std::shared_ptr<std::atomic<int>> read) {
  for (int i = 1; i <= n; ++i) {
    int status = i % 7 == 0 ? 500 : i % 11 == 0 ? 404 : 200;
    read->fetch_add(1);
    co_yield "10.0.0." + std::to_string(i % 255) + " GET /item/" + std::to_string(i) + " " + std::to_string(status);
  }
}

struct request {
  int number; // the line's place in the log
  int status;
};

request parse(const std::string& line) {
  auto item = line.find("/item/");
  auto space = line.rfind(' ');
  return {std::atoi(line.c_str() + item + 6), std::atoi(line.c_str() + space + 1)};
}

} // namespace

int main(int argc, char** argv) {
  int lines = argc > 1 ? std::atoi(argv[1]) : 20000;
  actor_system sys{actor_system_config{}};
  auto read = std::make_shared<std::atomic<int>>(0);
  auto parsed = std::make_shared<std::atomic<int>>(0);
  auto found = std::make_shared<std::atomic<int>>(0);
  auto counted = std::make_shared<std::atomic<int>>(0);
  auto most_unparsed = std::make_shared<std::atomic<int>>(0);
  auto most_uncounted = std::make_shared<std::atomic<int>>(0);
  auto counts = std::make_shared<std::map<int, int>>();
  auto ended = std::make_shared<error>(sec::runtime_error);

  auto source = streams::spawn_source<std::string>(sys, [=] { return log_lines(lines, read); });
  auto parse_errors = streams::map([=](const std::string& line) {
                        parsed->fetch_add(1);
                        return parse(line);
                      })
                      | streams::filter([=](const request& r) {
                          bool error = r.status >= 400;
                          if (error)
                            found->fetch_add(1);
                          return error;
                        });
  // The farm hands each line to whichever of its stages asks for more, and merges what they find: the errors
  // reach the sink in the order the stages finish them.
  auto errors = streams::spawn_farm(sys, source, 3, parse_errors, streams::flow_options{64});
  streams::spawn_sink(
    sys, errors,
    [=](const request& r) {
      ++(*counts)[r.status];
      // A slow consumer: some work per item.
      auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(20);
      while (std::chrono::steady_clock::now() < until) {}
      // What waits: lines read and not yet parsed, errors found and not yet counted. Both stay within the
      // credits of the actors on the way, however long the log.
      int unparsed = read->load() - parsed->load();
      int uncounted = found->load() - counted->fetch_add(1);
      if (unparsed > most_unparsed->load())
        most_unparsed->store(unparsed);
      if (uncounted > most_uncounted->load())
        most_uncounted->store(uncounted);
    },
    [=](error e) { *ended = std::move(e); }, streams::flow_options{32});
  sys.await_all_actors_done();

  int want500 = lines / 7;
  int want404 = lines / 11 - lines / 77;
  std::printf("%d lines read; errors: 500 x %d, 404 x %d; the end: %s\n", read->load(), (*counts)[500], (*counts)[404],
              *ended ? to_string(*ended).c_str() : "normal");
  std::printf("waiting at most: %d lines read and not parsed, %d errors found and not counted\n", most_unparsed->load(),
              most_uncounted->load());
  bool ok = !*ended && (*counts)[500] == want500 && (*counts)[404] == want404 && read->load() == lines;
  std::printf("%s\n", ok ? "every error counted" : "FAILED");
  return ok ? 0 : 1;
}
