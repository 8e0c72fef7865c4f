// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "swim_node.hpp"

#include <algorithm>
#include <cmath>

namespace troupe::cluster::swim {

swim_node::swim_node(member_index self, std::size_t members, const config& cfg, std::uint64_t seed)
  : self_(self), cfg_(cfg), rng_(seed ^ (0x9e3779b97f4a7c15ULL * (self + 1))), members_(members) {
  update_retransmit_limit();
  for (member_index m = 0; m < members; ++m)
    if (m != self_)
      round_.push_back(m);
  std::shuffle(round_.begin(), round_.end(), rng_);
}

void swim_node::update_retransmit_limit() {
  auto digits = static_cast<std::uint32_t>(std::ceil(std::log10(static_cast<double>(members_.size()) + 1)));
  retransmit_limit_ = cfg_.retransmit_mult * std::max<std::uint32_t>(digits, 1);
}

member_index swim_node::add_member() {
  auto m = static_cast<member_index>(members_.size());
  members_.emplace_back();
  // Somewhere in the rest of this round, so that it is probed soon but the round's order stays random.
  std::uniform_int_distribution<std::size_t> at{std::min(round_pos_, round_.size()), round_.size()};
  round_.insert(round_.begin() + static_cast<std::ptrdiff_t>(at(rng_)), m);
  update_retransmit_limit();
  return m;
}

void swim_node::announce(std::uint64_t incarnation) {
  auto& me = members_[self_];
  if (incarnation <= me.incarnation)
    return;
  me.incarnation = incarnation;
  spread({self_, status::alive, incarnation, self_});
}

void swim_node::tick(time_point now, std::vector<packet>& out) {
  if (!started_) {
    // A random phase, so that the members' probes spread over the interval.
    started_ = true;
    std::uniform_int_distribution<std::int64_t> phase{0, cfg_.probe_interval.count()};
    next_probe_ = now + duration{phase(rng_)};
    next_gossip_ = now + cfg_.gossip_interval;
    next_reconnect_ = now + cfg_.reconnect_interval;
  }
  if (probe_.active && !probe_.answered && !probe_.indirect_sent
      && now >= probe_.sent_at + scaled(cfg_.probe_timeout)) {
    probe_.indirect_sent = true;
    for (std::uint32_t i = 0; i < cfg_.indirect_probes; ++i) {
      auto helper = random_member(probe_.target);
      if (helper == self_)
        break;
      send(packet_kind::ping_req, helper, probe_.target, probe_.seq, out);
    }
  }
  if (probe_.active && now >= probe_.ends_at)
    finish_probe(now);
  if (!probe_.active && now >= next_probe_)
    start_probe(now, out);
  expire_suspicions(now);
  if (now >= next_gossip_) {
    next_gossip_ = now + cfg_.gossip_interval;
    gossip_round(out);
  }
  std::erase_if(relays_, [&](const relay& r) { return now >= r.expires_at; });
  if (cfg_.reconnect_interval.count() > 0 && now >= next_reconnect_) {
    next_reconnect_ = now + cfg_.reconnect_interval;
    // Not a probe: its answer only tells the member, through the news the two trade, that it is dead here.
    if (auto m = random_dead_member(); m != self_)
      send(packet_kind::ping, m, m, ++seq_, out);
  }
}

member_index swim_node::random_dead_member() {
  if (dead_.empty())
    return self_;
  std::uniform_int_distribution<std::size_t> pick{0, dead_.size() - 1};
  return dead_[pick(rng_)];
}

void swim_node::mark(member_index m, status now) {
  auto& st = members_[m].st;
  if (st == status::dead && now != status::dead)
    std::erase(dead_, m);
  else if (st != status::dead && now == status::dead)
    dead_.push_back(m);
  st = now;
}

void swim_node::start_probe(time_point now, std::vector<packet>& out) {
  auto target = next_probe_target();
  auto period = scaled(cfg_.probe_interval);
  next_probe_ = now + period;
  if (target == self_)
    return;
  probe_ = probe_state{true, false, false, target, ++seq_, now, now + period};
  send(packet_kind::ping, target, target, probe_.seq, out);
}

void swim_node::finish_probe(time_point now) {
  probe_.active = false;
  if (probe_.answered)
    return;
  health_up();
  auto& m = members_[probe_.target];
  if (m.st == status::alive)
    suspect(probe_.target, m.incarnation, self_, now);
}

void swim_node::expire_suspicions(time_point now) {
  for (std::size_t i = 0; i < suspects_.size();) {
    auto who = suspects_[i];
    auto& m = members_[who];
    if (m.st != status::suspect) {
      suspects_[i] = suspects_.back();
      suspects_.pop_back();
    } else if (now >= m.suspected_at + m.suspicion_timeout) {
      mark(who, status::dead);
      events_.push_back({who, status::dead, m.incarnation});
      spread({who, status::dead, m.incarnation, self_});
      suspects_[i] = suspects_.back();
      suspects_.pop_back();
    } else {
      ++i;
    }
  }
}

void swim_node::gossip_round(std::vector<packet>& out) {
  for (std::uint32_t i = 0; i < cfg_.gossip_fanout && !news_.empty(); ++i) {
    auto to = random_member(self_);
    if (to == self_)
      return;
    send(packet_kind::gossip, to, to, 0, out);
  }
}

void swim_node::leave(time_point, std::vector<packet>& out) {
  auto& me = members_[self_];
  me.st = status::left;
  spread({self_, status::left, ++me.incarnation, self_});
  // Twice a gossip round's fanout, so that the news survives a lost packet or two.
  for (std::uint32_t i = 0; i < 2 * cfg_.gossip_fanout; ++i)
    gossip_round(out);
}

void swim_node::receive(const packet& p, time_point now, std::vector<packet>& out) {
  if (p.to != self_ || p.from >= members_.size())
    return;
  for (const auto& u : p.gossip)
    if (u.who < members_.size() && u.source < members_.size())
      apply(u, now);
  // A member this node declared dead is talking to it: tell it so, in the ack to a ping or in a packet of its
  // own, so that it refutes with a higher incarnation instead of staying dead to this node while it runs.
  if (auto& sender = members_[p.from]; sender.st == status::dead) {
    spread({p.from, status::dead, sender.incarnation, self_});
    if (p.kind == packet_kind::ack)
      send(packet_kind::gossip, p.from, p.from, 0, out);
  }
  switch (p.kind) {
    case packet_kind::ping:
      send(packet_kind::ack, p.from, self_, p.seq, out);
      break;
    case packet_kind::ack:
      if (probe_.active && p.seq == probe_.seq && p.target == probe_.target) {
        if (!probe_.answered)
          health_down();
        probe_.answered = true;
      }
      for (auto i = relays_.begin(); i != relays_.end(); ++i) {
        if (i->own_seq == p.seq && i->target == p.from) {
          send(packet_kind::ack, i->requester, i->target, i->requester_seq, out);
          relays_.erase(i);
          break;
        }
      }
      break;
    case packet_kind::ping_req:
      if (p.target < members_.size() && p.target != self_) {
        relays_.push_back({++seq_, p.from, p.seq, p.target, now + cfg_.probe_interval});
        send(packet_kind::ping, p.target, p.target, seq_, out);
      }
      break;
    case packet_kind::gossip:
      break;
  }
}

void swim_node::apply(const update& u, time_point now) {
  auto& m = members_[u.who];
  if (u.who == self_) {
    // A suspicion or death of this node at its incarnation: refuted by a higher one (unless it left). One at an
    // older incarnation comes from a member that missed the news of the current one: it hears it again.
    if (m.st != status::left && (u.what == status::suspect || u.what == status::dead)) {
      if (u.incarnation >= m.incarnation) {
        m.incarnation = u.incarnation + 1;
        health_up();
      }
      spread({self_, status::alive, m.incarnation, self_});
    }
    return;
  }
  switch (u.what) {
    case status::alive:
      if (u.incarnation > m.incarnation) {
        bool changed = m.st != status::alive;
        mark(u.who, status::alive);
        m.incarnation = u.incarnation;
        m.suspecters.clear();
        if (changed)
          events_.push_back({u.who, status::alive, m.incarnation});
        spread(u);
      }
      break;
    case status::suspect:
      suspect(u.who, u.incarnation, u.source, now);
      break;
    case status::dead:
    case status::left:
      if (m.st != status::dead && m.st != status::left && u.incarnation >= m.incarnation) {
        mark(u.who, u.what);
        m.incarnation = u.incarnation;
        m.suspecters.clear();
        events_.push_back({u.who, u.what, m.incarnation});
        spread(u);
      }
      break;
  }
}

void swim_node::suspect(member_index who, std::uint64_t incarnation, member_index source, time_point now) {
  auto& m = members_[who];
  if (m.st == status::dead || m.st == status::left || incarnation < m.incarnation)
    return;
  if (m.st == status::alive || incarnation > m.incarnation) {
    mark(who, status::suspect);
    m.incarnation = incarnation;
    m.suspected_at = now;
    m.suspicion_timeout = cfg_.suspicion_max;
    m.suspecters.assign(1, source);
    suspects_.push_back(who);
    events_.push_back({who, status::suspect, incarnation});
    spread({who, status::suspect, incarnation, source});
    return;
  }
  // The same suspicion from another member: an independent confirmation shortens it, down to suspicion_min
  // with expected_confirmations of them.
  if (std::find(m.suspecters.begin(), m.suspecters.end(), source) != m.suspecters.end())
    return;
  m.suspecters.push_back(source);
  auto confirmations = static_cast<double>(m.suspecters.size() - 1);
  auto expected = static_cast<double>(std::max<std::uint32_t>(cfg_.expected_confirmations, 1));
  auto fraction = std::min(1.0, std::log(confirmations + 1) / std::log(expected + 1));
  auto span = static_cast<double>((cfg_.suspicion_max - cfg_.suspicion_min).count());
  m.suspicion_timeout = cfg_.suspicion_max - duration{static_cast<std::int64_t>(span * fraction)};
}

void swim_node::spread(const update& u) {
  for (auto& n : news_) {
    if (n.item.who == u.who) {
      n = news{u, 0};
      return;
    }
  }
  news_.push_back({u, 0});
}

void swim_node::send(packet_kind kind, member_index to, member_index target, std::uint32_t seq,
                     std::vector<packet>& out) {
  packet p;
  p.kind = kind;
  p.from = self_;
  p.to = to;
  p.target = target;
  p.seq = seq;
  // The least sent news first; each goes out retransmit_limit_ times, then it is known widely enough.
  if (!news_.empty()) {
    std::sort(news_.begin(), news_.end(),
              [](const news& a, const news& b) { return a.transmissions < b.transmissions; });
    auto n = std::min<std::size_t>(cfg_.max_piggyback, news_.size());
    for (std::size_t i = 0; i < n; ++i) {
      p.gossip.push_back(news_[i].item);
      ++news_[i].transmissions;
    }
    std::erase_if(news_, [&](const news& x) { return x.transmissions >= retransmit_limit_; });
  }
  ++sent_;
  out.push_back(std::move(p));
}

member_index swim_node::random_member(member_index except) {
  if (members_.size() < 2)
    return self_;
  std::uniform_int_distribution<member_index> pick{0, static_cast<member_index>(members_.size() - 1)};
  for (int tries = 0; tries < 32; ++tries) {
    auto m = pick(rng_);
    if (m != self_ && m != except && members_[m].st != status::dead && members_[m].st != status::left)
      return m;
  }
  return self_;
}

member_index swim_node::next_probe_target() {
  if (round_.empty()) // alone, for now
    return self_;
  for (std::size_t tries = 0; tries <= round_.size(); ++tries) {
    if (round_pos_ >= round_.size()) {
      round_pos_ = 0;
      std::shuffle(round_.begin(), round_.end(), rng_);
    }
    auto m = round_[round_pos_++];
    if (members_[m].st != status::dead && members_[m].st != status::left)
      return m;
  }
  return self_;
}

void swim_node::health_up() noexcept {
  health_ = std::min(health_ + 1, cfg_.max_local_health);
}

void swim_node::health_down() noexcept {
  if (health_ > 0)
    --health_;
}

std::vector<event> swim_node::take_events() {
  std::vector<event> out;
  out.swap(events_);
  return out;
}

} // namespace troupe::cluster::swim
