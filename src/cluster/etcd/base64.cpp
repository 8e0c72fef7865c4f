// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "base64.hpp"

#include <array>
#include <cstdint>

namespace troupe::cluster {

namespace {

constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::array<std::int8_t, 256> values = [] {
  std::array<std::int8_t, 256> v{};
  v.fill(-1);
  for (std::size_t i = 0; i < alphabet.size(); ++i)
    v[static_cast<unsigned char>(alphabet[i])] = static_cast<std::int8_t>(i);
  return v;
}();

} // namespace

std::string base64_encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    auto n = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16
             | static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8
             | static_cast<unsigned char>(bytes[i + 2]);
    for (int shift = 18; shift >= 0; shift -= 6)
      out += alphabet[(n >> shift) & 63];
  }
  auto rest = bytes.size() - i;
  if (rest > 0) {
    std::uint32_t n = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
    if (rest == 2)
      n |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
    out += alphabet[(n >> 18) & 63];
    out += alphabet[(n >> 12) & 63];
    out += rest == 2 ? alphabet[(n >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

std::optional<std::string> base64_decode(std::string_view text) {
  if (text.size() % 4 != 0)
    return std::nullopt;
  std::string out;
  out.reserve(text.size() / 4 * 3);
  for (std::size_t i = 0; i < text.size(); i += 4) {
    bool last = i + 4 == text.size();
    std::uint32_t n = 0;
    int pad = 0;
    for (std::size_t j = 0; j < 4; ++j) {
      auto c = static_cast<unsigned char>(text[i + j]);
      if (c == '=' && last && j >= 2) {
        ++pad;
        n <<= 6;
        continue;
      }
      if (pad > 0 || values[c] < 0)
        return std::nullopt;
      n = n << 6 | static_cast<std::uint32_t>(values[c]);
    }
    // The bits padding drops must be zero: one text per byte string, as the encoder writes it.
    if ((pad >= 1 && (n & 0xff) != 0) || (pad == 2 && (n & 0xff00) != 0))
      return std::nullopt;
    out += static_cast<char>((n >> 16) & 0xff);
    if (pad < 2)
      out += static_cast<char>((n >> 8) & 0xff);
    if (pad < 1)
      out += static_cast<char>(n & 0xff);
  }
  return out;
}

} // namespace troupe::cluster
