package llm

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// scriptedChat is a fake Chat that returns scripted answers in order and records the requests it got.
type scriptedChat struct {
	answers []string
	errs    []error
	got     []ChatRequest
}

func (s *scriptedChat) Model() string { return "scripted/test" }

func (s *scriptedChat) Complete(_ context.Context, req ChatRequest) (string, error) {
	i := len(s.got)
	s.got = append(s.got, req)
	if i < len(s.errs) && s.errs[i] != nil {
		return "", s.errs[i]
	}
	if i >= len(s.answers) {
		return "", fmt.Errorf("scriptedChat: no answer %d", i)
	}
	return s.answers[i], nil
}

func TestChatReranker(t *testing.T) {
	docs := []string{"Alice lives in Paris", "Bob likes tea", "Paris is in France"}
	cases := []struct {
		name    string
		answers []string
		errs    []error
		want    []float64
		wantErr string
	}{
		{name: "valid", answers: []string{`{"scores":[0.9,0.1,0.5]}`}, want: []float64{0.9, 0.1, 0.5}},
		{name: "fenced with prose", answers: []string{"Sure!\n```json\n{\"scores\": [1, 0, 0.25]}\n```"},
			want: []float64{1, 0, 0.25}},
		{name: "not JSON", answers: []string{"I think the first one."}, wantErr: "no JSON"},
		{name: "malformed JSON", answers: []string{`{"scores":[0.9,0.1,}`}, wantErr: "malformed"},
		{name: "wrong type", answers: []string{`{"scores":["high","low","mid"]}`}, wantErr: "malformed"},
		{name: "too few scores", answers: []string{`{"scores":[0.9,0.1]}`}, wantErr: "2 scores for 3 documents"},
		{name: "too many scores", answers: []string{`{"scores":[0.9,0.1,0.2,0.3]}`}, wantErr: "4 scores"},
		{name: "out of range", answers: []string{`{"scores":[0.9,7,0.2]}`}, wantErr: "outside [0, 1]"},
		{name: "negative", answers: []string{`{"scores":[0.9,-0.1,0.2]}`}, wantErr: "outside [0, 1]"},
		{name: "missing key", answers: []string{`{"ranking":[0,1,2]}`}, wantErr: "0 scores"},
		{name: "model error", errs: []error{errors.New("connection refused")}, wantErr: "connection refused"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			chat := &scriptedChat{answers: tc.answers, errs: tc.errs}
			r := NewChatReranker(chat)
			got, err := r.Rerank(context.Background(), "where does Alice live", docs)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want it to contain %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("scores (-want +got):\n%s", diff)
			}
			req := chat.got[0]
			if !req.JSON || len(req.Schema) == 0 || !strings.Contains(req.System, `"scores"`) {
				t.Errorf("request not in JSON mode with the rerank schema: %+v", req)
			}
			for i, d := range docs {
				if !strings.Contains(req.Messages[0].Content, fmt.Sprintf("[%d] %s", i, d)) {
					t.Errorf("prompt lacks document %d: %q", i, req.Messages[0].Content)
				}
			}
		})
	}
}

func TestChatRerankerBatches(t *testing.T) {
	docs := make([]string, 45)
	for i := range docs {
		docs[i] = fmt.Sprintf("doc %d", i)
	}
	batch := func(n int, v string) string {
		return `{"scores":[` + strings.TrimSuffix(strings.Repeat(v+",", n), ",") + `]}`
	}
	chat := &scriptedChat{answers: []string{batch(20, "0.1"), batch(20, "0.2"), batch(5, "0.3")}}
	r := NewChatReranker(chat)
	if got, want := r.Name(), "llm/scripted/test"; got != want {
		t.Errorf("Name() = %q, want %q", got, want)
	}
	got, err := r.Rerank(context.Background(), "q", docs)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 45 || got[0] != 0.1 || got[20] != 0.2 || got[44] != 0.3 || len(chat.got) != 3 {
		t.Errorf("got %d scores %v in %d calls", len(got), got, len(chat.got))
	}
	empty, err := r.Rerank(context.Background(), "q", nil)
	if err != nil || len(empty) != 0 || len(chat.got) != 3 {
		t.Errorf("no docs: got %v, %v after %d calls; want no call", empty, err, len(chat.got))
	}
}
