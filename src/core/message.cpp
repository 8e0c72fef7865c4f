#include "troupe/message.hpp"

#include "troupe/atom.hpp"

namespace troupe {

std::string to_string(const message& msg) {
  std::string out = "(";
  for (std::size_t i = 0; i < msg.size(); ++i) {
    if (i > 0)
      out += ", ";
    msg.type_at(i)->stringify(out, msg.at(i));
  }
  out += ')';
  return out;
}

} // namespace troupe
