%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% Mandelbrot, one process per row: erlang version of bench/workloads/mandelbrot.cpp.
%% Same kernel (IEEE doubles, same operation order), same FNV-1a checksum.
-module(erl_mandelbrot).
-export([main/1]).

main(Args) ->
    erl_bench:work_start(),
    {_Verify, [N, Iter]} = erl_bench:args(Args, [8000, 500]),
    Self = self(),
    [spawn(fun() -> receive {row, Y} -> Self ! {done, Y, row(N, Iter, Y)} end end) ! {row, Y}
     || Y <- lists:seq(0, N - 1)],
    Rows = collect(N, #{}),
    Image = list_to_binary([maps:get(Y, Rows) || Y <- lists:seq(0, N - 1)]),
    erl_bench:work_done(),
    erl_bench:metric_hex("checksum", erl_bench:fnv1a(Image, erl_bench:fnv_init())),
    erl_bench:metric("pixels_in_set", lists:sum([popcount(B) || <<B>> <= Image])),
    Spot = lists:all(fun(Y) -> row(N, Iter, Y) =:= maps:get(Y, Rows) end, lists:seq(0, N - 1, 61)),
    erl_bench:check(Spot, "rows equal the sequential kernel").

collect(0, Acc) -> Acc;
collect(K, Acc) -> receive {done, Y, Row} -> collect(K - 1, Acc#{Y => Row}) end.

popcount(0) -> 0;
popcount(B) -> (B band 1) + popcount(B bsr 1).

row(N, Iter, Y) ->
    Ci = 2.0 * Y / N - 1.0,
    Bytes = (N + 7) div 8,
    << <<(byte(N, Iter, Ci, B * 8, 0, 0))>> || B <- lists:seq(0, Bytes - 1) >>.

byte(_N, _Iter, _Ci, _X, 8, Bits) -> Bits;
byte(N, Iter, Ci, X, K, Bits) ->
    Bit = case X + K < N of
              true -> point(2.0 * (X + K) / N - 1.5, Ci, Iter);
              false -> 0
          end,
    byte(N, Iter, Ci, X, K + 1, (Bits bsl 1) bor Bit).

point(Cr, Ci, Iter) -> iterate(Cr, Ci, 0.0, 0.0, 0.0, 0.0, 0, Iter).

iterate(Cr, Ci, Zr, Zi, Tr, Ti, I, Iter) when I < Iter, Tr + Ti =< 4.0 ->
    Zi2 = 2.0 * Zr * Zi + Ci,
    Zr2 = Tr - Ti + Cr,
    iterate(Cr, Ci, Zr2, Zi2, Zr2 * Zr2, Zi2 * Zi2, I + 1, Iter);
iterate(_, _, _, _, Tr, Ti, _, _) ->
    case Tr + Ti =< 4.0 of true -> 1; false -> 0 end.
