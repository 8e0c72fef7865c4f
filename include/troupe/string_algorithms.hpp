// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// split(out, str, delims): the string splitting CAF programs call with the
// boost-compatible spelling
//
//   std::vector<std::string> words;
//   split(words, line, is_any_of(" ,"), token_compress_on);
//
// Every character of `delims` separates two tokens. The tokens are appended to
// `out` (what it held stays in front). With keep_all (the default) empty
// tokens stay, so "a,,b" gives "a", "", "b" and "" gives one empty token; with
// keep_all = false (token_compress_on) they are dropped. The string_view forms
// point into `str`.
#include <string>
#include <string_view>
#include <vector>

namespace troupe {

/// The delimiters as they are: every character separates (boost's name).
constexpr std::string_view is_any_of(std::string_view delims) noexcept {
  return delims;
}

/// For split's keep_all: drop every empty token. The name is boost's, where it
/// merges adjacent delimiters but keeps an empty first or last token; CAF gave
/// it this meaning, which ported programs rely on.
inline constexpr bool token_compress_on = false;

namespace detail {

template <class Out>
void split_into(std::vector<Out>& out, std::string_view str, std::string_view delims, bool keep_all) {
  std::size_t first = 0;
  for (;;) {
    auto last = str.find_first_of(delims, first);
    auto token = str.substr(first, last == std::string_view::npos ? std::string_view::npos : last - first);
    if (keep_all || !token.empty())
      out.emplace_back(token);
    if (last == std::string_view::npos)
      return;
    first = last + 1;
  }
}

} // namespace detail

/// Splits `str` at every character of `delims` (or at `delim`) and appends the tokens to `out`, which keeps what
/// it held. With keep_all (the default) empty tokens stay: "a,,b" gives "a", "", "b", and "" gives one empty
/// token; with keep_all = false (token_compress_on) they are dropped. The string_view forms point into `str`,
/// which must outlive them.
/// @{
inline void split(std::vector<std::string>& out, std::string_view str, std::string_view delims, bool keep_all = true) {
  detail::split_into(out, str, delims, keep_all);
}

inline void split(std::vector<std::string_view>& out, std::string_view str, std::string_view delims,
                  bool keep_all = true) {
  detail::split_into(out, str, delims, keep_all);
}

inline void split(std::vector<std::string>& out, std::string_view str, char delim, bool keep_all = true) {
  detail::split_into(out, str, std::string_view{&delim, 1}, keep_all);
}

inline void split(std::vector<std::string_view>& out, std::string_view str, char delim, bool keep_all = true) {
  detail::split_into(out, str, std::string_view{&delim, 1}, keep_all);
}
/// @}

} // namespace troupe
