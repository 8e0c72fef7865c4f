// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// binary_deserializer: reads what binary_serializer wrote from a byte span.
// Never reads past the input, never throws on bad input (it reports an error
// "at <offset>: <cause>" instead) and never reserves memory for more elements
// than the remaining input could possibly encode.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "troupe/serialization/actor_handle_codec.hpp"
#include "troupe/serialization/field.hpp"
#include "troupe/serialization/type_name.hpp"
#include "troupe/serialization/type_registry.hpp"
#include "troupe/serialization/type_traits.hpp"

namespace troupe {

namespace detail {

/// A lower bound of the encoded size of T (0 when unknown).
template <class T>
constexpr std::size_t min_encoded_size() {
  if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>)
    return sizeof(T) == 0 ? 1 : sizeof(T);
  else if constexpr (
    std::is_same_v<
      T,
      std::string> || is_vector_v<T> || is_map_v<T> || is_optional_v<T> || is_variant_v<T> || std::is_same_v<T, error>)
    return 1;
  else if constexpr (is_handle_v<T>)
    return 9;
  else if constexpr (is_array_v<T>)
    return std::tuple_size_v<T> * min_encoded_size<typename T::value_type>();
  else if constexpr (is_tuple_v<T>)
    return []<std::size_t... Is>(std::index_sequence<Is...>) {
      return (std::size_t{0} + ... + min_encoded_size<std::tuple_element_t<Is, T>>());
    }
  (std::make_index_sequence<std::tuple_size_v<T>>{});
  else return 0;
}

} // namespace detail

/// Reads what binary_serializer wrote from a byte span. Never reads past the input and never throws on bad input:
/// every read returns false and records the first error in err(), "at <offset>: <cause>" (sec::invalid_argument, or
/// sec::type_clash for a type not announced). Never reserves memory for more elements than the rest of the input
/// could encode. Not thread-safe: one deserializer per input.
class binary_deserializer {
public:
  /// Elements of zero encoded size (empty records) per container, at most.
  static constexpr std::size_t max_empty_elements = 1 << 16;

  /// Reads from `input`; `codec` (optional, not owned) turns the actor handles read into local actors or proxies, else
  /// they read back invalid.
  explicit binary_deserializer(std::span<const std::byte> input, actor_handle_codec* codec = nullptr) noexcept
    : data_(input), codec_(codec) {}

  /// The inspector traits that inspect overloads read: their return type, and whether this inspector reads an
  /// object's state (to write it out) or writes it (to read it in).
  /// @{
  using result_type = bool;
  static constexpr bool reads_state = false;
  static constexpr bool writes_state = true;
  /// @}

  /// Visits fields (called by inspect overloads): plain references or
  /// field(...)s; annotations (meta::type_name) are not encoded.
  template <class... Ts>
  bool operator()(Ts&&... xs) {
    return detail::for_each_field([this](std::size_t, std::string_view, auto& x) { return this->apply(x); }, xs...);
  }

  /// Reads one value of type T into `x` (its encoding is binary_serializer::apply's); false on failure, see err().
  template <class T>
  bool apply(T& x);

  /// The offset of the next byte to read.
  std::size_t position() const noexcept { return pos_; }
  /// The bytes left to read.
  std::size_t remaining() const noexcept { return data_.size() - pos_; }

  /// Reads one byte; false at the end of the input.
  bool read_byte(std::uint8_t& x) {
    if (remaining() < 1)
      return fail_eof();
    x = static_cast<std::uint8_t>(data_[pos_++]);
    return true;
  }

  /// Reads a little-endian integer of sizeof(I) bytes; false at the end of the input.
  template <class I>
  bool read_int(I& x) {
    using U = std::make_unsigned_t<I>;
    if (remaining() < sizeof(U))
      return fail_eof();
    U u = 0;
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(&u, data_.data() + pos_, sizeof(U)); // one load: the wire is little-endian too
    } else {
      for (std::size_t i = 0; i < sizeof(U); ++i)
        u |= static_cast<U>(static_cast<U>(static_cast<std::uint8_t>(data_[pos_ + i])) << (8 * i));
    }
    pos_ += sizeof(U);
    x = static_cast<I>(u);
    return true;
  }

  /// Reads an unsigned LEB128 varint; false at the end of the input or when it overflows 64 bits.
  bool read_varint(std::uint64_t& x) {
    std::uint64_t result = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
      std::uint8_t b{};
      if (!read_byte(b))
        return false;
      if (shift == 63 && b > 1)
        return fail("varint overflows 64 bits");
      result |= static_cast<std::uint64_t>(b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        x = result;
        return true;
      }
    }
    return fail("varint overflows 64 bits");
  }

  /// Reads a count of elements that each need at least `min_size` bytes.
  bool read_count(std::size_t& n, std::size_t min_size) {
    std::uint64_t v{};
    if (!read_varint(v))
      return false;
    // v elements of at least min_size bytes must fit into the rest (no
    // division: this runs for every string and container).
    const std::size_t rem = remaining();
    const bool fits = min_size == 0 ? (v <= max_empty_elements || v <= rem) : (v <= rem && v * min_size <= rem);
    if (!fits) [[unlikely]]
      return fail_count(v);
    n = static_cast<std::size_t>(v);
    return true;
  }

  /// Reads a varint length and that many bytes; false when the input is shorter.
  bool read_string(std::string& x) {
    std::size_t n{};
    if (!read_count(n, 1))
      return false;
    x.assign(reinterpret_cast<const char*>(data_.data() + pos_), n);
    pos_ += n;
    return true;
  }

  /// Skips `n` bytes; false when fewer are left.
  bool skip(std::size_t n) {
    if (remaining() < n)
      return fail_eof();
    pos_ += n;
    return true;
  }

  /// Records "at <position>: <what>" (the first error wins) and returns false.
  bool fail(std::string_view what, sec code = sec::invalid_argument) {
    if (err_.empty())
      err_ = error{code, "at " + std::to_string(pos_) + ": " + std::string{what}};
    return false;
  }
  /// fail() with "unexpected end of input" and with "length <v> exceeds the remaining input".
  /// @{
  bool fail_eof() { return fail("unexpected end of input"); }
  [[gnu::cold, gnu::noinline]] bool fail_count(std::uint64_t v) {
    return fail("length " + std::to_string(v) + " exceeds the remaining input");
  }
  /// @}

  /// The first error recorded; empty while every read succeeded.
  const error& err() const noexcept { return err_; }

private:
  template <class Tuple, std::size_t... Is>
  bool apply_tuple(Tuple& xs, std::index_sequence<Is...>) {
    return (apply(std::get<Is>(xs)) && ...);
  }

  template <class V, std::size_t I = 0>
  bool load_variant(V& x, std::size_t index) {
    if constexpr (I < std::variant_size_v<V>) {
      if (index == I) {
        auto& alt = x.template emplace<I>();
        return apply(alt);
      }
      return load_variant<V, I + 1>(x, index);
    } else {
      return fail("variant index out of range");
    }
  }

  std::span<const std::byte> data_;
  actor_handle_codec* codec_;
  std::size_t pos_ = 0;
  error err_;
};

template <class T>
bool binary_deserializer::apply(T& x) {
  if constexpr (std::is_same_v<T, bool>) {
    std::uint8_t b{};
    if (!read_byte(b))
      return false;
    if (b > 1)
      return fail("invalid bool");
    x = b == 1;
    return true;
  } else if constexpr (std::is_same_v<T, char>) {
    std::uint8_t b{};
    if (!read_byte(b))
      return false;
    x = static_cast<char>(b);
    return true;
  } else if constexpr (detail::is_integer_v<T>) {
    return read_int(x);
  } else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    using bits_t = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    bits_t bits{};
    if (!read_int(bits))
      return false;
    std::memcpy(&x, &bits, sizeof(T));
    return true;
  } else if constexpr (std::is_same_v<T, atom_value>) {
    std::uint64_t v{};
    if (!read_int(v))
      return false;
    if (!detail::atom_is_canonical(static_cast<atom_value>(v)))
      return fail("invalid atom");
    x = static_cast<atom_value>(v);
    return true;
  } else if constexpr (std::is_enum_v<T>) {
    std::underlying_type_t<T> v{};
    if (!read_int(v))
      return false;
    x = static_cast<T>(v);
    return true;
  } else if constexpr (std::is_same_v<T, std::string>) {
    return read_string(x);
  } else if constexpr (std::is_same_v<T, error>) {
    std::uint8_t flag{};
    if (!read_byte(flag))
      return false;
    if (flag == 0) {
      x = error{};
      return true;
    }
    if (flag != 1)
      return fail("invalid error flag");
    std::uint64_t cat{};
    std::uint8_t code{};
    std::string ctx;
    if (!read_int(cat) || !read_byte(code) || !read_string(ctx))
      return false;
    if (!detail::atom_is_canonical(static_cast<atom_value>(cat)))
      return fail("invalid error category");
    x = error{code, static_cast<atom_value>(cat), std::move(ctx)};
    return true;
  } else if constexpr (detail::is_handle_v<T>) {
    // Node and actor id; the codec (if any) turns them into a handle, else
    // the handle stays invalid.
    std::size_t node_len{};
    if (!read_count(node_len, 1))
      return false;
    std::optional<node_id> node;
    if (node_len == node_id::host_id_size + 8) {
      node_id::host_id_type host{};
      std::uint32_t process{}, instance{};
      for (auto& b : host)
        if (!read_byte(b))
          return false;
      if (!read_int(process) || !read_int(instance))
        return false;
      node = node_id{host, process, instance};
    } else if (node_len != 0) {
      return fail("invalid node id length");
    }
    std::uint64_t id{};
    if (!read_int(id))
      return false;
    strong_actor_ptr ptr;
    if (codec_ != nullptr && node && id != 0)
      ptr = codec_->resolve(*node, id);
    if constexpr (std::is_same_v<T, actor>)
      x = actor{std::move(ptr)};
    else if constexpr (std::is_same_v<T, actor_addr>)
      x = actor_addr{ptr.get()};
    else
      x = T::make_unchecked(std::move(ptr)); // the peer vouches for the interface
    return true;
  } else if constexpr (detail::is_array_v<T>) {
    for (auto& e : x)
      if (!apply(e))
        return false;
    return true;
  } else if constexpr (detail::is_vector_v<T>) {
    using V = typename T::value_type;
    std::size_t n{};
    if (!read_count(n, detail::min_encoded_size<V>()))
      return false;
    x.clear();
    if constexpr (detail::min_encoded_size<V>() > 0)
      x.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      if constexpr (std::is_same_v<V, bool>) {
        bool b{};
        if (!apply(b))
          return false;
        x.push_back(b);
      } else {
        V v{};
        if (!apply(v))
          return false;
        x.push_back(std::move(v));
      }
    }
    return true;
  } else if constexpr (detail::is_map_v<T>) {
    using K = typename T::key_type;
    using V = typename T::mapped_type;
    std::size_t n{};
    if (!read_count(n, detail::min_encoded_size<K>() + detail::min_encoded_size<V>()))
      return false;
    x.clear();
    for (std::size_t i = 0; i < n; ++i) {
      K k{};
      V v{};
      if (!apply(k) || !apply(v))
        return false;
      if (!x.emplace(std::move(k), std::move(v)).second)
        return fail("duplicate map key");
    }
    return true;
  } else if constexpr (detail::is_optional_v<T>) {
    std::uint8_t flag{};
    if (!read_byte(flag))
      return false;
    if (flag == 0) {
      x.reset();
      return true;
    }
    if (flag != 1)
      return fail("invalid optional flag");
    return apply(x.emplace());
  } else if constexpr (detail::is_variant_v<T>) {
    std::uint64_t index{};
    if (!read_varint(index))
      return false;
    return load_variant(x, static_cast<std::size_t>(index < std::variant_size_v<T> ? index : ~std::size_t{0}));
  } else if constexpr (detail::is_tuple_v<T>) {
    return apply_tuple(x, std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (detail::has_inspect<binary_deserializer, T>) {
    // An overload may refuse a value it read (an enumerator out of range) without saying why.
    return inspect(*this, x) || fail("a value " + type_name<T>() + " does not accept");
  } else {
    auto* e = type_registry::global().find(type_id_of<T>());
    if (e == nullptr)
      return fail("type not announced: " + type_name<T>(), sec::type_clash);
    return e->load(*this, &x);
  }
}

} // namespace troupe
