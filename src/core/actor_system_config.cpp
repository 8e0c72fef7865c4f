// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/actor_system_config.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <limits>
#include <string_view>

#include "troupe/scheduler/work_stealing.hpp"

namespace troupe {

actor_system_config::actor_system_config() = default;

namespace {

bool parse_size(const std::string& text, std::size_t& out) {
  std::size_t value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || ptr != text.data() + text.size())
    return false;
  out = value;
  return true;
}

std::string trim(const std::string& s) {
  auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos)
    return {};
  auto last = s.find_last_not_of(" \t\r");
  return s.substr(first, last - first + 1);
}

// Applies the short option args[i]: -p 4242 (then i moves past the value),
// -p4242, or -s for a flag.
error apply_short_option(const config_option_set::option& opt, const std::vector<std::string>& args, std::size_t& i) {
  const auto& arg = args[i];
  auto dash_c = arg.substr(0, 2);
  if (opt.is_flag) {
    // Combined flags (-sv) are not supported, and taking "v" as the flag's
    // value would be a silent surprise.
    if (arg.size() > 2)
      return error{sec::invalid_argument, "option " + dash_c + " takes no value (" + arg + ")"};
    opt.assign("true");
    return {};
  }
  std::string value;
  if (arg.size() > 2)
    value = arg.substr(2);
  else if (i + 1 < args.size())
    value = args[++i];
  else
    return error{sec::invalid_argument, "option " + dash_c + " needs a value (" + dash_c + " VALUE)"};
  if (!opt.assign(value))
    return error{sec::invalid_argument, dash_c + " " + value + ": malformed value for --" + opt.name};
  return {};
}

} // namespace

error actor_system_config::set(const std::string& name, const std::string& value) {
  if (name == "scheduler.workers") {
    std::size_t n = 0;
    if (!parse_size(value, n) || n > 1024)
      return error{sec::invalid_argument, "scheduler.workers=" + value};
    workers = n;
  } else if (name == "scheduler.max-throughput") {
    std::size_t n = 0;
    if (!parse_size(value, n) || n == 0)
      return error{sec::invalid_argument, "scheduler.max-throughput=" + value};
    max_throughput = n;
  } else if (name == "scheduler.policy") {
    if (value == "stealing")
      factory_ = nullptr;
    else if (value == "sharing")
      factory_ = [](actor_system* sys, std::size_t n, std::size_t m) {
        return scheduler::make_coordinator<scheduler::policy::work_sharing>(sys, n, m);
      };
    else
      return error{sec::invalid_argument, "scheduler.policy=" + value + " (expected stealing or sharing)"};
    policy_name = value;
  } else if (name == "config-file") {
    return parse_file(value);
  } else if (name.rfind("logger.", 0) == 0) {
    return logger.set(std::string_view{name}.substr(7), value);
  } else if (const auto* opt = custom_options_.find(name)) {
    if (!opt->assign(value))
      return error{sec::invalid_argument, name + "=" + value};
  } else {
    return error{sec::invalid_argument, "unknown option " + name};
  }
  return {};
}

error actor_system_config::parse_file(const std::string& path) {
  constexpr int max_file_depth = 8;
  if (file_depth_ >= max_file_depth)
    return error{sec::invalid_argument, "config files nested deeper than 8 (a cycle?) at " + path};
  ++file_depth_;
  struct depth_guard {
    int& depth;
    ~depth_guard() { --depth; }
  } guard{file_depth_};
  std::ifstream in{path};
  if (!in)
    return error{sec::invalid_argument, "cannot read config file " + path};
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (auto hash = line.find('#'); hash != std::string::npos)
      line.resize(hash);
    line = trim(line);
    if (line.empty())
      continue;
    auto eq = line.find('=');
    if (eq == std::string::npos)
      return error{sec::invalid_argument, path + ":" + std::to_string(line_no) + ": expected name=value"};
    if (auto err = set(trim(line.substr(0, eq)), trim(line.substr(eq + 1))))
      return error{sec::invalid_argument, path + ":" + std::to_string(line_no) + ": " + err.context()};
  }
  return {};
}

error actor_system_config::parse(const std::vector<std::string>& args) {
  remainder_.clear();
  for (std::size_t i = 0; i < args.size(); ++i) {
    const auto& arg = args[i];
    if (arg == "--") {
      // Kept, so that whoever reads remainder() still sees where the options
      // ended: what follows may look like options and is not.
      remainder_.insert(remainder_.end(), args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
      break;
    }
    if (arg.size() >= 2 && arg[0] == '-' && arg[1] != '-') {
      const auto* opt = custom_options_.find_short(arg[1]);
      if (opt == nullptr) {
        remainder_.push_back(arg);
        continue;
      }
      if (auto err = apply_short_option(*opt, args, i))
        return err;
      continue;
    }
    if (arg.rfind("--", 0) != 0) {
      remainder_.push_back(arg);
      continue;
    }
    auto eq = arg.find('=');
    auto name = arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    if (!has_option(name)) {
      remainder_.push_back(arg);
      continue;
    }
    if (eq == std::string::npos) {
      if (const auto* opt = custom_options_.find(name); opt && opt->is_flag) {
        opt->assign("true");
        continue;
      }
    }
    if (eq == std::string::npos)
      return error{sec::invalid_argument, "option --" + name + " needs a value (--" + name + "=...)"};
    if (auto err = set(name, arg.substr(eq + 1)))
      return err;
  }
  return {};
}

error actor_system_config::parse(int argc, char** argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i)
    args.emplace_back(argv[i]);
  return parse(args);
}

std::string actor_system_config::help_text() {
  return "  --scheduler.workers=N         worker threads (default: hardware concurrency)\n"
         "  --scheduler.max-throughput=N  messages per actor and resume (default: 300)\n"
         "  --scheduler.policy=P          stealing (default) or sharing\n"
         "  --config-file=PATH            read name=value lines from PATH\n"
         + logger_config::help_text();
}

std::string actor_system_config::help() const {
  auto result = help_text();
  for (const auto& opt : custom_options_) {
    std::string usage = "  ";
    if (opt.short_name != 0)
      usage += std::string{'-', opt.short_name} + ", ";
    usage += "--" + opt.name + (opt.is_flag ? "" : "=VALUE");
    constexpr std::size_t description_column = 32;
    usage.resize(std::max(usage.size() + 2, description_column), ' ');
    result += usage + opt.description + " (default: " + opt.default_text + ")\n";
  }
  return result;
}

bool actor_system_config::has_option(const std::string& name) const {
  return name.rfind("scheduler.", 0) == 0 || name.rfind("logger.", 0) == 0 || name == "config-file"
         || custom_options_.find(name) != nullptr;
}

const actor_factory* actor_system_config::actor_type(const std::string& name) const {
  auto i = actor_types_.find(name);
  return i != actor_types_.end() ? &i->second : nullptr;
}

bool actor_system_config::has_module(actor_system_module::kind k) const noexcept {
  for (const auto& m : modules_)
    if (m.kind == k)
      return true;
  return false;
}

std::vector<std::unique_ptr<actor_system_module>> actor_system_config::make_modules(actor_system& sys) const {
  std::vector<std::unique_ptr<actor_system_module>> result;
  result.reserve(modules_.size());
  for (const auto& m : modules_)
    result.push_back(m.make(sys));
  return result;
}

bool detail::parse_duration(const std::string& text, std::chrono::nanoseconds& out) {
  std::int64_t count = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), count);
  if (ec != std::errc{} || ptr == text.data() || count < 0)
    return false;
  std::string_view unit{ptr, static_cast<std::size_t>(text.data() + text.size() - ptr)};
  std::int64_t scale = 0;
  if (unit.empty() || unit == "ms")
    scale = 1'000'000;
  else if (unit == "ns")
    scale = 1;
  else if (unit == "us")
    scale = 1'000;
  else if (unit == "s")
    scale = 1'000'000'000;
  else if (unit == "min")
    scale = 60'000'000'000;
  else
    return false;
  if (count > std::numeric_limits<std::int64_t>::max() / scale)
    return false;
  out = std::chrono::nanoseconds{count * scale};
  return true;
}

std::string detail::duration_text(std::chrono::nanoseconds x) {
  auto n = x.count();
  if (n != 0 && n % 1'000'000'000 == 0)
    return std::to_string(n / 1'000'000'000) + "s";
  if (n % 1'000'000 == 0)
    return std::to_string(n / 1'000'000) + "ms";
  if (n % 1'000 == 0)
    return std::to_string(n / 1'000) + "us";
  return std::to_string(n) + "ns";
}

std::unique_ptr<scheduler::abstract_coordinator> actor_system_config::make_scheduler(actor_system* sys) const {
  if (factory_)
    return factory_(sys, workers, max_throughput);
  return scheduler::make_coordinator<scheduler::policy::work_stealing>(sys, workers, max_throughput);
}

} // namespace troupe
