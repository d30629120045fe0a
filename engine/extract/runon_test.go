package extract

import (
	"context"
	"regexp/syntax"
	"strings"
	"testing"
	"time"
)

// A run-on message as long as a memory may be (32 KiB) and more is read in time
// linear in its length: splitting it at every joint, and taking every
// fact's excerpt, must not read the whole rest of it again each time.
// Before, the first two took seconds and grew with the square of the length.
// The test compares two lengths rather than timing one against a limit, so
// a loaded machine slows both alike: eight times the text takes about
// eight times as long (64, were it quadratic), and up to 24 passes, wide
// enough for a loaded machine (four times the text, with a limit of 8,
// failed at load 15-22); each is the fastest of three reads.
func TestRunOnMessageIsQuick(t *testing.T) {
	x := NewBuiltin()
	read := func(content string) time.Duration {
		best := time.Duration(1 << 62)
		for range 3 {
			start := time.Now()
			if _, err := x.Extract(context.Background(), Request{Now: refTime, Messages: []Message{{Role: "user", Content: content}}}); err != nil {
				t.Fatal(err)
			}
			best = min(best, time.Since(start))
		}
		return best
	}
	for _, unit := range []string{", ", "it, and it ", "Alice and ", "always use pnpm, never ", "I'm vegan, "} {
		short := read(strings.Repeat(unit, (8<<10)/len(unit)))
		long := read(strings.Repeat(unit, (64<<10)/len(unit)))
		if ratio := float64(long) / float64(max(short, time.Millisecond)); ratio > 24 {
			t.Errorf("%q repeated to 64 KiB took %v, %.1f times 8 KiB's %v: more than linear", unit, long, ratio, short)
		}
	}
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
