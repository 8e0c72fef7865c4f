%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% Actor creation: erlang version of bench/workloads/spread.cpp.
-module(erl_spread).
-export([main/1]).

main(Args) ->
    erl_bench:work_start(),
    {_, [Pow]} = erl_bench:args(Args, [20]),
    Self = self(),
    spawn(fun() -> testee(Self) end) ! {spread, Pow},
    receive {result, Y} -> ok end,
    erl_bench:work_done(),
    erl_bench:metric("actors", (1 bsl (Pow + 1)) - 1),
    erl_bench:check(Y =:= 1 bsl Pow, "result == 2^POW").

testee(Parent) ->
    receive
        {spread, 0} -> Parent ! {result, 1};
        {spread, N} ->
            Me = self(),
            spawn(fun() -> testee(Me) end) ! {spread, N - 1},
            spawn(fun() -> testee(Me) end) ! {spread, N - 1},
            receive {result, X1} -> receive {result, X2} -> Parent ! {result, X1 + X2} end end
    end.
