// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/serialization/message_codec.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "dynamic_message.hpp"
#include "troupe/serialization/announce.hpp"

namespace troupe {

// ---- binary ---------------------------------------------------------------------------

error serialize(const message& msg, std::vector<std::byte>& out, actor_handle_codec* codec) {
  auto old_size = out.size();
  auto& reg = type_registry::global();
  auto n = msg.size();
  if (n > max_message_elements)
    return error{sec::invalid_argument, "message has too many elements"};
  const type_entry* small[8];
  std::vector<const type_entry*> big;
  const type_entry** entries = small;
  if (n > 8) {
    big.resize(n);
    entries = big.data();
  }
  binary_serializer f{out, codec};
  f.write_byte(message_format_version);
  f.write_varint(n);
  for (std::size_t i = 0; i < n; ++i) {
    auto* e = reg.find(msg.type_at(i));
    if (e == nullptr) {
      out.resize(old_size);
      return error{sec::type_clash, "type not announced: " + std::string{msg.type_at(i)->name}};
    }
    entries[i] = e;
    if (auto code = e->builtin_code(); code != 0) {
      f.write_varint(code);
    } else {
      f.write_varint(0);
      f.write_string(e->name());
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (!entries[i]->save(f, msg.at(i))) {
      out.resize(old_size);
      return f.err();
    }
  }
  return error{};
}

std::vector<std::byte> serialize(const message& msg) {
  std::vector<std::byte> out;
  out.reserve(64);
  if (auto err = serialize(msg, out))
    throw std::invalid_argument(to_string(err));
  return out;
}

expected<message> deserialize(std::span<const std::byte> input, actor_handle_codec* codec) noexcept {
  try {
    auto& reg = type_registry::global();
    binary_deserializer f{input, codec};
    std::uint8_t version{};
    if (!f.read_byte(version))
      return f.err();
    if (version != message_format_version) {
      f.fail("unsupported format version " + std::to_string(version));
      return f.err();
    }
    std::size_t n{};
    if (!f.read_count(n, 2)) // each element needs a tag byte and a value byte at least
      return f.err();
    if (n > max_message_elements) {
      f.fail("too many elements");
      return f.err();
    }
    const type_entry* small[8];
    std::vector<const type_entry*> big;
    const type_entry** entries = small;
    if (n > 8) {
      big.resize(n);
      entries = big.data();
    }
    std::string name;
    for (std::size_t i = 0; i < n; ++i) {
      std::uint64_t tag{};
      if (!f.read_varint(tag))
        return f.err();
      const type_entry* e = nullptr;
      if (tag == 0) {
        if (!f.read_string(name))
          return f.err();
        e = reg.find(std::string_view{name});
        if (e == nullptr) {
          f.fail("unknown type name '" + name + "'");
          return f.err();
        }
      } else if (tag < 256) {
        e = reg.find_code(static_cast<std::uint8_t>(tag));
      }
      if (e == nullptr) {
        f.fail("unknown type code " + std::to_string(tag));
        return f.err();
      }
      entries[i] = e;
    }
    auto msg = detail::make_decoded_message({entries, n});
    for (std::size_t i = 0; i < n; ++i)
      if (!entries[i]->load(f, msg.mutable_at(i)))
        return f.err();
    if (f.remaining() != 0) {
      f.fail("trailing bytes after the message");
      return f.err();
    }
    return msg;
  } catch (const std::bad_alloc&) {
    return error{sec::runtime_error, "out of memory while decoding"};
  } catch (...) {
    return error{sec::runtime_error, "exception while decoding"};
  }
}

bool messages_equal(const message& a, const message& b) {
  if (a.data() == b.data())
    return true;
  if (a.size() != b.size())
    return false;
  auto& reg = type_registry::global();
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a.type_at(i) != b.type_at(i))
      return false;
    auto* e = reg.find(a.type_at(i));
    if (e == nullptr || !e->comparable() || !e->equal(a.at(i), b.at(i)))
      return false;
  }
  return true;
}

} // namespace troupe
