package rest

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
)

// fakeEngine records the engine calls of the add route; the embedded nil
// Service panics on any other call, so a test sees an unexpected one.
type fakeEngine struct {
	engine.Service
	calls []string
	user  string
}

func (f *fakeEngine) Ingest(_ context.Context, user string, req engine.IngestRequest) ([]engine.IngestEntry, error) {
	f.calls, f.user = append(f.calls, "Ingest "+req.Field+" "+strings.Join(req.Items, "|")), user
	return []engine.IngestEntry{{Results: []engine.WriteResult{{ID: "m1", Event: engine.EventAdd}}}}, nil
}

func (f *fakeEngine) Add(_ context.Context, user string, reqs []engine.AddRequest) ([]engine.WriteResult, error) {
	f.calls, f.user = append(f.calls, "Add "+reqs[0].Text), user
	return []engine.WriteResult{{ID: "m2", Event: engine.EventAdd}}, nil
}

// POST /api/v1/memories is one engine call: Ingest (the same reading of the
// text as MCP add_memories) unless infer is false, then Add.
func TestAddMemoriesIsOneEngineCall(t *testing.T) {
	for _, tt := range []struct {
		name, body string
		want       []string
	}{
		{"infer by default", `{"text":"forget that Alice lives in Paris"}`, []string{"Ingest text forget that Alice lives in Paris"}},
		{"infer false stores as written", `{"text":"user: hi","infer":false}`, []string{"Add user: hi"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeEngine{}
			s, err := New(Options{Engine: f})
			if err != nil {
				t.Fatal(err)
			}
			req := httptest.NewRequest("POST", "http://127.0.0.1/api/v1/memories?user_id=alice", strings.NewReader(tt.body))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			if rec.Code != 200 {
				t.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
			if diff := cmp.Diff(tt.want, f.calls); diff != "" || f.user != "alice" {
				t.Errorf("calls (-want +got):\n%s user %q", diff, f.user)
			}
		})
	}
}
