package skill

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSkillJSON(t *testing.T) {
	s := New("sk1", Procedure{Steps: []string{"run make build", "run make push"}}, nil, t0)
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	for _, want := range []string{`"id":"sk1"`, `"name":"Run make build"`, `"description":`, `"steps":["run make build","run make push"]`,
		`"triggers":[]`, `"source_memory_ids":[]`, `"uses":0`, `"created_at":"2025-03-01T10:00:00Z"`, `"updated_at":`} {
		if !strings.Contains(got, want) {
			t.Errorf("skill JSON %s lacks %s", got, want)
		}
	}
	if strings.Contains(got, "versions") {
		t.Errorf("skill JSON %s has versions before any change", got)
	}
}
