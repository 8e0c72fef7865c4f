// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The ferret workload (after PARSEC's ferret, a content-based similarity
// search): Q query images go through four stages,
//   read     make the query's 64 x 64 grey image (seeded by its number),
//   extract  smooth it and take an 8 x 8 grid of block means as its feature
//            vector, normalized,
//   rank     find the K nearest of D database vectors (brute force),
//   write    fold the query's number and its K answers into the output.
// The database is D feature vectors of seeded images, made before the timer.
// The output is a sum of one hash per query, so it does not depend on the
// order in which the queries finish, and every version reports the same one.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "common.hpp"

namespace bench {

inline constexpr int ferret_side = 64; // image width and height
inline constexpr int ferret_dims = 64; // an 8 x 8 grid of block means
inline constexpr int ferret_k = 10;    // answers per query

struct ferret_image {
  int id = 0;
  std::vector<std::uint8_t> px; // ferret_side * ferret_side
};

struct ferret_features {
  int id = 0;
  std::array<float, ferret_dims> f{};
};

struct ferret_ranked {
  int id = 0;
  std::array<int, ferret_k> nearest{}; // database indices, nearest first
};

// Images with some structure: a few bright discs on a noisy gradient, all
// from the image's seed. Queries and database entries use disjoint seeds.
inline ferret_image ferret_read(int seed) {
  ferret_image img;
  img.id = seed;
  img.px.resize(static_cast<std::size_t>(ferret_side) * ferret_side);
  std::uint64_t s = 0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(seed + 1);
  auto next = [&s] {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  };
  int cx[3], cy[3], r2[3];
  for (int d = 0; d < 3; ++d) {
    cx[d] = static_cast<int>(next() % ferret_side);
    cy[d] = static_cast<int>(next() % ferret_side);
    const int r = 4 + static_cast<int>(next() % 12);
    r2[d] = r * r;
  }
  const int slope = static_cast<int>(next() % 3);
  for (int y = 0; y < ferret_side; ++y)
    for (int x = 0; x < ferret_side; ++x) {
      int v = (slope == 0 ? x : slope == 1 ? y : (x + y) / 2) * 2 + static_cast<int>(next() % 32);
      for (int d = 0; d < 3; ++d)
        if ((x - cx[d]) * (x - cx[d]) + (y - cy[d]) * (y - cy[d]) < r2[d])
          v += 96;
      img.px[static_cast<std::size_t>(y) * ferret_side + x] = static_cast<std::uint8_t>(std::min(v, 255));
    }
  return img;
}

inline ferret_features ferret_extract(const ferret_image& img) {
  // A 3 x 3 box blur (the borders keep their value), then the block means.
  std::vector<int> smooth(img.px.begin(), img.px.end());
  for (int y = 1; y < ferret_side - 1; ++y)
    for (int x = 1; x < ferret_side - 1; ++x) {
      int acc = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          acc += img.px[static_cast<std::size_t>(y + dy) * ferret_side + (x + dx)];
      smooth[static_cast<std::size_t>(y) * ferret_side + x] = acc / 9;
    }
  ferret_features out;
  out.id = img.id;
  constexpr int block = ferret_side / 8;
  double norm = 0;
  for (int by = 0; by < 8; ++by)
    for (int bx = 0; bx < 8; ++bx) {
      int acc = 0;
      for (int y = by * block; y < (by + 1) * block; ++y)
        for (int x = bx * block; x < (bx + 1) * block; ++x)
          acc += smooth[static_cast<std::size_t>(y) * ferret_side + x];
      const double mean = static_cast<double>(acc) / (block * block);
      out.f[static_cast<std::size_t>(by * 8 + bx)] = static_cast<float>(mean);
      norm += mean * mean;
    }
  const double scale = norm > 0 ? 1.0 / std::sqrt(norm) : 0.0;
  for (auto& v : out.f)
    v = static_cast<float>(v * scale);
  return out;
}

using ferret_database = std::vector<std::array<float, ferret_dims>>;

// D entries, seeded apart from the queries (which use 0 .. Q-1).
inline ferret_database ferret_make_database(int d) {
  ferret_database db(static_cast<std::size_t>(d));
  for (int i = 0; i < d; ++i)
    db[static_cast<std::size_t>(i)] = ferret_extract(ferret_read(1'000'000 + i)).f;
  return db;
}

inline ferret_ranked ferret_rank(const ferret_database& db, const ferret_features& q) {
  // The K smallest distances, kept sorted; ties go to the lower index.
  std::array<std::pair<float, int>, ferret_k> best;
  best.fill({INFINITY, -1});
  for (std::size_t i = 0; i < db.size(); ++i) {
    float d = 0;
    for (int k = 0; k < ferret_dims; ++k) {
      const float diff = db[i][static_cast<std::size_t>(k)] - q.f[static_cast<std::size_t>(k)];
      d += diff * diff;
    }
    if (d < best.back().first) {
      std::size_t j = best.size() - 1;
      while (j > 0 && best[j - 1].first > d) {
        best[j] = best[j - 1];
        --j;
      }
      best[j] = {d, static_cast<int>(i)};
    }
  }
  ferret_ranked out;
  out.id = q.id;
  for (std::size_t j = 0; j < best.size(); ++j)
    out.nearest[j] = best[j].second;
  return out;
}

// One query's share of the output; the output is the sum of all shares.
inline std::uint64_t ferret_write(const ferret_ranked& r) {
  const std::uint64_t id = static_cast<std::uint64_t>(r.id);
  return fnv1a(r.nearest.data(), sizeof(r.nearest), fnv1a(&id, sizeof(id)));
}

// All four stages, one query.
inline std::uint64_t ferret_query(const ferret_database& db, int id) {
  return ferret_write(ferret_rank(db, ferret_extract(ferret_read(id))));
}

// One run: its sizes, the database, and each query's share of the output,
// kept by query number so that the check can look at single queries.
struct ferret_problem {
  args a;
  int queries = 0;
  ferret_database db;
  std::vector<std::uint64_t> shares;
  std::vector<std::uint8_t> answered;

  ferret_problem(int argc, char** argv) : a{argc, argv, {4000, 4000}, "[QUERIES] [DATABASE]"} {
    if (a[0] < 1 || a[1] < ferret_k) {
      std::fprintf(stderr, "ferret: QUERIES >= 1 and DATABASE >= %d\n", ferret_k);
      std::exit(2);
    }
    queries = static_cast<int>(a[0]);
    db = ferret_make_database(static_cast<int>(a[1]));
    shares.resize(static_cast<std::size_t>(queries));
    answered.resize(static_cast<std::size_t>(queries));
  }

  // The write stage: each query's slot is written once, by whoever writes it.
  void write(const ferret_ranked& r) {
    shares[static_cast<std::size_t>(r.id)] = ferret_write(r);
    answered[static_cast<std::size_t>(r.id)] = 1;
  }

  // Reports the output (the sum of the shares) and checks every 97th
  // query's share against a sequential run of its stages, every query's
  // with --verify.
  int finish() const {
    std::uint64_t sum = 0;
    std::size_t count = 0;
    for (int q = 0; q < queries; ++q) {
      sum += shares[static_cast<std::size_t>(q)];
      count += answered[static_cast<std::size_t>(q)];
    }
    metric_hex("checksum", sum);
    metric("queries", static_cast<double>(count));
    if (static_cast<int>(count) != queries)
      return check(false, "every query answered");
    bool ok = true;
    for (int q = 0; ok && q < queries; q += a.verify ? 1 : 97)
      ok = shares[static_cast<std::size_t>(q)] == ferret_query(db, q);
    return check(ok, a.verify ? "every query equals its sequential run"
                              : "sampled queries equal their sequential runs (--verify: all)");
  }
};

} // namespace bench
