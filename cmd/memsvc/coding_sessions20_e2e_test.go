package main

import "testing"

// The twentieth coding-sessions evaluation is a nineteenth held-out check,
// written before the changes it measures and sharing no text with the first
// nineteen: one developer in four repositories (a Go monorepo built with
// Bazel, whose rules_go only renovate bumps and whose CI reads two remote
// cache settings from one reply, of which only the timeout is later raised;
// a Python ML project run through uv and pytest with a self-hosted GPU
// runner, whose base config gives batch size and learning rate at once and
// later lowers only the learning rate, whose CI jobs share the
// timeout-minutes leaf and only the GPU job's is raised, and whose teammate
// logs sweeps where the user does not; a Terraform and Helm repository where
// only atlantis applies, with a later exception for the sandbox workspace,
// whose chart values share a memory limit leaf across the api and the
// worker, and whose chart reviewer wants a helm diff; a Swift iOS app built
// with fastlane whose conventions are stated once in a long reply and asked
// about much later in other words, whose teammate prefers UIKit and whose
// deployment target is raised). Prompts are lowercase with typos, tool calls
// fail, one prompt follows an earlier exchange and some are about nothing
// stored. It replays the turns as the second evaluation does. The fixtures
// are under testdata/coding_sessions20.

// Floors of the twentieth evaluation, measured when it was written, before
// the changes it was written for: related recalled 22/30, unrelated silent
// 5/5, stale 9 (the old learning rate, shown with every mossley prompt; the
// worker's old memory limit; the iOS 16 deployment target), other
// repository 0; session start stale 2 (the learning rate, the deployment
// target). Misses: rules_go and the Go SDK asked twice ("only renovate"
// dropped), the remote cache endpoint (its reply was retired with the raised
// timeout), "uv add", the lowered learning rate and the raised GPU job
// timeout (both shown at their old values), the acl plan error's fix and
// the strings catalogue of a long reply. Raise them as recall improves;
// never lower them to let a change through.
// After this round's hook changes: a memory naming a setting an edit
// changed is shown without the clauses naming it (hooks/retiredclause.go:
// the remote cache endpoint, and the renovate half of the reply), a nested
// setting is retired by its path and a value may carry an exponent or a
// unit (hooks/settingpath.go: the old learning rate, the GPU job's and the
// worker's old values), a prohibition is shown with its "only …" half
// (hooks/onlyhalf.go), related 25/30, stale 2, session start stale 1; a
// symptom gone is no removal and a release's removal given as a reason is
// kept (hooks/removal.go: the lowered learning rate's reply, the acl
// plan error's fix), a manager named in an aside yields to the add command
// (hooks/dependency.go), 28/30; an upgrade named after "to" or said as a
// move (hooks/upgraded.go: the deployment target), stale 1, session start
// stale 0. Left: the GPU job's new timeout (shown as "timeout-minutes to
// 90"), the strings catalogue asked about in other words, and the old
// learning rate in the user's own "lr 3e-4".
var codingSessions20Floors = codingFloors{recalled: 28, silent: 5, stale: 1, foreign: 0, startStale: 0}

func TestCodingSessions20Eval(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 14 tool-using turns and 35 prompts through the built binary")
	}
	t.Parallel()
	runToolEval(t, "coding_sessions20", "coding sessions 20", 4, codingSessions20Floors)
}
