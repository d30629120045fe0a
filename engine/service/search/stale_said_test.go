package search

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/text"
)

// TestChangedBy: a turn is stale when a later text gives one of its
// settings another value, names a thing it names as replaced or dropped, or
// gives a thing it names a value it does not name; not when the later text
// restates it, changes something else, or changes nothing.
func TestChangedBy(t *testing.T) {
	tests := []struct {
		name        string
		said, later string
		want        bool
	}{
		{"setting given another value", "our jobs use sidekiq_options queue: :low, retry: 25 for anything that emails",
			"email jobs get retry: 5 and a dead-letter alert from now on", true},
		{"setting set in words", "set retry to 25 on the mailer jobs", "the mailer jobs get retry: 5 now", true},
		{"setting restated", "our jobs use retry: 25", "the new job has retry: 25 as well", false},
		{"another setting changed", "our jobs use retry: 25", "the queue is set with concurrency: 10", false},
		{"a longer key is another setting", "`jobs.lint.timeout-minutes: 20` runs ruff",
			"set jobs.gpu-tests.timeout-minutes: 90", false},
		{"thing moved elsewhere", "all agents are on debian bullseye for now",
			"we moved the agents to bookworm over the weekend", true},
		{"thing moved to what was said", "the agents run bookworm", "we moved the agents to bookworm over the weekend", false},
		{"host moved", "brackwater is our analytics pipeline: dbt on Snowflake, orchestrated by Airflow on Astronomer",
			"We moved Airflow to MWAA over the weekend, the requirements live in mwaa/requirements.txt now", true},
		{"library replaced and dropped", "Key Technical Concepts; the fmt library for formatting messages; Catch2 v3 tests",
			"we're on C++20 now: replace fmt::format with std::format everywhere and drop fmt from vcpkg.json", true},
		{"thing moved to a new version", "hollinbrook is our Kotlin Spring Boot 3.3 billing service, JDK 17 toolchain",
			"move the toolchain to JDK 21 and turn on virtual threads", true},
		{"done with a library", "errors go through anyhow in every crate for now",
			"we're done with anyhow in the libraries, they get typed errors with thiserror", true},
		{"a library said to be gone", "errors go through anyhow in every crate for now",
			"the library crates return their own errors; anyhow is removed from their Cargo.toml", true},
		{"tool of a kind used now", "Done. `pnpm -r typecheck` and `pnpm -r test` both pass",
			"We're on bun now for installs and scripts; the lockfile is bun.lockb.", true},
		{"tool replaced by one of its kind", "component tests run on jest", "we replaced Jest with Vitest last sprint", true},
		{"tool of another kind used now", "component tests run on jest", "We're on bun now for installs", false},
		{"the tool used now was named", "pnpm for now, bun later maybe", "We're on bun now for installs", false},
		{"switched from", "run the install with npm first", "we switched from npm to pnpm last week", true},
		{"something else dropped", "the fmt library for formatting messages", "drop the debug logging from main.cpp", false},
		{"nothing changed", "probably 12 kids from her class, plus my sister is bringing her twins",
			"the cake is chocolate with dinosaurs on it", false},
		{"moved without a thing", "probably 12 kids from her class", "I moved to Boston last spring", false},
		{"a pronoun is no thing", "set the retries to 25", "actually make it 30", false},
		{"a speaker's label is no setting", "Caroline: 12 kids are coming", "Caroline: 3 of them cancelled", false},
		{"a heading is no setting", "Summary: 1. add a reader", "Summary: 2. the tests pass", false},
		{"a scope is no setting", "the fmt::format calls", "std::format calls", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := readSaid(tt.said).changedBy(tt.later); got != tt.want {
				t.Errorf("changedBy(%q, %q) = %v, want %v (settings %v then %v; changes %+v)", tt.said, tt.later, got, tt.want,
					settingsIn(tt.said), settingsIn(tt.later), changesIn(tt.later))
			}
		})
	}
}

func TestPhraseAt(t *testing.T) {
	tests := []struct{ in, want string }{
		{"fmt from vcpkg.json", "fmt"},
		{"the agents", "agents"},
		{"`fmt::format` with", "fmt::format"},
		{"it to 30", ""},
		{"back home", ""},
		{"our new staging cluster and", "new staging cluster"},
		{"MWAA over the weekend", "MWAA"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, phraseAt(tt.in)); diff != "" {
			t.Errorf("phraseAt(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestChangedLater: a turn is read against what the same user said after
// it in its project, and with the reply to it; what was said before it, in
// another project, or by its own facts changes nothing, and a turn whose
// later memories cannot be read counts as changed.
func TestChangedLater(t *testing.T) {
	at := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	type mem struct {
		id, project, anchor, speaker, text string
		minutes                            int
	}
	turn := mem{id: "T", project: "web", speaker: "user", text: "User: our mailer jobs use retry: 25, the queue is low"}
	tests := []struct {
		name    string
		others  []mem
		loadErr bool
		want    bool
	}{
		{"changed later", []mem{{id: "L", project: "web", speaker: "user", text: "User: mailer jobs get retry: 5 now", minutes: 60}}, false, true},
		{"changed before", []mem{{id: "B", project: "web", speaker: "user", text: "User: mailer jobs get retry: 5 now", minutes: -60}}, false, false},
		{"changed in another project", []mem{{id: "P", project: "api", speaker: "user", text: "User: mailer jobs get retry: 5 now", minutes: 60}}, false, false},
		{"changed by its own fact", []mem{{id: "F", project: "web", anchor: "T", text: "Mailer jobs use retry: 5", minutes: 60}}, false, false},
		{"its reply names a tool replaced later", []mem{
			{id: "R", project: "web", speaker: "assistant", text: "Assistant: done, `pnpm -r test` passes", minutes: 1},
			{id: "N", project: "web", speaker: "user", text: "User: we're on bun now for the mailer jobs", minutes: 60}}, false, true},
		{"nothing later", nil, false, false},
		{"later memories unreadable", []mem{{id: "L", project: "web", speaker: "user", text: "User: the mailer jobs are fine", minutes: 60}}, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			shard := index.NewShard(2)
			byID := map[string]*engine.Memory{}
			for _, m := range append([]mem{turn}, tt.others...) {
				when := at.Add(time.Duration(m.minutes) * time.Minute)
				shard.Upsert(index.Row{ID: m.id, State: engine.StateActive, SessionID: "s-" + m.project, Project: m.project,
					Speaker: m.speaker, Episode: m.anchor == "", Anchor: m.anchor, CreatedAt: when, ValidFrom: when}, nil, text.Analyze(m.text))
				byID[m.id] = &engine.Memory{ID: m.id, Text: m.text}
			}
			e := &Searcher{cfg: engine.Config{BM25K1: 1.2, BM25B: 0.4}, load: func(_ context.Context, _ string, ids []string) ([]*engine.Memory, error) {
				if tt.loadErr {
					return nil, errors.New("store gone")
				}
				var out []*engine.Memory
				for _, id := range ids {
					out = append(out, byID[id])
				}
				return out, nil
			}}
			if got := e.changedLater(context.Background(), e.reads("u"), shard, byID["T"]); got != tt.want {
				t.Errorf("changedLater = %v, want %v", got, tt.want)
			}
		})
	}
}
