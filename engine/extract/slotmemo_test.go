package extract

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// memoTexts fill slots of several kinds, and none: the memo must give what SlotOf gives.
var memoTexts = []string{
	"Noor lives in Valencia", "Noor no longer lives in Valencia", "Noor's husband is called Idris",
	"User runs the migrations with goose", "User runs the migrations with atlas now",
	"User feeds the fish every Sunday", "User feeds the fish every Wednesday now",
	"User uses Redis for the session cache", "User uses Memcached for the session cache now",
	"The staging cluster runs Postgres 15", "User weighs 70 kg", "what a lovely afternoon", "",
}

// TestSlotMemoOfIsSlotOf: reading through a memo, twice, gives SlotOf's slot, and a
// caller that changes the slot it got changes nothing the memo gives later.
func TestSlotMemoOfIsSlotOf(t *testing.T) {
	memo := NewSlotMemo()
	for _, text := range append(memoTexts, memoTexts...) {
		want := SlotOf(text)
		got := memo.Of(text)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("memo.Of(%q) differs from SlotOf (-want +got):\n%s", text, diff)
		}
		if got != nil {
			got.Value = "changed by the caller"
		}
		if diff := cmp.Diff(want, (*SlotMemo)(nil).Of(text)); diff != "" {
			t.Errorf("nil memo Of(%q) differs from SlotOf (-want +got):\n%s", text, diff)
		}
	}
}

// TestSlotMemoRulesAsFresh: the "now" rules read through a memo answer as they do
// reading afresh, for every pair of texts in either order.
func TestSlotMemoRulesAsFresh(t *testing.T) {
	memo := NewSlotMemo()
	hits := 0
	for _, o := range memoTexts {
		for _, n := range memoTexts {
			fresh := [3]bool{NewMeans(o, n), NewForPurpose(o, n), NewSchedule(o, n)}
			shared := [3]bool{memo.NewMeans(o, n), memo.NewForPurpose(o, n), memo.NewSchedule(o, n)}
			if fresh != shared {
				t.Errorf("(%q, %q): fresh %v, through the memo %v", o, n, fresh, shared)
			}
			if fresh[0] || fresh[1] || fresh[2] {
				hits++
			}
		}
	}
	if hits < 3 {
		t.Errorf("only %d pairs were a new means, purpose or schedule: the cases test too little", hits)
	}
}

// TestExtractWithSharedSlots: an extraction given the caller's memo finds the facts one
// with its own finds, again when the memo already holds every text and after the caller
// changed the slots of the first run's facts.
func TestExtractWithSharedSlots(t *testing.T) {
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	req := Request{Now: now, Messages: []Message{{Role: "user", Content: "My sister Ines lives in Ghent and works as a " +
		"pharmacist. I feed the cat every morning. Ines moved to Leuven last month. Our CI runs on Buildkite and the " +
		"API listens on port 8443. I'm vegetarian, and I no longer drink coffee.", CreatedAt: now}}}
	x := NewBuiltin()
	want, err := x.Extract(context.Background(), req)
	if err != nil || len(want) < 3 {
		t.Fatalf("Extract: %d facts, err %v; want at least 3", len(want), err)
	}
	req.Slots = NewSlotMemo()
	for run := range 2 {
		got, err := x.Extract(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("run %d with a shared memo differs (-own +shared):\n%s", run, diff)
		}
		for _, f := range got {
			if f.Slot != nil {
				f.Slot.Subject = "changed by the caller"
			}
		}
	}
}
