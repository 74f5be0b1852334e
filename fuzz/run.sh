#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh [-r RUNS] [SECONDS] [TARGET...] - build the libFuzzer targets
# (clang, ASan + UBSan, build/user-fuzz/) and run each for SECONDS (default
# 600; `make fuzz`), or until it has run RUNS inputs (libFuzzer's -runs; with
# -r, no time limit unless SECONDS is given too: 0 is none), every target
# when none is named. Before fuzzing, every input under
# fuzz/regress/TARGET/ (crashers found earlier, now fixed) must run clean.
# Each target starts from the committed seeds (fuzz/corpus/TARGET, made by
# fuzz/seeds.py) plus what earlier runs here found (build/fuzz/corpus/).
# A crash, leak, kernel WARN, an input slower than 10 s or over 2 GiB fails
# the run and leaves the input in build/fuzz/ with the command that replays
# it. Prints each target's runs, wall time and speed (libFuzzer's final
# stats), then "N passed, M failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
runs_max=
if [ "${1:-}" = -r ]; then
	runs_max=${2:-}
	shift 2 2>/dev/null || shift
	case $runs_max in *[!0-9]*|'') echo "run.sh: -r RUNS must be a number, got '$runs_max'" >&2; exit 2 ;; esac
fi
# SECONDS, when the first word is a number: else 600, or none with -r
secs=600
[ -n "$runs_max" ] && secs=0
case ${1:-} in '' | *[!0-9]*) ;; *) secs=$1 && shift ;; esac
limit=(-max_total_time="$secs")
[ -n "$runs_max" ] && limit+=(-runs="$runs_max")
targets=${*:-$(sed -n 's/^FUZZ_TARGETS := //p' fuzz/fuzz.mk)}
pass=0 fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
ko() { echo "FAIL $1"; fail=$((fail + 1)); }
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
	bin=build/user-fuzz/fuzz-$t
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
	rm -f "$out/$t"-report*
	start=$(date +%s)
	if ASAN_OPTIONS=$asan QDK_FUZZ_REPORT="$out/$t-report" "$bin" "${opts[@]}" "${dict[@]}" \
		"${limit[@]}" -artifact_prefix="$out/$t-" "$corpus" >"$log" 2>&1; then
		# libFuzzer's final stats: units run, their rate; the wall time is ours
		runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
		speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
		cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
		ok "fuzz $t: ${runs:-?} runs in $(($(date +%s) - start)) s (${speed:-?}/s), ${cov:-cov: ?}, corpus $(ls "$corpus" | wc -l), no crash"
	else
		art=$(ls "$out/$t"-* 2>/dev/null | grep -v '\.log$' | head -n 1)
		ko "fuzz $t: ${art:-a failure} (replay: $bin $art; log $log)"
		grep -h -m 5 -E "ERROR|fuzz:|SUMMARY|#[0-4] " "$log" "$out/$t"-report* 2>/dev/null | sed 's/^/     /'
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
