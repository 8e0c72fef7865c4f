// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The actor of a Pipeline: it spawns one actor per stage and walks every input
// through them, sending each stage's result on to the next stage and the last
// one's back to whoever sent the input. Inputs do not wait for each other, so
// the stages work on successive items at the same time; a stage that keeps
// the order of its inputs (Seq, Map, DivConq, an ordered Farm) keeps it for
// the whole pipeline.
#include <cstddef>
#include <tuple>
#include <utility>

#include "troupe/actor.hpp"
#include "troupe/behavior.hpp"
#include "troupe/error.hpp"
#include "troupe/infinite.hpp"
#include "troupe/match/on.hpp"
#include "troupe/message.hpp"
#include "troupe/patterns/pattern_actor.hpp"
#include "troupe/patterns/spawn_site.hpp"

namespace troupe::patterns::detail {

template <class... Stages>
class pipeline_actor final : public pattern_actor {
public:
  pipeline_actor(actor_config& cfg, std::tuple<Stages...> stages) : pattern_actor(cfg), stages_(std::move(stages)) {}

  behavior make_behavior() override {
    trap_exits();
    std::apply([this](const auto&... stage) { (adopt(stage.spawn(spawn_site{this})), ...); }, stages_);
    return {others >> [this] { step(0, open_current(), take_current()); }};
  }

private:
  /// Sends item `msg` of ticket t to stage i, or answers it after the last stage.
  /// An empty result (a stage whose handler returns nothing) ends the item there.
  void step(std::size_t i, ticket t, message msg) {
    if (i == internals().size() || msg.empty()) {
      close(t).deliver(std::move(msg));
      return;
    }
    request(internals()[i], infinite, std::move(msg))
      .then([this](error& e) { fail(e); }, others >> [this, i, t] { step(i + 1, t, take_current()); });
  }

  std::tuple<Stages...> stages_; // internals()[i] runs stage i
};

} // namespace troupe::patterns::detail
