// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A program's own options: each has a long name ("port", "app.port"), at
// most one short name ('p'), a description and a setter that parses text
// into the program's field. actor_system_config keeps them in its
// custom_options_ member, where add_option and opt_group add to them, and
// parse(), set(), config files and help() find them.
#include <charconv>
#include <chrono>
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "troupe/detail/export.hpp"

namespace troupe {

namespace detail {

/// "250ms", "2s", "1min", "10us", "5ns"; a bare number is milliseconds.
TROUPE_CORE_API bool parse_duration(const std::string& text, std::chrono::nanoseconds& out);
TROUPE_CORE_API std::string duration_text(std::chrono::nanoseconds x);

template <class T>
bool parse_option_value(const std::string& text, T& out) {
  if constexpr (std::is_same_v<T, std::chrono::nanoseconds>) {
    return parse_duration(text, out);
  } else if constexpr (std::is_same_v<T, bool>) {
    if (text != "true" && text != "false")
      return false;
    out = text == "true";
    return true;
  } else if constexpr (std::is_same_v<T, std::string>) {
    out = text;
    return true;
  } else {
    static_assert(std::is_arithmetic_v<T>, "program options take bool, integer, floating-point, std::string or "
                                           "std::chrono::nanoseconds fields");
    T value{};
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || ptr != text.data() + text.size() || text.empty())
      return false;
    out = value;
    return true;
  }
}

template <class T>
std::string option_value_text(const T& x) {
  if constexpr (std::is_same_v<T, std::chrono::nanoseconds>)
    return duration_text(x);
  else if constexpr (std::is_same_v<T, bool>)
    return x ? "true" : "false";
  else if constexpr (std::is_same_v<T, std::string>)
    return x;
  else
    return std::to_string(x);
}

} // namespace detail

/// A program's own options, in the order they were added: each has a long name ("port", "app.port"), at most
/// one short name ('p'), a description and a setter that parses text into the program's field.
/// actor_system_config keeps them in its custom_options_ member, where parse(), set(), config files and help()
/// find them.
class config_option_set {
public:
  /// One option.
  struct option {
    std::string name;    ///< The long name, without the dashes.
    char short_name = 0; ///< The short name; 0: none.
    /// The text help() shows for it.
    std::string description;
    std::string default_text;                       ///< The field's value when the option was added, as text.
    bool is_flag = false;                           ///< A bool field: the name alone (--name, -c) means true.
    std::function<bool(const std::string&)> assign; ///< Parses the text into the field; false: malformed value.
  };

  /// Adds the option `name` (short_name 0: none) that stores into `field`,
  /// which must outlive every parse into this set. A short name that is '-'
  /// or already taken throws std::invalid_argument: either would make the
  /// command line set another field than the program meant, so it fails at
  /// the program's first run instead.
  template <class T>
  config_option_set& add(T& field, std::string name, char short_name, std::string description) {
    if (short_name == '-')
      throw std::invalid_argument("troupe: option " + name + ": '-' cannot be a short name");
    if (short_name != 0 && find_short(short_name) != nullptr)
      throw std::invalid_argument("troupe: option " + name + ": short name -" + std::string(1, short_name)
                                  + " is taken by --" + find_short(short_name)->name);
    options_.push_back(option{std::move(name), short_name, std::move(description), detail::option_value_text(field),
                              std::is_same_v<T, bool>,
                              [&field](const std::string& text) { return detail::parse_option_value(text, field); }});
    return *this;
  }

  /// The option named `name` (without dashes), or nullptr.
  const option* find(std::string_view name) const noexcept {
    for (const auto& x : options_)
      if (x.name == name)
        return &x;
    return nullptr;
  }

  /// The option whose short name is `c`, or nullptr.
  const option* find_short(char c) const noexcept {
    if (c == 0)
      return nullptr;
    for (const auto& x : options_)
      if (x.short_name == c)
        return &x;
    return nullptr;
  }

  /// The options in the order they were added, and how many there are.
  /// @{
  auto begin() const noexcept { return options_.begin(); }
  auto end() const noexcept { return options_.end(); }
  std::size_t size() const noexcept { return options_.size(); }
  bool empty() const noexcept { return options_.empty(); }
  /// @}

private:
  std::vector<option> options_;
};

} // namespace troupe
