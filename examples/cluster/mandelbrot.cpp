// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The Mandelbrot set as a job under a launcher (mpirun, srun, or any that
// sets PMI's or Slurm's variables): every rank registers an actor that
// computes rows; rank 0 hands out jobs of rows to every rank, one at a time
// each, gathers the image, and prints its checksum, the same for any number
// of ranks. With --verify rank 0 also computes the image alone and says
// whether the two agree. No rank ends while rank 0 may still ask it.
//
//   mpirun -np 16 troupe_example_cluster_mandelbrot [--size=N] [--iterations=I] [--rows-per-job=R] [--verify]
#include <troupe/cluster.hpp>
#include <troupe/net.hpp>

#include <chrono>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <thread>
#include <vector>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

using rows_atom = atom_constant<atom("rows")>;
using finish_atom = atom_constant<atom("finish")>;

struct job_config : actor_system_config {
  int size = 400;
  int iterations = 200;
  int rows_per_job = 8;
  bool verify = false;
  job_config() {
    load<net::middleman>();
    load<cluster::module>();
    add_option("size", size, "the image's width and height in pixels");
    add_option("iterations", iterations, "the most iterations per pixel");
    add_option("rows-per-job", rows_per_job, "rows in one job");
    add_option("verify", verify, "also compute the image on rank 0 alone, and compare");
  }
};

// The iterations of rows [first, first + count) of an n x n image of [-2, 1] x [-1.5, 1.5].
std::vector<std::int32_t> compute_rows(int n, int max_iter, int first, int count) {
  std::vector<std::int32_t> out;
  out.reserve(static_cast<std::size_t>(n) * static_cast<std::size_t>(count));
  for (int y = first; y < first + count; ++y) {
    for (int x = 0; x < n; ++x) {
      std::complex<double> c{-2.0 + 3.0 * x / n, -1.5 + 3.0 * y / n};
      std::complex<double> z{};
      int i = 0;
      while (i < max_iter && std::norm(z) <= 4.0) {
        z = z * z + c;
        ++i;
      }
      out.push_back(i);
    }
  }
  return out;
}

// FNV-1a over the iteration counts, row by row.
std::uint64_t checksum(const std::vector<std::int32_t>& image) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (auto v : image) {
    h ^= static_cast<std::uint32_t>(v);
    h *= 0x100000001b3ULL;
  }
  return h;
}

// The actor named `name` on rank `r`, asked again while that rank has not registered it yet (30 s at most).
expected<actor> find(cluster::module& c, std::uint32_t r, const char* name) {
  auto h = c.lookup(r, name);
  for (int tries = 0; !h && tries < 1500; ++tries) {
    std::this_thread::sleep_for(20ms);
    h = c.lookup(r, name);
  }
  return h;
}

// Rank 0: hands out the jobs, one in flight per rank, and puts the answers in place.
std::vector<std::int32_t> gather(scoped_actor& self, const std::vector<actor>& ranks, const job_config& cfg) {
  const int n = cfg.size;
  std::vector<std::int32_t> image(static_cast<std::size_t>(n) * static_cast<std::size_t>(n));
  int next_row = 0;
  int pending = 0;
  auto give = [&](std::size_t r) {
    if (next_row >= n)
      return;
    int count = std::min(cfg.rows_per_job, n - next_row);
    self->send(ranks[r], rows_atom::value, static_cast<std::int32_t>(r), next_row, count, n, cfg.iterations);
    next_row += count;
    ++pending;
  };
  for (std::size_t r = 0; r < ranks.size(); ++r)
    give(r);
  while (pending > 0) {
    self->receive(
      [&](rows_atom, std::int32_t r, int first, const std::vector<std::int32_t>& rows) {
        std::copy(rows.begin(), rows.end(), image.begin() + static_cast<std::ptrdiff_t>(first) * n);
        --pending;
        give(static_cast<std::size_t>(r));
      },
      after(60s) >>
        [&] {
          std::printf("rank 0: no answer for 60 s\n");
          pending = 0;
        });
  }
  return image;
}

} // namespace

int main(int argc, char** argv) {
  job_config cfg;
  if (auto err = cfg.parse(argc, argv)) {
    std::fprintf(stderr, "mandelbrot: %s\n", to_string(err).c_str());
    return 2;
  }
  actor_system sys{cfg};
  auto& c = sys.cluster();
  scoped_actor self{sys};
  // Every rank computes the rows it is asked for, and ends its wait when told to finish.
  auto rows = sys.spawn([waiter = actor{self}](event_based_actor* me) -> behavior {
    return {
      [](rows_atom, std::int32_t r, int first, int count, int n, int iterations) {
        return make_message(rows_atom::value, r, first, compute_rows(n, iterations, first, count));
      },
      [me, waiter](finish_atom) {
        me->send(waiter, finish_atom::value);
        me->quit();
      },
    };
  });
  sys.registry().put("rows", rows);
  if (c.rank() != 0) {
    self->receive([](finish_atom) {});
    return 0;
  }
  std::vector<actor> ranks;
  for (std::uint32_t r = 0; r < c.size(); ++r) {
    auto h = find(c, r, "rows");
    if (!h) {
      std::printf("rank %u cannot be asked: %s\n", r, to_string(h.error()).c_str());
      return 1;
    }
    ranks.push_back(*h);
  }
  auto started = std::chrono::steady_clock::now();
  auto image = gather(self, ranks, cfg);
  auto took = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  for (auto& r : ranks)
    self->send(r, finish_atom::value);
  self->receive([](finish_atom) {}); // rank 0's own
  auto sum = checksum(image);
  std::printf("%u ranks: %dx%d pixels, checksum %016llx, %.3f s\n", c.size(), cfg.size, cfg.size,
              static_cast<unsigned long long>(sum), took);
  if (cfg.verify) {
    auto alone = checksum(compute_rows(cfg.size, cfg.iterations, 0, cfg.size));
    std::printf("%s\n",
                alone == sum ? "the same image as rank 0 alone computes" : "NOT the image rank 0 computes alone");
    return alone == sum ? 0 : 1;
  }
  return 0;
}
