// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// message_builder: a message whose elements are known only at run time (how
// many, which types), put together one element at a time:
//
//   message_builder mb;
//   for (const auto& word : words)
//     mb.append(word);
//   message m = mb.to_message();                     // ("a", "b", ...)
//   std::optional<message> r = mb.apply({[](const std::string& a, const std::string& b) { return a + b; }});
//
// Elements convert as make_message converts them (a string literal becomes a
// std::string, an atom constant an atom_value, `self` its handle).
// to_message() copies the elements into one payload laid out as make_message
// lays it out, so the result matches the same cases; the builder keeps its own
// and may grow further. apply() runs a handler on to_message()'s result: its
// answer (an empty message for a handler that returns nothing), or nullopt
// when no case matched.
#include <cstddef>
#include <cstdint>
#include <new>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "troupe/behavior.hpp"
#include "troupe/detail/intrusive_ptr.hpp"
#include "troupe/detail/thread_cache.hpp"
#include "troupe/message.hpp"
#include "troupe/type_id.hpp"

namespace troupe {

namespace detail {

/// What a payload built at run time needs to know of one element's type.
struct element_ops {
  std::size_t size;
  std::size_t align;
  void (*copy)(void* dst, const void* src);
  void (*move)(void* dst, void* src);
  void (*destroy)(void* p) noexcept;
};

template <class T>
void copy_element(void* dst, const void* src) {
  new (dst) T(*static_cast<const T*>(src));
}

template <class T>
void move_element(void* dst, void* src) {
  new (dst) T(std::move(*static_cast<T*>(src)));
}

template <class T>
void destroy_element(void* p) noexcept {
  static_cast<T*>(p)->~T();
}

template <class T>
inline constexpr element_ops element_ops_of{sizeof(T), alignof(T), &copy_element<T>, &move_element<T>,
                                            &destroy_element<T>};

/// A payload whose element types are known only at run time. One block holds
///   message_data | elements | built_header | type_id[n] | const element_ops*[n] | uint32 offsets[n]
/// and the header's layout points into the same block, so that copying and
/// destroying the payload need nothing from the builder that made it.
struct built_header {
  message_layout layout;
  std::uint32_t total;
};

inline built_header* built_header_of(const message_data* p) noexcept {
  return const_cast<built_header*>(reinterpret_cast<const built_header*>(p->layout()));
}

inline const element_ops* const* built_ops_of(const built_header* h) noexcept {
  return reinterpret_cast<const element_ops* const*>(reinterpret_cast<const std::byte*>(h + 1)
                                                     + h->layout.size * sizeof(type_id));
}

constexpr std::size_t built_align_up(std::size_t x, std::size_t a) noexcept {
  return (x + a - 1) / a * a;
}

inline void built_free(message_data* p) noexcept {
  auto total = built_header_of(p)->total;
  p->~message_data();
  cached_deallocate(p, total);
}

inline void built_destroy(message_data* p) noexcept {
  auto* h = built_header_of(p);
  auto* ops = built_ops_of(h);
  for (std::size_t i = 0; i < h->layout.size; ++i)
    ops[i]->destroy(p->mutable_at(i));
  built_free(p);
}

inline message_data* built_copy(const message_data* src);

/// A block for elements of these types, which are not constructed yet.
inline message_data* built_allocate(const type_id* types, const element_ops* const* ops, std::size_t n) {
  std::vector<std::uint32_t> offsets(n);
  std::size_t pos = sizeof(message_data);
  for (std::size_t i = 0; i < n; ++i) {
    pos = built_align_up(pos, ops[i]->align);
    offsets[i] = static_cast<std::uint32_t>(pos);
    pos += ops[i]->size;
  }
  pos = built_align_up(pos, alignof(built_header));
  auto header_pos = pos;
  pos += sizeof(built_header) + n * (sizeof(type_id) + sizeof(const element_ops*) + sizeof(std::uint32_t));
  // Elements are at most max_align_t-aligned (message_layout_of checks it),
  // and the thread cache aligns blocks whose size is a multiple of 16 to 16.
  auto total = built_align_up(pos, alignof(std::max_align_t));
  void* mem = cached_allocate(total);
  auto* base = static_cast<std::byte*>(mem);
  auto* h = reinterpret_cast<built_header*>(base + header_pos);
  auto* ids = reinterpret_cast<type_id*>(h + 1);
  auto* ops_out = reinterpret_cast<const element_ops**>(ids + n);
  auto* offs = reinterpret_cast<std::uint32_t*>(ops_out + n);
  for (std::size_t i = 0; i < n; ++i) {
    ids[i] = types[i];
    ops_out[i] = ops[i];
    offs[i] = offsets[i];
  }
  new (h) built_header{message_layout{ids, offs, static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(total),
                                      &built_copy, &built_destroy},
                       static_cast<std::uint32_t>(total)};
  return new (mem) message_data(&h->layout);
}

/// Constructs element i of `p` with make(i, address) for each i; on an
/// exception destroys those built and frees the block.
template <class Make>
message_data* built_fill(message_data* p, const element_ops* const* ops, std::size_t n, Make make) {
  std::size_t built = 0;
  try {
    for (; built < n; ++built)
      make(built, p->mutable_at(built));
  } catch (...) {
    for (std::size_t i = 0; i < built; ++i)
      ops[i]->destroy(p->mutable_at(i));
    built_free(p);
    throw;
  }
  return p;
}

inline message_data* built_copy(const message_data* src) {
  auto* h = built_header_of(src);
  auto* ops = built_ops_of(h);
  auto n = h->layout.size;
  auto* p = built_allocate(h->layout.types, ops, n);
  return built_fill(p, ops, n, [&](std::size_t i, void* dst) { ops[i]->copy(dst, src->at(i)); });
}

} // namespace detail

/// Puts a message together one element at a time, for when the number and types of its elements are known only
/// at run time. Elements convert as make_message() converts them, and to_message() lays them out as
/// make_message() would, so the result matches the same handler cases.
class message_builder {
public:
  message_builder() = default;

  /// A builder holding every element of [first, last), each appended as append() appends it.
  template <class Iter>
  message_builder(Iter first, Iter last) {
    append(first, last);
  }

  /// Appends x as the next element.
  template <class T>
  message_builder& append(T&& x) {
    using U = detail::strip_and_convert_t<T>;
    // One element in a payload of its own, which to_message copies from:
    // make_message itself would not nest a message that is appended.
    message single{
      detail::intrusive_ptr<detail::message_data>{detail::message_layout_of<U>::make(std::forward<T>(x)), false}};
    elements_.push_back(element{std::move(single), &detail::element_ops_of<U>});
    return *this;
  }

  /// Appends every element of [first, last).
  template <class Iter>
  message_builder& append(Iter first, Iter last) {
    for (; first != last; ++first)
      append(*first);
    return *this;
  }

  /// Appends each argument in order, as one append() each.
  template <class... Ts>
  message_builder& append_all(Ts&&... xs) {
    (append(std::forward<Ts>(xs)), ...);
    return *this;
  }

  /// Appends the elements of the tuple in order.
  template <class... Ts>
  message_builder& append_tuple(std::tuple<Ts...> xs) {
    std::apply([this](auto&... ys) { append_all(std::move(ys)...); }, xs);
    return *this;
  }

  /// The elements so far, as one message (empty without elements).
  message to_message() const {
    if (elements_.size() == 1)
      return elements_.front().value; // shares the payload; writes copy it first
    return build(elements_,
                 [](const detail::element_ops* ops, void* dst, const message& src) { ops->copy(dst, src.at(0)); });
  }

  /// The same, moving the elements out; the builder is empty afterwards.
  message move_to_message() {
    message result;
    if (elements_.size() == 1)
      result = std::move(elements_.front().value);
    else
      result = build(elements_, [](const detail::element_ops* ops, void* dst, message& src) {
        if (src.shared())
          ops->copy(dst, src.at(0));
        else
          ops->move(dst, src.mutable_at(0));
      });
    clear();
    return result;
  }

  /// Runs `handler` on to_message(): its answer, or nullopt when no case
  /// matched (or the matching one skipped the message).
  std::optional<message> apply(message_handler handler) const {
    auto msg = to_message();
    detail::invoke_result res;
    if (!handler.invoke(msg, res) || res.kind == detail::invoke_result::skipped)
      return std::nullopt;
    if (res.kind == detail::invoke_result::reply)
      return std::move(res.value);
    return message{};
  }

  /// Removes every element.
  void clear() noexcept { elements_.clear(); }
  /// Whether the builder holds no element.
  bool empty() const noexcept { return elements_.empty(); }
  /// The number of elements appended so far.
  std::size_t size() const noexcept { return elements_.size(); }

private:
  struct element {
    message value; // a payload with this one element
    const detail::element_ops* ops;
  };

  /// One payload with every element, each made by fill(ops, address, its
  /// single-element message); `elements` is elements_, const or not.
  template <class Elements, class Fill>
  static message build(Elements& elements, Fill fill) {
    auto n = elements.size();
    if (n == 0)
      return message{};
    std::vector<type_id> types;
    std::vector<const detail::element_ops*> ops;
    types.reserve(n);
    ops.reserve(n);
    for (const auto& e : elements) {
      types.push_back(e.value.type_at(0));
      ops.push_back(e.ops);
    }
    auto* p = detail::built_allocate(types.data(), ops.data(), n);
    detail::built_fill(p, ops.data(), n, [&](std::size_t i, void* dst) { fill(ops[i], dst, elements[i].value); });
    return message{detail::intrusive_ptr<detail::message_data>{p, false}};
  }

  std::vector<element> elements_;
};

} // namespace troupe
