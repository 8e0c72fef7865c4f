// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// One rank of a test job under mpirun (or srun --mpi=pmix): it learns its
// rank and the job's size from the launcher, asks its right neighbour's
// "echo" actor (found by rank) for an answer, and reports to rank 0's
// "coordinator", which answers every rank once all have reported; so no rank
// ends while another may still call it. Prints "FAILED: ..." on any error.
//   mpirun -np N troupe_cluster_rank [--cluster.*=...]
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "troupe/cluster.hpp"
#include "troupe/net.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

int failed(const std::string& what) {
  std::printf("FAILED: %s\n", what.c_str());
  std::fflush(stdout);
  return 1;
}

// The actor registered as `name` on rank `r`, asked again while that rank has not registered it yet.
expected<actor> find(cluster::module& c, std::uint32_t r, const std::string& name) {
  auto h = c.lookup(r, name);
  for (int tries = 0; !h && tries < 1500; ++tries) {
    std::this_thread::sleep_for(20ms);
    h = c.lookup(r, name);
  }
  return h;
}

struct coordinator_state {
  std::vector<response_promise> waiting;
};

behavior coordinator(stateful_actor<coordinator_state>* self, std::uint32_t size) {
  return {
    on(atom("done"), arg_match) >>
      [self, size](std::uint32_t) {
        self->state.waiting.push_back(self->make_response_promise());
        if (self->state.waiting.size() == size)
          for (auto& p : self->state.waiting)
            p.deliver(atom("exit"));
      },
  };
}

} // namespace

int main(int argc, char** argv) {
  actor_system_config cfg;
  cfg.load<net::middleman>().load<cluster::module>();
  if (auto err = cfg.parse(std::vector<std::string>(argv + 1, argv + argc)))
    return failed(to_string(err));
  try {
    actor_system sys{cfg};
    auto& c = sys.cluster();
    auto r = c.rank();
    auto n = c.size();
    if (c.members().size() != n || c.members()[r].node != sys.node())
      return failed("rank " + std::to_string(r) + ": the members do not list this node at its rank");
    sys.registry().put("echo", sys.spawn([r](event_based_actor*) -> behavior {
      return {[r](int x) { return x * 10 + static_cast<int>(r); }};
    }));
    if (r == 0)
      sys.registry().put("coordinator", sys.spawn(coordinator, n));
    scoped_actor self{sys};
    auto right = (r + 1) % n;
    auto echo = find(c, right, "echo");
    if (!echo)
      return failed("rank " + std::to_string(r) + ": no echo on rank " + std::to_string(right) + ": "
                    + to_string(echo.error()));
    int answer = -1;
    self->request(*echo, 30s, static_cast<int>(r)).receive([&](int x) { answer = x; }, [](error&) {});
    if (answer != static_cast<int>(r * 10 + right))
      return failed("rank " + std::to_string(r) + ": rank " + std::to_string(right) + " answered "
                    + std::to_string(answer));
    auto boss = find(c, 0, "coordinator");
    if (!boss)
      return failed("rank " + std::to_string(r) + ": no coordinator: " + to_string(boss.error()));
    bool released = false;
    self->request(*boss, 60s, atom("done"), r).receive([&](atom_value) { released = true; }, [](error&) {});
    if (!released)
      return failed("rank " + std::to_string(r) + ": the coordinator did not answer");
    std::printf("rank %u of %u: rank %u answered %d\n", r, n, right, answer);
    if (r == 0)
      std::printf("rank 0 of %u: every rank answered\n", n);
    std::fflush(stdout);
    for (const auto& [name, h] : sys.registry().entries())
      self->send_exit(h, exit_reason::user_shutdown);
  } catch (const std::exception& e) {
    return failed(e.what());
  }
  return 0;
}
