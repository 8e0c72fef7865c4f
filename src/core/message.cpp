#include "troupe/message.hpp"

#include "troupe/atom.hpp"
#include "troupe/serialization/message_codec.hpp"
#include "troupe/serialization/text_printer.hpp"
#include "troupe/serialization/type_registry.hpp"

namespace troupe {

std::string to_string(const message& msg) {
  std::string out = "(";
  for (std::size_t i = 0; i < msg.size(); ++i) {
    if (i > 0)
      out += ", ";
    // Announced non-built-in types print in the record format
    // (name{field = value, ...}); everything else as before.
    auto* e = type_registry::global().find(msg.type_at(i));
    if (e == nullptr) {
      msg.type_at(i)->stringify(out, msg.at(i));
      continue;
    }
    std::string text;
    if (e->builtin_code() == 0) {
      text_printer f{text};
      e->print(f, msg.at(i));
    } else {
      msg.type_at(i)->stringify(text, msg.at(i));
    }
    // Announced elements the literal rules would read back as another type
    // (int16, float, 2.0, variants, ...) print in the cast form type(value);
    // text that cannot be parsed at all (valid actor handles) stays as it is.
    if (detail::untyped_literal_type(text) == e || !detail::text_parses_as(e, text)) {
      out += text;
    } else {
      out += e->name();
      out += '(';
      out += text;
      out += ')';
    }
  }
  out += ')';
  return out;
}

} // namespace troupe
