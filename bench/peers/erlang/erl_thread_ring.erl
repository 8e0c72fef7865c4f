%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% Savina thread ring: erlang version (bench/README.md, "Savina workloads").
%% N actors in a ring (k sends to (k + 1) mod N); actor 0 gets the token R, an actor
%% that gets v > 0 passes v - 1 on, the one that gets 0 reports its index and the
%% ring stops (a stop message goes once around it).
-module(erl_thread_ring).
-export([main/1]).

main(Args) ->
    erl_bench:work_start(),
    try erl_bench:args(Args, [100, 100000]) of
        {_, [N, R]} when N >= 1, R >= 0 -> run(N, R);
        _ -> usage()
    catch error:_ -> usage()
    end.

usage() ->
    io:format(standard_error, "usage: erl_thread_ring [verify] N R~n", []),
    halt(2).

run(N, R) ->
    Main = self(),
    Ring = list_to_tuple([spawn(fun() -> member(K, Main) end) || K <- lists:seq(0, N - 1)]),
    [element(K + 1, Ring) ! {next, element((K + 1) rem N + 1, Ring)} || K <- lists:seq(0, N - 1)],
    element(1, Ring) ! {token, R},
    receive
        {done, Index} ->
            erl_bench:work_done(),
            erl_bench:metric("hops", R),
            erl_bench:check(Index =:= R rem N, "index = R mod N")
    after 600000 -> erl_bench:check(false, "no report within 600 s")
    end.

member(K, Main) ->
    receive {next, Next} -> pass(K, Next, Main) end.

pass(K, Next, Main) ->
    receive
        {token, 0} -> Main ! {done, K}, Next ! stop;
        {token, V} -> Next ! {token, V - 1}, pass(K, Next, Main);
        stop -> Next ! stop
    end.
