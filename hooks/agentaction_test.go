package hooks

import "testing"

// TestActionRuleMemory: a request that starts with an action the agent
// takes gets the newest memory saying how the user wants that action
// taken; another action's rule, a report of the action and a prompt that
// asks for no action get none.
func TestActionRuleMemory(t *testing.T) {
	ms := []memory{
		{ID: "push", MemoryType: memoryTypeProcedural, ValidFrom: "2026-03-01T10:00:00Z",
			Text: "Never run git push yourself. Commit locally and tell me, I push."},
		{ID: "apply", MemoryType: memoryTypeProcedural, ValidFrom: "2026-03-02T10:00:00Z",
			Text: "Never run terraform apply yourself, even in staging"},
		{ID: "pushed", MemoryType: memoryTypeEpisodic, ValidFrom: "2026-03-05T10:00:00Z",
			Text: "Assistant: Pushed the branch and opened the pull request."},
		{ID: "merge", MemoryType: memoryTypeProcedural, ValidFrom: "2026-03-03T10:00:00Z",
			Text: "Always ask User before Assistant merges anything"},
	}
	for _, tc := range []struct {
		prompt, want string
	}{
		{"push it", "push"},
		{"looks good, push it", "push"},
		{"ok merge it", "merge"},
		{"apply the plan in staging", "apply"},
		{"deploy it", ""},
		{"why did the push fail", ""},
		{"the tests are slow", ""},
	} {
		got, ok := actionRuleMemory(tc.prompt, ms)
		if ok && got.ID != tc.want || !ok && tc.want != "" {
			t.Errorf("actionRuleMemory(%q) = %q, %v; want %q", tc.prompt, got.ID, ok, tc.want)
		}
	}
}

// TestPromptSearchesAction: an action asked of the agent is searched
// however short, while another short prompt is not.
func TestPromptSearchesAction(t *testing.T) {
	cfg := Config{}.withDefaults()
	for _, tc := range []struct {
		prompt string
		want   bool
	}{
		{"push it", true},
		{"fix it", false},
	} {
		if got := len(promptSearches(t.Context(), cfg, eventInput{Prompt: tc.prompt})) > 0; got != tc.want {
			t.Errorf("promptSearches(%q) searched = %v, want %v", tc.prompt, got, tc.want)
		}
	}
}
