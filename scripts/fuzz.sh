#!/usr/bin/env bash
# Builds the libFuzzer target for the binary message decoder with clang and
# ASan+UBSan and runs it for the given number of seconds (default 60).
#   scripts/fuzz.sh [seconds]
# Needs clang and libFuzzer (Debian: apt-get install -y clang libclang-rt-14-dev).
# Output: build-fuzz/fuzz_decoder, corpus in build-fuzz/corpus, crashes in build-fuzz/.
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/build-fuzz"
cxx="${CXX_FUZZ:-$(command -v clang++ || command -v clang++-14)}"
mkdir -p "$out/corpus"
flags=(-std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
       -fno-omit-frame-pointer -I"$root/include")
srcs=("$root"/src/core/*.cpp "$root"/src/core/detail/*.cpp "$root"/src/core/scheduler/*.cpp
      "$root"/src/core/serialization/*.cpp)
echo "building $out/fuzz_decoder with $cxx"
"$cxx" "${flags[@]}" -I"$root/src/core" "$root/tests/serialization/fuzz_decoder.cpp" "${srcs[@]}" \
  -o "$out/fuzz_decoder" -lpthread
# Seed corpus: a few valid messages.
printf '\x01\x03\x0d\x04\x0c\x00\x00\x00\x00\x00\x90\x1e\x6c\x2a\x00\x00\x00\x02hi' > "$out/corpus/seed1"
printf '\x01\x01\x15\x02\x01\x00\x00\x00\x02\x00\x00\x00' > "$out/corpus/seed2"
printf '\x01\x01\x00\x0bfuzz_record\x07\x00\x00\x00\x01x\x01\x01\x05\x00' > "$out/corpus/seed3"
cd "$out"
./fuzz_decoder -max_total_time="$seconds" -max_len=4096 -rss_limit_mb=2048 -print_final_stats=1 corpus
