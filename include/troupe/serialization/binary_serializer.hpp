// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// binary_serializer: appends the binary encoding of values to a byte buffer.
// Encoding (all little-endian, see docs/serialization.md):
//   bool/char/intN/uintN/float/double  fixed width (1/1/N/8 bytes, IEEE 754)
//   enum                               its underlying integer
//   atom                               uint64
//   string                             varint length, bytes
//   vector/map                         varint count, elements (map: key, value)
//   array<T,N>                         N elements
//   optional                           uint8 0/1, value
//   variant                            varint index, value
//   tuple/pair/records                 the fields in order, no framing
//   error                              uint8 0 (none) | 1, atom category, uint8 code, string context
//   actor/actor_addr                   varint node-id length, node bytes, uint64 actor id: the
//                                      node (28 bytes: host id, uint32 process, uint32 instance)
//                                      only with an actor_handle_codec, else length 0
//   varint                             unsigned LEB128 (at most 10 bytes)
// Records are types with an inspect(f, x) overload or announced with fields.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "troupe/serialization/actor_handle_codec.hpp"
#include "troupe/serialization/field.hpp"
#include "troupe/serialization/type_name.hpp"
#include "troupe/serialization/type_registry.hpp"
#include "troupe/serialization/type_traits.hpp"

namespace troupe {

/// Appends the binary encoding of values to a byte buffer (docs/serialization.md describes the
/// encoding). Not thread-safe: one serializer per buffer.
class binary_serializer {
public:
  /// Appends to `buf` (not owned, must outlive the serializer); `codec` (optional, not owned) makes the actor handles
  /// written reachable from the peer and writes their node, else a handle is written as its actor id alone.
  explicit binary_serializer(std::vector<std::byte>& buf, actor_handle_codec* codec = nullptr) noexcept
    : buf_(buf), codec_(codec) {}

  /// The inspector traits that inspect overloads read: their return type, and whether this inspector reads an
  /// object's state (to write it out) or writes it (to read it in).
  /// @{
  using result_type = bool;
  static constexpr bool reads_state = true;
  static constexpr bool writes_state = false;
  /// @}

  /// Visits fields (called by inspect overloads): plain references or
  /// field(...)s; annotations (meta::type_name) are not encoded.
  template <class... Ts>
  bool operator()(Ts&&... xs) {
    return detail::for_each_field([this](std::size_t, std::string_view, auto& x) { return this->apply(x); }, xs...);
  }

  /// Appends the encoding of `x`; false on failure (a valueless variant, a type not announced), see err().
  template <class T>
  bool apply(const T& x);

  /// Appends one byte.
  void write_byte(std::uint8_t x) { buf_.push_back(static_cast<std::byte>(x)); }

  /// Appends `x` as a little-endian integer of sizeof(I) bytes.
  template <class I>
  void write_int(I x) {
    using U = std::make_unsigned_t<I>;
    auto u = static_cast<U>(x);
    // Appended whole: a resize would zero the bytes first.
    std::array<std::byte, sizeof(U)> bytes;
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(bytes.data(), &u, sizeof(U)); // one store: the wire is little-endian too
    } else {
      for (std::size_t i = 0; i < sizeof(U); ++i)
        bytes[i] = static_cast<std::byte>(static_cast<std::uint8_t>(u >> (8 * i)));
    }
    buf_.insert(buf_.end(), bytes.begin(), bytes.end());
  }

  /// Appends `x` as an unsigned LEB128 varint (1 to 10 bytes).
  void write_varint(std::uint64_t x) {
    while (x >= 0x80) {
      write_byte(static_cast<std::uint8_t>(x | 0x80));
      x >>= 7;
    }
    write_byte(static_cast<std::uint8_t>(x));
  }

  /// Appends `n` raw bytes from `data`.
  void write_bytes(const void* data, std::size_t n) {
    auto first = static_cast<const std::byte*>(data);
    buf_.insert(buf_.end(), first, first + n);
  }

  /// Appends a varint length and the bytes of `str`.
  void write_string(std::string_view str) {
    write_varint(str.size());
    write_bytes(str.data(), str.size());
  }

  /// Set when apply() returned false.
  const error& err() const noexcept { return err_; }
  /// Records `e` (the first error wins) and returns false.
  bool fail(error e) {
    if (err_.empty())
      err_ = std::move(e);
    return false;
  }

  /// The buffer appended to.
  std::vector<std::byte>& buffer() noexcept { return buf_; }

private:
  template <class Tuple, std::size_t... Is>
  bool apply_tuple(const Tuple& xs, std::index_sequence<Is...>) {
    return (apply(std::get<Is>(xs)) && ...);
  }

  void write_node(const node_id& x) {
    write_varint(node_id::host_id_size + 8);
    write_bytes(x.host_id().data(), node_id::host_id_size);
    write_int(x.process_id());
    write_int(x.instance());
  }

  std::vector<std::byte>& buf_;
  actor_handle_codec* codec_;
  error err_;
};

template <class T>
bool binary_serializer::apply(const T& x) {
  if constexpr (std::is_same_v<T, bool>) {
    write_byte(x ? 1 : 0);
    return true;
  } else if constexpr (std::is_same_v<T, char>) {
    write_byte(static_cast<std::uint8_t>(x));
    return true;
  } else if constexpr (detail::is_integer_v<T>) {
    write_int(x);
    return true;
  } else if constexpr (std::is_same_v<T, float>) {
    std::uint32_t bits;
    std::memcpy(&bits, &x, 4);
    write_int(bits);
    return true;
  } else if constexpr (std::is_same_v<T, double>) {
    std::uint64_t bits;
    std::memcpy(&bits, &x, 8);
    write_int(bits);
    return true;
  } else if constexpr (std::is_same_v<T, atom_value>) {
    write_int(static_cast<std::uint64_t>(x));
    return true;
  } else if constexpr (std::is_enum_v<T>) {
    write_int(static_cast<std::underlying_type_t<T>>(x));
    return true;
  } else if constexpr (std::is_same_v<T, std::string>) {
    write_string(x);
    return true;
  } else if constexpr (std::is_same_v<T, error>) {
    if (x.empty()) {
      write_byte(0);
      return true;
    }
    write_byte(1);
    write_int(static_cast<std::uint64_t>(x.category()));
    write_byte(x.code());
    write_string(x.context());
    return true;
  } else if constexpr (detail::is_handle_v<T>) {
    actor_control_block* ctrl = detail::handle_ctrl(x);
    if (codec_ != nullptr && ctrl != nullptr)
      write_node(codec_->exporting(ctrl));
    else
      write_varint(0);
    write_int(std::uint64_t{ctrl != nullptr ? ctrl->id() : 0});
    return true;
  } else if constexpr (detail::is_array_v<T>) {
    for (const auto& e : x)
      if (!apply(e))
        return false;
    return true;
  } else if constexpr (detail::is_vector_v<T> || detail::is_map_v<T>) {
    write_varint(x.size());
    if constexpr (std::is_same_v<T, std::vector<bool>>) {
      for (bool b : x)
        write_byte(b ? 1 : 0);
      return true;
    } else if constexpr (detail::is_map_v<T>) {
      for (const auto& [k, v] : x)
        if (!apply(k) || !apply(v))
          return false;
      return true;
    } else {
      for (const auto& e : x)
        if (!apply(e))
          return false;
      return true;
    }
  } else if constexpr (detail::is_optional_v<T>) {
    write_byte(x ? 1 : 0);
    return x ? apply(*x) : true;
  } else if constexpr (detail::is_variant_v<T>) {
    if (x.valueless_by_exception())
      return fail(error{sec::invalid_argument, "cannot serialize a valueless variant"});
    write_varint(x.index());
    return std::visit([this](const auto& v) { return this->apply(v); }, x);
  } else if constexpr (detail::is_tuple_v<T>) {
    return apply_tuple(x, std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (detail::has_inspect<binary_serializer, T>) {
    return inspect(*this, const_cast<T&>(x));
  } else {
    auto* e = type_registry::global().find(type_id_of<T>());
    if (e == nullptr)
      return fail(error{sec::type_clash, "type not announced: " + type_name<T>()});
    return e->save(*this, &x);
  }
}

} // namespace troupe
