package main

import "testing"

// The eighteenth coding-sessions evaluation is a seventeenth held-out
// check, written before the changes it measures and sharing no text with
// the first seventeen: one developer in four repositories (a Go monorepo
// built with Bazel, whose BUILD files gazelle writes, whose grpc-go is held
// and later upgraded, where a method is renamed with multi-edits and tests
// read a remote cache through a .bazelrc config; a Swift/iOS app tested
// and shipped through fastlane, whose "never tabs" rule is revoked ("actually
// you can use tabs now") and whose packages are upgraded; a Terraform and
// Helm platform repository where the agent only plans, chart versions are
// bumped, the AWS provider is upgraded, the state bucket moves and a
// variable is renamed across modules; a Django and Celery invoicing service
// whose retried task is made idempotent, whose beat schedule moves into the
// database, whose Django is upgraded and whose rule against migrating
// staging is revoked). Prompts are lowercase with typos, tool calls fail,
// later prompts follow an earlier exchange, change the topic after one or
// are about nothing stored. It replays the turns as the second evaluation
// does. The fixtures are under testdata/coding_sessions18.

// Floors of the eighteenth evaluation, measured when it was written,
// before the changes it was written for: related recalled 22/27, unrelated
// silent 7/7, stale 9 (the Alamofire, AWS provider and Django versions
// beside their upgrades, the old state bucket four times, the revoked rules
// against migrating staging twice and against tabs once), other repository
// 0; session start stale 3 (the held grpc-go, the revoked migration rule,
// the tab rule). The tab rule's stale words were widened, once, to the
// forms the extractor stores it in ("Avoid tabs", "Indent swift with 4
// spaces"): that made the counts stricter (stale 8 → 9, session start
// 2 → 3), not looser. Misses: the TestFlight lane, the Kingfisher
// upgrade's fix, the plan-only rule, the moved state bucket, the
// index_together fix. Raise them as recall improves; never lower them to
// let a change through.
// After this round's hook changes: what a new release removed, said in an
// upgrade's reply, is kept with what the code does instead
// (hooks/removal.go: the Kingfisher and index_together fixes), related
// 24/27, stale 8; an edit giving a setting another named value retires the
// old one (hooks/editedcode.go: the state bucket), stale 5, related 23/27
// (the reply it retired also held the backend-config fix); leave given
// from now on retires the rules against it (hooks/permitted.go: tabs,
// migrating staging), stale 3, session start stale 2; an upgrade to a
// version retires the older versions of the name (hooks/upgraded.go:
// grpc-go, Alamofire, Django), stale 1, session start stale 1; a fact
// distilled from the sentence of a lifted rule goes with it
// (hooks/permitted.go: "Indent swift with 4 spaces" of "…, never tabs"),
// session start stale 0. Left: the user's own "stuck on ~> 4.67" in the
// upgrade turn.
// Twenty-fourth round (hooks learned from eval 24): related 25 (floor one under it).
var codingSessions18Floors = codingFloors{recalled: 24, silent: 7, stale: 1, foreign: 0, startStale: 0}

func TestCodingSessions18Eval(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 19 tool-using turns and 34 prompts through the built binary")
	}
	t.Parallel()
	runToolEval(t, "coding_sessions18", "coding sessions 18", 4, codingSessions18Floors)
}
