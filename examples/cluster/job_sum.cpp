// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A job under mpirun (or srun --mpi=pmix): every rank learns its rank and the
// job's size from the launcher, sums its share of 1..N, and registers an
// actor that tells it. Rank 0 finds each rank's actor by rank, gathers the
// shares and tells every rank to end; no rank ends while rank 0 may still ask.
//
//   mpirun -np 4 troupe_example_cluster_job_sum [N]   (default 1000000)
#include <troupe/cluster.hpp>
#include <troupe/net.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

using share_atom = atom_constant<atom("share")>;
using finish_atom = atom_constant<atom("finish")>;

// The actor named `name` on rank `r`, asked again while that rank has not registered it yet (10 s at most).
expected<actor> find(cluster::module& c, std::uint32_t r, const char* name) {
  auto h = c.lookup(r, name);
  for (int tries = 0; !h && tries < 500; ++tries) {
    std::this_thread::sleep_for(20ms);
    h = c.lookup(r, name);
  }
  return h;
}

} // namespace

int main(int argc, char** argv) {
  std::int64_t n = argc > 1 ? std::atoll(argv[1]) : 1000000;
  // [snippet job]
  actor_system_config cfg;
  // cluster.discovery=launcher, the default: the job's PMIx server.
  cfg.load<net::middleman>().load<cluster::module>();
  // Under mpirun, this returns once every rank has put its endpoint.
  actor_system sys{cfg};
  auto& c = sys.cluster();
  const auto rank = c.rank(); // this process's rank
  const auto size = c.size(); // the job's size
  // [/snippet]
  // This rank's share: every size-th number from rank + 1.
  std::int64_t mine = 0;
  for (std::int64_t k = rank + 1; k <= n; k += size)
    mine += k;
  // Answers the share, and ends this rank's wait when told to finish.
  scoped_actor self{sys};
  auto teller = sys.spawn([mine, waiter = actor{self}](event_based_actor* me) -> behavior {
    return {
      [mine](share_atom) { return mine; },
      [me, waiter](finish_atom) {
        me->send(waiter, finish_atom::value);
        me->quit();
      },
    };
  });
  sys.registry().put("share", teller);
  if (rank == 0) {
    std::int64_t total = 0;
    for (std::uint32_t r = 0; r < size; ++r) {
      // [snippet lookup]
      auto h = find(c, r, "share"); // c.lookup(r, "share"), asked again until rank r has registered it
      // [/snippet]
      if (!h) {
        std::printf("rank %u cannot be asked: %s\n", r, to_string(h.error()).c_str());
        return 1;
      }
      self->request(*h, 10s, share_atom::value).receive([&](std::int64_t x) { total += x; }, [](error&) {});
    }
    for (std::uint32_t r = 0; r < size; ++r)
      self->send(*find(c, r, "share"), finish_atom::value);
    bool right = total == n * (n + 1) / 2;
    std::printf("%u ranks: the sum of 1..%lld is %lld: %s\n", size, static_cast<long long>(n),
                static_cast<long long>(total), right ? "the job's sum is right" : "WRONG");
    if (!right)
      return 1;
  }
  self->receive([](finish_atom) {}, after(60s) >> [] { std::printf("rank 0 never said finish\n"); });
  sys.registry().erase("share");
  return 0;
}
