// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The text form of a message, read back: message_from_string and the literal
// checks the type registry makes when a type is announced.
#include <new>
#include <vector>

#include "dynamic_message.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/serialization/announce.hpp"
#include "troupe/serialization/message_codec.hpp"
#include "troupe/serialization/text_parser.hpp"

namespace troupe {

namespace {

// One parsed top-level element: its entry and a heap copy of the value.
struct parsed_value {
  const type_entry* entry = nullptr;
  void* storage = nullptr;
  parsed_value() = default;
  parsed_value(const parsed_value&) = delete;
  parsed_value(parsed_value&& other) noexcept : entry(other.entry), storage(other.storage) { other.storage = nullptr; }
  ~parsed_value() {
    if (storage != nullptr) {
      entry->destroy(storage);
      ::operator delete (storage, std::align_val_t{alignof(std::max_align_t)});
    }
  }
  template <class T>
  static parsed_value make(T value) {
    parsed_value r;
    r.entry = type_registry::global().find(type_id_of<T>());
    r.storage = ::operator new (sizeof(T), std::align_val_t{alignof(std::max_align_t)});
    new (r.storage) T(std::move(value));
    return r;
  }
};

struct untyped_parser {
  text_parser& p;
  const type_registry& reg;

  // A scalar literal; kind: 'a' atom, 's' string, 'b' bool, 'i' integer, 'u' uint64, 'd' double.
  struct scalar {
    char kind = 0;
    atom_value a{};
    std::string s;
    bool b = false;
    long long i = 0;
    unsigned long long u = 0;
    double d = 0;
  };

  bool parse_scalar(scalar& x) {
    char c = p.peek();
    if (c == '\'') {
      x.kind = 'a';
      return p.parse_atom(x.a);
    }
    if (c == '"') {
      x.kind = 's';
      return p.parse_string(x.s);
    }
    if (p.consume_word("true")) {
      x.kind = 'b';
      x.b = true;
      return true;
    }
    if (p.consume_word("false")) {
      x.kind = 'b';
      x.b = false;
      return true;
    }
    if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == 'i' || c == 'n') {
      auto tok = p.read_number_token();
      if (text_parser::is_float_token(tok)) {
        x.kind = 'd';
        return p.parse_double(tok, x.d);
      }
      if (tok[0] != '-') {
        unsigned long long u = 0;
        long long s = 0;
        if (!p.parse_integer(tok, 0, ~0ULL, s, u))
          return false;
        if (u > static_cast<unsigned long long>(std::numeric_limits<long long>::max())) {
          x.kind = 'u';
          x.u = u;
        } else {
          x.kind = 'i';
          x.i = static_cast<long long>(u);
        }
        return true;
      }
      unsigned long long u = 0;
      x.kind = 'i';
      return p.parse_integer(tok, std::numeric_limits<long long>::min(), 0, x.i, u);
    }
    return p.fail("expected a value");
  }

  static bool fits32(long long v) {
    return v >= std::numeric_limits<std::int32_t>::min() && v <= std::numeric_limits<std::int32_t>::max();
  }

  // A list of records, e.g. [add_request{...}, ...]: std::vector<name> must be announced.
  bool parse_record_list(std::vector<parsed_value>& out, std::size_t list_pos) {
    auto name = p.read_type_name();
    std::string vec_name = "std::vector<" + std::string{name} + ">";
    auto* e = reg.find(vec_name);
    if (e == nullptr) {
      p.seek(list_pos + 1);
      p.skip_ws();
      return p.fail("type not announced: " + vec_name);
    }
    p.seek(list_pos);
    return parse_with(e, out);
  }

  bool parse_with(const type_entry* e, std::vector<parsed_value>& out) {
    parsed_value v;
    v.entry = e;
    v.storage = ::operator new (e->size(), std::align_val_t{alignof(std::max_align_t)});
    try {
      e->default_construct(v.storage);
    } catch (...) {
      ::operator delete (v.storage, std::align_val_t{alignof(std::max_align_t)});
      v.storage = nullptr;
      throw;
    }
    if (!e->parse(p, v.storage))
      return false;
    out.push_back(std::move(v));
    return true;
  }

  bool parse_list(std::vector<parsed_value>& out) {
    auto list_pos = p.position();
    p.expect('[');
    {
      auto save = p.position();
      char c = p.peek();
      if (text_parser::is_ident_char(c) && !(c >= '0' && c <= '9')) {
        bool literal =
          p.consume_word("true") || p.consume_word("false") || p.consume_word("inf") || p.consume_word("nan");
        p.seek(save);
        if (!literal)
          return parse_record_list(out, list_pos);
      }
    }
    std::vector<scalar> xs;
    if (!p.consume(']')) {
      do {
        if (p.peek() == '[')
          return p.fail("nested lists need an announced record field type");
        scalar x;
        if (!parse_scalar(x))
          return false;
        xs.push_back(std::move(x));
      } while (p.consume(','));
      if (!p.expect(']'))
        return false;
    }
    char kind = 'i';
    bool all32 = true;
    if (!xs.empty()) {
      kind = xs[0].kind;
      for (auto& x : xs) {
        bool num = x.kind == 'i' || x.kind == 'd' || x.kind == 'u';
        bool knum = kind == 'i' || kind == 'd' || kind == 'u';
        if (num && knum) {
          if (x.kind == 'd' || kind == 'd')
            kind = 'd';
          else if (x.kind == 'u' || kind == 'u')
            kind = 'u';
        } else if (x.kind != kind) {
          return p.fail("list elements of mixed types");
        }
        if (x.kind == 'i' && !fits32(x.i))
          all32 = false;
      }
    }
    switch (kind) {
      case 'a': {
        std::vector<atom_value> v;
        for (auto& x : xs)
          v.push_back(x.a);
        out.push_back(parsed_value::make(std::move(v)));
        return true;
      }
      case 's': {
        std::vector<std::string> v;
        for (auto& x : xs)
          v.push_back(std::move(x.s));
        out.push_back(parsed_value::make(std::move(v)));
        return true;
      }
      case 'b': {
        std::vector<bool> v;
        for (auto& x : xs)
          v.push_back(x.b);
        out.push_back(parsed_value::make(std::move(v)));
        return true;
      }
      case 'd': {
        std::vector<double> v;
        for (auto& x : xs)
          v.push_back(x.kind == 'd' ? x.d : x.kind == 'u' ? static_cast<double>(x.u) : static_cast<double>(x.i));
        out.push_back(parsed_value::make(std::move(v)));
        return true;
      }
      case 'u':
        return p.fail("integer list element out of range");
      default: {
        if (all32) {
          std::vector<std::int32_t> v;
          for (auto& x : xs)
            v.push_back(static_cast<std::int32_t>(x.i));
          out.push_back(parsed_value::make(std::move(v)));
        } else {
          std::vector<std::int64_t> v;
          for (auto& x : xs)
            v.push_back(static_cast<std::int64_t>(x.i));
          out.push_back(parsed_value::make(std::move(v)));
        }
        return true;
      }
    }
  }

  // name(...): either a value whose own text form is name(...) (error,
  // exit_msg, down_msg, timeout_msg) or the cast form type(value) that
  // to_string prints for elements the literal rules would type differently.
  bool parse_cast(std::size_t name_pos, std::string_view name, std::vector<parsed_value>& out) {
    auto* e = reg.find(name);
    if (e == nullptr) {
      p.seek(name_pos);
      p.skip_ws();
      return p.fail("unknown type '" + std::string{name} + "'");
    }
    if (name == "error" || name == "exit_msg" || name == "down_msg" || name == "timeout_msg") {
      p.seek(name_pos);
      return parse_with(e, out);
    }
    return p.expect('(') && parse_with(e, out) && p.expect(')');
  }

  bool parse_element(std::vector<parsed_value>& out) {
    char c = p.peek();
    if (c == '[')
      return parse_list(out);
    if (text_parser::is_ident_char(c) && !(c >= '0' && c <= '9')) {
      auto save = p.position();
      if (!p.consume_word("true") && !p.consume_word("false") && !p.consume_word("inf") && !p.consume_word("nan")) {
        auto name = p.read_type_name();
        if (p.peek() == '{') {
          auto* e = reg.find(name);
          p.seek(save);
          p.skip_ws();
          if (e == nullptr)
            return p.fail("unknown type '" + std::string{name} + "'");
          return parse_with(e, out);
        }
        if (p.peek() == '(')
          return parse_cast(save, name, out);
        if (name == "none") {
          out.push_back(parsed_value::make(error{}));
          return true;
        }
        p.seek(save);
        p.skip_ws();
        return p.fail("unknown identifier '" + std::string{name} + "'");
      }
      p.seek(save);
    }
    scalar x;
    if (!parse_scalar(x))
      return false;
    switch (x.kind) {
      case 'a':
        out.push_back(parsed_value::make(x.a));
        break;
      case 's':
        out.push_back(parsed_value::make(std::move(x.s)));
        break;
      case 'b':
        out.push_back(parsed_value::make(x.b));
        break;
      case 'd':
        out.push_back(parsed_value::make(x.d));
        break;
      case 'u':
        out.push_back(parsed_value::make(static_cast<std::uint64_t>(x.u)));
        break;
      default:
        if (fits32(x.i))
          out.push_back(parsed_value::make(static_cast<std::int32_t>(x.i)));
        else
          out.push_back(parsed_value::make(static_cast<std::int64_t>(x.i)));
    }
    return true;
  }
};

} // namespace

expected<message> message_from_string(const type_registry& types, std::string_view text) noexcept {
  try {
    text_parser p{text};
    untyped_parser up{p, types};
    std::vector<parsed_value> elems;
    if (!p.expect('('))
      return p.err();
    if (!p.consume(')')) {
      do {
        if (elems.size() >= max_message_elements) {
          p.fail("too many elements");
          return p.err();
        }
        if (!up.parse_element(elems))
          return p.err();
      } while (p.consume(','));
      if (!p.expect(')'))
        return p.err();
    }
    if (!p.at_end()) {
      p.fail("trailing characters");
      return p.err();
    }
    std::vector<const type_entry*> entries;
    for (auto& e : elems)
      entries.push_back(e.entry);
    auto* data = detail::allocate_dynamic_data(entries);
    std::size_t built = 0;
    try {
      for (; built < entries.size(); ++built)
        entries[built]->copy_construct(data->mutable_at(built), elems[built].storage);
    } catch (...) {
      for (std::size_t i = 0; i < built; ++i)
        entries[i]->destroy(data->mutable_at(i));
      detail::free_dynamic_data(data);
      throw;
    }
    return message{detail::intrusive_ptr<detail::message_data>{data, false}};
  } catch (...) {
    return error{sec::runtime_error, "exception while parsing"};
  }
}

namespace detail {

const type_entry* untyped_literal_type(std::string_view text) noexcept {
  try {
    text_parser p{text};
    untyped_parser up{p, type_registry::global()};
    std::vector<parsed_value> elems;
    if (!up.parse_element(elems) || !p.at_end() || elems.size() != 1)
      return nullptr;
    return elems[0].entry;
  } catch (...) {
    return nullptr;
  }
}

bool text_parses_as(const type_entry* e, std::string_view text) noexcept {
  try {
    text_parser p{text};
    untyped_parser up{p, type_registry::global()};
    std::vector<parsed_value> elems;
    return up.parse_with(e, elems) && p.at_end();
  } catch (...) {
    return false;
  }
}

} // namespace detail

expected<message> message_from_string(actor_system& sys, std::string_view text) noexcept {
  return message_from_string(sys.types(), text);
}

} // namespace troupe
