package mcp

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestClassify(t *testing.T) {
	const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
	tests := []struct {
		name, in string
		kind     kind
		body     string
		role     string
	}{
		{"statement", "  Alice lives in Paris ", kindText, "Alice lives in Paris", ""},
		{"user turn", "user: I moved to Lisbon", kindTurn, "I moved to Lisbon", "user"},
		{"role is case-insensitive", "Assistant : Noted.", kindTurn, "Noted.", "assistant"},
		{"system turn", "SYSTEM: be brief", kindTurn, "be brief", "system"},
		{"other role is text", "bob: hello there", kindText, "bob: hello there", ""},
		{"role without colon is text", "user likes tea", kindText, "user likes tea", ""},
		{"forget that", "Forget that Alice lives in Paris", kindForget, "Alice lives in Paris", ""},
		{"forget colon", "forget: 01JABC", kindForget, "01JABC", ""},
		{"forget about", "please forget about my old address", kindForget, "my old address", ""},
		{"forgetting is text", "Forgetting keys is common", kindText, "Forgetting keys is common", ""},
		{"forget-me-nots are text", "forget-me-nots grow by the pond", kindText, "forget-me-nots grow by the pond", ""},
		{"forget with other words is text", "forget the milk again and Bob gets upset", kindText, "forget the milk again and Bob gets upset", ""},
		{"resolved", "Resolved: the Safari login bug", kindResolve, "the Safari login bug", ""},
		{"resolved lower case", "resolved:flaky CI", kindResolve, "flaky CI", ""},
		{"resolved in a sentence is text", "The bug was resolved: cache cleared", kindText, "The bug was resolved: cache cleared", ""},
		{"image url", "https://example.com/cat.jpg", kindImage, "https://example.com/cat.jpg", ""},
		{"data uri", "data:image/png;base64," + png, kindImage, "data:image/png;base64," + png, ""},
		{"bare base64 image", png, kindImage, png, ""},
		{"sentence with a url is text", "Design mockup: https://example.com/a.png", kindText, "Design mockup: https://example.com/a.png", ""},
		{"document link is text", "https://example.com/report.pdf", kindText, "https://example.com/report.pdf", ""},
		{"turn wins over image", "user: https://example.com/cat.jpg", kindTurn, "https://example.com/cat.jpg", "user"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := classify(3, tt.in)
			if got.kind != tt.kind || got.body != tt.body || got.role != tt.role || got.index != 3 {
				t.Errorf("classify(%q) = kind %d body %q role %q, want kind %d body %q role %q",
					tt.in, got.kind, got.body, got.role, tt.kind, tt.body, tt.role)
			}
		})
	}
}

func TestGroupItems(t *testing.T) {
	in := []string{"user: a", "assistant: b", "fact one", "user: c", "forget: x", "user: d", "system: e"}
	var items []item
	for i, s := range in {
		items = append(items, classify(i, s))
	}
	var got [][]int
	for _, g := range groupItems(items) {
		var idx []int
		for _, it := range g.items {
			idx = append(idx, it.index)
		}
		got = append(got, idx)
	}
	if diff := cmp.Diff([][]int{{0, 1}, {2}, {3}, {4}, {5, 6}}, got); diff != "" {
		t.Errorf("groups (-want +got):\n%s", diff)
	}
}
