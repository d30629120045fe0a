package hooks

import (
	"slices"
	"testing"
)

// TestUpgradedNamesQuestion: a question about an upgrade raises nothing
// (the hold it asks about still stands); a request put as a question does.
func TestUpgradedNamesQuestion(t *testing.T) {
	for _, tc := range []struct {
		name, user string
		want       []string
	}{
		{"should we", "should we upgrade grpc-go to 1.66?", nil},
		{"what breaks if", "what breaks if we bump django to 5.1?", nil},
		{"would it fix", "would upgrading tokio to 1.40 fix the panic?", nil},
		{"a question after the request", "upgrade tokio to 1.40. does axum need a bump too?", []string{"=tokio 1.40"}},
		{"can you", "can you upgrade grpc-go to 1.66?", []string{"=grpc-go 1.66"}},
		{"could you please", "ok could you please bump Alamofire to 5.9?", []string{"=alamofire 5.9"}},
		{"please, asked", "please bump serilog to 4.0?", []string{"=serilog 4.0"}},
	} {
		if got := upgradedNames(tc.user, "", nil); !slices.Equal(got, tc.want) {
			t.Errorf("%s: upgradedNames(%q) = %q, want %q", tc.name, tc.user, got, tc.want)
		}
	}
}
