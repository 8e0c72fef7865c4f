// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "line_reader.hpp"

#include <histedit.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace troupe::inspection {

struct line_reader::editor {
  EditLine* el = nullptr;
  History* history = nullptr;
  HistEvent event{};
  std::string prompt;
  completer complete;

  ~editor() {
    if (el != nullptr)
      el_end(el);
    if (history != nullptr)
      history_end(history);
  }

  static editor& of(EditLine* el) {
    void* self = nullptr;
    el_get(el, EL_CLIENTDATA, &self);
    return *static_cast<editor*>(self);
  }

  static char* prompt_of(EditLine* el) { return of(el).prompt.data(); }

  // Tab: one candidate completes the word; several complete their common
  // prefix and are listed below the line.
  static unsigned char on_tab(EditLine* el, int) {
    auto& self = of(el);
    const LineInfo* li = el_line(el);
    std::string_view typed{li->buffer, static_cast<std::size_t>(li->cursor - li->buffer)};
    auto word_start = typed.find_last_of(" \t");
    auto word = word_start == std::string_view::npos ? typed : typed.substr(word_start + 1);
    auto candidates = self.complete(typed);
    if (candidates.empty())
      return CC_REFRESH_BEEP;
    std::string common = candidates.front();
    for (auto& c : candidates) {
      std::size_t i = 0;
      while (i < common.size() && i < c.size() && common[i] == c[i])
        ++i;
      common.resize(i);
    }
    if (candidates.size() == 1)
      common += ' ';
    if (common.size() > word.size() && el_insertstr(el, common.c_str() + word.size()) != 0)
      return CC_ERROR;
    if (candidates.size() == 1)
      return CC_REFRESH;
    std::fputc('\n', stdout);
    for (auto& c : candidates)
      std::fprintf(stdout, "%s  ", c.c_str());
    std::fputc('\n', stdout);
    return CC_REDISPLAY;
  }
};

line_reader::line_reader(const char* program, completer complete) {
  if (isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0)
    return;
  auto e = std::make_unique<editor>();
  e->complete = std::move(complete);
  e->el = el_init(program, stdin, stdout, stderr);
  e->history = history_init();
  if (e->el == nullptr || e->history == nullptr)
    return; // no terminal support: plain lines
  history(e->history, &e->event, H_SETSIZE, 1000);
  history(e->history, &e->event, H_SETUNIQUE, 1);
  el_set(e->el, EL_CLIENTDATA, e.get());
  el_set(e->el, EL_EDITOR, "emacs");
  el_set(e->el, EL_HIST, history, e->history);
  el_set(e->el, EL_PROMPT, &editor::prompt_of);
  el_set(e->el, EL_ADDFN, "troupe-complete", "complete a command, node or option", &editor::on_tab);
  el_set(e->el, EL_BIND, "^I", "troupe-complete", nullptr);
  el_source(e->el, nullptr); // the user's ~/.editrc, as every libedit program reads it
  editor_ = std::move(e);
}

line_reader::~line_reader() = default;

std::optional<std::string> line_reader::read(const std::string& prompt) {
  if (!editor_) {
    std::string line;
    if (!std::getline(std::cin, line))
      return std::nullopt;
    return line;
  }
  editor_->prompt = prompt;
  int count = 0;
  const char* text = el_gets(editor_->el, &count);
  if (text == nullptr || count <= 0)
    return std::nullopt;
  std::string line{text, static_cast<std::size_t>(count)};
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
    line.pop_back();
  if (!line.empty())
    history(editor_->history, &editor_->event, H_ENTER, line.c_str());
  return line;
}

} // namespace troupe::inspection
