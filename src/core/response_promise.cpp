#include "troupe/response_promise.hpp"

#include "troupe/abstract_actor.hpp"
#include "troupe/scheduler/current_worker.hpp"

namespace troupe {

response_promise::response_promise(strong_actor_ptr self, strong_actor_ptr requester, message_id mid)
  : state_(std::make_shared<state>(std::move(self), std::move(requester), mid)) {}

void response_promise::deliver_msg(message msg) {
  if (!pending())
    return;
  auto id = state_->mid.response_id();
  state_->mid = message_id{};
  auto requester = std::move(state_->requester);
  // Delivered: the promise no longer keeps either actor alive.
  requester->get()->enqueue(new mailbox_element(std::move(state_->self), id, std::move(msg)),
                            scheduler::current_worker());
}

response_promise::state::~state() {
  if (mid.is_request() && requester)
    requester->get()->enqueue(new mailbox_element(self, mid.response_id(), make_message(error{sec::broken_promise})),
                              scheduler::current_worker());
}

} // namespace troupe
