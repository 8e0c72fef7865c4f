%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% Savina fork-join creation: erlang version (bench/README.md, "Savina workloads").
%% The master spawns N actors and sends actor i the message i; the actor sends
%% fj_compute(i) back and terminates.
-module(erl_fj_create).
-export([main/1]).

main(Args) ->
    erl_bench:work_start(),
    try erl_bench:args(Args, [40000]) of
        {_, [N]} when N >= 0 -> run(N);
        _ -> usage()
    catch error:_ -> usage()
    end.

usage() ->
    io:format(standard_error, "usage: erl_fj_create [verify] N~n", []),
    halt(2).

run(N) ->
    Master = self(),
    create(0, N, Master),
    {Got, Sum} = collect(N, 0, 0.0),
    erl_bench:work_done(),
    erl_bench:metric("actors", N),
    erl_bench:check(Got =:= N andalso erl_bench:nearly_equal(Sum, erl_bench:fj_expected(N)),
                    "N values, sum = fj_expected(N)").

create(N, N, _Master) -> ok;
create(I, N, Master) ->
    spawn(fun() -> forked(Master) end) ! {work, I},
    create(I + 1, N, Master).

forked(Master) ->
    receive {work, I} -> Master ! {value, erl_bench:fj_compute(I)} end.

collect(0, Got, Sum) -> {Got, Sum};
collect(Left, Got, Sum) ->
    receive
        {value, V} -> collect(Left - 1, Got + 1, Sum + V)
    after 600000 -> {Got, Sum}
    end.
