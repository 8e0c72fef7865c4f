// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// text_printer: the text format of to_string(message), extended to records:
//   add_request{a = 1, b = 2}
// Leaf values print exactly as detail::stringify does ('atom', 42, "str\n",
// true, 1.5); vectors/arrays/maps as [..] (map entries as (k, v)), tuples as
// (a, b), optionals as *x or null, variants as their active alternative in
// the cast form type(value), e.g. int16(3).
// Records (inspect(f, x) or announced with fields) print as name{f = v, ...}
// where unnamed fields are called a0, a1, ... A record with an inspect
// overload is named by its announced name, else by the meta::type_name
// among the arguments of inspect's call, else by its C++ name.
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "troupe/detail/stringify.hpp"
#include "troupe/serialization/field.hpp"
#include "troupe/serialization/type_name.hpp"
#include "troupe/serialization/type_registry.hpp"
#include "troupe/serialization/type_traits.hpp"

namespace troupe {

/// Appends the text format of values to a string: the format of to_string(message), extended to records as
/// name{field = value, ...}; text_parser reads it back, valid actor handles excepted. Not thread-safe: one printer
/// per string.
class text_printer {
public:
  /// Appends to `out` (not owned: it must outlive the printer).
  explicit text_printer(std::string& out) noexcept : out_(out) {}

  /// The inspector traits that inspect overloads read: their return type, and whether this inspector reads an
  /// object's state (to write it out) or writes it (to read it in).
  /// @{
  using result_type = bool;
  static constexpr bool reads_state = true;
  static constexpr bool writes_state = false;
  /// @}

  /// Prints the fields of a record (called from inspect overloads).
  template <class... Ts>
  bool operator()(Ts&&... xs) {
    if (pending_)
      open_pending(detail::annotated_type_name(xs...));
    return detail::for_each_field(
      [this](std::size_t i, std::string_view name, const auto& x) {
        this->print_field(i, name, x);
        return true;
      },
      xs...);
  }

  /// Appends `x` in the text format; a value of a type without an inspect overload or an announcement prints as
  /// to_string prints it.
  template <class T>
  void apply(const T& x);

  /// Appends "name{", the start of a record.
  void begin_record(std::string_view name) {
    out_ += name;
    out_ += '{';
  }
  /// Appends the '}' that closes a record.
  void end_record() { out_ += '}'; }

  /// Appends field `index` of a record as "name = value", with ", " before all but the first field; an empty `name`
  /// prints as a0, a1, ...
  template <class T>
  void print_field(std::size_t index, std::string_view name, const T& x) {
    if (index > 0)
      out_ += ", ";
    if (name.empty()) {
      out_ += 'a';
      out_ += std::to_string(index);
    } else {
      out_ += name;
    }
    out_ += " = ";
    apply(x);
  }

  /// The string appended to.
  std::string& out() noexcept { return out_; }

private:
  /// A record whose inspect overload runs: its name is written on inspect's
  /// first call to this printer, which may carry a meta::type_name.
  struct pending_record {
    std::string name;
    bool renamable; // not announced: an annotation may name it
  };

  void open_pending(std::string_view annotated) {
    auto rec = std::move(*pending_);
    pending_.reset();
    begin_record(rec.renamable && !annotated.empty() ? annotated : std::string_view{rec.name});
  }

  template <class Tuple, std::size_t... Is>
  void apply_tuple(const Tuple& xs, std::index_sequence<Is...>) {
    out_ += '(';
    ((out_ += (Is == 0 ? "" : ", "), apply(std::get<Is>(xs))), ...);
    out_ += ')';
  }

  std::string& out_;
  std::optional<pending_record> pending_;
};

template <class T>
void text_printer::apply(const T& x) {
  if constexpr (
    std::is_arithmetic_v<
      T> || std::is_same_v<T, atom_value> || std::is_same_v<T, std::string> || std::is_same_v<T, error> || detail::is_handle_v<T> || std::is_same_v<T, exit_msg> || std::is_same_v<T, down_msg> || std::is_same_v<T, timeout_msg>) {
    detail::stringify(out_, x);
  } else if constexpr (detail::is_vector_v<T> || detail::is_array_v<T> || detail::is_map_v<T>) {
    out_ += '[';
    bool first = true;
    for (const auto& e : x) {
      if (!first)
        out_ += ", ";
      first = false;
      if constexpr (std::is_same_v<T, std::vector<bool>>)
        apply(static_cast<bool>(e));
      else
        apply(e);
    }
    out_ += ']';
  } else if constexpr (detail::is_optional_v<T>) {
    if (x) {
      out_ += '*';
      apply(*x);
    } else {
      out_ += "null";
    }
  } else if constexpr (detail::is_variant_v<T>) {
    if (x.valueless_by_exception())
      out_ += "<valueless>";
    else
      std::visit(
        [this](const auto& v) {
          // the cast form names the alternative: int16(3), string("x")
          out_ += type_name<std::decay_t<decltype(v)>>();
          out_ += '(';
          apply(v);
          out_ += ')';
        },
        x);
  } else if constexpr (detail::is_tuple_v<T>) {
    apply_tuple(x, std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (detail::has_inspect<text_printer, T>) {
    if (pending_) // an inspect overload that printed this before calling the printer
      open_pending({});
    pending_.emplace(pending_record{type_name<T>(), type_registry::global().find(type_id_of<T>()) == nullptr});
    inspect(*this, const_cast<T&>(x));
    if (pending_) // no call: a record without fields
      open_pending({});
    end_record();
  } else if constexpr (std::is_enum_v<T>) {
    detail::stringify(out_, x);
  } else {
    if (auto* e = type_registry::global().find(type_id_of<T>()))
      e->print(*this, &x);
    else
      detail::stringify(out_, x);
  }
}

} // namespace troupe
