# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
"""Network namespaces for the worker processes of a distributed workload.

Namespace i (trbench<i>) is joined by a veth pair to a bridge in the runner's namespace
(trbench-br, 10.215.0.1/24) and has the address 10.215.0.<i+2>: the master reaches every
worker, and the workers reach each other (OpenMPI's ranks connect to one another), without
turning on IP forwarding. Traffic stays on this machine: the bridge leads nowhere else.
Needs root and iproute2.
"""
import os
import shutil
import subprocess

PREFIX = "trbench"
BRIDGE = "trbench-br"
SUBNET = "10.215.0.0/24"
MAX_NAMESPACES = 200


def available():
    """Whether this process may make namespaces (root and iproute2)."""
    return os.geteuid() == 0 and shutil.which("ip") is not None


def _ip(*args, ns=None, check=True):
    cmd = ["ip", "netns", "exec", ns, "ip"] if ns else ["ip"]
    return subprocess.run(cmd + list(args), check=check, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _remove_leftovers():
    """Namespaces and the bridge of an earlier run that was killed before it cleaned up."""
    listing = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
    for line in listing.splitlines():
        name = line.split()[0] if line.split() else ""
        if name.startswith(PREFIX) and name[len(PREFIX):].isdigit():
            _ip("netns", "del", name, check=False)
    _ip("link", "del", BRIDGE, check=False)


class WorkerNamespaces:
    """`count` namespaces, made on entry and removed on exit (with their links and the bridge)."""

    def __init__(self, count):
        if not 0 < count <= MAX_NAMESPACES:
            raise ValueError(f"1 to {MAX_NAMESPACES} namespaces, not {count}")
        self.count = count
        self.names = [f"{PREFIX}{i}" for i in range(count)]
        self.addresses = [f"10.215.0.{i + 2}" for i in range(count)]

    def __enter__(self):
        _remove_leftovers()
        try:
            _ip("link", "add", BRIDGE, "type", "bridge")
            _ip("addr", "add", "10.215.0.1/24", "dev", BRIDGE)
            _ip("link", "set", BRIDGE, "up")
            for i, (name, address) in enumerate(zip(self.names, self.addresses)):
                outer, inner = f"trb{i}o", f"trb{i}i"
                _ip("link", "del", outer, check=False)
                _ip("netns", "add", name)
                _ip("link", "add", outer, "type", "veth", "peer", "name", inner)
                _ip("link", "set", inner, "netns", name)
                _ip("link", "set", outer, "master", BRIDGE)
                _ip("link", "set", outer, "up")
                _ip("addr", "add", f"{address}/24", "dev", inner, ns=name)
                _ip("link", "set", inner, "up", ns=name)
                _ip("link", "set", "lo", "up", ns=name)
        except subprocess.CalledProcessError:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc):
        for name in self.names:
            _ip("netns", "del", name, check=False)
        _ip("link", "del", BRIDGE, check=False)
        return False

    def placement(self):
        """BENCH_NETNS for the troupe and CAF programs: worker i in namespace i."""
        return ",".join(f"{n}={a}" for n, a in zip(self.names, self.addresses))

    def mpi_env(self):
        """What OpenMPI needs for ranks in other namespaces: PMIx over TCP on the bridge's subnet."""
        return {"PMIX_MCA_ptl_tcp_remote_connections": "1", "PMIX_MCA_ptl_tcp_if_include": SUBNET}

    def mpi_command(self, prefix, exe_args, workers):
        """mpirun's MPMD form: the master (rank 0) here, worker rank i in namespace i-1."""
        cmd = prefix + ["--mca", "btl_tcp_if_include", SUBNET, "-np", "1"] + exe_args
        for i in range(workers):
            cmd += [":", "-np", "1", "ip", "netns", "exec", self.names[i % self.count]] + exe_args
        return cmd
