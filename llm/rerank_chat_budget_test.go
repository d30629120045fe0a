package llm

import (
	"context"
	"strings"
	"testing"
)

// TestChatRerankerDocumentBudget: each document shown to the model is at
// most chatRerankDocMax bytes whatever its script, so a batch of Chinese
// or Japanese documents asks for no more of the model's context than a
// batch of English ones.
func TestChatRerankerDocumentBudget(t *testing.T) {
	for _, tc := range []struct{ name, doc string }{
		{"ASCII", strings.Repeat("tea ", 1000)},
		{"CJK", strings.Repeat("東京の会議", 1000)},
		{"emoji", strings.Repeat("🍵", 1000)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			chat := &scriptedChat{answers: []string{`{"scores":[0.5]}`}}
			if _, err := NewChatReranker(chat).Rerank(context.Background(), "q", []string{tc.doc}); err != nil {
				t.Fatal(err)
			}
			prompt := chat.got[0].Messages[0].Content
			_, shown, _ := strings.Cut(prompt, "[0] ")
			shown, _, _ = strings.Cut(shown, "\n")
			if len(shown) > chatRerankDocMax+len("…") || !strings.HasSuffix(shown, "…") {
				t.Errorf("document shown as %d bytes (ends %q); want at most %d and marked cut", len(shown), shown[max(0, len(shown)-8):], chatRerankDocMax)
			}
		})
	}
}
