#pragma once
// decode_result<T>: either a value or an `error` (never both). Returned by the
// decoders so that bad input is reported as a value, never thrown.
#include <cassert>
#include <utility>
#include <variant>

#include "troupe/error.hpp"

namespace troupe {

template <class T>
class decode_result {
public:
  decode_result(T value) : data_(std::in_place_index<0>, std::move(value)) {} // NOLINT: implicit
  decode_result(error err) : data_(std::in_place_index<1>, std::move(err)) {  // NOLINT: implicit
    assert(static_cast<bool>(std::get<1>(data_)));
  }

  explicit operator bool() const noexcept { return data_.index() == 0; }
  bool has_value() const noexcept { return data_.index() == 0; }

  T& value() & { return std::get<0>(data_); }
  const T& value() const& { return std::get<0>(data_); }
  T&& value() && { return std::get<0>(std::move(data_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  // The error; precondition: !has_value().
  const error& err() const { return std::get<1>(data_); }

private:
  std::variant<T, error> data_;
};

} // namespace troupe
