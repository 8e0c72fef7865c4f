// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Tests of the scheduler (coordinator/worker, the built-in policies, a user policy
// and the Chase-Lev deque) with fake resumables.
#include <gtest/gtest.h>

#include "support/eventually.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <thread>
#include <vector>

#include "troupe/scheduler/coordinator.hpp"
#include "troupe/scheduler/current_worker.hpp"
#include "troupe/scheduler/execution_unit.hpp"
#include "troupe/scheduler/resumable.hpp"
#include "troupe/scheduler/ws_deque.hpp"

namespace scheduler_test {

using namespace std::chrono_literals;

using troupe::execution_unit;
using troupe::resumable;
using troupe::scheduler::abstract_coordinator;
using troupe::scheduler::coordinator;
using troupe::scheduler::make_coordinator;
using rr = resumable::resume_result;

namespace {

// -- helpers ------------------------------------------------------------------------

// Polls pred until it holds or the time limit passes.
template <class Pred>
bool wait_for(Pred pred, std::chrono::milliseconds limit = 10s) {
  return troupe::test_support::eventually(std::move(pred), limit, 100us);
}

std::atomic<long> live_jobs{0};

// A heap-allocated job that deletes itself on its last deref. It starts with one
// reference: the one the scheduler receives with enqueue/exec_later.
class heap_job : public resumable {
public:
  heap_job() { live_jobs.fetch_add(1, std::memory_order_relaxed); }
  ~heap_job() override { live_jobs.fetch_sub(1, std::memory_order_relaxed); }
  void ref_resumable() noexcept override { refs_.fetch_add(1, std::memory_order_relaxed); }
  void deref_resumable() noexcept override {
    if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1)
      delete this;
  }

private:
  std::atomic<int> refs_{1};
};

// A job owned by the test (on the stack); counts references held by the scheduler.
class owned_job : public resumable {
public:
  void ref_resumable() noexcept override { refs.fetch_add(1, std::memory_order_relaxed); }
  void deref_resumable() noexcept override { refs.fetch_sub(1, std::memory_order_acq_rel); }
  std::atomic<int> refs{0};
};

template <class F>
class lambda_job : public heap_job {
public:
  explicit lambda_job(F f) : f_(std::move(f)) {}
  rr resume(execution_unit* ctx, std::size_t max_throughput) override { return f_(ctx, max_throughput); }

private:
  F f_;
};

template <class F>
resumable* make_job(F f) {
  return new lambda_job<F>(std::move(f));
}

// Runs once and bumps a counter.
class counting_job : public heap_job {
public:
  explicit counting_job(std::atomic<int>* runs) : runs_(runs) {}
  rr resume(execution_unit*, std::size_t) override {
    runs_->fetch_add(1, std::memory_order_relaxed);
    return rr::done;
  }

private:
  std::atomic<int>* runs_;
};

// Spawns two children via exec_later until depth 0.
class tree_job : public heap_job {
public:
  tree_job(int depth, std::atomic<int>* count) : depth_(depth), count_(count) {}
  rr resume(execution_unit* ctx, std::size_t) override {
    if (depth_ > 0) {
      ctx->exec_later(new tree_job(depth_ - 1, count_));
      ctx->exec_later(new tree_job(depth_ - 1, count_));
    }
    count_->fetch_add(1, std::memory_order_relaxed);
    return rr::done;
  }

private:
  int depth_;
  std::atomic<int>* count_;
};

// Returns resume_later until it has been resumed `n` times.
class resume_later_job : public heap_job {
public:
  resume_later_job(int n, std::atomic<int>* finished, std::atomic<std::size_t>* seen_throughput)
    : n_(n), finished_(finished), seen_throughput_(seen_throughput) {}
  rr resume(execution_unit*, std::size_t max_throughput) override {
    seen_throughput_->store(max_throughput, std::memory_order_relaxed);
    if (++resumes_ < n_)
      return rr::resume_later;
    finished_->fetch_add(1, std::memory_order_relaxed);
    return rr::done;
  }

private:
  int n_;
  int resumes_ = 0;
  std::atomic<int>* finished_;
  std::atomic<std::size_t>* seen_throughput_;
};

// A ring of nodes handing a token to the next node via exec_later.
struct ring {
  struct node : owned_job {
    ring* parent = nullptr;
    node* next = nullptr;
    long runs = 0; // only touched while the node holds the token
    rr resume(execution_unit* ctx, std::size_t) override {
      ++runs;
      parent->on_hop(ctx);
      auto left = parent->hops_left.fetch_sub(1, std::memory_order_acq_rel) - 1;
      if (left > 0 || parent->endless) {
        next->ref_resumable();
        ctx->exec_later(next);
      } else {
        parent->finished.store(true, std::memory_order_release);
      }
      return rr::awaiting_message;
    }
  };

  ring(std::size_t k, long hops) : nodes(k), hops_left(hops) {
    for (std::size_t i = 0; i < k; ++i) {
      nodes[i].parent = this;
      nodes[i].next = &nodes[(i + 1) % k];
    }
  }

  void on_hop(execution_unit* ctx) {
    if (last_ctx != nullptr && ctx != last_ctx)
      ++migrations;
    last_ctx = ctx;
  }

  void launch(abstract_coordinator& c) {
    nodes[0].ref_resumable();
    c.enqueue(&nodes[0]);
  }

  bool refs_released() const {
    return std::all_of(nodes.begin(), nodes.end(), [](const node& n) { return n.refs.load() == 0; });
  }

  std::vector<node> nodes;
  std::atomic<long> hops_left;
  std::atomic<bool> finished{false};
  bool endless = false;
  execution_unit* last_ctx = nullptr; // touched by the token holder only
  long migrations = 0;
};

double cpu_seconds() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  auto tv = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
  return tv(ru.ru_utime) + tv(ru.ru_stime);
}

// -- a user-defined policy ------------------------------------------------------------

// One FIFO queue with a mutex and a condition variable; counts every call.
struct counting_policy {
  struct coordinator_data {
    std::mutex mtx;
    std::condition_variable cv;
    std::deque<resumable*> queue;
    std::atomic<std::size_t> central{0};
    std::atomic<std::size_t> external{0};
    std::atomic<std::size_t> internal{0};
    std::atomic<std::size_t> later{0};
    std::atomic<std::size_t> dequeued{0};
  };

  struct worker_data {};

  template <class Coordinator>
  void central_enqueue(Coordinator* self, resumable* job) {
    self->data().central.fetch_add(1);
    push(self->data(), job);
  }

  template <class Worker>
  void external_enqueue(Worker* self, resumable* job) {
    self->parent()->data().external.fetch_add(1);
    push(self->parent()->data(), job);
  }

  template <class Worker>
  void internal_enqueue(Worker* self, resumable* job) {
    self->parent()->data().internal.fetch_add(1);
    push(self->parent()->data(), job);
  }

  template <class Worker>
  void resume_job_later(Worker* self, resumable* job) {
    self->parent()->data().later.fetch_add(1);
    push(self->parent()->data(), job);
  }

  template <class Worker>
  resumable* dequeue(Worker* self) {
    auto* parent = self->parent();
    auto& d = parent->data();
    std::unique_lock guard{d.mtx};
    d.cv.wait(guard, [&] { return !d.queue.empty() || parent->stopping(); });
    if (d.queue.empty())
      return nullptr;
    auto* job = d.queue.front();
    d.queue.pop_front();
    d.dequeued.fetch_add(1);
    return job;
  }

  template <class Coordinator>
  void stop(Coordinator* self) {
    auto& d = self->data();
    { std::lock_guard guard{d.mtx}; }
    d.cv.notify_all();
  }

  template <class Worker, class F>
  void foreach_resumable(Worker*, F) {}

  template <class Coordinator, class F>
  void foreach_central_resumable(Coordinator* self, F f) {
    auto& d = self->data();
    std::deque<resumable*> tmp;
    {
      std::lock_guard guard{d.mtx};
      tmp.swap(d.queue);
    }
    for (auto* job : tmp)
      f(job);
  }

  static void push(coordinator_data& d, resumable* job) {
    {
      std::lock_guard guard{d.mtx};
      d.queue.push_back(job);
    }
    d.cv.notify_one();
  }
};

struct not_a_policy {
  struct coordinator_data {};
  struct worker_data {};
};

static_assert(troupe::scheduler_policy<troupe::policy::work_stealing>);
static_assert(troupe::scheduler_policy<troupe::policy::work_sharing>);
static_assert(troupe::scheduler_policy<counting_policy>);
static_assert(!troupe::scheduler_policy<not_a_policy>);
static_assert(!troupe::scheduler_policy<int>);

// -- typed tests over all policies --------------------------------------------------------

template <class Policy>
class scheduler_test : public ::testing::Test {
protected:
  void SetUp() override { live_jobs.store(0); }
  void TearDown() override { EXPECT_EQ(live_jobs.load(), 0) << "leaked jobs"; }

  static std::unique_ptr<abstract_coordinator> make(std::size_t workers, std::size_t throughput = 100) {
    return make_coordinator<Policy>(nullptr, workers, throughput);
  }
};

using policies = ::testing::Types<troupe::policy::work_stealing, troupe::policy::work_sharing, counting_policy>;

class policy_names {
public:
  template <class T>
  static std::string GetName(int) {
    if constexpr (std::is_same_v<T, troupe::policy::work_stealing>)
      return "work_stealing";
    else if constexpr (std::is_same_v<T, troupe::policy::work_sharing>)
      return "work_sharing";
    else
      return "user_policy";
  }
};

TYPED_TEST_SUITE(scheduler_test, policies, policy_names);

TYPED_TEST(scheduler_test, runs_each_job_once_per_enqueue) {
  constexpr int producers = 4;
  constexpr int per_producer = 3000;
  constexpr int early = 100; // enqueued before start()
  std::vector<std::atomic<int>> runs(producers * per_producer + early);
  auto c = this->make(3);
  for (int i = 0; i < early; ++i)
    c->enqueue(new counting_job(&runs[producers * per_producer + i]));
  c->start();
  std::vector<std::thread> threads;
  for (int p = 0; p < producers; ++p)
    threads.emplace_back([&, p] {
      for (int i = 0; i < per_producer; ++i)
        c->enqueue(new counting_job(&runs[p * per_producer + i]));
    });
  for (auto& t : threads)
    t.join();
  ASSERT_TRUE(wait_for([&] { return live_jobs.load() == 0; }));
  c->stop();
  for (std::size_t i = 0; i < runs.size(); ++i)
    ASSERT_EQ(runs[i].load(), 1) << "job " << i;
}

TYPED_TEST(scheduler_test, jobs_spawning_jobs_via_exec_later) {
  constexpr int depth = 13;
  constexpr int total = (1 << (depth + 1)) - 1;
  std::atomic<int> count{0};
  auto c = this->make(2);
  c->start();
  c->enqueue(new tree_job(depth, &count));
  ASSERT_TRUE(wait_for([&] { return count.load() == total && live_jobs.load() == 0; }));
  c->stop();
  EXPECT_EQ(count.load(), total);
}

TYPED_TEST(scheduler_test, resume_later_jobs_are_resumed_until_done) {
  constexpr int jobs = 64;
  constexpr int resumes = 50;
  std::atomic<int> finished{0};
  std::atomic<std::size_t> seen{0};
  auto c = this->make(2, 7);
  EXPECT_EQ(c->max_throughput(), 7u);
  c->start();
  for (int i = 0; i < jobs; ++i)
    c->enqueue(new resume_later_job(resumes, &finished, &seen));
  ASSERT_TRUE(wait_for([&] { return finished.load() == jobs && live_jobs.load() == 0; }));
  c->stop();
  EXPECT_EQ(seen.load(), 7u);
}

TYPED_TEST(scheduler_test, token_ring_via_exec_later) {
  constexpr long hops = 20000;
  constexpr std::size_t k = 16;
  ring r{k, hops};
  auto c = this->make(2);
  c->start();
  r.launch(*c);
  ASSERT_TRUE(wait_for([&] { return r.finished.load(std::memory_order_acquire); }));
  c->stop();
  EXPECT_TRUE(r.refs_released());
  long total = 0;
  for (auto& n : r.nodes) {
    EXPECT_EQ(n.runs, hops / static_cast<long>(k));
    total += n.runs;
  }
  EXPECT_EQ(total, hops);
  // The token moves by bypass: it can only change workers when a bypass chain is cut
  // (once per max_bypass_chain hops) and the next node goes through a queue.
  using worker_t = troupe::scheduler::worker<TypeParam>;
  EXPECT_LE(r.migrations, hops / static_cast<long>(worker_t::max_bypass_chain) + 1);
}

TYPED_TEST(scheduler_test, stop_before_start_releases_queued_jobs) {
  std::atomic<int> runs{0};
  auto c = this->make(2);
  for (int i = 0; i < 1000; ++i)
    c->enqueue(new counting_job(&runs));
  EXPECT_EQ(live_jobs.load(), 1000);
  c->stop();
  EXPECT_EQ(live_jobs.load(), 0);
  EXPECT_EQ(runs.load(), 0);
  c->stop(); // idempotent
}

TYPED_TEST(scheduler_test, stop_releases_pending_jobs_without_running_them) {
  std::atomic<bool> entered{false};
  std::atomic<bool> release{false};
  std::atomic<int> runs{0};
  auto c = this->make(1);
  c->start();
  c->enqueue(make_job([&](execution_unit*, std::size_t) {
    entered = true;
    while (!release.load())
      std::this_thread::sleep_for(100us);
    return rr::done;
  }));
  ASSERT_TRUE(wait_for([&] { return entered.load(); }));
  for (int i = 0; i < 1000; ++i)
    c->enqueue(new counting_job(&runs));
  std::thread stopper{[&] { c->stop(); }};
  ASSERT_TRUE(wait_for([&] { return c->stopping(); }));
  release = true;
  stopper.join();
  EXPECT_EQ(runs.load(), 0);
  EXPECT_EQ(live_jobs.load(), 0);
  // Enqueue after stop: dereferenced right away.
  c->enqueue(new counting_job(&runs));
  EXPECT_EQ(live_jobs.load(), 0);
  EXPECT_EQ(runs.load(), 0);
}

TYPED_TEST(scheduler_test, stop_interrupts_an_endless_bypass_chain) {
  ring r{2, 0};
  r.endless = true;
  auto c = this->make(2);
  c->start();
  r.launch(*c);
  ASSERT_TRUE(wait_for([&] { return r.hops_left.load() < -1000; }));
  c->stop();
  EXPECT_TRUE(r.refs_released());
}

TYPED_TEST(scheduler_test, resume_later_cannot_starve_other_jobs) {
  std::atomic<bool> flag{false};
  std::atomic<int> hog_runs{0};
  auto c = this->make(1, 1);
  c->start();
  c->enqueue(make_job([&](execution_unit*, std::size_t) {
    hog_runs.fetch_add(1);
    return flag.load() ? rr::done : rr::resume_later;
  }));
  ASSERT_TRUE(wait_for([&] { return hog_runs.load() > 10; }));
  c->enqueue(make_job([&](execution_unit*, std::size_t) {
    flag = true;
    return rr::done;
  }));
  EXPECT_TRUE(wait_for([&] { return flag.load(); }, 5s));
  ASSERT_TRUE(wait_for([&] { return live_jobs.load() == 0; }));
  c->stop();
}

TYPED_TEST(scheduler_test, bypass_chain_cannot_starve_other_jobs) {
  ring r{2, 0};
  r.endless = true;
  std::atomic<bool> flag{false};
  auto c = this->make(1);
  c->start();
  r.launch(*c);
  ASSERT_TRUE(wait_for([&] { return r.hops_left.load() < -100; }));
  c->enqueue(make_job([&](execution_unit*, std::size_t) {
    flag = true;
    return rr::done;
  }));
  EXPECT_TRUE(wait_for([&] { return flag.load(); }, 5s));
  c->stop();
  EXPECT_TRUE(r.refs_released());
}

// A job in the bypass slot is invisible to other workers until the running job
// returns; release_bypass_job() hands it to them. The running job here waits
// for the woken one, which can only finish on the other worker.
TYPED_TEST(scheduler_test, a_released_bypass_job_runs_on_another_worker_meanwhile) {
  std::atomic<bool> woken_ran{false};
  std::atomic<bool> seen_meanwhile{false};
  auto c = this->make(2);
  c->start();
  c->enqueue(make_job([&](execution_unit* ctx, std::size_t) {
    ctx->exec_later(make_job([&](execution_unit*, std::size_t) {
      woken_ran = true;
      return rr::done;
    }));
    EXPECT_TRUE(ctx->holds_bypass_job());
    ctx->release_bypass_job();
    EXPECT_FALSE(ctx->holds_bypass_job());
    seen_meanwhile = wait_for([&] { return woken_ran.load(); });
    return rr::done;
  }));
  ASSERT_TRUE(wait_for([&] { return live_jobs.load() == 0; }, 20s));
  EXPECT_TRUE(seen_meanwhile.load());
  c->stop();
}

// A flood of jobs that keeps the (LIFO) local queue non-empty forever must not
// starve the oldest local job.
TYPED_TEST(scheduler_test, a_job_flood_cannot_starve_the_oldest_local_job) {
  std::atomic<bool> flag{false};
  std::atomic<int> population{0};
  struct flood_job : heap_job {
    flood_job(std::atomic<bool>* f, std::atomic<int>* pop) : flag(f), population(pop) { population->fetch_add(1); }
    ~flood_job() override { population->fetch_sub(1); }
    rr resume(execution_unit* ctx, std::size_t) override {
      if (!flag->load()) {
        ctx->exec_later(new flood_job(flag, population));
        if (population->load() < 64)
          ctx->exec_later(new flood_job(flag, population));
      }
      return rr::done;
    }
    std::atomic<bool>* flag;
    std::atomic<int>* population;
  };
  auto c = this->make(1);
  c->start();
  c->enqueue(make_job([&](execution_unit* ctx, std::size_t) {
    // The oldest local job first, then the flood.
    ctx->exec_later(make_job([&](execution_unit*, std::size_t) {
      flag = true;
      return rr::done;
    }));
    ctx->exec_later(new flood_job(&flag, &population));
    return rr::done;
  }));
  EXPECT_TRUE(wait_for([&] { return flag.load(); }, 5s));
  ASSERT_TRUE(wait_for([&] { return live_jobs.load() == 0; }));
  c->stop();
}

TYPED_TEST(scheduler_test, work_spreads_to_other_workers) {
  // A producer on one worker creates many jobs; the last one (in the bypass slot of
  // the producer's worker) blocks that worker until another worker ran a job, so the
  // test cannot pass without the jobs being taken over by the idle worker.
  constexpr int children = 100;
  std::atomic<execution_unit*> producer_ctx{nullptr};
  std::atomic<bool> other_ran{false};
  std::atomic<int> first_elsewhere{-1};
  std::atomic<int> done{0};
  std::atomic<bool> timed_out{false};
  auto c = this->make(2);
  c->start();
  c->enqueue(make_job([&](execution_unit* ctx, std::size_t) {
    producer_ctx = ctx;
    for (int i = 0; i < children; ++i)
      ctx->exec_later(make_job([&, i](execution_unit* cctx, std::size_t) {
        if (cctx != producer_ctx.load()) {
          int expected = -1;
          first_elsewhere.compare_exchange_strong(expected, i);
          other_ran = true;
        } else if (i == children - 1) {
          if (!wait_for([&] { return other_ran.load(); }, 5s))
            timed_out = true;
        }
        done.fetch_add(1);
        return rr::done;
      }));
    return rr::done;
  }));
  ASSERT_TRUE(wait_for([&] { return done.load() == children && live_jobs.load() == 0; }));
  c->stop();
  EXPECT_FALSE(timed_out.load());
  EXPECT_TRUE(other_ran.load());
  if constexpr (!std::is_same_v<TypeParam, counting_policy>) {
    // Thieves/the shared FIFO take the OLDEST job first.
    EXPECT_EQ(first_elsewhere.load(), 0);
  }
}

TYPED_TEST(scheduler_test, no_lost_wakeups) {
  auto c = this->make(3);
  c->start();
  std::minstd_rand rng{42};
  // Single jobs from outside, with pauses that let the workers spin, yield or park.
  for (int i = 0; i < 300; ++i) {
    std::atomic<bool> ran{false};
    c->enqueue(make_job([&](execution_unit*, std::size_t) {
      ran = true;
      return rr::done;
    }));
    ASSERT_TRUE(wait_for([&] { return ran.load(); }, 2s)) << "iteration " << i;
    std::this_thread::sleep_for(std::chrono::microseconds(rng() % 400));
  }
  // Several producers at once, each waiting for its own job.
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t)
    threads.emplace_back([&, t] {
      std::minstd_rand r{static_cast<unsigned>(t)};
      for (int i = 0; i < 100; ++i) {
        std::atomic<bool> ran{false};
        c->enqueue(make_job([&](execution_unit* ctx, std::size_t) {
          // Hop once more through exec_later to exercise internal enqueues too.
          ctx->exec_later(make_job([&](execution_unit*, std::size_t) {
            ran = true;
            return rr::done;
          }));
          return rr::done;
        }));
        if (!wait_for([&] { return ran.load(); }, 2s))
          failures.fetch_add(1);
        std::this_thread::sleep_for(std::chrono::microseconds(r() % 300));
      }
    });
  for (auto& t : threads)
    t.join();
  EXPECT_EQ(failures.load(), 0);
  ASSERT_TRUE(wait_for([&] { return live_jobs.load() == 0; }));
  c->stop();
}

TYPED_TEST(scheduler_test, idle_workers_use_no_cpu) {
  std::atomic<int> count{0};
  auto c = this->make(4);
  c->start();
  c->enqueue(new tree_job(10, &count));
  ASSERT_TRUE(wait_for([&] { return live_jobs.load() == 0; }));
  std::this_thread::sleep_for(50ms); // let the workers spin out and park
  auto before = cpu_seconds();
  std::this_thread::sleep_for(1s);
  auto used = cpu_seconds() - before;
  c->stop();
  std::printf("[   INFO   ] idle scheduler: %.3f ms CPU in 1 s\n", used * 1e3);
  EXPECT_LT(used, 0.020) << "idle scheduler used " << used * 1e3 << " ms of CPU in 1 s";
}

TYPED_TEST(scheduler_test, current_worker_is_set_on_worker_threads_only) {
  EXPECT_EQ(troupe::scheduler::current_worker(), nullptr);
  std::mutex mtx;
  std::set<execution_unit*> seen;
  std::atomic<int> mismatches{0};
  std::atomic<int> done{0};
  auto c = this->make(2);
  c->start();
  for (int i = 0; i < 200; ++i)
    c->enqueue(make_job([&](execution_unit* ctx, std::size_t) {
      if (troupe::scheduler::current_worker() != ctx || ctx == nullptr)
        mismatches.fetch_add(1);
      {
        std::lock_guard guard{mtx};
        seen.insert(ctx);
      }
      done.fetch_add(1);
      return rr::done;
    }));
  ASSERT_TRUE(wait_for([&] { return done.load() == 200 && live_jobs.load() == 0; }));
  c->stop();
  EXPECT_EQ(mismatches.load(), 0);
  EXPECT_GE(seen.size(), 1u);
  EXPECT_LE(seen.size(), 2u);
  EXPECT_EQ(troupe::scheduler::current_worker(), nullptr);
}

TYPED_TEST(scheduler_test, zero_workers_means_hardware_concurrency) {
  auto c = this->make(0);
  auto hw = std::max(1u, std::thread::hardware_concurrency());
  EXPECT_EQ(c->num_workers(), hw);
  auto d = make_coordinator<TypeParam>(nullptr, 1, 0);
  EXPECT_EQ(d->max_throughput(), abstract_coordinator::unlimited_throughput);
}

// -- bypass rules (observed through the counting user policy) -------------------------

class bypass_test : public ::testing::Test {
protected:
  void SetUp() override { live_jobs.store(0); }
  void TearDown() override { EXPECT_EQ(live_jobs.load(), 0) << "leaked jobs"; }
  coordinator<counting_policy> c{nullptr, 1, 100};
  counting_policy::coordinator_data& d = c.data();
};

TEST_F(bypass_test, token_hops_do_not_touch_the_queue) {
  constexpr long hops = 10000;
  ring r{4, hops};
  c.start();
  r.launch(c);
  ASSERT_TRUE(wait_for([&] { return r.finished.load(std::memory_order_acquire); }));
  c.stop();
  constexpr auto chain = troupe::scheduler::worker<counting_policy>::max_bypass_chain;
  EXPECT_EQ(d.central.load(), 1u);
  EXPECT_EQ(d.internal.load(), 0u);
  // Only the cut bypass chains went through the queue.
  EXPECT_LE(d.later.load(), static_cast<std::size_t>(hops / chain + 1));
  EXPECT_LE(d.dequeued.load(), static_cast<std::size_t>(hops / chain + 2));
}

TEST_F(bypass_test, slot_overflow_goes_to_the_queue_and_newest_runs_next) {
  std::mutex mtx;
  std::vector<int> order;
  std::atomic<int> done{0};
  auto child = [&](int id) {
    return make_job([&, id](execution_unit*, std::size_t) {
      {
        std::lock_guard guard{mtx};
        order.push_back(id);
      }
      done.fetch_add(1);
      return rr::done;
    });
  };
  c.enqueue(make_job([&](execution_unit* ctx, std::size_t) {
    ctx->exec_later(child(1));
    ctx->exec_later(child(2)); // 1 -> queue
    ctx->exec_later(child(3)); // 2 -> queue, 3 stays in the slot
    return rr::done;
  }));
  c.start();
  ASSERT_TRUE(wait_for([&] { return done.load() == 3 && live_jobs.load() == 0; }));
  c.stop();
  EXPECT_EQ(d.internal.load(), 2u);
  EXPECT_EQ(order, (std::vector<int>{3, 1, 2}));
}

TEST_F(bypass_test, slot_job_runs_before_a_resume_later_job) {
  std::mutex mtx;
  std::vector<char> order;
  std::atomic<int> done{0};
  auto record = [&](char x) {
    std::lock_guard guard{mtx};
    order.push_back(x);
  };
  int resumes = 0;
  c.enqueue(make_job([&](execution_unit* ctx, std::size_t) {
    record('J');
    if (++resumes == 1) {
      ctx->exec_later(make_job([&](execution_unit*, std::size_t) {
        record('K');
        done.fetch_add(1);
        return rr::done;
      }));
      return rr::resume_later;
    }
    done.fetch_add(1);
    return rr::done;
  }));
  c.start();
  ASSERT_TRUE(wait_for([&] { return done.load() == 2 && live_jobs.load() == 0; }));
  c.stop();
  EXPECT_EQ(order, (std::vector<char>{'J', 'K', 'J'}));
  EXPECT_EQ(d.later.load(), 1u);
  EXPECT_EQ(d.internal.load(), 0u);
}

TEST_F(bypass_test, exec_later_from_another_thread_is_an_external_enqueue) {
  std::atomic<execution_unit*> ctx{nullptr};
  std::atomic<int> runs{0};
  c.start();
  c.enqueue(make_job([&](execution_unit* self, std::size_t) {
    ctx = self;
    return rr::done;
  }));
  ASSERT_TRUE(wait_for([&] { return ctx.load() != nullptr; }));
  ctx.load()->exec_later(new counting_job(&runs));
  ASSERT_TRUE(wait_for([&] { return runs.load() == 1 && live_jobs.load() == 0; }));
  c.stop();
  EXPECT_EQ(d.external.load(), 1u);
}

// -- the unit's clock reading --------------------------------------------------------

// A unit that runs nothing: only its counters and its clock reading are used.
class idle_unit final : public execution_unit {
public:
  idle_unit() noexcept : execution_unit(nullptr) {}
  void exec_later(resumable*) override {}
};

TEST(execution_unit_clock, a_noted_reading_is_offered_for_recent_messages_only) {
  idle_unit u;
  EXPECT_EQ(u.recent_cycles(), 0u); // none noted yet
  u.count_processed();
  u.note_cycles(1234);
  for (std::uint64_t i = 0; i < execution_unit::recent_messages; ++i)
    u.count_processed();
  EXPECT_EQ(u.recent_cycles(), 1234u);
  EXPECT_EQ(u.count_processed(), execution_unit::recent_messages + 2);
  EXPECT_EQ(u.recent_cycles(), 0u); // one message more: too old to date a new actor
  u.note_cycles(5678);
  EXPECT_EQ(u.recent_cycles(), 5678u);
}

// -- the Chase-Lev deque ------------------------------------------------------------

using troupe::scheduler::detail::ws_deque;

TEST(ws_deque_test, owner_takes_newest_thieves_take_oldest) {
  std::vector<int> items(1000);
  ws_deque<int> q{8};
  for (auto& x : items)
    q.push(&x);
  EXPECT_EQ(q.size_hint(), items.size());
  EXPECT_GE(q.capacity(), items.size());
  EXPECT_EQ(q.pop(), &items.back());
  EXPECT_EQ(q.steal(), &items.front());
  EXPECT_EQ(q.steal(), &items[1]);
  EXPECT_EQ(q.pop(), &items[998]);
  std::size_t n = 0;
  while (q.pop() != nullptr)
    ++n;
  EXPECT_EQ(n, 996u);
  EXPECT_EQ(q.pop(), nullptr);
  EXPECT_EQ(q.steal(), nullptr);
  EXPECT_TRUE(q.empty_hint());
}

TEST(ws_deque_test, concurrent_owner_and_thieves_take_each_item_once) {
  constexpr int n = 100000;
  constexpr int thieves = 3;
  std::vector<int> items(n);
  std::vector<std::atomic<int>> taken(n);
  ws_deque<int> q{16};
  std::atomic<bool> producing{true};
  auto take = [&](int* x) { taken[x - items.data()].fetch_add(1, std::memory_order_relaxed); };
  std::vector<std::thread> threads;
  for (int t = 0; t < thieves; ++t)
    threads.emplace_back([&] {
      for (;;) {
        bool lost = false;
        if (auto* x = q.steal(&lost))
          take(x);
        else if (!lost && !producing.load() && q.empty_hint())
          return;
      }
    });
  std::minstd_rand rng{7};
  for (int i = 0; i < n; ++i) {
    q.push(&items[i]);
    if (rng() % 3 == 0)
      if (auto* x = q.pop())
        take(x);
  }
  while (auto* x = q.pop())
    take(x);
  producing = false;
  for (auto& t : threads)
    t.join();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(taken[i].load(), 1) << "item " << i;
}

} // namespace

} // namespace scheduler_test
