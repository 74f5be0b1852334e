# SPDX-License-Identifier: GPL-2.0
"""The BPF side of `make import SRC=DIR` (import/import.py): a folder that
holds BPF qdisc programs, NAME.bpf.c files whose SEC(".struct_ops") variable
is a struct Qdisc_ops (Linux 6.16 and later), is imported as them, on the
7.x series (the first with BPF qdiscs).

- The kernel side: each program compiled by clang for the 7.x kernel,
  against a vmlinux.h of its own BTF (tools/bpf-build.sh, BPF_OUT), into
  build/import/NAME/kernel-7.x/PROGRAM.bpf.o, what bpftool struct_ops
  register takes in the guest.
- The user side: each program compiled as C against the kit's BPF runtime
  (shim/bpf/), as a kit program is (import/import.mk), into
  build/import/NAME/user-7.x/qdk-replay, whose `kinds` lists its ops' id.

Both read a mirror of DIR under build/import/NAME/ (DIR is never written);
the debug information and __FILE__ name DIR's files. A Makefile in DIR is
the project's own BPF build, not kbuild's, and is not run.
"""

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
STRUCT_OPS = re.compile(r'SEC\("\.struct_ops(\.link)?"\)\s*struct\s+Qdisc_ops\s+\w+\s*=')


def programs(src: Path, files: list[Path]) -> list[Path]:
    """DIR's BPF qdisc programs (relative): NAME.bpf.c with a struct_ops
    Qdisc_ops."""
    return [f for f in files if f.name.endswith(".bpf.c")
            and STRUCT_OPS.search((src / f).read_text(errors="replace"))]


def run(src: Path, name: str, files: list[Path], progs: list[Path],
        mirror_tree: Callable[[Path, Path, list[Path]], None],
        missing_symbols: Callable[[str], dict[str, str]]) -> None:
    """Import DIR's programs PROGS both ways; exit 2 on bad input or what the
    runtime lacks, 1 when a build fails."""
    def fail(msg: str, code: int = 2) -> None:
        print(f"import: {msg}", file=sys.stderr)
        sys.exit(code)

    series = os.environ.get("KERNEL") or "7.x"
    if series != "7.x":
        fail(f"{name}: {', '.join(str(p) for p in progs)}: BPF qdiscs need KERNEL=7.x "
             f"(Linux 6.16 or later), not {series}")
    stems = [p.name.removesuffix(".bpf.c") for p in progs]
    for p, s in zip(progs, stems, strict=True):
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", s):
            fail(f"{p}: a program's name (NAME.bpf.c) must be a C identifier")
    dup = {s for s in stems if stems.count(s) > 1}
    if dup:
        fail(f"{name}: two programs named {', '.join(sorted(dup))}.bpf.c in different folders")
    env = dict(os.environ, KERNEL=series)
    kd = subprocess.run([str(TOP / "tools/kdir.sh"), "--fetch"], capture_output=True, text=True, env=env)
    if kd.returncode:
        fail(f"KERNEL={series}: no kernel: {kd.stderr.strip()}", 1)

    itop = TOP / "build/import" / name
    mirror = itop / "kernel-7.x"
    mirror_tree(src, mirror, files)
    srcs = [mirror / p for p in progs]

    # The kernel side: clang, as the VM's programs are built.
    kb = subprocess.run([str(TOP / "tools/bpf-build.sh"), *map(str, srcs)], capture_output=True,
                        text=True, env=dict(env, BPF_OUT=str(mirror)))
    if kb.returncode:
        sys.stderr.write(kb.stderr.replace(str(mirror) + "/", str(src) + "/"))
        fail(f"{name}: the BPF build for 7.x failed (tools/bpf-build.sh)", 1)
    for s in stems:
        print(f"  BPF     {(mirror / (s + '.bpf.o')).relative_to(TOP)}")

    # The user side: import.mk compiles the mirror's programs.
    # the prefix maps in a response file: DIR's path may hold any character
    rsp = itop / "flags" / "7.x-bpf.rsp"
    rsp.parent.mkdir(exist_ok=True)
    rsp.write_text("".join("".join(c if c.isalnum() else "\\" + c for c in a) + "\n" for a in
                           (f"-fmacro-prefix-map={mirror}/={src}/", f"-fdebug-prefix-map={mirror}/={src}/")))
    mk = [f"IMPORT_MIRROR := {mirror}", "IMPORT_OBJS_REL :=",
          "IMPORT_BPF_SRCS := " + " ".join(str(p) for p in srcs),
          f"IMPORT_BPF_MAP := @{rsp}"]
    mkf = itop / "sources-7.x.mk"
    text = "\n".join(mk) + "\n"
    if not mkf.exists() or mkf.read_text() != text:
        mkf.write_text(text)
    user = ["make", "-s", "-f", str(TOP / "Makefile.user"), f"IMPORT_NAME={name}", "-k", "import-replay"]
    ub = subprocess.run(user, capture_output=True, text=True, env=dict(env, LC_ALL="C"))
    log = (ub.stdout + ub.stderr).replace(str(mirror) + "/", str(src) + "/")
    ib = itop / "user-7.x"
    ib.mkdir(parents=True, exist_ok=True)
    blog = ib / "build.log"
    blog.write_text(log)
    if not ub.returncode:
        sys.stdout.write(ub.stdout.replace(str(mirror) + "/", str(src) + "/"))
        print(f"  REPLAY  {(ib / 'qdk-replay').relative_to(TOP)}")
        return
    syms = missing_symbols(log)
    if not syms:
        sys.stderr.write(log)
        fail(f"{name}: the user build failed (the whole output: {blog.relative_to(TOP)})", 1)
    print(f"import: {name}: the kit's BPF runtime (shim/bpf/) cannot run it yet; "
          f"it lacks {len(syms)} symbol(s):")
    for s, at in syms.items():
        print(f"  {s} ({os.path.relpath(at, src) if at.startswith(str(src)) else at})")
    print(f"  (the compiler's whole output: {blog.relative_to(TOP)})")
    sys.exit(2)
