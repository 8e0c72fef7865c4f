#pragma once
// An actor driven by the scheduler: it has no thread; a worker calls resume()
// when it has messages, and it handles at most max_throughput of them before
// yielding the worker. A detached actor runs the same protocol on a thread of
// its own.
#include <atomic>
#include <memory>

#include "troupe/local_actor.hpp"
#include "troupe/resumable.hpp"
#include "troupe/response_handle.hpp"
#include "troupe/typed/typed_response_handle.hpp"

namespace troupe {

class scheduled_actor : public local_actor, public resumable {
public:
  ~scheduled_actor() override;

  // ---- requests -------------------------------------------------------------------

  // Sends a request; the response (or an error: sec::request_timeout after
  // `timeout`, sec::request_receiver_down) goes to the handlers given to
  // then()/await() on the returned handle.
  template <class Rep, class Period, class... Ts>
  response_handle<scheduled_actor> request(const actor& dest, std::chrono::duration<Rep, Period> timeout,
                                           Ts&&... xs) {
    auto id = send_request(dest, std::chrono::duration_cast<timespan>(timeout), make_message(std::forward<Ts>(xs)...));
    return {this, id, false};
  }

  // The seed's synchronous send: then() awaits the response; an after(d)
  // handler among the response handlers sets the timeout.
  // A request to a typed actor: the message is checked against its interface
  // and the handle checks the response handlers against the declared result.
  template <detail::typed_handle Handle, class Rep, class Period, class... Ts>
  auto request(const Handle& dest, std::chrono::duration<Rep, Period> timeout, Ts&&... xs) {
    static_assert(detail::accepts_input_v<typename Handle::signatures, Ts...>,
                  "typed actor does not support given input");
    using output = detail::typed_output_t<typename Handle::signatures, Ts...>;
    auto id = send_request(actor{dest}, std::chrono::duration_cast<timespan>(timeout),
                           make_message(std::forward<Ts>(xs)...));
    return typed_response_handle<scheduled_actor, output>{response_handle<scheduled_actor>{this, id, false}};
  }

  template <detail::typed_handle Handle, class... Ts>
  auto sync_send(const Handle& dest, Ts&&... xs) {
    static_assert(detail::accepts_input_v<typename Handle::signatures, Ts...>,
                  "typed actor does not support given input");
    using output = detail::typed_output_t<typename Handle::signatures, Ts...>;
    auto id = send_request(actor{dest}, detail::infinite_timeout, make_message(std::forward<Ts>(xs)...));
    return typed_response_handle<scheduled_actor, output>{response_handle<scheduled_actor>{this, id, true}};
  }

  template <class... Ts>
  response_handle<scheduled_actor> sync_send(const actor& dest, Ts&&... xs) {
    auto id = send_request(dest, detail::infinite_timeout, make_message(std::forward<Ts>(xs)...));
    return {this, id, true};
  }

  void add_awaited_response(message_id id, behavior bhvr);
  void add_multiplexed_response(message_id id, behavior bhvr);

  // ---- resumable ---------------------------------------------------------------------

  resume_result resume(execution_unit* ctx, std::size_t max_throughput) override;
  void ref_resumable() noexcept override;
  void deref_resumable() noexcept override;

  // Starts the actor after spawn: schedules it (or starts its thread).
  void launch(execution_unit* ctx, spawn_options opts);

protected:
  scheduled_actor() noexcept = default;

  // The initial behavior; an empty one (after no become) ends the actor at once.
  // event_based_actor forwards it to make_behavior(); typed actors to their
  // make_behavior() returning a typed behavior (see typed/typed_event_based_actor.hpp).
  virtual behavior initial_behavior() { return {}; }

  void wake_up(execution_unit* ctx) override;
  void on_unreachable() override;

private:
  void initialize();
  void handle(mailbox_element* e);
  void arm_timeout();
  void run_detached();
  bool finish_if_terminating();

  struct detached_state;
  detached_state* detached_ = nullptr; // only for spawn<detached>; shared with its thread
};

} // namespace troupe
