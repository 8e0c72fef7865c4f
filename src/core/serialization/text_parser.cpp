// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/serialization/text_parser.hpp"

#include <charconv>

namespace troupe {

bool text_parser::parse_integer(std::string_view tok, long long lo, unsigned long long hi, long long& sval,
                                unsigned long long& uval) {
  if (tok.empty())
    return fail("expected an integer");
  if (is_float_token(tok))
    return fail("expected an integer, got '" + std::string{tok} + "'");
  bool neg = tok[0] == '-';
  auto digits = (tok[0] == '-' || tok[0] == '+') ? tok.substr(1) : tok;
  unsigned long long mag = 0;
  auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), mag);
  if (ec != std::errc{} || ptr != digits.data() + digits.size() || digits.empty())
    return fail("invalid integer '" + std::string{tok} + "'");
  if (neg) {
    auto lim = lo < 0 ? static_cast<unsigned long long>(-(lo + 1)) + 1 : 0ULL;
    if (mag > lim)
      return fail("integer out of range: " + std::string{tok});
    sval = mag == 0 ? 0 : static_cast<long long>(0ULL - mag);
    uval = 0;
  } else {
    if (mag > hi)
      return fail("integer out of range: " + std::string{tok});
    uval = mag;
    sval = static_cast<long long>(mag);
  }
  return true;
}

bool text_parser::parse_double(std::string_view tok, double& out) {
  if (tok.empty())
    return fail("expected a number");
  std::string buf{tok};
  char* end = nullptr;
  errno = 0;
  out = std::strtod(buf.c_str(), &end);
  if (end != buf.c_str() + buf.size())
    return fail("invalid number '" + buf + "'");
  return true;
}

bool text_parser::parse_error(error& x) {
  if (consume_word("none")) {
    x = error{};
    return true;
  }
  if (!consume_name("error") || !expect('('))
    return false;
  // The category: a plain word, or an atom literal ('my cat', '').
  atom_value category{};
  if (peek() == '\'') {
    if (!parse_atom(category))
      return false;
  } else {
    auto start = pos_;
    auto text = read_ident();
    if (text.empty() || text.size() > detail::atom_max_length) {
      pos_ = start;
      skip_ws();
      return fail("expected an error category (an atom of up to 10 characters)");
    }
    category = detail::atom_encode(text);
  }
  if (!expect(','))
    return false;
  // The code: its name in the category, or a number.
  skip_ws();
  auto code_pos = pos_;
  std::uint8_t code = 0;
  if (pos_ < in_.size() && in_[pos_] >= '0' && in_[pos_] <= '9') {
    long long s = 0;
    unsigned long long u = 0;
    if (!parse_integer(read_number_token(), 0, 255, s, u))
      return false;
    code = static_cast<std::uint8_t>(u);
  } else {
    auto name = read_ident();
    bool found = false;
    for (unsigned c = 0; c < 256 && !found; ++c)
      if (error_code_name(static_cast<std::uint8_t>(c), category) == name) {
        code = static_cast<std::uint8_t>(c);
        found = true;
      }
    if (!found || name.empty()) {
      pos_ = code_pos;
      return fail("unknown error code '" + std::string{name} + "'");
    }
  }
  std::string context;
  if (consume(',') && !parse_string(context))
    return false;
  if (!expect(')'))
    return false;
  x = error{code, category, std::move(context)};
  return true;
}

bool text_parser::parse_string(std::string& out) {
  if (!expect('"'))
    return false;
  out.clear();
  while (pos_ < in_.size()) {
    char c = in_[pos_++];
    if (c == '"')
      return true;
    if (c == '\\') {
      if (pos_ >= in_.size())
        break;
      char e = in_[pos_++];
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case '0':
          out += '\0';
          break;
        default:
          --pos_;
          return fail(std::string{"invalid escape '\\"} + e + "'");
      }
    } else {
      out += c;
    }
  }
  return fail("unterminated string");
}

bool text_parser::parse_atom(atom_value& out) {
  if (!expect('\''))
    return false;
  auto start = pos_;
  while (pos_ < in_.size() && in_[pos_] != '\'')
    ++pos_;
  if (pos_ >= in_.size()) {
    pos_ = start;
    return fail("unterminated atom");
  }
  auto text = in_.substr(start, pos_ - start);
  if (text.size() > detail::atom_max_length) {
    pos_ = start;
    return fail("atom longer than 10 characters");
  }
  for (char c : text)
    if (detail::atom_char_code(c) < 0) {
      pos_ = start;
      return fail("invalid character in atom");
    }
  ++pos_;
  out = detail::atom_encode(text);
  return true;
}

} // namespace troupe
