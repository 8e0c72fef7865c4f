%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% Ping-pong latency: erlang version of bench/workloads/ping_pong.cpp.
-module(erl_ping_pong).
-export([main/1]).

main(Args) ->
    erl_bench:work_start(),
    {_, [N]} = erl_bench:args(Args, [1000000]),
    Self = self(),
    T0 = erl_bench:now_s(),
    Pong = spawn(fun pong/0),
    spawn(fun() -> Pong ! {ping, self(), N}, ping(Pong, 0, Self) end),
    receive {done, Pongs} -> ok end,
    Secs = erl_bench:now_s() - T0,
    erl_bench:work_done(),
    erl_bench:metric("ns_per_msg", Secs * 1.0e9 / (2 * N)),
    erl_bench:check(Pongs =:= N, "ping received N pongs").

pong() ->
    receive
        {ping, From, N} -> From ! {pong, N}, pong();
        stop -> ok
    end.

ping(Pong, Count, Report) ->
    receive
        {pong, 1} -> Report ! {done, Count + 1}, Pong ! stop;
        {pong, K} -> Pong ! {ping, self(), K - 1}, ping(Pong, Count + 1, Report)
    end.
