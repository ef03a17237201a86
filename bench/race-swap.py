#!/usr/bin/env python3
"""Swaps cluster folders for symbolic links at the moment the writer starts filling them.

Usage: race-swap.py OUT NAMESPACE VICTIMS NAME...

Watches OUT/NAMESPACE with inotify (through ctypes, Linux only). When the writer creates the folder
NAME (one of the given cluster names) and then NAME/terraform, it watches that folder too; at the
first file renamed into NAME/terraform it exchanges, in one renameat2(RENAME_EXCHANGE), the real
folder NAME with a symbolic link to VICTIMS/NAME: the link takes the folder's place and the real
folder stays inside the tree as .NAME.swap. A writer that checked the folder before and trusts that
check for the rest of the folder's files sends them into VICTIMS/NAME.

Prints "ready" once the watch is in place, then, when stdin closes, the number of swaps done.
"""

import ctypes
import os
import select
import struct
import sys

IN_MOVED_TO = 0x00000080
IN_CREATE = 0x00000100
IN_ISDIR = 0x40000000
RENAME_EXCHANGE = 2
AT_FDCWD = -100
EVENT_HEADER = struct.Struct("iIII")

libc = ctypes.CDLL(None, use_errno=True)
libc.inotify_add_watch.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]
libc.renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]


def main():
    out, namespace, victims = sys.argv[1], sys.argv[2], sys.argv[3]
    names = set(sys.argv[4:])
    parent = os.path.join(out, namespace).encode()
    fd = libc.inotify_init1(0)
    if fd < 0:
        sys.exit("inotify_init1 failed: errno %d" % ctypes.get_errno())
    watches = {}  # watch descriptor -> (kind, cluster name)

    def watch(path, mask, what):
        wd = libc.inotify_add_watch(fd, path, mask)
        if wd >= 0:
            watches[wd] = what
        return wd

    if watch(parent, IN_CREATE, ("namespace", None)) < 0:
        sys.exit("cannot watch %s: errno %d" % (parent.decode(), ctypes.get_errno()))
    print("ready", flush=True)
    swapped = set()
    while True:
        readable, _, _ = select.select([fd, sys.stdin], [], [])
        if sys.stdin in readable and not sys.stdin.readline():
            break
        if fd not in readable:
            continue
        data = os.read(fd, 65536)
        offset = 0
        while offset < len(data):
            wd, mask, _, length = EVENT_HEADER.unpack_from(data, offset)
            name = data[offset + EVENT_HEADER.size : offset + EVENT_HEADER.size + length].rstrip(b"\0")
            offset += EVENT_HEADER.size + length
            kind, cluster = watches.get(wd, (None, None))
            if kind == "namespace" and mask & IN_ISDIR and name.decode() in names:
                cluster = name.decode()
                folder = os.path.join(parent, name)
                watch(folder, IN_CREATE, ("cluster", cluster))
                # The terraform folder may have been made before the watch was in place.
                if os.path.isdir(os.path.join(folder, b"terraform")):
                    watch(os.path.join(folder, b"terraform"), IN_MOVED_TO, ("root", cluster))
            elif kind == "cluster" and mask & IN_ISDIR and name == b"terraform":
                watch(os.path.join(parent, cluster.encode(), b"terraform"), IN_MOVED_TO, ("root", cluster))
            elif kind == "root" and mask & IN_MOVED_TO and cluster not in swapped:
                swapped.add(cluster)
                swap(parent, cluster.encode(), os.path.join(victims.encode(), cluster.encode()))
    print(len(swapped), flush=True)


def swap(parent, cluster, victim):
    link = os.path.join(parent, b"." + cluster + b".swap")
    os.symlink(victim, link)
    if libc.renameat2(AT_FDCWD, os.path.join(parent, cluster), AT_FDCWD, link, RENAME_EXCHANGE) != 0:
        print("renameat2 failed: errno %d" % ctypes.get_errno(), file=sys.stderr)


if __name__ == "__main__":
    main()
