// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "event_sink.hpp"

#include <chrono>
#include <cstdio>

#include "troupe/abstract_actor.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/send.hpp"

#include "recorder/flight_recorder.hpp"

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

namespace {

flight_kind flight_kind_of(event_kind k) noexcept {
  switch (k) {
    case event_kind::connection_up:
      return flight_kind::connection_up;
    case event_kind::connection_down:
      return flight_kind::connection_down;
    case event_kind::dead_letter:
      return flight_kind::dead_letter;
    case event_kind::actor_failed:
      return flight_kind::failure;
    case event_kind::delivery_failed:
      return flight_kind::delivery_failed;
    case event_kind::message:
      return flight_kind::message;
    default:
      return flight_kind::other;
  }
}

} // namespace

bool event_sink::keep(event_kind kind, std::string text) {
  if (flight_)
    flight_recorder::add(flight_kind_of(kind), 0, text);
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

void event_sink::actor_spawned(const abstract_actor& who) noexcept {
  flight_recorder::add(flight_kind::spawn, who.id(), who.name() != nullptr ? who.name() : "");
}

void event_sink::actor_exited(const abstract_actor& who, const error& reason) noexcept {
  // A normal end or an unreachable actor, the common cases, cost no string.
  char text[flight_text_capacity];
  const char* name = who.name() != nullptr ? who.name() : "";
  if (!reason || reason == exit_reason::unreachable) {
    std::snprintf(text, sizeof text, "%s %s", name, !reason ? "normal" : "unreachable");
    flight_recorder::add(flight_kind::exit, who.id(), text);
    return;
  }
  try {
    flight_recorder::add(flight_kind::exit, who.id(), std::string{name} + " " + to_string(reason));
  } catch (...) {}
}

bool event_sink::records(const abstract_actor& who) noexcept {
  try {
    return (messages_ != nullptr && messages_->wants(who)) || (tracer_ != nullptr && tracer_->wants(who));
  } catch (...) {
    return false;
  }
}

void event_sink::message_taken(const abstract_actor& receiver, const mailbox_element& e) noexcept {
  // With one of the two running, every actor reported is one it chose; with
  // both, each asks again.
  try {
    if (messages_ != nullptr && (tracer_ == nullptr || messages_->wants(receiver)))
      messages_->add(receiver, e);
    if (tracer_ != nullptr && (messages_ == nullptr || tracer_->wants(receiver)))
      tracer_->begin(receiver, e);
  } catch (...) {
    // a name that could not be compared: the message goes unrecorded
  }
}

void event_sink::message_done(const abstract_actor&) noexcept {
  if (tracer_ != nullptr)
    tracer_->end();
}

void event_sink::actor_failed(const abstract_actor& who, const error& reason) noexcept {
  if (!enabled())
    return;
  try {
    record(event_kind::actor_failed, actor_text(who) + " ended: " + to_string(reason));
  } catch (...) {}
}

} // namespace troupe::inspection
