package hooks

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestMemoryLine(t *testing.T) {
	tests := []struct {
		name   string
		m      memory
		want   string
		wantOK bool
	}{
		{"valid_from is the date", memory{Text: "Alice lives in Paris", ValidFrom: "2025-03-14T22:00:00-05:00",
			CreatedAt: "2025-03-20T08:00:00Z"}, "- 2025-03-15: Alice lives in Paris", true},
		{"a start days after it was said shows both", memory{Text: "The deploy target is prod-eu", ValidFrom: "2099-01-01T00:00:00Z",
			CreatedAt: "2026-11-26T08:00:00Z"}, "- 2026-11-26 (holds from 2099-01-01): The deploy target is prod-eu", true},
		{"a start within a day of it is the date", memory{Text: "x", ValidFrom: "2026-11-26T20:00:00Z",
			CreatedAt: "2026-11-26T08:00:00Z"}, "- 2026-11-26: x", true},
		{"created_at when no valid_from", memory{Text: "x", CreatedAt: "2025-03-20T08:00:00.123Z"}, "- 2025-03-20: x", true},
		{"no usable date", memory{Text: "x", CreatedAt: "soon"}, "- x", true},
		{"whitespace collapsed", memory{Text: "  two\n\tlines  "}, "- two lines", true},
		{"long text cut", memory{Text: strings.Repeat("a", 700)}, "- " + strings.Repeat("a", 599) + "…", true},
		{"pending skipped", memory{Text: "x", State: "pending"}, "", false},
		{"failed skipped", memory{Text: "x", State: "failed"}, "", false},
		{"empty skipped", memory{Text: " \n"}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := memoryLine(tt.m)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("memoryLine = %q, %v; want %q, %v", got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestRecallContext(t *testing.T) {
	mems := []memory{
		{Text: "Alice lives in Paris", CreatedAt: "2025-03-14T00:00:00Z"},
		{Text: "Bob likes tea", CreatedAt: "2025-04-01T00:00:00Z"},
	}
	deploy := &skill{Name: "Deploy the website", Steps: []string{"run make build", "run make deploy"}}
	tests := []struct {
		name     string
		hits     []memory
		sk       *skill
		limit    int
		want     string
		wantHits int
	}{
		{"hits", mems, nil, 8000, recallHeader + "\n- 2025-03-14: Alice lives in Paris\n- 2025-04-01: Bob likes tea", 2},
		{"hits and skill", mems[:1], deploy, 8000, recallHeader + "\n- 2025-03-14: Alice lives in Paris\n" +
			`Learned procedure "Deploy the website": 1) run make build 2) run make deploy`, 1},
		{"skill alone", nil, deploy, 8000, recallHeader + "\n" +
			`Learned procedure "Deploy the website": 1) run make build 2) run make deploy`, 0},
		{"nothing", nil, nil, 8000, "", 0},
		{"budget stops at a whole line", mems, nil, utf8.RuneCountInString(recallHeader) + 40,
			recallHeader + "\n- 2025-03-14: Alice lives in Paris", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, n := recallContext(tt.hits, tt.sk, tt.limit)
			checkContext(t, got, n, tt.want, tt.wantHits, tt.limit)
		})
	}
}

// checkContext compares a rendered context and its line count with the
// wanted ones, and checks it stays within limit characters.
func checkContext(t *testing.T, got string, n int, want string, wantN, limit int) {
	t.Helper()
	if diff := cmp.Diff(want, got); diff != "" || n != wantN {
		t.Errorf("lines=%d (want %d) (-want +got):\n%s", n, wantN, diff)
	}
	if utf8.RuneCountInString(got) > limit {
		t.Errorf("context has %d characters, over %d", utf8.RuneCountInString(got), limit)
	}
}

func TestSessionContext(t *testing.T) {
	instr := []memory{
		{ID: "p2", Text: "Never push to main; every change goes through a PR", CreatedAt: "2025-06-02T00:00:00Z"},
		{ID: "p1", Text: "Write tests with testify", CreatedAt: "2025-06-01T00:00:00Z"},
	}
	recent := []memory{{ID: "m1", Text: "The API listens on port 8080", CreatedAt: "2025-06-03T00:00:00Z"}}
	const (
		p2Line = "- 2025-06-02: Never push to main; every change goes through a PR"
		p1Line = "- 2025-06-01: Write tests with testify"
		m1Line = "- 2025-06-03: The API listens on port 8080"
	)
	notice := utf8.RuneCountInString(sessionNotice)
	instrSection := utf8.RuneCountInString(instructionsHeader + "\n" + p2Line)
	tests := []struct {
		name          string
		instr, recent []memory
		limit         int
		want          string
		wantN         int
	}{
		{"instructions come first, in their own section", instr, recent, 8000, sessionNotice + "\n" +
			instructionsHeader + "\n" + p2Line + "\n" + p1Line + "\n" + recentHeader + "\n" + m1Line, 3},
		{"no instructions: no empty section", nil, recent, 8000,
			sessionNotice + "\n" + recentHeader + "\n" + m1Line, 1},
		{"only instructions", instr[1:], nil, 8000, sessionNotice + "\n" + instructionsHeader + "\n" + p1Line, 1},
		{"nothing stored", nil, nil, 8000, sessionNotice + "\n" + noMemories, 0},
		// Instructions may take at most half of what the notice leaves: the
		// second one does not fit there, the recent memory still does.
		{"instructions take at most half the budget", instr, recent, notice + 1 + 2*(instrSection+1) + 1,
			sessionNotice + "\n" + instructionsHeader + "\n" + p2Line + "\n" + recentHeader + "\n" + m1Line, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, n := sessionContext(tt.instr, tt.recent, tt.limit)
			checkContext(t, got, n, tt.want, tt.wantN, tt.limit)
		})
	}
}

func TestContextStaysUnderClaudeCodeCap(t *testing.T) {
	var mems []memory
	for range 100 {
		mems = append(mems, memory{Text: strings.Repeat("fact ", 200), CreatedAt: "2025-03-14T00:00:00Z"})
	}
	for name, text := range map[string]string{
		"recall":  first2(recallContext(mems, nil, DefaultMaxContextChars)),
		"session": first2(sessionContext(mems, mems, DefaultMaxContextChars)),
	} {
		// Claude Code replaces a longer additionalContext with a file path and
		// a 2,000-character preview (hooks reference, "JSON output").
		if n := utf8.RuneCountInString(text); n > 10000 || n < DefaultMaxContextChars-maxMemoryChars-5 {
			t.Errorf("%s context has %d characters", name, n)
		}
	}
}

func first2(s string, _ int) string { return s }
