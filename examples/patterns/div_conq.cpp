// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// DivConq: quicksort in place. Ranges of at most `cutoff` elements are sorted
// sequentially; larger ones are split around a pivot, and each side is sorted
// by an actor of its own.
//   troupe_example_patterns_div_conq [n] [cutoff]
#include <troupe/patterns.hpp>
#include <troupe/troupe.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

using namespace troupe;
using namespace troupe::patterns;
using Cnt = std::vector<std::int64_t>;
using Rng = DivConq<Cnt>::range;

int main(int argc, char** argv) {
  std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1000000;
  std::size_t cutoff = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 2048;
  auto divide = [](Rng& r) -> std::vector<Rng> {
    auto pivot = r[r.size() / 2];
    auto lower_end = std::partition(r.begin(), r.end(), [=](std::int64_t x) { return x < pivot; });
    auto upper_begin = std::partition(lower_end, r.end(), [=](std::int64_t x) { return x == pivot; });
    return {Rng{r.begin(), lower_end}, Rng{upper_begin, r.end()}};
  };
  // Both sides are sorted in place: the whole range is sorted.
  auto merge = [](std::vector<Rng>& parts) -> Rng {
    auto* first = parts.front().data();
    auto* last = parts.back().data() + parts.back().size();
    return Rng{first, static_cast<std::size_t>(last - first)};
  };
  auto seq = [](Rng& r) { std::sort(r.begin(), r.end()); };
  auto cond = [cutoff](const Rng& r) { return r.size() <= cutoff; };

  actor_system_config cfg;
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto sorter = spawn_pattern(sys, DivConq<Cnt>(divide, merge, seq, cond));
  if (!sorter)
    return 1;
  std::mt19937_64 gen{42};
  Cnt xs(n);
  for (auto& x : xs)
    x = static_cast<std::int64_t>(gen() % 1000000);
  bool ok = false;
  self->request(*sorter, std::chrono::seconds(60), std::move(xs))
    .receive([&](Cnt& out) { ok = out.size() == n && std::is_sorted(out.begin(), out.end()); },
             [](error& e) { std::printf("error: %s\n", to_string(e).c_str()); });
  std::printf("sorted %zu numbers: %s\n", n, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
