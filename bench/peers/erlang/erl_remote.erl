%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% The second node of the remote workloads: this VM becomes a distributed node on
%% loopback and starts a peer VM (OTP's peer module, Erlang distribution over TCP)
%% with the same scheduler count and code path. Both use long names on 127.0.0.1,
%% so no host name has to resolve; epmd is started if it is not running.
-module(erl_remote).
-export([start_peer/0, stop_peer/1]).

%% {Pid of the peer controller, node name of the peer}; halts with 1 on failure.
start_peer() ->
    _ = os:cmd("epmd -daemon"),
    Id = os:getpid(),
    start_distribution(list_to_atom("bench_main_" ++ Id ++ "@127.0.0.1"), 40),
    Dir = filename:dirname(code:which(?MODULE)),
    S = integer_to_list(erlang:system_info(schedulers)),
    Args = ["-pa", Dir, "+S", S ++ ":" ++ S, "-setcookie", atom_to_list(erlang:get_cookie())],
    case peer:start_link(#{name => list_to_atom("bench_peer_" ++ Id), host => "127.0.0.1",
                           longnames => true, args => Args}) of
        {ok, Controller, Node} -> {Controller, Node};
        Other -> erl_bench:check(false, io_lib:format("peer node started: ~p", [Other]))
    end.

stop_peer(Controller) -> peer:stop(Controller).

%% A freshly started epmd takes a moment to listen: up to Tries attempts, 50 ms apart.
start_distribution(Name, Tries) ->
    case net_kernel:start([Name, longnames]) of
        {ok, _} -> ok;
        {error, {already_started, _}} -> ok;
        _ when Tries > 1 -> timer:sleep(50), start_distribution(Name, Tries - 1);
        Err -> erl_bench:check(false, io_lib:format("distribution started: ~p", [Err]))
    end.
