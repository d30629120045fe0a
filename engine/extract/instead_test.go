package extract

import (
	"context"
	"testing"
	"time"
)

// TestReplacementAfterAGiveUp: what a sentence says is done or had after giving a thing
// up ("I quit Duolingo, doing italki lessons instead") is a fact whose slot names the
// replaced thing, and it comes before the give-up, so the write reads it while the old
// fact is current. Without a give-up before it, a fact stays as it was.
func TestReplacementAfterAGiveUp(t *testing.T) {
	at := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name, said      string
		first, replaces string // the first fact and its slot's Replaces
	}{
		{"doing instead", "I quit Duolingo, doing italki lessons instead", "User is doing italki lessons instead", "duolingo"},
		{"got now", "sold the Golf, got a used Tesla Model 3 now", "User got a used Tesla Model 3 now", "golf"},
		{"and bought", "I sold my bike and bought a scooter", "User bought a scooter", "bike"},
		{"started instead", "I quit Duolingo and started italki lessons instead", "User started italki lessons instead", "duolingo"},
		{"no give-up", "got a used Tesla Model 3 now", "User got a used Tesla Model 3 now", ""},
		{"another sentence", "I quit Duolingo. Got a new phone now", "User quit Duolingo", "duolingo"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs, err := NewBuiltin().Extract(context.Background(), Request{Now: at, Messages: []Message{{Role: "user", Content: tt.said, CreatedAt: at}}})
			if err != nil || len(fs) == 0 {
				t.Fatalf("facts %v, err %v", fs, err)
			}
			replaces := ""
			if fs[0].Slot != nil {
				replaces = fs[0].Slot.Replaces
			}
			if fs[0].Text != tt.first || replaces != tt.replaces {
				t.Errorf("first fact %q (replaces %q), want %q (replaces %q)", fs[0].Text, replaces, tt.first, tt.replaces)
			}
		})
	}
}
