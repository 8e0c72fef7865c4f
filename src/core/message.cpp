#include "troupe/message.hpp"

#include "troupe/atom.hpp"
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
    if (e != nullptr && e->builtin_code() == 0) {
      text_printer f{out};
      e->print(f, msg.at(i));
    } else {
      msg.type_at(i)->stringify(out, msg.at(i));
    }
  }
  out += ')';
  return out;
}

} // namespace troupe
