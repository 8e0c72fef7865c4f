// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// ferret with troupe's patterns: Pipeline(Seq read, Farm(Seq extract),
// Farm(Seq rank), Seq write). A feeder actor streams the query numbers in, at
// most four per worker at a time, the stages work on successive queries at
// the same time, and the write stage records each query's share of the
// output (bench/workloads/ferret_common.hpp).
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

// Streams the query numbers into the pipeline, at most `window` at a time,
// and answers the request that started it once every query is written.
// Running inside the system, it keeps the hand-offs between queries on the
// workers rather than waking the main thread for each one.
struct stream_queries {
  int window;
};

class feeder : public event_based_actor {
public:
  feeder(actor_config& cfg, actor search, int queries)
    : event_based_actor(cfg), search_(std::move(search)), queries_(queries) {}

  behavior make_behavior() override {
    return {
      [this](stream_queries s) {
        done_ = make_response_promise();
        for (; sent_ < std::min(s.window, queries_); ++sent_)
          send(search_, sent_);
        if (queries_ == 0)
          done_.deliver(0);
        return done_;
      },
      [this](int) {
        if (sent_ < queries_)
          send(search_, sent_++);
        if (++written_ == queries_)
          done_.deliver(written_);
      },
    };
  }

private:
  actor search_;
  int queries_;
  int sent_ = 0;
  int written_ = 0;
  response_promise done_;
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
    auto source = sys.spawn<feeder>(*search, p.queries);
    // At most four queries per worker in flight, as oneTBB's pipeline has
    // tokens: the stream is bounded, so memory stays flat however many
    // queries there are.
    const std::size_t workers = p.a.workers != 0 ? p.a.workers : std::thread::hardware_concurrency();
    const int window = static_cast<int>(std::max<std::size_t>(4 * workers, 4));
    bench::work_timer work;
    bool got = false;
    self->request(source, bench::result_timeout, stream_queries{window})
      .receive([&](int) { got = true; }, [](error&) {});
    if (!got)
      bench::timed_out("ferret");
    work.done();
  }
  return p.finish();
}
