// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What the probe does to one actor of its node on a client's behalf: find it
// by id, describe it, show the messages waiting for it, send to it, kill it.
// Only actors that keep statistics can be found: the tracker is the list of
// live actors by id that inspection has.
#include <string>
#include <string_view>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/actor_control_block.hpp"
#include "troupe/error.hpp"
#include "troupe/expected.hpp"
#include "troupe/inspection/actor_details.hpp"

namespace troupe {
class actor_system;
} // namespace troupe

namespace troupe::inspection {

/// The live actor `id` of `sys`, or an error that says there is none.
expected<actor> find_actor(actor_system& sys, actor_id id);

/// Its statistics, links and monitors.
expected<actor_details> describe_actor(actor_system& sys, actor_id id);

/// The messages sent to it that it has not taken yet, oldest first, each as "from SENDER: MESSAGE", and a last
/// line saying how many it has taken and not finished, when there are any. At most `max` messages.
expected<std::vector<std::string>> peek_actor(actor_system& sys, actor_id id, std::size_t max);

/// Parses `text` (the text format) and sends it to actor `id` on behalf of `from`, which gets the answer. Returns
/// the actor as NAME#ID.
expected<std::string> send_text(actor_system& sys, actor_id id, std::string_view text, const actor& from);

/// Sends actor `id` an exit with `reason`: an exit_reason's name ("kill", "user_shutdown", ...) or "" for kill.
/// Returns the actor as NAME#ID.
expected<std::string> kill_actor(actor_system& sys, actor_id id, std::string_view reason);

} // namespace troupe::inspection
