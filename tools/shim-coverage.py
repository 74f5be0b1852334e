#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""make shim-coverage: how much of a kernel series' module API the shim has.

For every header the shim mirrors (each file under shim/include/linux, net
and asm; uapi/ and generated/ are not kernel API headers), the names the
series' own header gives a module, and which of them the shim has:

    tools/shim-coverage.py [--kernel 6.1|6.12|7.x]   per-header table, total
    --missing               also list what the shim lacks: header, name, kind
                            (and "undefined" when it declares it without
                            defining it)
    --list                  every name: header, name, kind, and have, missing
                            or undefined
    --header H              only these headers (linux/skbuff.h; repeatable)
    --shim-include DIR      probe DIR instead of shim/include (the tests use a
                            copy with one name taken out)
    --update-readme         rewrite this series' generated block of
                            shim/README.md (between its shim-coverage markers)
    --check-readme          exit 1 when that block differs from what
                            --update-readme would write
    --includes              also each header's include graph: the mirrored
                            headers the series' header pulls in (directly or
                            not) that the shim's does not
    -j N                    compilers at once (default 2)

The series' headers are those tools/kdir.sh names for KERNEL (KDIR=...
overrides it): include/ and arch/x86/include of KDIR and, in Debian's split
packages, of its -common twin, searched in kbuild's order. Headers the shim
has that the series does not (a newer series' header) are listed apart and
not counted.

What a module can use from a series header H is decided by the compiler, on
one translation unit that includes every such header with kbuild's flags and
the series' own generated/autoconf.h (so a declaration under a CONFIG_ option
the series' config lacks does not count), each name attributed to the file
that declares it. The compiler is the host's gcc, at -O2 as kbuild's, with
-fms-extensions (7.x's headers embed structs by tag) and CC_USING_FENTRY
(what kbuild defines with -mfentry for Debian's configs); what a header
decides by the compiler's own version rather than the config follows the
host's gcc, not the series' build compiler.
  macro       every #define in H (gcc -E -dD), except its include guard, names
              starting with '_' (the kernel's convention for internals: __foo
              helpers, _LINUX_FOO_H guards) and macros H #undefs again
  function    declared in H (gcc -aux-info) and exported: listed in KDIR's
              Module.symvers (EXPORT_SYMBOL*), since a module can link
              nothing else
  inline      static (inline) functions defined in H (gcc -aux-info)
              (functions keep their '_' names: qdiscs call many of them,
              __skb_queue_tail(), __qdisc_enqueue_head())
  variable    extern variables declared in H and exported (DWARF, Module.symvers)
  struct, union, enum, typedef, enumerator
              types defined in H, not merely declared, outside function bodies
              (DWARF of that unit built with -fno-eliminate-unused-debug-types)

Whether the shim has a name is decided by the compiler too: a probe file per
header includes the shim's header with the user build's flags (Makefile.user,
`make -f Makefile.user shim-flags`) and tests each name on a line of its own:
a macro with #ifdef (or, when the shim has it as a function, enumerator or
variable, as an expression); a function, inline or variable by taking its
address unless the shim made it a macro; a struct, union or enum by sizeof
(an incomplete type does not count); a typedef by a typedef of it; an
enumerator by sizeof. One compile per header reports every error at once
(-fmax-errors=0) and each error's line names the missing name. Then the
probes that compiled are built into an object: an address that refers to a
symbol neither the shim's objects nor the user build's libraries (libc,
libm) define is a name the shim declares but does not have ("undefined").
A function the shim defines only to stop a call to it (qdk/unmodelled.h: a
file system's, a page table's; the name is in its object's .qdk_unmodelled
section) lets a source compile and link, but the shim does not have it: it
is counted apart ("unmodelled"), not as covered.

The include graph (--includes): the preprocessor (-H) lists every file a
unit of the series' header alone pulls in, with kbuild's flags, and every
file a unit of the shim's header alone pulls in, with the user build's; of
the headers the shim mirrors, those the series' pulls in and the shim's
does not are the graph's missing edges (a source that relies on the
series' header to bring another gets an unknown name in the shim).

Exit 0 with the table, 1 when --check-readme finds the block stale, 2 on an
error (printed as file:line: reason).
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
SHIM_INCLUDE = TOP / "shim/include"
README = TOP / "shim/README.md"
MIRRORED = ("linux", "net", "asm")
SERIES = ("6.1", "6.12", "7.x")
KINDS = ("function", "inline", "variable", "macro", "struct", "union", "enum", "typedef", "enumerator")
# The kbuild include path, in its order (LINUXINCLUDE): each directory of
# KDIR and then of its -common twin.
KBUILD_DIRS = (
    "arch/x86/include",
    "arch/x86/include/generated",
    "include",
    "arch/x86/include/uapi",
    "arch/x86/include/generated/uapi",
    "include/uapi",
    "include/generated/uapi",
)
KERNEL_CFLAGS = [
    "-nostdinc", "-D__KERNEL__", "-DMODULE", "-DKBUILD_MODNAME=\"qdk_coverage\"",
    "-DKBUILD_BASENAME=\"qdk_coverage\"", "-std=gnu11", "-m64", "-mno-red-zone",
    "-mcmodel=kernel", "-fno-PIE", "-fno-strict-aliasing", "-O2", "-w", "-DCC_USING_FENTRY", "-fms-extensions",
]
IDENT = re.compile(r"[A-Za-z_]\w*")


class Fail(Exception):
    """An error the tool reports as `file:line: reason`, exit 2."""


@dataclass(frozen=True, order=True)
class Name:
    name: str
    kind: str


@dataclass
class Header:
    """One mirrored header: the series' names, and what the probe found."""
    rel: str
    kernel_path: Path | None
    api: set[Name] = field(default_factory=set)
    missing: set[Name] = field(default_factory=set)
    undefined: set[Name] = field(default_factory=set)
    # defined only to stop the call (qdk/unmodelled.h)
    unmodelled: set[Name] = field(default_factory=set)
    # mirrored headers the series' H pulls in and the shim's does not
    # (None: not measured)
    lacks_includes: set[str] | None = None

    @property
    def have(self) -> int:
        return len(self.api) - len(self.missing) - len(self.undefined) - len(self.unmodelled)

    @property
    def lacks(self) -> set[Name]:
        return self.missing | self.undefined | self.unmodelled


# No step takes more than a few seconds; one that hangs is an error.
TIMEOUT = 300


def run(cmd: list[str], what: str, cwd: Path | None = None) -> str:
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise Fail(f"{cmd[-1]}:0: {what} took more than {TIMEOUT} s") from None
    if r.returncode:
        loc = first_error(r.stderr) or f"{cmd[0]}:0: {what} failed (exit {r.returncode})"
        raise Fail(loc)
    return r.stdout


def first_error(stderr: str) -> str | None:
    for line in stderr.splitlines():
        m = re.match(r"(.+?):(\d+):(?:\d+:)? (?:fatal )?error: (.*)", line)
        if m:
            return f"{m.group(1)}:{m.group(2)}: {m.group(3)}"
    return None


# ---- the series' headers ------------------------------------------------

def kernel_dir(kernel: str) -> Path:
    env = dict(os.environ, KERNEL=kernel)
    r = subprocess.run([str(TOP / "tools/kdir.sh")], capture_output=True, text=True, env=env)
    out = r.stdout.strip()
    if r.returncode or not out:
        why = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "no kernel headers"
        raise Fail(f"tools/kdir.sh:1: KERNEL={kernel}: {why}")
    kdir = Path(out)
    if not (kdir / "Module.symvers").is_file():
        raise Fail(f"{kdir / 'Module.symvers'}:0: not found (not a kernel headers directory)")
    return kdir


def include_dirs(kdir: Path) -> list[Path]:
    common = Path(re.sub(r"-amd64$", "-common", str(kdir)))
    roots = [kdir] + ([common] if common != kdir and common.is_dir() else [])
    return [r / d for d in KBUILD_DIRS for r in roots if (r / d).is_dir()]


def resolve(dirs: list[Path], rel: str) -> Path | None:
    for d in dirs:
        if (d / rel).is_file():
            return d / rel
    return None


def exported(kdir: Path) -> set[str]:
    names = set()
    with open(kdir / "Module.symvers", encoding="utf-8") as f:
        for line in f:
            cols = line.split("\t")
            if len(cols) >= 2:
                names.add(cols[1])
    return names


def include_guard(path: Path) -> str | None:
    """The macro of H's `#ifndef X` / `#define X` pair, if its first
    directives are one."""
    text = re.sub(r"/\*.*?\*/", " ", path.read_text(encoding="utf-8", errors="replace"), flags=re.S)
    directives = re.findall(r"^\s*#\s*(\w+)\s*(\w*)", text, flags=re.M)
    if len(directives) >= 2 and directives[0][0] == "ifndef" and directives[1] == ("define", directives[0][1]):
        return directives[0][1]
    return None


class PathCache:
    def __init__(self) -> None:
        self.cache: dict[str, str] = {}

    def __call__(self, p: str) -> str:
        r = self.cache.get(p)
        if r is None:
            r = self.cache[p] = os.path.realpath(p)
        return r


def kernel_api(kdir: Path, headers: list[Header], work: Path, jobs: int) -> None:
    """Fill each header's api from one translation unit of them all."""
    dirs = include_dirs(kdir)
    present = [h for h in headers if h.kernel_path]
    if not present:
        return
    forced = []
    for f in ("linux/compiler-version.h", "linux/kconfig.h", "linux/compiler_types.h"):
        p = resolve(dirs, f)
        if p:
            forced += ["-include", str(p)]
    flags = KERNEL_CFLAGS + [f"-I{d}" for d in dirs] + forced
    tu = work / "series.c"
    tu.write_text("".join(f"#include <{h.rel}>\n" for h in present))
    cc = ["gcc"] + flags
    pre = [*cc, "-E", "-dD", str(tu), "-o", str(work / "series.i")]
    obj = [*cc, "-g", "-gdwarf-4", "-fno-eliminate-unused-debug-types",
           "-fno-eliminate-unused-debug-symbols", "-aux-info", str(work / "series.aux"),
           "-c", str(tu), "-o", str(work / "series.o")]
    with ThreadPoolExecutor(max_workers=min(jobs, 2)) as ex:
        for fut in [ex.submit(run, c, "the series' headers' compile") for c in (pre, obj)]:
            fut.result()
    real = PathCache()
    by_path = {real(str(h.kernel_path)): h for h in present}
    symvers = exported(kdir)
    series_macros(work / "series.i", real, by_path)
    series_functions(work / "series.aux", real, by_path, symvers)
    # types and extern variables: the unit's DWARF
    for h, name in dwarf_names(work / "series.o", real, by_path, symvers):
        h.api.add(name)
    # a function declared in H and also defined there inline is one name
    for h in present:
        for n in [n for n in h.api if n.kind == "function"]:
            if Name(n.name, "inline") in h.api:
                h.api.discard(n)


def series_macros(preprocessed: Path, real: PathCache, by_path: dict[str, Header]) -> None:
    """The #define lines gcc -E -dD leaves where their file's text was."""
    current: Header | None = None
    marker = re.compile(r'# \d+ "([^"]*)"')
    define = re.compile(r"#(define|undef) ([A-Za-z_]\w*)")
    with open(preprocessed, encoding="utf-8", errors="replace") as text:
        for line in text:
            if not line.startswith("#"):
                continue
            m = marker.match(line)
            if m:
                fn = m.group(1)
                current = by_path.get(real(fn)) if not fn.startswith("<") else None
                continue
            m = define.match(line)
            if m and current is not None and not m.group(2).startswith("_"):
                if m.group(1) == "define":
                    current.api.add(Name(m.group(2), "macro"))
                else:
                    current.api.discard(Name(m.group(2), "macro"))
    for h in by_path.values():
        assert h.kernel_path
        guard = include_guard(h.kernel_path)
        if guard:
            h.api.discard(Name(guard, "macro"))


def series_functions(aux_info: Path, real: PathCache, by_path: dict[str, Header], symvers: set[str]) -> None:
    """gcc -aux-info's line per declaration or definition of a function:
    static ones defined in H, exported ones declared there."""
    aux = re.compile(r"/\* (.+):\d+:[NOI]([CF]) \*/ (.*)")
    fname = re.compile(r"([A-Za-z_]\w*) \((?!\*)")
    with open(aux_info, encoding="utf-8", errors="replace") as text:
        for line in text:
            m = aux.match(line)
            h = by_path.get(real(m.group(1))) if m else None
            if m is None or h is None:
                continue
            decl = m.group(3)
            n = fname.search(decl)
            if not n:
                continue
            static = decl.startswith("static ")
            if m.group(2) == "F" and static:
                h.api.add(Name(n.group(1), "inline"))
            elif m.group(2) == "C" and not static and n.group(1) in symvers:
                h.api.add(Name(n.group(1), "function"))


DWARF_KINDS = {
    "DW_TAG_structure_type": "struct",
    "DW_TAG_union_type": "union",
    "DW_TAG_enumeration_type": "enum",
    "DW_TAG_typedef": "typedef",
    "DW_TAG_variable": "variable",
    "DW_TAG_enumerator": "enumerator",
}


def dwarf_names(obj: Path, real: PathCache, by_path: dict[str, Header],
                symvers: set[str]) -> Iterable[tuple[Header, Name]]:
    """(header, name) for each type, enumerator and exported extern
    variable the object's DWARF places in one of the headers."""
    files: dict[int, str] = {}
    dirs: dict[int, str] = {}
    section = ""
    for line in run(["readelf", "--debug-dump=rawline", str(obj)], "readelf").splitlines():
        if "The Directory Table" in line:
            section = "dirs"
        elif "The File Name Table" in line:
            section = "files"
        elif not line.strip() or line.lstrip().startswith("Line Number Statements"):
            section = "" if not line.strip() else section
        else:
            cols = line.strip().split("\t")
            if section == "dirs" and len(cols) == 2 and cols[0].isdigit():
                dirs[int(cols[0])] = cols[1]
            elif section == "files" and len(cols) == 5 and cols[0].isdigit():
                files[int(cols[0])] = os.path.join(dirs.get(int(cols[1]), "."), cols[4])
    file_header = {i: by_path.get(real(p)) for i, p in files.items()}

    die = re.compile(r"\s*<(\d+)><[0-9a-f]+>: Abbrev Number: \d+ \((\w+)\)")
    attr = re.compile(r"\s*<[0-9a-f]+>\s+(DW_AT_\w+)\s*: (.*)")
    # the open DIEs by depth: [tag, attributes]
    stack: list[tuple[str, dict[str, str]]] = []
    found: list[tuple[str, dict[str, str], tuple[str, dict[str, str]] | None, bool]] = []
    in_function = 0
    for line in run(["readelf", "--debug-dump=info", str(obj)], "readelf").splitlines():
        m = die.match(line)
        if m:
            depth = int(m.group(1))
            del stack[depth:]
            in_function = sum(1 for t, _ in stack if t in ("DW_TAG_subprogram", "DW_TAG_lexical_block"))
            entry: tuple[str, dict[str, str]] = (m.group(2), {})
            stack.append(entry)
            if entry[0] in DWARF_KINDS:
                parent = stack[-2] if len(stack) >= 2 else None
                found.append((entry[0], entry[1], parent, in_function > 0))
            continue
        m = attr.match(line)
        if m and stack:
            value = m.group(2).strip()
            if value.startswith("(indirect"):
                value = value.split("): ", 1)[-1]
            stack[-1][1][m.group(1)] = value
    for tag, attrs, parent, in_fn in found:
        name = attrs.get("DW_AT_name")
        if not name or in_fn:
            continue
        kind = DWARF_KINDS[tag]
        where = attrs
        if kind == "enumerator":
            if parent is None or parent[0] != "DW_TAG_enumeration_type":
                continue
            where = parent[1]
        elif kind == "variable":
            if "DW_AT_external" not in attrs or "DW_AT_declaration" not in attrs or name not in symvers:
                continue
        elif "DW_AT_declaration" in attrs:
            continue
        fno = where.get("DW_AT_decl_file", "")
        h = file_header.get(int(fno)) if fno.isdigit() else None
        if h is not None:
            yield h, Name(name, kind)


# ---- the shim -------------------------------------------------------------

def shim_build(kernel: str) -> tuple[list[str], list[Path]]:
    """The compiler command of kernel-style code and the objects an import
    links, as Makefile.user has them."""
    out = run(["make", "-s", "--no-print-directory", "-f", str(TOP / "Makefile.user"),
               f"KERNEL={kernel}", "shim-flags"], "make shim-flags", cwd=TOP)
    vals = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    cc = shlex.split(vals.get("CC", "gcc")) + shlex.split(vals.get("KCFLAGS", ""))
    objs = [Path(p) for p in vals.get("OBJS", "").split()]
    absent = [p for p in objs if not p.is_file()]
    if absent:
        raise Fail(f"{absent[0]}:0: not built (make -f Makefile.user KERNEL={kernel} shim-objs)")
    return cc, objs


def defined_symbols(objs: list[Path]) -> set[str]:
    """What the shim's objects and the user build's libraries define."""
    names: set[str] = set()
    out = run(["nm", "-g", "--defined-only", "--format=posix", *map(str, objs)], "nm")
    libs = []
    for lib in ("libc.so.6", "libm.so.6"):
        p = subprocess.run(["gcc", "-print-file-name=" + lib], capture_output=True, text=True).stdout.strip()
        if os.path.isabs(p):
            libs.append(p)
    if libs:
        out += run(["nm", "-D", "--defined-only", "--format=posix", *libs], "nm -D")
    for line in out.splitlines():
        cols = line.split()
        if len(cols) >= 2 and not line.endswith(":"):
            names.add(cols[0].split("@")[0])
    return names


def unmodelled_symbols(objs: list[Path]) -> set[str]:
    """The functions the shim's objects define only to stop a call (the
    strings of their .qdk_unmodelled sections)."""
    r = subprocess.run(["readelf", "-W", "-p", ".qdk_unmodelled", *map(str, objs)], capture_output=True,
                       text=True, timeout=TIMEOUT)
    return set(re.findall(r"^\s*\[\s*[0-9a-f]+\]\s+(\S+)$", r.stdout, re.M))


def probe_line(n: Name, i: int) -> list[str]:
    p = f"qdk_probe_{i}"
    if n.kind == "macro":
        return [f"#ifndef {n.name}", f"static void {p}(void) {{ (void)({n.name}); }}", "#endif"]
    if n.kind in ("function", "inline", "variable"):
        return [f"#ifndef {n.name}", f"void *{p} = (void *)&{n.name};", "#endif"]
    if n.kind in ("struct", "union", "enum"):
        return [f"typedef char {p}[sizeof({n.kind} {n.name})];"]
    if n.kind == "typedef":
        return [f"typedef {n.name} {p};"]
    return [f"enum {{ {p} = sizeof({n.name}) }};"]


def write_probe(path: Path, rel: str, names: list[Name]) -> dict[int, int]:
    """Write the probe file; return line number -> index into names."""
    lines = [f"/* {rel}: what the shim has of the series' names */", f"#include <{rel}>"]
    at: dict[int, int] = {}
    for i, n in enumerate(names):
        block = probe_line(n, i)
        inner = len(lines) + (2 if len(block) == 3 else 1)
        at[inner] = i
        lines += block
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")
    return at


def probe(h: Header, cc: list[str], shim_include: Path, work: Path, defined: set[str],
          unmodelled: set[str]) -> None:
    names = sorted(h.api)
    src = work / "probes" / (h.rel.replace("/", "_").removesuffix(".h") + ".c")
    at = write_probe(src, h.rel, names)
    flags = [f"-I{shim_include}" if f == f"-I{SHIM_INCLUDE}" else f for f in cc[1:]]
    flags += ["-DKBUILD_MODNAME=\"qdk_coverage\"", "-DKBUILD_BASENAME=\"qdk_coverage\"",
              "-O0", "-g0", "-w", "-fmax-errors=0", "-fdata-sections"]
    try:
        r = subprocess.run([cc[0], *flags, "-fsyntax-only", str(src)], capture_output=True, text=True,
                           timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise Fail(f"{src}:1: the probe took more than {TIMEOUT} s") from None
    bad: set[int] = set()
    loc = re.compile(r"(.+?):(\d+):\d+: (error|note): (.*)")
    pending: str | None = None
    for line in r.stderr.splitlines():
        m = loc.match(line)
        if not m:
            continue
        here = m.group(1) == str(src)
        lno = int(m.group(2))
        if m.group(3) == "error":
            if pending:
                raise Fail(pending)
            if here and lno in at:
                bad.add(at[lno])
            else:
                pending = f"{m.group(1)}:{lno}: {m.group(4)} (probing {h.rel})"
        elif pending and here and lno in at:
            # an error inside a macro of the shim's header, expanded on
            # the probe's line
            bad.add(at[lno])
            pending = None
    if pending:
        raise Fail(pending)
    if r.returncode and not bad:
        raise Fail(first_error(r.stderr) or f"{src}:1: the probe did not compile")
    h.missing = {names[i] for i in bad}

    # link: the addresses the probes that compiled take
    linked = [n for n in names if n.kind in ("function", "inline", "variable") and n not in h.missing]
    if not linked:
        return
    src2 = src.with_suffix(".link.c")
    at2 = write_probe(src2, h.rel, linked)
    del at2
    obj = src2.with_suffix(".o")
    run([cc[0], *flags, "-c", str(src2), "-o", str(obj)], f"the link probe of {h.rel}")
    undef = set(run(["nm", "-u", "--format=just-symbols", str(obj)], "nm").split())
    relocs = run(["readelf", "-rW", str(obj)], "readelf -r")
    probe_no = -1
    for line in relocs.splitlines():
        m = re.match(r"Relocation section '\.rela\.[\w.]*?\.qdk_probe_(\d+)'", line)
        if m:
            probe_no = int(m.group(1))
            continue
        if line.startswith("Relocation section"):
            probe_no = -1
            continue
        cols = line.split()
        if probe_no >= 0 and len(cols) >= 5 and cols[4] in undef and cols[4] not in defined:
            h.undefined.add(linked[probe_no])
    os.unlink(obj)
    h.unmodelled = {n for n in linked if n.name in unmodelled and n not in h.undefined}


# ---- output ----------------------------------------------------------------

def pct(have: int, total: int) -> str:
    return f"{100.0 * have / total:.1f}" if total else "-"


def totals(headers: list[Header]) -> tuple[int, int]:
    counted = [h for h in headers if h.kernel_path]
    return sum(len(h.api) for h in counted), sum(h.have for h in counted)


def by_kind(headers: list[Header]) -> list[tuple[str, int, int]]:
    rows = []
    for k in KINDS:
        total = sum(1 for h in headers for n in h.api if n.kind == k)
        lack = sum(1 for h in headers for n in h.lacks if n.kind == k)
        if total:
            rows.append((k, total, total - lack))
    return rows


def table(kernel: str, kdir: Path, headers: list[Header]) -> str:
    width = max([len(h.rel) for h in headers] + [24])
    out = [f"shim coverage, KERNEL={kernel} ({kdir})",
           f"{'header':<{width}} {kernel:>7} {'shim':>7} {'%':>6} {'unmodelled':>10}"]
    for h in headers:
        if h.kernel_path:
            out.append(f"{h.rel:<{width}} {len(h.api):>7} {h.have:>7} {pct(h.have, len(h.api)):>6}"
                       f" {len(h.unmodelled):>10}")
    series, have = totals(headers)
    counted = sum(1 for h in headers if h.kernel_path)
    unmod = sum(len(h.unmodelled) for h in headers if h.kernel_path)
    out.append(f"{f'total ({counted} headers)':<{width}} {series:>7} {have:>7} {pct(have, series):>6}"
               f" {unmod:>10}")
    out.append("by kind: " + ", ".join(f"{k} {h}/{t}" for k, t, h in by_kind(headers)))
    absent = [h.rel for h in headers if not h.kernel_path]
    if absent:
        out.append(f"not in {kernel} (not counted): " + " ".join(absent))
    return "\n".join(out) + "\n"


def name_list(headers: list[Header], everything: bool) -> str:
    """One line per name: header, name, kind and, with everything, whether
    the shim has it; else only what it lacks ("undefined": declared, not
    defined; "unmodelled": defined only to stop the call)."""
    out = []
    for h in headers:
        for n in sorted(h.api if everything else h.lacks):
            state = ("undefined" if n in h.undefined else "unmodelled" if n in h.unmodelled
                     else "missing" if n in h.missing else "have")
            out.append(f"{h.rel} {n.name} {n.kind}" + (f" {state}" if everything or state != "missing" else ""))
    return "\n".join(out) + ("\n" if out else "")


SHORT = 4


def readme_block(kernel: str, headers: list[Header]) -> str:
    series, have = totals(headers)
    counted = [h for h in headers if h.kernel_path]
    full = [h for h in counted if h.have == len(h.api)]
    lines = [
        f"**KERNEL={kernel}**: the shim has {have} of the {series} names ({pct(have, series)} %) "
        f"that the series' {len(counted)} headers it mirrors give a module; by kind: "
        + ", ".join(f"{k} {h}/{t}" for k, t, h in by_kind(headers)) + ".",
    ]
    unmod = sum(len(h.unmodelled) for h in counted)
    if unmod:
        lines[0] += (f" Another {unmod} functions are declared only to stop a call to them at the caller's line"
                     " (`qdk/unmodelled.h`): a source that uses them builds, and they are not counted.")
    absent = [h.rel for h in headers if not h.kernel_path]
    if absent:
        lines[0] += f" Not in {kernel}, not counted: " + ", ".join(f"`{a}`" for a in absent) + "."
    lines += [
        "",
        f"Every header below 100 % ({len(counted) - len(full)}; the other {len(full)} are complete), "
        f"with what it lacks when that is at most {SHORT} names; "
        f"`make shim-coverage KERNEL={kernel} ARGS=--missing` lists them all.",
        "",
        "<details><summary>per header</summary>",
        "",
        f"| header | {kernel} | shim | % | not covered |",
        "|---|---:|---:|---:|---|",
    ]
    for h in counted:
        if h.have == len(h.api):
            continue
        lack = sorted(h.lacks)
        what = (", ".join(f"`{n.name}` ({n.kind}{', undefined' if n in h.undefined else ''}"
                          f"{', unmodelled' if n in h.unmodelled else ''})" for n in lack)
                if len(lack) <= SHORT
                else f"{len(lack)} names")
        lines.append(f"| `{h.rel}` | {len(h.api)} | {h.have} | {pct(h.have, len(h.api))} | {what} |")
    lines += ["", "</details>"]
    return "\n".join(lines) + "\n"


def readme_markers(kernel: str) -> tuple[str, str]:
    return (f"<!-- shim-coverage: begin KERNEL={kernel} -->\n", f"<!-- shim-coverage: end KERNEL={kernel} -->")


def readme_with(text: str, kernel: str, block: str) -> str:
    begin, end = readme_markers(kernel)
    i = text.find(begin)
    j = text.find(end)
    if i < 0 or j < i:
        raise Fail(f"{README}:1: no '{begin.strip()}' ... '{end}' block")
    return text[: i + len(begin)] + block + text[j:]


# ---- main --------------------------------------------------------------------

# ---- the include graph ------------------------------------------------------

def pulled_in(cc: list[str], rel: str, roots: list[Path], work: Path, alone_ok: bool = False) -> set[str] | None:
    """Every header a unit of <REL> alone includes, as named under ROOTS;
    with ALONE_OK, None for a header that refuses to be included alone
    (the kernel's `#error "please don't include this file directly"`)."""
    tu = work / f"inc-{rel.replace('/', '__')}.c"
    tu.write_text(f"#include <{rel}>\n")
    try:
        r = subprocess.run([*cc, "-E", "-H", "-o", os.devnull, str(tu)], capture_output=True, text=True,
                           timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise Fail(f"{tu}:0: the preprocessor took more than {TIMEOUT} s") from None
    if r.returncode:
        if alone_ok and "#error" in r.stderr:
            return None
        raise Fail(first_error(r.stderr) or f"{tu}:0: the preprocessor failed on <{rel}>")
    names: set[str] = set()
    for line in r.stderr.splitlines():
        m = re.match(r"\.+ (\S+)$", line)
        if not m:
            continue
        path = os.path.realpath(m.group(1))
        for root in roots:
            if path.startswith(str(root) + "/"):
                names.add(path[len(str(root)) + 1:])
                break
    names.discard(rel)
    return names


def include_graph(kdir: Path, headers: list[Header], mirrored_set: set[str], cc: list[str],
                  shim_include: Path, work: Path, jobs: int) -> None:
    """Each header's lacks_includes: of MIRRORED_SET, what the series'
    header pulls in and the shim's does not."""
    dirs = include_dirs(kdir)
    kcc = ["gcc"] + KERNEL_CFLAGS + [f"-I{d}" for d in dirs]
    for f in ("linux/compiler-version.h", "linux/kconfig.h", "linux/compiler_types.h"):
        p = resolve(dirs, f)
        if p:
            kcc += ["-include", str(p)]
    kroots = [Path(os.path.realpath(d)) for d in dirs]
    present = [h for h in headers if h.kernel_path]
    kwork, swork = work / "kernel-inc", work / "shim-inc"
    kwork.mkdir()
    swork.mkdir()
    scc = [f"-I{shim_include}" if f == f"-I{SHIM_INCLUDE}" else f for f in cc]
    with ThreadPoolExecutor(max_workers=jobs) as ex:
        kf = {h.rel: ex.submit(pulled_in, kcc, h.rel, kroots, kwork, True) for h in present}
        sf = {h.rel: ex.submit(pulled_in, scc, h.rel, [Path(os.path.realpath(shim_include))], swork)
              for h in present}
        for h in present:
            theirs, ours = kf[h.rel].result(), sf[h.rel].result()
            if theirs is not None and ours is not None:
                h.lacks_includes = (theirs & mirrored_set) - ours


def graph_lines(headers: list[Header]) -> str:
    measured = [h for h in headers if h.lacks_includes is not None]
    if not measured:
        return ""
    out = [f"include graph: {sum(1 for h in measured if not h.lacks_includes)} of {len(measured)} headers "
           "pull in every mirrored header the series' own pulls in"]
    alone = [h.rel for h in headers if h.kernel_path and h.lacks_includes is None]
    if alone:
        out.append("  not measured (the series' header refuses to be included alone): " + " ".join(alone))
    for h in measured:
        if h.lacks_includes:
            out.append(f"  {h.rel} lacks {' '.join(sorted(h.lacks_includes))}")
    return "\n".join(out) + "\n"


def mirrored(shim_include: Path) -> list[str]:
    out = []
    for top in MIRRORED:
        for p in sorted((shim_include / top).rglob("*.h")):
            out.append(p.relative_to(shim_include).as_posix())
    return sorted(out)


def measure(kernel: str, shim_include: Path, only: list[str], jobs: int,
            includes: bool = False) -> tuple[Path, list[Header]]:
    kdir = kernel_dir(kernel)
    rels = mirrored(shim_include)
    every = set(rels)
    for o in only:
        if o not in rels:
            raise Fail(f"{shim_include / o}:0: not a header the shim mirrors")
    if only:
        rels = [r for r in rels if r in only]
    dirs = include_dirs(kdir)
    headers = [Header(r, resolve(dirs, r)) for r in rels]
    suffix = "" if kernel == "6.1" else f"-{kernel}"
    (TOP / "build").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f"shim-coverage{suffix}-", dir=TOP / "build") as tmp:
        work = Path(tmp)
        cc, objs = shim_build(kernel)
        kernel_api(kdir, headers, work, jobs)
        defined = defined_symbols(objs)
        unmodelled = unmodelled_symbols(objs)
        with ThreadPoolExecutor(max_workers=jobs) as ex:
            futs = [ex.submit(probe, h, cc, shim_include, work, defined, unmodelled) for h in headers if h.api]
            for f in futs:
                f.result()
        if includes:
            include_graph(kdir, headers, every, cc, shim_include, work, jobs)
    return kdir, headers


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--kernel", default=os.environ.get("KERNEL") or "6.1", choices=SERIES)
    ap.add_argument("--missing", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--header", action="append", default=[])
    ap.add_argument("--shim-include", type=Path, default=SHIM_INCLUDE)
    ap.add_argument("--update-readme", action="store_true")
    ap.add_argument("--check-readme", action="store_true")
    ap.add_argument("--includes", action="store_true")
    ap.add_argument("-j", type=int, default=2)
    args = ap.parse_args()
    if (args.update_readme or args.check_readme) and (args.header or args.shim_include != SHIM_INCLUDE):
        ap.error("the README block is of the whole shim: no --header or --shim-include with it")
    try:
        kdir, headers = measure(args.kernel, args.shim_include.resolve(), args.header, max(1, args.j),
                                args.includes)
        sys.stdout.write(table(args.kernel, kdir, headers))
        sys.stdout.write(graph_lines(headers))
        if args.missing or args.list:
            sys.stdout.write(name_list(headers, args.list))
        if args.update_readme or args.check_readme:
            text = README.read_text(encoding="utf-8")
            new = readme_with(text, args.kernel, readme_block(args.kernel, headers))
            if args.check_readme and new != text:
                print(f"{README}:1: the KERNEL={args.kernel} coverage block is stale: "
                      f"make shim-coverage KERNEL={args.kernel} ARGS=--update-readme", file=sys.stderr)
                return 1
            if args.update_readme and new != text:
                README.write_text(new, encoding="utf-8")
    except Fail as e:
        print(e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
