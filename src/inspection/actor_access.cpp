// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "actor_access.hpp"

#include <algorithm>
#include <array>

#include "troupe/abstract_actor.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/detail/actor_tracker.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/send.hpp"
#include "troupe/serialization/message_codec.hpp"

#include "statistics_reader.hpp"

namespace troupe::inspection {

namespace {

error no_such_actor(actor_id id) {
  return error{sec::invalid_argument, "no actor " + std::to_string(id) + " (or it keeps no statistics)"};
}

// Calls f with the statistics of actor `id` while it cannot end; false if it is not listed.
template <class F>
bool with_statistics(actor_system& sys, actor_id id, F&& f) {
  bool found = false;
  sys.tracker().for_each([&](detail::actor_statistics& s) {
    if (!found && s.ctrl()->id() == id) {
      found = true;
      f(s);
    }
  });
  return found;
}

std::vector<std::string> addresses(const std::vector<actor_addr>& xs) {
  std::vector<std::string> out;
  out.reserve(xs.size());
  for (auto& x : xs)
    out.push_back(to_string(x));
  return out;
}

std::string sender_text(const strong_actor_ptr& sender) {
  return sender ? to_string(actor_cast<actor>(sender)) : std::string{"(no sender)"};
}

// The reason named `text` in `out`; else the error that says which names there are.
error parse_exit_reason(std::string_view text, exit_reason& out) {
  if (text.empty()) {
    out = exit_reason::kill;
    return {};
  }
  for (auto i = 0; i <= static_cast<int>(exit_reason::remote_link_unreachable); ++i) {
    auto x = static_cast<exit_reason>(i);
    if (text == to_string(x)) {
      out = x;
      return {};
    }
  }
  return error{sec::invalid_argument, "no exit reason " + std::string{text}
                                        + " (normal, unhandled_exception, unknown, out_of_workers, user_shutdown, "
                                          "kill, unreachable or remote_link_unreachable)"};
}

std::string actor_text(const actor& x) {
  auto* self = x.ctrl()->get();
  return std::string{self->name()} + "#" + std::to_string(self->id());
}

} // namespace

expected<actor> find_actor(actor_system& sys, actor_id id) {
  strong_actor_ptr found;
  with_statistics(sys, id, [&](detail::actor_statistics& s) {
    if (s.ctrl()->try_upgrade())
      found = strong_actor_ptr{s.ctrl(), false};
  });
  if (!found)
    return no_such_actor(id);
  return actor_cast<actor>(std::move(found));
}

expected<actor_details> describe_actor(actor_system& sys, actor_id id) {
  auto who = find_actor(sys, id);
  if (!who)
    return who.error();
  actor_details out;
  statistics_reader read{sys.tracker()};
  if (!with_statistics(sys, id, [&](detail::actor_statistics& s) { out.statistics = read(s); }))
    return no_such_actor(id);
  auto* self = who->ctrl()->get();
  out.links = addresses(self->links());
  out.monitors = addresses(self->monitored_by());
  return out;
}

expected<std::vector<std::string>> peek_actor(actor_system& sys, actor_id id, std::size_t max) {
  // Copy under the lock (a message handle and a sender), print outside it.
  std::vector<std::pair<strong_actor_ptr, message>> waiting;
  std::uint64_t held = 0;
  auto found = with_statistics(sys, id, [&](detail::actor_statistics& s) {
    held = detail::actor_tracker::peek(s, [&](const mailbox_element& e) { waiting.emplace_back(e.sender, e.content); });
  });
  if (!found)
    return no_such_actor(id);
  std::reverse(waiting.begin(), waiting.end()); // the mailbox lists the newest first
  std::vector<std::string> out;
  auto shown = std::min(waiting.size(), max);
  for (std::size_t i = 0; i < shown; ++i)
    out.push_back("from " + sender_text(waiting[i].first) + ": " + to_string(waiting[i].second));
  if (waiting.size() > shown)
    out.push_back("... and " + std::to_string(waiting.size() - shown) + " more");
  if (held > 0)
    out.push_back("(" + std::to_string(held) + " more taken by the actor and not finished)");
  return out;
}

expected<std::string> send_text(actor_system& sys, actor_id id, std::string_view text, const actor& from) {
  auto msg = message_from_string(sys, text);
  if (!msg)
    return msg.error();
  auto to = find_actor(sys, id);
  if (!to)
    return to.error();
  if (from)
    send_as(from, *to, std::move(*msg));
  else
    anon_send(*to, std::move(*msg));
  return actor_text(*to);
}

expected<std::string> kill_actor(actor_system& sys, actor_id id, std::string_view reason) {
  exit_reason why = exit_reason::kill;
  if (auto err = parse_exit_reason(reason, why))
    return err;
  auto to = find_actor(sys, id);
  if (!to)
    return to.error();
  anon_send_exit(*to, why);
  return actor_text(*to);
}

} // namespace troupe::inspection
