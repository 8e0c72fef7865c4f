%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% N:1 mailbox: erlang version of bench/workloads/mailbox.cpp.
-module(erl_mailbox).
-export([main/1]).

main(Args) ->
    erl_bench:work_start(),
    {_, [S, M]} = erl_bench:args(Args, [20, 1000000]),
    Self = self(),
    R = spawn(fun() -> receiver(0, S * M, Self) end),
    [spawn(fun() -> sender(R, M) end) || _ <- lists:seq(1, S)],
    receive {done, Got} -> ok end,
    erl_bench:work_done(),
    erl_bench:metric("messages", S * M),
    erl_bench:check(Got =:= S * M, "receiver got S*M messages").

receiver(Total, Total, Report) -> Report ! {done, Total};
receiver(N, Total, Report) -> receive msg -> receiver(N + 1, Total, Report) end.

sender(_R, 0) -> ok;
sender(R, M) -> R ! msg, sender(R, M - 1).
