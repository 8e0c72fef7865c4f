// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/patterns.md: every snippet's pattern is spawned and asked, and the
// checks below compare the answers with what the text says.
#include <troupe/patterns.hpp>
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

using namespace troupe;

// [snippet actor]
// An ordinary actor class: it answers x with x * factor.
class scaler : public event_based_actor {
public:
  explicit scaler(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[this](std::int64_t x) { return x * factor; }};
  }
  std::int64_t factor = 2;
};
// [/snippet]

class summer : public event_based_actor {
public:
  explicit summer(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[](const std::vector<std::int64_t>& xs) { return std::accumulate(xs.begin(), xs.end(), std::int64_t{0}); }};
  }
};

int main() {
  actor_system_config cfg;
  cfg.set_scheduler(2);
  actor_system sys{cfg};
  scoped_actor self{sys};
  {
    // [snippet seq]
    using namespace troupe::patterns;
    Seq<scaler> doubling;                                  // answers 21 with 42
    Seq<scaler> tripling([](scaler& s) { s.factor = 3; }); // answers 21 with 63
    expected<actor> p = spawn_pattern(sys, tripling);      // an actor like any other
    self->request(*p, std::chrono::seconds(1), std::int64_t{21}).receive([](std::int64_t r) { /* 63 */ });
    // [/snippet]
    DOC_CHECK(doc::ask<std::int64_t>(self, *spawn_pattern(sys, doubling), std::int64_t{21}) == 42);
    DOC_CHECK(doc::ask<std::int64_t>(self, *p, std::int64_t{21}) == 63);
  }
  {
    // [snippet map]
    using namespace troupe::patterns;
    using Cnt = std::vector<std::int64_t>;
    auto square = Map<Cnt>([](auto range) { // range: std::span<std::int64_t>, a part of the input
                    for (auto& x : range)
                      x *= x;
                  })
                    .replicas(4)                             // default: one per scheduler worker
                    .scheduler(PartitionSched::dynamic_{64}) // default: PartitionSched::static_()
                    .runtime(Runtime::actors);               // or Runtime::threads
    auto p = spawn_pattern(sys, square);
    // The container travels by value and comes back: {1, 4, 9}.
    self->request(*p, std::chrono::seconds(1), Cnt{1, 2, 3}).receive([](Cnt& squares) { /* ... */ });
    // [/snippet]
    DOC_CHECK(doc::ask<Cnt>(self, *p, Cnt{1, 2, 3}) == (Cnt{1, 4, 9}));
  }
  {
    // [snippet div_conq]
    using namespace troupe::patterns;
    using Cnt = std::vector<std::int64_t>;
    using Rng = DivConq<Cnt>::range;               // std::span<std::int64_t>
    auto divide = [](Rng& r) -> std::vector<Rng> { // split around a pivot
      auto pivot = r[r.size() / 2];
      auto lower_end = std::partition(r.begin(), r.end(), [=](auto x) { return x < pivot; });
      auto upper_begin = std::partition(lower_end, r.end(), [=](auto x) { return x == pivot; });
      return {Rng{r.begin(), lower_end}, Rng{upper_begin, r.end()}};
    };
    auto merge = [](std::vector<Rng>& parts) -> Rng { // both sides sorted: the whole is
      auto* first = parts.front().data();
      auto* last = parts.back().data() + parts.back().size();
      return Rng{first, static_cast<std::size_t>(last - first)};
    };
    auto seq = [](Rng& r) { std::sort(r.begin(), r.end()); };
    auto cond = [](const Rng& r) { return r.size() <= 1024; }; // true: solve it sequentially
    auto quicksort = spawn_pattern(sys, DivConq<Cnt>(divide, merge, seq, cond));
    // [/snippet]
    Cnt xs(5000);
    for (std::size_t i = 0; i < xs.size(); ++i)
      xs[i] = static_cast<std::int64_t>((i * 7919) % 5003);
    auto sorted = doc::ask<Cnt>(self, *quicksort, xs);
    DOC_CHECK(sorted && std::is_sorted(sorted->begin(), sorted->end()) && sorted->size() == xs.size());
  }
  {
    using namespace troupe::patterns;
    using Cnt = std::vector<std::int64_t>;
    auto twice = Map<Cnt>([](auto range) {
      for (auto& x : range)
        x *= 2;
    });
    // [snippet compose]
    auto farm = Farm(Seq<scaler>{}).replicas(4).policy(round_robin()).ordered(); // results in input order
    auto pipe = Pipeline(Farm(twice).replicas(2), Seq<summer>{}, farm);          // any pattern is a stage
    auto p = spawn_pattern(sys, pipe);
    self->send(*p, Cnt{1, 2, 3}); // the result, (2 + 4 + 6) * 2 = 24, comes back as a message
    // [/snippet]
    std::int64_t got = 0;
    self->receive([&](std::int64_t x) { got = x; }, after(std::chrono::seconds(5)) >> [] {});
    DOC_CHECK(got == 24);
  }
  {
    using namespace troupe::patterns;
    // [snippet policy]
    auto by_key = [](const message& input, std::size_t replicas) { // the same key, the same replica
      return static_cast<std::size_t>(input.get_as<std::int64_t>(0)) % replicas;
    };
    auto sharded = Farm(Seq<scaler>{}).replicas(3).policy(by_key);
    auto spread = Farm(Seq<scaler>{}).replicas(3).policy(patterns::random()); // qualified: POSIX has ::random
    // [/snippet]
    DOC_CHECK(doc::ask<std::int64_t>(self, *spawn_pattern(sys, sharded), std::int64_t{5}) == 10);
    DOC_CHECK(doc::ask<std::int64_t>(self, *spawn_pattern(sys, spread), std::int64_t{5}) == 10);
  }
  {
    using namespace troupe::patterns;
    using Cnt = std::vector<std::int64_t>;
    // [snippet errors]
    auto bad = spawn_pattern(sys, Farm(Seq<scaler>{}).replicas(0));
    // !bad, bad.error() == sec::invalid_argument: nothing was spawned
    // [/snippet]
    DOC_CHECK(!bad && bad.error() == sec::invalid_argument);
    auto zero_chunk = spawn_pattern(sys, Map<Cnt>([](auto) {}).scheduler(PartitionSched::dynamic_{0}));
    DOC_CHECK(!zero_chunk && zero_chunk.error() == sec::invalid_argument);
  }
  return doc::result();
}
