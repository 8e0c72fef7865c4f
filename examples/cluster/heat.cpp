// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The heat equation on a rod as a job under a launcher (mpirun, srun, or any
// that sets PMI's or Slurm's variables): each rank owns a slab of the rod,
// and every step trades its edge cells with its neighbours, found by rank,
// before it updates its cells. Rank 0 gathers the slabs at the end and prints
// the rod's checksum, the same for any number of ranks: each cell's value
// comes from the same operations whoever computes it. With --verify rank 0
// also computes the rod alone and says whether the two agree.
//
//   mpirun -np 16 troupe_example_cluster_heat [--cells=N] [--steps=S] [--verify]
#include <troupe/cluster.hpp>
#include <troupe/net.hpp>

#include <bit>
#include <cstdint>
#include <cstdio>
#include <map>
#include <thread>
#include <utility>
#include <vector>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

using edge_atom = atom_constant<atom("edge")>;
using slab_atom = atom_constant<atom("slab")>;
using finish_atom = atom_constant<atom("finish")>;

constexpr double alpha = 0.25;   // the diffusion number: stable below 0.5
constexpr double hot_end = 100.; // the rod's left end is held at this temperature, its right end at 0

struct job_config : actor_system_config {
  int cells = 4096;
  int steps = 500;
  bool verify = false;
  job_config() {
    load<net::middleman>();
    load<cluster::module>();
    add_option("cells", cells, "the rod's cells");
    add_option("steps", steps, "time steps");
    add_option("verify", verify, "also compute the rod on rank 0 alone, and compare");
  }
};

// Cells [first, last) of the rod: rank r of n owns an equal share, the first ranks one more.
std::pair<int, int> slab_of(int cells, std::uint32_t r, std::uint32_t n) {
  auto per = cells / static_cast<int>(n);
  auto extra = cells % static_cast<int>(n);
  auto first = static_cast<int>(r) * per + std::min(static_cast<int>(r), extra);
  return {first, first + per + (static_cast<int>(r) < extra ? 1 : 0)};
}

// One step of cells u (with their left and right neighbours' values) into next.
void step(const std::vector<double>& u, double left, double right, std::vector<double>& next) {
  for (std::size_t i = 0; i < u.size(); ++i) {
    double l = i == 0 ? left : u[i - 1];
    double r = i + 1 == u.size() ? right : u[i + 1];
    next[i] = u[i] + alpha * (l - 2 * u[i] + r);
  }
}

// FNV-1a over the cells' bits, left to right.
std::uint64_t checksum(const std::vector<double>& rod) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (auto v : rod) {
    auto bits = std::bit_cast<std::uint64_t>(v);
    for (int b = 0; b < 8; ++b) {
      h ^= (bits >> (8 * b)) & 0xff;
      h *= 0x100000001b3ULL;
    }
  }
  return h;
}

expected<actor> find(cluster::module& c, std::uint32_t r, const char* name) {
  auto h = c.lookup(r, name);
  for (int tries = 0; !h && tries < 1500; ++tries) {
    std::this_thread::sleep_for(20ms);
    h = c.lookup(r, name);
  }
  return h;
}

std::vector<double> alone(int cells, int steps) {
  std::vector<double> u(static_cast<std::size_t>(cells)), next(u.size());
  for (int s = 0; s < steps; ++s) {
    step(u, hot_end, 0.0, next);
    u.swap(next);
  }
  return u;
}

} // namespace

int main(int argc, char** argv) {
  job_config cfg;
  if (auto err = cfg.parse(argc, argv)) {
    std::fprintf(stderr, "heat: %s\n", to_string(err).c_str());
    return 2;
  }
  actor_system sys{cfg};
  auto& c = sys.cluster();
  const auto rank = c.rank();
  const auto size = c.size();
  if (cfg.cells < static_cast<int>(size)) {
    std::printf("rank %u: %d cells cannot be shared by %u ranks\n", rank, cfg.cells, size);
    return 2;
  }
  // This rank's mailbox is its edges' and, on rank 0, the slabs' destination.
  scoped_actor self{sys};
  sys.registry().put("edges", actor{self});
  std::vector<actor> neighbours(2); // left, right
  for (int side = 0; side < 2; ++side) {
    bool has = side == 0 ? rank > 0 : rank + 1 < size;
    if (!has)
      continue;
    auto h = find(c, side == 0 ? rank - 1 : rank + 1, "edges");
    if (!h) {
      std::printf("rank %u: no neighbour: %s\n", rank, to_string(h.error()).c_str());
      return 1;
    }
    neighbours[static_cast<std::size_t>(side)] = *h;
  }
  auto [first, last] = slab_of(cfg.cells, rank, size);
  std::vector<double> u(static_cast<std::size_t>(last - first)), next(u.size());
  // Edges of later steps may come before this step's: they wait here.
  std::map<std::pair<int, bool>, double> early;
  auto started = std::chrono::steady_clock::now();
  for (int s = 0; s < cfg.steps; ++s) {
    // To the left neighbour this rank is its right side, and the other way round.
    if (neighbours[0])
      self->send(neighbours[0], edge_atom::value, s, false, u.front());
    if (neighbours[1])
      self->send(neighbours[1], edge_atom::value, s, true, u.back());
    double left = hot_end;
    double right = 0.0;
    int missing = (neighbours[0] ? 1 : 0) + (neighbours[1] ? 1 : 0);
    auto take = [&](bool from_left, double v) {
      (from_left ? left : right) = v;
      --missing;
    };
    for (bool from_left : {true, false}) {
      if (auto i = early.find({s, from_left}); i != early.end()) {
        take(from_left, i->second);
        early.erase(i);
      }
    }
    while (missing > 0) {
      self->receive(
        [&](edge_atom, int at, bool from_left, double v) {
          if (at == s)
            take(from_left, v);
          else
            early[{at, from_left}] = v;
        },
        after(60s) >>
          [&] {
            std::printf("rank %u: no edge for step %d in 60 s\n", rank, s);
            missing = 0;
          });
    }
    step(u, left, right, next);
    u.swap(next);
  }
  auto took = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (rank != 0) {
    auto zero = find(c, 0, "edges");
    if (zero)
      self->send(*zero, slab_atom::value, static_cast<std::int32_t>(first), u);
    self->receive([](finish_atom) {}, after(60s) >> [] {});
    return 0;
  }
  std::vector<double> rod(static_cast<std::size_t>(cfg.cells));
  std::copy(u.begin(), u.end(), rod.begin());
  for (std::uint32_t got = 1; got < size;) {
    self->receive(
      [&](slab_atom, std::int32_t at, const std::vector<double>& cells) {
        std::copy(cells.begin(), cells.end(), rod.begin() + at);
        ++got;
      },
      [](edge_atom, int, bool, double) {}, // none is left, but a late one does no harm
      after(60s) >>
        [&] {
          std::printf("rank 0: a slab did not come in 60 s\n");
          got = size;
        });
  }
  for (std::uint32_t r = 1; r < size; ++r)
    if (auto h = find(c, r, "edges"))
      self->send(*h, finish_atom::value);
  auto sum = checksum(rod);
  std::printf("%u ranks: %d cells, %d steps, checksum %016llx, %.3f s\n", size, cfg.cells, cfg.steps,
              static_cast<unsigned long long>(sum), took);
  if (cfg.verify) {
    auto same = checksum(alone(cfg.cells, cfg.steps)) == sum;
    std::printf("%s\n", same ? "the same rod as rank 0 alone computes" : "NOT the rod rank 0 computes alone");
    return same ? 0 : 1;
  }
  return 0;
}
