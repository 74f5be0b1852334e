#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh [-r RUNS] [-j JOBS] [SECONDS] [TARGET...] - build the libFuzzer
# targets (clang, ASan + UBSan, build/user-fuzz/) and run each for SECONDS
# (default 600; `make fuzz`), or until it has run RUNS inputs (libFuzzer's
# -runs; with -r, no time limit unless SECONDS is given too: 0 is none),
# every target when none is named. With -j, JOBS processes fuzz a target
# at once on one corpus (libFuzzer's -jobs and -workers), RUNS / JOBS
# inputs each; their logs are build/fuzz/TARGET-jobs/fuzz-N.log, and the
# runs printed are their sum. Before fuzzing, every input under
# fuzz/regress/TARGET/ (crashers found earlier, now fixed) must run clean.
# Each target starts from the committed seeds (fuzz/corpus/TARGET, made by
# fuzz/seeds.py) plus what earlier runs here found (build/fuzz/corpus/).
# A crash, leak, kernel WARN, an input slower than 10 s or over 2 GiB fails
# the run and leaves the input in build/fuzz/ with the command that replays
# it. Prints each target's runs, wall time and speed (libFuzzer's final
# stats), then "N passed, M failed", and appends each target's line to
# fuzz/results.tsv (QDK_FUZZ_RESULTS names another file) with the commit
# and the machine: the history of the runs lives there, not in the docs.
# KERNEL=6.12|7.x (`make fuzz KERNEL=7.x`): that series' build
# (build/user-fuzz-SERIES/), whose kinds the targets reach (7.x's: the BPF
# programs too); its lines name the target TARGET-SERIES.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
runs_max= jobs=1
while [ "${1:-}" = -r ] || [ "${1:-}" = -j ]; do
	v=${2:-}
	case $v in *[!0-9]*|'') echo "run.sh: $1 needs a number, got '$v'" >&2; exit 2 ;; esac
	if [ "$1" = -r ]; then runs_max=$v; else jobs=$v; fi
	shift 2
done
[ "$jobs" -ge 1 ] || { echo "run.sh: -j JOBS must be 1 or more" >&2; exit 2; }
# SECONDS, when the first word is a number: else 600, or none with -r
secs=600
[ -n "$runs_max" ] && secs=0
case ${1:-} in '' | *[!0-9]*) ;; *) secs=$1 && shift ;; esac
limit=(-max_total_time="$secs")
[ -n "$runs_max" ] && limit+=(-runs="$(((runs_max + jobs - 1) / jobs))")
targets=${*:-$(sed -n 's/^FUZZ_TARGETS := //p' fuzz/fuzz.mk)}
pass=0 fail=0
results=${QDK_FUZZ_RESULTS:-fuzz/results.tsv}
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
git diff-index --quiet HEAD -- 2>/dev/null || commit=$commit+dirty
machine="$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -n 1), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
# record TARGET INPUTS SECONDS JOBS COVERAGE CORPUS RESULT: a line of the results file
record() {
	[ -s "$results" ] || printf 'commit\tmachine\ttarget\tinputs\tseconds\tinputs_per_s\tjobs\tcoverage\tcorpus\tresult\n' >"$results"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$commit" "$machine" "$1" "$2" "$3" \
		"$([ -n "$2" ] && [ "${3:-0}" -gt 0 ] && echo $(($2 / $3)))" "$4" "$5" "$6" "$7" >>"$results"
}
ok() { echo "ok   $1"; pass=$((pass + 1)); }
ko() { echo "FAIL $1"; fail=$((fail + 1)); }
sfx=
[ "${KERNEL:-6.1}" = 6.1 ] || sfx=-$KERNEL
out=build/fuzz
mkdir -p "$out"
if make -s -j2 -f Makefile.user FUZZ=1 fuzz-targets >"$out/build.log" 2>&1; then
	ok "fuzz targets build (clang, ASan + UBSan): $targets"
else
	ko "fuzz targets build"
	tail -n 20 "$out/build.log" | sed 's/^/     /'
	echo "$pass passed, $fail failed"
	exit 1
fi
# libFuzzer's own options; the sanitizers' defaults come from shim/lib/host.c
opts=(-max_len=65536 -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -print_final_stats=1)
for t in $targets; do
	bin=build/user-fuzz$sfx/fuzz-$t
	if [ ! -x "$bin" ]; then
		ko "fuzz $t: no target of that name (fuzz/fuzz.mk lists them)"
		continue
	fi
	# the format's words, when the target has a dictionary
	dict=()
	[ -f "fuzz/$t.dict" ] && dict=(-dict="fuzz/$t.dict")
	# a refused trace or command line leaves through exit(), as in the
	# tools, so what the call had allocated is not freed: no leak checks
	# there (the tca and rtnl targets check every allocation themselves)
	asan=${ASAN_OPTIONS:-}
	case $t in trace | args) dict+=(-detect_leaks=0) && asan=${asan:+$asan:}detect_leaks=0 ;; esac
	rm -f "$out/$t"-crash-* "$out/$t"-leak-* "$out/$t"-timeout-* "$out/$t"-oom-* "$out/$t"-report*
	# fixed crashers stay fixed
	if [ -d "fuzz/regress/$t" ] && [ -n "$(ls -A "fuzz/regress/$t")" ]; then
		n=$(ls "fuzz/regress/$t" | wc -l)
		if ASAN_OPTIONS=$asan QDK_FUZZ_REPORT="$out/$t-report" "$bin" "${opts[@]}" "${dict[@]}" \
			"fuzz/regress/$t"/* >"$out/$t-regress.log" 2>&1; then
			ok "fuzz $t: the $n inputs of fuzz/regress/$t run clean"
		else
			ko "fuzz $t: an input of fuzz/regress/$t fails again"
			grep -h -m 3 -E "ERROR|fuzz:|Running|SUMMARY" "$out/$t-regress.log" "$out/$t"-report* 2>/dev/null |
				sed 's/^/     /'
		fi
	fi
	corpus=$out/corpus/$t
	mkdir -p "$corpus"
	[ -d "fuzz/corpus/$t" ] && cp -n fuzz/corpus/"$t"/* "$corpus"/ 2>/dev/null
	# the trace reader's seeds are the committed traces themselves (up to 64 KiB)
	if [ "$t" = trace ]; then
		git ls-files '*.qtr' '*.qtr.zst' '*.qtr.gz' | while read -r f; do
			[ "$(stat -c %s "$f")" -le 65536 ] && cp "$f" "$corpus/$(sha1sum <"$f" | cut -c1-40)"
		done
	fi
	log=$out/$t.log
	logs=("$log")
	par=() wd=.
	rm -rf "$out/$t-jobs"
	if [ "$jobs" -gt 1 ]; then
		# each job's log is fuzz-N.log in the directory it runs in
		wd=$out/$t-jobs
		mkdir -p "$wd"
		par=(-jobs="$jobs" -workers="$jobs")
	fi
	rm -f "$out/$t"-report*
	start=$(date +%s)
	if (cd "$wd" &&
		ASAN_OPTIONS=$asan QDK_FUZZ_REPORT="$top/$out/$t-report" "$top/$bin" "${opts[@]}" \
		"${dict[@]/#-dict=/-dict=$top/}" "${limit[@]}" "${par[@]}" \
		-artifact_prefix="$top/$out/$t-" "$top/$corpus") >"$log" 2>&1 &&
		! grep -qs -E "^==[0-9]+==ERROR|^SUMMARY: |deadly signal" "$out/$t-jobs"/fuzz-*.log; then
		[ "$jobs" -gt 1 ] && logs=("$out/$t-jobs"/fuzz-*.log)
		# libFuzzer's final stats: units run (summed over the jobs); the
		# wall time is ours
		runs=$(cat "${logs[@]}" | sed -n 's/^stat::number_of_executed_units: *//p' |
			awk '{ n += $1 } END { print n + 0 }')
		secs_run=$(($(date +%s) - start))
		cov=$(cat "${logs[@]}" | grep -o 'cov: [0-9]*' | sort -t' ' -k2 -n | tail -n 1)
		ok "fuzz $t: $runs runs in $secs_run s ($((runs / (secs_run ? secs_run : 1)))/s${par:+, $jobs jobs}), ${cov:-cov: ?}, corpus $(ls "$corpus" | wc -l), no crash"
		record "$t$sfx" "$runs" "$secs_run" "$jobs" "${cov#cov: }" "$(ls "$corpus" | wc -l)" "no crash"
	else
		[ "$jobs" -gt 1 ] && cat "$out/$t-jobs"/fuzz-*.log >>"$log" 2>/dev/null
		art=$(ls "$out/$t"-* 2>/dev/null | grep -v '\.log$' | head -n 1)
		ko "fuzz $t: ${art:-a failure} (replay: $bin $art; log $log)"
		record "$t$sfx" "" "$(($(date +%s) - start))" "$jobs" "" "$(ls "$corpus" | wc -l)" "failed: ${art:-see $log}"
		grep -h -m 5 -E "ERROR|fuzz:|SUMMARY|#[0-4] " "$log" "$out/$t"-report* 2>/dev/null | sed 's/^/     /'
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
