%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% Savina fork-join throughput: erlang version (bench/README.md, "Savina workloads").
%% The master spawns A workers and sends each N messages, interleaved; a worker adds
%% fj_compute(i) per message and after N messages reports its sum and stops.
-module(erl_fj_throughput).
-export([main/1]).

main(Args) ->
    erl_bench:work_start(),
    try erl_bench:args(Args, [10000, 60]) of
        {_, [N, A]} when N >= 0, A >= 1 -> run(N, A);
        _ -> usage()
    catch error:_ -> usage()
    end.

usage() ->
    io:format(standard_error, "usage: erl_fj_throughput [verify] N A~n", []),
    halt(2).

run(N, A) ->
    Master = self(),
    Workers = [spawn(fun() -> worker(N, 0.0, Master) end) || _ <- lists:seq(1, A)],
    send_all(0, N, Workers),
    {Reports, Total} = collect(A, 0, 0.0),
    erl_bench:work_done(),
    erl_bench:metric("messages", N * A),
    erl_bench:check(Reports =:= A andalso erl_bench:nearly_equal(Total, A * erl_bench:fj_expected(N)),
                    "A sums reported, total = A x fj_expected(N)").

%% for i: for each worker
send_all(N, N, _Workers) -> ok;
send_all(I, N, Workers) ->
    [W ! {work, I} || W <- Workers],
    send_all(I + 1, N, Workers).

worker(0, Sum, Master) -> Master ! {sum, Sum};
worker(Left, Sum, Master) ->
    receive {work, I} -> worker(Left - 1, Sum + erl_bench:fj_compute(I), Master) end.

collect(0, Reports, Total) -> {Reports, Total};
collect(Left, Reports, Total) ->
    receive
        {sum, S} -> collect(Left - 1, Reports + 1, Total + S)
    after 600000 -> {Reports, Total}
    end.
