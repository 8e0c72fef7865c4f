// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include <array>
#include <atomic>
#include <cstddef>
#include <cstring>
#include <mutex>

#include "troupe/error_code_enum.hpp"

namespace troupe {

namespace {

// Registration happens during static initialisation, so everything here is
// constant-initialised. Entries are written once, before `count` publishes
// them; readers load `count` and search without a lock. An entry has either
// names or a renderer.
struct names_entry {
  atom_value category;
  const char* names;
  error_code_renderer render;
};

constexpr std::size_t max_categories = 128;
std::array<names_entry, max_categories> entries{};
std::atomic<std::size_t> count{0};
constinit std::mutex writer_mtx;

const names_entry* find(atom_value category, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i)
    if (entries[i].category == category)
      return &entries[i];
  return nullptr;
}

bool reserved(atom_value category) noexcept {
  return category == error_category<sec>::value || category == error_category<exit_reason>::value;
}

// Adds `entry` unless its category is known; then `same` says whether the
// known entry is the same registration, seen from another translation unit.
template <class Same>
bool add(const names_entry& entry, Same same) noexcept {
  std::lock_guard<std::mutex> guard{writer_mtx};
  auto n = count.load(std::memory_order_relaxed);
  if (const auto* known = find(entry.category, n))
    return same(*known);
  if (n == max_categories)
    return false;
  entries[n] = entry;
  count.store(n + 1, std::memory_order_release);
  return true;
}

} // namespace

bool register_error_code_names(atom_value category, const char* names) noexcept {
  if (reserved(category) || names == nullptr)
    return false;
  return add(names_entry{category, names, nullptr},
             [&](const names_entry& known) { return known.names != nullptr && std::strcmp(known.names, names) == 0; });
}

bool register_error_code_renderer(atom_value category, error_code_renderer render) noexcept {
  if (reserved(category) || render == nullptr)
    return false;
  return add(names_entry{category, nullptr, render}, [&](const names_entry& known) { return known.render == render; });
}

const char* registered_error_code_names(atom_value category) noexcept {
  const auto* entry = find(category, count.load(std::memory_order_acquire));
  return entry != nullptr ? entry->names : nullptr;
}

error_code_renderer registered_error_code_renderer(atom_value category) noexcept {
  const auto* entry = find(category, count.load(std::memory_order_acquire));
  return entry != nullptr ? entry->render : nullptr;
}

} // namespace troupe
