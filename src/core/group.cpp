// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/group.hpp"

namespace troupe {

abstract_group::~abstract_group() = default;

int group::compare(const group& a, const group& b) noexcept {
  if (a.ptr_ == b.ptr_)
    return 0;
  if (!a.ptr_ || !b.ptr_)
    return a.ptr_ ? 1 : -1;
  if (auto c = a->module_name().compare(b->module_name()); c != 0)
    return c;
  return a->identifier().compare(b->identifier());
}

std::string to_string(const group& x) {
  if (!x)
    return "<invalid group>";
  return x->module_name() + ":" + x->identifier();
}

} // namespace troupe
