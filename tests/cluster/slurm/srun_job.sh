#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Runs a job under a real Slurm that start-slurm.sh starts for it, and prints
# what the job printed:
#   srun_job.sh NODES pmix|pmi2 TASKS PROGRAM [ARGS...]
# With NODES > 1 the nodes are slurmd daemons on this host whose names (n1,
# n2, ...) resolve nowhere, so the ranks meet at 127.0.0.1 instead of the
# step's first host (--cluster.rendezvous), at a free port. Exits 77 (skipped)
# when Slurm is not installed.
set -euo pipefail
nodes=$1
mpi=$2
tasks=$3
shift 3
for tool in slurmctld slurmd srun munged; do
  command -v "$tool" >/dev/null || { echo "srun_job.sh: no $tool here: skipped"; exit 77; }
done
extra=()
if ((nodes > 1)); then
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  extra=(--cluster.rendezvous="127.0.0.1:$port")
fi
export SLURM_NODES=$nodes
exec bash "$(dirname "${BASH_SOURCE[0]}")/start-slurm.sh" \
  timeout 120 srun -N"$nodes" -n"$tasks" --mpi="$mpi" "$@" "${extra[@]}"
