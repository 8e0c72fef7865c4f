// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "delivery_order.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace troupe::net {

delivery_order::ticket delivery_order::reserve(const pair_key& key) {
  auto t = next_ticket_++;
  waiting_[key].push_back(entry{t, false, nullptr, nullptr});
  return t;
}

void delivery_order::fulfil(const pair_key& key, ticket t, action deliver) {
  auto i = waiting_.find(key);
  if (i == waiting_.end())
    return;
  auto e = std::find_if(i->second.begin(), i->second.end(), [t](const entry& x) { return x.id == t; });
  if (e == i->second.end())
    return;
  e->ready = true;
  e->run = std::move(deliver);
  drain(key);
}

void delivery_order::in_order(const pair_key& key, action deliver) {
  auto i = waiting_.find(key);
  if (i == waiting_.end()) {
    deliver();
    return;
  }
  i->second.push_back(entry{0, true, std::move(deliver), nullptr});
}

template <class Match>
void delivery_order::after_pairs(Match match, action then) {
  std::vector<pair_key> pairs;
  for (auto& [key, queue] : waiting_)
    if (match(key))
      pairs.push_back(key);
  if (pairs.empty()) {
    then();
    return;
  }
  auto gate = std::make_shared<barrier>(barrier{pairs.size(), std::move(then)});
  for (auto& key : pairs)
    waiting_[key].push_back(entry{0, true, nullptr, gate});
}

void delivery_order::after_messages_of(const node_id& node, actor_id source, action down) {
  after_pairs([&](const pair_key& key) { return key.source == source && key.source_node == node; }, std::move(down));
}

void delivery_order::after_messages_to(const node_id& node, actor_id dest, action then) {
  after_pairs([&](const pair_key& key) { return key.dest == dest && (key.source_node == node || key.source == 0); },
              std::move(then));
}

std::size_t delivery_order::clear() {
  std::size_t messages = 0;
  for (auto& [key, queue] : waiting_)
    messages +=
      static_cast<std::size_t>(std::count_if(queue.begin(), queue.end(), [](const entry& e) { return !e.gate; }));
  waiting_.clear();
  return messages;
}

void delivery_order::drain(const pair_key& key) {
  for (;;) {
    auto i = waiting_.find(key);
    if (i == waiting_.end() || !i->second.front().ready)
      return;
    auto e = std::move(i->second.front());
    i->second.pop_front();
    if (i->second.empty())
      waiting_.erase(i);
    // The entry left the queue before it runs: an action that comes back
    // here finds the queue as it is.
    if (e.run)
      e.run();
    if (e.gate && --e.gate->pairs_left == 0)
      e.gate->then();
  }
}

} // namespace troupe::net
