%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% Savina big: erlang version (bench/README.md, "Savina workloads").
%% W actors that all know each other ping pseudo-random neighbours (big_next, seeded
%% with the actor's index) until each got N pongs; each then reports to the sink (and
%% keeps answering pings); when all W reported, the sink stops everyone.
-module(erl_big).
-export([main/1]).

main(Args) ->
    erl_bench:work_start(),
    try erl_bench:args(Args, [20000, 120]) of
        {_, [N, W]} when N >= 1, W >= 1 -> run(N, W);
        _ -> usage()
    catch error:_ -> usage()
    end.

usage() ->
    io:format(standard_error, "usage: erl_big [verify] N W~n", []),
    halt(2).

run(N, W) ->
    Sink = self(),
    Pids = [spawn(fun() -> start(K, N, Sink) end) || K <- lists:seq(0, W - 1)],
    Neighbours = list_to_tuple(Pids),
    [P ! {neighbours, Neighbours} || P <- Pids],
    {Reports, Pongs} = collect(W, 0, 0),
    [P ! stop || P <- Pids],
    erl_bench:work_done(),
    erl_bench:metric("pings", N * W),
    erl_bench:check(Reports =:= W andalso Pongs =:= N * W, "W reports, N W pongs in all").

collect(0, Reports, Pongs) -> {Reports, Pongs};
collect(Left, Reports, Pongs) ->
    receive
        {report, Count} -> collect(Left - 1, Reports + 1, Pongs + Count)
    after 600000 -> {Reports, Pongs}
    end.

%% Pings that arrive before the neighbour table stay queued (selective receive).
start(K, N, Sink) ->
    receive {neighbours, Ns} -> ok end,
    State = ping_next(Ns, K),
    loop(Ns, State, 0, N, Sink).

%% Advances the state, pings the neighbour (state >> 33) mod W, returns the new state.
ping_next(Ns, State) ->
    Next = erl_bench:big_next(State),
    element((Next bsr 33) rem tuple_size(Ns) + 1, Ns) ! {ping, self()},
    Next.

loop(Ns, State, Pongs, N, Sink) ->
    receive
        {ping, From} ->
            From ! pong,
            loop(Ns, State, Pongs, N, Sink);
        pong when Pongs + 1 < N ->
            loop(Ns, ping_next(Ns, State), Pongs + 1, N, Sink);
        pong ->
            Sink ! {report, Pongs + 1},
            loop(Ns, State, Pongs + 1, N, Sink);
        stop ->
            ok
    end.
