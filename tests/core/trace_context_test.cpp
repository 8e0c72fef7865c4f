// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The trace context of an envelope: a message copies the sending thread's
// current trace, and nothing else; and the hooks a tracer builds on: an actor
// the system's actor_events chose is reported when it takes a message and
// again when its handler returned, with what it sent meanwhile carrying the
// trace the receiver named current.
#include <gtest/gtest.h>

#include <mutex>
#include <string>
#include <vector>

#include "troupe/actor_events.hpp"
#include "troupe/trace_context.hpp"
#include "troupe/troupe.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace trace_context_test {

namespace {

// Chooses the actors named "relay" and "sink", and names a trace current
// while the relay handles a message, as a tracer would.
class fake_tracer final : public actor_events {
public:
  fake_tracer() { want_lifecycle(true); }

  void dead_letter(const abstract_actor&, const mailbox_element&) noexcept override {}
  void actor_failed(const abstract_actor&, const error&) noexcept override {}
  bool records(const abstract_actor& who) noexcept override {
    std::string name = who.name();
    return name == "relay" || name == "sink";
  }
  void message_taken(const abstract_actor& receiver, const mailbox_element& e) noexcept override {
    std::string name = receiver.name();
    log(name + " took " + (e.trace ? "a trace of span " + std::to_string(e.trace->span) : std::string{"no trace"}));
    if (name == "relay")
      detail::current_trace_slot = &span_;
  }
  void message_done(const abstract_actor& receiver) noexcept override {
    log(std::string{receiver.name()} + " done");
    detail::current_trace_slot = nullptr;
  }

  std::vector<std::string> lines() {
    std::lock_guard guard{mtx_};
    return lines_;
  }

private:
  void log(std::string line) {
    std::lock_guard guard{mtx_};
    lines_.push_back(std::move(line));
  }

  trace_context span_{{}, 1, 2, 42};
  std::mutex mtx_;
  std::vector<std::string> lines_;
};

class relay : public event_based_actor {
public:
  relay(actor_config& cfg, actor next) : event_based_actor(cfg), next_(std::move(next)) {}
  const char* name() const override { return "relay"; }
  behavior make_behavior() override {
    return {[this](std::int32_t x) { send(next_, x + 1); }};
  }

private:
  actor next_;
};

class sink : public event_based_actor {
public:
  sink(actor_config& cfg, actor observer) : event_based_actor(cfg), observer_(std::move(observer)) {}
  const char* name() const override { return "sink"; }
  behavior make_behavior() override {
    return {[this](std::int32_t x) { send(observer_, x); }};
  }

private:
  actor observer_;
};

} // namespace

TEST(TraceContext, AnEnvelopeCarriesATraceOnlyWhileItsSenderRunsInOne) {
  auto plain = make_mailbox_element(nullptr, message_id{}, std::int32_t{1});
  EXPECT_EQ(plain->trace, nullptr);
  trace_context span{{}, 0x0102, 0x0304, 0x0506};
  {
    detail::current_trace_scope scope{&span};
    auto traced = make_mailbox_element(nullptr, message_id{}, std::int32_t{2});
    ASSERT_NE(traced->trace, nullptr);
    EXPECT_EQ(*traced->trace, span);
    EXPECT_NE(traced->trace.get(), &span) << "each envelope owns a copy";
  }
  auto after = make_mailbox_element(nullptr, message_id{}, std::int32_t{3});
  EXPECT_EQ(after->trace, nullptr);
}

TEST(TraceContext, AChosenActorIsReportedAroundEachHandlerAndPassesTheTraceOn) {
  actor_system_config cfg;
  cfg.set("scheduler.workers", "1");
  actor_system sys{cfg};
  fake_tracer events;
  sys.set_actor_events(&events);
  {
    scoped_actor self{sys};
    auto last = sys.spawn<sink>(actor_cast<actor>(self.ctrl()));
    auto first = sys.spawn<relay>(last);
    anon_send(first, std::int32_t{1});
    std::int32_t got = 0;
    self->receive([&](std::int32_t x) { got = x; }, after(10s) >> [] { FAIL() << "nothing arrived"; });
    EXPECT_EQ(got, 2);
    anon_send_exit(first, exit_reason::user_shutdown);
    anon_send_exit(last, exit_reason::user_shutdown);
    self->wait_for(first, last);
  }
  sys.set_actor_events(nullptr);
  auto lines = events.lines();
  ASSERT_GE(lines.size(), 4u);
  EXPECT_EQ(lines[0], "relay took no trace");
  EXPECT_EQ(lines[1], "relay done") << "the handler ran between the two";
  EXPECT_EQ(lines[2], "sink took a trace of span 42") << "what the relay sent carries its current trace";
  EXPECT_EQ(lines[3], "sink done");
  // The sink's answer went out after the relay's span ended: it carries nothing.
  for (std::size_t i = 4; i < lines.size(); ++i)
    EXPECT_EQ(lines[i].find("span"), std::string::npos) << lines[i];
}

} // namespace trace_context_test
