#pragma once
// An actor that owns a thread and waits for messages with receive(): used by
// scoped_actor (an actor for main() and other non-actor code) and by actors
// spawned from functions taking blocking_actor*.
#include <chrono>
#include <condition_variable>
#include <mutex>

#include "troupe/local_actor.hpp"
#include "troupe/response_handle.hpp"
#include "troupe/typed/typed_response_handle.hpp"

namespace troupe {

class blocking_actor : public local_actor {
public:
  explicit blocking_actor(actor_config&) noexcept {}
  blocking_actor() noexcept = default;
  ~blocking_actor() override;

  // Waits for one message that matches (skipping others, which stay queued),
  // or for the after(...) timeout among the handlers.
  template <class... Cs>
  void receive(Cs&&... cases) {
    behavior bhvr{std::forward<Cs>(cases)...};
    receive_impl(bhvr);
  }

  // Like receive(), repeated while pred() holds.
  template <class Pred, class... Cs>
  void receive_while(Pred pred, Cs&&... cases) {
    behavior bhvr{std::forward<Cs>(cases)...};
    while (pred())
      receive_impl(bhvr);
  }

  template <class Rep, class Period, class... Ts>
  response_handle<blocking_actor> request(const actor& dest, std::chrono::duration<Rep, Period> timeout, Ts&&... xs) {
    auto id = send_request(dest, std::chrono::duration_cast<timespan>(timeout), make_message(std::forward<Ts>(xs)...));
    return {this, id, true};
  }

  // A request to a typed actor: the message is checked against its interface
  // and the handle checks the response handlers against the declared result.
  template <detail::typed_handle Handle, class Rep, class Period, class... Ts>
  auto request(const Handle& dest, std::chrono::duration<Rep, Period> timeout, Ts&&... xs) {
    static_assert(detail::accepts_input_v<typename Handle::signatures, Ts...>,
                  "typed actor does not support given input");
    using output = detail::typed_output_t<typename Handle::signatures, Ts...>;
    auto id = send_request(actor{dest}, std::chrono::duration_cast<timespan>(timeout),
                           make_message(std::forward<Ts>(xs)...));
    return typed_response_handle<blocking_actor, output>{response_handle<blocking_actor>{this, id, true}};
  }

  template <detail::typed_handle Handle, class... Ts>
  auto sync_send(const Handle& dest, Ts&&... xs) {
    static_assert(detail::accepts_input_v<typename Handle::signatures, Ts...>,
                  "typed actor does not support given input");
    using output = detail::typed_output_t<typename Handle::signatures, Ts...>;
    auto id = send_request(actor{dest}, detail::infinite_timeout, make_message(std::forward<Ts>(xs)...));
    return typed_response_handle<blocking_actor, output>{response_handle<blocking_actor>{this, id, true}};
  }

  template <class... Ts>
  response_handle<blocking_actor> sync_send(const actor& dest, Ts&&... xs) {
    auto id = send_request(dest, detail::infinite_timeout, make_message(std::forward<Ts>(xs)...));
    return {this, id, true};
  }

  // Waits for the response to `id`; other messages stay queued.
  void receive_response(message_id id, behavior bhvr);

  // Run by a spawned blocking actor's thread.
  virtual void act() {}

  // Terminates now (blocking actors have no "after the current handler").
  void finish(error reason) { cleanup(std::move(reason)); }

protected:
  void wake_up(execution_unit* ctx) override;

private:
  using clock = std::chrono::steady_clock;
  void receive_impl(behavior& bhvr);
  // exit_reason::kill: quits and throws actor_exited (nothing can trap a kill).
  void throw_if_killed(mailbox_element* e);
  // The next message, or nullptr when `deadline` passed.
  mailbox_element* dequeue(const clock::time_point* deadline);

  std::mutex mtx_;
  std::condition_variable cv_;
};

} // namespace troupe
