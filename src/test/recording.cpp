// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/test/recording.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>

#include "troupe/error.hpp"

namespace troupe::test {

expected<recording> recording::load(const std::string& path) {
  std::ifstream in{path, std::ios::binary};
  if (!in)
    return error{sec::invalid_argument, "cannot read the message recording " + path};
  std::vector<char> bytes{std::istreambuf_iterator<char>{in}, std::istreambuf_iterator<char>{}};
  auto rec = from_bytes(std::as_bytes(std::span{bytes}));
  if (!rec)
    return error{sec::malformed_message, path + ": " + rec.error().context()};
  return rec;
}

expected<recording> recording::from_bytes(std::span<const std::byte> bytes) {
  auto contents = read_recording(bytes);
  if (!contents)
    return std::move(contents.error());
  recording out;
  out.entries_ = std::move(contents->entries);
  out.trailing_bytes_ = contents->trailing_bytes;
  return out;
}

std::vector<std::uint64_t> recording::actors(std::string_view name) const {
  std::vector<std::uint64_t> out;
  for (auto& e : entries_)
    if (e.receiver_name == name && std::find(out.begin(), out.end(), e.receiver) == out.end())
      out.push_back(e.receiver);
  return out;
}

std::vector<recorded_message> recording::of(std::string_view name) const {
  auto ids = actors(name);
  if (ids.empty())
    return {};
  return of_actor(ids.front());
}

std::vector<recorded_message> recording::of_actor(std::uint64_t id) const {
  std::vector<recorded_message> out;
  std::copy_if(entries_.begin(), entries_.end(), std::back_inserter(out),
               [id](const recorded_message& e) { return e.receiver == id; });
  return out;
}

} // namespace troupe::test
