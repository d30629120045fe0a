package skill

import "testing"

func TestMatch(t *testing.T) {
	mk := func(id, goal string, steps ...string) Skill {
		return New(id, Procedure{Goal: goal, Steps: steps, Triggers: Triggers(goal)}, nil, t0)
	}
	skills := []Skill{
		mk("web", "deploy the website", "run make build", "run make push"),
		mk("api", "deploy the backend", "run helm upgrade", "check the pods"),
		mk("keys", "rotate the API keys", "open the vault", "generate a new key"),
		mk("bread", "make sourdough bread", "feed the starter", "mix flour and water", "bake at 250C"),
		mk("db", "restore the database from a backup", "stop the app", "run pg_restore"),
	}
	tests := []struct {
		query  string
		wantID string // "" when no confident match is expected
	}{
		{"how do I deploy the site?", "web"},
		{"How do I deploy the web site", "web"},
		{"steps to deploy the website to production", "web"},
		{"how do I deploy the backend to prod?", "api"},
		{"remind me how to rotate api keys", "keys"},
		{"how do I make sourdough?", "bread"},
		{"what's the process for restoring the db?", "db"},
		{"how do I deploy?", ""},             // website or backend: no margin
		{"how do I cook pasta?", ""},         // nothing about it
		{"how do I renew the TLS cert?", ""}, // nothing about it
		{"how do I", ""},                     // no topic
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			best, score, ok := Match(tt.query, skills)
			switch {
			case tt.wantID == "" && ok:
				t.Errorf("confident match %q (%.2f), want none", best.ID, score)
			case tt.wantID != "" && (!ok || best.ID != tt.wantID):
				t.Errorf("match %q ok=%v (%.2f), want %q", best.ID, ok, score, tt.wantID)
			}
		})
	}
	if _, _, ok := Match("how do I deploy the site?", nil); ok {
		t.Error("match with no skills")
	}
}
