package hooks

import (
	"slices"
	"testing"
	"time"
)

// TestNarrowedNames: a clause that confines a thing to one place tags the
// thing; a question, a clause with no "only" and a thing of many words
// tag nothing.
func TestNarrowedNames(t *testing.T) {
	for _, tc := range []struct {
		name, user string
		want       []string
	}{
		{"about X, that's only", "about problem+json, thats only for the api package. the admin pages render html",
			[]string{narrowMark + "problem+json"}},
		{"X is only for", "the lint rule is only for the web package", []string{narrowMark + "lint"}},
		{"a question", "is problem+json only for the api package?", nil},
		{"no only", "problem+json is for the api package", nil},
		{"too many words", "the way we write the changelog entries by hand is only for releases", nil},
	} {
		if got := narrowedNames(tc.user, nil); !slices.Equal(got, tc.want) {
			t.Errorf("%s: narrowedNames = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestWithoutRetiredNarrowed: a memory stated before the narrowing that
// gives the thing no bounds leaves recall; one that names it in one place,
// and one stated after, stay.
func TestWithoutRetiredNarrowed(t *testing.T) {
	at := time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)
	ms := []memory{
		{ID: "unbounded", ValidFrom: "2026-03-01T10:00:00Z",
			Text: "Every error response in the whole service is problem+json, no plain text errors anywhere"},
		{ID: "one place", ValidFrom: "2026-03-01T10:00:00Z",
			Text: "Assistant: a bad id answers application/problem+json through writeProblem."},
		{ID: "later", ValidFrom: "2026-03-20T10:00:00Z", Text: "All api errors are problem+json"},
	}
	got := withoutRetired(ms, []retirement{{name: narrowMark + "problem+json", at: at}})
	var ids []string
	for _, m := range got {
		ids = append(ids, m.ID)
	}
	if want := []string{"one place", "later"}; !slices.Equal(ids, want) {
		t.Errorf("withoutRetired = %q, want %q", ids, want)
	}
}
