package skills

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/skill"
)

func TestConversationProcedures(t *testing.T) {
	steps := "1. run make build\n2. push to the deploy branch"
	tests := []struct {
		name      string
		agent     bool
		msgs      []engine.Message
		wantGoals []string
		wantSteps [][]string
	}{
		{"steps answer the question before them", false, []engine.Message{
			{Role: "user", Content: "How do I deploy the site?"}, {Role: "assistant", Content: steps}},
			[]string{"deploy the site"}, [][]string{{"run make build", "push to the deploy branch"}}},
		{"steps say their own goal", false, []engine.Message{
			{Role: "assistant", Content: "To back up the database, first stop the app, then copy the data directory."}},
			[]string{"back up the database"}, [][]string{{"stop the app", "copy the data directory"}}},
		{"no steps", false, []engine.Message{
			{Role: "user", Content: "I moved to Paris last year."}, {Role: "assistant", Content: "Nice, how is it?"}},
			nil, nil},
		{"the same steps twice count once", false, []engine.Message{
			{Role: "user", Content: "how do I deploy?"}, {Role: "assistant", Content: steps}, {Role: "user", Content: steps}},
			[]string{"deploy"}, [][]string{{"run make build", "push to the deploy branch"}}},
		{"steps without a goal", false, []engine.Message{
			{Role: "assistant", Content: "Deploy the billing service with make release, then tell Bob."}},
			nil, nil},
		{"agent memory reads steps across turns", true, []engine.Message{
			{Role: "user", Content: "To release the app, first tag the commit."},
			{Role: "assistant", Content: "Then run the release job, and finally announce it."}},
			[]string{"release the app"}, [][]string{{"tag the commit", "run the release job", "announce it"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var goals []string
			var got [][]string
			for _, tp := range conversationProcedures(engine.ConversationRequest{Messages: tt.msgs, AgentMemory: tt.agent}) {
				goals, got = append(goals, tp.proc.Goal), append(got, tp.proc.Steps)
			}
			if diff := cmp.Diff(tt.wantGoals, goals); diff != "" {
				t.Errorf("goals (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantSteps, got); diff != "" {
				t.Errorf("steps (-want +got):\n%s", diff)
			}
		})
	}
}

// TestProcedureFactReadsBack checks that the memory kept for a procedure
// is itself recognised as that procedure, so re-learning it from the text
// (a later edit of the memory) finds the same skill.
func TestProcedureFactReadsBack(t *testing.T) {
	tests := []struct {
		name string
		proc skill.Procedure
	}{
		{"with a goal", skill.Procedure{Goal: "deploy the site", Steps: []string{"run make build", "run the tests", "push to main"}}},
		{"steps ending in punctuation", skill.Procedure{Goal: "rotate the keys", Steps: []string{"create a new key.", "revoke the old key;"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := procedureFact(taught{proc: tt.proc}, 32<<10)
			got, ok := skill.DetectSteps(f.Text)
			if !ok {
				t.Fatalf("%q is not recognised as a procedure", f.Text)
			}
			if got.Goal != tt.proc.Goal || len(got.Steps) != len(tt.proc.Steps) {
				t.Errorf("%q read back as %+v", f.Text, got)
			}
			if f.Kind != engine.TypeProcedural {
				t.Errorf("kind %q", f.Kind)
			}
		})
	}
}
