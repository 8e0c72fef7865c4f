// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// text_parser: reads the text format that text_printer writes, into values of
// a known C++ type (typed parsing). Untyped parsing of whole messages (where
// the element types come from the literals) lives in message_from_string.
// Errors carry "at <offset>: <cause>", e.g. "at 12: expected ','".
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "troupe/detail/export.hpp"
#include "troupe/serialization/field.hpp"
#include "troupe/serialization/type_name.hpp"
#include "troupe/serialization/type_registry.hpp"
#include "troupe/serialization/type_traits.hpp"

namespace troupe {

/// Reads the text format that text_printer writes into values of a known C++ type. Every parse function returns false
/// on failure and records the first error in err(): "at <offset>: <cause>" (sec::invalid_argument). Not thread-safe:
/// one parser per input.
class TROUPE_CORE_API text_parser {
public:
  /// Parses `input` (not owned: it must outlive the parser).
  explicit text_parser(std::string_view input) noexcept : in_(input) {}

  /// The inspector traits that inspect overloads read: their return type, and whether this inspector reads an
  /// object's state (to write it out) or writes it (to read it in).
  /// @{
  using result_type = bool;
  static constexpr bool reads_state = false;
  static constexpr bool writes_state = true;
  /// @}

  /// Parses the fields of a record: "[name =] value" separated by ','.
  template <class... Ts>
  bool operator()(Ts&&... xs) {
    if (pending_ && !open_pending(detail::annotated_type_name(xs...)))
      return false;
    return detail::for_each_field(
      [this](std::size_t i, std::string_view name, auto& x) { return this->parse_field(i, name, x); }, xs...);
  }

  /// Parses one value of type T, written as text_printer writes it, into `x`; false on failure, see err().
  template <class T>
  bool apply(T& x);

  // ---- lexing helpers -----------------------------------------------------------------

  /// Skips blanks: spaces, tabs, newlines.
  void skip_ws() noexcept {
    while (pos_ < in_.size() && (in_[pos_] == ' ' || in_[pos_] == '\t' || in_[pos_] == '\n' || in_[pos_] == '\r'))
      ++pos_;
  }
  /// Next non-blank character or '\0' at the end.
  char peek() noexcept {
    skip_ws();
    return pos_ < in_.size() ? in_[pos_] : '\0';
  }
  /// Skips blanks and consumes `c` if it comes next; false, and no error, otherwise.
  bool consume(char c) noexcept {
    if (peek() == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  /// Consumes `c` or fails with "expected 'c'".
  bool expect(char c) {
    if (consume(c))
      return true;
    return fail(std::string{"expected '"} + c + "'");
  }
  /// Skips blanks and consumes the word `w` if it comes next and is not the start of a longer identifier; false, and
  /// no error, otherwise.
  bool consume_word(std::string_view w) noexcept {
    skip_ws();
    if (in_.substr(pos_, w.size()) == w) {
      auto end = pos_ + w.size();
      if (end < in_.size() && is_ident_char(in_[end]))
        return false;
      pos_ = end;
      return true;
    }
    return false;
  }
  /// Whether `c` may be part of an identifier: a letter, a digit or '_'.
  static bool is_ident_char(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  }
  /// A type name: identifier characters plus ':' '<' '>' ',' (inside <>).
  std::string_view read_type_name() {
    skip_ws();
    auto start = pos_;
    int depth = 0;
    while (pos_ < in_.size()) {
      char c = in_[pos_];
      if (is_ident_char(c) || c == ':')
        ++pos_;
      else if (c == '<')
        ++depth, ++pos_;
      else if (c == '>' && depth > 0)
        --depth, ++pos_;
      else if (c == ',' && depth > 0)
        ++pos_;
      else
        break;
    }
    return in_.substr(start, pos_ - start);
  }
  /// Skips blanks and reads an identifier; empty when none comes next.
  std::string_view read_ident() {
    skip_ws();
    auto start = pos_;
    while (pos_ < in_.size() && is_ident_char(in_[pos_]))
      ++pos_;
    return in_.substr(start, pos_ - start);
  }

  /// A numeric token: [+-] digits, '.', exponent, or inf/nan.
  std::string_view read_number_token() {
    skip_ws();
    auto start = pos_;
    if (pos_ < in_.size() && (in_[pos_] == '-' || in_[pos_] == '+'))
      ++pos_;
    while (pos_ < in_.size()) {
      char c = in_[pos_];
      if ((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == 'i' || c == 'n' || c == 'f' || c == 'a'
          || ((c == '-' || c == '+') && (in_[pos_ - 1] == 'e' || in_[pos_ - 1] == 'E')))
        ++pos_;
      else
        break;
    }
    return in_.substr(start, pos_ - start);
  }
  /// Whether a token of read_number_token() is a floating-point one: it holds a '.', an exponent, inf or nan.
  static bool is_float_token(std::string_view tok) noexcept {
    return tok.find_first_of(".eEin") != std::string_view::npos;
  }

  /// Consumes the identifier `name` or fails with "expected '<name>'".
  bool consume_name(std::string_view name) {
    if (consume_word(name))
      return true;
    return fail("expected '" + std::string{name} + "'");
  }

  /// Parses an error: `none` or `error(<category>, <code name or number>[, "<context>"])`.
  bool parse_error(error& x);

  /// Parses the integer token `tok` within [lo, hi] into `sval` and `uval` (the same value signed and unsigned; uval
  /// is 0 for a negative one); fails on a floating-point token, a malformed one or one out of range.
  bool parse_integer(std::string_view tok, long long lo, unsigned long long hi, long long& sval,
                     unsigned long long& uval);
  /// Parses the numeric token `tok` as strtod does (inf and nan included) into `out`; fails on an empty or malformed
  /// token. A value out of double's range is no error: it becomes what strtod returns.
  bool parse_double(std::string_view tok, double& out);
  /// Parses a double-quoted string into `out`, with the escapes `\"`, `\\`, `\n`, `\t`, `\r` and `\0`.
  bool parse_string(std::string& out);
  /// Parses a single-quoted atom literal (at most 10 characters of the atom alphabet) into `out`.
  bool parse_atom(atom_value& out);

  /// Records "at <offset>: <what>" (the first error wins) and returns false.
  bool fail(std::string_view what) {
    if (err_.empty())
      err_ = error{sec::invalid_argument, "at " + std::to_string(pos_) + ": " + std::string{what}};
    return false;
  }

  /// The offset of the next character to read.
  std::size_t position() const noexcept { return pos_; }
  /// Moves to offset `pos`, e.g. back to a saved position().
  void seek(std::size_t pos) noexcept { pos_ = pos; }
  /// Whether nothing but blanks is left.
  bool at_end() noexcept { return peek() == '\0' && pos_ >= in_.size(); }
  /// The first error recorded; empty while everything parsed.
  const error& err() const noexcept { return err_; }

  /// Parses "name{" for a record of type name `name`.
  bool begin_record(std::string_view name) {
    auto start = pos_;
    auto got = read_type_name();
    if (got != name) {
      pos_ = start;
      skip_ws();
      return fail("expected '" + std::string{name} + "'");
    }
    field_index_stack_ = 0;
    return expect('{');
  }
  /// Parses the '}' that closes a record.
  bool end_record() { return expect('}'); }

  /// Parses field `index` of a record: a ',' before all but the first field, an optional `name =` prefix (the
  /// field's name or its positional name a0, a1, ...), then the value; fails on another name.
  template <class T>
  bool parse_field(std::size_t index, std::string_view name, T& x) {
    if (index > 0 && !expect(','))
      return false;
    // Optional "name =" prefix.
    auto save = pos_;
    auto ident = read_ident();
    if (!ident.empty() && consume('=')) {
      std::string positional = "a" + std::to_string(index);
      if (ident != name && ident != positional) {
        pos_ = save;
        skip_ws();
        return fail("unexpected field name '" + std::string{ident} + "'");
      }
    } else {
      pos_ = save;
    }
    return apply(x);
  }

private:
  /// A record whose inspect overload runs: "name{" is read on inspect's first
  /// call to this parser, which may carry a meta::type_name (text_printer
  /// writes the same name).
  struct pending_record {
    std::string name;
    bool renamable; // not announced: an annotation may name it
  };

  bool open_pending(std::string_view annotated) {
    auto rec = std::move(*pending_);
    pending_.reset();
    return begin_record(rec.renamable && !annotated.empty() ? annotated : std::string_view{rec.name});
  }

  template <class Tuple, std::size_t... Is>
  bool apply_tuple(Tuple& xs, std::index_sequence<Is...>) {
    if (!expect('('))
      return false;
    bool ok = true;
    ((ok = ok && (Is == 0 || expect(',')) && apply(std::get<Is>(xs))), ...);
    return ok && expect(')');
  }

  /// A variant is written as its active alternative in the cast form
  /// <alternative type name>(<value>), e.g. int16(3) or string("x").
  template <class Variant, std::size_t... Is>
  bool parse_variant(Variant& x, std::index_sequence<Is...>) {
    auto start = position();
    auto name = read_type_name();
    bool found = false;
    bool ok = false;
    (void)((type_name<std::variant_alternative_t<Is, Variant>>() == name
              ? (found = true, ok = expect('(') && apply(x.template emplace<Is>()) && expect(')'), true)
              : false)
           || ...);
    if (!found) {
      seek(start);
      skip_ws();
      return fail("expected an alternative of " + type_name<Variant>() + " written as type(value)");
    }
    return ok;
  }

  template <class F>
  bool parse_list(F&& each) {
    if (!expect('['))
      return false;
    if (consume(']'))
      return true;
    do {
      if (!each())
        return false;
    } while (consume(','));
    return expect(']');
  }

  std::string_view in_;
  std::size_t pos_ = 0;
  std::size_t field_index_stack_ = 0;
  error err_;
  std::optional<pending_record> pending_;
};

template <class T>
bool text_parser::apply(T& x) {
  if constexpr (std::is_same_v<T, bool>) {
    if (consume_word("true"))
      x = true;
    else if (consume_word("false"))
      x = false;
    else
      return fail("expected a bool");
    return true;
  } else if constexpr (std::is_same_v<T, char>) {
    if (!expect('\''))
      return false;
    if (pos_ >= in_.size())
      return fail("unexpected end of input");
    x = in_[pos_++];
    return expect('\'');
  } else if constexpr (detail::is_integer_v<T>) {
    auto tok = read_number_token();
    long long s = 0;
    unsigned long long u = 0;
    if (!parse_integer(tok, static_cast<long long>(std::numeric_limits<T>::min()),
                       static_cast<unsigned long long>(std::numeric_limits<T>::max()), s, u))
      return false;
    x = std::is_signed_v<T> ? static_cast<T>(s) : static_cast<T>(u);
    return true;
  } else if constexpr (std::is_floating_point_v<T>) {
    double d;
    if (!parse_double(read_number_token(), d))
      return false;
    x = static_cast<T>(d);
    return true;
  } else if constexpr (std::is_same_v<T, atom_value>) {
    return parse_atom(x);
  } else if constexpr (std::is_enum_v<T>) {
    std::underlying_type_t<T> v{};
    if (!apply(v))
      return false;
    x = static_cast<T>(v);
    return true;
  } else if constexpr (std::is_same_v<T, std::string>) {
    return parse_string(x);
  } else if constexpr (std::is_same_v<T, error>) {
    return parse_error(x);
  } else if constexpr (detail::is_handle_v<T>) {
    if (consume_word("invalid-actor") || consume_word("invalid")) {
      // "invalid-actor" lexes as "invalid" '-' "actor"
      if (consume('-') && !consume_word("actor"))
        return fail("expected 'invalid-actor'");
      x = T{};
      return true;
    }
    return fail("actor handles cannot be parsed (only invalid-actor)");
  } else if constexpr (detail::is_vector_v<T>) {
    x.clear();
    return parse_list([&] {
      typename T::value_type v{};
      if (!apply(v))
        return false;
      x.push_back(std::move(v));
      return true;
    });
  } else if constexpr (detail::is_array_v<T>) {
    std::size_t i = 0;
    if (!parse_list([&] {
          if (i >= x.size())
            return fail("too many array elements");
          return apply(x[i++]);
        }))
      return false;
    return i == x.size() ? true : fail("too few array elements");
  } else if constexpr (detail::is_map_v<T>) {
    x.clear();
    return parse_list([&] {
      std::pair<typename T::key_type, typename T::mapped_type> kv{};
      if (!apply(kv))
        return false;
      if (!x.emplace(std::move(kv)).second)
        return fail("duplicate map key");
      return true;
    });
  } else if constexpr (detail::is_optional_v<T>) {
    if (consume_word("null")) {
      x.reset();
      return true;
    }
    if (!expect('*'))
      return false;
    return apply(x.emplace());
  } else if constexpr (detail::is_variant_v<T>) {
    return parse_variant(x, std::make_index_sequence<std::variant_size_v<T>>{});
  } else if constexpr (std::is_same_v<T, exit_msg> || std::is_same_v<T, down_msg>) {
    // exit_msg(source, reason), as to_string prints it
    return consume_name(std::is_same_v<T, exit_msg> ? "exit_msg" : "down_msg") && expect('(') && apply(x.source)
           && expect(',') && apply(x.reason) && expect(')');
  } else if constexpr (std::is_same_v<T, timeout_msg>) {
    return consume_name("timeout_msg") && expect('(') && apply(x.id) && expect(')');
  } else if constexpr (detail::is_tuple_v<T>) {
    return apply_tuple(x, std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (detail::has_inspect<text_parser, T>) {
    if (pending_ && !open_pending({})) // an inspect overload that parsed this before calling the parser
      return false;
    pending_.emplace(pending_record{type_name<T>(), type_registry::global().find(type_id_of<T>()) == nullptr});
    // An overload may refuse a value it read (an enumerator out of range) without saying why.
    bool ok = (inspect(*this, x) || fail("a value " + type_name<T>() + " does not accept"))
              && (!pending_ || open_pending({})) && end_record();
    pending_.reset();
    return ok;
  } else {
    auto* e = type_registry::global().find(type_id_of<T>());
    if (e == nullptr)
      return fail("type not announced: " + type_name<T>());
    return e->parse(*this, &x);
  }
}

} // namespace troupe
