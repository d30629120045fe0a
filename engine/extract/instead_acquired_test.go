package extract

import (
	"context"
	"testing"
	"time"
)

// TestDisposedThenAcquired checks that a give-up and what replaces it, said with one
// subject for both verbs, are two facts and the replacement names what it replaces.
func TestDisposedThenAcquired(t *testing.T) {
	cases := []struct{ name, said, replaced, acquired string }{
		{"subject dropped", "sold my Vespa and bought an e-bike", "vespa", "User bought an e-bike"},
		{"kin subject", "my aunt sold her caravan and got a boat", "caravan", "User's aunt got a boat"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fs, err := NewBuiltin().Extract(context.Background(), Request{Messages: []Message{{Role: "user", Content: tc.said}},
				Now: time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range fs {
				if f.Text == tc.acquired && f.Slot != nil && f.Slot.Replaces == tc.replaced {
					return
				}
			}
			t.Errorf("facts %+v: want %q replacing %q", fs, tc.acquired, tc.replaced)
		})
	}
}
