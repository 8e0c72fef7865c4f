// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// ferret with troupe's patterns: Pipeline(Seq read, Farm(Seq extract),
// Farm(Seq rank), Seq write). The query numbers stream in, at most four per
// worker at a time, the stages work on successive queries at the same time,
// and the write stage records each query's share of the output
// (bench/workloads/ferret_common.hpp).
//   ferret [--workers=W] [--verify] [QUERIES=4000] [DATABASE=4000]
#include <troupe/patterns.hpp>

#include <algorithm>
#include <thread>

#include "ferret_common.hpp"
#include "troupe_common.hpp"

using namespace troupe;
using namespace troupe::patterns;

namespace {

class reader : public event_based_actor {
public:
  explicit reader(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[](int id) { return bench::ferret_read(id); }};
  }
};

class extractor : public event_based_actor {
public:
  explicit extractor(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[](const bench::ferret_image& img) { return bench::ferret_extract(img); }};
  }
};

class ranker : public event_based_actor {
public:
  explicit ranker(actor_config& cfg) : event_based_actor(cfg) {}
  const bench::ferret_database* db = nullptr;
  behavior make_behavior() override {
    return {[this](const bench::ferret_features& q) { return bench::ferret_rank(*db, q); }};
  }
};

class writer : public event_based_actor {
public:
  explicit writer(actor_config& cfg) : event_based_actor(cfg) {}
  bench::ferret_problem* problem = nullptr;
  behavior make_behavior() override {
    return {[this](const bench::ferret_ranked& r) {
      problem->write(r);
      return r.id;
    }};
  }
};

} // namespace

int main(int argc, char** argv) {
  bench::ferret_problem p{argc, argv};
  {
    actor_system sys{bench::troupe_config(p.a)};
    scoped_actor self{sys};
    auto search = spawn_pattern(sys, Pipeline(Seq<reader>{}, Farm(Seq<extractor>{}),
                                              Farm(Seq<ranker>{[&p](ranker& r) { r.db = &p.db; }}),
                                              Seq<writer>{[&p](writer& w) { w.problem = &p; }}));
    if (!search)
      return bench::check(false, "spawn_pattern");
    // At most four queries per worker in flight, as oneTBB's pipeline has
    // tokens: the stream is bounded, so memory stays flat however many
    // queries there are.
    const std::size_t workers = p.a.workers != 0 ? p.a.workers : std::thread::hardware_concurrency();
    const int window = static_cast<int>(std::max<std::size_t>(4 * workers, 4));
    bench::work_timer work;
    int sent = 0;
    for (; sent < std::min(window, p.queries); ++sent)
      self->send(*search, sent);
    for (int done = 0; done < p.queries; ++done) {
      self->receive([](int) {}, after(bench::result_timeout) >> [] { bench::timed_out("ferret"); });
      if (sent < p.queries)
        self->send(*search, sent++);
    }
    work.done();
  }
  return p.finish();
}
