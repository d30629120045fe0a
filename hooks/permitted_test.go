package hooks

import (
	"slices"
	"testing"

	restclient "github.com/memsvc/memsvc/rest/client"
)

func TestPermittedNames(t *testing.T) {
	for _, tc := range []struct {
		name, user string
		want       []string
	}{
		{"leave to use a thing", "actually you can use spaces now, the formatter converts them.",
			[]string{"^use spaces", "^spaces"}},
		{"leave to do a thing somewhere", "ok you can deploy previews on the shared cluster yourself now, ops signed off.",
			[]string{"^deploy previews|shared cluster"}},
		{"a thing fine again", "Force pushes are fine again on feature branches.", []string{"^force pushes"}},
		{"feel free from now on", "feel free to add dependencies from now on.",
			[]string{"^add dependencies", "^dependencies"}},
		{"a rule taken back", "you can use unwrap in tests after all, expect everywhere is noise.",
			[]string{"^use unwrap|tests", "^unwrap|tests"}},
		{"no change of the rule: a step of the task", "you can see the failing job in ci.yml.", nil},
		{"leave withheld", "you can no longer deploy previews now.", nil},
		{"leave refused", "no, you can't use spaces now.", nil},
		{"a pronoun for object", "you can do it now.", nil},
		{"no leave", "run the deploy script now.", nil},
	} {
		if got := permittedNames(tc.user, nil); !slices.Equal(got, tc.want) {
			t.Errorf("%s: permittedNames = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestNamesProhibited(t *testing.T) {
	for _, tc := range []struct {
		text, words string
		want        bool
	}{
		{"Avoid spaces: the linter fails the build on them", "spaces", true},
		{"Indent with tabs, never spaces", "spaces", true},
		{"One more rule: never deploy previews to the shared cluster from your laptop", "deploy previews", true},
		{"Understood: I won't deploy previews there.", "deploy previews", true},
		{"Deploy previews go through the pipeline", "deploy previews", false},
		{"The formatter converts spaces to tabs", "spaces", false},
		{"No retries, and previews deploy nightly", "deploy previews", false},
		{"Never use npm; use spaces in yaml", "spaces", false},
	} {
		if got := namesProhibited(tc.text, tc.words); got != tc.want {
			t.Errorf("namesProhibited(%q, %q) = %v, want %v", tc.text, tc.words, got, tc.want)
		}
	}
}

// A memory that forbade what a later turn gave leave to do is left out;
// one naming it without forbidding it, or stated after the leave, stays.
func TestWithoutRetiredPermitted(t *testing.T) {
	mem := func(id, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: "procedural"}
	}
	ms := []memory{
		mem("rule", "Never deploy previews to the shared cluster; they go through the pipeline", "2026-04-01T10:00:00Z"),
		mem("fact", "Deploy previews take four minutes", "2026-04-02T10:00:00Z"),
		mem("again", "Don't deploy previews on Fridays", "2026-04-20T10:00:00Z"),
		mem("sibling", "Previews are built by the pipeline", "2026-04-01T10:00:00Z"),
		mem("other", "Previews are built with Vite", "2026-04-01T10:00:00Z"),
	}
	// The sibling was distilled from the rule's sentence; the other from
	// one that forbids nothing.
	ms[3].Source = &restclient.Source{Excerpt: "previews are built by the pipeline, never deploy previews by hand"}
	ms[4].Source = &restclient.Source{Excerpt: "previews are built with Vite"}
	rs := retirementsOf([]memory{{ID: "leave", ValidFrom: "2026-04-10T10:00:00Z",
		Tags: retiredTags(permittedNames("ok you can deploy previews yourself now", nil))}})
	var got []string
	for _, m := range withoutRetired(ms, rs) {
		got = append(got, m.ID)
	}
	if !slices.Equal(got, []string{"fact", "again", "other"}) {
		t.Errorf("withoutRetired = %v, want [fact again other]", got)
	}
}
