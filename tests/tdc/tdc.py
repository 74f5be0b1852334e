#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""tdc.py - the kernel's own tc-testing (tdc) qdisc cases, in user space and in the VM.

The cases are linux-source-6.1's tools/testing/selftests/tc-testing/
tc-tests/qdiscs/*.json, extracted at build time into build/tdc/src (never
committed), and the kit's own in tests/tdc/cases/ (same format; with
"exactOutput": true the command's and the verify command's output must also
be what the kernel printed, byte for byte). This runner follows tdc.py's
semantics for them:

- every command is a shell line after string.Template.safe_substitute() of
  tdc_config.py's NAMES ($TC, $IP, $DUMMY, $ETH, $DEV0, $DEV1, $NS ...);
- setup steps may list the exit codes they allow (default 0); a setup step
  that returns another code makes the case a skip (tdc.py stops the whole
  run there; here only the case stops and its teardown still runs);
- cmdUnderTest must exit with expExitCode; then verifyCmd runs and the
  number of re.findall(matchPattern, output, DOTALL | MULTILINE) must be
  matchCount, where the output is stderr when the command failed and
  printed to stderr, else stdout; no output passes only when matchCount
  is 0;
- a teardown step that fails makes the case a skip, as tdc.py does;
- a command still running after 24 s is stopped and counts as exit 255.

tdc's nsPlugin prefixes each command with `ip netns exec tcut`; the VM runs
the whole step list inside one fresh namespace instead (so the shell's own
redirections, such as netdevsim's sysfs writes, act in that namespace too),
and user space runs it inside one qdk namespace (QDK_NS) the same way:
tdc-run.sh under `qdk-ns exec`, so each step's shell writes netdevsim's
sysfs files of that namespace and its tc and ip talk to it. The veth pair
nsPlugin makes ($DEV0, $DEV1) is not made: no qdisc case uses it.

SRCDIR is the extracted directory; tests/tdc/cases/ is always added.

    tdc.py compile SIDE SRCDIR STEPS     the step list (SIDE: user or vm)
    tdc.py run SRCDIR OUTDIR             compile, run through tdc-run.sh and
                                         check the user side (OUTDIR/user.json)
    tdc.py check SIDE SRCDIR RESULTS OUT.json   judge what tdc-run.sh saved
    tdc.py report SRCDIR USER.json VM.json OUTDIR
                                         the per-kind table (report.txt/.json)
    tdc.py compare USER.json REFERENCE.json EXCEPTIONS
                                         exit 1 when a case the reference
                                         passes fails here, unexcused
    tdc.py reference VM.json OUT.json    the committed reference from a VM run
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from string import Template

HERE = Path(__file__).resolve().parent
TOP = HERE.parent.parent
KIT_CASES = HERE / "cases"
TIMEOUT_RC = 137        # timeout -s KILL
TDC_TIMEOUT_RC = 255    # what tdc.py reports for a command it stopped

# tdc_config.py's NAMES; $TC and $IP per side.
NAMES = {
    "DEV0": "v0p0",
    "DEV1": "v0p1",
    "DEV2": "",
    "DUMMY": "dummy1",
    "ETH": "eth0",
    "BATCH_FILE": "./batch.txt",
    "BATCH_DIR": "tmp",
    "NS": "tcut",
    "EBPFDIR": "./",
}
# TDC_BUILD picks another user-space build (build/user-san: the daemon under
# ASan and UBSan).
USER_BUILD = TOP / os.environ.get("TDC_BUILD", "build/user")
SIDE_TOOLS = {
    "vm": {"TC": "/sbin/tc", "IP": "/sbin/ip"},
    "user": {"TC": str(USER_BUILD / "qdk-tc"), "IP": str(USER_BUILD / "qdk-ip")},
}

# Case files the VM does not run, with the reason (reported as not run):
# taprio's software schedule rearms its hrtimer every entry (300 us in the
# cases) and calls __netif_schedule() from it; on the emulated (TCG) guest
# that starves a vCPU (RCU stalls) and no result comes back. Until the VM
# had netdevsim these cases failed their setup there anyway.
VM_SKIP = {"taprio": "its hrtimer schedule starves the emulated guest's vCPU (RCU stalls)"}

# Kinds a case file stands for, when its name is not one: fifo.json tests
# pfifo and bfifo; the kit's qdk.json only kinds user space builds.
FILE_KINDS: dict[str, list[str]] = {"fifo": ["pfifo", "bfifo"], "qdk": []}


@dataclass
class Case:
    kind: str           # the file's stem: cake, fifo, mq ...
    tid: str
    name: str
    setup: list[tuple[str, list[int]]]
    cmd: str
    exp_rc: int
    verify: str
    pattern: str
    count: int
    teardown: list[tuple[str, list[int]]]
    skip: bool          # "skip": "yes" in the case
    exact: bool         # "exactOutput": outputs must be the kernel's
    kit: bool           # from tests/tdc/cases/, not from tc-testing


def steps_of(raw: list) -> list[tuple[str, list[int]]]:
    """prepare_env(): a step is a command or [command, allowed codes...]."""
    out = []
    for s in raw:
        if isinstance(s, list):
            out.append((str(s[0]), [int(c) for c in s[1:]]))
        else:
            out.append((str(s), [0]))
    return [(c, codes) for c, codes in out if c]


def load_cases(src: Path) -> list[Case]:
    cases = []
    files = sorted(src.glob("*.json"))
    if not files:
        sys.exit(f"tdc.py: no *.json under {src} (make tdc extracts them)")
    seen: set[str] = set()
    for f in files + sorted(KIT_CASES.glob("*.json")):
        try:
            data = json.loads(f.read_text())
        except (OSError, ValueError) as e:
            sys.exit(f"{f}:1: {e}")
        for t in data:
            cases.append(Case(
                kind=f.stem, tid=t["id"], name=t["name"],
                setup=steps_of(t.get("setup", [])), cmd=t["cmdUnderTest"],
                exp_rc=int(t["expExitCode"]), verify=t["verifyCmd"],
                pattern=str(t["matchPattern"]), count=int(t["matchCount"]),
                teardown=steps_of(t.get("teardown", [])),
                skip=t.get("skip") == "yes", exact=bool(t.get("exactOutput")),
                kit=f.parent == KIT_CASES))
            if t["id"] in seen:
                sys.exit(f"{f}:1: case id {t['id']} is used twice")
            seen.add(t["id"])
    return cases


def built_kinds() -> set[str]:
    """The qdisc kinds the user-space build registers: upstream/kinds.txt and
    the shim's own (sch_generic.c's builtins)."""
    kinds = {"noqueue", "noop", "pfifo_fast"}
    for line in (TOP / "upstream/kinds.txt").read_text().splitlines():
        words = line.split("#")[0].split()
        kinds.update(words[1:])
    return kinds


def user_skip(case: Case, kinds: set[str]) -> str | None:
    """Why user space does not run a case, or None."""
    if case.skip:
        return "designated as skipped in the case"
    for k in FILE_KINDS.get(case.kind, [case.kind]):
        if k not in kinds:
            return f"kind {k} is not built in user space"
    return None


def names_for(side: str) -> dict[str, str]:
    return {**NAMES, **SIDE_TOOLS[side]}


def subst(cmd: str, names: dict[str, str], tid: str) -> str:
    """tdc.py's replace_keywords(), with TESTID set as run_one_test() does."""
    return Template(cmd).safe_substitute({**names, "TESTID": tid})


def compile_steps(side: str, cases: list[Case], out: Path) -> None:
    names = names_for(side)
    kinds = built_kinds()
    lines = []
    for c in cases:
        if c.skip or (side == "user" and user_skip(c, kinds)) or (
                side == "vm" and c.kind in VM_SKIP):
            continue
        seq = [("setup", s, codes) for s, codes in c.setup]
        seq += [("execute", c.cmd, [c.exp_rc]), ("verify", c.verify, [0])]
        seq += [("teardown", s, codes) for s, codes in c.teardown]
        for stage, cmd, codes in seq:
            line = subst(cmd, names, c.tid)
            if "\t" in line or "\n" in line:
                line = line.replace("\t", " ").replace("\n", " ")
            lines.append(f"{c.tid}\t{stage}\t{','.join(map(str, codes))}\t{line}\n")
    out.write_text("".join(lines))


def read_step(d: Path, n: int) -> tuple[int, str, str] | None:
    rcf = d / f"{n}.rc"
    if not rcf.exists():
        return None
    rc = int(rcf.read_text().strip() or "255")
    if rc == TIMEOUT_RC:
        rc = TDC_TIMEOUT_RC
    so = (d / f"{n}.out").read_bytes().decode("utf-8", errors="ignore")
    se = (d / f"{n}.err").read_bytes().decode("utf-8", errors="ignore")
    return rc, so, se


def tdc_output(rc: int, so: str, se: str) -> str:
    """exec_cmd(): stderr when the command failed and wrote to it, else stdout."""
    return se if rc != 0 and se else so


def outputs(c: Case, d: Path) -> dict[str, str]:
    """What cmdUnderTest and verifyCmd printed (tdc's choice of stream), with
    the command's exit status."""
    out = {}
    ex = read_step(d, len(c.setup) + 1)
    if ex:
        out["cmd_output"] = f"rc={ex[0]}\n" + tdc_output(*ex)
    vf = read_step(d, len(c.setup) + 2)
    if vf:
        out["verify_output"] = tdc_output(*vf)
    return out


def judge(c: Case, d: Path) -> tuple[str, str]:
    """(result, message) of one case from tdc-run.sh's files in d."""
    if not d.is_dir():
        return "skip", "not run"
    nset = len(c.setup)
    sf = d / "setup-failed"
    if sf.exists():
        n = int(sf.read_text())
        st = read_step(d, n)
        msg = f"setup step {n} \"{c.setup[n - 1][0]}\" exited {st[0] if st else '?'}"
        if st:
            msg += ": " + tdc_output(*st).strip()[:300]
        return "skip", msg
    ex = read_step(d, nset + 1)
    if ex is None:
        return "skip", "cmdUnderTest not run"
    rc, so, se = ex
    out = tdc_output(rc, so, se)
    if rc != c.exp_rc:
        result, msg = "fail", f"command exited {rc}, expected {c.exp_rc}: {out.strip()[:300]}"
    else:
        vf = read_step(d, nset + 2)
        if vf is None:
            return "skip", "verifyCmd not run"
        vout = tdc_output(*vf)
        pat = re.compile(c.pattern, re.DOTALL | re.MULTILINE)
        if vout:
            got = len(re.findall(pat, vout))
            if got != c.count:
                result = "fail"
                msg = f"pattern matched {got} times, expected {c.count}; verify output:\n{vout}"
            else:
                result, msg = "pass", ""
        elif c.count != 0:
            result, msg = "fail", "No output generated by verify command."
        else:
            result, msg = "pass", ""
    for i, (cmd, codes) in enumerate(c.teardown):
        st = read_step(d, nset + 3 + i)
        if st is None or st[0] not in codes:
            rc_t = st[0] if st else "?"
            return "skip", f"teardown \"{cmd}\" exited {rc_t} ({result} before it)"
    return result, msg


def check(side: str, cases: list[Case], results: Path) -> dict:
    kinds = built_kinds()
    out: dict[str, dict[str, object]] = {}
    for c in cases:
        why = "designated as skipped in the case" if c.skip else None
        if side == "user" and not why:
            why = user_skip(c, kinds)
        if side == "vm" and not why:
            why = VM_SKIP.get(c.kind)
        if why:
            out[c.tid] = {"kind": c.kind, "name": c.name, "result": "notrun", "reason": why}
            continue
        res, msg = judge(c, results / c.tid)
        out[c.tid] = {"kind": c.kind, "name": c.name, "result": res, "message": msg,
                      "exact": c.exact, **outputs(c, results / c.tid)}
    return out


def run_user(src: Path, outdir: Path) -> dict:
    cases = load_cases(src)
    outdir.mkdir(parents=True, exist_ok=True)
    steps = outdir / "user.steps"
    compile_steps("user", cases, steps)
    res = outdir / "user"
    subprocess.run(["rm", "-rf", str(res)], check=True)
    env = dict(os.environ)
    env.setdefault("QDK_NS", f"tdc-{os.getpid()}")
    try:
        # inside the namespace, as the VM runs the steps inside its own
        r = subprocess.run([str(USER_BUILD / "qdk-ns"), "exec", env["QDK_NS"], "sh",
                            str(HERE / "tdc-run.sh"), str(steps), str(res)], env=env, check=False,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    finally:
        subprocess.run([str(USER_BUILD / "qdk-ns"), "del", env["QDK_NS"]], check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if r.returncode != 0:
        sys.exit(f"tdc.py: tdc-run.sh failed: {r.stdout}")
    result = check("user", cases, res)
    (outdir / "user.json").write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")
    return result


def load_json(p: Path) -> dict:
    try:
        return json.loads(p.read_text())
    except (OSError, ValueError) as e:
        sys.exit(f"{p}:1: {e}")


def report(cases: list[Case], user: dict, vm: dict | None, outdir: Path) -> str:
    kinds: dict[str, dict] = {}
    for c in cases:
        k = kinds.setdefault(c.kind, {"cases": 0, "run": 0, "user_pass": 0, "vm_pass": 0,
                                      "vm_run": 0, "regressions": [], "skipped": {}})
        k["cases"] += 1
        u = user.get(c.tid, {"result": "notrun", "reason": "no user-space result"})
        if u["result"] == "notrun":
            k["skipped"][u["reason"]] = k["skipped"].get(u["reason"], 0) + 1
        else:
            k["run"] += 1
            k["user_pass"] += u["result"] == "pass"
        if vm is not None and c.tid in vm:
            v = vm[c.tid]
            k["vm_run"] += v["result"] != "notrun"
            k["vm_pass"] += v["result"] == "pass"
            if v["result"] == "pass" and u["result"] != "pass":
                k["regressions"].append(c.tid)
    kit_kinds = {c.kind for c in cases if c.kit}
    fields = ("cases", "run", "user_pass", "vm_pass", "vm_run")
    hdr = f"{'kind':<12} {'cases':>5} {'run':>4} {'user':>5} {'vm':>4}  skipped in user space (reason)"
    lines = [hdr, "-" * len(hdr)]
    tot: dict[str, dict[str, int]] = {}
    for label, kit in (("tc-testing", False), ("kit cases", True)):
        sel = {n: k for n, k in kinds.items() if (n in kit_kinds) == kit}
        for name, k in sorted(sel.items()):
            why = "; ".join(f"{n}: {r}" for r, n in sorted(k["skipped"].items()))
            vmp = str(k["vm_pass"]) if vm is not None else "-"
            lines.append(f"{name:<12} {k['cases']:>5} {k['run']:>4} {k['user_pass']:>5} {vmp:>4}  {why}")
        t = tot[label] = {f: sum(k[f] for k in sel.values()) for f in fields}
        vmp = str(t["vm_pass"]) if vm is not None else "-"
        lines.append(f"{'= ' + label:<12} {t['cases']:>5} {t['run']:>4} {t['user_pass']:>5} {vmp:>4}")
        lines.append("-" * len(hdr))
    up = [c for c in cases if not c.kit]
    t = tot["tc-testing"]
    pct = 100.0 * t["run"] / t["cases"] if t["cases"] else 0.0
    lines.append(f"tc-testing: {t['run']} of {t['cases']} cases run in user space ({pct:.1f} %)")
    built = [c for c in up if user.get(c.tid, {}).get("reason", "").find("not built") < 0]
    brun = sum(1 for c in built if user.get(c.tid, {}).get("result", "notrun") != "notrun")
    if built:
        lines.append(f"tc-testing, kinds built in user space: {brun} of {len(built)} cases run "
                     f"({100.0 * brun / len(built):.1f} %)")
    text = "\n".join(lines) + "\n"
    outdir.mkdir(parents=True, exist_ok=True)
    (outdir / "report.txt").write_text(text)
    summary = {"kinds": kinds, "total": tot, "user": user, "vm": vm}
    (outdir / "report.json").write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n")
    return text


def read_exceptions(p: Path) -> dict[str, str]:
    """EXCEPTIONS: "ID  reason" a line, # comments; every case needs a reason."""
    out = {}
    for i, line in enumerate(p.read_text().splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split(None, 1)
        if len(parts) < 2:
            sys.exit(f"{p}:{i}: an exception needs a reason: ID REASON")
        out[parts[0]] = parts[1]
    return out


def compare(user: dict, ref: dict, ref_out: dict, exc: dict[str, str]) -> int:
    """Every case the reference passes passes here (with the same outputs
    when exact), unless excused; prints one line per failure."""
    bad = good = excused = 0
    for tid in sorted(set(user) - set(ref)):
        print(f"FAIL {tid} ({user[tid]['kind']}): no reference result: run make tdc and "
              "commit tests/tdc/reference-6.1.json")
        bad += 1
    for tid, r in sorted(ref.items()):
        if r != "pass":
            continue
        u = user.get(tid)
        if u is None:
            print(f"FAIL {tid}: in the reference, unknown here")
            bad += 1
            continue
        if u["result"] == "notrun":
            continue
        if u["result"] == "pass" and u.get("exact"):
            diff = [k for k in ("cmd_output", "verify_output")
                    if u.get(k) != ref_out.get(tid, {}).get(k)]
            if not diff:
                good += 1
                continue
            u = {**u, "result": "different output",
                 "message": "\n".join(f"{k}: kernel:\n{ref_out.get(tid, {}).get(k)}"
                                      f"user space:\n{u.get(k)}" for k in diff)}
        elif u["result"] == "pass":
            good += 1
            continue
        if tid in exc:
            print(f"excused {tid} ({u['kind']}): {exc[tid]}")
            excused += 1
            continue
        msg = u.get("message", "")
        print(f"FAIL {tid} ({u['kind']}) {u['name']}: the kernel passes, user space: "
              f"{u['result']}: " + msg.replace("\n", "\n     "))
        bad += 1
    for tid in sorted(exc):
        if tid in user and user[tid]["result"] == "pass":
            print(f"FAIL {tid}: passes now, remove it from the exceptions")
            bad += 1
    print(f"compare: of the cases the kernel passes, {good} pass in user space, "
          f"{excused} excused, {bad} failed")
    return bad


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__)
        return 2
    cmd, args = argv[1], argv[2:]
    if cmd == "compile" and len(args) == 3 and args[0] in SIDE_TOOLS:
        compile_steps(args[0], load_cases(Path(args[1])), Path(args[2]))
        return 0
    if cmd == "run" and len(args) == 2:
        run_user(Path(args[0]), Path(args[1]))
        return 0
    if cmd == "check" and len(args) == 4 and args[0] in SIDE_TOOLS:
        res = check(args[0], load_cases(Path(args[1])), Path(args[2]))
        Path(args[3]).write_text(json.dumps(res, indent=1, sort_keys=True) + "\n")
        return 0
    if cmd == "report" and len(args) == 4:
        vm = load_json(Path(args[2])) if Path(args[2]).exists() else None
        if vm is not None and "results" in vm:      # the committed reference
            vm = {tid: {"result": r} for tid, r in vm["results"].items()}
        print(report(load_cases(Path(args[0])), load_json(Path(args[1])), vm, Path(args[3])),
              end="")
        return 0
    if cmd == "compare" and len(args) == 3:
        ref = load_json(Path(args[1]))
        bad = compare(load_json(Path(args[0])), ref["results"], ref.get("outputs", {}),
                      read_exceptions(Path(args[2])))
        return 1 if bad else 0
    if cmd == "reference" and len(args) == 2:
        vm = load_json(Path(args[0]))
        ref = {"source": "linux-source-6.1 tc-tests/qdiscs and tests/tdc/cases, "
                         "run in the VM by make tdc",
               "results": {tid: r["result"] for tid, r in sorted(vm.items())},
               "outputs": {tid: {k: r[k] for k in ("cmd_output", "verify_output") if k in r}
                           for tid, r in sorted(vm.items()) if r.get("exact")}}
        Path(args[1]).write_text(json.dumps(ref, indent=1, sort_keys=True) + "\n")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
