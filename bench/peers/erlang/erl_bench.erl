%% Shared helpers of the Erlang workloads (bench/peers/erlang): argument parsing,
%% the runner's METRIC/CHECK protocol, RSS, FNV-1a checksums, the factorisation.
%% Every workload module is run as
%%   erl -noshell -pa DIR +S W:W -run erl_<workload> main [--verify] SIZE...
%% and halts with 0 (verified), 1 (wrong) or 2 (bad usage).
-module(erl_bench).
-export([args/2, metric/2, metric_hex/2, check/2, rss_bytes/0, fnv1a/2, fnv_init/0,
         factorize/1, now_s/0]).

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
