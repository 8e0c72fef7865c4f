// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Akka 2.6.20 (classic actors, Java API) versions of the benchmark workloads; the
// same algorithms, sizes, checks and METRIC/CHECK output as bench/workloads/*.cpp.
//   java -cp 'lib/*:classes' bench.Bench WORKLOAD [--workers=W] [--iterations=K] [--verify] SIZE...
// The default dispatcher's fork-join pool is sized to W workers (Akka's default
// would be max(8, 3 x cores)). Each run of the workload creates its own ActorSystem
// and prints its work time (from the system being created to the result being in
// main's hands, before the shutdown) as "bench-work-ns: N"; --iterations=K runs the
// workload K times in this JVM, so that the later runs are JIT-compiled (warm).
package bench;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

public final class Bench {
  // ---- common ------------------------------------------------------------------------
  static int workers = 0;
  static int iterations = 1;
  static boolean verify = false;
  static long workStart = 0;

  static long[] sizes(String[] argv, long... defaults) {
    long[] s = defaults.clone();
    int pos = 0;
    for (int i = 1; i < argv.length; ++i) {
      String a = argv[i];
      if (a.startsWith("--workers=")) workers = Integer.parseInt(a.substring(10));
      else if (a.startsWith("--iterations=")) continue; // read by run()
      else if (a.equals("--verify")) verify = true;
      else if (pos < s.length) s[pos++] = Long.parseLong(a);
      else throw new IllegalArgumentException("too many sizes: " + a);
    }
    return s;
  }

  static ActorSystem system() {
    int w = workers > 0 ? workers : Runtime.getRuntime().availableProcessors();
    Config cfg = ConfigFactory.parseString(
        "akka.log-dead-letters = off\n"
            + "akka.log-dead-letters-during-shutdown = off\n"
            + "akka.stdout-loglevel = WARNING\nakka.loglevel = WARNING\n"
            + "akka.actor.default-dispatcher.fork-join-executor.parallelism-min = " + w + "\n"
            + "akka.actor.default-dispatcher.fork-join-executor.parallelism-max = " + w + "\n"
            + "akka.actor.default-dispatcher.fork-join-executor.parallelism-factor = 1.0\n")
        .withFallback(ConfigFactory.load());
    ActorSystem sys = ActorSystem.create("bench", cfg);
    workStart = System.nanoTime(); // the system is ready: the work starts
    return sys;
  }

  /** Ends the work (the result is in hand) and stops the system. */
  static void shutdown(ActorSystem sys) throws Exception {
    System.out.println("bench-work-ns: " + (System.nanoTime() - workStart));
    sys.terminate();
    scala.concurrent.Await.result(sys.whenTerminated(), scala.concurrent.duration.Duration.create(60, "s"));
  }

  static void metric(String name, double v) { System.out.printf("METRIC %s %.6g%n", name, v); }

  static void metricHex(String name, long v) { System.out.printf("METRIC %s %016x%n", name, v); }

  static int check(boolean ok, String what) {
    System.out.println((ok ? "CHECK ok: " : "CHECK FAILED: ") + what);
    System.out.flush();
    return ok ? 0 : 1;
  }

  static long rssBytes() throws Exception {
    String[] f = new String(Files.readAllBytes(Paths.get("/proc/self/statm"))).trim().split("\\s+");
    return Long.parseLong(f[1]) * 4096L;
  }

  static long fnv1a(byte[] data, long h) {
    for (byte b : data) {
      h ^= (b & 0xff);
      h *= 1099511628211L;
    }
    return h;
  }

  static final long FNV_INIT = 0xcbf29ce484222325L;

  /** Actor forwarding everything it receives to a queue read by main(). */
  static final class Sink extends AbstractActor {
    final BlockingQueue<Object> q;
    Sink(BlockingQueue<Object> q) { this.q = q; }
    public Receive createReceive() { return receiveBuilder().matchAny(q::add).build(); }
  }

  static ActorRef sink(ActorSystem sys, BlockingQueue<Object> q) {
    return sys.actorOf(Props.create(Sink.class, () -> new Sink(q)));
  }

  static Object take(BlockingQueue<Object> q) throws InterruptedException {
    Object o = q.poll(600, TimeUnit.SECONDS);
    if (o == null) throw new IllegalStateException("timeout");
    return o;
  }

  // ---- spread ------------------------------------------------------------------------
  record Spread(int n) {}
  record Result(long v) {}

  static final class Testee extends AbstractActor {
    final ActorRef parent;
    long x1;
    int got = 0;
    Testee(ActorRef parent) { this.parent = parent; }
    public Receive createReceive() {
      return receiveBuilder()
          .match(Spread.class, m -> {
            if (m.n() == 0) {
              parent.tell(new Result(1), self());
              getContext().stop(self());
            } else {
              ActorRef me = self();
              for (int i = 0; i < 2; ++i)
                getContext().actorOf(Props.create(Testee.class, () -> new Testee(me))).tell(new Spread(m.n() - 1), me);
            }
          })
          .match(Result.class, r -> {
            if (got++ == 0) {
              x1 = r.v();
            } else {
              parent.tell(new Result(x1 + r.v()), self());
              getContext().stop(self());
            }
          })
          .build();
    }
  }

  static int spread(String[] argv) throws Exception {
    int pow = (int) sizes(argv, 20)[0];
    ActorSystem sys = system();
    BlockingQueue<Object> q = new LinkedBlockingQueue<>();
    ActorRef s = sink(sys, q);
    sys.actorOf(Props.create(Testee.class, () -> new Testee(s))).tell(new Spread(pow), s);
    long y = ((Result) take(q)).v();
    shutdown(sys);
    metric("actors", (double) ((1L << (pow + 1)) - 1));
    return check(y == (1L << pow), "result == 2^POW");
  }

  // ---- mailbox ------------------------------------------------------------------------
  enum Msg { INSTANCE }
  record Done(long n) {}

  static final class Receiver extends AbstractActor {
    final long total;
    final ActorRef report;
    long count = 0;
    Receiver(long total, ActorRef report) { this.total = total; this.report = report; }
    public Receive createReceive() {
      return receiveBuilder().matchEquals(Msg.INSTANCE, m -> {
        if (++count == total) {
          report.tell(new Done(count), self());
          getContext().stop(self());
        }
      }).build();
    }
  }

  static final class Sender extends AbstractActor {
    final ActorRef dest;
    final long m;
    Sender(ActorRef dest, long m) { this.dest = dest; this.m = m; }
    @Override public void preStart() {
      for (long i = 0; i < m; ++i) dest.tell(Msg.INSTANCE, self());
      getContext().stop(self());
    }
    public Receive createReceive() { return receiveBuilder().build(); }
  }

  static int mailbox(String[] argv) throws Exception {
    long[] sz = sizes(argv, 20, 1000000);
    long s = sz[0], m = sz[1];
    ActorSystem sys = system();
    BlockingQueue<Object> q = new LinkedBlockingQueue<>();
    ActorRef sk = sink(sys, q);
    ActorRef r = sys.actorOf(Props.create(Receiver.class, () -> new Receiver(s * m, sk)));
    for (long i = 0; i < s; ++i) sys.actorOf(Props.create(Sender.class, () -> new Sender(r, m)));
    long got = ((Done) take(q)).n();
    shutdown(sys);
    metric("messages", (double) (s * m));
    return check(got == s * m, "receiver got S*M messages");
  }

  // ---- mixed case -----------------------------------------------------------------------
  static final long NUMBER = 28350160440309881L;
  record Token(int n) {}
  record Calc(long n) {}
  record Factors(boolean ok) {}
  enum MasterDone { INSTANCE }

  static List<Long> factorize(long n) {
    List<Long> result = new ArrayList<>();
    if (n <= 3) {
      result.add(n);
      return result;
    }
    long d = 2;
    while (d < n) {
      if ((n % d) == 0) {
        result.add(d);
        n /= d;
      } else {
        d = (d == 2) ? 3 : (d + 2);
      }
    }
    result.add(d);
    return result;
  }

  static final class ChainLink extends AbstractActor {
    final ActorRef next;
    ChainLink(ActorRef next) { this.next = next; }
    public Receive createReceive() {
      return receiveBuilder().match(Token.class, t -> {
        next.tell(t, self());
        if (t.n() == 0) getContext().stop(self());
      }).build();
    }
  }

  static final class Worker extends AbstractActor {
    final ActorRef collector;
    Worker(ActorRef collector) { this.collector = collector; }
    public Receive createReceive() {
      return receiveBuilder().match(Calc.class, c -> {
        List<Long> f = factorize(c.n());
        collector.tell(new Factors(f.size() == 2 && f.get(0) == 86028157L && f.get(1) == 329545133L), self());
        getContext().stop(self());
      }).build();
    }
  }

  static final class Master extends AbstractActor {
    final ActorRef collector;
    final int ringSize, token;
    int roundsLeft;
    ActorRef next;
    Master(ActorRef collector, int ringSize, int token, int reps) {
      this.collector = collector; this.ringSize = ringSize; this.token = token; this.roundsLeft = reps;
    }
    void newRing() {
      ActorRef n = self();
      for (int i = 1; i < ringSize; ++i) {
        final ActorRef nn = n;
        n = getContext().actorOf(Props.create(ChainLink.class, () -> new ChainLink(nn)));
      }
      n.tell(new Token(token), self());
      getContext().actorOf(Props.create(Worker.class, () -> new Worker(collector))).tell(new Calc(NUMBER), self());
      next = n;
    }
    @Override public void preStart() { newRing(); }
    public Receive createReceive() {
      return receiveBuilder().match(Token.class, t -> {
        if (t.n() > 0) {
          next.tell(new Token(t.n() - 1), self());
        } else if (--roundsLeft > 0) {
          newRing();
        } else {
          collector.tell(MasterDone.INSTANCE, self());
          getContext().stop(self());
        }
      }).build();
    }
  }

  static int mixedCase(String[] argv) throws Exception {
    long[] sz = sizes(argv, 20, 100, 1000, 4);
    int r = (int) sz[0], a = (int) sz[1], t = (int) sz[2], k = (int) sz[3];
    ActorSystem sys = system();
    BlockingQueue<Object> q = new LinkedBlockingQueue<>();
    ActorRef sk = sink(sys, q);
    for (int i = 0; i < r; ++i) sys.actorOf(Props.create(Master.class, () -> new Master(sk, a, t, k)));
    int ok = 0, bad = 0, done = 0;
    for (int i = 0; i < r * k + r; ++i) {
      Object o = take(q);
      if (o instanceof Factors f) {
        if (f.ok()) ++ok; else ++bad;
      } else {
        ++done;
      }
    }
    shutdown(sys);
    metric("actors_created", (double) r * (k * a + k));
    return check(ok == r * k && bad == 0 && done == r, "R*K factorisations = 329545133 x 86028157 and R masters done");
  }

  // ---- ping-pong ---------------------------------------------------------------------------
  record Ping(int n) {}
  record Pong(int n) {}

  static final class PongActor extends AbstractActor {
    public Receive createReceive() {
      return receiveBuilder().match(Ping.class, p -> getSender().tell(new Pong(p.n()), self())).build();
    }
  }

  static final class PingActor extends AbstractActor {
    final ActorRef buddy, report;
    final int n;
    int pongs = 0;
    PingActor(ActorRef buddy, int n, ActorRef report) { this.buddy = buddy; this.n = n; this.report = report; }
    @Override public void preStart() { buddy.tell(new Ping(n), self()); }
    public Receive createReceive() {
      return receiveBuilder().match(Pong.class, p -> {
        ++pongs;
        if (p.n() == 1) {
          report.tell(new Done(pongs), self());
          getContext().stop(self());
        } else {
          getSender().tell(new Ping(p.n() - 1), self());
        }
      }).build();
    }
  }

  static int pingPong(String[] argv) throws Exception {
    int n = (int) sizes(argv, 1000000)[0];
    ActorSystem sys = system();
    BlockingQueue<Object> q = new LinkedBlockingQueue<>();
    ActorRef sk = sink(sys, q);
    long t0 = System.nanoTime();
    ActorRef pong = sys.actorOf(Props.create(PongActor.class, PongActor::new));
    sys.actorOf(Props.create(PingActor.class, () -> new PingActor(pong, n, sk)));
    long pongs = ((Done) take(q)).n();
    double ns = System.nanoTime() - t0;
    shutdown(sys);
    metric("ns_per_msg", ns / (2.0 * n));
    return check(pongs == n, "ping received N pongs");
  }

  // ---- idle memory ---------------------------------------------------------------------------
  static final AtomicLong started = new AtomicLong(), stopped = new AtomicLong();
  enum Stop { INSTANCE }

  static final class Idle extends AbstractActor {
    @Override public void preStart() { started.incrementAndGet(); }
    public Receive createReceive() {
      return receiveBuilder().matchEquals(Stop.INSTANCE, s -> {
        stopped.incrementAndGet();
        getContext().stop(self());
      }).build();
    }
  }

  /** Heap in use after a full collection (what the program retains, not its garbage). */
  static long retainedHeap() {
    Runtime rt = Runtime.getRuntime();
    for (int i = 0; i < 3; ++i) System.gc();
    return rt.totalMemory() - rt.freeMemory();
  }

  static int idleMemory(String[] argv) throws Exception {
    int n = (int) sizes(argv, 1000000)[0];
    started.set(0);
    stopped.set(0);
    ActorSystem sys = system();
    ActorRef[] refs = new ActorRef[n];
    long heapBefore = retainedHeap();
    long before = rssBytes();
    Props props = Props.create(Idle.class, Idle::new);
    for (int i = 0; i < n; ++i) refs[i] = sys.actorOf(props);
    while (started.get() < n) Thread.sleep(1);
    long after = rssBytes();
    long heapAfter = retainedHeap();
    for (ActorRef r : refs) r.tell(Stop.INSTANCE, ActorRef.noSender());
    while (stopped.get() < n) Thread.sleep(1);
    shutdown(sys);
    metric("bytes_per_actor", (double) (after - before) / n);
    metric("heap_bytes_per_actor", (double) (heapAfter - heapBefore) / n);
    return check(stopped.get() == n, "all N idle actors started and stopped");
  }

  // ---- Mandelbrot ------------------------------------------------------------------------------
  static int rowBytes(int n) { return (n + 7) / 8; }

  static void mandelRow(int n, int maxIter, int y, byte[] out, int off) {
    double ci = 2.0 * y / n - 1.0;
    int nb = rowBytes(n);
    for (int b = 0; b < nb; ++b) {
      int bits = 0;
      for (int k = 0; k < 8; ++k) {
        int x = b * 8 + k;
        bits <<= 1;
        if (x >= n) continue;
        double cr = 2.0 * x / n - 1.5;
        double zr = 0, zi = 0, tr = 0, ti = 0;
        for (int i = 0; i < maxIter && tr + ti <= 4.0; ++i) {
          zi = 2.0 * zr * zi + ci;
          zr = tr - ti + cr;
          tr = zr * zr;
          ti = zi * zi;
        }
        if (tr + ti <= 4.0) bits |= 1;
      }
      out[off + b] = (byte) bits;
    }
  }

  record Row(int y) {}

  static final class RowActor extends AbstractActor {
    final int n, iters;
    final byte[] image;
    final ActorRef report;
    RowActor(int n, int iters, byte[] image, ActorRef report) {
      this.n = n; this.iters = iters; this.image = image; this.report = report;
    }
    public Receive createReceive() {
      return receiveBuilder().match(Row.class, r -> {
        mandelRow(n, iters, r.y(), image, r.y() * rowBytes(n));
        report.tell(new Done(r.y()), self());
        getContext().stop(self());
      }).build();
    }
  }

  static int mandelbrot(String[] argv) throws Exception {
    long[] sz = sizes(argv, 8000, 500);
    int n = (int) sz[0], iters = (int) sz[1];
    byte[] image = new byte[rowBytes(n) * n];
    ActorSystem sys = system();
    BlockingQueue<Object> q = new LinkedBlockingQueue<>();
    ActorRef sk = sink(sys, q);
    for (int y = 0; y < n; ++y)
      sys.actorOf(Props.create(RowActor.class, () -> new RowActor(n, iters, image, sk))).tell(new Row(y), sk);
    for (int y = 0; y < n; ++y) take(q);
    shutdown(sys);
    metricHex("checksum", fnv1a(image, FNV_INIT));
    long set = 0;
    for (byte b : image) set += Integer.bitCount(b & 0xff);
    metric("pixels_in_set", (double) set);
    int nb = rowBytes(n);
    byte[] row = new byte[nb];
    boolean ok = true;
    for (int y = 0; y < n; y += verify ? 1 : 61) {
      mandelRow(n, iters, y, row, 0);
      for (int b = 0; b < nb; ++b) ok &= row[b] == image[y * nb + b];
    }
    return check(ok, "rows equal the sequential kernel");
  }

  // ---- heat equation ------------------------------------------------------------------------------
  static final class Field {
    final int h, w;
    final double[] v;
    Field(int h, int w) {
      this.h = h; this.w = w; v = new double[h * w];
      for (int j = 0; j < w; ++j) v[j] = 1.0;
      for (int i = 0; i < h; ++i) v[i * w] = 0.5;
    }
    void op(int i) {
      int up = (i - 1) * w, me = i * w, down = (i + 1) * w;
      for (int j = 1; j < w - 1; ++j)
        v[me + j] = (v[me + j - 1] + v[me + j + 1] + v[up + j] + v[down + j]) * 0.25;
    }
    void sequential(int t) {
      for (int s = 1; s <= t; ++s)
        for (int i = 1; i < h - 1; ++i) op(i);
    }
    long checksum() {
      java.nio.ByteBuffer bb = java.nio.ByteBuffer.allocate(v.length * 8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
      for (double x : v) bb.putDouble(x);
      return fnv1a(bb.array(), FNV_INIT);
    }
  }

  record Init(ActorRef prev, ActorRef next) {}
  record Step(int from, int k) {}

  static final class HeatRow extends AbstractActor {
    final Field f;
    final int i, steps;
    final ActorRef report;
    int done = 0, prevDone, nextDone;
    ActorRef prev, next;
    boolean ready = false; // a neighbour's Step may arrive before our Init
    HeatRow(Field f, int i, int steps, ActorRef report) {
      this.f = f; this.i = i; this.steps = steps; this.report = report;
      prevDone = i == 1 ? Integer.MAX_VALUE : 0;
      nextDone = i == f.h - 2 ? Integer.MAX_VALUE : 0;
    }
    void advance() {
      if (!ready) return;
      while (done < steps && prevDone >= done + 1 && nextDone >= done) {
        f.op(i);
        ++done;
        if (prev != null) prev.tell(new Step(i, done), self());
        if (next != null) next.tell(new Step(i, done), self());
      }
      if (done == steps) {
        report.tell(new Done(i), self());
        getContext().stop(self());
      }
    }
    public Receive createReceive() {
      return receiveBuilder()
          .match(Init.class, m -> {
            prev = m.prev();
            next = m.next();
            ready = true;
            advance();
          })
          .match(Step.class, m -> {
            if (m.from() < i) prevDone = m.k(); else nextDone = m.k();
            advance();
          })
          .build();
    }
  }

  static int heat(String[] argv) throws Exception {
    long[] sz = sizes(argv, 400, 0, 0);
    int h = (int) sz[0];
    int w = sz[1] > 0 ? (int) sz[1] : 2 * h, t = sz[2] > 0 ? (int) sz[2] : 2 * h;
    Field f = new Field(h, w);
    ActorSystem sys = system();
    BlockingQueue<Object> q = new LinkedBlockingQueue<>();
    ActorRef sk = sink(sys, q);
    ActorRef[] rows = new ActorRef[h];
    for (int i = 1; i <= h - 2; ++i) {
      final int ii = i;
      rows[i] = sys.actorOf(Props.create(HeatRow.class, () -> new HeatRow(f, ii, t, sk)));
    }
    for (int i = 1; i <= h - 2; ++i) rows[i].tell(new Init(rows[i - 1], rows[i + 1]), ActorRef.noSender());
    for (int i = 1; i <= h - 2; ++i) take(q);
    shutdown(sys);
    metricHex("checksum", f.checksum());
    if (!verify) {
      boolean ok = true;
      for (double x : f.v) ok &= x >= 0.0 && x <= 1.0;
      return check(ok, "field within [0, 1] (use --verify for the bitwise comparison)");
    }
    Field ref = new Field(h, w);
    ref.sequential(t);
    return check(java.util.Arrays.equals(ref.v, f.v), "field equals the sequential field bitwise");
  }

  public static void main(String[] argv) {
    // Any failure ends the JVM (Akka's threads would otherwise keep it alive):
    // bad usage exits 2, a timeout or another exception exits 1.
    int rc;
    try {
      rc = run(argv);
    } catch (IllegalArgumentException e) { // includes NumberFormatException
      System.err.println("bad usage: " + e.getMessage());
      rc = 2;
    } catch (Throwable e) {
      System.out.println("CHECK FAILED: " + e);
      rc = 1;
    }
    System.out.flush();
    if (rc == 0) System.exit(0);
    Runtime.getRuntime().halt(rc); // no shutdown hooks: they may wait for stuck actors
  }

  /** Start-up and shutdown: the ActorSystem is created and stopped, no work. */
  static int empty(String[] argv) throws Exception {
    sizes(argv);
    shutdown(system());
    return check(true, "system created and stopped");
  }

  static int run(String[] argv) throws Exception {
    for (String a : argv)
      if (a.startsWith("--iterations=")) iterations = Integer.parseInt(a.substring(13));
    int rc = 0;
    try {
      for (int i = 0; i < iterations && rc == 0; ++i) rc = runOnce(argv);
    } finally {
      Remote.stopServer(); // the remote workloads' second JVM, if any
    }
    return rc;
  }

  static int runOnce(String[] argv) throws Exception {
    int rc;
    switch (argv.length > 0 ? argv[0] : "") {
      case "empty" -> rc = empty(argv);
      case "spread" -> rc = spread(argv);
      case "mailbox" -> rc = mailbox(argv);
      case "mixed_case" -> rc = mixedCase(argv);
      case "ping_pong" -> rc = pingPong(argv);
      case "idle_memory" -> rc = idleMemory(argv);
      case "mandelbrot" -> rc = mandelbrot(argv);
      case "heat" -> rc = heat(argv);
      case "counting" -> rc = Savina.counting(argv);
      case "fj_throughput" -> rc = Savina.fjThroughput(argv);
      case "fj_create" -> rc = Savina.fjCreate(argv);
      case "thread_ring" -> rc = Savina.threadRing(argv);
      case "chameneos" -> rc = Savina.chameneos(argv);
      case "big" -> rc = Savina.big(argv);
      case "stream" -> rc = Streams.stream(argv);
      case "remote_ping_pong" -> rc = Remote.pingPong(argv);
      case "remote_throughput" -> rc = Remote.throughput(argv);
      case "serve" -> rc = Remote.serve(argv);
      default -> {
        System.err.println("usage: bench.Bench empty|spread|mailbox|mixed_case|ping_pong|idle_memory|mandelbrot|heat|"
            + "counting|fj_throughput|fj_create|thread_ring|chameneos|big|stream|remote_ping_pong|remote_throughput "
            + "[--workers=W] [--iterations=K] [--verify] SIZE...");
        rc = 2;
      }
    }
    return rc;
  }
}
