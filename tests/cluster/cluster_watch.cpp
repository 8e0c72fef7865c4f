// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A member that reports what it sees, for the trials with real processes
// (tests/cluster/partition_test.sh, tests/cluster/mpirun_watch_test.sh): it
// joins with the cluster.* options of its command line, subscribes to the
// member events, and every 100 ms writes its view to DIR/view-RANK: each
// member's state in id order, then how many member_down events it has had.
// It stops in order once DIR/stop exists.
//   troupe_cluster_watch --dir=DIR [--cluster.*=...]
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "troupe/cluster.hpp"
#include "troupe/net.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

struct watch_config : actor_system_config {
  std::string dir;
  watch_config() {
    load<net::middleman>();
    load<cluster::module>();
    add_option("dir", dir, "where to write the view and to look for the stop file");
  }
};

} // namespace

int main(int argc, char** argv) {
  watch_config cfg;
  if (auto err = cfg.parse(argc, argv); err || cfg.dir.empty()) {
    std::fprintf(stderr, "cluster_watch: %s\n", err ? to_string(err).c_str() : "--dir=DIR is needed");
    return 2;
  }
  actor_system sys{cfg};
  auto& c = sys.cluster();
  auto downs = std::make_shared<std::atomic<int>>(0);
  auto counter = sys.spawn([downs](event_based_actor*) -> behavior {
    return {
      [downs](const cluster::member_down&) { downs->fetch_add(1); },
      [](const cluster::member_up&) {},
      [](const cluster::member_suspect&) {},
      [](const cluster::member_left&) {},
    };
  });
  c.subscribe(counter);
  namespace fs = std::filesystem;
  auto view = fs::path{cfg.dir} / ("view-" + std::to_string(c.rank()));
  auto stop = fs::path{cfg.dir} / "stop";
  while (!fs::exists(stop)) {
    std::string line;
    for (const auto& m : c.members())
      line += cluster::to_string(m.state) + " ";
    line += "downs=" + std::to_string(downs->load());
    // Written aside and renamed, so that a reader never sees half a view.
    auto aside = view;
    aside += ".new";
    std::ofstream{aside} << line << '\n';
    fs::rename(aside, view);
    std::this_thread::sleep_for(100ms);
  }
  c.unsubscribe(counter);
  anon_send_exit(counter, exit_reason::user_shutdown);
  return 0;
}
