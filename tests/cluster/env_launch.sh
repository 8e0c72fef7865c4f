#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# A job of N ranks started the way a launcher without PMIx starts them: each
# process gets its rank and the job's size in the launcher's variables (PMI's,
# as MPICH's Hydra and srun --mpi=pmi2 set them, or Slurm's own), and no
# PMIx server; the ranks meet at rank 0's rendezvous. Runs
# the program given (the ring test of cluster.mpirun_ring, or an example),
# and prints what every rank printed.
#   env_launch.sh RANK_PROGRAM N pmi|slurm [PROGRAM_ARGS...]
set -euo pipefail
program=$1
n=$2
style=$3
shift 3
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null; rm -rf "$work"' EXIT
job="$$$RANDOM"
# Nothing of a PMIx server may leak in from the caller.
unset PMIX_NAMESPACE PMIX_RANK PMIX_SERVER_URI41 PMIX_SERVER_URI4 PMIX_SERVER_URI3 PMIX_SERVER_URI2 PMIX_SERVER_URI21
for ((r = 0; r < n; ++r)); do
  case $style in
    pmi) env PMI_RANK=$r PMI_SIZE=$n PMI_JOBID="$job" "$program" "$@" >"$work/$r.out" 2>&1 & ;;
    slurm) env SLURM_PROCID=$r SLURM_NTASKS=$n SLURM_JOB_ID="$job" SLURM_STEP_ID=0 SLURM_STEP_NODELIST=localhost \
             "$program" "$@" >"$work/$r.out" 2>&1 & ;;
    *) echo "env_launch.sh: pmi or slurm, not $style" >&2; exit 2 ;;
  esac
done
status=0
for pid in $(jobs -p); do
  wait "$pid" || status=1
done
cat "$work"/*.out
exit $status
