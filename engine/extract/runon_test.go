//go:build unix

package extract

import (
	"context"
	"regexp/syntax"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A run-on message as long as a memory may be (32 KiB) and more is read in time
// linear in its length: splitting it at every joint, and taking every
// fact's excerpt, must not read the whole rest of it again each time.
// Before, the first two took seconds and grew with the square of the length
// (and later a gapped-half check split the rest into words at every joint;
// and a run of emoji was read again from each of its emoji).
// The test compares two lengths rather than timing one against a limit, so
// a loaded machine slows both alike: eight times the text takes about eight
// times as long and allocates about eight times as much (64, were it
// quadratic). Both are measured so that other processes do not count: the
// bytes allocated are deterministic, and time is the CPU time this process
// spends (wall time at load 23-30 put linear code at ratios of 25, since
// the fastest of a few short reads is the one that was not preempted). The
// limits are 16 for bytes and 24 for CPU time, each the least of five reads.
func TestRunOnMessageIsQuick(t *testing.T) {
	x := NewBuiltin()
	read := func(content string) (time.Duration, uint64) {
		best, bytes := time.Duration(1<<62), uint64(0)
		for range 5 {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := cpuTime(t)
			if _, err := x.Extract(context.Background(), Request{Now: refTime, Messages: []Message{{Role: "user", Content: content}}}); err != nil {
				t.Fatal(err)
			}
			best = min(best, cpuTime(t)-start)
			runtime.ReadMemStats(&after)
			bytes = min(bytes-1, after.TotalAlloc-before.TotalAlloc) // bytes-1 wraps 0 to the largest value
		}
		return best, bytes
	}
	for _, unit := range []string{", ", "it, and it ", "Alice and ", "always use pnpm, never ", "I'm vegan, ", "my sister in Bergen and I ", "😅", "so 😅 and "} {
		short, shortBytes := read(strings.Repeat(unit, (8<<10)/len(unit)))
		long, longBytes := read(strings.Repeat(unit, (64<<10)/len(unit)))
		if ratio := float64(longBytes) / float64(max(shortBytes, 1)); ratio > 16 {
			t.Errorf("%q repeated to 64 KiB allocated %d bytes, %.1f times 8 KiB's %d: more than linear", unit, longBytes, ratio, shortBytes)
		}
		if ratio := float64(long) / float64(max(short, time.Millisecond)); ratio > 24 {
			t.Errorf("%q repeated to 64 KiB took %v of CPU, %.1f times 8 KiB's %v: more than linear", unit, long, ratio, short)
		}
	}
}

// cpuTime is the CPU time the process has spent, user and system.
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// The patterns tried at every joint of a clause against the rest of it are
// anchored where the matcher sees it, so a failed match stops at once.
func TestJointPatternsAnchored(t *testing.T) {
	for _, re := range []interface{ String() string }{imperativeStartRe, subordinateRe, reasonJointRe} {
		parsed, err := syntax.Parse(re.String(), syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := syntax.Compile(parsed.Simplify())
		if err != nil {
			t.Fatal(err)
		}
		if prog.StartCond()&syntax.EmptyBeginText == 0 {
			t.Errorf("%s is not anchored at the start of the text", re)
		}
	}
}
