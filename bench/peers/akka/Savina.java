// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Akka 2.6.20 (classic actors, Java API) versions of the six Savina workloads (Imam &
// Sarkar, AGERE 2014): counting, fj_throughput, fj_create, thread_ring, chameneos, big.
// Same protocol, sizes, kernels and check as bench/workloads/*.cpp (bench/README.md,
// "Savina workloads"); the kernels below are bench/workloads/common.hpp bit for bit.
// Called through Bench.main:
//   java -cp 'lib/*:classes' bench.Bench WORKLOAD [--workers=W] [--verify] SIZE...
package bench;

import static bench.Bench.check;
import static bench.Bench.metric;
import static bench.Bench.shutdown;
import static bench.Bench.sink;
import static bench.Bench.sizes;
import static bench.Bench.system;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

final class Savina {
  private Savina() {}

  // ---- kernels (bench/workloads/common.hpp) -------------------------------------------------
  /** Savina's performComputation(37.2), varied by i. */
  static double fjCompute(long i) {
    double s = Math.sin(37.2 + (double) (i & 7));
    return s * s;
  }

  static double fjExpected(long n) {
    double sum = 0;
    for (long i = 0; i < n; ++i) sum += fjCompute(i);
    return sum;
  }

  static boolean nearlyEqual(double a, double b) {
    return Math.abs(a - b) <= 1e-9 * Math.max(1.0, Math.max(Math.abs(a), Math.abs(b)));
  }

  /** 64-bit LCG (Knuth's MMIX constants); the multiplication wraps like uint64_t. */
  static long bigNext(long x) { return x * 6364136223846793005L + 1442695040888963407L; }

  static int chameneosComplement(int a, int b) { return a == b ? a : 3 - a - b; }

  // ---- common -------------------------------------------------------------------------------
  static final long TIMEOUT_S = 600;

  /** The next result from the sink's queue, or null after TIMEOUT_S (the check then fails). */
  static Object await(BlockingQueue<Object> q) throws InterruptedException {
    return q.poll(TIMEOUT_S, TimeUnit.SECONDS);
  }

  static int usage(String what) {
    System.err.println("usage: bench.Bench " + what);
    return 2;
  }

  /** A sum of doubles and how many values went into it. */
  record Sum(double sum, long count) {}

  /** A count (counting's answer, a chameneo's meetings, a big actor's pongs). */
  record Count(long n) {}

  /** An integer total and how many counts went into it. */
  record Total(long sum, long count) {}

  // ---- counting -----------------------------------------------------------------------------
  enum Increment { INSTANCE }
  enum Retrieve { INSTANCE }

  static final class Counter extends AbstractActor {
    long count = 0;
    public Receive createReceive() {
      return receiveBuilder()
          .matchEquals(Increment.INSTANCE, m -> ++count)
          .matchEquals(Retrieve.INSTANCE, m -> {
            getSender().tell(new Count(count), self());
            getContext().stop(self());
          })
          .build();
    }
  }

  static final class Producer extends AbstractActor {
    final ActorRef counter, report;
    final long n;
    Producer(ActorRef counter, long n, ActorRef report) { this.counter = counter; this.n = n; this.report = report; }
    @Override public void preStart() {
      for (long i = 0; i < n; ++i) counter.tell(Increment.INSTANCE, self());
      counter.tell(Retrieve.INSTANCE, self());
    }
    public Receive createReceive() {
      return receiveBuilder().match(Count.class, c -> {
        report.tell(c, self());
        getContext().stop(self());
      }).build();
    }
  }

  static int counting(String[] argv) throws Exception {
    long n = sizes(argv, 1000000)[0];
    if (n < 0) return usage("counting [--workers=W] N (N >= 0)");
    ActorSystem sys = system();
    BlockingQueue<Object> q = new LinkedBlockingQueue<>();
    ActorRef sk = sink(sys, q);
    ActorRef counter = sys.actorOf(Props.create(Counter.class, Counter::new));
    sys.actorOf(Props.create(Producer.class, () -> new Producer(counter, n, sk)));
    Object r = await(q);
    shutdown(sys);
    metric("messages", (double) n + 1);
    return check(r instanceof Count c && c.n() == n, "count == N");
  }

  // ---- fork-join throughput ------------------------------------------------------------------
  record FjMsg(long i) {}

  static final class FjWorker extends AbstractActor {
    final long n;
    long got = 0;
    double sum = 0;
    FjWorker(long n) { this.n = n; }
    public Receive createReceive() {
      return receiveBuilder().match(FjMsg.class, m -> {
        sum += fjCompute(m.i());
        if (++got == n) {
          getContext().getParent().tell(new Sum(sum, 1), self());
          getContext().stop(self());
        }
      }).build();
    }
  }

  static final class FjThroughputMaster extends AbstractActor {
    final long n;
    final int a;
    final ActorRef report;
    double total = 0;
    long reported = 0;
    FjThroughputMaster(long n, int a, ActorRef report) { this.n = n; this.a = a; this.report = report; }
    @Override public void preStart() {
      final long perWorker = n; // the creator must not close over the actor
      Props props = Props.create(FjWorker.class, () -> new FjWorker(perWorker));
      ActorRef[] workers = new ActorRef[a];
      for (int k = 0; k < a; ++k) workers[k] = getContext().actorOf(props);
      for (long i = 0; i < n; ++i)
        for (ActorRef w : workers) w.tell(new FjMsg(i), self());
    }
    public Receive createReceive() {
      return receiveBuilder().match(Sum.class, s -> {
        total += s.sum();
        if (++reported == a) {
          report.tell(new Sum(total, reported), self());
          getContext().stop(self());
        }
      }).build();
    }
  }

  static int fjThroughput(String[] argv) throws Exception {
    long[] sz = sizes(argv, 10000, 60);
    long n = sz[0];
    int a = (int) sz[1];
    if (n < 1 || a < 1) return usage("fj_throughput [--workers=W] N A (N, A >= 1)");
    ActorSystem sys = system();
    BlockingQueue<Object> q = new LinkedBlockingQueue<>();
    ActorRef sk = sink(sys, q);
    sys.actorOf(Props.create(FjThroughputMaster.class, () -> new FjThroughputMaster(n, a, sk)));
    Object r = await(q);
    shutdown(sys);
    metric("messages", (double) n * a);
    return check(r instanceof Sum s && s.count() == a && nearlyEqual(s.sum(), a * fjExpected(n)),
        "A workers reported, total == A x fj_expected(N)");
  }

  // ---- fork-join creation --------------------------------------------------------------------
  record Value(double v) {}

  static final class FjTask extends AbstractActor {
    public Receive createReceive() {
      return receiveBuilder().match(FjMsg.class, m -> {
        getContext().getParent().tell(new Value(fjCompute(m.i())), self());
        getContext().stop(self());
      }).build();
    }
  }

  static final class FjCreateMaster extends AbstractActor {
    final long n;
    final ActorRef report;
    double sum = 0;
    long got = 0;
    FjCreateMaster(long n, ActorRef report) { this.n = n; this.report = report; }
    @Override public void preStart() {
      Props props = Props.create(FjTask.class, FjTask::new);
      for (long i = 0; i < n; ++i) getContext().actorOf(props).tell(new FjMsg(i), self());
    }
    public Receive createReceive() {
      return receiveBuilder().match(Value.class, v -> {
        sum += v.v();
        if (++got == n) {
          report.tell(new Sum(sum, got), self());
          getContext().stop(self());
        }
      }).build();
    }
  }

  static int fjCreate(String[] argv) throws Exception {
    long n = sizes(argv, 40000)[0];
    if (n < 1) return usage("fj_create [--workers=W] N (N >= 1)");
    ActorSystem sys = system();
    BlockingQueue<Object> q = new LinkedBlockingQueue<>();
    ActorRef sk = sink(sys, q);
    sys.actorOf(Props.create(FjCreateMaster.class, () -> new FjCreateMaster(n, sk)));
    Object r = await(q);
    shutdown(sys);
    metric("actors", (double) n);
    return check(r instanceof Sum s && s.count() == n && nearlyEqual(s.sum(), fjExpected(n)),
        "N values, sum == fj_expected(N)");
  }

  // ---- thread ring ---------------------------------------------------------------------------
  record Next(ActorRef next) {}
  record Token(int v) {}
  record Index(int k) {}

  static final class RingMember extends AbstractActor {
    final int k;
    ActorRef next;
    RingMember(int k) { this.k = k; }
    public Receive createReceive() {
      return receiveBuilder()
          .match(Token.class, t -> {
            if (t.v() > 0) next.tell(new Token(t.v() - 1), self());
            else getContext().getParent().tell(new Index(k), self());
          })
          .match(Next.class, m -> next = m.next())
          .build();
    }
  }

  /** Builds the ring of its N children, starts the token, and stops (with the ring) on the report. */
  static final class Ring extends AbstractActor {
    final int n, r;
    final ActorRef report;
    Ring(int n, int r, ActorRef report) { this.n = n; this.r = r; this.report = report; }
    @Override public void preStart() {
      ActorRef[] members = new ActorRef[n];
      for (int k = 0; k < n; ++k) {
        final int kk = k;
        members[k] = getContext().actorOf(Props.create(RingMember.class, () -> new RingMember(kk)));
      }
      // Every Next is enqueued before the token exists, so no member sees the token first.
      for (int k = 0; k < n; ++k) members[k].tell(new Next(members[(k + 1) % n]), self());
      members[0].tell(new Token(r), self());
    }
    public Receive createReceive() {
      return receiveBuilder().match(Index.class, i -> {
        report.tell(i, self());
        getContext().stop(self());
      }).build();
    }
  }

  static int threadRing(String[] argv) throws Exception {
    long[] sz = sizes(argv, 100, 100000);
    if (sz[0] < 1 || sz[1] < 0 || sz[1] > Integer.MAX_VALUE)
      return usage("thread_ring [--workers=W] N R (N >= 1, R >= 0)");
    int n = (int) sz[0], r = (int) sz[1];
    ActorSystem sys = system();
    BlockingQueue<Object> q = new LinkedBlockingQueue<>();
    ActorRef sk = sink(sys, q);
    sys.actorOf(Props.create(Ring.class, () -> new Ring(n, r, sk)));
    Object o = await(q);
    shutdown(sys);
    metric("hops", (double) r);
    return check(o instanceof Index i && i.k() == r % n, "index == R mod N");
  }

  // ---- chameneos -----------------------------------------------------------------------------
  record Meet(ActorRef who, int colour) {}
  record Change(int colour) {}
  enum StopMeeting { INSTANCE }

  static final class Chameneo extends AbstractActor {
    final ActorRef mall;
    int colour;
    long meetings = 0;
    Chameneo(ActorRef mall, int colour) { this.mall = mall; this.colour = colour; }
    @Override public void preStart() { mall.tell(new Meet(self(), colour), self()); }
    public Receive createReceive() {
      return receiveBuilder()
          .match(Meet.class, m -> {
            colour = chameneosComplement(colour, m.colour());
            ++meetings;
            m.who().tell(new Change(colour), self());
            mall.tell(new Meet(self(), colour), self());
          })
          .match(Change.class, m -> {
            colour = m.colour();
            ++meetings;
            mall.tell(new Meet(self(), colour), self());
          })
          .matchEquals(StopMeeting.INSTANCE, s -> {
            mall.tell(new Count(meetings), self());
            getContext().stop(self());
          })
          .build();
    }
  }

  static final class Mall extends AbstractActor {
    final int c;
    final long m;
    final ActorRef report;
    long meetings = 0, sum = 0;
    int reported = 0;
    Meet waiting = null; // at most one chameneo waits for a partner
    Mall(int c, long m, ActorRef report) { this.c = c; this.m = m; this.report = report; }
    @Override public void preStart() {
      ActorRef mall = self();
      for (int i = 0; i < c; ++i) {
        final int colour = i % 3;
        getContext().actorOf(Props.create(Chameneo.class, () -> new Chameneo(mall, colour)));
      }
    }
    public Receive createReceive() {
      return receiveBuilder()
          .match(Meet.class, msg -> {
            if (meetings >= m) {
              msg.who().tell(StopMeeting.INSTANCE, self());
            } else if (waiting == null) {
              waiting = msg;
            } else {
              ++meetings;
              waiting.who().tell(msg, self());
              waiting = null;
            }
          })
          .match(Count.class, n -> {
            sum += n.n();
            if (++reported == c) {
              report.tell(new Count(sum), self());
              getContext().stop(self());
            }
          })
          .build();
    }
  }

  static int chameneos(String[] argv) throws Exception {
    long[] sz = sizes(argv, 100, 200000);
    if (sz[0] < 2 || sz[0] > Integer.MAX_VALUE || sz[1] < 0)
      return usage("chameneos [--workers=W] C M (C >= 2, M >= 0)");
    int c = (int) sz[0];
    long m = sz[1];
    ActorSystem sys = system();
    BlockingQueue<Object> q = new LinkedBlockingQueue<>();
    ActorRef sk = sink(sys, q);
    sys.actorOf(Props.create(Mall.class, () -> new Mall(c, m, sk)));
    Object r = await(q);
    shutdown(sys);
    metric("meetings", (double) m);
    return check(r instanceof Count n && n.n() == 2 * m, "sum of the meeting counts == 2 M");
  }

  // ---- big -----------------------------------------------------------------------------------
  record Ping(ActorRef from) {}
  enum Pong { INSTANCE }
  enum Start { INSTANCE }

  static final class BigActor extends AbstractActor {
    final ActorRef[] all; // filled by the parent before any Start is sent
    final long n;
    long state, pongs = 0;
    BigActor(int k, ActorRef[] all, long n) { this.state = k; this.all = all; this.n = n; }
    void pingNeighbour() {
      state = bigNext(state);
      int w = (int) Long.remainderUnsigned(state >>> 33, all.length);
      all[w].tell(new Ping(self()), self());
    }
    public Receive createReceive() {
      return receiveBuilder()
          .match(Ping.class, p -> p.from().tell(Pong.INSTANCE, self()))
          .matchEquals(Pong.INSTANCE, p -> {
            if (++pongs < n) pingNeighbour();
            else if (pongs == n) getContext().getParent().tell(new Count(pongs), self());
          })
          .matchEquals(Start.INSTANCE, s -> {
            if (n > 0) pingNeighbour();
            else getContext().getParent().tell(new Count(0), self());
          })
          .build();
    }
  }

  /** The sink of the big actors (its children): stops everyone when all W reported. */
  static final class BigSink extends AbstractActor {
    final int w;
    final long n;
    final ActorRef report;
    long sum = 0;
    int reported = 0;
    BigSink(int w, long n, ActorRef report) { this.w = w; this.n = n; this.report = report; }
    @Override public void preStart() {
      ActorRef[] all = new ActorRef[w];
      final long pings = n; // the creator must not close over the actor
      for (int k = 0; k < w; ++k) {
        final int kk = k;
        all[k] = getContext().actorOf(Props.create(BigActor.class, () -> new BigActor(kk, all, pings)));
      }
      for (ActorRef a : all) a.tell(Start.INSTANCE, self());
    }
    public Receive createReceive() {
      return receiveBuilder().match(Count.class, c -> {
        sum += c.n();
        if (++reported == w) {
          report.tell(new Total(sum, reported), self());
          getContext().stop(self()); // stops the W actors with it
        }
      }).build();
    }
  }

  static int big(String[] argv) throws Exception {
    long[] sz = sizes(argv, 20000, 120);
    if (sz[0] < 0 || sz[1] < 1 || sz[1] > Integer.MAX_VALUE) return usage("big [--workers=W] N W (N >= 0, W >= 1)");
    long n = sz[0];
    int w = (int) sz[1];
    ActorSystem sys = system();
    BlockingQueue<Object> q = new LinkedBlockingQueue<>();
    ActorRef sk = sink(sys, q);
    sys.actorOf(Props.create(BigSink.class, () -> new BigSink(w, n, sk)));
    Object r = await(q);
    shutdown(sys);
    metric("messages", 2.0 * n * w);
    return check(r instanceof Total t && t.count() == w && t.sum() == n * w, "W reports, sum of the pongs == N W");
  }
}
