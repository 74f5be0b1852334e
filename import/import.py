#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""make import SRC=DIR [KERNEL=6.1|6.12|7.x] [NAME=name]: build a qdisc source
that lives outside the repository, unmodified, both ways.

- The modules its Kbuild (or Makefile) lists in obj-m, with kbuild, in
  build/import/NAME/kernel[-SERIES]/: symlinks to DIR's files and kbuild's
  M= there, so every output lands under build/ and DIR stays untouched.
- The same sources against the shim, linked into
  build/import/NAME/user[-SERIES]/qdk-replay (import/import.mk), whose
  `kinds` then lists the imported qdisc.

A source the shim cannot build yet gets one list, and exit 2: each kernel
header it includes that the shim lacks (with whether the series' kernel
headers have it), then each symbol the link misses (with the kernel header
declaring it).
"""

import os
import re
import subprocess
import sys
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
SYSTEM_INCLUDES = ("/usr/include/x86_64-linux-gnu/", "/usr/include/", "/usr/lib/gcc/")


def fail(msg: str, code: int = 2) -> None:
    print(f"import: {msg}", file=sys.stderr)
    sys.exit(code)


def kbuild_sources(src: Path) -> dict[str, list[Path]]:
    """module name -> its C sources, from obj-m and NAME-y / NAME-objs."""
    kb = src / "Kbuild" if (src / "Kbuild").is_file() else src / "Makefile"
    if not kb.is_file():
        fail(f"{src}: no Kbuild or Makefile")
    lists: dict[str, list[str]] = {}
    text = kb.read_text().replace("\\\n", " ")
    for line in text.splitlines():
        m = re.match(r"\s*(obj-m|[\w-]+?-(?:y|objs))\s*[:+]?=\s*(.*)", line)
        if not m:
            continue
        key = m.group(1) if m.group(1) == "obj-m" else re.sub(r"-(y|objs)$", "", m.group(1))
        lists.setdefault(key, []).extend(m.group(2).split())
    mods: dict[str, list[Path]] = {}
    for obj in lists.get("obj-m", []):
        if not obj.endswith(".o") or "/" in obj:
            fail(f"{kb}: obj-m entry '{obj}': only objects of DIR itself are imported, not subdirectories")
        name = obj[:-2]
        objs = lists.get(name, [obj])
        if any("/" in o for o in objs):
            fail(f"{kb}: {name}.ko: only objects of DIR itself are imported, not subdirectories")
        mods[name] = [src / (o[:-2] + ".c") for o in objs]
        for c in mods[name]:
            if not c.is_file():
                fail(f"{kb}: {name}.ko needs {c.name}, which {src} lacks")
    if not mods:
        fail(f"{kb}: no obj-m module")
    return mods


def write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def kernel_include_dirs(kdir: Path) -> list[Path]:
    """The series' own (not uapi) header directories: KDIR's and, in
    Debian's split packages, its -common twin's."""
    dirs = [kdir / "include", kdir / "arch/x86/include"]
    common = Path(re.sub(r"-amd64$", "-common", str(kdir)))
    if common != kdir:
        dirs += [common / "include", common / "arch/x86/include"]
    return [d for d in dirs if d.is_dir()]


def kernel_has(dirs: list[Path], header: str) -> Path | None:
    for d in dirs:
        if (d / header).is_file():
            return d / header
    return None


def include_name(path: str, flags: list[str]) -> str | None:
    """The name a resolved header was included by (linux/fs.h), when it
    came from the system's or the series' uapi headers."""
    roots = [f[2:].rstrip("/") + "/" for f in flags if f.startswith("-I") and "uapi" in f]
    for r in roots + list(SYSTEM_INCLUDES):
        if path.startswith(r):
            return path[len(r):]
    return None


def scan_headers(cc: list[str], srcs: list[Path], src: Path) -> tuple[set[str], set[str]]:
    """(headers found nowhere, headers the kernel has that resolved to the
    system's uapi copies), each as included, only those the imported
    sources (or their own headers) include directly: the shim's own
    fall-through to uapi headers is by design."""
    shim = str(TOP / "shim/include") + "/"
    absent: set[str] = set()
    uapi: set[str] = set()
    for s in srcs:
        r = subprocess.run(cc + ["-M", "-MG", "-H", str(s)], capture_output=True, text=True)
        if r.returncode:
            print(r.stderr, file=sys.stderr)
            fail(f"{s}: the preprocessor failed", 1)
        for dep in r.stdout.replace("\\\n", " ").split()[1:]:
            if not dep.startswith("/"):
                absent.add(dep)
        stack = [str(s)]
        for line in r.stderr.splitlines():
            m = re.match(r"(\.+) (\S+)$", line)
            if not m:
                continue
            depth, path = len(m.group(1)), os.path.normpath(m.group(2))
            del stack[depth:]
            parent = stack[-1]
            stack.append(path)
            if parent.startswith(shim) or parent.startswith(SYSTEM_INCLUDES):
                continue
            name = include_name(path, cc)
            if name and not path.startswith(str(src) + "/"):
                uapi.add(name)
    return absent, uapi


def declaring_header(dirs: list[Path], sym: str) -> str:
    pat = re.compile(r"(\b|\*)" + re.escape(sym) + r"\s*\(|#\s*define\s+" + re.escape(sym) + r"\b")
    for d in dirs:
        for sub in ("linux", "net", "asm", "asm-generic"):
            base = d / sub
            if not base.is_dir():
                continue
            for h in sorted(base.rglob("*.h")):
                try:
                    if pat.search(h.read_text(errors="replace")):
                        return f"declared in {h.relative_to(d)} ({d})"
                except OSError:
                    continue
    return "declared in none of the series' headers"


def main() -> None:
    if len(sys.argv) != 2 or not sys.argv[1]:
        fail("usage: make import SRC=DIR [KERNEL=6.1|6.12|7.x] [NAME=name]")
    src = Path(sys.argv[1]).resolve()
    if not src.is_dir():
        fail(f"SRC={sys.argv[1]}: not a directory")
    name = os.environ.get("NAME") or src.name
    if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]*", name):
        fail(f"NAME={name}: letters, digits, '_', '.', '-' only")
    series = os.environ.get("KERNEL") or "6.1"
    if series not in subprocess.run([str(TOP / "tools/kdir.sh"), "--list"], capture_output=True,
                                    text=True, check=True).stdout.split():
        fail(f"KERNEL={series}: not a kit series (tools/kdir.sh --list)")
    suffix = "" if series == "6.1" else f"-{series}"
    env = dict(os.environ, KERNEL=series)
    mods = kbuild_sources(src)
    srcs = [c for cs in mods.values() for c in cs]

    itop = TOP / "build/import" / name
    itop.mkdir(parents=True, exist_ok=True)
    mk = [f"IMPORT_SRC := {src}", "IMPORT_SRCS := " + " ".join(map(str, srcs))]
    for mod, cs in mods.items():
        for c in cs:
            mk.append(f"$(IB)/{c.relative_to(src).with_suffix('.o')}: IMPORT_MODNAME := {mod}")
    write_if_changed(itop / "sources.mk", "\n".join(mk) + "\n")

    kdir_cmd = [str(TOP / "tools/kdir.sh")] + ([] if series == "6.1" else ["--fetch"])
    kd = subprocess.run(kdir_cmd, capture_output=True, text=True, env=env)
    if kd.returncode or not kd.stdout.strip():
        fail(f"KERNEL={series}: no kernel headers: {kd.stderr.strip()}", 1)
    kdir = Path(kd.stdout.strip())
    kdirs = kernel_include_dirs(kdir)

    user = ["make", "-s", "-f", str(TOP / "Makefile.user"), f"IMPORT_NAME={name}"]
    fl = subprocess.run(user + ["import-flags"], capture_output=True, text=True, env=env)
    if fl.returncode:
        print(fl.stdout + fl.stderr, file=sys.stderr)
        fail("the user build's flags: make failed", 1)
    cc = fl.stdout.strip().splitlines()[-1].replace("'", "").split()
    absent, uapi = scan_headers(cc, srcs, src)
    lacking = sorted(absent | {h for h in uapi if kernel_has(kdirs, h)})
    if lacking:
        print(f"import: {name}: the shim cannot build it yet; it lacks {len(lacking)} header(s):")
        for h in lacking:
            where = kernel_has(kdirs, h)
            have = f"in {series}'s headers ({where})" if where else f"not in {series}'s headers either"
            print(f"  {h}: {have}")
        sys.exit(2)

    # The kernel modules: kbuild in a directory of symlinks under build/.
    kb = itop / f"kernel{suffix}"
    kb.mkdir(exist_ok=True)
    for f in kb.iterdir():
        if f.is_symlink() and not f.exists():
            f.unlink()
    for f in sorted(src.iterdir()):
        if f.is_file() and (f.suffix in (".c", ".h") or f.name in ("Kbuild", "Makefile")):
            link = kb / f.name
            if not (link.is_symlink() and os.readlink(link) == str(f)):
                link.unlink(missing_ok=True)
                link.symlink_to(f)
    km = subprocess.run([str(TOP / "tools/kdir.sh"), "--make", f"M={kb}", "modules"],
                        env=dict(env, KDIR=str(kdir)), close_fds=False)
    if km.returncode:
        fail(f"{name}: the kernel build for {series} failed", 1)
    for mod in mods:
        print(f"  KO      {(kb / (mod + '.ko')).relative_to(TOP)}")

    # The user build: qdk-replay with the imported objects, and the source's
    # own tc parsers (q_*.c) against Debian's iproute2 source of the host's tc.
    if any(src.glob("q_*.c")):
        ip = subprocess.run([str(TOP / "tools/iproute2-src.sh")], capture_output=True, text=True)
        if ip.returncode or not ip.stdout.strip():
            fail(f"{name}: its tc parser needs iproute2's headers: {ip.stderr.strip()}", 1)
        user.append(f"IPROUTE2_SRC={ip.stdout.strip()}")
    ub = subprocess.run(user + ["import-replay"], capture_output=True, text=True, env=env,
                        close_fds=False)
    sys.stdout.write(ub.stdout)
    if not ub.returncode:
        sys.stderr.write(ub.stderr)  # the compiler's warnings
    else:
        syms = sorted(set(re.findall(r"undefined reference to `([^']+)'", ub.stderr)))
        if not syms:
            sys.stderr.write(ub.stderr)
            fail(f"{name}: the user build failed", 1)
        print(f"import: {name}: the shim cannot link it yet; it lacks {len(syms)} symbol(s):")
        for s in syms:
            print(f"  {s}: {declaring_header(kdirs, s)}")
        sys.exit(2)
    variant = "user" + suffix
    print(f"  REPLAY  {(itop / variant / 'qdk-replay').relative_to(TOP)}")


if __name__ == "__main__":
    main()
