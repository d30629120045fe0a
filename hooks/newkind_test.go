package hooks

import "testing"

// TestNewKindMemory: a request to make a thing of a kind gets the newest
// standing rule for new things of that kind; a rule for another kind, a
// fact that is no rule, and a prompt that makes nothing get none.
func TestNewKindMemory(t *testing.T) {
	ms := []memory{
		{ID: "screens-old", MemoryType: memoryTypeProcedural, ValidFrom: "2026-03-01T10:00:00Z",
			Text: "New screens use the view toolkit with XML layouts"},
		{ID: "screens", MemoryType: memoryTypeProcedural, ValidFrom: "2026-04-01T10:00:00Z",
			Text: "Write new screens in the declarative toolkit, no new xml layouts"},
		{ID: "sources", MemoryType: memoryTypeProcedural, ValidFrom: "2026-04-02T10:00:00Z",
			Text: "Every new source gets a freshness check"},
		{ID: "fact", MemoryType: "semantic", ValidFrom: "2026-04-03T10:00:00Z",
			Text: "The new endpoint for refunds returns 202"},
	}
	for _, tc := range []struct {
		prompt, want string
	}{
		{"build a settings screen with a toggle for dark mode", "screens"},
		{"create a new screen for onboarding", "screens"},
		{"add a source for the crm export", "sources"},
		{"add an endpoint for partial refunds", ""},
		{"the settings screen crashes on rotation", ""},
		{"build it", ""},
	} {
		got, ok := newKindMemory(tc.prompt, ms)
		if ok && got.ID != tc.want || !ok && tc.want != "" {
			t.Errorf("newKindMemory(%q) = %q, %v; want %q", tc.prompt, got.ID, ok, tc.want)
		}
	}
}
