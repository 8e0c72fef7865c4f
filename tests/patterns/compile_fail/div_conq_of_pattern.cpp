// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: DivConq is a leaf: it takes four functions on ranges, not patterns
// DivConq's arguments are functions; a pattern cannot stand for one.
#include "common.hpp"

using Rng = DivConq<Cnt>::range;
inline auto divide = [](Rng& r) -> std::vector<Rng> { return {r.first(r.size() / 2), r.subspan(r.size() / 2)}; };
inline auto merge = [](std::vector<Rng>& parts) -> Rng { return parts.front(); };
inline auto seq = [](Rng&) {};
inline auto cond = [](const Rng& r) { return r.size() < 2; };

#ifdef TROUPE_COMPILE_OK
DivConq<Cnt> dc(divide, merge, seq, cond);
#else
DivConq<Cnt> dc(divide, merge, Seq<doubler>{}, cond);
#endif
