// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Black-Scholes pricing of a portfolio of European options, shared by every
// system (standard library only): the seeded portfolio, the pricing kernel and
// the check of the prices.
//
//   blackscholes [--workers=W] [N=1000000] [I=100]
// N options (spot, strike, rate, volatility, years to expiry, call or put) from a
// seeded generator, each priced I times over (every round prices the whole
// portfolio again, as PARSEC's benchmark does). The kernel takes the normal
// distribution from a fifth-degree polynomial approximation; the check compares
// every price with the closed form computed from std::erfc.
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "common.hpp"

namespace bench {

struct option_data {
  double spot = 0;
  double strike = 0;
  double rate = 0;
  double volatility = 0;
  double years = 0;
  bool call = true;
  double price = 0; // written by the pricing
};

using portfolio = std::vector<option_data>;

inline portfolio blackscholes_input(std::size_t n) {
  std::mt19937_64 gen{2718};
  std::uniform_real_distribution<double> price{20.0, 180.0}, rate{0.01, 0.1}, vol{0.05, 0.65}, years{0.1, 3.0};
  portfolio p(n);
  for (auto& o : p) {
    o.spot = price(gen);
    o.strike = price(gen);
    o.rate = rate(gen);
    o.volatility = vol(gen);
    o.years = years(gen);
    o.call = (gen() & 1) != 0;
  }
  return p;
}

// The standard normal distribution: a polynomial in 1 / (1 + k x) times the
// density (absolute error below 1e-7).
inline double normal_cdf_poly(double x) {
  const double ax = std::fabs(x);
  const double t = 1.0 / (1.0 + 0.2316419 * ax);
  const double poly = t * (0.319381530 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const double upper_tail = 0.3989422804014327 * std::exp(-0.5 * ax * ax) * poly;
  return x >= 0 ? 1.0 - upper_tail : upper_tail;
}

inline double normal_cdf_exact(double x) {
  return 0.5 * std::erfc(-x / std::sqrt(2.0));
}

template <class Cdf>
double black_scholes(const option_data& o, Cdf cdf) {
  const double sd = o.volatility * std::sqrt(o.years);
  const double d1 = (std::log(o.spot / o.strike) + (o.rate + 0.5 * o.volatility * o.volatility) * o.years) / sd;
  const double d2 = d1 - sd;
  const double discounted = o.strike * std::exp(-o.rate * o.years);
  return o.call ? o.spot * cdf(d1) - discounted * cdf(d2) : discounted * cdf(-d2) - o.spot * cdf(-d1);
}

// The kernel every system runs on its share of the portfolio.
inline void price_options(option_data* first, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    first[i].price = black_scholes(first[i], normal_cdf_poly);
}

inline int blackscholes_finish(const portfolio& p, std::size_t n) {
  double worst = 0, sum = 0;
  for (const auto& o : p) {
    worst = std::fmax(worst, std::fabs(o.price - black_scholes(o, normal_cdf_exact)));
    sum += o.price;
  }
  metric("options", static_cast<double>(n));
  metric("max_price_error", worst);
  metric("price_sum", sum);
  // The polynomial's error, scaled by the largest spot and strike.
  return check(p.size() == n && worst < 1e-4, "every price within 1e-4 of the closed form");
}

struct bs_sizes {
  std::size_t n;
  std::size_t iterations;
};

inline bs_sizes blackscholes_sizes(const args& a) {
  if (a[0] < 0 || a[1] < 1) {
    std::fprintf(stderr, "blackscholes: N >= 0 and I >= 1\n");
    std::exit(2);
  }
  return {static_cast<std::size_t>(a[0]), static_cast<std::size_t>(a[1])};
}

inline constexpr const char* blackscholes_usage = "[N] [ITERATIONS]";

// The static partition of the pure-actor and thread versions: part k of `parts`.
struct bs_chunk {
  std::size_t begin;
  std::size_t end;
};

inline bs_chunk blackscholes_chunk(std::size_t n, std::size_t parts, std::size_t k) {
  return {n * k / parts, n * (k + 1) / parts};
}

} // namespace bench
