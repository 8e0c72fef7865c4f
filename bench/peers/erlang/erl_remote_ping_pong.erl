%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% Remote ping-pong latency: erlang version of bench/workloads/remote_ping_pong.cpp.
%% The pong process runs on a second node (erl_remote), reached through Erlang
%% distribution on loopback; N round trips with one message in flight. Work time:
%% the N round trips, after the nodes are connected.
-module(erl_remote_ping_pong).
-export([main/1, pong/0]).

main(Args) ->
    {_, [N]} = erl_bench:args(Args, [5000]),
    {Controller, Node} = erl_remote:start_peer(),
    Pong = spawn(Node, ?MODULE, pong, []),
    %% one round trip before the clock starts: the connection is set up
    Pong ! {ping, self(), 0},
    receive {pong, 0} -> ok end,
    erl_bench:work_start(),
    T0 = erl_bench:now_s(),
    Done = ping(Pong, N, 0),
    Secs = erl_bench:now_s() - T0,
    erl_bench:work_done(),
    Pong ! stop,
    erl_remote:stop_peer(Controller),
    erl_bench:metric("us_per_rtt", Secs * 1.0e6 / N),
    erl_bench:check(Done =:= N, "ping finished N round trips").

pong() ->
    receive
        {ping, From, K} -> From ! {pong, K}, pong();
        stop -> ok
    end.

ping(_Pong, 0, Count) -> Count;
ping(Pong, K, Count) ->
    Pong ! {ping, self(), K},
    receive {pong, K} -> ping(Pong, K - 1, Count + 1) end.
