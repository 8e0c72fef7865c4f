#include "troupe/blocking_actor.hpp"

namespace troupe {

blocking_actor::~blocking_actor() = default;

void blocking_actor::wake_up(execution_unit*) {
  std::lock_guard guard{mtx_};
  cv_.notify_one();
}

mailbox_element* blocking_actor::dequeue(const clock::time_point* deadline) {
  for (;;) {
    if (auto* e = mailbox_.try_pop())
      return e;
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

void blocking_actor::receive_impl(behavior& bhvr) {
  clock::time_point deadline;
  const clock::time_point* dl = nullptr;
  if (bhvr.has_timeout()) {
    deadline = clock::now() + bhvr.timeout();
    dl = &deadline;
  }
  for (;;) {
    auto* e = dequeue(dl);
    if (e == nullptr) {
      unstash();
      bhvr.handle_timeout();
      return;
    }
    current_ = e;
    handled result;
    if (e->content.size() == 1 && (e->content.type_at(0) == type_id_of<exit_msg>()
                                   || e->content.type_at(0) == type_id_of<down_msg>())) {
      // Blocking actors see exit and down messages like any other message.
      detail::invoke_result res;
      bhvr.invoke(e->content, res);
      result = handled::consumed;
      if (auto* em = e->content.get_if<exit_msg>(0))
        remove_link(em->source);
    } else if (e->mid.is_response()) {
      result = handled::consumed; // nobody waits for it
    } else {
      result = invoke(e, bhvr);
    }
    current_ = nullptr;
    if (result == handled::skipped) {
      stash(e);
      continue;
    }
    delete e;
    unstash();
    return;
  }
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
    auto* e = dequeue(dl);
    if (e == nullptr) {
      unstash();
      bhvr.handle_timeout();
      return;
    }
    if (e->mid != want) {
      stash(e);
      continue;
    }
    current_ = e;
    detail::invoke_result res;
    bool matched = bhvr.invoke(e->content, res);
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
    delete e;
    unstash();
    return;
  }
}

} // namespace troupe
