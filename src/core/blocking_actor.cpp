// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/blocking_actor.hpp"

#include "troupe/actor_exited.hpp"
#include "troupe/actor_system.hpp"

#include <algorithm>

namespace troupe {

blocking_actor::~blocking_actor() = default;

void blocking_actor::wake_up(execution_unit*) {
  // Taking and releasing mtx_ is enough: a reader that saw the mailbox blocked
  // waits on cv_ by then. Notifying while holding it would wake the reader
  // only to block it again on the mutex (two more system calls and a context
  // switch per message).
  { std::lock_guard guard{mtx_}; }
  cv_.notify_one();
}

mailbox_element_ptr blocking_actor::dequeue(const clock::time_point* deadline) {
  for (;;) {
    if (auto* e = mailbox_.try_pop()) {
      home_system().count_processed_off_workers(); // no worker's unit to count in
      return mailbox_element_ptr{e};
    }
    if (mailbox_.closed())
      return nullptr; // terminated: nothing will ever arrive
    if (!mailbox_.try_block())
      continue;
    std::unique_lock lock{mtx_};
    // A writer leaves the blocked state before it takes mtx_ to notify, so
    // checking under the lock cannot miss its wake-up.
    while (mailbox_.blocked()) {
      if (deadline == nullptr) {
        cv_.wait(lock);
      } else if (cv_.wait_until(lock, *deadline) == std::cv_status::timeout && mailbox_.blocked()) {
        if (mailbox_.try_unblock())
          return nullptr;
      }
    }
  }
}

void blocking_actor::throw_if_killed(mailbox_element_ptr& e) {
  auto* em = e->content.size() == 1 ? e->content.get_if<exit_msg>(0) : nullptr;
  if (em == nullptr || em->reason != exit_reason::kill)
    return;
  error reason = em->reason;
  e.reset();
  unstash();
  quit(reason);
  throw actor_exited{std::move(reason)};
}

void blocking_actor::receive_impl(behavior& bhvr) {
  clock::time_point deadline;
  const clock::time_point* dl = nullptr;
  if (bhvr.has_timeout()) {
    deadline = clock::now() + bhvr.timeout();
    dl = &deadline;
  }
  for (;;) {
    auto e = dequeue(dl);
    if (!e) {
      unstash();
      bhvr.handle_timeout();
      return;
    }
    if (e->mid.is_response())
      continue; // nobody waits for it: a late answer or the timeout of an answered request
    throw_if_killed(e);
    current_ = e.get();
    handled result;
    try {
      auto& msg = e->content;
      if (msg.size() == 1 && (msg.type_at(0) == type_id_of<exit_msg>() || msg.type_at(0) == type_id_of<down_msg>())) {
        // Blocking actors see exit and down messages like any other message:
        // handled if a case matches, otherwise kept.
        detail::invoke_result res;
        result = bhvr.invoke(msg, res) ? handled::consumed : handled::skipped;
        if (auto* em = msg.get_if<exit_msg>(0); em != nullptr && result == handled::consumed)
          remove_link(em->source);
      } else {
        result = invoke(e.get(), bhvr);
      }
    } catch (...) {
      current_ = nullptr;
      unstash();
      throw;
    }
    current_ = nullptr;
    if (result == handled::skipped || result == handled::deferred) {
      stash(std::move(e));
      continue;
    }
    e.reset();
    if (result == handled::ignored)
      continue;
    unstash();
    return;
  }
}

void blocking_actor::wait_for_all(std::vector<actor_addr> xs) {
  std::erase(xs, actor_addr{});
  for (auto& x : xs)
    monitor(x); // our own monitor: one down message for us, whoever else watches
  auto waited_for = [&](const down_msg& dm) { return std::find(xs.begin(), xs.end(), dm.source) != xs.end(); };
  behavior bhvr{on<down_msg>().when(waited_for) >> [&](const down_msg& dm) {
    // Once per monitor: a duplicate in xs waits for a second down message.
    xs.erase(std::find(xs.begin(), xs.end(), dm.source));
  }};
  while (!xs.empty())
    receive_impl(bhvr);
}

void blocking_actor::receive_response(message_id id, behavior bhvr) {
  clock::time_point deadline;
  const clock::time_point* dl = nullptr;
  if (bhvr.has_timeout()) {
    deadline = clock::now() + bhvr.timeout();
    dl = &deadline;
  }
  auto want = id.response_id();
  for (;;) {
    auto e = dequeue(dl);
    if (!e) {
      unstash();
      bhvr.handle_timeout();
      return;
    }
    throw_if_killed(e);
    if (e->mid != want) {
      if (!e->mid.is_response()) // else: a stale answer to an earlier request, dropped
        stash(std::move(e));
      continue;
    }
    current_ = e.get();
    detail::invoke_result res;
    bool matched = false;
    try {
      matched = bhvr.invoke(e->content, res);
    } catch (...) {
      current_ = nullptr;
      unstash();
      throw;
    }
    current_ = nullptr;
    if (!matched) {
      auto* err = e->content.get_if<error>(0);
      if (err != nullptr && *err == sec::request_timeout && bhvr.has_timeout())
        bhvr.handle_timeout();
      else if (err == nullptr)
        pending_reason_ = error{sec::unexpected_response, to_string(e->content)};
      else
        pending_reason_ = *err; // unhandled error: remembered as the actor's failure
    }
    e.reset();
    unstash();
    return;
  }
}

} // namespace troupe
