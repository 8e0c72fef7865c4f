// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "interface_text.hpp"

#include <algorithm>

#include "troupe/serialization/type_registry.hpp"

namespace troupe::net {

namespace {

std::string name_of(type_id id) {
  if (const auto* entry = type_registry::global().find(id))
    return entry->name();
  return std::string{id->name};
}

// As interface_of writes them: an atom constant in quotes.
std::string name_of(const key_id& key) {
  return key.is_atom_constant ? "'" + to_string(key.atom) + "'" : name_of(key.type);
}

template <class T>
std::string names_of(const std::vector<T>& xs) {
  std::string out;
  for (const auto& x : xs) {
    if (!out.empty())
      out += ',';
    out += name_of(x);
  }
  return out;
}

} // namespace

std::vector<std::string> interface_text(const interface_ids& x) {
  std::vector<std::string> out;
  out.reserve(x.size());
  for (const auto& sig : x)
    out.push_back("(" + names_of(sig.inputs) + ") -> (" + names_of(sig.outputs) + ")");
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string missing_signatures(const std::vector<std::string>& published, const std::vector<std::string>& expected) {
  std::string missing;
  for (const auto& sig : expected)
    if (!std::binary_search(published.begin(), published.end(), sig))
      missing += (missing.empty() ? "" : ", ") + sig;
  return missing;
}

} // namespace troupe::net
