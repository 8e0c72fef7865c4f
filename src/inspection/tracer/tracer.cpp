// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "tracer.hpp"

#include <array>
#include <random>
#include <string_view>

#include "troupe/abstract_actor.hpp"
#include "troupe/atom.hpp"
#include "troupe/detail/cycle_count.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/trace_context.hpp"

namespace troupe::inspection {

namespace {

std::atomic<std::uint64_t> next_serial{1};

// Small direct-mapped caches: a thread sees the same few actors and message
// types over and over, and finds each name without the tracer's lock.
constexpr std::size_t cache_slots = 64;

std::uint64_t splitmix(std::uint64_t& state) noexcept {
  auto z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t nonzero(std::uint64_t& state) noexcept {
  auto x = splitmix(state);
  return x != 0 ? x : 1;
}

bool is_atom_constant(type_id t) noexcept {
  return t->name.starts_with("troupe::atom_constant<");
}

} // namespace

struct tracer::thread_state {
  struct actor_entry {
    std::uint64_t id = 0;
    const std::string* name = nullptr;
  };
  struct message_entry {
    type_id type = nullptr;
    std::uint64_t value = 0; // an atom_value's value; 0 for other types
    const std::string* name = nullptr;
  };

  std::uint64_t serial = 0; // the tracer whose ring `ring` is; 0: none yet
  span_ring* ring = nullptr;
  std::uint32_t number = 0;
  std::uint64_t random = 0;
  trace_context current;
  span_record open;
  bool is_open = false;
  std::array<actor_entry, cache_slots> actors{};
  std::array<message_entry, cache_slots> messages{};
};

tracer::tracer(std::set<std::string> names, std::size_t ring_capacity)
  : serial_(next_serial.fetch_add(1)), names_(std::move(names)), ring_capacity_(ring_capacity) {}

tracer::~tracer() = default;

bool tracer::wants(const abstract_actor& who) const {
  if (names_.empty())
    return true;
  const char* name = who.name();
  return name != nullptr && names_.count(name) > 0;
}

tracer::thread_state& tracer::attach() noexcept {
  static constinit thread_local thread_state state;
  auto& t = state;
  if (t.serial == serial_) [[likely]]
    return t;
  // This thread's first span for this tracer: a ring of its own, fresh caches.
  t = thread_state{};
  t.serial = serial_;
  try {
    std::random_device seed;
    t.random = (std::uint64_t{seed()} << 32) ^ seed() ^ serial_;
    auto ring = std::make_unique<span_ring>(ring_capacity_);
    std::lock_guard guard{mtx_};
    t.number = static_cast<std::uint32_t>(rings_.size());
    t.ring = ring.get();
    rings_.push_back(std::move(ring));
  } catch (...) {
    t.ring = nullptr; // its spans are counted as lost
  }
  return t;
}

const std::string* tracer::intern(std::string text) {
  std::lock_guard guard{mtx_};
  return &*interned_.insert(std::move(text)).first;
}

const std::string* tracer::actor_name(thread_state& t, const abstract_actor& who) {
  auto& slot = t.actors[who.id() % cache_slots];
  if (slot.id != who.id() || slot.name == nullptr) {
    const char* name = who.name();
    slot.name = intern(name != nullptr ? name : "actor");
    slot.id = who.id();
  }
  return slot.name;
}

const std::string* tracer::message_name(thread_state& t, const message& msg) {
  if (msg.empty()) {
    auto& slot = t.messages[0];
    if (slot.type != nullptr || slot.name == nullptr) {
      slot = {nullptr, 0, intern("()")};
    }
    return slot.name;
  }
  auto type = msg.type_at(0);
  std::uint64_t value = 0;
  if (type == type_id_of<atom_value>())
    value = static_cast<std::uint64_t>(msg.get_as<atom_value>(0));
  auto key = reinterpret_cast<std::uintptr_t>(type) ^ value;
  auto& slot = t.messages[(key >> 4) % cache_slots];
  if (slot.type != type || slot.value != value || slot.name == nullptr) {
    // An atom by its text in quotes, as the message text format writes it.
    std::string text;
    if (value != 0)
      text = to_string(static_cast<atom_value>(value));
    else if (is_atom_constant(type))
      type->stringify(text, msg.at(0));
    else
      text = type->name;
    if (value != 0 || is_atom_constant(type)) {
      if (text.size() < 2 || text.front() != '\'')
        text = "'" + text + "'";
    }
    slot = {type, value, intern(std::move(text))};
  }
  return slot.name;
}

void tracer::begin(const abstract_actor& receiver, const mailbox_element& e) noexcept {
  auto& t = attach();
  auto& s = t.open;
  try {
    s.actor_name = actor_name(t, receiver);
    s.message_name = message_name(t, e.content);
  } catch (...) {
    lost_.fetch_add(1, std::memory_order_relaxed);
    return; // untraced: without a name the span would say nothing
  }
  if (e.trace) {
    t.current.trace_high = e.trace->trace_high;
    t.current.trace_low = e.trace->trace_low;
    s.parent = e.trace->span;
  } else { // a message from outside any trace starts one
    t.current.trace_high = splitmix(t.random);
    t.current.trace_low = nonzero(t.random);
    s.parent = 0;
  }
  t.current.span = nonzero(t.random);
  s.trace_high = t.current.trace_high;
  s.trace_low = t.current.trace_low;
  s.span = t.current.span;
  s.actor = receiver.id();
  s.message_id = e.mid.value();
  s.thread = t.number;
  t.is_open = true;
  detail::current_trace_slot = &t.current;
  s.start = detail::cycle_count();
}

void tracer::end() noexcept {
  auto now = detail::cycle_count();
  auto& t = attach();
  detail::current_trace_slot = nullptr;
  if (!t.is_open)
    return;
  t.is_open = false;
  t.open.end = now;
  if (t.ring == nullptr || !t.ring->push(t.open))
    lost_.fetch_add(1, std::memory_order_relaxed);
}

std::size_t tracer::collect(std::vector<span_record>& out) {
  std::lock_guard guard{mtx_};
  std::size_t n = 0;
  for (auto& ring : rings_)
    n += ring->drain(out);
  return n;
}

} // namespace troupe::inspection
