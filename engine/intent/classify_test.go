package intent

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestClassify(t *testing.T) {
	const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
	tests := []struct {
		name, in string
		kind     Kind
		body     string
		role     string
	}{
		{"statement", "  Alice lives in Paris ", Text, "Alice lives in Paris", ""},
		{"user turn", "user: I moved to Lisbon", Turn, "I moved to Lisbon", "user"},
		{"role is case-insensitive", "Assistant : Noted.", Turn, "Noted.", "assistant"},
		{"system turn", "SYSTEM: be brief", Turn, "be brief", "system"},
		{"other role is text", "bob: hello there", Text, "bob: hello there", ""},
		{"role without colon is text", "user likes tea", Text, "user likes tea", ""},
		{"forget that", "Forget that Alice lives in Paris", Forget, "Alice lives in Paris", ""},
		{"forget colon", "forget: 01JABC", Forget, "01JABC", ""},
		{"forget about", "please forget about my old address", Forget, "my old address", ""},
		{"forget what I said about", "please forget what I said about the cabin wifi", Forget, "the cabin wifi", ""},
		{"forget what I told you about", "Can you forget what I told you about my ex?", Forget, "my ex", ""},
		{"forget everything I said about", "ok, forget everything I've said about the old job.", Forget, "the old job", ""},
		{"forget everything about", "forget everything about the Lisbon trip", Forget, "the Lisbon trip", ""},
		{"delete the memory about", "could you please delete the memory about my gym membership", Forget, "my gym membership", ""},
		{"remove what I mentioned about", "remove what I mentioned about the surgery", Forget, "the surgery", ""},
		{"delete something else is text", "delete everything on my calendar for Friday", Text, "delete everything on my calendar for Friday", ""},
		{"remove a thing is text", "remove the old tiles before grouting", Text, "remove the old tiles before grouting", ""},
		{"forget what alone is text", "forget what happened at the party, it was fun", Text, "forget what happened at the party, it was fun", ""},
		{"forgetting is text", "Forgetting keys is common", Text, "Forgetting keys is common", ""},
		{"forget-me-nots are text", "forget-me-nots grow by the pond", Text, "forget-me-nots grow by the pond", ""},
		{"forget with other words is text", "forget the milk again and Bob gets upset", Text, "forget the milk again and Bob gets upset", ""},
		{"resolved", "Resolved: the Safari login bug", Resolve, "the Safari login bug", ""},
		{"resolved lower case", "resolved:flaky CI", Resolve, "flaky CI", ""},
		{"resolved in a sentence is text", "The bug was resolved: cache cleared", Text, "The bug was resolved: cache cleared", ""},
		{"image url", "https://example.com/cat.jpg", Image, "https://example.com/cat.jpg", ""},
		{"data uri", "data:image/png;base64," + png, Image, "data:image/png;base64," + png, ""},
		{"bare base64 image", png, Image, png, ""},
		{"sentence with a url is text", "Design mockup: https://example.com/a.png", Text, "Design mockup: https://example.com/a.png", ""},
		{"document link is text", "https://example.com/report.pdf", Text, "https://example.com/report.pdf", ""},
		{"turn wins over image", "user: https://example.com/cat.jpg", Turn, "https://example.com/cat.jpg", "user"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Classify(3, tt.in)
			if got.Kind != tt.kind || got.Body != tt.body || got.Role != tt.role || got.Index != 3 {
				t.Errorf("Classify(%q) = kind %d body %q role %q, want kind %d body %q role %q",
					tt.in, got.Kind, got.Body, got.Role, tt.kind, tt.body, tt.role)
			}
		})
	}
}

func TestGroupItems(t *testing.T) {
	in := []string{"user: a", "assistant: b", "fact one", "user: c", "forget: x", "user: d", "system: e"}
	var items []Item
	for i, s := range in {
		items = append(items, Classify(i, s))
	}
	var got [][]int
	for _, g := range GroupItems(items) {
		var idx []int
		for _, it := range g.Items {
			idx = append(idx, it.Index)
		}
		got = append(got, idx)
	}
	if diff := cmp.Diff([][]int{{0, 1}, {2}, {3}, {4}, {5, 6}}, got); diff != "" {
		t.Errorf("groups (-want +got):\n%s", diff)
	}
}

func TestChatForget(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"please forget what I said about the cabin wifi", "the cabin wifi", true},
		{"Can you forget everything I told you about my ex?", "my ex", true},
		{"delete the memory about my gym membership.", "my gym membership", true},
		{"forget about work for a bit, let's plan the weekend", "", false},
		{"forget that, look at this photo", "", false},
		{"forget: the old address", "", false},
		{"forget what I said about", "", false},
		{"I always forget what I said about deadlines", "", false},
	}
	for _, tt := range tests {
		got, ok := ChatForget(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ChatForget(%q) = %q, %v, want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
