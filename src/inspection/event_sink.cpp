// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "event_sink.hpp"

#include <chrono>

#include "troupe/abstract_actor.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/send.hpp"

namespace troupe::inspection {

namespace {

// Events are for people: a message's text is cut here, so that one huge
// message cannot fill the buffer or the link to the nexus.
constexpr std::size_t max_text = 256;

std::string cut(std::string text) {
  if (text.size() > max_text) {
    text.resize(max_text);
    text += "...";
  }
  return text;
}

std::string actor_text(const abstract_actor& x) {
  return std::string{x.name()} + "#" + std::to_string(x.id());
}

} // namespace

event_sink::event_sink(std::string node, event_buffer& buffer, const std::atomic<mirror_level>& level)
  : node_(std::move(node)), buffer_(buffer), level_(level) {}

bool event_sink::keep(event_kind kind, std::string text) {
  probe_event e{node_, std::chrono::system_clock::now(), kind, cut(std::move(text))};
  if (log_)
    log_->add(e);
  return reader_ && buffer_.push(std::move(e));
}

void event_sink::record(event_kind kind, std::string text) noexcept {
  if (!enabled())
    return;
  try {
    if (keep(kind, std::move(text)))
      anon_send(reader_, wake_atom{});
  } catch (...) {
    // Out of memory while reporting: the event is lost, the node goes on.
  }
}

void event_sink::record_here(event_kind kind, std::string text) noexcept {
  if (!enabled())
    return;
  try {
    keep(kind, std::move(text));
  } catch (...) {}
}

void event_sink::dead_letter(const abstract_actor& receiver, const mailbox_element& e) noexcept {
  if (!enabled() || (reader_ && reader_.ctrl()->get() == &receiver))
    return;
  try {
    auto from = e.sender ? to_string(actor_cast<actor>(e.sender)) : std::string{"(no sender)"};
    record(event_kind::dead_letter, "to " + actor_text(receiver) + " from " + from + ": " + to_string(e.content));
  } catch (...) {}
}

void event_sink::actor_failed(const abstract_actor& who, const error& reason) noexcept {
  if (!enabled())
    return;
  try {
    record(event_kind::actor_failed, actor_text(who) + " ended: " + to_string(reason));
  } catch (...) {}
}

} // namespace troupe::inspection
