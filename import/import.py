#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""make import SRC=DIR [KERNEL=6.1|6.12|7.x] [NAME=name]: build a qdisc source
that lives outside the repository, unmodified, both ways. A folder holding
BPF qdisc programs (NAME.bpf.c) is imported as them, on 7.x
(import/import_bpf.py); otherwise:

- The kernel modules, by kbuild itself: DIR's whole tree is mirrored into
  build/import/NAME/kernel[-SERIES]/ (a copy: the 6.12 and 7.x build roots
  see the repository, not DIR) and `make -C KDIR M=MIRROR modules` runs
  there as if from DIR ($(PWD), $(src) and $(M) name the mirror), so
  whatever kbuild builds from DIR is built, and nothing is written into DIR.
- What kbuild built says what to build against the shim: each module of
  modules.order, its objects (NAME.mod) and, for each object, the flags its
  Kbuild or Makefile added (its .cmd file, less what kbuild adds to every
  object: a probe module's flags). Those objects, compiled against the
  shim, are linked into build/import/NAME/user[-SERIES]/qdk-replay
  (import/import.mk), whose `kinds` then lists the imported qdisc. Debug
  information and __FILE__ name DIR's files, not the mirror's.

A source the shim cannot build yet gets one list, and exit 2: first each
kernel header it includes that the shim lacks (with whether the series'
kernel headers have it); then each kernel symbol the compiler or the linker
did not find (implicit declarations, unknown types, undeclared names,
undefined references), with where the source first uses it and the series'
header that declares it. The whole compiler output is kept in
build/import/NAME/user[-SERIES]/build.log.
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import import_bpf

TOP = Path(__file__).resolve().parent.parent
SYSTEM_INCLUDES = ("/usr/include/x86_64-linux-gnu/", "/usr/include/", "/usr/lib/gcc/")

# A source tree is copied whole: bounded, so a wrong SRC (a home directory)
# is refused rather than copied.
MAX_FILES = 20000
MAX_BYTES = 256 << 20
# What a kbuild run leaves in a source tree: never copied into the mirror,
# where it would be taken for this series' objects.
KBUILD_OUTPUT = re.compile(r"\.(o|ko|a|mod|mod\.c|d|symvers|order|cmd)$|^\.tmp_versions$")
SKIP_DIRS = {".git", ".hg", ".svn", ".tmp_versions"}

# Options that take their value as the next argument in a kbuild command.
PAIRED = {"-I", "-include", "-imacros", "-isystem", "-iquote", "-idirafter", "-D", "-U", "-o", "-MF", "-x"}
# Of the flags a source adds, those the user build takes: where its headers
# are and what it defines. Code generation and warnings are the kit's own.
KEPT = ("-I", "-iquote", "-isystem", "-idirafter", "-include", "-imacros", "-D", "-U")
PATH_OPTS = ("-I", "-iquote", "-isystem", "-idirafter", "-include", "-imacros")
# How they are kept: '-Ipath', '-include path' (split again by as_args()).
SPACED = tuple(o + " " for o in PATH_OPTS if o != "-I")
# Per object, set by kbuild itself (the user build sets its own).
PER_OBJECT = re.compile(r"^(-Wp,-MMD,.*|-DKBUILD_BASENAME=.*|-DKBUILD_MODNAME=.*|-D__KBUILD_MODNAME=.*|-c)$")


def fail(msg: str, code: int = 2) -> None:
    print(f"import: {msg}", file=sys.stderr)
    sys.exit(code)


def write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


# ---- the mirror ------------------------------------------------------------

def source_files(src: Path) -> list[Path]:
    """DIR's files (relative), without VCS folders and kbuild's output;
    exit 2 past MAX_FILES or MAX_BYTES."""
    files: list[Path] = []
    size = 0
    for root, dirs, names in os.walk(src):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not KBUILD_OUTPUT.search(d))
        for n in sorted(names):
            p = Path(root) / n
            if KBUILD_OUTPUT.search(n) or n in ("Module.symvers", "modules.order") or not p.is_file():
                continue
            files.append(p.relative_to(src))
            size += p.stat().st_size
            if len(files) > MAX_FILES or size > MAX_BYTES:
                fail(f"SRC={src}: more than {MAX_FILES} files or {MAX_BYTES >> 20} MiB: "
                     "not a module's source folder")
    return files


def mirror_tree(src: Path, mirror: Path, files: list[Path]) -> None:
    """Make MIRROR hold DIR's files as they are now: changed ones copied
    (with their times, so kbuild rebuilds just what changed), ones gone from
    DIR removed; kbuild's own outputs in MIRROR are left alone."""
    mirror.mkdir(parents=True, exist_ok=True)
    manifest = mirror / ".qdk-mirror"
    old = set(manifest.read_text().splitlines()) if manifest.exists() else set()
    new = {str(f) for f in files}
    for gone in sorted(old - new):
        (mirror / gone).unlink(missing_ok=True)
    for f in files:
        s, d = src / f, mirror / f
        st = s.stat()
        if d.is_file() and not d.is_symlink():
            dt = d.stat()
            if dt.st_size == st.st_size and dt.st_mtime_ns == st.st_mtime_ns:
                continue
        d.parent.mkdir(parents=True, exist_ok=True)
        if d.is_symlink() or d.exists():
            d.unlink()
        try:
            shutil.copyfile(s, d)
        except OSError as e:
            fail(f"{s}: cannot be read: {e.strerror}")
        os.chmod(d, (st.st_mode & 0o777) | 0o200)
        os.utime(d, ns=(st.st_atime_ns, st.st_mtime_ns))
    write_if_changed(manifest, "".join(f"{f}\n" for f in sorted(new)))


# ---- what kbuild built ------------------------------------------------------

def kbuild(mirror: Path, kdir: Path, env: dict[str, str], quiet: bool = False) -> subprocess.CompletedProcess[str]:
    """make -C KDIR M=MIRROR modules, run from MIRROR as a user runs it
    from DIR (a Makefile's $(PWD) is the mirror)."""
    return subprocess.run([str(TOP / "tools/kdir.sh"), "--make", f"M={mirror}", "modules"],
                          cwd=mirror, env=dict(env, KDIR=str(kdir), PWD=str(mirror)),
                          capture_output=quiet, text=True, close_fds=False)


def cmd_tokens(cmdfile: Path) -> list[str]:
    """The compiler command of a kbuild .cmd file, as arguments (options
    with their value joined: '-I' 'x' -> '-Ix', '-include' 'f' -> '-include f')."""
    line = ""
    for ln in cmdfile.read_text(errors="replace").splitlines():
        m = re.match(r"(?:saved)?cmd_\S+\s*:=\s*(.*)", ln)
        if m:
            line = m.group(1)
            break
    if not line:
        fail(f"{cmdfile}: no compiler command in it", 1)
    args = shlex.split(line.split(" ; ")[0])
    out: list[str] = []
    i = 1  # past the compiler
    while i < len(args):
        a = args[i]
        if a in PAIRED and i + 1 < len(args):
            out.append(a + ("" if a in ("-I", "-D", "-U") else " ") + args[i + 1])
            i += 2
            continue
        out.append(a)
        i += 1
    return out


PROBE_KBUILD = "obj-m += qdk_probe.o\n"
PROBE_C = '#include <linux/module.h>\nMODULE_LICENSE("GPL");\n'


def baseline_flags(series_dir: Path, kdir: Path, env: dict[str, str]) -> Counter[str]:
    """What kbuild gives every object of an external module on this series:
    the flags of a probe module that adds none, built once."""
    probe = series_dir / "probe"
    stamp = probe / ".kdir"
    cmd = probe / ".qdk_probe.o.cmd"
    if not (cmd.is_file() and stamp.is_file() and stamp.read_text() == str(kdir)):
        shutil.rmtree(probe, ignore_errors=True)
        probe.mkdir(parents=True)
        (probe / "Kbuild").write_text(PROBE_KBUILD)
        (probe / "qdk_probe.c").write_text(PROBE_C)
        r = kbuild(probe, kdir, env, quiet=True)
        if r.returncode or not cmd.is_file():
            sys.stderr.write(r.stdout + r.stderr)
            fail(f"kbuild of an empty module for {kdir} failed", 1)
        stamp.write_text(str(kdir))
    return Counter(t for t in cmd_tokens(cmd)[:-1] if not PER_OBJECT.match(t) and not t.startswith("-o "))


def kbuild_modules(mirror: Path) -> dict[str, list[Path]]:
    """module name -> its objects (relative to MIRROR), as kbuild linked them."""
    order = mirror / "modules.order"
    if not order.is_file():
        fail(f"{mirror}: kbuild wrote no modules.order", 1)
    mods: dict[str, list[Path]] = {}
    for ln in order.read_text().split():
        ko = Path(ln)
        ko = ko if ko.is_absolute() else mirror / ko
        modfile = ko.with_suffix(".mod")
        if not modfile.is_file():
            fail(f"{modfile}: kbuild wrote no object list for {ko.stem}", 1)
        objs = []
        for o in modfile.read_text().split():
            op = Path(o)
            op = op if op.is_absolute() else mirror / op
            objs.append(Path(os.path.normpath(op)).relative_to(mirror))
        mods[ko.stem] = objs
    if not mods:
        fail(f"{mirror}: kbuild built no module (obj-m is empty)")
    return mods


def as_args(flags: list[str]) -> list[str]:
    """Joined flags ('-include f') as a compiler's arguments."""
    return [w for f in flags for w in (f.split(" ", 1) if f.startswith(SPACED) else [f])]


def rsp_line(arg: str) -> str:
    """ARG as a line of a gcc response file: blanks, quotes and
    backslashes escaped, so any path survives."""
    return re.sub(r"([\\\s'\"])", r"\\\1", arg) + "\n"


def object_flags(mirror: Path, obj: Path, base: Counter[str], kroot: Path) -> tuple[list[str], list[str]]:
    """(the flags DIR's Kbuild or Makefile gave OBJ that the user build
    takes, the ones it leaves out), paths made absolute. kbuild runs in KDIR
    (6.12 and older: absolute paths) or in M (6.13 on: relative ones)."""
    toks = cmd_tokens(mirror / obj.parent / f".{obj.name}.cmd")
    srcarg = toks[-1]
    cwd = mirror if not srcarg.startswith("/") else None
    left = Counter(base)
    kept: list[str] = []
    dropped: list[str] = []
    for t in toks[:-1]:
        if PER_OBJECT.match(t) or t.startswith("-o "):
            continue
        if left[t]:
            left[t] -= 1
            continue
        opt = next((o for o in KEPT if t.startswith(o)), None)
        if not opt:
            dropped.append(t)
            continue
        if opt in PATH_OPTS:
            val = t[len(opt):].strip()
            if not val:
                dropped.append(t)
                continue
            p = Path(val) if val.startswith("/") else (cwd or Path("/")) / val
            p = Path(os.path.normpath(p))
            if not p.is_relative_to(mirror):
                # a kernel tree's or the system's folder: the shim stands in for it
                dropped.append(t)
                continue
            t = opt + ("" if opt == "-I" else " ") + str(p)
        kept.append(t)
    return kept, dropped


def user_paths(text: str, mirror: Path, src: Path) -> str:
    """kbuild's and the compiler's messages with DIR's paths, not the
    mirror's: absolute ones (6.12 and older) and those relative to the
    mirror, where 6.13 on runs kbuild."""
    text = text.replace(str(mirror) + "/", str(src) + "/")

    def rel(m: re.Match[str]) -> str:
        return str(src / m.group(1)) + m.group(2) if (mirror / m.group(1)).is_file() else m.group(0)
    return re.sub(r"^([\w.+-][\w./+-]*\.[ch])(:\d+)", rel, text, flags=re.M)


# ---- the series' headers ------------------------------------------------------

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


def scan_headers(cc: list[str], s: Path, mirror: Path) -> tuple[set[str], set[str]]:
    """(headers found nowhere, headers the kernel has that resolved to the
    system's uapi copies), each as included, only those the imported
    sources (or their own headers) include directly: the shim's own
    fall-through to uapi headers is by design."""
    shim = str(TOP / "shim/include") + "/"
    absent: set[str] = set()
    uapi: set[str] = set()
    r = subprocess.run(cc + ["-M", "-MG", "-H", str(s)], capture_output=True, text=True)
    if r.returncode:
        return absent, uapi  # a preprocessor error: the build reports it
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
        if name and not path.startswith(str(mirror) + "/"):
            uapi.add(name)
    return absent, uapi


def declaring_headers(dirs: list[Path], syms: list[str]) -> dict[str, str]:
    """symbol -> where the series declares it: the first header of linux/,
    net/, asm/, asm-generic/ with a prototype, a #define, a typedef or a
    struct/union/enum body of the name. Every header is read once."""
    pats: dict[str, re.Pattern[str]] = {}
    for sym in syms:
        kind, _, name = sym.rpartition(" ")
        e = re.escape(name)
        if kind:  # struct NAME
            pats[sym] = re.compile(rf"^{kind}\s+{e}\s*\{{", re.M)
        else:
            # a prototype or definition starts its line (a call is indented)
            pats[sym] = re.compile(rf"^(?:[A-Za-z_][\w \t*]*[ \t*])?{e}\s*\(|^#\s*define\s+{e}\b|"
                                   rf"^typedef\b[^;]*\b{e}\s*;|^\s*{e}\s*[=,]", re.M)
    found: dict[str, str] = {}
    for d in dirs:
        for sub in ("linux", "net", "asm", "asm-generic"):
            base = d / sub
            if not base.is_dir():
                continue
            for h in sorted(base.rglob("*.h")):
                todo = [s for s in syms if s not in found]
                if not todo:
                    return found
                try:
                    text = h.read_text(errors="replace")
                except OSError:
                    continue
                for s in todo:
                    if pats[s].search(text):
                        found[s] = f"declared in {h.relative_to(d)} ({d})"
    return found


# ---- the user build's failures --------------------------------------------------

# What the compiler and the linker say of a name the shim lacks.
MISSING = [
    (re.compile(r"^(.+?:\d+):\d+: (?:error|warning): implicit declaration of function '(\w+)'"), "{}"),
    (re.compile(r"^(.+?:\d+):\d+: error: unknown type name '(\w+)'"), "{}"),
    (re.compile(r"^(.+?:\d+):\d+: error: '(\w+)' undeclared"), "{}"),
    (re.compile(r"^(.+?:\d+):\d+: error: (?:invalid use of undefined type|dereferencing pointer to incomplete type) "
                r"'((?:struct|union|enum) \w+)'"), "{}"),
    (re.compile(r"^(.+?:\d+):\d+: error: invalid application of 'sizeof' to incomplete type "
                r"'((?:struct|union|enum) \w+)'"), "{}"),
    (re.compile(r"^(.+?:\d+):\d+: error: '((?:struct|union) \w+)' has no member named '(\w+)'"), "{}.{}"),
    (re.compile(r"^(.+?:\d+):(?:\(\.[\w.]+\+0x[0-9a-f]+\):)? undefined reference to `(\w+)'"), "{}"),
]


def missing_symbols(log: str) -> dict[str, str]:
    """symbol -> where the source first uses it (FILE:LINE), in the order met."""
    syms: dict[str, str] = {}
    for line in log.splitlines():
        for pat, fmt in MISSING:
            m = pat.match(line)
            if m:
                syms.setdefault(fmt.format(*m.groups()[1:]), m.group(1))
                break
    return syms


def unmodelled_note(name: str, src: Path, ib: Path, objs: list[Path]) -> None:
    """Name the functions the imported objects call that the shim declares
    only to stop the call (qdk/unmodelled.h), each with its first call."""
    r = subprocess.run(["readelf", "-W", "-p", ".qdk_unmodelled", str(ib / "qdk-replay")],
                       capture_output=True, text=True)
    unmodelled = set(re.findall(r"^\s*\[\s*[0-9a-f]+\]\s+(\S+)$", r.stdout, re.M))
    if not unmodelled:
        return
    # nm -l: an undefined symbol's line is that of a relocation that uses it
    r = subprocess.run(["nm", "-u", "-l", *[str(ib / o) for o in objs]], capture_output=True, text=True)
    calls: dict[str, str] = {}
    for line in r.stdout.splitlines():
        m = re.match(r"\s*U (\w+)(?:\t(.+:\d+))?", line)
        if m and m.group(1) in unmodelled and m.group(1) not in calls:
            at = m.group(2) or "?"
            calls[m.group(1)] = os.path.relpath(at, src) if at.startswith(str(src) + "/") else at
    if calls:
        print(f"import: {name}: note: the shim declares but does not model {len(calls)} function(s) it calls; "
              "a call stops the replay at its line:")
        for fn in sorted(calls):
            print(f"  {fn} ({calls[fn]})")


def main() -> None:
    if len(sys.argv) != 2 or not sys.argv[1]:
        fail("usage: make import SRC=DIR [KERNEL=6.1|6.12|7.x] [NAME=name]")
    src = Path(sys.argv[1]).resolve()
    if not src.is_dir():
        fail(f"SRC={sys.argv[1]}: not a directory")
    if src == TOP or TOP.is_relative_to(src) or src.is_relative_to(TOP / "build"):
        fail(f"SRC={sys.argv[1]}: the kit's own checkout or build folder, not a module's source")
    name = os.environ.get("NAME") or re.sub(r"[^A-Za-z0-9_.-]", "_", src.name).lstrip(".-") or "src"
    if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]*", name):
        fail(f"NAME={name}: letters, digits, '_', '.', '-' only")
    series = os.environ.get("KERNEL") or "6.1"
    if series not in subprocess.run([str(TOP / "tools/kdir.sh"), "--list"], capture_output=True,
                                    text=True, check=True).stdout.split():
        fail(f"KERNEL={series}: not a kit series (tools/kdir.sh --list)")
    suffix = "" if series == "6.1" else f"-{series}"
    env = dict(os.environ, KERNEL=series)
    files = source_files(src)
    # BPF qdisc programs (NAME.bpf.c): their own path (import/import_bpf.py)
    progs = import_bpf.programs(src, files)
    if progs:
        import_bpf.run(src, name, files, progs, mirror_tree, missing_symbols)
        return
    if not any((src / f).is_file() for f in ("Kbuild", "Makefile", "Kbuild.include")):
        fail(f"SRC={src}: no Kbuild or Makefile: kbuild would build nothing")

    kdir_cmd = [str(TOP / "tools/kdir.sh")] + ([] if series == "6.1" else ["--fetch"])
    kd = subprocess.run(kdir_cmd, capture_output=True, text=True, env=env)
    if kd.returncode or not kd.stdout.strip():
        fail(f"KERNEL={series}: no kernel headers: {kd.stderr.strip()}", 1)
    kdir = Path(kd.stdout.strip())
    kdirs = kernel_include_dirs(kdir)

    # The kernel modules: kbuild in the mirror.
    itop = TOP / "build/import" / name
    mirror = itop / f"kernel{suffix}"
    mirror_tree(src, mirror, files)
    km = kbuild(mirror, kdir, env, quiet=True)
    out = user_paths(km.stdout + km.stderr, mirror, src)
    if km.returncode:
        sys.stderr.write(out)
        fail(f"{name}: the kernel build for {series} failed (make -C KDIR M=DIR modules, "
             f"DIR mirrored into {mirror.relative_to(TOP)})", 1)
    if os.environ.get("V") == "1" or os.environ.get("KBUILD_EXTRA_WARN"):
        sys.stdout.write(out)
    else:
        sys.stderr.write("".join(ln + "\n" for ln in out.splitlines() if "warning:" in ln))
    mods = kbuild_modules(mirror)
    for mod in mods:
        print(f"  KO      {(mirror / (mod + '.ko')).relative_to(TOP)}")

    # What kbuild gave each object, less what it gives every object.
    base = baseline_flags(itop.parent / f".series{suffix}", kdir, env)
    user = ["make", "-s", "-f", str(TOP / "Makefile.user"), f"IMPORT_NAME={name}"]
    fl = subprocess.run(user + ["import-flags"], capture_output=True,
                        text=True, env=env)
    if fl.returncode:
        print(fl.stdout + fl.stderr, file=sys.stderr)
        fail("the user build's flags: make failed", 1)
    ib_line, cc_line = fl.stdout.strip().splitlines()[-2:]
    ib = Path(ib_line)
    cc = shlex.split(cc_line)
    objs: list[tuple[str, Path, list[str]]] = []
    notes: set[str] = set()
    for mod, os_ in mods.items():
        for o in os_:
            c = mirror / o.with_suffix(".c")
            if not c.is_file():
                fail(f"{mod}.ko: {o} is not built from a C file of DIR ({o.with_suffix('.c')} is not there): "
                     "the user build compiles C only", 2)
            kept, dropped = object_flags(mirror, o, base, kdir)
            notes.update(d for d in dropped if d.startswith(PATH_OPTS))
            objs.append((mod, o, kept))
    for n in sorted(notes):
        print(f"import: note: '{n}' is not passed to the user build: not a folder of DIR", file=sys.stderr)

    # Headers the shim lacks, from the preprocessor, before any compiler error.
    absent: set[str] = set()
    uapi: set[str] = set()
    for _, o, kept in objs:
        a, u = scan_headers(cc + as_args(kept), mirror / o.with_suffix(".c"), mirror)
        absent |= a
        uapi |= u
    lacking = sorted(absent | {h for h in uapi if kernel_has(kdirs, h)})
    if lacking:
        print(f"import: {name}: the shim cannot build it yet; it lacks {len(lacking)} header(s):")
        for h in lacking:
            where = kernel_has(kdirs, h)
            have = f"in {series}'s headers ({where})" if where else f"not in {series}'s headers either"
            print(f"  {h}: {have}")
        sys.exit(2)

    # The user build: one response file of flags an object (any character of
    # DIR's path survives it), and the list of objects for import.mk.
    flags_dir = itop / "flags"
    flags_dir.mkdir(exist_ok=True)
    mk = [f"IMPORT_MIRROR := {mirror}", "IMPORT_OBJS_REL :="]
    rel_src = os.path.relpath(src, TOP) if src.is_relative_to(TOP) else str(src)
    for mod, o, kept in objs:
        args = as_args(kept) + [f"-DKBUILD_MODNAME=\"{mod}\"", f"-DKBUILD_BASENAME=\"{o.stem}\"",
                 f"-fmacro-prefix-map={mirror}/={rel_src}/", f"-fdebug-prefix-map={mirror}/={src}/"]
        rsp = flags_dir / f"{series}-{str(o).replace('/', '__')}.rsp"
        write_if_changed(rsp, "".join(rsp_line(a) for a in args))
        mk.append(f"IMPORT_OBJS_REL += {o}")
        mk.append(f"$(IB)/{o}: IMPORT_RSP := {rsp}")
    # The tc parsers share the modules' uapi headers: their include folders.
    incs = sorted({k for _, _, kept in objs for k in kept if k.startswith(("-I", "-iquote ", "-isystem "))})
    tc_rsp = flags_dir / f"{series}-tc.rsp"
    write_if_changed(tc_rsp, "".join(rsp_line(a) for a in as_args(incs)))
    mk.append(f"IMPORT_TC_RSP := {tc_rsp}")
    write_if_changed(itop / f"sources{suffix}.mk", "\n".join(mk) + "\n")

    # The source's own tc parsers (q_*.c at DIR's top) against Debian's
    # iproute2 source of the host's tc.
    extra = []
    if any(mirror.glob("q_*.c")):
        ip = subprocess.run([str(TOP / "tools/iproute2-src.sh")], capture_output=True, text=True)
        if (ip.returncode or not ip.stdout.strip()) and os.environ.get("KERNEL", "6.1") != "6.1":
            # The series' own iproute2 source is not on every mirror (trixie's 6.15 and
            # forky's 7.2 are not on this machine's): the host's has the same plugin
            # interface (tcplugin/tc_abi.h: struct qdisc_util's leading fields, the
            # helpers a parser calls), so a parser built against it loads into either tc.
            env_host = {k: v for k, v in os.environ.items() if k != "KERNEL"}
            ip = subprocess.run([str(TOP / "tools/iproute2-src.sh")], capture_output=True, text=True,
                                env=env_host)
            if not ip.returncode and ip.stdout.strip():
                print(f"import: {name}: the series' iproute2 source is not available; its tc parser "
                      "builds against the host's iproute2 headers (the same plugin interface)")
        if ip.returncode or not ip.stdout.strip():
            fail(f"{name}: its tc parser needs iproute2's headers: {ip.stderr.strip()}", 1)
        extra.append(f"IPROUTE2_SRC={ip.stdout.strip()}")
    # LC_ALL=C: the compiler's messages as MISSING reads them
    ub = subprocess.run(user + extra + ["-k", "import-replay"], capture_output=True, text=True,
                        env=dict(env, LC_ALL="C"),
                        close_fds=False)
    log = (ub.stdout + ub.stderr).replace(str(mirror) + "/", str(src) + "/")
    sys.stdout.write(ub.stdout.replace(str(mirror) + "/", str(src) + "/"))
    blog = ib / "build.log"
    blog.write_text(log)
    if not ub.returncode:
        sys.stderr.write("".join(ln + "\n" for ln in ub.stderr.splitlines()).replace(str(mirror) + "/",
                                                                                        str(src) + "/"))
        print(f"  REPLAY  {(ib / 'qdk-replay').relative_to(TOP)}")
        unmodelled_note(name, src, ib, [o for _, o, _ in objs])
        return
    syms = missing_symbols(log)
    if not syms:
        sys.stderr.write(log)
        fail(f"{name}: the user build failed (the whole output: {blog.relative_to(TOP)})", 1)
    decls = declaring_headers(kdirs, [s.split(".")[0] for s in syms])
    print(f"import: {name}: the shim cannot build it yet; it lacks {len(syms)} symbol(s):")
    for s, at in syms.items():
        decl = decls.get(s.split(".")[0], "declared in none of the series' headers")
        if "." in s:
            decl = f"member of {s.split('.')[0]}, " + decl
        print(f"  {s} ({os.path.relpath(at, src) if at.startswith(str(src)) else at}): {decl}")
    print(f"  (the compiler's whole output: {blog.relative_to(TOP)})")
    sys.exit(2)


if __name__ == "__main__":
    main()
