// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/logger.hpp"

#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <string>
#include <vector>

#include "troupe/abstract_actor.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/this_actor.hpp"

namespace troupe {

std::atomic<std::uint8_t> detail::log_threshold{0};

namespace {

// Every live logger, so that log_threshold is the highest level among them.
struct logger_registry {
  std::mutex mtx;
  std::vector<const logger*> live;
};

logger_registry& registry() {
  static auto* instance = new logger_registry; // never destroyed: threads may log during exit
  return *instance;
}

void recompute_threshold(logger_registry& reg) {
  std::uint8_t top = 0;
  for (auto* lg : reg.live)
    for (auto lvl : {log_level::trace, log_level::debug, log_level::info, log_level::warning, log_level::error})
      if (lg->accepts(lvl)) {
        top = std::max(top, static_cast<std::uint8_t>(lvl));
        break;
      }
  detail::log_threshold.store(top, std::memory_order_relaxed);
}

// The level word of a line, and its ANSI colour on a terminal, by level.
constexpr std::string_view level_words[] = {"QUIET", "ERROR", "WARNING", "INFO", "DEBUG", "TRACE"};
constexpr std::string_view level_colours[] = {"", "\033[1;31m", "\033[33m", "\033[32m", "\033[2m", "\033[2m"};

std::string_view upper_name(log_level lvl) {
  return level_words[static_cast<std::size_t>(lvl)];
}

std::string_view colour_of(log_level lvl) {
  return level_colours[static_cast<std::size_t>(lvl)];
}

// "2026-11-23 05:30:12.345" in UTC.
void append_time(std::string& out, std::chrono::system_clock::time_point t) {
  using namespace std::chrono;
  auto secs = system_clock::to_time_t(t);
  auto ms = duration_cast<milliseconds>(t.time_since_epoch()).count() % 1000;
  std::tm tm{};
  ::gmtime_r(&secs, &tm);
  char buf[32];
  auto n = std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
  out.append(buf, n);
  char frac[8];
  std::snprintf(frac, sizeof frac, ".%03d", static_cast<int>(ms));
  out += frac;
}

} // namespace

logger::logger(logger_config cfg) : cfg_(std::move(cfg)), verbosity_(cfg_.verbosity) {
  using mode = logger_config::console_mode;
  console_ = cfg_.console != mode::none;
  colored_ = cfg_.console == mode::colored || (cfg_.console == mode::automatic && ::isatty(STDERR_FILENO) == 1);
  if (!cfg_.file.empty()) {
    file_ = std::fopen(cfg_.file.c_str(), "a");
    if (file_ == nullptr)
      std::fprintf(stderr, "[troupe] cannot open log file %s; logging to the console only\n", cfg_.file.c_str());
  }
  auto& reg = registry();
  std::lock_guard guard{reg.mtx};
  update_max_level();
  reg.live.push_back(this);
  recompute_threshold(reg);
}

logger::~logger() {
  {
    auto& reg = registry();
    std::lock_guard guard{reg.mtx};
    std::erase(reg.live, this);
    recompute_threshold(reg);
  }
  if (file_ != nullptr)
    std::fclose(file_);
}

void logger::update_max_level() {
  auto top = log_level::quiet;
  if (cfg_.component_filter.empty())
    top = verbosity();
  for (auto& c : cfg_.component_filter)
    top = std::max(top, c.level.value_or(verbosity()));
  max_level_.store(static_cast<std::uint8_t>(top), std::memory_order_relaxed);
}

void logger::set_verbosity(log_level lvl) {
  auto& reg = registry();
  std::lock_guard guard{reg.mtx};
  verbosity_.store(lvl, std::memory_order_relaxed);
  update_max_level();
  recompute_threshold(reg);
}

log_level logger::level_of(std::string_view component) const noexcept {
  if (cfg_.component_filter.empty())
    return verbosity();
  const logger_config::component* others = nullptr;
  for (auto& c : cfg_.component_filter) {
    if (c.name == component)
      return c.level.value_or(verbosity());
    if (c.name == "*")
      others = &c;
  }
  return others != nullptr ? others->level.value_or(verbosity()) : log_level::quiet;
}

bool logger::accepts(log_level lvl, std::string_view component) const noexcept {
  return lvl != log_level::quiet && accepts(lvl) && lvl <= level_of(component);
}

void logger::log(log_level lvl, std::string_view component, std::string_view text, const abstract_actor* about) {
  if (!accepts(lvl, component))
    return;
  if (about == nullptr)
    about = this_actor();
  std::string name = about != nullptr ? about->name() : "";
  log_record rec;
  rec.time = std::chrono::system_clock::now();
  rec.level = lvl;
  rec.component = component;
  rec.actor = about != nullptr ? about->id() : 0;
  rec.actor_name = name;
  rec.text = text;
  write(rec);
}

void logger::write(const log_record& rec) {
  // Everything but the level word, formatted before taking the lock.
  std::string head;
  append_time(head, rec.time);
  head += ' ';
  std::string tail;
  tail += ' ';
  tail += rec.component;
  if (rec.actor != 0) {
    tail += " actor#";
    tail += std::to_string(rec.actor);
    tail += " (";
    tail += rec.actor_name;
    tail += ')';
  }
  tail += ": ";
  tail += rec.text;
  auto level = upper_name(rec.level);
  std::string line = head;
  line += level;
  line += tail;
  line += '\n';
  log_record full = rec;
  full.line = std::string_view{line}.substr(0, line.size() - 1); // after the last append: no reallocation
  std::string painted;
  if (console_ && colored_) {
    painted = head;
    painted += colour_of(rec.level);
    painted += level;
    painted += "\033[0m";
    painted += tail;
    painted += '\n';
  }
  std::lock_guard guard{mtx_};
  if (console_) {
    auto& out = colored_ ? painted : line;
    std::fwrite(out.data(), 1, out.size(), stderr);
  }
  if (file_ != nullptr) {
    std::fwrite(line.data(), 1, line.size(), file_);
    std::fflush(file_);
  }
  if (cfg_.sink)
    cfg_.sink(full);
}

logger& logger::fallback() noexcept {
  static auto* instance = new logger(logger_config{}); // never destroyed, like the registry
  return *instance;
}

logger& logger::current() noexcept {
  if (auto* self = this_actor())
    return self->home_system().logger();
  if (auto* sys = actor_system::current())
    return sys->logger();
  return fallback();
}

logger* logger::find(log_level lvl, std::string_view component) noexcept {
  auto& lg = current();
  return lg.accepts(lvl, component) ? &lg : nullptr;
}

} // namespace troupe
