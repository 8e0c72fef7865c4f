#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Akka 2.6.20 (Apache-2.0) peer: downloads akka-actor and akka-remote (Artery TCP, for the
# remote workloads) with their dependencies from Maven Central (checked against the .sha1 files Maven Central publishes next to them)
# into $1/lib and compiles the .java files here into $1/classes with the JDK's javac (Java 17:
# Debian's openjdk-17-jdk-headless). Idempotent: jars already present are kept.
#   bash bench/peers/akka/fetch_and_build.sh OUT_DIR
set -euo pipefail
out="${1:?usage: fetch_and_build.sh OUT_DIR}"
here="$(cd "$(dirname "$0")" && pwd)"
central="https://repo1.maven.org/maven2"
artifacts=(
  "com/typesafe/akka/akka-actor_2.13/2.6.20/akka-actor_2.13-2.6.20.jar"
  "org/scala-lang/scala-library/2.13.8/scala-library-2.13.8.jar"
  "com/typesafe/config/1.4.2/config-1.4.2.jar"
  "org/scala-lang/modules/scala-java8-compat_2.13/1.0.0/scala-java8-compat_2.13-1.0.0.jar"
  "com/typesafe/akka/akka-remote_2.13/2.6.20/akka-remote_2.13-2.6.20.jar"
  "com/typesafe/akka/akka-stream_2.13/2.6.20/akka-stream_2.13-2.6.20.jar"
  "com/typesafe/akka/akka-protobuf-v3_2.13/2.6.20/akka-protobuf-v3_2.13-2.6.20.jar"
  "com/typesafe/akka/akka-pki_2.13/2.6.20/akka-pki_2.13-2.6.20.jar"
  "com/hierynomus/asn-one/0.5.0/asn-one-0.5.0.jar"
  "org/slf4j/slf4j-api/1.7.36/slf4j-api-1.7.36.jar"
  "org/reactivestreams/reactive-streams/1.0.3/reactive-streams-1.0.3.jar"
  "com/typesafe/ssl-config-core_2.13/0.4.3/ssl-config-core_2.13-0.4.3.jar"
  "org/scala-lang/modules/scala-parser-combinators_2.13/1.1.2/scala-parser-combinators_2.13-1.1.2.jar"
  "org/agrona/agrona/1.15.1/agrona-1.15.1.jar"
)
command -v javac >/dev/null || { echo "akka: no javac (apt-get install openjdk-17-jdk-headless)" >&2; exit 1; }
mkdir -p "$out/lib" "$out/classes"
for a in "${artifacts[@]}"; do
  jar="$out/lib/$(basename "$a")"
  [[ -s "$jar" ]] && continue
  curl -fsSL --retry 3 -o "$jar.part" "$central/$a"
  want="$(curl -fsSL --retry 3 "$central/$a.sha1" | cut -c1-40)"
  got="$(sha1sum "$jar.part" | cut -c1-40)"
  if [[ "$want" != "$got" ]]; then
    echo "akka: checksum mismatch for $a" >&2
    rm -f "$jar.part"
    exit 1
  fi
  mv "$jar.part" "$jar"
done
# Every .java file of this directory (Bench.java dispatches to the others); rebuilt when
# any of them is newer than Bench.class.
srcs=("$here"/*.java)
stale=0
[[ -f "$out/classes/bench/Bench.class" ]] || stale=1
for s in "${srcs[@]}"; do
  if [[ "$s" -nt "$out/classes/bench/Bench.class" ]]; then stale=1; fi
done
if (( stale )); then
  javac -nowarn -d "$out/classes" -cp "$out/lib/*" "${srcs[@]}"
fi
