package extract

import (
	"context"
	"slices"
	"testing"
	"time"
)

// TestUpdateList checks that a labelled line of news gives one current fact per item,
// and that a correction's label or a long item keeps the sentence whole.
func TestUpdateList(t *testing.T) {
	at := time.Date(2025, 3, 3, 10, 0, 0, 0, time.UTC)
	x := NewBuiltin()
	for said, want := range map[string][]string{
		"Update: new phone number 555-0199, moved to Leeds, and I work at Arup now.": {
			"User's new phone number is 555-0199", "User lives in Leeds", "User works at Arup now"},
		"Big news: we adopted a cat named Mochi, and my brother moved to York.": {
			"User adopted a cat named Mochi", "User's brother lives in York"},
		"Typo: it's Grendel, not Grendle.": {"User meant Grendel, not Grendle"},
	} {
		fs, err := x.Extract(context.Background(), Request{Now: at, Messages: []Message{{Role: "user", Content: said, CreatedAt: at}}})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range fs {
			got = append(got, f.Text)
			if !f.Current {
				t.Errorf("%q: %q is not marked current", said, f.Text)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", said, got, want)
		}
	}
}

// TestUpdateItems checks how the sentence after an update's label is split.
func TestUpdateItems(t *testing.T) {
	for said, want := range map[string][]string{
		"new email ana@new.io, new address 48 Oak Ave": {"my new email is ana@new.io", "my new address is 48 Oak Ave"},
		"I moved to Leeds": {"I moved to Leeds"},
		"we moved to Leeds in the spring after a very long search for a house, and I work at Arup": {
			"we moved to Leeds in the spring after a very long search for a house, and I work at Arup"},
		"new job at Arup, and new flat": {"new job at Arup", "new flat"},
	} {
		if got := updateItems(said); !slices.Equal(got, want) {
			t.Errorf("updateItems(%q) = %q, want %q", said, got, want)
		}
	}
}
