// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Up to three work sizes, one per dimension of an OpenCL index space:
// dim_vec{1024} or dim_vec{size, size}. Fixed capacity, so a range costs no
// allocation.
#include <array>
#include <cstddef>
#include <initializer_list>
#include <stdexcept>

namespace troupe::opencl {

/// Up to three work sizes, one per dimension of an OpenCL index space. Fixed capacity: no allocation.
class dim_vec {
public:
  /// OpenCL's largest number of dimensions.
  static constexpr std::size_t max_dims = 3;

  /// No dimensions.
  constexpr dim_vec() noexcept = default;

  /// One size per dimension: dim_vec{1024}, dim_vec{w, h}. More than three sizes is a programming error (throws
  /// std::invalid_argument).
  constexpr dim_vec(std::initializer_list<std::size_t> xs) {
    if (xs.size() > max_dims)
      throw std::invalid_argument("troupe::opencl::dim_vec: OpenCL has at most 3 dimensions");
    for (auto x : xs)
      xs_[n_++] = x;
  }

  /// The number of dimensions.
  constexpr std::size_t size() const noexcept { return n_; }
  /// Whether there are no dimensions.
  constexpr bool empty() const noexcept { return n_ == 0; }
  /// The sizes, size() of them.
  constexpr const std::size_t* data() const noexcept { return xs_.data(); }
  /// Iteration over the sizes.
  /// @{
  constexpr const std::size_t* begin() const noexcept { return xs_.data(); }
  constexpr const std::size_t* end() const noexcept { return xs_.data() + n_; }
  /// @}
  /// The size of dimension `i`. Precondition: i < size().
  constexpr std::size_t operator[](std::size_t i) const noexcept { return xs_[i]; }

  /// The number of work items the sizes span (0 when empty).
  constexpr std::size_t product() const noexcept {
    if (n_ == 0)
      return 0;
    std::size_t r = 1;
    for (std::size_t i = 0; i < n_; ++i)
      r *= xs_[i];
    return r;
  }

  /// Whether both have the same number of dimensions and the same sizes.
  friend constexpr bool operator==(const dim_vec& a, const dim_vec& b) noexcept {
    if (a.n_ != b.n_)
      return false;
    for (std::size_t i = 0; i < a.n_; ++i)
      if (a.xs_[i] != b.xs_[i])
        return false;
    return true;
  }

private:
  std::array<std::size_t, max_dims> xs_{};
  std::size_t n_ = 0;
};

} // namespace troupe::opencl
