package skill

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var (
	t0 = time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	t1 = t0.Add(48 * time.Hour)
)

func mustDetect(t *testing.T, text string) Procedure {
	t.Helper()
	p, ok := DetectSteps(text)
	if !ok {
		t.Fatalf("DetectSteps(%q) found no procedure", text)
	}
	return p
}

// TestTaughtOverTwoConversations: a procedure taught in two conversations
// becomes one skill with the steps of both, in order.
func TestTaughtOverTwoConversations(t *testing.T) {
	first := mustDetect(t, "To deploy the website, run make build then run make push.")
	second := mustDetect(t, "Here's how to deploy the site:\n1. run make build\n2. run the tests\n3. run make push\n4. purge the CDN cache")

	s := New("sk1", first, []string{"m1"}, t0)
	if i, score := Closest(second, []Skill{s}); i != 0 {
		t.Fatalf("second procedure not close to the skill (similarity %.2f)", score)
	}
	got := MergeInto(s, second, []string{"m2"}, t1)
	want := Skill{
		ID:              "sk1",
		Name:            "Deploy the website",
		Description:     "How to deploy the website.",
		Steps:           []string{"run make build", "run the tests", "run make push", "purge the CDN cache"},
		Triggers:        []string{"deploy the website", "deploy website", "how to deploy the website", "deploy the site", "deploy site", "how to deploy the site"},
		SourceMemoryIDs: []string{"m1", "m2"},
		CreatedAt:       t0,
		UpdatedAt:       t1,
		Versions:        []Version{{Steps: []string{"run make build", "run make push"}, UpdatedAt: t0, SourceMemoryIDs: []string{"m1"}}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("merged skill (-want +got):\n%s", diff)
	}
	if len(s.Versions) != 0 || len(s.Steps) != 2 {
		t.Errorf("MergeInto modified its input: %+v", s)
	}
}

func TestMergeSteps(t *testing.T) {
	tests := []struct {
		name        string
		old, add    []string
		want        []string
		wantChanged bool
	}{
		{"contradicting argument replaces the step",
			[]string{"run make build", "run make push", "use port 8080"},
			[]string{"run make release", "run make push", "use port 9090"},
			[]string{"run make release", "run make push", "use port 9090"}, true},
		{"same position, same verb, overlapping words",
			[]string{"install deps", "run npm build", "deploy"},
			[]string{"install deps", "run yarn build", "deploy"},
			[]string{"install deps", "run yarn build", "deploy"}, true},
		{"new step inserted in order",
			[]string{"build", "push"},
			[]string{"build", "test", "push"},
			[]string{"build", "test", "push"}, true},
		{"new first step",
			[]string{"run make build", "run make push"},
			[]string{"pull the latest main", "run make build"},
			[]string{"pull the latest main", "run make build", "run make push"}, true},
		{"unmentioned steps are kept, rephrasing is not a change",
			[]string{"Run make build.", "run make push", "restart nginx"},
			[]string{"run make build", "restart nginx"},
			[]string{"Run make build.", "run make push", "restart nginx"}, false},
		{"different verbs are different steps",
			[]string{"use port 8080", "start the server"},
			[]string{"open port 9090", "start the server"},
			[]string{"open port 9090", "use port 8080", "start the server"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, changed := mergeSteps(tt.old, tt.add)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("steps (-want +got):\n%s", diff)
			}
			if changed != tt.wantChanged {
				t.Errorf("changed = %v, want %v", changed, tt.wantChanged)
			}
		})
	}
}

// TestContradictionKeepsVersion: a contradicting step supersedes the old one
// and the old steps stay readable in Versions.
func TestContradictionKeepsVersion(t *testing.T) {
	s := New("sk1", Procedure{Goal: "start the dev server", Steps: []string{"run make dev", "use port 8080"}}, []string{"m1"}, t0)
	p := mustDetect(t, "To start the dev server:\n1. run make dev\n2. use port 9090")
	got := MergeInto(s, p, []string{"m7"}, t1)
	if diff := cmp.Diff([]string{"run make dev", "use port 9090"}, got.Steps); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
	wantV := []Version{{Steps: []string{"run make dev", "use port 8080"}, UpdatedAt: t0, SourceMemoryIDs: []string{"m1"}}}
	if diff := cmp.Diff(wantV, got.Versions); diff != "" {
		t.Errorf("versions (-want +got):\n%s", diff)
	}
	// Teaching the same steps again adds provenance but no version.
	again := MergeInto(got, p, []string{"m9"}, t1.Add(time.Hour))
	if len(again.Versions) != 1 || !cmp.Equal(again.SourceMemoryIDs, []string{"m1", "m7", "m9"}) {
		t.Errorf("re-teaching: versions %d, sources %v", len(again.Versions), again.SourceMemoryIDs)
	}
}

func TestVersionsCapped(t *testing.T) {
	s := New("sk", Procedure{Goal: "x", Steps: []string{"use port 1", "go"}}, nil, t0)
	for i := 0; i < MaxVersions+5; i++ {
		port := []string{"use port 2", "use port 3"}[i%2]
		s = MergeInto(s, Procedure{Goal: "x", Steps: []string{port, "go"}}, nil, t1)
	}
	if len(s.Versions) != MaxVersions {
		t.Errorf("versions = %d, want %d", len(s.Versions), MaxVersions)
	}
}

func TestSimilarity(t *testing.T) {
	deploy := New("a", Procedure{Goal: "deploy the website", Steps: []string{"run make build", "run make push"},
		Triggers: Triggers("deploy the website")}, nil, t0)
	tests := []struct {
		name      string
		p         Procedure
		wantMerge bool
	}{
		{"same goal, synonym", Procedure{Goal: "deploy the site", Steps: []string{"run make build"}}, true},
		{"same goal, other steps", Procedure{Goal: "deploy the website", Steps: []string{"call Ops"}}, true},
		{"other goal, other steps", Procedure{Goal: "rotate the API keys", Steps: []string{"open the vault", "generate a key"}}, false},
		{"related goal, other steps", Procedure{Goal: "deploy the backend", Steps: []string{"run helm upgrade", "check pods"}}, false},
		{"no goal", Procedure{Steps: []string{"run make build", "run make push"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sim := Similarity(tt.p, deploy)
			if got := sim >= MergeThreshold; got != tt.wantMerge {
				t.Errorf("Similarity = %.2f, merge = %v, want %v", sim, got, tt.wantMerge)
			}
		})
	}
}
