#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# A throw-away Slurm cluster on loopback, from Debian's packages (Slurm 22.05:
# slurmctld, slurmd, slurm-client, munge, slurm-wlm-basic-plugins), entirely
# in a temporary folder: its own munged with its own key and socket, one
# slurmctld, and one slurmd per node (several `slurmd -N nX` on this host for
# SLURM_NODES > 1, each with a PMIx folder of its own so that their job
# folders do not collide). Ready in about 1.5 s.
#
#   start-slurm.sh CMD ARGS...   starts the cluster, runs CMD with SLURM_CONF set, stops the
#                                cluster, and exits with CMD's status
#   source start-slurm.sh; slurm_start; ...; slurm_stop
#
# Environment: SLURM_NODES=N nodes (default 1); SLURM_CPUS=C CPUs each node advertises
# (default 16, more than this machine has: jobs oversubscribe it); SLURM_START_TIMEOUT
# seconds to wait for the nodes to be idle (default 60). As root or as another user (the
# daemons run as the user that starts them).

# N distinct free ports between the jobs' rendezvous ports (10000-29999) and
# the kernel's ephemeral range: a port taken from bind(0) can be given to
# another test's outgoing connection before the daemon binds it (slurmd then
# fails with "Address already in use").
_slurm_free_ports() {
  python3 - "$1" <<'EOF'
import random, socket, sys
low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
ports = []
while len(ports) < int(sys.argv[1]):
    p = random.randrange(30000, max(low, 30001))
    if p in ports:
        continue
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", p))
        ports.append(p)
    except OSError:
        pass
    finally:
        s.close()
print(" ".join(map(str, ports)))
EOF
}

slurm_stop() {
  local p
  if [ -n "${SLURM_CONF:-}" ]; then   # cancel leftover jobs so slurmstepds exit cleanly
    timeout 5 scancel --full --quiet --user="$(id -un)" 2>/dev/null || true
    local j
    for j in $(seq 1 30); do
      [ -z "$(timeout 5 squeue -h 2>/dev/null)" ] && break
      sleep 0.2
    done
  fi
  for p in ${_SLURM_PIDS:-}; do kill -TERM "$p" 2>/dev/null || true; done
  # bounded wait, then SIGKILL
  local i
  for i in $(seq 1 50); do
    local alive=0
    for p in ${_SLURM_PIDS:-}; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  for p in ${_SLURM_PIDS:-}; do kill -KILL "$p" 2>/dev/null || true; done
  # slurmstepd processes forked by our slurmd stay in the session created by setsid below
  # (each daemon was started via setsid, so its pid is its session id)
  if [ -n "${_SLURM_PIDS:-}" ]; then
    for p in $(ps -e -o pid=,sid= | awk -v s=" ${_SLURM_PIDS} " 'index(s, " " $2 " "){print $1}'); do
      kill -KILL "$p" 2>/dev/null || true
    done
  fi
  [ -n "${SLURM_TMP:-}" ] && rm -rf "$SLURM_TMP"
  _SLURM_PIDS=""
  unset SLURM_TMP
  unset SLURM_CONF
}

slurm_start() {
  local nodes=${SLURM_NODES:-1} cpus=${SLURM_CPUS:-16} timeout=${SLURM_START_TIMEOUT:-60}
  local t0; t0=$(date +%s.%N)
  export SLURM_TMP; SLURM_TMP=$(mktemp -d /tmp/slurm-test.XXXXXX)
  chmod 755 "$SLURM_TMP"
  local d=$SLURM_TMP
  mkdir -p "$d/munge" "$d/state" "$d/log" "$d/run"
  chmod 711 "$d/munge"
  _SLURM_PIDS=""

  # --- munge with private key and socket ---------------------------------------------------
  dd if=/dev/urandom of="$d/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$d/munge/munge.key"
  local msock=$d/munge/munge.socket
  setsid munged --foreground --force --key-file="$d/munge/munge.key" --socket="$msock" \
         --pid-file="$d/munge/munged.pid" --seed-file="$d/munge/munged.seed" \
         >"$d/log/munged.out" 2>&1 &      # --foreground: munged logs to stderr
  _SLURM_PIDS="$_SLURM_PIDS $!"
  local i
  for i in $(seq 1 100); do [ -S "$msock" ] && break; sleep 0.05; done
  [ -S "$msock" ] || { echo "munged did not start" >&2; cat "$d/log/munged.out" >&2; slurm_stop; return 1; }

  # --- slurm.conf ---------------------------------------------------------------------------
  local host; host=$(hostname -s)
  local ports; read -r -a ports <<<"$(_slurm_free_ports $((nodes + 1)))"
  local ctld_port=${ports[0]}
  local nodelines="" nodenames="" n port
  declare -ga _SLURM_NODE_NAMES=() _SLURM_NODE_PORTS=()
  if [ "$nodes" = 1 ]; then
    port=${ports[1]}
    _SLURM_NODE_NAMES=("$host"); _SLURM_NODE_PORTS=("$port")
    nodelines="NodeName=$host NodeAddr=127.0.0.1 NodeHostname=$host Port=$port CPUs=$cpus RealMemory=1000 State=UNKNOWN"
    nodenames=$host
  else
    for n in $(seq 1 "$nodes"); do
      port=${ports[$n]}
      _SLURM_NODE_NAMES+=("n$n"); _SLURM_NODE_PORTS+=("$port")
      nodelines+="NodeName=n$n NodeAddr=127.0.0.1 NodeHostname=$host Port=$port CPUs=$cpus RealMemory=1000 State=UNKNOWN"$'\n'
    done
    nodenames="n[1-$nodes]"
  fi
  cat >"$d/slurm.conf" <<EOF
ClusterName=troupetest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$msock
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool-%n
SlurmctldPidFile=$d/run/slurmctld.pid
SlurmdPidFile=$d/run/slurmd-%n.pid
SlurmctldLogFile=$d/log/slurmctld.log
SlurmdLogFile=$d/log/slurmd-%n.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
SlurmdParameters=config_overrides
MailProg=/bin/true
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
MinJobAge=5
$nodelines
PartitionName=debug Nodes=$nodenames Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4
EOF
  export SLURM_CONF=$d/slurm.conf
  # mpi/pmix puts "spmix_appdir_<uid>_<job>.<step>" under PMIxCliTmpDirBase (default: TmpFS=/tmp).
  # Several slurmds on one host would collide there, so each slurmd gets its own copy of the
  # (identical) slurm.conf in its own directory, next to its own mpi.conf.
  for n in "${_SLURM_NODE_NAMES[@]}"; do
    mkdir -p "$d/conf-$n" "$d/pmix-$n"
    cp "$d/slurm.conf" "$d/conf-$n/slurm.conf"
    echo "PMIxCliTmpDirBase=$d/pmix-$n" >"$d/conf-$n/mpi.conf"
  done
  echo "PMIxCliTmpDirBase=$d/pmix-${_SLURM_NODE_NAMES[0]}" >"$d/mpi.conf"

  # --- daemons ------------------------------------------------------------------------------
  setsid slurmctld -D -i -f "$SLURM_CONF" >"$d/log/slurmctld.out" 2>&1 &
  _SLURM_PIDS="$_SLURM_PIDS $!"
  for i in "${!_SLURM_NODE_NAMES[@]}"; do
    n=${_SLURM_NODE_NAMES[$i]}
    mkdir -p "$d/spool-$n"
    if [ "$nodes" = 1 ]; then
      SLURM_CONF=$d/conf-$n/slurm.conf setsid slurmd -D -f "$d/conf-$n/slurm.conf" >"$d/log/slurmd-$n.out" 2>&1 &
    else
      SLURM_CONF=$d/conf-$n/slurm.conf setsid slurmd -D -N "$n" -f "$d/conf-$n/slurm.conf" >"$d/log/slurmd-$n.out" 2>&1 &
    fi
    _SLURM_PIDS="$_SLURM_PIDS $!"
  done

  # --- wait until every node is idle --------------------------------------------------------
  local deadline=$(( $(date +%s) + timeout )) out=""
  while :; do
    out=$(timeout 5 sinfo -h -N -o '%N %t' 2>/dev/null || true)
    local idle; idle=$(printf '%s\n' "$out" | awk '$2=="idle"' | sort -u | wc -l)
    [ "$idle" -ge "$nodes" ] && break
    if [ "$(date +%s)" -ge "$deadline" ]; then
      echo "slurm did not become idle within ${timeout}s; sinfo: $out" >&2
      tail -n 30 "$d"/log/*.log "$d"/log/*.out >&2 2>/dev/null
      slurm_stop; return 1
    fi
    sleep 0.2
  done
  local t1; t1=$(date +%s.%N)
  echo "slurm up in $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.2f", b-a}')s (SLURM_CONF=$SLURM_CONF)" >&2
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -u
  trap slurm_stop EXIT
  trap "exit 130" INT
  trap "exit 143" TERM
  slurm_start || exit 1
  if [ $# -gt 0 ]; then "$@"; else sinfo; fi
fi
