package extract

import (
	"testing"
	"time"
)

// TestValidFrom: a dated fact holds from when it was said unless its date says
// when its state began.
func TestValidFrom(t *testing.T) {
	ref := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	past := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	ahead := time.Date(2027, 4, 1, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		name    string
		d       resolvedDate
		pending bool
		want    time.Time
	}{
		{"day past", resolvedDate{at: past}, false, past},
		{"since past", resolvedDate{at: past, prep: "since"}, false, past},
		{"event ahead", resolvedDate{at: ahead}, false, ref},
		{"deadline ahead", resolvedDate{at: ahead, prep: "by"}, false, ref},
		{"from ahead", resolvedDate{at: ahead, prep: "from"}, false, ahead},
		{"period ahead", resolvedDate{at: ahead, to: ahead.AddDate(0, 0, 7)}, false, ahead},
		{"state ahead", resolvedDate{at: ahead}, true, ahead},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.d.validFrom(ref, tc.pending); !got.Equal(tc.want) {
				t.Errorf("validFrom = %v, want %v", got, tc.want)
			}
		})
	}
}
