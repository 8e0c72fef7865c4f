%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% Mixed case: erlang version of bench/workloads/mixed_case.cpp.
-module(erl_mixed_case).
-export([main/1]).

-define(NUMBER, 28350160440309881).

main(Args) ->
    erl_bench:work_start(),
    {_, [R, A, T, K]} = erl_bench:args(Args, [20, 100, 1000, 4]),
    Self = self(),
    [spawn(fun() -> master(Self, A, T, K) end) || _ <- lists:seq(1, R)],
    {Ok, Bad, Done} = collect(R * K + R, 0, 0, 0),
    erl_bench:work_done(),
    erl_bench:metric("actors_created", R * (K * A + K)),
    erl_bench:check(Ok =:= R * K andalso Bad =:= 0 andalso Done =:= R,
                    "R*K factorisations = 329545133 x 86028157 and R masters done").

collect(0, Ok, Bad, Done) -> {Ok, Bad, Done};
collect(N, Ok, Bad, Done) ->
    receive
        {result, [86028157, 329545133]} -> collect(N - 1, Ok + 1, Bad, Done);
        {result, _} -> collect(N - 1, Ok, Bad + 1, Done);
        master_done -> collect(N - 1, Ok, Bad, Done + 1)
    end.

master(Collector, _A, _T, 0) -> Collector ! master_done;
master(Collector, A, T, K) ->
    Next = lists:foldl(fun(_, N) -> spawn(fun() -> chain_link(N) end) end, self(), lists:seq(1, A - 1)),
    Next ! {token, T},
    spawn(fun() -> worker(Collector) end) ! {calc, ?NUMBER},
    master_loop(Next),
    master(Collector, A, T, K - 1).

master_loop(Next) ->
    receive
        {token, 0} -> ok;
        {token, X} -> Next ! {token, X - 1}, master_loop(Next)
    end.

chain_link(Next) ->
    receive
        {token, N} ->
            Next ! {token, N},
            if N > 0 -> chain_link(Next); true -> ok end
    end.

worker(Collector) ->
    receive {calc, X} -> Collector ! {result, erl_bench:factorize(X)} end.
