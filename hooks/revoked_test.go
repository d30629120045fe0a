package hooks

import (
	"slices"
	"testing"
	"time"
)

// TestRevokedNames: a clause that takes a rule back tags the rule's thing;
// a question, a clause that keeps the rule and a thing of many words tag
// nothing.
func TestRevokedNames(t *testing.T) {
	for _, tc := range []struct {
		name, user string
		want       []string
	}{
		{"forget the rule about X", "forget the rule about squash merges, we merge commits now",
			[]string{revokeMark + "squash merges"}},
		{"forget what I said about X", "forget what i said about the staging db. it's back on rds",
			[]string{revokeMark + "staging db"}},
		{"scrap the X rule", "scrap the lockfile rule", []string{revokeMark + "lockfile"}},
		{"the X rule no longer applies", "the rebase rule no longer applies", []string{revokeMark + "rebase"}},
		{"a question", "should i forget the rule about squash merges?", nil},
		{"the rule kept", "remember the rule about squash merges", nil},
		{"too many words", "forget the rule about how we name the feature branches for hotfixes", nil},
	} {
		if got := revokedNames(tc.user, nil); !slices.Equal(got, tc.want) {
			t.Errorf("%s: revokedNames = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestWithoutRetiredRevoked: of a memory stated before the revocation, the
// items naming the rule's words go, the rest stays; a memory left with
// nothing goes; one stated after, and one not naming every word, stay.
func TestWithoutRetiredRevoked(t *testing.T) {
	at := time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)
	ms := []memory{
		{ID: "rule", ValidFrom: "2026-03-01T10:00:00Z", Text: "User squashes merge every PR to keep the branch history clean"},
		{ID: "among others", ValidFrom: "2026-03-01T10:00:00Z",
			Text: "User: never edit a merged migration, write a new one. also we squash merge every PR. ok open the PR"},
		{ID: "one word", ValidFrom: "2026-03-01T10:00:00Z", Text: "Merged the reports PR into main after review"},
		{ID: "later", ValidFrom: "2026-03-20T10:00:00Z", Text: "We no longer squash merge, merge commits keep the tags"},
	}
	got := withoutRetired(ms, []retirement{{name: revokeMark + "squash merges", at: at}})
	var ids, texts []string
	for _, m := range got {
		ids, texts = append(ids, m.ID), append(texts, m.Text)
	}
	if want := []string{"among others", "one word", "later"}; !slices.Equal(ids, want) {
		t.Fatalf("withoutRetired = %q, want %q", ids, want)
	}
	if want := "User: never edit a merged migration, write a new one. ok open the PR"; texts[0] != want {
		t.Errorf("cut memory = %q, want %q", texts[0], want)
	}
}
