// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Where the shell's command lines come from. On a terminal: libedit, with
// line editing, history and tab completion. Otherwise: one line at a time
// from stdin, so that scripts and tests drive the shell.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace troupe::inspection {

class line_reader {
public:
  /// What completes the last word of the line typed so far.
  using completer = std::function<std::vector<std::string>(std::string_view line)>;

  /// Reads with libedit when stdin and stdout are terminals, else plain lines.
  line_reader(const char* program, completer complete);
  ~line_reader();
  line_reader(const line_reader&) = delete;
  line_reader& operator=(const line_reader&) = delete;

  /// The next line (without its newline), or nothing at the end of the input.
  std::optional<std::string> read(const std::string& prompt);

  /// Whether lines come from a terminal through libedit.
  bool interactive() const noexcept { return editor_ != nullptr; }

private:
  struct editor;
  std::unique_ptr<editor> editor_;
};

} // namespace troupe::inspection
