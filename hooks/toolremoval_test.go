package hooks

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRemovedByCommands reads what a turn's shell commands removed: the
// packages of a package manager's remove, the files of rm and git rm with
// a name of their own; not scratch directories, globs, lock files, flags
// or anything an install, build or listing names.
func TestRemovedByCommands(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  []string
	}{
		{"package manager removes", []string{"yarn remove enzyme enzyme-adapter-react-16 && yarn add -D @testing-library/react"},
			[]string{"enzyme", "enzyme-adapter-react-16"}},
		{"versions cut", []string{"npm uninstall --save-dev karma@6.4.2"}, []string{"karma"}},
		{"flutter pub remove", []string{"flutter pub remove provider; flutter pub get"}, []string{"provider"}},
		{"git rm files", []string{"git rm -q netlify.toml Gemfile && git status"}, []string{"netlify.toml", "Gemfile"}},
		{"rm under sudo and paths", []string{"sudo rm -f /etc/nginx/sites-enabled/legacy.conf"}, []string{"legacy.conf"}},
		{"scratch dirs, globs and lock files", []string{"rm -rf build dist *.log && rm yarn.lock && yarn"}, nil},
		{"nothing removed", []string{"ls -la", "cargo build --release", "npm install lodash"}, nil},
		{"lock file of a manager left", []string{"rm -f package-lock.json && pnpm install"}, nil},
		{"lock file regenerated", []string{"rm -rf node_modules package-lock.json && npm install"}, nil},
		{"removed and added back", []string{"npm uninstall left-pad && npm install left-pad@1.3.0"}, []string{}},
		{"once each", []string{"git rm Dockerfile", "rm Dockerfile"}, []string{"Dockerfile"}},
		{"go modules dropped", []string{"go get go.uber.org/zap@none github.com/jackc/pgx/v5@none && go mod tidy"},
			[]string{goModuleMark + "zap", goModuleMark + "pgx"}},
		{"go modules fetched", []string{"go get github.com/rs/zerolog@v1.33.0 golang.org/x/sync@latest"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, removedByCommands(tt.lines)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestWithCommandRetirements keeps a name the user's words hold, or a file
// the turn wrote again, out of the retirements.
func TestWithCommandRetirements(t *testing.T) {
	got := withCommandRetirements([]string{"Old.Thing"},
		[]string{"pip uninstall -y nose pytest-cov", "git rm setup.cfg tox.ini", "rm Makefile"},
		[]string{"/w/Makefile"}, "move the config to pyproject.toml and keep pytest-cov")
	if diff := cmp.Diff([]string{"Old.Thing", "nose", "setup.cfg", "tox.ini"}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestCommandRetirementsTheUserAskedFor: a name the user says goes ("rip
// it out", "we're dropping it", "X is gone") is retired when the command
// removes it; one the user names otherwise is kept.
func TestCommandRetirementsTheUserAskedFor(t *testing.T) {
	for _, tc := range []struct {
		user string
		want []string
	}{
		{"we're replacing Sidekiq with GoodJob, port the mailers and rip sidekiq out", []string{"sidekiq"}},
		{"lodash is unmaintained for us so we're dropping it. use native methods", []string{"lodash"}},
		{"we lint with eslint only now, prettier is gone", []string{"prettier"}},
		{"drop moment, we use date-fns everywhere now", []string{"moment"}},
		{"please remove nock and mock fetch with msw instead", []string{"nock"}},
		{"get rid of enzyme", []string{"enzyme"}},
		{"take tslib back out, the bundler inlines it", []string{"tslib"}},
		{"why does prettier drop the trailing commas?", nil},
		{"upgrade prettier and fix what it reformats", nil},
		{"move the config to pyproject.toml and keep prettier", nil},
	} {
		var name string
		if tc.want != nil {
			name = tc.want[0]
		} else {
			name = "prettier"
		}
		got := withCommandRetirements(nil, []string{"npm uninstall " + name}, nil, tc.user)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.user, diff)
		}
	}
}

// TestDroppedGoModuleNamesWhatItWas: a Go module dropped with @none retires
// what names it (its package name as a word of its own, its path), never a
// memory whose words merely hold the name ("client" for cli, "timeouts"
// for golang.org/x/time) or one naming the standard package of the same
// name ("errors", "sync").
func TestDroppedGoModuleNamesWhatItWas(t *testing.T) {
	for _, tc := range []struct {
		cmd, text string
		want      bool
	}{
		{"go get go.uber.org/zap@none", "The service is logging with zap", true},
		{"go get go.uber.org/zap@none", "Zap's sugared logger writes JSON", true},
		{"go get go.uber.org/zap@none", "`zap.NewProduction()` builds the logger", true},
		{"go get go.uber.org/zap@none", "the zapper tool cleans caches", false},
		{"go get github.com/urfave/cli/v2@none", "the API client retries three times", false},
		{"go get github.com/urfave/cli/v2@none", "the command line is built on urfave/cli", true},
		{"go get github.com/go-chi/chi/v5@none", "the architecture doc lives in docs/", false},
		{"go get github.com/go-chi/chi/v5@none", "routing uses chi", true},
		{"go get golang.org/x/time@none", "Request timeouts are 30 seconds", false},
		{"go get golang.org/x/time@none", "Run the migrations one at a time", false},
		{"go get golang.org/x/time@none", "rate limiting uses golang.org/x/time/rate", true},
		{"go get golang.org/x/sync@none", "handlers are async and use sync.WaitGroup", false},
		{"go get github.com/pkg/errors@none", "Errors are wrapped with fmt.Errorf and %w", false},
		{"go get github.com/pkg/errors@none", "errors are wrapped with github.com/pkg/errors", true},
	} {
		retired := withCommandRetirements(nil, []string{tc.cmd}, nil, "")
		if len(retired) != 1 {
			t.Fatalf("%q retired %q, want one name", tc.cmd, retired)
		}
		if got := namesRetired(tc.text, retired[0]); got != tc.want {
			t.Errorf("%q retired %q: namesRetired(%q) = %v, want %v", tc.cmd, retired[0], tc.text, got, tc.want)
		}
	}
}

// TestFailedRemovalRetiresNothing: a removal command that exited non-zero
// (Claude Code marks its tool result is_error) removed nothing, so the
// package it named is not retired; one that went through in the same turn
// is.
func TestFailedRemovalRetiresNothing(t *testing.T) {
	jsonl := strings.Join([]string{
		`{"type":"user","uuid":"u1","timestamp":"2026-03-02T09:00:00Z","message":{"role":"user","content":"that charting lib is abandoned, swap it for the maintained fork and clean up unused deps"}}`,
		`{"type":"assistant","uuid":"a1","message":{"content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"pdm remove plotkit && pdm add plotkit-ng"}}]}}`,
		`{"type":"user","uuid":"r1","toolUseResult":"Error: Exit code 1\nUnable to find a resolution: reportlib 2.1 depends on plotkit<3","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","is_error":true,"content":"Exit code 1\nUnable to find a resolution: reportlib 2.1 depends on plotkit<3"}]}}`,
		`{"type":"assistant","uuid":"a2","message":{"content":[{"type":"tool_use","id":"t2","name":"Bash","input":{"command":"pdm remove tabulate"}}]}}`,
		`{"type":"user","uuid":"r2","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t2","content":"Removing tabulate 0.9.0"}]}}`,
		`{"type":"assistant","uuid":"a3","timestamp":"2026-03-02T09:01:09Z","message":{"content":[{"type":"text","text":"The swap failed: reportlib pins the old charting package. Removed tabulate, which nothing imported."}]}}`,
	}, "\n")
	ex, err := lastExchange(context.Background(), strings.NewReader(jsonl))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"tabulate"}, withCommandRetirements(nil, ex.Commands, ex.Changed, ex.User)); diff != "" {
		t.Errorf("retired (-want +got):\n%s", diff)
	}
}
