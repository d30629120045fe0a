package ingest

import "testing"

// TestDecideBareVersionBump covers a version said without its tool once the tool is
// known ("we're on 22.04 now, not 20.04", "the cluster is on 1.29 now"): it ends the
// stored version of the same shape when it names the old one as left, or is said as
// current of a holder the stored fact names. The controls are another holder's
// version, an amount written with a dot, and a version said of nothing current.
func TestDecideBareVersionBump(t *testing.T) {
	tests := []struct {
		name, old, fact string
		want            string
	}{
		{"names the version left", "User's servers run Ubuntu 20.04", "User is on 22.04 now, not 20.04", Supersede},
		{"from one to the other", "User's cluster runs Kubernetes 1.26", "User moved from 1.26 to 1.29", Supersede},
		{"holder said as current", "User's cluster is on Kubernetes 1.26", "The cluster is on 1.29 now", Supersede},
		{"holder upgraded", "User's search cluster runs Elasticsearch 7.17", "The search cluster got upgraded to 8.13", Supersede},
		{"another holder", "User uses Python 3.12 on User's laptop", "User's CI server is on 3.11 now", Add},
		{"an amount with a dot", "User's cluster is on Kubernetes 1.26", "User's cluster has 3.5 TB free now", Add},
		{"nothing said as current", "User's cluster is on Kubernetes 1.26", "The cluster docs mention 1.29", Add},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Decide(tc.fact, nil, []Candidate{{ID: "old", Text: tc.old}}); got.Event != tc.want {
				t.Errorf("Decide(%q) against %q = %+v, want %s", tc.fact, tc.old, got, tc.want)
			}
		})
	}
}
