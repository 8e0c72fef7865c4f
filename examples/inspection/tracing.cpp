// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Message traces: a shop asks a pricing actor for the price of a basket; the
// pricing actor asks the stock actor about each item and answers once all
// answers are in. With inspect.trace=on each message handled is a span, and
// every basket is one trace: its request, the stock requests it caused, their
// responses and the answer, each span a child of the one that sent its
// message. The spans go to an OTLP/JSON file (the OpenTelemetry Collector's
// otlpjsonfile receiver reads it), to a Chrome trace for Perfetto, or to a
// collector's OTLP/HTTP endpoint.
//
// Shows: inspect.trace, inspect.trace-file, inspect.trace-chrome, inspect.trace-otlp.
//
//   troupe_example_tracing [--inspect.trace=on|NAME,...] [--inspect.trace-file=PATH]
//                          [--inspect.trace-chrome=PATH] [--inspect.trace-otlp=http://HOST:4318]
#include <troupe/inspection.hpp>
#include <troupe/net.hpp>
#include <troupe/troupe.hpp>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

using price_atom = atom_constant<atom("price")>;
constexpr price_atom price_atom_v{};
using stock_atom = atom_constant<atom("stock")>;
constexpr stock_atom stock_atom_v{};

constexpr int baskets = 20;
constexpr std::int32_t items_per_basket = 3;

// Knows what each item costs and whether it is in stock.
class stock : public event_based_actor {
public:
  using event_based_actor::event_based_actor;
  const char* name() const override { return "stock"; }
  behavior make_behavior() override {
    return {[](stock_atom, std::int32_t item) -> std::int32_t { return 100 + item; }};
  }
};

// Prices a basket of items 0..n-1 by asking the stock about each.
class pricing : public event_based_actor {
public:
  pricing(actor_config& cfg, actor stock) : event_based_actor(cfg), stock_(std::move(stock)) {}
  const char* name() const override { return "pricing"; }
  behavior make_behavior() override {
    return {[this](price_atom, std::int32_t n) {
      auto rp = make_response_promise();
      auto total = std::make_shared<std::int32_t>(0);
      auto missing = std::make_shared<std::int32_t>(n);
      for (std::int32_t item = 0; item < n; ++item)
        request(stock_, 5s, stock_atom_v, item).then([rp, total, missing](std::int32_t cost) mutable {
          *total += cost;
          if (--*missing == 0)
            rp.deliver(*total);
        });
      return rp;
    }};
  }

private:
  actor stock_;
};

// The number of spans in an OTLP/JSON lines file.
std::size_t spans_in(const std::string& path) {
  std::ifstream in{path};
  std::string text{std::istreambuf_iterator<char>{in}, std::istreambuf_iterator<char>{}};
  std::size_t n = 0;
  for (auto at = text.find("\"spanId\""); at != std::string::npos; at = text.find("\"spanId\"", at + 1))
    ++n;
  return n;
}

} // namespace

int main(int argc, char** argv) {
  actor_system_config cfg;
  cfg.load<net::middleman>().load<inspection::probe>();
  // Traced unless the command line says otherwise.
  cfg.set("inspect.trace", "on");
  cfg.set("inspect.trace-file", "troupe-example-trace.otlp.json");
  if (auto err = cfg.parse(argc, argv)) {
    std::cerr << "tracing: " << to_string(err) << '\n' << cfg.help();
    return 2;
  }
  std::int32_t last_total = 0;
  std::string file;
  {
    actor_system sys{cfg};
    file = static_cast<inspection::probe*>(sys.find_module(inspection::probe::static_kind))->config().trace_file;
    auto goods = sys.spawn<stock>();
    auto prices = sys.spawn<pricing>(goods);
    scoped_actor shop{sys};
    for (int i = 0; i < baskets; ++i)
      shop->request(prices, 5s, price_atom_v, items_per_basket)
        .receive([&](std::int32_t total) { last_total = total; },
                 [](const error& err) { std::cerr << "tracing: " << to_string(err) << '\n'; });
    anon_send_exit(prices, exit_reason::user_shutdown);
    anon_send_exit(goods, exit_reason::user_shutdown);
  } // the probe writes the last spans as the system ends
  std::printf("a basket costs %d\n", last_total);
  // Per basket: the pricing request, three stock requests and three responses.
  std::printf("%zu spans written to %s\n", spans_in(file), file.c_str());
  return last_total == 303 ? 0 : 1;
}
