package lazyre

import (
	"sync"
	"testing"
)

// TestCompiledOnceOnFirstUse checks that a pattern compiles on first use, once however many
// goroutines use it at a time, and answers as regexp does.
func TestCompiledOnceOnFirstUse(t *testing.T) {
	r := New(`(?i)^(\w+) (\d+)$`)
	if r.re != nil {
		t.Fatal("compiled before first use")
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !r.MatchString("Rent 1200") {
				t.Error("no match")
			}
		}()
	}
	wg.Wait()
	first := r.Compiled()
	if r.Compiled() != first {
		t.Error("compiled twice")
	}
	if got := r.FindStringSubmatch("rent 900"); len(got) != 3 || got[2] != "900" {
		t.Errorf("FindStringSubmatch = %q", got)
	}
	if got := r.ReplaceAllString("rent 900", "$2 $1"); got != "900 rent" {
		t.Errorf("ReplaceAllString = %q", got)
	}
	if r.String() != `(?i)^(\w+) (\d+)$` {
		t.Errorf("String = %q", r.String())
	}
}

// TestBadPatternPanicsOnFirstUse checks that a pattern that does not compile fails loudly
// when used, as regexp.MustCompile does at start-up, and not before.
func TestBadPatternPanicsOnFirstUse(t *testing.T) {
	r := New(`(unclosed`)
	defer func() {
		if recover() == nil {
			t.Error("a bad pattern did not panic on first use")
		}
	}()
	r.MatchString("x")
}
