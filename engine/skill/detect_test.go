package skill

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDetectSteps(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		want   Procedure
		wantOK bool
	}{
		{
			name: "numbered list with how-to lead",
			text: "Here's how to deploy the website:\n1. Run make build\n2. Run make push\n3. Restart the web server",
			want: Procedure{Goal: "deploy the website", Steps: []string{"Run make build", "Run make push", "Restart the web server"},
				Triggers: []string{"deploy the website", "deploy website", "how to deploy the website"}},
			wantOK: true,
		},
		{
			name: "to X, run A then B",
			text: "To deploy the website, run make build then run make push.",
			want: Procedure{Goal: "deploy the website", Steps: []string{"run make build", "run make push"},
				Triggers: []string{"deploy the website", "deploy website", "how to deploy the website"}},
			wantOK: true,
		},
		{
			name:   "first then finally",
			text:   "Resetting the router is easy. First, unplug it for ten seconds. Then plug it back in, and finally log in to the admin page.",
			want:   Procedure{Steps: []string{"unplug it for ten seconds", "plug it back in", "log in to the admin page"}},
			wantOK: true,
		},
		{
			name:   "step N inline",
			text:   "Step 1: open the VPN client. Step 2: choose the Berlin server. Step 3: connect.",
			want:   Procedure{Steps: []string{"open the VPN client", "choose the Berlin server", "connect"}},
			wantOK: true,
		},
		{
			name: "bulleted list with heading and continuation line",
			text: "Steps for releasing the app:\n- bump the version\n- tag the commit\n  with vX.Y.Z\n- push the tag\n\nThanks!",
			want: Procedure{Goal: "releasing the app", Steps: []string{"bump the version", "tag the commit with vX.Y.Z", "push the tag"},
				Triggers: []string{"releasing the app", "releasing app"}},
			wantOK: true,
		},
		{
			name: "transcript: question then sequenced answer",
			text: "user: how do I deploy the website?\nassistant: Sure, it's easy: first run make build, then run make push, and finally restart nginx.",
			want: Procedure{Goal: "deploy the website", Steps: []string{"run make build", "run make push", "restart nginx"},
				Triggers: []string{"deploy the website", "deploy website", "how to deploy the website"}},
			wantOK: true,
		},
		{
			name: "to X you should A, then B",
			text: "To release a new version you should bump the version in package.json, then tag it, then push the tag.",
			want: Procedure{Goal: "release a new version", Steps: []string{"bump the version in package.json", "tag it", "push the tag"},
				Triggers: []string{"release a new version", "release new version", "how to release a new version"}},
			wantOK: true,
		},
		{
			name: "markdown heading names the goal",
			text: "## Rotate API keys\n1. Open the vault\n2. Generate a new key",
			want: Procedure{Goal: "rotate API keys", Steps: []string{"Open the vault", "Generate a new key"},
				Triggers: []string{"rotate api keys", "how to rotate api keys"}},
			wantOK: true,
		},
		{
			name:   "topic line is not a goal",
			text:   "The agent ran: 1) go test ./... 2) go vet ./...",
			want:   Procedure{Steps: []string{"go test ./...", "go vet ./..."}},
			wantOK: true,
		},
		{
			name:   "shopping list is not a procedure",
			text:   "Groceries:\n- milk\n- eggs\n- bread",
			wantOK: false,
		},
		{
			name:   "narrative with then is not a procedure",
			text:   "We went to Paris in May. Then we took the train to Berlin.",
			wantOK: false,
		},
		{
			name:   "single step",
			text:   "To deploy, run make deploy.",
			wantOK: false,
		},
		{
			name:   "plain fact",
			text:   "Alice lives in Paris and works at Acme.",
			wantOK: false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := DetectSteps(tt.text)
			if ok != tt.wantOK {
				t.Fatalf("DetectSteps ok = %v, want %v (got %+v)", ok, tt.wantOK, got)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("DetectSteps (-want +got):\n%s", diff)
			}
		})
	}
}

func TestTriggers(t *testing.T) {
	got := Triggers("  Deploy the   Website ")
	want := []string{"deploy the website", "deploy website", "how to deploy the website"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Triggers (-want +got):\n%s", diff)
	}
	if Triggers("") != nil {
		t.Error("Triggers of an empty goal should be nil")
	}
}

// FuzzDetectSteps checks that any input is handled without panicking and
// that a detected procedure has at least two non-empty steps.
func FuzzDetectSteps(f *testing.F) {
	for _, s := range []string{"", "1. a\n2. b", "To x, run a then b.", "first then finally", "Step 1: Step 2:", "- \n- "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, ok := DetectSteps(s)
		if !ok {
			return
		}
		if len(p.Steps) < 2 {
			t.Fatalf("procedure with %d steps from %q", len(p.Steps), s)
		}
		for _, st := range p.Steps {
			if st == "" {
				t.Fatalf("empty step from %q", s)
			}
		}
		_ = IsProcedural(s)
		_ = GoalFromQuery(s)
	})
}
