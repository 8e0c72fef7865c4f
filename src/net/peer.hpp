// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One connection to another node: the socket, the frame reader, the outbound
// byte queue and the handshake state. Closing and the protocol state belong
// to the middleman's I/O thread. Any thread may queue outbound frames
// (send_actor_message) in the outbound queue's lanes, and whoever finds it
// idle writes what is queued, or asks the I/O thread to, a batch per write.
//
// A plaintext TCP socket leaves Asio when the peer starts: the middleman's
// tcp_watch tells the I/O thread when it is ready, and idle scheduler workers
// may read it too (poll_from_worker), delivering the plain actor messages
// they find. The input lock keeps readers apart; a frame that needs the I/O
// thread is left to it, and input goes on there.
#include <asio.hpp>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "byte_stream.hpp"
#include "delivery_order.hpp"
#include "handshake.hpp"
#include "input_lock.hpp"
#include "node_link.hpp"
#include "outbound_queue.hpp"
#include "peer_owner.hpp"
#include "reassembly.hpp"
#include "tcp_watch.hpp"
#include "troupe/actor_control_block.hpp"
#include "troupe/error.hpp"
#include "troupe/expected.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/message.hpp"
#include "troupe/node_id.hpp"
#include "troupe/scheduler/execution_unit.hpp"
#include "troupe/serialization/actor_handle_codec.hpp"
#include "wire.hpp"

namespace troupe::net {

class peer : public std::enable_shared_from_this<peer>, public actor_handle_codec {
public:
  using clock = std::chrono::steady_clock;
  // Called once, on the I/O thread: the handshake finished (no error) or failed.
  using handshake_callback = std::function<void(const error&)>;

  // Which side opened the connection.
  enum class role { dialer, acceptor };

  // `stream`: a new connection, its TLS handshake (if TLS) not made yet.
  // An acceptor names the actor published on its port (0: none).
  peer(peer_context& ctx, byte_stream stream, role r, std::uint64_t published_actor = 0,
       std::vector<std::string> published_interface = {});
  ~peer() override;

  // Arms the handshake timeout, shakes hands over TLS where configured, then
  // sends our hello and starts reading.
  void start(handshake_callback on_handshake);

  // Serializes e for the actor `dest` of `dest_node` (the peer's node, or one
  // the peer forwards to) and queues it. An error when the connection is
  // closed or the message cannot be serialized.
  // Off the I/O thread, waits while the connection's queue is full
  // (middleman.max-queued-bytes) until the writer drained it.
  error send_actor_message(const mailbox_element& e, actor_id dest, const node_id& dest_node);

  // Passes on a message that came from `from` for an actor of this peer's
  // node (I/O thread): the header names the original sender's node.
  void forward_actor_message(const wire::actor_message_header& hdr, std::span<const std::byte> payload,
                             const node_id& from);

  // Whether the calling thread may block until the I/O thread made room:
  // neither the I/O thread itself nor a worker that holds this node's input.
  bool sender_may_wait() const;

  // Queues a move marker for the actor `dest` of `dest_node`, a node this
  // peer relays to, behind every message for that actor (I/O thread).
  void send_move_marker(actor_id dest, const node_id& dest_node, std::uint64_t token);

  // Queues a whole frame that keeps no order with actor messages (any thread).
  void send_frame(std::vector<std::byte>& frame);
  // Queues the down frame of the actor `id`, behind its messages.
  void send_down(std::vector<std::byte>& frame, actor_id id);

  // I/O thread: the tcp_watch reports the socket ready (epoll events).
  void on_socket_events(std::uint32_t events);
  // On an idle scheduler worker (`ctx`): reads what has arrived and delivers
  // the actor messages that need nothing of the I/O thread, in order; at the
  // first frame that does, the I/O thread goes on from there. Never blocks;
  // does nothing while another thread reads. True when it read a frame.
  bool poll_from_worker(execution_unit* ctx);
  // The peer's key in the tcp_watch.
  std::uint64_t watch_key() const noexcept { return serial_; }
  // When a read last brought actor messages (the system's clock).
  clock::time_point last_message_time() const noexcept {
    return clock::time_point{clock::duration{last_message_.load(std::memory_order_relaxed)}};
  }

  // Bytes queued and not yet written (tests and inspection).
  std::size_t queued_bytes() const { return out_.queued_bytes(); }

  // Closes the connection (I/O thread): proxies routed through it terminate
  // with exit_reason::remote_link_unreachable; `reason` is logged and given
  // to a pending handshake callback.
  void close(const error& reason);

  // Queues a goodbye and closes once everything queued is written (I/O thread).
  void say_goodbye();

  // Sends a heartbeat (unless it sent messages since the last tick), or
  // closes the peer when it has been silent too long.
  void on_tick(clock::time_point now);

  // ---- parking: closing an idle connection without ending what it carried ----
  // Both sides stop sending on it: each seals its queue behind a last frame
  // (park, then park_ack), its links hold what is sent meanwhile, and its
  // exports wait for the next connection. Then the connection closes, and
  // the next message either side sends dials again.
  //
  // What the proxies of this connection send through (made as it became
  // ready; the middleman may attach other links to it).
  const std::shared_ptr<node_link>& link() const noexcept { return link_; }
  // Asks the peer to park the connection; the middleman parked this side's
  // links first (I/O thread).
  void request_park();
  // Whether parking began: a message the connection refuses now waits in a
  // link (any thread).
  bool parking() const noexcept { return parking_.load(std::memory_order_acquire); }
  // Whether both sides agreed: the close that follows ends nothing (I/O thread).
  bool parked() const noexcept { return park_ == park_phase::agreed; }
  // Nothing waits to be written or delivered and input is not paused (I/O thread).
  bool quiescent();
  // Something that holds this very connection (a remote group, which sends
  // its joins on it) keeps it from being parked while it lives (any thread).
  void pin() noexcept { pins_.fetch_add(1, std::memory_order_relaxed); }
  void unpin() noexcept { pins_.fetch_sub(1, std::memory_order_relaxed); }
  bool pinned() const noexcept { return pins_.load(std::memory_order_relaxed) > 0; }
  // When the connection last carried an actor message, as of `now` (I/O
  // thread, called once per tick).
  clock::time_point last_active(clock::time_point now);
  // Sends a heartbeat now (I/O thread).
  void send_heartbeat();

  // Where the peer's node accepts connections, as it told (any thread).
  std::vector<wire::endpoint> contacts() const;
  // Tells the peer where our listening endpoints are now (I/O thread).
  void send_own_contacts(const std::vector<wire::endpoint>& eps);
  // Input from this peer waits while this node connects to a node the peer
  // introduced, so that the handles that follow the introduction find the
  // direct connection; resume_input() goes on with it (I/O thread).
  void resume_input();

  bool ready() const noexcept { return ready_.load(std::memory_order_acquire); }
  bool closed() const noexcept { return closed_; }
  // Whether this node dialed the connection (rather than accepted it).
  bool dialed() const noexcept { return role_ == role::dialer; }
  // Said goodbye: it closes once what is queued is written.
  bool leaving() const noexcept { return saying_goodbye_.load(std::memory_order_acquire); }
  const node_id& node() const noexcept { return handshake_.peer_hello().node; }
  const wire::hello& peer_hello() const noexcept { return handshake_.peer_hello(); }
  std::string remote_endpoint_text() const { return endpoint_text_; }

  // ---- actor_handle_codec ----
  node_id exporting(actor_control_block* x) override;
  strong_actor_ptr resolve(const node_id& node, std::uint64_t id) override;
  // resolve() for a handle inside a message that `origin` sent and another
  // node passed on to this peer: a proxy routed through the peer is made
  // with a route hint towards `origin` (invalid: the peer sent it itself).
  strong_actor_ptr resolve(const node_id& node, std::uint64_t id, const node_id& origin);

private:
  // The time of heartbeats and timeouts: the system's clock, which a
  // deterministic test moves by hand.
  clock::time_point now() const noexcept { return ctx_.timers.now(); }
  void begin_exchange();
  // I/O thread: reads on. A plaintext socket is read with recv() when it is
  // ready; TLS and memory streams with an asynchronous read.
  void read_some();
  // I/O thread: what is buffered, then read_some.
  void read_on();
  // I/O thread: reads what a plaintext socket has, after what is buffered.
  void on_readable();
  // I/O thread, holding the input: recv() until the socket has nothing more
  // (or a few times, then on later). False when input stops (closed, paused,
  // waiting in the handshake, or going on later).
  bool read_available_on_io();
  // I/O thread: arms the socket in the tcp_watch for what it waits for.
  void rearm();
  // The unparsed rest moves to the front of in_, which grows to hold the
  // frame it starts.
  void make_room();
  // Holding the input: whether an idle worker may read on.
  bool worker_may_read() const;
  // Holding the input, on a worker: reads and delivers (see poll_from_worker).
  bool read_on_worker(execution_unit* ctx);
  // What a worker did with the frames of one poll.
  struct worker_read {
    std::size_t frames = 0;
    std::size_t messages = 0;
  };
  // The whole frames in in_ that a worker can take; false when it met one it
  // left to the I/O thread.
  bool frames_on_worker(execution_unit* ctx, worker_read& counts);
  enum class worker_frame { delivered, taken, to_io };
  worker_frame frame_on_worker(std::span<const std::byte> frame, execution_unit* ctx);
  // A worker met what it leaves to the I/O thread: workers stay out until the
  // I/O thread has read what is buffered.
  void hand_input_to_io();
  class io_input_guard;
  class refusing_codec;
  // A read asks for at least this much room: many small frames per read.
  static constexpr std::size_t read_chunk = 64 * 1024;
  // Whether this thread is a scheduler worker reading a connection: a message
  // it sends then (a bounced request's error) must not wait for room in a
  // queue, since the I/O thread may be waiting for the input it holds.
  static bool reading_on_worker() noexcept;
  // Handles the whole frames received; false when it left the rest for later.
  bool on_bytes(std::size_t n);
  void close_after_read_error(const asio::error_code& ec);
  void on_frame(std::span<const std::byte> frame);
  error on_hello(std::span<const std::byte> body);
  error on_auth(std::span<const std::byte> body);
  void become_ready();
  error on_actor_message(std::span<const std::byte> body);
  void on_fragment(std::span<const std::byte> body);
  error on_node_contact(std::span<const std::byte> body);
  error on_route_hint(std::span<const std::byte> body);
  error on_park();
  error on_park_answer(bool agreed);
  // Once a parked connection's queue has nothing more to write, it closes.
  void close_if_parked_and_flushed();
  // A node moved its proxy of a local actor off the route this marker came
  // by: it hears so once what came before the marker was delivered.
  void on_move_marker(const wire::actor_message_header& hdr);
  // The answer to a marker of this node, or of one behind it.
  error on_moved(std::span<const std::byte> body);
  // Where the peer told a node listens, an empty host made the address this
  // connection comes from.
  void set_contacts(std::vector<wire::endpoint> eps);
  // Before the first handle of an actor of `x`'s node goes to the peer: tells
  // the peer where that node listens, if this node is connected to it.
  void introduce_node_of(actor_control_block* x);
  // The last fragment arrived: a message for a local actor goes to the decode
  // pool (middleman.workers) when it has room, else it is handled here.
  error on_large_frame(reassembly::frame whole);
  // I/O thread: hands the decoded message to its receiver (or its error to
  // the requester). The receiver and sender are looked up now.
  void deliver_now(const wire::actor_message_header& hdr, expected<message> msg);
  // The envelope of a message that arrived: its sender, id and trace from `hdr`.
  static mailbox_element_ptr envelope_of(const wire::actor_message_header& hdr, strong_actor_ptr sender, message msg);
  // Tells the message tap, if there is one, of a message that arrived (any thread).
  void tap_incoming(const wire::actor_message_header& hdr, const expected<message>& msg, std::size_t bytes);
  // I/O thread: the local receiver of a message, and the proxy of its sender
  // (null for an anonymous one). Each remembers its last answer, so that a
  // stream of messages between two actors skips the middleman's tables.
  strong_actor_ptr receiver_of(actor_id id);
  strong_actor_ptr sender_of(const wire::actor_message_header& hdr);
  // I/O thread: a decode worker finished the message of ticket `t`.
  void finish_decode(const delivery_order::pair_key& key, delivery_order::ticket t,
                     const wire::actor_message_header& hdr, expected<message> msg);
  delivery_order::pair_key pair_of(const wire::actor_message_header& hdr) const;
  // resolve() for a decode worker: proxies are made on the I/O thread.
  strong_actor_ptr resolve_from_worker(const node_id& node, std::uint64_t id, const node_id& origin);
  class worker_codec;
  class origin_codec;
  // The node that sent a message, when it is not the peer (passed on).
  node_id origin_of(const wire::actor_message_header& hdr) const;
  void start_write(outbound_queue::push_result r);
  // For a sender that found the queue idle: whether messages arrived since
  // the last one did (it answers rather than streams).
  bool answering() noexcept;
  void flush(); // I/O thread: writes what is queued
  // The sending thread, which found the queue idle, writes what is queued
  // itself, saving the hop to the I/O thread: a plaintext socket takes a
  // non-blocking send from any thread. What the socket does not take at once
  // goes on from the I/O thread.
  void write_from_sender();
  // Frees the bytes of a large message that batch_written handed back.
  void release_sent(std::vector<std::byte> bytes);
  // I/O thread: writes `rest` (a batch the sender could not finish), then
  // goes on with the queue.
  void write_rest(std::vector<std::byte> rest);
  // I/O thread: writes a batch the queue handed out, then the next one.
  void write_batch(std::array<asio::const_buffer, 2> bufs);
  // I/O thread, plaintext TCP: writes write_buf_ and write_piece_ from
  // write_off_ on, then the next batches, until the socket is full.
  void write_on_io();
  void answer_undeliverable(const wire::actor_message_header& hdr, const error& reason);

  peer_context& ctx_;
  // Tells this peer from one made later at the same address (see exporting).
  const std::uint64_t serial_;
  byte_stream stream_;
  asio::steady_timer handshake_timer_;
  std::string endpoint_text_;
  std::string remote_address_; // the address alone, for the peer's contacts
  const role role_;
  std::uint64_t published_actor_;
  std::vector<std::string> published_interface_;
  handshake_callback on_handshake_;
  handshake handshake_;

  // A plaintext TCP socket, out of Asio since start(); -1 otherwise.
  int fd_ = -1;

  // The input: input_to_io_, in_, reassembly_, order_, the two caches,
  // closed_, input_paused_ and kept_by_dialer_ change only while the input
  // lock is held (the I/O thread takes it for its reads, its deliveries and
  // close), and a worker reads them only while holding it. The rest is the
  // I/O thread's alone.
  input_lock input_;
  bool io_holds_input_ = false; // the I/O thread holds the input further up
  // A worker left a frame to the I/O thread: until that has read on, workers
  // stay out.
  bool input_to_io_ = false;
  // Received bytes: [in_begin_, in_end_) are not parsed yet. One read takes
  // whatever has arrived, often many frames, instead of two reads per frame.
  std::vector<std::byte> in_;
  std::size_t in_begin_ = 0;
  std::size_t in_end_ = 0;
  std::size_t in_needed_ = 0; // bytes the frame at in_begin_ needs in all
  reassembly reassembly_;     // the large frame arriving in fragments
  delivery_order order_;      // messages waiting behind a decode
  struct cached_receiver {
    actor_id id = 0;
    std::uint64_t epoch = 0; // ctx_.exports.epoch() before the lookup
    weak_actor_ptr actor;    // weak: the cache must not keep a finished actor
  } last_receiver_;
  struct cached_sender {
    actor_id id = 0;
    weak_actor_ptr proxy;
  } last_sender_;
  std::vector<std::byte> write_buf_;
  std::span<const std::byte> write_piece_; // a fragment's bytes, inside out_
  // I/O thread, plaintext TCP: what the tcp_watch is to report.
  std::size_t write_off_ = 0; // bytes of the batch written
  bool want_write_ = false;   // the socket was full
  bool had_messages_ = false; // the I/O thread's last read delivered some
  tcp_watch::reader next_reader_ = tcp_watch::reader::none;
  bool to_own_node_ = false; // the hello named this node: a connection to itself
  bool closed_ = false;
  bool close_when_flushed_ = false;
  bool input_paused_ = false;
  bool goodbye_received_ = false;
  // Something but a goodbye arrived after the handshake: the dialer kept
  // this connection (it says goodbye at once to one it does not keep).
  bool kept_by_dialer_ = false;
  // Closed after a goodbye while messages that arrived before it were still
  // being decoded: they are delivered before the proxies die.
  bool closing_after_decodes_ = false;
  // On now()'s clock; written by whoever reads.
  std::atomic<clock::rep> last_received_;
  std::atomic<clock::rep> last_message_{0};
  // Reads that brought actor messages, and their count when a sending thread
  // last found the queue idle (see answering).
  std::atomic<std::uint32_t> message_reads_{0};
  std::atomic<std::uint32_t> reads_at_last_write_{0};

  std::atomic<bool> ready_{false};
  std::atomic<bool> saying_goodbye_{false}; // from here on only the I/O thread writes
  // Held by a sending thread for its send() and by close() for closing the
  // socket, so that a sender never writes to a descriptor that was closed
  // (and maybe reused) meanwhile.
  std::mutex socket_mtx_;
  bool socket_closed_ = false; // guarded by socket_mtx_

  // Parking (the I/O thread's, but parking_).
  enum class park_phase : std::uint8_t { none, requested, agreed };
  park_phase park_ = park_phase::none;
  std::atomic<bool> parking_{false};
  std::atomic<int> pins_{0};
  clock::time_point park_since_{};
  std::shared_ptr<node_link> link_;
  std::uint64_t activity_seen_ = 0;
  std::uint64_t pushes_at_tick_ = 0; // out_.pushes() at the last tick
  clock::time_point active_at_{};

  // Any thread.
  outbound_queue out_;
  mutable std::mutex contacts_mtx_;
  std::vector<wire::endpoint> contacts_;
  // Nodes whose contacts the peer was given, and when: they are given again
  // once middleman.automatic-connection-retry has passed, so that a peer whose
  // attempt failed, or whose connection was lost, may try again.
  std::unordered_map<node_id, clock::time_point> introduced_;
};

// The handle codec of a message that another node sent and the peer passed
// on: a handle to a node this one has no connection to is routed through the
// peer, towards the node that sent the message (which knows the way).
class peer::origin_codec final : public actor_handle_codec {
public:
  origin_codec(peer& p, const node_id& origin) noexcept : peer_(p), origin_(origin) {}

  node_id exporting(actor_control_block* x) override { return peer_.exporting(x); }
  strong_actor_ptr resolve(const node_id& node, std::uint64_t id) override { return peer_.resolve(node, id, origin_); }

private:
  peer& peer_;
  node_id origin_;
};

// The I/O thread's hold on the input, for as long as the guard lives; a no-op
// where the I/O thread already holds it further up the stack.
class peer::io_input_guard {
public:
  explicit io_input_guard(peer& p) noexcept : p_(p), owns_(!p.io_holds_input_) {
    if (owns_) {
      p_.input_.lock();
      p_.io_holds_input_ = true;
    }
  }
  ~io_input_guard() {
    if (owns_) {
      p_.io_holds_input_ = false;
      p_.input_.unlock();
    }
  }
  io_input_guard(const io_input_guard&) = delete;
  io_input_guard& operator=(const io_input_guard&) = delete;

private:
  peer& p_;
  bool owns_;
};

} // namespace troupe::net
