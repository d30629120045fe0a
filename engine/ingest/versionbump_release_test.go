package ingest

import (
	"testing"

	"github.com/memsvc/memsvc/engine/extract"
)

// TestBareReleaseBump: a release named by its word alone ends the stored product and
// release of the same holder, said as current or with a verb of upgrading.
func TestBareReleaseBump(t *testing.T) {
	old := "User's box runs Ubuntu Precise"
	slot := extract.SlotOf(old)
	if slot == nil {
		t.Fatalf("no slot for %q", old)
	}
	tests := []struct {
		name, fact string
		now, want  bool
	}{
		{"on a release now", "The box is on trusty now", true, true},
		{"upgraded to a release", "User upgraded the box to trusty last week", false, true},
		{"another holder", "The data team's cluster is on trusty now", true, false},
		{"not said as current", "The box is on trusty", false, false},
		{"a place, not a release", "User moved the box to the attic", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := saysBareRelease(tt.fact) && bareReleaseBump(old, *slot, tt.fact, tt.now); got != tt.want {
				t.Errorf("bareReleaseBump(%q) = %v, want %v", tt.fact, got, tt.want)
			}
		})
	}
}
