// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/serialization/type_registry.hpp"

#include <algorithm>

#include "troupe/actor_system.hpp"
#include "troupe/serialization/announce.hpp"
#include "troupe/serialization/message_codec.hpp"
#include "troupe/serialization/text_printer.hpp"

namespace troupe {

type_registry::type_registry() = default;

namespace {

// Built-in wire codes. Part of the binary format: never renumber, only append.
template <class T>
void add_builtin(type_registry& reg, std::uint8_t code) {
  reg.add(std::make_unique<detail::typed_entry<T>>(type_name<T>(), std::vector<std::string>{}), code);
}

void add_builtins(type_registry& reg) {
  add_builtin<bool>(reg, 1);
  add_builtin<std::int8_t>(reg, 2);
  add_builtin<std::int16_t>(reg, 3);
  add_builtin<std::int32_t>(reg, 4);
  add_builtin<std::int64_t>(reg, 5);
  add_builtin<std::uint8_t>(reg, 6);
  add_builtin<std::uint16_t>(reg, 7);
  add_builtin<std::uint32_t>(reg, 8);
  add_builtin<std::uint64_t>(reg, 9);
  add_builtin<float>(reg, 10);
  add_builtin<double>(reg, 11);
  add_builtin<std::string>(reg, 12);
  add_builtin<atom_value>(reg, 13);
  add_builtin<error>(reg, 14);
  add_builtin<actor>(reg, 15);
  add_builtin<actor_addr>(reg, 16);
  add_builtin<exit_msg>(reg, 17);
  add_builtin<down_msg>(reg, 18);
  add_builtin<timeout_msg>(reg, 19);
  add_builtin<char>(reg, 20);
  add_builtin<std::vector<std::int32_t>>(reg, 21);
  add_builtin<std::vector<std::int64_t>>(reg, 22);
  add_builtin<std::vector<double>>(reg, 23);
  add_builtin<std::vector<std::string>>(reg, 24);
  add_builtin<std::vector<atom_value>>(reg, 25);
  add_builtin<std::vector<bool>>(reg, 26);
}

// to_string(message)'s printer for one element: announced non-built-in types
// in the record format (name{field = value, ...}); an element the literal
// rules would read back as another type (int16, float, 2.0, variants, ...) in
// the cast form type(value); text that cannot be parsed at all (valid actor
// handles) as it is.
void print_element(std::string& out, type_id type, const void* value) {
  auto* e = type_registry::global().find(type);
  if (e == nullptr) {
    type->stringify(out, value);
    return;
  }
  std::string text;
  if (e->builtin_code() == 0) {
    text_printer f{text};
    e->print(f, value);
  } else {
    type->stringify(text, value);
  }
  if (detail::untyped_literal_type(text) == e || !detail::text_parses_as(e, text)) {
    out += text;
  } else {
    out += e->name();
    out += '(';
    out += text;
    out += ')';
  }
}

// Installed at start-up in every program that links the registry, and again
// by global() in case a static initializer elsewhere gets there first.
[[maybe_unused]] const bool element_printer_installed = (detail::set_element_printer(&print_element), true);

} // namespace

type_registry& type_registry::global() {
  static type_registry* instance = [] {
    auto* reg = new type_registry;
    add_builtins(*reg);
    detail::set_element_printer(&print_element);
    return reg;
  }();
  return *instance;
}

type_registry& actor_system::types() noexcept {
  return type_registry::global();
}

const type_entry* type_registry::find(type_id id) const noexcept {
  auto slot = slot_of(id);
  for (std::size_t i = 0; i < table_size; ++i) {
    auto* e = table_[(slot + i) & (table_size - 1)].load(std::memory_order_acquire);
    if (e == nullptr)
      return nullptr;
    if (e->id() == id)
      return e;
  }
  return find_locked(id); // table full: the rest lives in the map only
}

const type_entry* type_registry::find_locked(type_id id) const {
  std::shared_lock guard{mtx_};
  auto i = by_id_.find(id);
  return i != by_id_.end() ? i->second : nullptr;
}

const type_entry* type_registry::find(std::string_view name) const {
  std::shared_lock guard{mtx_};
  auto i = by_name_.find(name);
  return i != by_name_.end() ? i->second : nullptr;
}

std::vector<const type_entry*> type_registry::list() const {
  std::shared_lock guard{mtx_};
  std::vector<const type_entry*> result;
  result.reserve(by_name_.size());
  for (auto& [name, e] : by_name_)
    result.push_back(e);
  return result;
}

std::size_t type_registry::size() const {
  std::shared_lock guard{mtx_};
  return entries_.size();
}

error type_registry::add(std::unique_ptr<type_entry> entry, std::uint8_t code) {
  std::unique_lock guard{mtx_};
  if (by_id_.count(entry->id()) != 0)
    return error{};
  if (by_name_.count(entry->name()) != 0)
    return error{sec::invalid_argument, "type name already announced for another type: " + entry->name()};
  if (code != 0 && codes_[code].load(std::memory_order_relaxed) != nullptr)
    return error{sec::invalid_argument, "built-in wire code in use"};
  entry->code_ = code;
  const type_entry* e = entry.get();
  entries_.push_back(std::move(entry));
  by_name_.emplace(e->name(), e);
  by_id_.emplace(e->id(), e);
  if (code != 0)
    codes_[code].store(e, std::memory_order_release);
  auto slot = slot_of(e->id());
  for (std::size_t i = 0; i < table_size; ++i) {
    auto& cell = table_[(slot + i) & (table_size - 1)];
    if (cell.load(std::memory_order_relaxed) == nullptr) {
      cell.store(e, std::memory_order_release);
      break;
    }
  }
  return error{};
}

} // namespace troupe
