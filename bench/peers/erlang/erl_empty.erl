%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% Start-up and shutdown: the VM boots, runs main, halts; no work.
-module(erl_empty).
-export([main/0, main/1]).

%% -run without arguments calls main/0.
main() -> main([]).

main(_Args) ->
    erl_bench:work_start(),
    erl_bench:work_done(),
    erl_bench:check(true, "VM started and stopped").
