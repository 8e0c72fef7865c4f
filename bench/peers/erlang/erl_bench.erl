%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% Shared helpers of the Erlang workloads (bench/peers/erlang): argument parsing,
%% the runner's METRIC/CHECK protocol, RSS, FNV-1a checksums, the factorisation and
%% the Savina kernels (bit for bit those of bench/workloads/common.hpp).
%% Every workload module is run as
%%   erl -noshell -pa DIR +S W:W -run erl_<workload> main [--verify] SIZE...
%% and halts with 0 (verified), 1 (wrong) or 2 (bad usage).
-module(erl_bench).
-export([args/2, metric/2, metric_hex/2, check/2, rss_bytes/0, fnv1a/2, fnv_init/0,
         factorize/1, now_s/0, work_start/0, work_done/0,
         fj_compute/1, fj_expected/1, nearly_equal/2, big_next/1, chameneos_complement/2]).

args(Args, Defaults) ->
    Verify = lists:member("--verify", Args) orelse lists:member("verify", Args),
    Nums = [list_to_integer(A) || A <- Args, A =/= "--verify", A =/= "verify"],
    Sizes = Nums ++ lists:nthtail(min(length(Nums), length(Defaults)), Defaults),
    {Verify, Sizes}.

metric(Name, Value) when is_integer(Value) -> io:format("METRIC ~s ~b~n", [Name, Value]);
metric(Name, Value) -> io:format("METRIC ~s ~.6g~n", [Name, float(Value)]).

metric_hex(Name, Value) -> io:format("METRIC ~s ~16.16.0b~n", [Name, Value]).

%% Prints the verdict and halts.
check(true, What) -> io:format("CHECK ok: ~s~n", [What]), halt(0);
check(false, What) -> io:format("CHECK FAILED: ~s~n", [What]), halt(1).

rss_bytes() ->
    {ok, Bin} = file:read_file("/proc/self/statm"),
    [_Size, Resident | _] = string:lexemes(binary_to_list(Bin), " \n"),
    list_to_integer(Resident) * 4096.

now_s() -> erlang:monotonic_time(nanosecond) / 1.0e9.

%% The work time every program reports (bench/workloads/common.hpp, work_timer):
%% from main being called (the VM and its schedulers are up) to the result being
%% in main's hands; printed as "bench-work-ns: N".
work_start() -> put(bench_work_start, erlang:monotonic_time(nanosecond)).

work_done() ->
    io:format("bench-work-ns: ~b~n", [erlang:monotonic_time(nanosecond) - get(bench_work_start)]).

fnv_init() -> 14695981039346656037.

%% FNV-1a (64 bit) over a binary, continuing from H.
fnv1a(<<B, Rest/binary>>, H) -> fnv1a(Rest, ((H bxor B) * 1099511628211) band 16#FFFFFFFFFFFFFFFF);
fnv1a(<<>>, H) -> H.

%% The published trial division (same loop as bench/workloads/common.hpp).
factorize(N) when N =< 3 -> [N];
factorize(N) -> fact(N, 2, []).

fact(N, D, Acc) when D < N ->
    case N rem D of
        0 -> fact(N div D, D, [D | Acc]);
        _ -> fact(N, next_d(D), Acc)
    end;
fact(_N, D, Acc) -> lists:reverse([D | Acc]).

next_d(2) -> 3;
next_d(D) -> D + 2.

%% ---- Savina workloads: the kernels of bench/workloads/common.hpp ---------------------

%% Fork-join work per message I: sin(37.2 + (I & 7))^2 (math:sin is the C library sin).
fj_compute(I) ->
    S = math:sin(37.2 + float(I band 7)),
    S * S.

%% Sum of fj_compute(0 .. N-1), added in that order.
fj_expected(N) -> fj_expected(0, N, 0.0).

fj_expected(N, N, Sum) -> Sum;
fj_expected(I, N, Sum) -> fj_expected(I + 1, N, Sum + fj_compute(I)).

%% |A - B| within 1e-9 relative.
nearly_equal(A, B) ->
    abs(A - B) =< 1.0e-9 * max(1.0, max(abs(A), abs(B))).

%% Big's neighbour choice: a 64-bit LCG (Knuth's MMIX constants), wrapping at 2^64.
big_next(X) ->
    (X * 6364136223846793005 + 1442695040888963407) band 16#FFFFFFFFFFFFFFFF.

%% Chameneos: 0 blue, 1 red, 2 yellow; the colour both take after a meeting.
chameneos_complement(A, A) -> A;
chameneos_complement(A, B) -> 3 - A - B.
