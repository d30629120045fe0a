package hooks

import (
	"slices"
	"testing"
)

// A setting raised to a value is no upgrade, and neither is an upgrade
// the reply says failed or was rolled back: neither retires anything.
func TestUpgradedNamesNotUpgrades(t *testing.T) {
	for _, tc := range []struct {
		name, user, reply string
		want              []string
	}{
		{"a timeout raised by value", "raise the timeout to 30", "The flush timeout is 30 seconds now.", nil},
		{"a timeout updated", "update the timeout to 30 for that job", "Done, 30 minutes.", nil},
		{"a limit bumped", "bump the retries to 5", "Retries are 5 now.", nil},
		{"a value with its unit", "raise the worker pool to 64 MB", "Done.", nil},
		{"a failed upgrade rolled back", "try upgrading tokio to 1.40",
			"The upgrade failed: tokio 1.40 needs rustc 1.70, so I rolled it back and we are still on tokio 1.38.", nil},
		{"a reverted bump", "upgrade phoenix_live_view to 1.0",
			"1.0 removed phx-feedback-for, so I reverted phoenix_live_view to 0.20.17.", nil},
		{"a done upgrade", "upgrade node to 20 for the assets", "Assets build on Node 20 now; the build is clean.",
			[]string{"=node 20"}},
		{"an upgrade beside an unrelated revert", "upgrade grpc-go to 1.66",
			"Upgraded grpc-go to 1.66.2 and reverted the unrelated DialContext tweak.", []string{"=grpc-go 1.66"}},
		{"one of two undone", "bump serde to 1.0.210 and axum to 0.8",
			"serde is on 1.0.210. axum 0.8 broke the extractors, so I rolled axum back to 0.7.", []string{"=serde 1.0.210"}},
	} {
		if got := upgradedNames(tc.user, tc.reply, nil); !slices.Equal(got, tc.want) {
			t.Errorf("%s: upgradedNames = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// A bare number shorter than the raised major is a machine or an instance
// ("node 2 is flaky"), not an older release of the name.
func TestNamesOtherVersionLookalikes(t *testing.T) {
	for _, tc := range []struct {
		text, raised string
		want         bool
	}{
		{"ci runner node 2 is flaky, rerun jobs that die there", "node 20", false},
		{"worker 3 restarts nightly", "worker 12.1", false},
		{"assets are built with node 18 and esbuild", "node 20", true},
		{"the app is on vue 2", "vue 3", true},
		{"requires python 3.9", "python 3.12", true},
	} {
		if got := namesOtherVersion(tc.text, tc.raised); got != tc.want {
			t.Errorf("namesOtherVersion(%q, %q) = %v, want %v", tc.text, tc.raised, got, tc.want)
		}
	}
}

// A turn whose upgrade the reply rolled back retires nothing: what the new
// release removed is still in the code, and its edits were undone.
func TestTurnRetirementsRolledBack(t *testing.T) {
	for _, tc := range []struct {
		name, user, reply string
		undone            bool
	}{
		{"rolled back", "upgrade phoenix_live_view to 1.0",
			"The LiveView upgrade failed: 1.0 removed `phx-feedback-for`, which core_components.ex still uses, " +
				"so I rolled back and we stay on phoenix_live_view 0.20.17.", true},
		{"a move tried and put back", "can we move to pandas 2.2? try it",
			"pandas 2.2 breaks 11 tests: the transforms set values through chained assignment, which under " +
				"copy-on-write no longer writes back. I put pandas back to 1.5.3, pinned.", true},
		{"done", "upgrade phoenix_live_view to 1.0",
			"phoenix_live_view is on 1.0.1 now. 1.0 removed `phx-feedback-for`, so the inputs use `used_input?/1`.", false},
	} {
		if got := upgradeRolledBack(tc.user, tc.reply); got != tc.undone {
			t.Fatalf("%s: upgradeRolledBack = %v, want %v", tc.name, got, tc.undone)
		}
		got := turnRetirements(exchange{User: tc.user, Assistant: tc.reply}, tc.reply, tc.undone)
		if tc.undone != (len(got) == 0) {
			t.Errorf("%s: turnRetirements = %q, want none only when rolled back", tc.name, got)
		}
	}
}
