// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "broker_registry.hpp"

#include <algorithm>
#include <utility>

#include "broker_io.hpp"
#include "middleman_impl.hpp"
#include "troupe/log.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/system_messages.hpp"

namespace troupe::net {

namespace {

// How long the shutdown waits for brokers to end; one that is still inside a
// handler then loses its sockets anyway.
constexpr auto stop_grace = std::chrono::seconds{5};

} // namespace

broker_registry::broker_registry(middleman_impl& mm) : mm_(mm) {}

broker_registry::~broker_registry() = default;

std::shared_ptr<broker_io> broker_registry::make_io() {
  return std::make_shared<broker_io>(*this, mm_.io(), mm_.config().connect_timeout);
}

void broker_registry::attach(const std::shared_ptr<broker_io>& io, strong_actor_ptr owner) {
  actor_addr addr{owner.get()};
  bool late = false;
  {
    std::lock_guard guard{mtx_};
    std::erase_if(opened_, [](const std::weak_ptr<broker_io>& x) { return x.expired(); });
    opened_.emplace_back(io);
    live_.push_back(entry{io.get(), addr});
    late = stopping_;
  }
  io->start(std::move(owner));
  if (late)
    kill(addr); // spawned while the system stops
}

void broker_registry::detach(const broker_io* io) {
  {
    std::lock_guard guard{mtx_};
    std::erase_if(live_, [io](const entry& e) { return e.io == io; });
  }
  ended_.notify_all();
}

void broker_registry::kill(const actor_addr& owner) {
  if (auto x = owner.lock())
    x->get()->enqueue(make_mailbox_element(nullptr, message_id{}, exit_msg{actor_addr{}, exit_reason::kill}), nullptr);
}

void broker_registry::stop() {
  std::vector<actor_addr> owners;
  {
    std::lock_guard guard{mtx_};
    stopping_ = true;
    for (auto& e : live_)
      owners.push_back(e.owner);
  }
  for (auto& o : owners)
    kill(o);
  std::vector<std::shared_ptr<broker_io>> left;
  {
    std::unique_lock guard{mtx_};
    if (!ended_.wait_for(guard, stop_grace, [this] { return live_.empty(); }))
      TROUPE_LOG_WARNING("net", live_.size() << " broker(s) did not end within " << stop_grace.count()
                                             << " s of the shutdown; closing their sockets");
    for (auto& w : opened_)
      if (auto io = w.lock())
        left.push_back(std::move(io));
    opened_.clear();
  }
  if (left.empty())
    return;
  // Connections still sending what their broker wrote before it ended would
  // keep the I/O thread from finishing: close them now.
  auto aborted = broker_io::call_on_io(mm_.io(), [&left]() -> error {
    for (auto& io : left)
      io->abort();
    return error{};
  });
  static_cast<void>(aborted);
}

} // namespace troupe::net
