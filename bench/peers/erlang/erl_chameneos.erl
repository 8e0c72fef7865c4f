%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% Savina chameneos: erlang version (bench/README.md, "Savina workloads").
%% C chameneos (colour i mod 3) meet through one mall until M meetings took place;
%% then the mall answers stop and sums the chameneos' meeting counts.
-module(erl_chameneos).
-export([main/1]).

main(Args) ->
    erl_bench:work_start(),
    try erl_bench:args(Args, [100, 200000]) of
        {_, [C, M]} when C >= 2, M >= 0 -> run(C, M);
        _ -> usage()
    catch error:_ -> usage()
    end.

usage() ->
    io:format(standard_error, "usage: erl_chameneos [verify] C M   (C >= 2)~n", []),
    halt(2).

run(C, M) ->
    Main = self(),
    Mall = spawn(fun() -> mall(M, 0, none, C, 0, Main) end),
    [spawn(fun() -> Mall ! {meet, self(), K rem 3}, chameneo(Mall, K rem 3, 0) end)
     || K <- lists:seq(0, C - 1)],
    receive
        {done, Sum} ->
            erl_bench:work_done(),
            erl_bench:metric("meetings", M),
            erl_bench:check(Sum =:= 2 * M, "sum of meeting counts = 2 M")
    after 600000 -> erl_bench:check(false, "no result within 600 s")
    end.

%% Meetings: meetings so far; Waiting: none | {Pid, Colour}; Left: counts still to come.
mall(M, Meetings, Waiting, Left, Sum, Main) ->
    receive
        {meet, From, Colour} when Meetings < M ->
            case Waiting of
                none ->
                    mall(M, Meetings, {From, Colour}, Left, Sum, Main);
                {Other, _} ->
                    Other ! {meet, From, Colour},
                    mall(M, Meetings + 1, none, Left, Sum, Main)
            end;
        {meet, From, _} ->
            From ! stop,
            mall(M, Meetings, Waiting, Left, Sum, Main);
        {count, Count} when Left =:= 1 ->
            Main ! {done, Sum + Count};
        {count, Count} ->
            mall(M, Meetings, Waiting, Left - 1, Sum + Count, Main)
    end.

chameneo(Mall, Colour, Meetings) ->
    receive
        {meet, Other, OtherColour} ->
            New = erl_bench:chameneos_complement(Colour, OtherColour),
            Other ! {change, New},
            Mall ! {meet, self(), New},
            chameneo(Mall, New, Meetings + 1);
        {change, New} ->
            Mall ! {meet, self(), New},
            chameneo(Mall, New, Meetings + 1);
        stop ->
            Mall ! {count, Meetings}
    end.
