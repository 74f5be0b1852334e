#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""tdc.py - the kernel's own tc-testing (tdc) qdisc cases, in user space and in the VM.

The cases are a series' linux-source tools/testing/selftests/tc-testing/
tc-tests/qdiscs/*.json, extracted at build time with that series' tdc.py,
tdc_config.py and plugin-lib/nsPlugin.py into build/tdc[-SERIES]/src (never
committed), and the kit's own in tests/tdc/cases/ (same format; with
"exactOutput": true the command's and the verify command's output must also
be what the kernel printed, byte for byte). This runner follows that
series' tdc.py for them, reading what changed between series from its
sources (Flavour):

- every command is a shell line after string.Template.safe_substitute() of
  the series' tdc_config.py NAMES ($TC, $IP, $DUMMY, $ETH, $DEV0, $DEV1,
  $IFB, $NS ...); where its tdc.py gives each case names of its own
  (6.6 on: NAMES['DUMMY'] = '{}id{}'.format(..., id)), so does this;
- where its nsPlugin makes devices for each case (its `link add $X type
  KIND` commands: $DUMMY, $IFB, the veth pair $DEV1/$DEV0), they are made
  and set up before the case and deleted after it; the user-space
  namespace has no veth, so a case naming the pair is not run there;
- a case's dependsOn probe runs first; when it fails the case is a skip;
- setup steps may list the exit codes they allow (default 0); a setup step
  that returns another code makes the case a skip (tdc.py stops the whole
  run there; here only the case stops and its teardown still runs);
- cmdUnderTest must exit with expExitCode; then verifyCmd runs and, on
  its output (stderr when it failed and printed to stderr, else stdout),
  matchJSON must be found in the output's JSON as tdc.py's find_in_json()
  finds it, or the number of re.findall(matchPattern, output, DOTALL |
  MULTILINE) must be matchCount; no output passes only when matchCount is
  0; a case with neither fails, as tdc.py says;
- a teardown step that fails makes the case a skip, as tdc.py does;
- a command still running after 24 s is stopped and counts as exit 255;
- a case that sends packets with scapy (scapyPlugin) is not run: the kit
  runs no scapy on either side.

tdc's nsPlugin prefixes each command with `ip netns exec tcut`; the VM runs
the whole step list inside one fresh namespace instead (so the shell's own
redirections, such as netdevsim's sysfs writes, act in that namespace too),
and user space runs it inside one qdk namespace (QDK_NS) the same way:
tdc-run.sh under `qdk-ns exec`, so each step's shell writes netdevsim's
sysfs files of that namespace and its tc and ip talk to it. The veth pair
nsPlugin makes ($DEV0, $DEV1) is not made: no qdisc case uses it.

SRCDIR is the extracted qdiscs/ directory (the series' tdc sources are two
levels up); tests/tdc/cases/ is always added.

    tdc.py compile SIDE SRCDIR STEPS     the step list (SIDE: user or vm)
    tdc.py run SRCDIR OUTDIR             compile, run through tdc-run.sh and
                                         check the user side (OUTDIR/user.json)
    tdc.py check SIDE SRCDIR RESULTS OUT.json   judge what tdc-run.sh saved
    tdc.py report SRCDIR USER.json VM.json OUTDIR
                                         the per-kind table (report.txt/.json)
    tdc.py compare USER.json REFERENCE.json EXCEPTIONS
                                         exit 1 when a case the reference
                                         passes fails here, unexcused
    tdc.py reference VM.json OUT.json SERIES
                                         the committed reference from a VM run
"""
from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from string import Template

HERE = Path(__file__).resolve().parent
TOP = HERE.parent.parent
KIT_CASES = HERE / "cases"
TIMEOUT_RC = 137        # timeout -s KILL
TDC_TIMEOUT_RC = 255    # what tdc.py reports for a command it stopped

# 6.1's tdc_config.py NAMES, for a source folder without the series' own
# (Flavour reads them from it); $TC and $IP per side.
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
# pfifo and bfifo; the kit's qdk.json only kinds user space builds; teql's
# kind is its device's name (teql0).
FILE_KINDS: dict[str, list[str]] = {"fifo": ["pfifo", "bfifo"], "qdk": [], "depth": ["htb"],
                                     "hhf_flows_limit": ["hhf"], "teql": ["teql0"]}


@dataclass
class Flavour:
    """What the series' own tdc does around a case, read from its sources."""
    names: dict[str, str] = field(default_factory=lambda: dict(NAMES))
    # the NAMES tdc.py suffixes with "id" and the case's id, each case
    per_case: list[str] = field(default_factory=list)
    # devices nsPlugin makes for each case: (NAMES key, kind, peer key or "")
    devices: list[tuple[str, str, str]] = field(default_factory=list)


def load_flavour(src: Path) -> Flavour:
    """The series' tdc_config.py NAMES, the names its tdc.py gives each case
    and the devices its nsPlugin makes for each case (src: .../qdiscs)."""
    root = src.resolve().parent.parent
    fl = Flavour()
    try:
        tree = ast.parse((root / "tdc_config.py").read_text())
    except (OSError, SyntaxError):
        return fl           # an older extraction: 6.1's names, nothing per case
    for node in tree.body:
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict)
                and any(isinstance(t, ast.Name) and t.id == "NAMES" for t in node.targets)):
            fl.names = {str(k): str(v) for k, v in ast.literal_eval(node.value).items()
                        if v is not None}
    try:
        tdc = (root / "tdc.py").read_text()
        ns = (root / "plugin-lib/nsPlugin.py").read_text()
    except OSError:
        return fl
    fl.per_case = re.findall(r"NAMES\['(\w+)'\]\s*=\s*'\{\}id\{\}'\.format", tdc)
    if fl.per_case:
        # made per case only where the names are per case (6.1's nsPlugin
        # makes its veth pair once per run, which the kit never made)
        for dev, kind, peer in re.findall(
                r"link add \$(\w+) type (\w+)(?: peer name \$(\w+))?", ns):
            fl.devices.append((dev, kind, peer))
    return fl


@dataclass
class Case:
    kind: str           # the file's stem: cake, fifo, mq ...
    tid: str
    name: str
    setup: list[tuple[str, list[int]]]
    cmd: str
    exp_rc: int
    verify: str
    pattern: str | None     # matchPattern, when the case has one
    count: int | None       # matchCount
    teardown: list[tuple[str, list[int]]]
    skip: bool          # "skip": "yes" in the case
    exact: bool         # "exactOutput": outputs must be the kernel's
    kit: bool           # from tests/tdc/cases/, not from tc-testing
    match_json: object = None   # matchJSON
    depends: str = ""   # dependsOn: a probe whose failure skips the case
    scapy: bool = False     # sends packets with scapyPlugin
    ns: bool = True     # requires nsPlugin (its devices, where it makes them)


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
            try:
                plugins = t.get("plugins", {})
                req = plugins.get("requires", []) if isinstance(plugins, dict) else plugins
                req = [req] if isinstance(req, str) else list(req)
                cases.append(Case(
                    kind=f.stem, tid=t["id"], name=t["name"],
                    setup=steps_of(t.get("setup", [])), cmd=t["cmdUnderTest"],
                    exp_rc=int(t["expExitCode"]), verify=t["verifyCmd"],
                    pattern=str(t["matchPattern"]) if "matchPattern" in t else None,
                    count=int(t["matchCount"]) if "matchCount" in t else None,
                    teardown=steps_of(t.get("teardown", [])),
                    skip=t.get("skip") == "yes", exact=bool(t.get("exactOutput")),
                    kit=f.parent == KIT_CASES, match_json=t.get("matchJSON"),
                    depends=str(t.get("dependsOn", "")), scapy="scapy" in t,
                    ns="nsPlugin" in req))
            except (KeyError, TypeError, ValueError) as e:
                sys.exit(f"{f}:1: case {t.get('id', '?') if isinstance(t, dict) else '?'}: "
                         f"{type(e).__name__} {e}")
            if t["id"] in seen:
                sys.exit(f"{f}:1: case id {t['id']} is used twice")
            seen.add(t["id"])
    return cases


def built_kinds() -> set[str]:
    """The qdisc kinds the user-space build registers: what its qdk-replay
    lists (the series' build has the series' kinds), else
    upstream/kinds.txt; and the shim's own builtins."""
    kinds = {"noqueue", "noop", "pfifo_fast"}
    try:
        r = subprocess.run([str(USER_BUILD / "qdk-replay"), "kinds"], check=True,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        return kinds | {line.split()[0] for line in r.stdout.splitlines() if line.strip()}
    except (OSError, subprocess.CalledProcessError):
        pass
    for line in (TOP / "upstream/kinds.txt").read_text().splitlines():
        words = line.split("#")[0].split()
        kinds.update(w for w in words[1:] if not w.startswith("@"))
    return kinds


def veth_names(fl: Flavour) -> list[str]:
    """The names of the veth pair nsPlugin makes for each case."""
    return [n for dev, kind, peer in fl.devices if kind == "veth" for n in (dev, peer) if n]


def not_run(case: Case, side: str, kinds: set[str], fl: Flavour) -> str | None:
    """Why a side does not run a case, or None."""
    if case.skip:
        return "designated as skipped in the case"
    if case.scapy:
        return "sends packets with scapy (scapyPlugin), which the kit does not run"
    if side == "vm":
        return VM_SKIP.get(case.kind)
    for k in FILE_KINDS.get(case.kind, [case.kind]):
        if k not in kinds:
            return f"kind {k} is not built in user space"
    text = " ".join([case.cmd, case.verify, case.depends] +
                    [c for c, _ in case.setup + case.teardown])
    for n in veth_names(fl) if case.ns else []:
        if re.search(r"\$\{?" + n + r"\b", text):
            return "uses nsPlugin's veth pair, which the user-space namespace cannot make"
    return None


def names_for(side: str, fl: Flavour, tid: str) -> dict[str, str]:
    """NAMES for one case: the series' own, each case's where its tdc.py
    gives them ('{}id{}'), $TC and $IP of the side, TESTID."""
    names = {**fl.names, **SIDE_TOOLS[side]}
    for n in fl.per_case:
        if n in names:
            names[n] = f"{names[n]}id{tid}"
    names["TESTID"] = tid
    return names


def subst(cmd: str, names: dict[str, str]) -> str:
    """tdc.py's replace_keywords()."""
    return Template(cmd).safe_substitute(names)


def sequence(c: Case, side: str, fl: Flavour) -> list[tuple[str, str, list[int]]]:
    """The steps of a case in the order tdc.py runs them: (stage, command, codes)."""
    seq: list[tuple[str, str, list[int]]] = []
    if c.depends:
        seq.append(("probe", c.depends, [0]))
    made = [(d, k, p) for d, k, p in fl.devices if c.ns and not (side == "user" and k == "veth")]
    for dev, kind, peer in made:
        peer_of = f" peer name ${peer}" if peer else ""
        seq.append(("pre", f"$IP link add ${dev} type {kind}{peer_of}", [0]))
        for n in (dev, peer):
            if n:
                seq.append(("pre", f"$IP link set ${n} up", [0]))
    seq += [("setup", cmd, codes) for cmd, codes in c.setup]
    seq += [("execute", c.cmd, [c.exp_rc]), ("verify", c.verify, [0])]
    seq += [("teardown", cmd, codes) for cmd, codes in c.teardown]
    # the namespace's removal: what nsPlugin made goes
    seq += [("post", f"$IP link del ${dev}", [0]) for dev, _, _ in made]
    return seq


def step_of(seq: list[tuple[str, str, list[int]]], stage: str) -> int:
    """The 1-based number of a case's first step of stage (0: none)."""
    for i, (st, _, _) in enumerate(seq, 1):
        if st == stage:
            return i
    return 0


def compile_steps(side: str, cases: list[Case], fl: Flavour, out: Path) -> None:
    kinds = built_kinds()
    lines = []
    for c in cases:
        if not_run(c, side, kinds, fl):
            continue
        names = names_for(side, fl, c.tid)
        for stage, cmd, codes in sequence(c, side, fl):
            line = subst(cmd, names)
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


def outputs(seq: list[tuple[str, str, list[int]]], d: Path) -> dict[str, str]:
    """What cmdUnderTest and verifyCmd printed (tdc's choice of stream), with
    the command's exit status."""
    out = {}
    ex = read_step(d, step_of(seq, "execute"))
    if ex:
        out["cmd_output"] = f"rc={ex[0]}\n" + tdc_output(*ex)
    vf = read_step(d, step_of(seq, "verify"))
    if vf:
        out["verify_output"] = tdc_output(*vf)
    return out


def json_found(out: object, want: object, key: object = None) -> str:
    """Where matchJSON's want is not in out, as tdc.py's find_in_json()
    looks: lists element by element (want no longer than out), objects key
    by key (each key present), a value compared where its key is in the
    object; an empty list or object asks only for the key. "" when found."""
    if isinstance(want, list):
        if not isinstance(out, list):
            return f"output {out!r} is not a list like {want!r}"
        if len(want) > len(out):
            return f"matchJSON has {len(want)} elements, the output {len(out)}: {out!r}"
        for o, w in zip(out, want, strict=False):  # the output may hold more
            why = json_found(o, w, key)
            if why:
                return why
        return ""
    if isinstance(want, dict):
        if not isinstance(out, dict):
            return f"output {out!r} is not an object like {want!r}"
        for k, w in want.items():
            if k not in out:
                return f"Key not found in json output: {k}: {w}"
            if isinstance(out[k], (dict, list)) and isinstance(w, (dict, list)) and w:
                why = json_found(out[k], w, k)
            elif isinstance(out[k], (dict, list)):
                # an empty list or object (or a scalar) against a nested value
                why = "" if out[k] == w else f"Value doesn't match: {k}: {w!r} != {out[k]!r}"
            else:
                why = json_found(out, w, k)
            if why:
                return why
        return ""
    if isinstance(out, dict) and key in out and out[key] != want:
        return f"Value doesn't match: {key}: {want!r} != {out[key]!r}"
    return ""


def verdict(c: Case, vout: str) -> tuple[str, str]:
    """The verify stage of tdc.py's run_one_test() on the output vout."""
    if not vout:
        if c.count:
            return "fail", "No output generated by verify command."
        return "pass", ""
    if c.match_json is not None:
        try:
            got = json.loads(vout)
        except ValueError:
            return "fail", "Cannot decode verify command's output. Is it JSON?"
        if type(got) is not type(c.match_json):
            return "fail", "Original output and matchJSON value are not the same type"
        why = json_found(got, c.match_json, 0)
        return ("fail", why + f"\nMatching against output: {vout}") if why else ("pass", "")
    if c.pattern is None:
        return "fail", f"Must specify a match option: matchJSON or matchPattern\n{vout}"
    n = len(re.findall(re.compile(c.pattern, re.DOTALL | re.MULTILINE), vout))
    if n != c.count:
        return "fail", f"pattern matched {n} times, expected {c.count}; verify output:\n{vout}"
    return "pass", ""


def judge(c: Case, seq: list[tuple[str, str, list[int]]], d: Path) -> tuple[str, str]:
    """(result, message) of one case from tdc-run.sh's files in d."""
    if not d.is_dir():
        return "skip", "not run"
    if (d / "probe-failed").exists():
        return "skip", f"probe command (dependsOn) \"{c.depends}\" failed: test skipped"
    sf = d / "setup-failed"
    if sf.exists():
        n = int(sf.read_text())
        st = read_step(d, n)
        stage = "nsPlugin's" if seq[n - 1][0] == "pre" else "setup"
        msg = f"{stage} step {n} \"{seq[n - 1][1]}\" exited {st[0] if st else '?'}"
        if st:
            msg += ": " + tdc_output(*st).strip()[:300]
        return "skip", msg
    ex = read_step(d, step_of(seq, "execute"))
    if ex is None:
        return "skip", "cmdUnderTest not run"
    rc, so, se = ex
    out = tdc_output(rc, so, se)
    if rc != c.exp_rc:
        result, msg = "fail", f"command exited {rc}, expected {c.exp_rc}: {out.strip()[:300]}"
    else:
        vf = read_step(d, step_of(seq, "verify"))
        if vf is None:
            return "skip", "verifyCmd not run"
        result, msg = verdict(c, tdc_output(*vf))
    first = step_of(seq, "teardown")
    for i, (cmd, codes) in enumerate(c.teardown):
        st = read_step(d, first + i)
        if st is None or st[0] not in codes:
            rc_t = st[0] if st else "?"
            return "skip", f"teardown \"{cmd}\" exited {rc_t} ({result} before it)"
    return result, msg


def check(side: str, cases: list[Case], fl: Flavour, results: Path) -> dict:
    kinds = built_kinds()
    out: dict[str, dict[str, object]] = {}
    for c in cases:
        why = not_run(c, side, kinds, fl)
        if why:
            out[c.tid] = {"kind": c.kind, "name": c.name, "result": "notrun", "reason": why}
            continue
        seq = sequence(c, side, fl)
        res, msg = judge(c, seq, results / c.tid)
        out[c.tid] = {"kind": c.kind, "name": c.name, "result": res, "message": msg,
                      "exact": c.exact, **outputs(seq, results / c.tid)}
    return out


def run_user(src: Path, outdir: Path) -> dict:
    cases = load_cases(src)
    fl = load_flavour(src)
    outdir.mkdir(parents=True, exist_ok=True)
    steps = outdir / "user.steps"
    compile_steps("user", cases, fl, steps)
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
    result = check("user", cases, fl, res)
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


def compare(user: dict, ref: dict, ref_out: dict, exc: dict[str, str], ref_path: str) -> int:
    """Every case the reference passes passes here (with the same outputs
    when exact), unless excused; prints one line per failure."""
    bad = good = excused = 0
    failing: set[str] = set()  # excused and failing (also an exact case printing otherwise)
    for tid in sorted(set(user) - set(ref)):
        print(f"FAIL {tid} ({user[tid]['kind']}): no reference result: run make tdc and "
              f"commit {ref_path}")
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
            failing.add(tid)
            continue
        msg = u.get("message", "")
        print(f"FAIL {tid} ({u['kind']}) {u['name']}: the kernel passes, user space: "
              f"{u['result']}: " + msg.replace("\n", "\n     "))
        bad += 1
    for tid in sorted(exc):
        if tid in user and tid not in failing and user[tid]["result"] == "pass":
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
        src = Path(args[1])
        compile_steps(args[0], load_cases(src), load_flavour(src), Path(args[2]))
        return 0
    if cmd == "run" and len(args) == 2:
        run_user(Path(args[0]), Path(args[1]))
        return 0
    if cmd == "check" and len(args) == 4 and args[0] in SIDE_TOOLS:
        src = Path(args[1])
        res = check(args[0], load_cases(src), load_flavour(src), Path(args[2]))
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
                      read_exceptions(Path(args[2])), args[1])
        return 1 if bad else 0
    if cmd == "reference" and len(args) == 3:
        vm = load_json(Path(args[0]))
        ref = {"source": f"the {args[2]} series' linux-source tc-tests/qdiscs and "
                         f"tests/tdc/cases, run in the VM by make tdc KERNEL={args[2]}",
               "results": {tid: r["result"] for tid, r in sorted(vm.items())},
               "outputs": {tid: {k: r[k] for k in ("cmd_output", "verify_output") if k in r}
                           for tid, r in sorted(vm.items()) if r.get("exact")}}
        Path(args[1]).write_text(json.dumps(ref, indent=1, sort_keys=True) + "\n")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
