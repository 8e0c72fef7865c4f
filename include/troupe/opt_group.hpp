// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Program options declared the way C++ Actor Framework configs declare them,
// in the constructor of a config derived from actor_system_config:
//
//   opt_group{custom_options_, "global"}
//     .add(port, "port,p", "set port")
//     .add(server_mode, "server-mode,s", "enable server mode");
//
// "long,s" names the option --long with the short form -s (one character;
// ",s" may be left out). Category "global" keeps the long name as it is; any
// other category `cat` makes it --cat.long. A short name belongs to no
// category: -s is -s whatever the group. The options are the same as those
// of add_option: parse(), set(), config files and help() know them. Under
// TROUPE_MAIN, -h asks for help, so a short name 'h' is never read there.
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "troupe/config_option_set.hpp"

namespace troupe {

/// Holds the set by reference: a group is a temporary in the config's
/// constructor and never outlives the config.
class opt_group {
public:
  /// A group adding to `options` (usually a config's `custom_options_`) under `category`: "global" keeps each
  /// long name as it is, any other category `cat` makes it `cat.long`.
  opt_group(config_option_set& options, std::string category) : options_(options), category_(std::move(category)) {}

  /// Throws std::invalid_argument for a spec without a long name or with a
  /// short name that is not one character (or is taken).
  template <class T>
  opt_group& add(T& field, std::string_view spec, std::string description) {
    auto comma = spec.find(',');
    auto long_name = spec.substr(0, comma);
    char short_name = 0;
    if (comma != std::string_view::npos) {
      auto rest = spec.substr(comma + 1);
      if (rest.size() != 1)
        throw std::invalid_argument("troupe: option \"" + std::string{spec}
                                    + "\": expected \"long,s\" with a short name of one character");
      short_name = rest.front();
    }
    if (long_name.empty())
      throw std::invalid_argument("troupe: option \"" + std::string{spec} + "\" has no long name");
    auto name = category_ == "global" ? std::string{long_name} : category_ + "." + std::string{long_name};
    options_.add(field, std::move(name), short_name, std::move(description));
    return *this;
  }

private:
  config_option_set& options_;
  std::string category_;
};

} // namespace troupe
