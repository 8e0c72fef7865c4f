// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "dynamic_message.hpp"

#include <algorithm>
#include <cstring>
#include <new>

#include "troupe/detail/thread_cache.hpp"
#include "troupe/serialization/message_codec.hpp"
#include "troupe/serialization/type_registry.hpp"

namespace troupe {

// A payload whose element types are known only at run time. One block holds
//   message_data | elements | dyn_header | type_id[n] | const type_entry*[n] | uint32 offsets[n]
// and the header's message_layout points into the same block.

namespace {

struct dyn_header {
  detail::message_layout layout;
  std::uint32_t total;
};

// a is a power of two (an alignment): a mask, not a division.
constexpr std::size_t align_up(std::size_t x, std::size_t a) {
  return (x + a - 1) & ~(a - 1);
}

struct dyn_plan {
  std::size_t header_pos;
  std::size_t total;
};

dyn_plan plan(std::span<const type_entry* const> types, std::uint32_t* offsets) {
  std::size_t pos = sizeof(detail::message_data);
  for (std::size_t i = 0; i < types.size(); ++i) {
    pos = align_up(pos, types[i]->align());
    offsets[i] = static_cast<std::uint32_t>(pos);
    pos += types[i]->size();
  }
  pos = align_up(pos, alignof(dyn_header));
  auto header_pos = pos;
  pos += sizeof(dyn_header);
  pos += types.size() * (sizeof(type_id) + sizeof(const type_entry*) + sizeof(std::uint32_t));
  return {header_pos, align_up(pos, 16)};
}

dyn_header* header_of(const detail::message_data* p) {
  return const_cast<dyn_header*>(reinterpret_cast<const dyn_header*>(p->layout()));
}

const type_entry* const* entries_of(const dyn_header* h) {
  return reinterpret_cast<const type_entry* const*>(reinterpret_cast<const std::byte*>(h + 1)
                                                    + h->layout.size * sizeof(type_id));
}

void dyn_destroy(detail::message_data* p) noexcept;
detail::message_data* dyn_copy(const detail::message_data* src);

// Allocates and initializes the block laid out as `offsets` and `pl` say
// (plan's answer for `types`); elements are not constructed.
detail::message_data* dyn_build(std::span<const type_entry* const> types, const std::uint32_t* offsets, dyn_plan pl) {
  void* mem = detail::cached_allocate(pl.total);
  auto* base = static_cast<std::byte*>(mem);
  auto* h = reinterpret_cast<dyn_header*>(base + pl.header_pos);
  auto* ids = reinterpret_cast<type_id*>(h + 1);
  auto* ents = reinterpret_cast<const type_entry**>(ids + types.size());
  auto* offs = reinterpret_cast<std::uint32_t*>(ents + types.size());
  for (std::size_t i = 0; i < types.size(); ++i) {
    ids[i] = types[i]->id();
    ents[i] = types[i];
    offs[i] = offsets[i];
  }
  new (h) dyn_header{detail::message_layout{ids, offs, static_cast<std::uint32_t>(types.size()),
                                            static_cast<std::uint32_t>(pl.total), &dyn_copy, &dyn_destroy},
                     static_cast<std::uint32_t>(pl.total)};
  return new (mem) detail::message_data(&h->layout);
}

// Allocates and initializes the block; elements are not constructed.
detail::message_data* dyn_allocate(std::span<const type_entry* const> types) {
  std::uint32_t small_offsets[8];
  std::vector<std::uint32_t> big_offsets;
  std::uint32_t* offsets = small_offsets;
  if (types.size() > 8) {
    big_offsets.resize(types.size());
    offsets = big_offsets.data();
  }
  return dyn_build(types, offsets, plan(types, offsets));
}

void dyn_free(detail::message_data* p) noexcept {
  auto total = header_of(p)->total;
  p->~message_data();
  detail::cached_deallocate(p, total);
}

void dyn_destroy(detail::message_data* p) noexcept {
  auto* h = header_of(p);
  auto* ents = entries_of(h);
  for (std::size_t i = 0; i < h->layout.size; ++i)
    ents[i]->destroy(p->mutable_at(i));
  dyn_free(p);
}

detail::message_data* dyn_copy(const detail::message_data* src) {
  auto* h = header_of(src);
  std::span<const type_entry* const> types{entries_of(h), h->layout.size};
  auto* p = dyn_allocate(types);
  std::size_t built = 0;
  try {
    for (; built < types.size(); ++built)
      types[built]->copy_construct(p->mutable_at(built), src->at(built));
  } catch (...) {
    for (std::size_t i = 0; i < built; ++i)
      types[i]->destroy(p->mutable_at(i));
    dyn_free(p);
    throw;
  }
  return p;
}

// Default-constructs the elements of a fresh block.
message construct_elements(std::span<const type_entry* const> types, detail::message_data* p) {
  std::size_t built = 0;
  try {
    for (; built < types.size(); ++built)
      types[built]->default_construct(p->mutable_at(built));
  } catch (...) {
    for (std::size_t i = 0; i < built; ++i)
      types[i]->destroy(p->mutable_at(i));
    dyn_free(p);
    throw;
  }
  return message{detail::intrusive_ptr<detail::message_data>{p, false}};
}

// The element types of the last message this thread decoded, and the block
// plan for them: a connection carries few kinds of message, over and over,
// and type entries live as long as the process.
struct decode_memo {
  static constexpr std::size_t capacity = 4;
  bool valid = false; // an empty list is a list too
  std::size_t size = 0;
  const type_entry* types[capacity] = {};
  std::uint32_t offsets[capacity] = {};
  dyn_plan plan{};

  bool matches(std::span<const type_entry* const> ts) const noexcept {
    if (!valid || ts.size() != size)
      return false;
    for (std::size_t i = 0; i < size; ++i)
      if (ts[i] != types[i])
        return false;
    return true;
  }
};

} // namespace

message make_dynamic_message(std::span<const type_entry* const> types) {
  return construct_elements(types, dyn_allocate(types));
}

namespace detail {

message_data* allocate_dynamic_data(std::span<const type_entry* const> types) {
  return dyn_allocate(types);
}

void free_dynamic_data(message_data* p) noexcept {
  dyn_free(p);
}

message make_decoded_message(std::span<const type_entry* const> types) {
  thread_local decode_memo memo;
  if (types.size() > decode_memo::capacity)
    return make_dynamic_message(types);
  if (!memo.matches(types)) {
    memo.plan = plan(types, memo.offsets);
    std::copy(types.begin(), types.end(), memo.types);
    memo.size = types.size();
    memo.valid = true;
  }
  return construct_elements(types, dyn_build(types, memo.offsets, memo.plan));
}

} // namespace detail

} // namespace troupe
