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
// them; readers load `count` and search without a lock.
struct names_entry {
  atom_value category;
  const char* names;
};

constexpr std::size_t max_categories = 128;
std::array<names_entry, max_categories> entries{};
std::atomic<std::size_t> count{0};
constinit std::mutex writer_mtx;

const char* find(atom_value category, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i)
    if (entries[i].category == category)
      return entries[i].names;
  return nullptr;
}

} // namespace

bool register_error_code_names(atom_value category, const char* names) noexcept {
  if (category == error_category<sec>::value || category == error_category<exit_reason>::value || names == nullptr)
    return false;
  std::lock_guard<std::mutex> guard{writer_mtx};
  auto n = count.load(std::memory_order_relaxed);
  if (const char* known = find(category, n))
    return std::strcmp(known, names) == 0; // the same enum, seen from another translation unit
  if (n == max_categories)
    return false;
  entries[n] = names_entry{category, names};
  count.store(n + 1, std::memory_order_release);
  return true;
}

const char* registered_error_code_names(atom_value category) noexcept {
  return find(category, count.load(std::memory_order_acquire));
}

} // namespace troupe
