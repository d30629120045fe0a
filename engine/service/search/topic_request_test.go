package search

import (
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestTopicHead: a fact's subject ends where an auxiliary follows it;
// an opening that swallowed its verb, or whose subject is the user, has
// no topic.
func TestTopicHead(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"subject then are", "Database migrations are written with Flyway", "migrat"},
		{"determiner before", "Every dbt model must have a description", "model"},
		{"hyphenated", "LessonLoop's end-to-end tests are written in Playwright", "test"},
		{"the user's thing", "User's standup is at 9:30", "standup"},
		{"verb swallowed", "The on-call rotation changes every Monday morning", ""},
		{"plain verb", "Tests use pytest with factory_boy fixtures", "test"},
		{"other verb", "Deploys happen on Tuesdays", ""},
		{"the user as subject", "User wants Python type hints everywhere", ""},
		{"first person", "I always want commit messages in the imperative mood", ""},
		{"clause ends first", "Passwords, tokens and keys are kept in Vault", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := topicHead(tt.text); got != tt.want {
				t.Errorf("topicHead(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

// TestRequestHeads: only a request naming no one has heads, and only
// the words that end a noun phrase in it and its opening verb, not a
// modifier ("password generator"), a verb before its object ("drops
// the") or a name.
func TestRequestHeads(t *testing.T) {
	tests := []struct {
		name, query string
		want        []string
	}{
		{"request", "write a migration that drops the legacy_status column", []string{"write", "migrat", "column"}},
		{"modifier is no head", "generate a random password generator in go", []string{"generat", "go"}},
		{"question", "what does the migration do?", nil},
		{"first person", "my sister's wedding is next month, help me write a toast", nil},
		{"reaction", "thanks, ship it", nil},
		{"name left out", "add a refunds controller to Ledger", []string{"add", "control"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := requestHeads(tt.query)
			if len(got) != len(tt.want) {
				t.Fatalf("requestHeads(%q) = %v, want %v", tt.query, got, tt.want)
			}
			for _, w := range tt.want {
				if !got[w] {
					t.Errorf("requestHeads(%q) = %v, lacks %q", tt.query, got, w)
				}
			}
		})
	}
}

// TestTopicShifts: the one memory whose topic the request works on is
// shifted; none when two memories open with it, or the prompt asks a
// question.
func TestTopicShifts(t *testing.T) {
	hit := func(s string) engine.Scored { return engine.Scored{Memory: &engine.Memory{Text: s}} }
	migrations := hit("Database migrations are written with Flyway")
	other := hit("The payments service is written in Python")
	tests := []struct {
		name  string
		query string
		hits  []engine.Scored
		want  int // index of the shifted hit, -1 for none
	}{
		{"one topic", "write the migration to add a currency column", []engine.Scored{other, migrations}, 1},
		{"two topics", "write the migration to add a currency column", []engine.Scored{migrations, hit("Every migration is reviewed by the DBA")}, -1},
		{"question", "how do migrations work in Django?", []engine.Scored{migrations}, -1},
		{"no memory", "write the migration to add a currency column", []engine.Scored{{}, other}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := topicShifts(tt.query, tt.hits)
			for i := range tt.hits {
				shifted := got != nil && got[i] != 0
				if shifted != (i == tt.want) {
					t.Errorf("topicShifts(%q)[%d] = %v, want shifted %v", tt.query, i, got, i == tt.want)
				}
			}
		})
	}
}
