package search

import (
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/text"
)

// TestAttributiveInHits: a hit that holds a verb of the query only as a
// participle before a noun ("a used Tesla" for "use") is marked as
// holding it in another role; one that also holds the verb, or a query
// that says the participle, is not.
func TestAttributiveInHits(t *testing.T) {
	use := text.Stem("use")
	cases := []struct {
		name, query, hit string
		want             bool
	}{
		{"participle before a noun", "what do I use at work", "User got a used Volvo estate last spring", true},
		{"the verb too", "what do I use at work", "User bought a used bike and uses it to commute", false},
		{"the verb only", "what do I use at work", "User uses Figma at work", false},
		{"participle said", "where did I buy my used car", "User got a used Volvo estate last spring", false},
		{"participle as a verb", "what do I use at work", "User used Figma at the old job", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hits := []engine.Scored{{Memory: &engine.Memory{ID: "m1", Text: c.hit}}}
			got := withAttributiveInHits(nil, c.query, hits)[use]["m1"]
			if got != c.want {
				t.Errorf("withAttributiveInHits(%q, %q) = %v; want %v", c.query, c.hit, got, c.want)
			}
		})
	}
}
