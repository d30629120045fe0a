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
		{ID: "tests", MemoryType: memoryTypeProcedural, ValidFrom: "2026-04-04T10:00:00Z",
			Text: "User prefers table-driven tests"},
		{ID: "commits", MemoryType: memoryTypeProcedural, ValidFrom: "2026-04-05T10:00:00Z",
			Text: "User prefers small commits, one change each"},
		{ID: "jobs", MemoryType: memoryTypeProcedural, ValidFrom: "2026-04-06T10:00:00Z",
			Text: "From now on every job gets a timeout and an owner in its options"},
		{ID: "viewmodels", MemoryType: "semantic", ValidFrom: "2026-04-07T10:00:00Z",
			Text: "From now on every ViewModel exposes one StateFlow of its UI state"},
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
		{"write tests for the new rate limiter", "tests"},
		{"add a test for the parser", "tests"},
		{"make sure the tests pass", ""},
		{"add coil for image loading", ""},
		{"the tests are slow", ""},
		{"add a job that syncs the ledger every night", "jobs"},
		{"the nightly job failed", ""},
		{"add a view model for the settings screen", "viewmodels"},
		{"the view model leaks", ""},
		{"je dois créer un nouveau screen pour le profil, what do i need", "screens"},
		{"necesito una nueva source para el crm", "sources"},
		{"le screen est cassé", ""},
	} {
		got, ok := newKindMemory(tc.prompt, ms, nil)
		if ok && got.ID != tc.want || !ok && tc.want != "" {
			t.Errorf("newKindMemory(%q) = %q, %v; want %q", tc.prompt, got.ID, ok, tc.want)
		}
	}
}

// TestPreferenceChangedSince: a preference for things of a kind is left
// out when a hit newer than it names the kind (the change may be that
// hit), kept when the newer hits are about something else.
func TestPreferenceChangedSince(t *testing.T) {
	ms := []memory{{ID: "pref", MemoryType: memoryTypeProcedural, ValidFrom: "2026-03-10T10:00:00Z",
		Text: "User prefers table-driven tests using testify's require package"}}
	changed := memory{ID: "moved", MemoryType: memoryTypeEpisodic, ValidFrom: "2026-03-22T10:00:00Z",
		Text: "Assistant: Migrated parser_test.go to stdlib testing with cmp.Diff."}
	other := memory{ID: "other", MemoryType: memoryTypeEpisodic, ValidFrom: "2026-03-22T10:00:00Z",
		Text: "Assistant: The parser now accepts RFC 3339 timestamps."}
	older := memory{ID: "older", MemoryType: memoryTypeEpisodic, ValidFrom: "2026-03-01T10:00:00Z",
		Text: "Assistant: Added tests for the tailer."}
	for _, tc := range []struct {
		name string
		hits []memory
		want bool
	}{
		{"no hits", nil, true},
		{"newer hit about something else", []memory{other}, true},
		{"older hit about tests", []memory{older}, true},
		{"newer hit about tests", []memory{changed}, false},
	} {
		if _, ok := newKindMemory("write tests for the new timestamp parser", ms, tc.hits); ok != tc.want {
			t.Errorf("%s: newKindMemory = %v, want %v", tc.name, ok, tc.want)
		}
	}
}
