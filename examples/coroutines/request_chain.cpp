// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// One request chain written twice: a checkout prices an order by asking a
// catalog for the item's price and then a tax office for the total with tax.
// The first checkout nests then() callbacks and carries a response promise
// through them; the second is a coroutine handler that reads top-down, with
// co_await where it waits. Both answer the same, errors included (the catalog
// does not know every item).
//
//   troupe_example_coroutines_request_chain
#include <troupe/coroutines.hpp>
#include <troupe/troupe.hpp>

#include <chrono>
#include <cstdio>
#include <map>
#include <string>

using namespace troupe;
using namespace std::chrono_literals;

struct order {
  std::string item;
  int quantity;
};

using catalog = typed_actor<replies_to<std::string>::with<int>>; // item -> price in cents
using tax_office = typed_actor<replies_to<int>::with<int>>;      // net cents -> gross cents
using checkout = typed_actor<replies_to<order>::with<int>>;      // order -> total in cents

catalog::behavior_type catalog_fun() {
  auto prices = std::map<std::string, int>{{"pen", 150}, {"book", 1200}};
  return {[prices](const std::string& item) -> result<int> {
    auto i = prices.find(item);
    if (i == prices.end())
      return error{sec::invalid_argument, "no such item: " + item};
    return i->second;
  }};
}

tax_office::behavior_type tax_fun() {
  return {[](int net) { return net + net / 5; }};
}

// [snippet then_form]
checkout::behavior_type then_checkout(checkout::pointer self, catalog prices, tax_office tax) {
  return {[=](const order& o) {
    auto rp = self->make_response_promise<int>();
    self->request(prices, 5s, o.item)
      .then(
        [=](int price) {
          self->request(tax, 5s, price * o.quantity)
            .then([rp](int total) mutable { rp.deliver(total); }, [rp](error& e) mutable { rp.deliver(e); });
        },
        [rp](error& e) mutable { rp.deliver(e); });
    return rp;
  }};
}
// [/snippet]

// [snippet co_await_form]
checkout::behavior_type coroutine_checkout(checkout::pointer self, catalog prices, tax_office tax) {
  return {[=](order o) -> task<int> {
    auto price = co_await self->request(prices, 5s, o.item);
    if (!price)
      co_return price.error();
    auto total = co_await self->request(tax, 5s, *price * o.quantity);
    if (!total)
      co_return total.error();
    co_return *total;
  }};
}
// [/snippet]

int main() {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  auto prices = sys.spawn(catalog_fun);
  auto tax = sys.spawn(tax_fun);
  checkout with_then = sys.spawn(then_checkout, prices, tax);
  checkout with_co_await = sys.spawn(coroutine_checkout, prices, tax);
  auto ask = [&](const checkout& c, const order& o) {
    std::string out;
    self->request(c, 5s, o).receive([&](int x) { out = std::to_string(x); },
                                    [&](const error& e) { out = to_string(e); });
    return out;
  };
  int failures = 0;
  for (const order& o : {order{"pen", 4}, order{"book", 1}, order{"lamp", 2}}) {
    auto a = ask(with_then, o);
    auto b = ask(with_co_await, o);
    std::printf("%d x %s: then() %s, co_await %s\n", o.quantity, o.item.c_str(), a.c_str(), b.c_str());
    failures += a == b ? 0 : 1;
  }
  failures += ask(with_co_await, order{"pen", 4}) == "720" ? 0 : 1;
  std::printf("%s\n", failures == 0 ? "both chains answer alike" : "FAILED: the chains differ");
  for (const actor& a : {actor{prices}, actor{tax}, actor{with_then}, actor{with_co_await}})
    self->send_exit(a, exit_reason::user_shutdown);
  return failures == 0 ? 0 : 1;
}
