// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/opencl/program.hpp"

#include "program_impl.hpp"

namespace troupe::opencl {

const opencl::device& program::device() const noexcept {
  return impl_->handle;
}

const std::string& program::build_log() const noexcept {
  return impl_->log;
}

std::vector<std::string> program::kernel_names() const {
  std::vector<std::string> result;
  auto names = detail::query_string([&](std::size_t n, void* out, std::size_t* size) {
    return clGetProgramInfo(impl_->prog.get(), CL_PROGRAM_KERNEL_NAMES, n, out, size);
  });
  std::size_t first = 0;
  while (first < names.size()) {
    auto last = names.find(';', first);
    if (last == std::string::npos)
      last = names.size();
    if (last > first)
      result.push_back(names.substr(first, last - first));
    first = last + 1;
  }
  return result;
}

} // namespace troupe::opencl
