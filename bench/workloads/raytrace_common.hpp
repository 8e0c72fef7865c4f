// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The raytrace workload (after PARSEC's raytrace): F frames of a W x H image
// of a seeded scene, a camera that moves a little each frame. The spheres sit
// in the lower part of the picture and reflect each other up to a depth of 6,
// while the upper rows see only the sky: a row among the spheres costs about
// twenty times as much as one of sky (40 against 900 µs at 640 pixels here),
// so a static split leaves workers idle, and every version hands out rows
// dynamically, one at a time. Every version renders with the
// same function, so all of them produce the same pixels and the same FNV-1a
// checksum.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <utility>
#include <vector>

#include "common.hpp"

namespace bench {

struct vec3 {
  double x = 0, y = 0, z = 0;
};
inline vec3 operator+(vec3 a, vec3 b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
inline vec3 operator-(vec3 a, vec3 b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
inline vec3 operator*(vec3 a, double s) {
  return {a.x * s, a.y * s, a.z * s};
}
inline double dot(vec3 a, vec3 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline vec3 normalized(vec3 a) {
  return a * (1.0 / std::sqrt(dot(a, a)));
}

struct sphere {
  vec3 center;
  double radius;
  vec3 color;
  double reflect; // 0: matte, 1: mirror
};

struct scene {
  std::vector<sphere> spheres; // the ground first, then the small ones
  vec3 box_min, box_max;       // a box around all small ones: a ray that
                               // misses it misses each of them
  vec3 light;                  // direction towards the light, normalized
};

// Spheres on and above a ground sphere, all below the horizon line of the
// camera: rows above it hit nothing.
inline scene raytrace_scene() {
  std::mt19937_64 gen{1618};
  std::uniform_real_distribution<double> px{-6.0, 6.0}, pz{4.0, 16.0}, r{0.3, 1.0}, c{0.2, 1.0}, refl{0.2, 0.9};
  scene s;
  s.spheres.push_back({{0.0, -1000.0, 0.0}, 999.0, {0.5, 0.5, 0.5}, 0.3}); // the ground, y = -1
  for (int i = 0; i < 48; ++i) {
    const double radius = r(gen);
    const double x = px(gen);
    const double z = pz(gen);
    s.spheres.push_back({{x, -1.0 + radius, z}, radius, {c(gen), c(gen), c(gen)}, refl(gen)});
  }
  s.box_min = {1e30, 1e30, 1e30};
  s.box_max = {-1e30, -1e30, -1e30};
  for (std::size_t i = 1; i < s.spheres.size(); ++i) {
    const auto& sp = s.spheres[i];
    s.box_min = {std::fmin(s.box_min.x, sp.center.x - sp.radius), std::fmin(s.box_min.y, sp.center.y - sp.radius),
                 std::fmin(s.box_min.z, sp.center.z - sp.radius)};
    s.box_max = {std::fmax(s.box_max.x, sp.center.x + sp.radius), std::fmax(s.box_max.y, sp.center.y + sp.radius),
                 std::fmax(s.box_max.z, sp.center.z + sp.radius)};
  }
  s.light = normalized({-1.0, 2.0, -1.5});
  return s;
}

// Where the ray (unit direction) meets the sphere, beyond a small epsilon;
// negative if it does not.
inline double hit_distance(vec3 origin, vec3 dir, vec3 center, double radius) {
  const vec3 oc = origin - center;
  const double b = dot(oc, dir);
  const double c = dot(oc, oc) - radius * radius;
  const double disc = b * b - c;
  if (disc < 0)
    return -1;
  const double root = std::sqrt(disc);
  const double t = -b - root;
  return t > 1e-6 ? t : -b + root;
}

// Whether the ray meets the box (the slab test).
inline bool meets_box(vec3 origin, vec3 dir, vec3 lo, vec3 hi) {
  double t_near = 0, t_far = 1e30;
  const double o[3] = {origin.x, origin.y, origin.z}, d[3] = {dir.x, dir.y, dir.z};
  const double l[3] = {lo.x, lo.y, lo.z}, h[3] = {hi.x, hi.y, hi.z};
  for (int k = 0; k < 3; ++k) {
    if (std::fabs(d[k]) < 1e-12) {
      if (o[k] < l[k] || o[k] > h[k])
        return false;
      continue;
    }
    double t0 = (l[k] - o[k]) / d[k], t1 = (h[k] - o[k]) / d[k];
    if (t0 > t1)
      std::swap(t0, t1);
    t_near = std::fmax(t_near, t0);
    t_far = std::fmin(t_far, t1);
    if (t_near > t_far)
      return false;
  }
  return true;
}

// The nearest sphere the ray hits, or -1. The small spheres are tested only
// when the ray meets the box around them, so a ray into the sky costs two
// tests and one among the spheres fifty.
inline int nearest_hit(const scene& s, vec3 origin, vec3 dir, double& t_hit) {
  int hit = -1;
  t_hit = 1e30;
  auto consider = [&](std::size_t i) {
    const auto& sp = s.spheres[i];
    const double t = hit_distance(origin, dir, sp.center, sp.radius);
    if (t > 1e-6 && t < t_hit) {
      t_hit = t;
      hit = static_cast<int>(i);
    }
  };
  consider(0);
  if (meets_box(origin, dir, s.box_min, s.box_max))
    for (std::size_t i = 1; i < s.spheres.size(); ++i)
      consider(i);
  return hit;
}

inline vec3 trace(const scene& s, vec3 origin, vec3 dir, int depth) {
  double t = 0;
  const int hit = nearest_hit(s, origin, dir, t);
  if (hit < 0) {
    const double sky = 0.5 * (dir.y + 1.0);
    return vec3{1.0, 1.0, 1.0} * (1.0 - sky) + vec3{0.5, 0.7, 1.0} * sky;
  }
  const auto& sp = s.spheres[static_cast<std::size_t>(hit)];
  const vec3 p = origin + dir * t;
  const vec3 n = normalized(p - sp.center);
  double t_shadow = 0;
  const bool lit = nearest_hit(s, p, s.light, t_shadow) < 0;
  const double diffuse = lit ? std::fmax(0.0, dot(n, s.light)) : 0.0;
  vec3 color = sp.color * (0.1 + 0.9 * diffuse);
  if (depth > 0 && sp.reflect > 0) {
    const vec3 r = dir - n * (2.0 * dot(dir, n));
    color = color * (1.0 - sp.reflect) + trace(s, p, normalized(r), depth - 1) * sp.reflect;
  }
  return color;
}

inline constexpr int raytrace_depth = 6;

// One row of the image: 3 bytes per pixel. The row knows its frame and its
// number, so that a worker needs nothing else to render it.
struct raytrace_row {
  int frame = 0;
  int y = 0;
  std::vector<std::uint8_t> rgb;
};

inline void render_row(const scene& s, int w, int h, raytrace_row& row) {
  // The camera circles slowly around the scene's centre, one step per frame.
  const double angle = 0.02 * row.frame;
  const vec3 eye{8.0 * std::sin(angle), 1.2, 10.0 - 8.0 * std::cos(angle)};
  const vec3 forward = normalized(vec3{0.0, -0.1, 10.0} - eye);
  const vec3 right = normalized(vec3{forward.z, 0.0, -forward.x});
  const vec3 up{forward.y * right.z - forward.z * right.y, forward.z * right.x - forward.x * right.z,
                forward.x * right.y - forward.y * right.x}; // forward x right: towards +y
  const double aspect = static_cast<double>(w) / h;
  row.rgb.resize(static_cast<std::size_t>(w) * 3);
  const double v = 1.0 - 2.0 * (row.y + 0.5) / h;
  for (int x = 0; x < w; ++x) {
    const double u = (2.0 * (x + 0.5) / w - 1.0) * aspect;
    const vec3 dir = normalized(forward + right * (0.6 * u) + up * (0.6 * v));
    const vec3 c = trace(s, eye, dir, raytrace_depth);
    auto* px = row.rgb.data() + static_cast<std::size_t>(x) * 3;
    px[0] = static_cast<std::uint8_t>(std::fmin(255.0, c.x * 255.0));
    px[1] = static_cast<std::uint8_t>(std::fmin(255.0, c.y * 255.0));
    px[2] = static_cast<std::uint8_t>(std::fmin(255.0, c.z * 255.0));
  }
}

// One run: its sizes, the scene, the frame being rendered and the checksum
// of the frames before it.
struct raytrace_problem {
  args a;
  int w = 0;
  int h = 0;
  int frames = 0;
  const scene sc = raytrace_scene();
  std::vector<raytrace_row> rows;
  std::uint64_t sum = 14695981039346656037ULL; // FNV-1a's offset basis

  raytrace_problem(int argc, char** argv) : a{argc, argv, {640, 480, 4}, "[W] [H] [FRAMES]"} {
    if (a[0] < 1 || a[1] < 1 || a[2] < 1) {
      std::fprintf(stderr, "raytrace: W, H and F >= 1\n");
      std::exit(2);
    }
    w = static_cast<int>(a[0]);
    h = static_cast<int>(a[1]);
    frames = static_cast<int>(a[2]);
  }

  // The rows of frame `f`, ready to render.
  void start_frame(int f) { start_frame(rows, f); }
  void start_frame(std::vector<raytrace_row>& rs, int f) const {
    rs.resize(static_cast<std::size_t>(h));
    for (int y = 0; y < h; ++y) {
      rs[static_cast<std::size_t>(y)].frame = f;
      rs[static_cast<std::size_t>(y)].y = y;
    }
  }

  void render(raytrace_row& row) const { render_row(sc, w, h, row); }

  // Folds the rendered frame into the checksum.
  void fold() { sum = fold(rows, sum); }
  static std::uint64_t fold(const std::vector<raytrace_row>& rs, std::uint64_t hash) {
    for (const auto& r : rs)
      hash = fnv1a(r.rgb.data(), r.rgb.size(), hash);
    return hash;
  }

  // Reports the checksum of all frames; with --verify, renders them again
  // sequentially and compares. Without it, renders every 17th row of the
  // last frame again.
  int finish() const {
    metric_hex("checksum", sum);
    if (a.verify) {
      raytrace_problem ref{*this};
      ref.sum = 14695981039346656037ULL;
      for (int f = 0; f < frames; ++f) {
        ref.start_frame(f);
        for (auto& r : ref.rows)
          ref.render(r);
        ref.fold();
      }
      return check(ref.sum == sum, "every frame equals the sequential rendering");
    }
    bool ok = static_cast<int>(rows.size()) == h;
    for (int y = 0; ok && y < h; y += 17) {
      raytrace_row r{frames - 1, y, {}};
      render(r);
      ok = r.rgb == rows[static_cast<std::size_t>(y)].rgb;
    }
    return check(ok, "sampled rows of the last frame equal the sequential rendering");
  }
};

} // namespace bench
