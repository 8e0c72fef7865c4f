// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/serialization/message_codec.hpp"

#include <algorithm>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>

#include "troupe/actor_system.hpp"
#include "troupe/detail/thread_cache.hpp"
#include "troupe/serialization/announce.hpp"

namespace troupe {

// ---- dynamic messages -----------------------------------------------------------------
//
// A payload whose element types are known only at run time. One block holds
//   message_data | elements | dyn_header | type_id[n] | const type_entry*[n] | uint32 offsets[n]
// and the header's message_layout points into the same block.

namespace {

struct dyn_header {
  detail::message_layout layout;
  std::uint32_t total;
};

// a is a power of two (an alignment): a mask, not a division.
constexpr std::size_t align_up(std::size_t x, std::size_t a) {
  return (x + a - 1) & ~(a - 1);
}

struct dyn_plan {
  std::size_t header_pos;
  std::size_t total;
};

dyn_plan plan(std::span<const type_entry* const> types, std::uint32_t* offsets) {
  std::size_t pos = sizeof(detail::message_data);
  for (std::size_t i = 0; i < types.size(); ++i) {
    pos = align_up(pos, types[i]->align());
    offsets[i] = static_cast<std::uint32_t>(pos);
    pos += types[i]->size();
  }
  pos = align_up(pos, alignof(dyn_header));
  auto header_pos = pos;
  pos += sizeof(dyn_header);
  pos += types.size() * (sizeof(type_id) + sizeof(const type_entry*) + sizeof(std::uint32_t));
  return {header_pos, align_up(pos, 16)};
}

dyn_header* header_of(const detail::message_data* p) {
  return const_cast<dyn_header*>(reinterpret_cast<const dyn_header*>(p->layout()));
}

const type_entry* const* entries_of(const dyn_header* h) {
  return reinterpret_cast<const type_entry* const*>(reinterpret_cast<const std::byte*>(h + 1)
                                                    + h->layout.size * sizeof(type_id));
}

void dyn_destroy(detail::message_data* p) noexcept;
detail::message_data* dyn_copy(const detail::message_data* src);

// Allocates and initializes the block laid out as `offsets` and `pl` say
// (plan's answer for `types`); elements are not constructed.
detail::message_data* dyn_build(std::span<const type_entry* const> types, const std::uint32_t* offsets, dyn_plan pl) {
  void* mem = detail::cached_allocate(pl.total);
  auto* base = static_cast<std::byte*>(mem);
  auto* h = reinterpret_cast<dyn_header*>(base + pl.header_pos);
  auto* ids = reinterpret_cast<type_id*>(h + 1);
  auto* ents = reinterpret_cast<const type_entry**>(ids + types.size());
  auto* offs = reinterpret_cast<std::uint32_t*>(ents + types.size());
  for (std::size_t i = 0; i < types.size(); ++i) {
    ids[i] = types[i]->id();
    ents[i] = types[i];
    offs[i] = offsets[i];
  }
  new (h) dyn_header{detail::message_layout{ids, offs, static_cast<std::uint32_t>(types.size()),
                                            static_cast<std::uint32_t>(pl.total), &dyn_copy, &dyn_destroy},
                     static_cast<std::uint32_t>(pl.total)};
  return new (mem) detail::message_data(&h->layout);
}

// Allocates and initializes the block; elements are not constructed.
detail::message_data* dyn_allocate(std::span<const type_entry* const> types) {
  std::uint32_t small_offsets[8];
  std::vector<std::uint32_t> big_offsets;
  std::uint32_t* offsets = small_offsets;
  if (types.size() > 8) {
    big_offsets.resize(types.size());
    offsets = big_offsets.data();
  }
  return dyn_build(types, offsets, plan(types, offsets));
}

void dyn_free(detail::message_data* p) noexcept {
  auto total = header_of(p)->total;
  p->~message_data();
  detail::cached_deallocate(p, total);
}

void dyn_destroy(detail::message_data* p) noexcept {
  auto* h = header_of(p);
  auto* ents = entries_of(h);
  for (std::size_t i = 0; i < h->layout.size; ++i)
    ents[i]->destroy(p->mutable_at(i));
  dyn_free(p);
}

detail::message_data* dyn_copy(const detail::message_data* src) {
  auto* h = header_of(src);
  std::span<const type_entry* const> types{entries_of(h), h->layout.size};
  auto* p = dyn_allocate(types);
  std::size_t built = 0;
  try {
    for (; built < types.size(); ++built)
      types[built]->copy_construct(p->mutable_at(built), src->at(built));
  } catch (...) {
    for (std::size_t i = 0; i < built; ++i)
      types[i]->destroy(p->mutable_at(i));
    dyn_free(p);
    throw;
  }
  return p;
}

// Default-constructs the elements of a fresh block.
message construct_elements(std::span<const type_entry* const> types, detail::message_data* p) {
  std::size_t built = 0;
  try {
    for (; built < types.size(); ++built)
      types[built]->default_construct(p->mutable_at(built));
  } catch (...) {
    for (std::size_t i = 0; i < built; ++i)
      types[i]->destroy(p->mutable_at(i));
    dyn_free(p);
    throw;
  }
  return message{detail::intrusive_ptr<detail::message_data>{p, false}};
}

// The element types of the last message this thread decoded, and the block
// plan for them: a connection carries few kinds of message, over and over,
// and type entries live as long as the process.
struct decode_memo {
  static constexpr std::size_t capacity = 4;
  bool valid = false; // an empty list is a list too
  std::size_t size = 0;
  const type_entry* types[capacity] = {};
  std::uint32_t offsets[capacity] = {};
  dyn_plan plan{};

  bool matches(std::span<const type_entry* const> ts) const noexcept {
    if (!valid || ts.size() != size)
      return false;
    for (std::size_t i = 0; i < size; ++i)
      if (ts[i] != types[i])
        return false;
    return true;
  }
};

// A message of default-constructed elements, its layout planned once per run
// of same-typed messages.
message make_decoded_message(std::span<const type_entry* const> types) {
  thread_local decode_memo memo;
  if (types.size() > decode_memo::capacity)
    return make_dynamic_message(types);
  if (!memo.matches(types)) {
    memo.plan = plan(types, memo.offsets);
    std::copy(types.begin(), types.end(), memo.types);
    memo.size = types.size();
    memo.valid = true;
  }
  return construct_elements(types, dyn_build(types, memo.offsets, memo.plan));
}

} // namespace

message make_dynamic_message(std::span<const type_entry* const> types) {
  return construct_elements(types, dyn_allocate(types));
}

// ---- binary ---------------------------------------------------------------------------

error serialize(const message& msg, std::vector<std::byte>& out, actor_handle_codec* codec) {
  auto old_size = out.size();
  auto& reg = type_registry::global();
  auto n = msg.size();
  if (n > max_message_elements)
    return error{sec::invalid_argument, "message has too many elements"};
  const type_entry* small[8];
  std::vector<const type_entry*> big;
  const type_entry** entries = small;
  if (n > 8) {
    big.resize(n);
    entries = big.data();
  }
  binary_serializer f{out, codec};
  f.write_byte(message_format_version);
  f.write_varint(n);
  for (std::size_t i = 0; i < n; ++i) {
    auto* e = reg.find(msg.type_at(i));
    if (e == nullptr) {
      out.resize(old_size);
      return error{sec::type_clash, "type not announced: " + std::string{msg.type_at(i)->name}};
    }
    entries[i] = e;
    if (auto code = e->builtin_code(); code != 0) {
      f.write_varint(code);
    } else {
      f.write_varint(0);
      f.write_string(e->name());
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (!entries[i]->save(f, msg.at(i))) {
      out.resize(old_size);
      return f.err();
    }
  }
  return error{};
}

std::vector<std::byte> serialize(const message& msg) {
  std::vector<std::byte> out;
  out.reserve(64);
  if (auto err = serialize(msg, out))
    throw std::invalid_argument(to_string(err));
  return out;
}

decode_result<message> deserialize(std::span<const std::byte> input, actor_handle_codec* codec) noexcept {
  try {
    auto& reg = type_registry::global();
    binary_deserializer f{input, codec};
    std::uint8_t version{};
    if (!f.read_byte(version))
      return f.err();
    if (version != message_format_version) {
      f.fail("unsupported format version " + std::to_string(version));
      return f.err();
    }
    std::size_t n{};
    if (!f.read_count(n, 2)) // each element needs a tag byte and a value byte at least
      return f.err();
    if (n > max_message_elements) {
      f.fail("too many elements");
      return f.err();
    }
    const type_entry* small[8];
    std::vector<const type_entry*> big;
    const type_entry** entries = small;
    if (n > 8) {
      big.resize(n);
      entries = big.data();
    }
    std::string name;
    for (std::size_t i = 0; i < n; ++i) {
      std::uint64_t tag{};
      if (!f.read_varint(tag))
        return f.err();
      const type_entry* e = nullptr;
      if (tag == 0) {
        if (!f.read_string(name))
          return f.err();
        e = reg.find(std::string_view{name});
        if (e == nullptr) {
          f.fail("unknown type name '" + name + "'");
          return f.err();
        }
      } else if (tag < 256) {
        e = reg.find_code(static_cast<std::uint8_t>(tag));
      }
      if (e == nullptr) {
        f.fail("unknown type code " + std::to_string(tag));
        return f.err();
      }
      entries[i] = e;
    }
    auto msg = make_decoded_message({entries, n});
    for (std::size_t i = 0; i < n; ++i)
      if (!entries[i]->load(f, msg.mutable_at(i)))
        return f.err();
    if (f.remaining() != 0) {
      f.fail("trailing bytes after the message");
      return f.err();
    }
    return msg;
  } catch (const std::bad_alloc&) {
    return error{sec::runtime_error, "out of memory while decoding"};
  } catch (...) {
    return error{sec::runtime_error, "exception while decoding"};
  }
}

// ---- text -----------------------------------------------------------------------------

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

decode_result<message> message_from_string(const type_registry& types, std::string_view text) noexcept {
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
    auto* data = dyn_allocate(entries);
    std::size_t built = 0;
    try {
      for (; built < entries.size(); ++built)
        entries[built]->copy_construct(data->mutable_at(built), elems[built].storage);
    } catch (...) {
      for (std::size_t i = 0; i < built; ++i)
        entries[i]->destroy(data->mutable_at(i));
      dyn_free(data);
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

decode_result<message> message_from_string(actor_system& sys, std::string_view text) noexcept {
  return message_from_string(sys.types(), text);
}

bool messages_equal(const message& a, const message& b) {
  if (a.data() == b.data())
    return true;
  if (a.size() != b.size())
    return false;
  auto& reg = type_registry::global();
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a.type_at(i) != b.type_at(i))
      return false;
    auto* e = reg.find(a.type_at(i));
    if (e == nullptr || !e->comparable() || !e->equal(a.at(i), b.at(i)))
      return false;
  }
  return true;
}

} // namespace troupe
