// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/error.hpp"

#include "troupe/error_code_enum.hpp"

#include <ostream>

namespace troupe {

namespace {

const char* name_of(sec x) noexcept {
  switch (x) {
    case sec::none:
      return "none";
    case sec::unexpected_message:
      return "unexpected_message";
    case sec::unexpected_response:
      return "unexpected_response";
    case sec::request_receiver_down:
      return "request_receiver_down";
    case sec::request_timeout:
      return "request_timeout";
    case sec::bad_function_call:
      return "bad_function_call";
    case sec::invalid_argument:
      return "invalid_argument";
    case sec::runtime_error:
      return "runtime_error";
    case sec::system_shutdown:
      return "system_shutdown";
    case sec::broken_promise:
      return "broken_promise";
    case sec::type_clash:
      return "type_clash";
    case sec::unsupported_operation:
      return "unsupported_operation";
    case sec::invalid_state:
      return "invalid_state";
    case sec::cancelled:
      return "cancelled";
    case sec::out_of_range:
      return "out_of_range";
    case sec::cannot_connect_to_node:
      return "cannot_connect_to_node";
    case sec::incompatible_versions:
      return "incompatible_versions";
    case sec::incompatible_application_ids:
      return "incompatible_application_ids";
    case sec::incompatible_types:
      return "incompatible_types";
    case sec::unexpected_actor_messaging_interface:
      return "unexpected_actor_messaging_interface";
    case sec::no_actor_published_at_port:
      return "no_actor_published_at_port";
    case sec::connection_timeout:
      return "connection_timeout";
    case sec::malformed_message:
      return "malformed_message";
    case sec::authentication_failed:
      return "authentication_failed";
  }
  return nullptr;
}

const char* name_of(exit_reason x) noexcept {
  switch (x) {
    case exit_reason::normal:
      return "normal";
    case exit_reason::unhandled_exception:
      return "unhandled_exception";
    case exit_reason::unknown:
      return "unknown";
    case exit_reason::out_of_workers:
      return "out_of_workers";
    case exit_reason::user_shutdown:
      return "user_shutdown";
    case exit_reason::kill:
      return "kill";
    case exit_reason::unreachable:
      return "unreachable";
    case exit_reason::remote_link_unreachable:
      return "remote_link_unreachable";
  }
  return nullptr;
}

template <class E>
std::string name_or_number(E x) {
  if (const char* name = name_of(x))
    return name;
  return std::to_string(static_cast<unsigned>(x));
}

} // namespace

std::string error_code_name(std::uint8_t code, atom_value category) {
  if (category == error_category<sec>::value)
    return name_or_number(static_cast<sec>(code));
  if (category == error_category<exit_reason>::value)
    return name_or_number(static_cast<exit_reason>(code));
  if (const char* names = registered_error_code_names(category))
    return detail::error_code_text(names, code);
  if (auto render = registered_error_code_renderer(category)) {
    auto name = render(code);
    if (!name.empty())
      return name;
  }
  return std::to_string(static_cast<unsigned>(code));
}

std::string to_string(sec x) {
  return name_or_number(x);
}

std::string to_string(exit_reason x) {
  return name_or_number(x);
}

std::ostream& operator<<(std::ostream& os, sec x) {
  return os << to_string(x);
}

std::ostream& operator<<(std::ostream& os, exit_reason x) {
  return os << to_string(x);
}

error::error(std::uint8_t code, atom_value category) {
  if (!is_none(code, category))
    data_.reset(new data{code, category, std::string{}});
}

error::error(std::uint8_t code, atom_value category, std::string context) {
  if (!is_none(code, category))
    data_.reset(new data{code, category, std::move(context)});
}

error::error(const error& other) {
  if (other.data_)
    data_ = std::make_unique<data>(*other.data_);
}

error& error::operator=(const error& other) {
  if (this != &other) {
    if (!other.data_)
      data_.reset();
    else if (data_) {
      data_->context = other.data_->context; // may throw; leaves *this unchanged
      data_->code = other.data_->code;
      data_->category = other.data_->category;
    } else
      data_ = std::make_unique<data>(*other.data_);
  }
  return *this;
}

const std::string& error::context() const noexcept {
  static const std::string empty;
  return data_ ? data_->context : empty;
}

std::string to_string(const error& x) {
  if (x.empty())
    return "none";
  std::string result = "error(";
  // Categories print as plain words; empty ones and those with blanks quoted.
  auto category = to_string(x.category());
  if (category.empty() || category.find(' ') != std::string::npos)
    result += '\'' + category + '\'';
  else
    result += category;
  result += ", ";
  result += error_code_name(x.code(), x.category());
  if (!x.context().empty()) {
    result += ", \"";
    for (char c : x.context()) {
      if (c == '"' || c == '\\')
        result += '\\';
      result += c;
    }
    result += '"';
  }
  result += ')';
  return result;
}

std::ostream& operator<<(std::ostream& os, const error& x) {
  return os << to_string(x);
}

} // namespace troupe
