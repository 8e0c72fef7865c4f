%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% Remote throughput: erlang version of bench/workloads/remote_throughput.cpp.
%% One sender here, one receiver on a second node (erl_remote) over Erlang
%% distribution on loopback; N small messages (an atom and an int) as fast as the
%% connection takes them (a send blocks while the distribution buffer is busy),
%% then the sender asks the receiver how many arrived. Work time: from the first
%% send to that answer.
-module(erl_remote_throughput).
-export([main/1, sink/2]).

main(Args) ->
    {_, [N]} = erl_bench:args(Args, [200000]),
    {Controller, Node} = erl_remote:start_peer(),
    Sink = spawn(Node, ?MODULE, sink, [0, true]),
    %% one exchange before the clock starts: the connection is set up
    Sink ! {count, self()},
    receive {count, 0} -> ok end,
    erl_bench:work_start(),
    T0 = erl_bench:now_s(),
    send(Sink, 0, N),
    Sink ! {count, self()},
    Count = receive {count, C} -> C end,
    Secs = erl_bench:now_s() - T0,
    erl_bench:work_done(),
    erl_remote:stop_peer(Controller),
    erl_bench:metric("ns_per_msg", Secs * 1.0e9 / N),
    erl_bench:check(Count =:= N, "every message arrived, in order").

send(_Sink, N, N) -> ok;
send(Sink, K, N) -> Sink ! {msg, K}, send(Sink, K + 1, N).

%% Received counts the messages; a gap or reordering turns the answer negative.
sink(Received, InOrder) ->
    receive
        {msg, K} -> sink(Received + 1, InOrder andalso K =:= Received);
        {count, From} ->
            From ! {count, case InOrder of true -> Received; false -> -Received end},
            sink(Received, InOrder)
    end.
