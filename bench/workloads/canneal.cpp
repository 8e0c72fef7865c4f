// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// canneal with troupe: a master actor drives a Map used as an accelerator.
// Each temperature step it sends the Map one share of the step's moves per
// worker (static partitioning, one share per partition); the workers make
// their moves on the shared placement, the shares come back with their
// counts, and the master cools the temperature and decides whether to go on
// (bench/workloads/canneal_common.hpp).
//   canneal [--workers=W] [--verify] [E=200000] [M=20000] [S=256]
#include <troupe/patterns.hpp>

#include "canneal_common.hpp"
#include "troupe_common.hpp"

using namespace troupe;
using namespace troupe::patterns;

namespace {

using shares = std::vector<bench::canneal_part>;

// Asks the master to anneal; it answers with the number of steps made.
struct anneal_request {};

class canneal_master : public event_based_actor {
public:
  canneal_master(actor_config& cfg, actor annealer, bench::canneal_problem* problem)
    : event_based_actor(cfg), annealer_(std::move(annealer)), problem_(problem) {}

  behavior make_behavior() override {
    return {[this](anneal_request) {
      done_ = make_response_promise();
      shares parts(problem_->workers());
      problem_->start_step(parts);
      step(std::move(parts));
      return done_;
    }};
  }

private:
  void step(shares parts) {
    request(annealer_, bench::result_timeout, std::move(parts))
      .then(
        [this](shares& done) {
          if (problem_->finish_step(done)) {
            problem_->start_step(done);
            step(std::move(done));
          } else {
            done_.deliver(problem_->steps_done);
          }
        },
        [this](error& e) { done_.deliver(std::move(e)); });
  }

  actor annealer_;
  bench::canneal_problem* problem_;
  response_promise done_;
};

} // namespace

int main(int argc, char** argv) {
  bench::canneal_problem p{argc, argv};
  {
    actor_system sys{bench::troupe_config(p.a)};
    scoped_actor self{sys};
    auto annealer = spawn_pattern(sys, Map<shares>([&p](auto range) {
                                         for (auto& part : range)
                                           p.anneal(part);
                                       })
                                         .replicas(p.workers())
                                         .scheduler(PartitionSched::static_())
                                         .runtime(Runtime::actors));
    if (!annealer)
      return bench::check(false, "spawn_pattern");
    auto master = sys.spawn<canneal_master>(*annealer, &p);
    bench::work_timer work;
    bool got = false;
    self->request(master, bench::result_timeout, anneal_request{}).receive([&](int) { got = true; }, [](error&) {});
    if (!got)
      bench::timed_out("canneal");
    work.done();
    self->send_exit(master, exit_reason::user_shutdown);
  }
  return p.finish();
}
