%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% Savina counting: erlang version of the counting workload (bench/README.md, "Savina workloads").
%% A producer sends N increments to a counter, then a retrieve; the counter answers with its count.
-module(erl_counting).
-export([main/1]).

main(Args) ->
    erl_bench:work_start(),
    try erl_bench:args(Args, [1000000]) of
        {_, [N]} when N >= 0 -> run(N);
        _ -> usage()
    catch error:_ -> usage()
    end.

usage() ->
    io:format(standard_error, "usage: erl_counting [verify] N~n", []),
    halt(2).

run(N) ->
    Main = self(),
    Counter = spawn(fun() -> counter(0) end),
    spawn(fun() -> producer(Counter, N, Main) end),
    receive
        {done, Count} ->
            erl_bench:work_done(),
            erl_bench:metric("messages", N + 2),
            erl_bench:check(Count =:= N, "count = N")
    after 600000 -> erl_bench:check(false, "no count within 600 s")
    end.

counter(Count) ->
    receive
        increment -> counter(Count + 1);
        {retrieve, From} -> From ! {count, Count}
    end.

producer(Counter, N, Main) ->
    send_increments(Counter, N),
    Counter ! {retrieve, self()},
    receive {count, Count} -> Main ! {done, Count} end.

send_increments(_Counter, 0) -> ok;
send_increments(Counter, K) -> Counter ! increment, send_increments(Counter, K - 1).
