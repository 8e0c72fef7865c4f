%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% Memory per idle actor: erlang version of bench/workloads/idle_memory.cpp.
-module(erl_idle_memory).
-export([main/1]).

main(Args) ->
    erl_bench:work_start(),
    {_, [N]} = erl_bench:args(Args, [1000000]),
    Self = self(),
    garbage_collect(),
    Before = erl_bench:rss_bytes(),
    Pids = [spawn(fun() -> idle(Self) end) || _ <- lists:seq(1, N)],
    After = erl_bench:rss_bytes(),
    %% the pid list itself: 2 words per cons cell, not an actor's memory
    ListBytes = N * 2 * erlang:system_info(wordsize),
    PerActor = (After - Before - ListBytes) / N,
    [P ! stop || P <- Pids],
    Stopped = wait_stopped(N, 0),
    erl_bench:work_done(),
    erl_bench:metric("bytes_per_actor", PerActor),
    erl_bench:check(Stopped =:= N, "all N idle actors started and stopped").

idle(Parent) -> receive stop -> Parent ! stopped end.

wait_stopped(0, Acc) -> Acc;
wait_stopped(N, Acc) -> receive stopped -> wait_stopped(N - 1, Acc + 1) after 600000 -> Acc end.
