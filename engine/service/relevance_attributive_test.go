package service_test

import (
	"slices"
	"testing"
)

// TestRelevanceOfAVerbHeldAsAnAdjective: a prompt's verb ("what do I use
// at work") is not met by a memory that holds its stem only as a
// participle before a noun ("a used Kia"), which shares the stem but not
// the word; the memory that answers still is.
func TestRelevanceOfAVerbHeldAsAnAdjective(t *testing.T) {
	memories := []string{
		"User works as a paralegal, mostly Westlaw and Microsoft Word",
		"User bought a used Kia Ceed last spring",
		"User's sister lives in Aberdeen",
		"User plays five-a-side football on Wednesdays",
	}
	injected := promptHook(t, memories)
	got := injected("what do I use at work")
	if slices.Contains(got, memories[1]) {
		t.Errorf("%q injected %q", "what do I use at work", memories[1])
	}
	if !slices.Contains(got, memories[0]) {
		t.Errorf("%q injected %q, not %q", "what do I use at work", got, memories[0])
	}
}
