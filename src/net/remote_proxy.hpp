// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A proxy: the local stand-in for an actor on another node. Its control block
// carries the remote actor's id and node, so a handle to it looks like a
// handle to the remote actor; enqueue serializes the message onto the
// connection to that node. Links and monitors attach to the proxy and fire
// when the remote actor terminates (a down frame) or its node is lost.
//
// A proxy of a directly connected node sends on the connection it was made
// for; once that one is parked (closed while idle), through its node_link,
// which holds its messages until the next connection is up.
//
// A proxy routed through another node (a relay) moves onto a direct
// connection to its actor's node once there is one. So that its messages
// cannot overtake one another on the two paths, the move holds what is sent
// meanwhile: a marker goes out through the relay behind everything sent
// before, and once the actor's node answers that the marker arrived, the held
// messages go out on the direct connection, and so does all that follows.
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "troupe/abstract_actor.hpp"
#include "troupe/actor_control_block.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/node_id.hpp"

namespace troupe::net {

class node_link;
class peer;

class remote_proxy final : public abstract_actor {
public:
  // `routed`: `route` is a relay, not a connection to the actor's node;
  // otherwise the proxy sends through `link`.
  remote_proxy(std::weak_ptr<peer> route, bool routed, std::shared_ptr<node_link> link);

  // Allocates control block and proxy in one block, as a spawn does. The
  // block has the remote actor's id and node.
  static strong_actor_ptr make(actor_system& sys, const node_id& node, actor_id id, std::weak_ptr<peer> route);

  bool enqueue(mailbox_element_ptr e, execution_unit* ctx) override;
  const char* name() const override { return "remote_proxy"; }

  // Whether its messages go out on `p` (directly or routed through it); while
  // it moves, on the relay and on the direct connection both (I/O thread).
  bool routes_through(const peer* p) const noexcept;

  // The connection its messages go out on (null once closed; I/O thread).
  std::shared_ptr<peer> route() const noexcept;

  // Whether it was made for a connection to its actor's node (not routed).
  bool direct() const noexcept { return link_ != nullptr; }
  // Whether its connection waits to be made again (parked): the proxy is
  // not stale, though it has none.
  bool waiting_for_connection() const noexcept;

  // ---- for its node_link ----
  // Sends `e` on `p` now; a failure answers it (a request with the reason).
  bool send_now(const std::shared_ptr<peer>& p, mailbox_element_ptr& e, execution_unit* ctx) {
    return send_on(p, e, ctx);
  }
  // Answers `e` with `reason` without sending it.
  void drop(mailbox_element_ptr e, const error& reason, execution_unit* ctx);

  // The remote actor is gone: links and monitors fire with `reason`, and
  // later messages bounce (requests get sec::request_receiver_down), those
  // held by a move included.
  void kill(const error& reason);

  // ---- moving onto a direct connection (I/O thread) ----
  // Whether it goes through a relay and has not begun to move.
  bool movable() const noexcept;
  // Holds what is sent from now on, for `direct`; `token` names this move.
  void begin_move(std::weak_ptr<peer> direct, std::uint64_t token);
  // Whether no sender is still writing to the relay: the marker may go out
  // behind the last message it took.
  bool relay_quiet() const noexcept;
  // The relay it moves away from (null if closed).
  std::shared_ptr<peer> relay() const noexcept { return route_.lock(); }
  // The marker of move `token` arrived: the held messages go out on the
  // direct connection, and so does everything after them. False when no
  // move of that token waits (a stale or a repeated answer).
  bool finish_move(std::uint64_t token);

private:
  enum class phase : std::uint8_t { relayed, holding, direct, ended };
  // A sender that finds this many messages held waits, where it may, until
  // the move ends (flow control: a relay that stalls the marker stalls the
  // sender, as a full queue would).
  static constexpr std::size_t max_held = 8192;
  struct move_state {
    std::atomic<phase> now{phase::relayed};
    // Senders writing to the relay right now: the marker waits for them.
    std::atomic<std::uint32_t> relay_senders{0};
    std::mutex mtx; // the holding phase: held, and the step out of it
    // Senders that found `held` full wait here for the step out of holding.
    std::condition_variable moved;
    std::weak_ptr<peer> direct; // set before `now` leaves relayed
    std::uint64_t token = 0;
    std::vector<mailbox_element_ptr> held;
  };

  bool send_on(const std::shared_ptr<peer>& p, mailbox_element_ptr& e, execution_unit* ctx);
  // A direct proxy's send: on its link's connection, else through the link.
  bool enqueue_direct(mailbox_element_ptr e, execution_unit* ctx);
  // A routed proxy's send, in whatever phase its move is.
  bool enqueue_routed(mailbox_element_ptr e, execution_unit* ctx);

  // The connection it was made for: a routed proxy's relay, or a direct
  // proxy's connection to its node (which may be parked and replaced).
  std::weak_ptr<peer> route_;
  // A direct proxy's way to its node after a park (null for a routed one).
  std::shared_ptr<node_link> link_;
  // Only a routed proxy has one: a direct proxy's sends stay as they were.
  std::unique_ptr<move_state> move_;
};

} // namespace troupe::net
