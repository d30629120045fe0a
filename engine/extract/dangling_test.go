package extract

import (
	"reflect"
	"testing"
	"time"
)

// TestDanglingObjectDropped checks that a statement whose object only points back at
// something said before is not kept: alone, it would not say what it is about.
func TestDanglingObjectDropped(t *testing.T) {
	at := time.Date(2025, 3, 3, 10, 0, 0, 0, time.UTC)
	x := NewBuiltin()
	for said, want := range map[string][]string{
		"The default_tags block in the provider covers it.":                                 nil,
		"We tag everything in terraform. The default_tags block in the provider covers it.": {"User tags everything in terraform"},
		"Deploys go through Argo. Marco set it up.":                                         {"Deploys go through Argo"},
		"The default_tags block in the provider covers every resource.":                     {"The default_tags block in the provider covers every resource"},
	} {
		if got := userFactTexts(t, x, at, said); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: got %q, want %q", said, got, want)
		}
	}
	if danglingObject(lowerWords("Dana owns the auth service and maintains it")) {
		t.Error("a clause that names the thing itself before \"and\" should not count as dangling")
	}
}
