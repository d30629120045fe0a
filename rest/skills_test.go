package rest_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine/skill"
)

type msg struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type searchAnswer struct {
	Results []struct {
		ID   string `json:"id"`
		Text string `json:"text"`
	} `json:"results"`
	PrimarySkill *skill.Skill `json:"primary_skill"`
}

// teachDeploy teaches the deploy procedure over two conversations: steps
// with "first … then … finally" answering a question, then a numbered list
// sent as agent memory that adds a step.
func teachDeploy(a *apiEnv, user string) {
	a.t.Helper()
	a.mustCall(200, "POST", "/api/v1/memories/from-conversation", user, map[string]any{"messages": []msg{
		{"user", "How do I deploy the site?"},
		{"assistant", "To deploy the site, first run make build, then run the tests, and finally push to the deploy branch."},
	}}, nil)
	a.mustCall(200, "POST", "/api/v1/memories/from-conversation", user, map[string]any{"agent_memory": true, "messages": []msg{
		{"user", "Remind me how to deploy the website"},
		{"assistant", "1. run make build\n2. run the tests\n3. upload the assets to the CDN\n4. push to the deploy branch"},
	}}, nil)
}

func TestSkillLearnedOverTwoConversations(t *testing.T) {
	a := newAPIEnv(t)
	teachDeploy(a, "alice")
	skills, err := a.eng.Skills(t.Context(), "alice")
	if err != nil {
		t.Fatal(err)
	}
	if len(skills) != 1 {
		t.Fatalf("got %d skills, want 1: %+v", len(skills), skills)
	}
	s := skills[0]
	want := []string{"run make build", "run the tests", "upload the assets to the CDN", "push to the deploy branch"}
	if diff := cmp.Diff(want, s.Steps); diff != "" {
		t.Errorf("merged steps (-want +got):\n%s", diff)
	}
	if s.Name != "Deploy the site" || len(s.Versions) != 1 || len(s.SourceMemoryIDs) == 0 {
		t.Errorf("name %q, %d versions, sources %v", s.Name, len(s.Versions), s.SourceMemoryIDs)
	}
	for _, id := range s.SourceMemoryIDs { // provenance: the procedural memories exist
		var m struct {
			MemoryType string `json:"memory_type"`
		}
		a.mustCall(200, "GET", "/api/v1/memories/"+id, "alice", nil, &m)
		if m.MemoryType != "procedural" {
			t.Errorf("source %s is %q, want procedural", id, m.MemoryType)
		}
	}
}

func TestPrimarySkill(t *testing.T) {
	a := newAPIEnv(t)
	teachDeploy(a, "alice")
	a.mustCall(200, "POST", "/api/v1/memories", "alice", map[string]any{"text": "Alice likes green tea", "infer": false}, nil)
	tests := []struct {
		name, user, query string
		want              bool
	}{
		{"procedural query", "alice", "how do I deploy the site?", true},
		{"other phrasing", "alice", "what are the steps to deploy the website", true},
		{"not procedural", "alice", "deploy the site", false},
		{"not procedural question", "alice", "what does Alice like to drink?", false},
		{"procedural but unknown", "alice", "how do I bake sourdough bread?", false},
		{"another user", "bob", "how do I deploy the site?", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var res searchAnswer
			a.mustCall(200, "POST", "/api/v1/memories/search", tt.user, map[string]any{"query": tt.query}, &res)
			if got := res.PrimarySkill != nil; got != tt.want {
				t.Fatalf("primary_skill present = %v, want %v (%+v)", got, tt.want, res.PrimarySkill)
			}
			if tt.want && res.PrimarySkill.Name != "Deploy the site" {
				t.Errorf("primary_skill = %q", res.PrimarySkill.Name)
			}
		})
	}
}

func TestGetSkill(t *testing.T) {
	a := newAPIEnv(t)
	teachDeploy(a, "alice")
	var res searchAnswer
	a.mustCall(200, "POST", "/api/v1/memories/search", "alice", map[string]any{"query": "how do I deploy the site?"}, &res)
	if res.PrimarySkill == nil {
		t.Fatal("no primary_skill")
	}
	id := res.PrimarySkill.ID
	var got skill.Skill
	a.mustCall(200, "GET", "/api/v1/skills/"+id, "alice", nil, &got)
	if diff := cmp.Diff(*res.PrimarySkill, got); diff != "" {
		t.Errorf("GET differs from primary_skill (-search +get):\n%s", diff)
	}
	if got.Uses != 1 {
		t.Errorf("uses = %d after one search, want 1", got.Uses)
	}
	tests := []struct{ name, user, id string }{
		{"unknown id", "alice", "nope"},
		{"another user's skill", "bob", id},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var e apiError
			if st := a.call("GET", "/api/v1/skills/"+tt.id, tt.user, nil, &e); st != 404 || e.Code != "not_found" {
				t.Errorf("status %d %+v, want 404 not_found", st, e)
			}
		})
	}
}

func TestSkillFromVerbatimMemoryFollowsItsSource(t *testing.T) {
	a := newAPIEnv(t)
	var added struct {
		Results []struct{ ID string } `json:"results"`
	}
	a.mustCall(200, "POST", "/api/v1/memories", "alice", map[string]any{"infer": false, "memory_type": "procedural",
		"text": "Steps to rotate the API keys:\n1. create a new key\n2. update the config\n3. revoke the old key"}, &added)
	skills, err := a.eng.Skills(t.Context(), "alice")
	if err != nil {
		t.Fatal(err)
	}
	if len(skills) != 1 || !cmp.Equal(skills[0].SourceMemoryIDs, []string{added.Results[0].ID}) {
		t.Fatalf("skills = %+v", skills)
	}
	var res searchAnswer
	a.mustCall(200, "POST", "/api/v1/memories/search", "alice", map[string]any{"query": "how do I rotate the api keys"}, &res)
	if res.PrimarySkill == nil || res.PrimarySkill.ID != skills[0].ID {
		t.Fatalf("primary_skill = %+v", res.PrimarySkill)
	}
	// Deleting the only source forgets the skill.
	a.mustCall(200, "DELETE", "/api/v1/memories", "alice", map[string]any{"memory_ids": []string{added.Results[0].ID}}, nil)
	if st := a.call("GET", "/api/v1/skills/"+skills[0].ID, "alice", nil, nil); st != 404 {
		t.Errorf("skill after its source was deleted: status %d, want 404", st)
	}
}
