package hooks

import (
	"slices"
	"testing"
)

// TestWithEditRetirementsKeptElsewhere: code one edit of the turn replaced
// and another edit of the turn writes (a region that moves from the
// primary to the replica's file) is still in use, so it is not retired;
// what no edit keeps still is.
func TestWithEditRetirementsKeptElsewhere(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edits []codeEdit
		want  []string
	}{
		{"value moved to another file", []codeEdit{
			{old: `region = "us-east-1"`, new: `region = "eu-west-1"`, call: "a"},
			{old: `replica_region = "us-west-2"`, new: `replica_region = "us-east-1"`, call: "b"},
		}, []string{"%us-west-2"}},
		{"setting kept by another module", []codeEdit{
			{old: "minSdkVersion 21", new: "minSdkVersion 24", call: "a"},
			{old: "// sdk", new: "// sdk\nminSdkVersion 21", call: "b"},
		}, nil},
		{"value replaced everywhere", []codeEdit{
			{old: `region = "us-east-1"`, new: `region = "eu-west-1"`, call: "a"},
			{old: `replica_region = "us-east-1"`, new: `replica_region = "eu-west-1"`, call: "b"},
		}, []string{"%us-east-1"}},
	} {
		if got := withEditRetirements(nil, tc.edits, ""); !slices.Equal(got, tc.want) {
			t.Errorf("%s: withEditRetirements = %q, want %q", tc.name, got, tc.want)
		}
	}
}
