%% SPDX-License-Identifier: BSD-3-Clause
%% Copyright (c) 2026 the troupe authors
%% Heat equation, one process per interior row: erlang version of
%% bench/workloads/heat.cpp. Erlang has no shared mutable array, so each row
%% process owns its row and sends it to both neighbours after every step; row i
%% does step k with row i-1 of step k and row i+1 of step k-1 (selective receive
%% on the step number). Same operation order as C++: the same field, bitwise.
-module(erl_heat).
-export([main/1]).

main(Args) ->
    erl_bench:work_start(),
    {Verify, Sizes} = erl_bench:args(Args, [400, 0, 0]),
    [H, W0, T0] = Sizes,
    W = if W0 > 0 -> W0; true -> 2 * H end,
    T = if T0 > 0 -> T0; true -> 2 * H end,
    Top = [0.5 | lists:duplicate(W - 1, 1.0)],
    Inner = [0.5 | lists:duplicate(W - 1, 0.0)],
    Self = self(),
    Last = H - 2,
    Pids = list_to_tuple([spawn(fun() -> row_init(Self, I, Last, T, Top, Inner) end) || I <- lists:seq(1, Last)]),
    [element(I, Pids) ! {neighbours, nb(Pids, I - 1), nb(Pids, I + 1)} || I <- lists:seq(1, Last)],
    Rows = collect(Last, #{}),
    Field = [Top] ++ [maps:get(I, Rows) || I <- lists:seq(1, Last)] ++ [Inner],
    Bin = << <<X:64/float-little>> || Row <- Field, X <- Row >>,
    erl_bench:work_done(),
    erl_bench:metric_hex("checksum", erl_bench:fnv1a(Bin, erl_bench:fnv_init())),
    case Verify of
        true -> erl_bench:check(Field =:= sequential(H, T, Top, Inner), "field equals the sequential field bitwise");
        false -> erl_bench:check(lists:all(fun(X) -> X >= 0.0 andalso X =< 1.0 end, lists:append(Field)),
                                 "field within [0, 1] (use --verify for the bitwise comparison)")
    end.

nb(Pids, I) when I >= 1, I =< tuple_size(Pids) -> element(I, Pids);
nb(_, _) -> none.

collect(0, Acc) -> Acc;
collect(K, Acc) -> receive {final, I, Row} -> collect(K - 1, Acc#{I => Row}) end.

row_init(Report, I, Last, T, Top, Inner) ->
    receive {neighbours, Prev, Next} -> ok end,
    Up = if I =:= 1 -> Top; true -> Inner end,
    Down = if I =:= Last -> Inner; true -> Inner end,
    row_loop(Report, I, Prev, Next, T, 0, Inner, Up, Down).

%% Does step K+1: needs row I-1 at step K+1 and row I+1 at step K.
row_loop(Report, I, _Prev, _Next, T, T, Me, _, _) -> Report ! {final, I, Me};
row_loop(Report, I, Prev, Next, T, K, Me, Up0, Down0) ->
    Up = case Prev of none -> Up0; _ -> receive {row, prev, K1, R1} when K1 =:= K + 1 -> R1 end end,
    Down = case Next of none -> Down0; _ -> if K =:= 0 -> Down0; true -> receive {row, next, K2, R2} when K2 =:= K -> R2 end end end,
    New = op(Me, Up, Down),
    case Prev of none -> ok; _ -> Prev ! {row, next, K + 1, New} end,
    case Next of none -> ok; _ -> Next ! {row, prev, K + 1, New} end,
    row_loop(Report, I, Prev, Next, T, K + 1, New, Up, Down).

%% op(i): me[j] = (me[j-1] + me[j+1] + up[j] + down[j]) * 0.25 for 1 <= j <= W-2, in place.
op([M0 | MeRest], [_ | UpRest], [_ | DownRest]) -> [M0 | op_loop(M0, MeRest, UpRest, DownRest)].

op_loop(Left, [_Mj, Mnext | MeT], [Uj | UT], [Dj | DT]) ->
    New = (Left + Mnext + Uj + Dj) * 0.25,
    [New | op_loop(New, [Mnext | MeT], UT, DT)];
op_loop(_Left, [LastX], _, _) -> [LastX].

sequential(H, T, Top, Inner) ->
    Rows0 = lists:duplicate(H - 2, Inner),
    [Top] ++ seq_steps(T, Top, Rows0, Inner) ++ [Inner].

seq_steps(0, _Top, Rows, _Bottom) -> Rows;
seq_steps(T, Top, Rows, Bottom) -> seq_steps(T - 1, Top, seq_sweep(Top, Rows, Bottom), Bottom).

seq_sweep(Up, [Me], Bottom) -> [op(Me, Up, Bottom)];
seq_sweep(Up, [Me, Next | Rest], Bottom) ->
    New = op(Me, Up, Next),
    [New | seq_sweep(New, [Next | Rest], Bottom)].
