// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// canneal (after PARSEC's canneal, written anew): simulated-annealing
// placement of a generated netlist, shared by every system's program.
//
// E elements sit on the slots of a square grid; the routing cost is the sum,
// over all wires, of the Manhattan distance between the wire's two elements.
// The netlist is generated so that a good placement exists (every element is
// wired to elements whose ideal slots are near its own) and the start
// placement is a seeded random permutation, far from it.
//
// The run is S temperature steps of M move attempts each. A move picks two
// random elements and swaps their slots when that lowers the cost, or when it
// raises it and a coin with Boltzmann's odds exp(-delta / T) says so. Every
// worker makes its share of a step's moves on the one shared placement at the
// same time as the others, as PARSEC's threads do: slots are atomics, and a
// swap locks its two elements (a flag bit, in index order) so that the
// placement stays a permutation. Between steps every system synchronises, the
// master sums the step's counts, cools the temperature and decides whether to
// go on (S steps, or earlier once a step accepted no move that lowered the
// cost).
//
// The result depends on how the workers' moves interleave, so there is no
// checksum to compare between systems; each run checks that the placement is
// still a permutation of the slots and that annealing lowered the cost. With
// one worker the run is deterministic, and every system reaches the same cost.
//   prog [--workers=W] [--verify] [E=200000] [M=20000] [S=256]
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <thread>
#include <vector>

#include "common.hpp"

namespace bench {

// splitmix64: seeds the generators and draws the netlist.
inline std::uint64_t canneal_mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// xorshift64*: the move generator of one worker's share of a step.
struct canneal_rng {
  std::uint64_t s;
  std::uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 2685821657736338717ULL;
  }
  // In [0, n): the top 32 bits scaled by n (multiply-shift, no division).
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(((next() >> 32) * n) >> 32); }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
};

// One worker's share of a temperature step: what it is to do, and what it did.
// The Map's container holds one per worker.
struct canneal_part {
  std::uint64_t seed = 0;
  std::uint32_t moves = 0;
  double temperature = 0;
  std::uint32_t good = 0; // accepted moves that lowered the cost
  std::uint32_t bad = 0;  // accepted moves that raised it
};

// A slot as the placement stores it: x in bits 16..30, y in bits 0..15; bit
// 31 is the lock flag of a swap in progress.
inline constexpr std::uint32_t canneal_lock_bit = 0x80000000u;
inline std::uint32_t canneal_slot(std::uint32_t x, std::uint32_t y) {
  return (x << 16) | y;
}
inline std::int64_t canneal_distance(std::uint32_t p, std::uint32_t q) {
  const auto px = static_cast<std::int64_t>((p >> 16) & 0x7fffu);
  const auto qx = static_cast<std::int64_t>((q >> 16) & 0x7fffu);
  const auto py = static_cast<std::int64_t>(p & 0xffffu);
  const auto qy = static_cast<std::int64_t>(q & 0xffffu);
  return std::llabs(px - qx) + std::llabs(py - qy);
}

class canneal_problem {
public:
  args a;
  std::uint32_t elements = 0;
  std::uint32_t moves_per_step = 0;
  int steps = 0;
  int steps_done = 0;
  double temperature = 64.0;              // in units of grid distance
  static constexpr double cooling = 0.97; // the temperature's factor per step
  std::uint64_t good = 0;
  std::uint64_t bad = 0;
  std::int64_t initial_cost = 0;

  canneal_problem(int argc, char** argv) : a{argc, argv, {200000, 20000, 256}, "[E] [M] [S]"} {
    if (a[0] < 2 || a[0] > 100000000 || a[1] < 1 || a[1] > 1000000000 || a[2] < 1) {
      std::fprintf(stderr, "canneal: 2 <= E <= 100000000, 1 <= M <= 1000000000, S >= 1\n");
      std::exit(2);
    }
    elements = static_cast<std::uint32_t>(a[0]);
    moves_per_step = static_cast<std::uint32_t>(a[1]);
    steps = static_cast<int>(a[2]);
    generate();
    initial_cost = cost();
  }

  // The worker count every system splits a step into: --workers, or the cores.
  std::size_t workers() const {
    const std::size_t w = a.workers != 0 ? a.workers : std::thread::hardware_concurrency();
    return w != 0 ? w : 1;
  }

  // Sets `parts` up for the next step: one share per worker, each with a
  // generator of its own that depends only on the step and the share's index.
  void start_step(std::vector<canneal_part>& parts) const {
    const auto n = static_cast<std::uint32_t>(parts.size());
    for (std::uint32_t i = 0; i < n; ++i) {
      auto& part = parts[i];
      part.seed = canneal_mix((static_cast<std::uint64_t>(steps_done) << 24) ^ i ^ 0x63616e6e65616cULL) | 1u;
      part.moves = moves_per_step / n + (i < moves_per_step % n ? 1u : 0u);
      part.temperature = temperature;
      part.good = 0;
      part.bad = 0;
    }
  }

  // Makes one share's moves on the shared placement.
  void anneal(canneal_part& part) const {
    // The shares lie next to each other (one cache line holds two): count in
    // locals and write back once, so that the workers do not share a line.
    canneal_rng rng{part.seed};
    const std::uint32_t moves = part.moves;
    const double temperature = part.temperature;
    std::uint32_t good = 0;
    std::uint32_t bad = 0;
    for (std::uint32_t m = 0; m < moves; ++m) {
      const std::uint32_t x = rng.below(elements);
      std::uint32_t y = rng.below(elements - 1);
      y += y >= x ? 1u : 0u; // y != x
      const std::uint32_t px = slot_of(x);
      const std::uint32_t py = slot_of(y);
      const std::int64_t delta = move_cost(x, px, py, y) + move_cost(y, py, px, x);
      if (delta < 0) {
        swap(x, y);
        ++good;
      } else if (delta > 0 && rng.unit() < std::exp(-static_cast<double>(delta) / temperature)) {
        swap(x, y);
        ++bad;
      }
    }
    part.good = good;
    part.bad = bad;
  }

  // Sums a finished step's shares, cools, and says whether to go on.
  bool finish_step(const std::vector<canneal_part>& parts) {
    std::uint64_t step_good = 0;
    for (const auto& part : parts) {
      step_good += part.good;
      bad += part.bad;
    }
    good += step_good;
    ++steps_done;
    temperature *= cooling;
    return steps_done < steps && step_good > 0;
  }

  // The routing cost: every wire counted once.
  std::int64_t cost() const {
    std::int64_t sum = 0;
    for (std::uint32_t e = 0; e < elements; ++e)
      for (std::uint32_t k = offsets_[e]; k < offsets_[e + 1]; ++k)
        if (wires_[k] > e)
          sum += canneal_distance(slot_of(e), slot_of(wires_[k]));
    return sum;
  }

  // Reports the costs and checks the placement; returns the exit status.
  int finish() const {
    const std::int64_t final_cost = cost();
    metric("initial_cost", static_cast<double>(initial_cost));
    metric("final_cost", static_cast<double>(final_cost));
    metric("steps", steps_done);
    metric("accepted_good", static_cast<double>(good));
    metric("accepted_bad", static_cast<double>(bad));
    std::vector<std::uint8_t> used(static_cast<std::size_t>(side_) * side_, 0);
    bool permutation = true;
    for (std::uint32_t e = 0; e < elements && permutation; ++e) {
      const std::uint32_t s = locations_[e].load(std::memory_order_relaxed);
      const std::uint32_t x = s >> 16;
      const std::uint32_t y = s & 0xffffu;
      permutation = x < side_ && y < side_ && used[static_cast<std::size_t>(y) * side_ + x]++ == 0;
    }
    if (check(permutation, "the placement is a permutation of the slots") != 0)
      return 1;
    // With few moves per element (smoke sizes) the gain is small; with at
    // least one move per element it must be substantial.
    const bool enough_moves = static_cast<std::uint64_t>(moves_per_step) * static_cast<std::uint64_t>(steps_done)
                              >= static_cast<std::uint64_t>(elements);
    const double limit = enough_moves ? 0.9 : 1.0;
    return check(static_cast<double>(final_cost) < limit * static_cast<double>(initial_cost),
                 enough_moves ? "annealing lowered the routing cost by more than 10 %"
                              : "annealing lowered the routing cost");
  }

private:
  std::uint32_t side_ = 0;             // the grid is side_ x side_ slots
  std::vector<std::uint32_t> offsets_; // element e's wires: wires_[offsets_[e] .. offsets_[e + 1])
  std::vector<std::uint32_t> wires_;   // the other ends, both directions stored
  std::unique_ptr<std::atomic<std::uint32_t>[]> locations_;

  std::uint32_t slot_of(std::uint32_t e) const {
    return locations_[e].load(std::memory_order_relaxed) & ~canneal_lock_bit;
  }

  // The change in e's wire lengths when e moves from `from` to `to`; its wire
  // to `partner` (the other element of the swap) keeps its length.
  std::int64_t move_cost(std::uint32_t e, std::uint32_t from, std::uint32_t to, std::uint32_t partner) const {
    std::int64_t delta = 0;
    for (std::uint32_t k = offsets_[e]; k < offsets_[e + 1]; ++k) {
      const std::uint32_t other = wires_[k];
      if (other == partner)
        continue;
      const std::uint32_t at = slot_of(other);
      delta += canneal_distance(to, at) - canneal_distance(from, at);
    }
    return delta;
  }

  // Takes e's lock flag; returns e's slot. Another worker holds it only for
  // the two stores of its own swap.
  std::uint32_t lock(std::uint32_t e) const {
    int spins = 0;
    for (;;) {
      std::uint32_t free = locations_[e].load(std::memory_order_relaxed) & ~canneal_lock_bit;
      if (locations_[e].compare_exchange_weak(free, free | canneal_lock_bit, std::memory_order_acquire,
                                              std::memory_order_relaxed))
        return free;
      if (++spins % 64 == 0)
        std::this_thread::yield();
    }
  }

  // Exchanges the slots of x and y as they are now (another worker may have
  // moved either since the move was priced, as in PARSEC).
  void swap(std::uint32_t x, std::uint32_t y) const {
    const std::uint32_t first = std::min(x, y);
    const std::uint32_t second = std::max(x, y);
    const std::uint32_t s1 = lock(first);
    const std::uint32_t s2 = lock(second);
    locations_[first].store(s2, std::memory_order_release);
    locations_[second].store(s1, std::memory_order_release);
  }

  // The netlist: element e's ideal slot is (e mod side, e / side); it wires
  // itself to two to four elements whose ideal slots lie within four steps.
  // The start placement is a seeded shuffle of the first E slots.
  void generate() {
    side_ = static_cast<std::uint32_t>(std::ceil(std::sqrt(static_cast<double>(elements))));
    std::uint64_t state = 0x70617273656bULL;
    auto draw = [&state](std::uint32_t n) {
      state = canneal_mix(state);
      return static_cast<std::uint32_t>(state % n);
    };
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
    edges.reserve(static_cast<std::size_t>(elements) * 3);
    for (std::uint32_t e = 0; e < elements; ++e) {
      const auto ex = static_cast<std::int64_t>(e % side_);
      const auto ey = static_cast<std::int64_t>(e / side_);
      const std::uint32_t fanout = 2 + draw(3);
      for (std::uint32_t k = 0; k < fanout; ++k) {
        const std::int64_t tx = std::clamp<std::int64_t>(ex + draw(9) - 4, 0, side_ - 1);
        const std::int64_t ty = std::clamp<std::int64_t>(ey + draw(9) - 4, 0, side_ - 1);
        const auto t = static_cast<std::uint64_t>(ty) * side_ + static_cast<std::uint64_t>(tx);
        if (t < elements && t != e)
          edges.emplace_back(e, static_cast<std::uint32_t>(t));
      }
    }
    offsets_.assign(static_cast<std::size_t>(elements) + 1, 0);
    for (const auto& [from, to] : edges) {
      ++offsets_[from + 1];
      ++offsets_[to + 1];
    }
    for (std::uint32_t e = 0; e < elements; ++e)
      offsets_[e + 1] += offsets_[e];
    wires_.resize(offsets_[elements]);
    std::vector<std::uint32_t> fill(offsets_.begin(), offsets_.end() - 1);
    for (const auto& [from, to] : edges) {
      wires_[fill[from]++] = to;
      wires_[fill[to]++] = from;
    }
    std::vector<std::uint32_t> slots(elements);
    for (std::uint32_t e = 0; e < elements; ++e)
      slots[e] = canneal_slot(e % side_, e / side_);
    for (std::uint32_t i = elements - 1; i > 0; --i)
      std::swap(slots[i], slots[draw(i + 1)]);
    locations_ = std::make_unique<std::atomic<std::uint32_t>[]>(elements);
    for (std::uint32_t e = 0; e < elements; ++e)
      locations_[e].store(slots[e], std::memory_order_relaxed);
  }
};

} // namespace bench
