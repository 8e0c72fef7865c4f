// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Akka 2.6.20 Artery TCP versions of remote_ping_pong and remote_throughput: the
// same protocol, sizes, checks and output as bench/workloads/remote_*.cpp. The
// program starts a second JVM (this class, "serve") that hosts the pong or sink
// actor on a loopback port it prints, and reaches that actor by its path. The
// messages use a serializer of their own (a few bytes each), Akka's
// recommended way; Java serialization stays off, as Akka ships it. With
// --iterations=K the K runs share one server JVM, so that both sides warm up.
// remote_throughput raises Artery's outbound queue (3,072 messages by default)
// above N: Artery has no flow control and drops what does not fit.
package bench;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.ExtendedActorSystem;
import akka.actor.Props;
import akka.serialization.SerializerWithStringManifest;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

final class Remote {
  private Remote() {}

  // ---- messages and their serializer ------------------------------------------------
  interface Wire {}
  record Ping(int k) implements Wire {}
  record Pong(int k) implements Wire {}
  record Msg(int k) implements Wire {}
  record Count() implements Wire {}
  record Counted(long n) implements Wire {}
  record Reset() implements Wire {}

  /** Four or eight bytes per message; the manifest names the type. */
  public static final class Codec extends SerializerWithStringManifest {
    @Override public int identifier() { return 740_201; }

    @Override public String manifest(Object o) {
      if (o instanceof Ping) return "p";
      if (o instanceof Pong) return "q";
      if (o instanceof Msg) return "m";
      if (o instanceof Count) return "c";
      if (o instanceof Counted) return "n";
      if (o instanceof Reset) return "r";
      throw new IllegalArgumentException("not a bench message: " + o);
    }

    @Override public byte[] toBinary(Object o) {
      if (o instanceof Ping p) return ByteBuffer.allocate(4).putInt(p.k()).array();
      if (o instanceof Pong p) return ByteBuffer.allocate(4).putInt(p.k()).array();
      if (o instanceof Msg m) return ByteBuffer.allocate(4).putInt(m.k()).array();
      if (o instanceof Count) return new byte[0];
      if (o instanceof Counted c) return ByteBuffer.allocate(8).putLong(c.n()).array();
      if (o instanceof Reset) return new byte[0];
      throw new IllegalArgumentException("not a bench message: " + o);
    }

    @Override public Object fromBinary(byte[] b, String manifest) {
      ByteBuffer buf = ByteBuffer.wrap(b);
      return switch (manifest) {
        case "p" -> new Ping(buf.getInt());
        case "q" -> new Pong(buf.getInt());
        case "m" -> new Msg(buf.getInt());
        case "c" -> new Count();
        case "n" -> new Counted(buf.getLong());
        case "r" -> new Reset();
        default -> throw new IllegalArgumentException("unknown manifest " + manifest);
      };
    }
  }

  /** An ActorSystem with Artery TCP on a free loopback port and the bench dispatcher. */
  static ActorSystem system(String name, int queue) {
    int w = Bench.workers > 0 ? Bench.workers : Runtime.getRuntime().availableProcessors();
    Config cfg = ConfigFactory.parseString(
        "akka.log-dead-letters = off\n"
            + "akka.log-dead-letters-during-shutdown = off\n"
            // a client that stops while the server runs logs an aborted stream: not an error here
            + "akka.stdout-loglevel = ERROR\nakka.loglevel = ERROR\n"
            + "akka.actor.provider = remote\n"
            + "akka.remote.warn-about-direct-use = off\n"
            + "akka.remote.warn-unsafe-watch-outside-cluster = off\n"
            + "akka.remote.artery.transport = tcp\n"
            + "akka.remote.artery.canonical.hostname = \"127.0.0.1\"\n"
            + "akka.remote.artery.canonical.port = 0\n"
            + "akka.remote.artery.advanced.outbound-message-queue-size = " + Math.max(3072, queue) + "\n"
            + "akka.actor.serializers.bench = \"bench.Remote$Codec\"\n"
            + "akka.actor.serialization-bindings { \"bench.Remote$Wire\" = bench }\n"
            + "akka.actor.default-dispatcher.fork-join-executor.parallelism-min = " + w + "\n"
            + "akka.actor.default-dispatcher.fork-join-executor.parallelism-max = " + w + "\n"
            + "akka.actor.default-dispatcher.fork-join-executor.parallelism-factor = 1.0\n")
        .withFallback(ConfigFactory.load());
    return ActorSystem.create(name, cfg);
  }

  static int port(ActorSystem sys) {
    return (Integer) ((ExtendedActorSystem) sys).provider().getDefaultAddress().port().get();
  }

  // ---- the server JVM -------------------------------------------------------------------
  static final class PongActor extends AbstractActor {
    public Receive createReceive() {
      return receiveBuilder().match(Ping.class, p -> getSender().tell(new Pong(p.k()), getSelf())).build();
    }
  }

  /** Counts messages; a gap or reordering turns the count negative. */
  static final class SinkActor extends AbstractActor {
    long received = 0;
    boolean inOrder = true;

    public Receive createReceive() {
      return receiveBuilder()
          .match(Msg.class, m -> {
            if (m.k() != received) inOrder = false;
            ++received;
          })
          .match(Count.class, c -> getSender().tell(new Counted(inOrder ? received : -received), getSelf()))
          .match(Reset.class, r -> {
            received = 0;
            inOrder = true;
            getSender().tell(new Counted(0), getSelf());
          })
          .build();
    }
  }

  /** Hosts "svc" (pong or sink), prints its port, and stops once stdin closes. */
  static int serve(String[] argv) throws Exception {
    String workload = argv.length > 1 ? argv[1] : "";
    long[] s = Bench.sizes(java.util.Arrays.copyOfRange(argv, 1, argv.length), 0);
    ActorSystem sys = system("server", (int) Math.min(Integer.MAX_VALUE - 16, s[0] + 16));
    if (workload.equals("remote_ping_pong")) sys.actorOf(Props.create(PongActor.class, PongActor::new), "svc");
    else sys.actorOf(Props.create(SinkActor.class, SinkActor::new), "svc");
    System.out.println("PORT " + port(sys));
    System.out.flush();
    while (System.in.read() >= 0) {
      // until the client closes our stdin
    }
    sys.terminate();
    scala.concurrent.Await.result(sys.whenTerminated(), scala.concurrent.duration.Duration.create(30, "s"));
    return 0;
  }

  // ---- the client -----------------------------------------------------------------------
  /** The server JVM, started by the first run and shared by the later ones. */
  static Process server;
  static int serverPort = -1;

  /** The server's actor, through `sys`; starts the server JVM on the first call. */
  static ActorRef connect(ActorSystem sys, String workload, long size) throws Exception {
    if (server == null) {
      List<String> cmd = new ArrayList<>();
      cmd.add(ProcessHandle.current().info().command().orElse("java"));
      cmd.add("-cp");
      cmd.add(System.getProperty("java.class.path"));
      cmd.add("bench.Bench");
      cmd.add("serve");
      cmd.add(workload);
      cmd.add("--workers=" + Bench.workers);
      cmd.add(Long.toString(size));
      server = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
      String line;
      while ((line = out.readLine()) != null)
        if (line.startsWith("PORT ")) {
          serverPort = Integer.parseInt(line.substring(5).trim());
          break;
        }
      if (serverPort <= 0) throw new IllegalStateException("the server JVM printed no port");
    }
    return sys.actorSelection("akka://server@127.0.0.1:" + serverPort + "/user/svc")
        .resolveOne(Duration.ofSeconds(30))
        .toCompletableFuture()
        .get(60, TimeUnit.SECONDS);
  }

  /** Stops the server JVM, if one runs, and waits for it. */
  static void stopServer() throws Exception {
    if (server == null) return;
    OutputStream in = server.getOutputStream();
    in.close(); // the server stops
    if (!server.waitFor(30, TimeUnit.SECONDS)) server.destroyForcibly();
    server = null;
  }

  static final class PingActor extends AbstractActor {
    final ActorRef pong;
    final BlockingQueue<Object> report;
    int left;
    int done = 0;

    PingActor(ActorRef pong, int n, BlockingQueue<Object> report) {
      this.pong = pong;
      this.left = n;
      this.report = report;
    }

    @Override public void preStart() { pong.tell(new Ping(left), getSelf()); }

    public Receive createReceive() {
      return receiveBuilder().match(Pong.class, p -> {
        ++done;
        if (--left == 0) report.add(done);
        else pong.tell(new Ping(left), getSelf());
      }).build();
    }
  }

  static final class Asker extends AbstractActor {
    final ActorRef target;
    final Object question;
    final BlockingQueue<Object> report;

    Asker(ActorRef target, Object question, BlockingQueue<Object> report) {
      this.target = target;
      this.question = question;
      this.report = report;
    }

    @Override public void preStart() { target.tell(question, getSelf()); }

    public Receive createReceive() { return receiveBuilder().matchAny(report::add).build(); }
  }

  static Object ask(ActorSystem sys, ActorRef target, Object question) throws Exception {
    BlockingQueue<Object> q = new LinkedBlockingQueue<>();
    ActorRef a = sys.actorOf(Props.create(Asker.class, () -> new Asker(target, question, q)));
    Object answer = Bench.take(q);
    sys.stop(a);
    return answer;
  }

  static int pingPong(String[] argv) throws Exception {
    int n = (int) Bench.sizes(argv, 5000)[0];
    ActorSystem sys = system("client", 0);
    ActorRef svc = connect(sys, "remote_ping_pong", n);
    ask(sys, svc, new Ping(0)); // the connection is up: the work starts
    BlockingQueue<Object> q = new LinkedBlockingQueue<>();
    Bench.workStart = System.nanoTime();
    sys.actorOf(Props.create(PingActor.class, () -> new PingActor(svc, n, q)));
    int done = (Integer) Bench.take(q);
    double us = (System.nanoTime() - Bench.workStart) / 1e3;
    Bench.shutdown(sys);
    Bench.metric("us_per_rtt", us / n);
    return Bench.check(done == n, "ping finished N round trips");
  }

  static int throughput(String[] argv) throws Exception {
    int n = (int) Bench.sizes(argv, 200000)[0];
    ActorSystem sys = system("client", n + 16);
    ActorRef svc = connect(sys, "remote_throughput", n);
    ask(sys, svc, new Reset()); // the connection is up: the work starts
    Bench.workStart = System.nanoTime();
    for (int k = 0; k < n; ++k) svc.tell(new Msg(k), ActorRef.noSender());
    long count = ((Counted) ask(sys, svc, new Count())).n();
    double ns = System.nanoTime() - Bench.workStart;
    Bench.shutdown(sys);
    Bench.metric("ns_per_msg", ns / n);
    return Bench.check(count == n, "every message arrived, in order");
  }
}
