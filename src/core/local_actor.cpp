// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/local_actor.hpp"

#include <algorithm>
#include <exception>
#include <string>

#include "detail/actor_tracking.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/logger.hpp"
#include "troupe/response_promise.hpp"

namespace troupe {

local_actor::local_actor() noexcept = default;

local_actor::~local_actor() {
  // cleanup() normally ran already (quit or unreachable); this catches actors
  // that never started, e.g. when construction of a subclass failed.
  if (statistics_on_ && !cleaned_up_)
    stop_tracking();
  while (stash_head_ != nullptr) {
    mailbox_element_ptr e{stash_head_};
    stash_head_ = e->next;
  }
}

local_actor::extras& local_actor::ext() {
  if (!extras_)
    extras_ = std::make_unique<extras>();
  return *extras_;
}

// ---- mailbox -----------------------------------------------------------------

void local_actor::refuse(mailbox_element_ptr e, execution_unit* ctx) {
  home_system().count_dead_letter();
  if (auto* events = home_system().events())
    events->dead_letter(*this, *e);
  bounce(std::move(e), sec::request_receiver_down, ctx);
}

bool local_actor::enqueue(mailbox_element_ptr e, execution_unit* ctx) {
  auto* raw = e.get(); // a local: the counts' thread-local stores need not reload it
  if (statistics_on_) [[unlikely]]
    count_enqueue(raw);
  switch (mailbox_.enqueue(raw)) {
    case detail::enqueue_result::success:
      e.release(); // the mailbox owns it now
      return true;
    case detail::enqueue_result::unblocked_reader:
      e.release();
      wake_up(ctx);
      return true;
    default:
      refuse(std::move(e), ctx);
      return false;
  }
}

void local_actor::stash(mailbox_element_ptr owned) noexcept {
  auto* e = owned.release(); // the stash's intrusive list owns it now
  e->next = nullptr;
  if (stash_tail_ == nullptr) {
    stash_head_ = stash_tail_ = e;
  } else {
    stash_tail_->next = e;
    stash_tail_ = e;
  }
}

void local_actor::unstash() noexcept {
  if (stash_head_ == nullptr)
    return;
  mailbox_.prepend(stash_head_, stash_tail_);
  stash_head_ = stash_tail_ = nullptr;
}

// ---- current message -----------------------------------------------------------

const message& local_actor::current_message() const noexcept {
  static const message empty;
  return current_ != nullptr ? current_->content : empty;
}

sender_handle local_actor::current_sender() const noexcept {
  return current_ != nullptr ? sender_handle{current_->sender} : sender_handle{};
}

message_id local_actor::current_message_id() const noexcept {
  return current_ != nullptr ? current_->mid : message_id{};
}

// ---- responses ---------------------------------------------------------------------

void local_actor::respond_to(mailbox_element* e, message msg) {
  if (e->mid.is_answered() || e->mid.is_response())
    return;
  if (!e->sender) {
    if (e->mid.is_request())
      e->mid = e->mid.answered();
    return;
  }
  auto* ctx = scheduler::current_worker();
  if (e->mid.is_request()) {
    auto id = e->mid.response_id();
    e->mid = e->mid.answered();
    e->sender->get()->enqueue(make_mailbox_element(strong_actor_ptr{ctrl()}, id, std::move(msg)), ctx);
  } else if (!msg.empty()) {
    e->sender->get()->enqueue(make_mailbox_element(strong_actor_ptr{ctrl()}, message_id{}, std::move(msg)), ctx);
  }
}

void local_actor::respond(message msg) {
  if (current_ != nullptr)
    respond_to(current_, std::move(msg));
}

response_promise local_actor::make_response_promise() {
  if (current_ == nullptr || !current_->mid.is_request())
    return response_promise{strong_actor_ptr{ctrl()}, current_ ? current_->sender : nullptr, message_id{}};
  auto mid = current_->mid;
  current_->mid = mid.answered(); // the promise answers it
  return response_promise{strong_actor_ptr{ctrl()}, current_->sender, mid};
}

message_id local_actor::send_request(const actor& dest, timespan timeout, message msg) {
  auto id = new_request_id();
  auto* ctx = scheduler::current_worker();
  auto e = make_mailbox_element(strong_actor_ptr{ctrl()}, id, std::move(msg));
  if (dest)
    dest.ctrl()->get()->enqueue(std::move(e), ctx);
  else
    bounce(std::move(e), sec::request_receiver_down, ctx);
  if (timeout != detail::infinite_timeout)
    schedule_timeout_response(id.response_id(), timeout);
  return id;
}

void local_actor::schedule_message(strong_actor_ptr dest, timespan delay, mailbox_element_ptr e) {
  if (!dest)
    return;
  system().schedule_timer_after(delay, [dest = std::move(dest), elem = std::move(e)]() mutable {
    dest->get()->enqueue(std::move(elem), scheduler::current_worker());
  });
}

void local_actor::schedule_timeout_response(message_id response_id, timespan delay) {
  // Weak: a timeout for an actor that no longer exists is discarded silently.
  system().schedule_timer_after(delay, [self = address(), response_id] {
    if (auto ptr = self.lock())
      ptr->get()->enqueue(make_mailbox_element(nullptr, response_id, error{sec::request_timeout}),
                          scheduler::current_worker());
  });
}

void local_actor::invoke_response_handler(mailbox_element* e, behavior& bhvr) {
  detail::invoke_result res;
  if (bhvr.invoke(e->content, res))
    return;
  if (auto* err = e->content.get_if<error>(0); err != nullptr && e->content.size() == 1) {
    if (*err == sec::request_timeout && bhvr.has_timeout()) {
      bhvr.handle_timeout();
      return;
    }
    // No error handler: the requester terminates with the error as its exit reason.
    quit(*err);
    return;
  }
  quit(error{sec::unexpected_response, to_string(e->content)});
}

local_actor::handled local_actor::handle_response(mailbox_element* e) {
  if (!extras_)
    return handled::consumed; // nobody waits for it (e.g. it arrived after a timeout)
  auto& rs = extras_->responses;
  auto id = e->mid.request_id();
  auto i = rs.multiplexed.find(id.value());
  // Awaited responses nest: only the newest (back) may run. Every other
  // response still expected -- an older await's or a then()'s -- waits in the
  // stash until the awaits made after it have been answered.
  if (!rs.awaited.empty()) {
    if (rs.awaited.back().first == id) {
      auto bhvr = std::move(rs.awaited.back().second);
      rs.awaited.pop_back();
      behavior_changed_ = true; // skipped messages get another chance
      invoke_response_handler(e, bhvr);
      return handled::consumed;
    }
    auto expected = i != rs.multiplexed.end()
                    || std::any_of(rs.awaited.begin(), rs.awaited.end(), [id](auto& x) { return x.first == id; });
    return expected ? handled::deferred : handled::consumed;
  }
  if (i != rs.multiplexed.end()) {
    auto bhvr = std::move(i->second);
    rs.multiplexed.erase(i);
    invoke_response_handler(e, bhvr);
  }
  return handled::consumed;
}

// ---- processing -----------------------------------------------------------------------

local_actor::handled local_actor::invoke(mailbox_element* e, behavior& bhvr) {
  auto& msg = e->content;
  if (e->mid.is_response())
    return handle_response(e);
  if (msg.size() == 1) {
    auto t = msg.type_at(0);
    if (t == type_id_of<exit_msg>()) {
      auto& em = msg.get_mutable_as<exit_msg>(0);
      remove_link(em.source);
      if (extras_ && extras_->exit_handler && em.reason != exit_reason::kill) {
        extras_->exit_handler(em);
      } else if (em.reason != exit_reason::normal) {
        quit(em.reason);
      }
      return handled::consumed;
    }
    if (t == type_id_of<down_msg>()) {
      if (extras_ && extras_->down_handler) {
        extras_->down_handler(msg.get_mutable_as<down_msg>(0));
      } else {
        detail::invoke_result res;
        bhvr.invoke(msg, res); // unmatched down messages are dropped, never skipped
      }
      return handled::consumed;
    }
    if (t == type_id_of<timeout_msg>()) {
      if (msg.get_as<timeout_msg>(0).id != timeout_id_ || awaiting_response())
        return handled::ignored;
      bhvr.handle_timeout();
      return handled::consumed;
    }
  }
  if (awaiting_response())
    return handled::deferred; // await: only the response may pass
  detail::invoke_result res;
  if (bhvr.invoke(msg, res)) {
    if (res.kind == detail::invoke_result::skipped)
      return handled::skipped; // the handler asked to keep it, whatever the default handler says
    if (res.kind == detail::invoke_result::reply)
      respond_to(e, std::move(res.value));
    else if (e->mid.is_request())
      respond_to(e, message{}); // void handler: an empty response ends the request
    return handled::consumed;
  }
  if (statistics_on_) [[unlikely]]
    statistics().count_unmatched();
  switch (default_handler_) {
    case default_handler_kind::skip:
      return handled::skipped;
    case default_handler_kind::print_and_drop:
      log_dropped(msg);
      [[fallthrough]];
    case default_handler_kind::drop:
      if (e->mid.is_request())
        respond_to(e, make_message(error{sec::unexpected_message}));
      return handled::consumed;
    case default_handler_kind::reflect_and_quit:
      respond_to(e, msg);
      quit(sec::unexpected_message);
      return handled::consumed;
  }
  return handled::consumed;
}

// Out of line and cold, so that invoke() stays as small as without it.
[[gnu::cold, gnu::noinline]] void local_actor::log_dropped(const message& msg) const {
  if (auto& lg = system().logger(); lg.accepts(log_level::warning, "core"))
    lg.log(log_level::warning, "core", "dropped unexpected message " + to_string(msg), this);
}

// ---- behavior ------------------------------------------------------------------------

void local_actor::do_become(behavior bhvr, bool discard_old) {
  if (terminating_)
    return;
  if (discard_old && !bhvr_stack_.empty())
    bhvr_stack_.pop_back(current_ != nullptr, retired_bhvr_);
  if (bhvr)
    bhvr_stack_.push_back(std::move(bhvr));
  behavior_changed_ = true;
  ++behavior_generation_;
  ++timeout_id_; // a new behavior invalidates the old timeout
}

void local_actor::unbecome() {
  if (!bhvr_stack_.empty())
    bhvr_stack_.pop_back(current_ != nullptr, retired_bhvr_);
  behavior_changed_ = true;
  ++behavior_generation_;
  ++timeout_id_;
}

void local_actor::quit_if_idle() {
  if (!terminating_ && bhvr_stack_.empty() && !has_pending_responses())
    quit(exit_reason::normal);
}

void local_actor::quit(error reason) {
  if (terminating_)
    return;
  terminating_ = true;
  pending_reason_ = std::move(reason);
}

// ---- links and monitors ------------------------------------------------------------

void local_actor::send_exit(const actor& dest, error reason) {
  if (dest)
    dest.ctrl()->get()->enqueue(make_mailbox_element(nullptr, message_id{}, exit_msg{address(), std::move(reason)}),
                                scheduler::current_worker());
}

void local_actor::link_to(const actor& other) {
  if (!other || other.ctrl() == ctrl())
    return;
  error reason;
  if (!other.ctrl()->get()->add_link(address(), &reason)) {
    // Already gone: we learn about it like any linked actor would.
    enqueue(make_mailbox_element(nullptr, message_id{}, exit_msg{other.address(), std::move(reason)}),
            scheduler::current_worker());
    return;
  }
  error ignored;
  add_link(other.address(), &ignored);
}

void local_actor::link_to(const actor_addr& other) {
  if (auto ptr = other.lock())
    link_to(actor{std::move(ptr)});
  else if (other)
    enqueue(make_mailbox_element(nullptr, message_id{}, exit_msg{other, error{exit_reason::unknown}}),
            scheduler::current_worker());
}

void local_actor::unlink_from(const actor& other) {
  if (!other)
    return;
  other.ctrl()->get()->remove_link(address());
  remove_link(other.address());
}

void local_actor::unlink_from(const actor_addr& other) {
  if (auto ptr = other.lock())
    unlink_from(actor{std::move(ptr)});
  else
    remove_link(other);
}

void local_actor::monitor(const actor& other) {
  if (!other)
    return;
  error reason;
  if (!other.ctrl()->get()->add_monitor(address(), &reason))
    enqueue(make_mailbox_element(nullptr, message_id{}, down_msg{other.address(), std::move(reason)}),
            scheduler::current_worker());
}

void local_actor::monitor(const actor_addr& other) {
  if (auto ptr = other.lock())
    monitor(actor{std::move(ptr)});
  else if (other)
    enqueue(make_mailbox_element(nullptr, message_id{}, down_msg{other, error{exit_reason::unknown}}),
            scheduler::current_worker());
}

void local_actor::demonitor(const actor& other) {
  if (other)
    other.ctrl()->get()->remove_monitor(address());
}

void local_actor::demonitor(const actor_addr& other) {
  if (auto ptr = other.lock())
    ptr->get()->remove_monitor(address());
}

void local_actor::monitor(const node_id& node) {
  if (node == home_system().node())
    return;
  if (auto* service = home_system().node_monitors())
    service->monitor_node(node, address());
  else
    enqueue(make_mailbox_element(nullptr, message_id{},
                                 node_down_msg{node, error{exit_reason::remote_link_unreachable, "no network layer"}}),
            scheduler::current_worker());
}

void local_actor::demonitor(const node_id& node) {
  if (auto* service = home_system().node_monitors())
    service->demonitor_node(node, address());
}

node_monitor_service::~node_monitor_service() = default;

actor_events::~actor_events() = default;

void actor_events::actor_spawned(const abstract_actor&) noexcept {
  // nothing by default
}

void actor_events::actor_exited(const abstract_actor&, const error&) noexcept {
  // nothing by default
}

bool actor_events::records(const abstract_actor&) noexcept {
  return false;
}

void actor_events::message_taken(const abstract_actor&, const mailbox_element&) noexcept {
  // nothing: only a receiver that records actors overrides it
}

void actor_events::message_done(const abstract_actor&) noexcept {
  // nothing: only a receiver that traces actors overrides it
}

void local_actor::report_taken(const mailbox_element& e) noexcept {
  if (auto* events = home_system().events(); events != nullptr)
    events->message_taken(*this, e);
}

void local_actor::report_done() noexcept {
  if (auto* events = home_system().events(); events != nullptr)
    events->message_done(*this);
  // A tracer removed while the handler ran cannot end its span: its trace
  // must not ride on what this thread sends next.
  detail::current_trace_slot = nullptr;
}

void local_actor::join(const group& g) {
  if (g && !terminating_ && g->subscribe(address()))
    ext().joined_groups.insert(g);
}

void local_actor::leave(const group& g) {
  if (!g)
    return;
  g->unsubscribe(address());
  if (extras_)
    extras_->joined_groups.erase(g);
}

const std::unordered_set<group>& local_actor::joined_groups() const noexcept {
  static const std::unordered_set<group> none_joined;
  return extras_ ? extras_->joined_groups : none_joined;
}

void local_actor::set_exit_handler(std::function<void(exit_msg&)> f) {
  ext().exit_handler = std::move(f);
}

void local_actor::set_down_handler(std::function<void(down_msg&)> f) {
  ext().down_handler = std::move(f);
}

// ---- termination -----------------------------------------------------------------------

void local_actor::cleanup(error reason) {
  if (cleaned_up_)
    return;
  cleaned_up_ = true;
  terminating_ = true;
  if (statistics_on_)
    stop_tracking(); // no longer live: inspection stops listing it
  auto* ctx = scheduler::current_worker();
  // Messages still waiting are dead letters; inspection hears of them (and of
  // a failure below) only off the normal path: an idle actor that exits
  // normally looks up nothing.
  auto drop = [&](mailbox_element_ptr e) {
    if (!hidden_) {
      home_system().count_dead_letter();
      if (auto* events = home_system().events()) [[unlikely]]
        events->dead_letter(*this, *e);
    }
    bounce(std::move(e), sec::request_receiver_down, ctx);
  };
  mailbox_.close([&](mailbox_element* e) { drop(mailbox_element_ptr{e}); });
  while (stash_head_ != nullptr) {
    mailbox_element_ptr e{stash_head_};
    stash_head_ = e->next;
    drop(std::move(e));
  }
  stash_tail_ = nullptr;
  bhvr_stack_.clear();
  retired_bhvr_ = behavior{};
  extras_.reset();
  on_exit(); // state goes before anyone learns of the termination
  if (!hidden_) {
    if (auto* events = home_system().events()) [[unlikely]] {
      if (reason && reason != exit_reason::user_shutdown)
        events->actor_failed(*this, reason);
      if (events->wants_lifecycle())
        events->actor_exited(*this, reason);
    }
  }
  finalize_links(std::move(reason));
  if (!hidden_)
    system().actor_done();
}

void local_actor::on_unreachable() {
  if (!cleaned_up_)
    cleanup(exit_reason::unreachable);
}

} // namespace troupe
