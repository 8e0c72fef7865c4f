// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "node_text.hpp"

#include <charconv>
#include <cstdint>

namespace troupe::cluster {

std::string node_text(const node_id& x) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (auto b : x.host_id()) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  out += ':' + std::to_string(x.process_id()) + ':' + std::to_string(x.instance());
  return out;
}

expected<node_id> parse_node_text(std::string_view text) {
  error bad{sec::invalid_argument, "not a node id: '" + std::string{text} + "'"};
  constexpr auto hex_size = node_id::host_id_size * 2;
  if (text.size() < hex_size + 4 || text[hex_size] != ':')
    return bad;
  node_id::host_id_type host{};
  for (std::size_t i = 0; i < node_id::host_id_size; ++i) {
    unsigned v = 0;
    auto p = text.data() + 2 * i;
    auto [end, ec] = std::from_chars(p, p + 2, v, 16);
    if (ec != std::errc{} || end != p + 2)
      return bad;
    host[i] = static_cast<std::uint8_t>(v);
  }
  auto rest = text.substr(hex_size + 1);
  auto colon = rest.find(':');
  if (colon == std::string_view::npos)
    return bad;
  std::uint32_t process = 0;
  std::uint32_t instance = 0;
  auto [e1, c1] = std::from_chars(rest.data(), rest.data() + colon, process);
  auto [e2, c2] = std::from_chars(rest.data() + colon + 1, rest.data() + rest.size(), instance);
  if (c1 != std::errc{} || e1 != rest.data() + colon || c2 != std::errc{} || e2 != rest.data() + rest.size())
    return bad;
  return node_id{host, process, instance};
}

} // namespace troupe::cluster
