// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The default abstract_actor::name(): the demangled class name, computed once
// per class and kept for the life of the process.
#include <cxxabi.h>

#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <typeinfo>
#include <unordered_map>

#include "troupe/abstract_actor.hpp"

namespace troupe {

namespace {

std::string class_name(const std::type_info& type) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> out{abi::__cxa_demangle(type.name(), nullptr, nullptr, &status), std::free};
  std::string name = status == 0 && out ? std::string{out.get()} : std::string{type.name()};
  // troupe's own classes (event_based_actor, the wrapper of a spawned
  // function, ...) say nothing about what the actor does.
  if (name.rfind("troupe::", 0) == 0)
    return "actor";
  return name;
}

} // namespace

const char* abstract_actor::name() const {
  static std::mutex mtx;
  // Keyed by the type_info's address, which hashes at once (a type_index
  // hashes the mangled name). A type seen through two addresses (two shared
  // objects) only gets two equal entries.
  static auto* names = new std::unordered_map<const std::type_info*, std::string>; // never destroyed
  const std::type_info& type = typeid(*this);
  std::lock_guard guard{mtx};
  auto i = names->find(&type);
  if (i == names->end())
    i = names->emplace(&type, class_name(type)).first;
  return i->second.c_str();
}

} // namespace troupe
