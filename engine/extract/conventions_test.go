package extract

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestClauseClassifiers checks which user clauses are standing instructions (kept as procedural
// facts, not one-off requests) and which impersonal clauses are project or world facts.
func TestClauseClassifiers(t *testing.T) {
	classifiers := []struct {
		name  string
		check func(clauseInfo) bool
		cases []struct {
			clause string
			want   bool
		}
	}{
		{"standingInstruction", standingInstruction, []struct {
			clause string
			want   bool
		}{
			{"Never push to main", true},
			{"Always rebase before merging", true},
			{"Don't add new dependencies without asking", true},
			{"Use ruff for linting", true},
			{"Prefer early returns over nested ifs", true},
			{"Keep functions under 40 lines", true},
			{"Write all new services in Rust", true},
			{"From now on, write commit messages in English", true},
			{"Run the integration tests with make itest", true},
			{"If the deploy fails, check the dashboard", true},
			{"To release, tag the commit and push the tag", true},
			{"Run the tests again", false},
			{"Fix the failing test in auth_test.go", false},
			{"Add a docstring to this function", false},
			{"Write a haiku about autumn", false},
			{"Make it shorter", false},
			{"Recommend books about Stoicism", false},
			{"Don't worry about it", false},
			{"When you get a chance, look at the failing job", false},
			{"Never force-push shared branches", true},
			{"When you add a new endpoint, document it in docs/api.md", true},
			{"If it breaks, fix it", false},
			{"Update the changelog when you release", true},
			{"Bump the version after you merge", true},
			{"Run the migrations before you deploy", true},
			{"Commit the fix when you're done", false},
			{"Push the branch once you finish", false},
			{"Update the docs when you get a chance", false},
			{"Show diffs not whole files", true},
			{"Write shell commands for fish, not bash", true},
			{"Show me the logs, not the code", false},
			{"Fix the test not the code", false},
			{"Keep the counter", false},
			{"Keep the changelog up to date", true},
			{"Write tests for the new late-fee calculation in InvoiceService", false},
			{"Add type hints to this module", false},
			{"Write tests for every new endpoint", true},
			{"Add docstrings to public functions", true},
		}},
		{"projectStatement", projectStatement, []struct {
			clause string
			want   bool
		}{
			{"The billing service lives in services/billing", true},
			{"Local postgres runs on port 5433", true},
			{"The password is in .env.local", true},
			{"Dana owns the auth service", true},
			{"Project Atlas uses MongoDB", true},
			{"Code freeze moved to March 27", true},
			{"Staging runs on port 8000", true},
			{"Running helps me think", false},
			{"The default branch is master", true},
			{"The database is Postgres", true},
			{"The weather is nice", false},
			{"The database is not Postgres", false},
			{"The billing service depends on Kafka", true},
			{"The painting uses a lot of blue", false},
			{"The new_checkout flag turns on the redesigned checkout", true},
			{"The dog turned out to be a beagle mix", true},
			{"Deploys are done with helm", true},
			{"Priya is the tech lead for payments", true},
			{"Grandma turns 90 in February", true},
			{"Tom's band plays at the Blue Note on Friday", true},
			{"LeBron's moments of determination are incredible", false},
			{"The weather here is amazing", false},
			{"The build is broken again", false},
			{"It runs on Fridays", false},
			{"Everything looks good", false},
			{"The movie was great", false},
		}},
	}
	for _, c := range classifiers {
		for _, tt := range c.cases {
			t.Run(c.name+"/"+tt.clause, func(t *testing.T) {
				if got := c.check(newClauseInfo(tt.clause, "user", false)); got != tt.want {
					t.Errorf("%s(%q) = %v, want %v", c.name, tt.clause, got, tt.want)
				}
			})
		}
	}
}

func TestSplitStatements(t *testing.T) {
	tests := []struct {
		sentence string
		want     []string
	}{
		{"We use pnpm instead of npm, and CI is pinned to Node 22", []string{"We use pnpm instead of npm", "CI is pinned to Node 22"}},
		{"The staging URL is https://staging.example.dev and the creds are in 1Password", []string{"The staging URL is https://staging.example.dev", "the creds are in 1Password"}},
		{"Never push to main, every change goes through a PR", []string{"Never push to main", "every change goes through a PR"}},
		{"The password is in .env.local, never commit that file", []string{"The password is in .env.local", "never commit that file"}},
		{"Run the migrations with goose, never by hand", []string{"Run the migrations with goose, never by hand"}},
		{"When you write tests, use testify", []string{"When you write tests, use testify"}},
		{"I like peanuts, cashews and almonds", []string{"I like peanuts, cashews and almonds"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, splitStatements(tt.sentence)); diff != "" {
			t.Errorf("splitStatements(%q) (-want +got):\n%s", tt.sentence, diff)
		}
	}
}

// The examples of what used to be lost: each gives at least one fact, the instructions
// procedural, and "Always … ; we never …" keeps both halves.
func TestCodingAgentExamples(t *testing.T) {
	ref := time.Date(2026, 11, 16, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		content  string
		want     int
		wantKind string
	}{
		{"From now on all our TypeScript projects use pnpm instead of npm, and we pin Node 22 in CI.", 2, ""},
		{"the billing service lives in services/billing and is deployed with helm", 2, KindSemantic},
		{"local postgres runs on port 5433, the password is in .env.local", 2, KindSemantic},
		{"run the integration tests with make itest", 1, KindProcedural},
		{"prefer early returns over nested ifs", 1, KindProcedural},
		{"never push to main, every change goes through a PR", 2, ""},
		{"Dana owns the auth service", 1, KindSemantic},
		{"the flag new_checkout turns on the redesigned checkout", 1, KindSemantic},
		{"the dog turned out to be a beagle mix", 1, KindSemantic},
		{"I'd like you to use British spelling from now on.", 1, KindProcedural},
		{"Make sure every migration is reversible.", 1, KindProcedural},
		{"The cache TTL is 300 seconds.", 1, KindSemantic},
		{"Our deploys go out every Tuesday via ArgoCD.", 1, ""},
		{"Always write tests with testify; we never use gomock", 2, KindProcedural},
		// Placeholders are prose, not code: the line was dropped as symbol-heavy.
		{"Name branches feature/<ticket>-<slug>.", 1, ""},
		{"Notebook outputs are stripped before every commit.", 1, KindProcedural},
		{"never apply locally", 1, KindProcedural},
	}
	x := NewBuiltin()
	for _, tt := range tests {
		got, err := x.Extract(t.Context(), Request{Now: ref, Messages: []Message{{Role: "user", Content: tt.content}}})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) < tt.want {
			t.Errorf("%q: got %d facts %+v, want at least %d", tt.content, len(got), got, tt.want)
		}
		for _, f := range got {
			if tt.wantKind != "" && f.Kind != tt.wantKind {
				t.Errorf("%q: %q is %s, want %s", tt.content, f.Text, f.Kind, tt.wantKind)
			}
		}
	}
}

// A subject that itself holds "and <noun>s" must not make the elided-verb split loop forever.
func TestSplitElidedNPEnds(t *testing.T) {
	done := make(chan []string, 1)
	go func() { done <- clauses("The cats and dogs sleep inside and eats outside") }()
	select {
	case got := <-done:
		if len(got) == 0 {
			t.Errorf("no clauses")
		}
	case <-time.After(2 * time.Second):
		t.Fatal("clauses did not return")
	}
}
